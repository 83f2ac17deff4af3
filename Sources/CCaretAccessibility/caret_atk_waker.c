// Wakes a loop that sleeps elsewhere (in SDL) when GLib's main context has work: a screen
// reader's call arriving on any of at-spi2-atk's connections, or a GLib timer falling due.
// Without it, each call would wait out the loop's sleep, and a screen reader makes hundreds of
// calls per focus change (Orca lagged 20 s behind with a 50 ms sleep). After each iteration the
// main thread hands the context's file descriptors and timeout (GLib's prepare and query, as
// QEMU's loop does) to a thread of its own, which polls them and calls the wake function once;
// it then waits for the next hand-over. Polling only looks: the main thread reads and dispatches.
#include "caret_atk.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <string.h>
#include <unistd.h>

#define CARET_MAX_FDS 64

static GThread *thread;
static GMutex lock;
static GCond changed;
static GPollFD fds[CARET_MAX_FDS];
static int fd_count, timeout_ms = -1;
static int fresh;            // a new list was handed over
static int needs_list = 1;   // the thread woke the loop (or never had a list): it waits for one
static int stopping;
static int interrupt_pipe[2] = {-1, -1};
static void (*wake_function)(void *);
static void *wake_context;

static gpointer waker_main(gpointer unused) {
    (void)unused;
    GPollFD local[CARET_MAX_FDS + 1];
    int count = 0, timeout = -1;
    for (;;) {
        g_mutex_lock(&lock);
        while (!stopping && !fresh && needs_list) g_cond_wait(&changed, &lock);
        if (stopping) {
            g_mutex_unlock(&lock);
            return NULL;
        }
        if (fresh) {
            memcpy(local, fds, (size_t)fd_count * sizeof *local);
            count = fd_count;
            timeout = timeout_ms;
            fresh = 0;
        }
        g_mutex_unlock(&lock);
        for (int i = 0; i < count; i++) local[i].revents = 0;
        local[count] = (GPollFD){.fd = interrupt_pipe[0], .events = G_IO_IN, .revents = 0};
        int ready = g_poll(local, (guint)count + 1, timeout);
        if (ready < 0 && errno == EINTR) continue;
        if (local[count].revents) {
            char drain[64];
            while (read(interrupt_pipe[0], drain, sizeof drain) > 0) {}
            if (ready == 1) continue;  // only the hand-over (or stop): poll the new list
        }
        // The descriptors stay readable until the main thread reads them: wait for its next list
        // (marked before waking, so that a hand-over racing the wake is never taken as "same").
        g_mutex_lock(&lock);
        needs_list = 1;
        g_mutex_unlock(&lock);
        wake_function(wake_context);
    }
}

int caret_atk_set_waker(void (*wake)(void *context), void *context) {
    if (thread || !wake) return thread ? 0 : -1;
    if (pipe(interrupt_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) fcntl(interrupt_pipe[i], F_SETFL, fcntl(interrupt_pipe[i], F_GETFL) | O_NONBLOCK);
    wake_function = wake;
    wake_context = context;
    stopping = 0;
    fresh = 0;
    needs_list = 1;
    thread = g_thread_new("caret-atspi-waker", waker_main, NULL);
    return 0;
}

void caret_atk_waker_hand_over(void) {
    if (!thread) return;
    GMainContext *context = g_main_context_default();
    if (!g_main_context_acquire(context)) return;
    gint priority = G_PRIORITY_DEFAULT, timeout = -1;
    GPollFD list[CARET_MAX_FDS];
    if (g_main_context_prepare(context, &priority)) timeout = 0;  // something is ready now
    gint wanted = 0;
    gint count = g_main_context_query(context, priority, &wanted, list, CARET_MAX_FDS);
    g_main_context_release(context);
    if (timeout != 0) timeout = wanted;
    if (count > CARET_MAX_FDS) count = CARET_MAX_FDS;
    g_mutex_lock(&lock);
    int same = !needs_list && count == fd_count && timeout == timeout_ms;
    for (int i = 0; same && i < count; i++) same = list[i].fd == fds[i].fd && list[i].events == fds[i].events;
    if (!same) {
        memcpy(fds, list, (size_t)count * sizeof *list);
        fd_count = count;
        timeout_ms = timeout;
        fresh = 1;
        needs_list = 0;
        g_cond_signal(&changed);
    }
    g_mutex_unlock(&lock);
    if (!same) {
        char byte = 1;
        ssize_t written = write(interrupt_pipe[1], &byte, 1);
        (void)written;  // a full pipe already interrupts
    }
}

void caret_atk_waker_stop(void) {
    if (!thread) return;
    g_mutex_lock(&lock);
    stopping = 1;
    g_cond_signal(&changed);
    g_mutex_unlock(&lock);
    char byte = 1;
    ssize_t written = write(interrupt_pipe[1], &byte, 1);
    (void)written;
    g_thread_join(thread);
    thread = NULL;
    close(interrupt_pipe[0]);
    close(interrupt_pipe[1]);
    interrupt_pipe[0] = interrupt_pipe[1] = -1;
}
