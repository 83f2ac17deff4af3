// The bridge's own thread. ATK, at-spi2-atk and GLib's default main context live on it: it
// receives screen readers' calls, asks the app (whose callbacks hop to the app's main thread and
// wait there for an answer) and sends the bus's signals. The app's main thread only queues the
// changes it posts and hands them over once per turn of its loop (`caret_atk_iterate`), so a
// keystroke never waits on D-Bus: building and writing a signal costs tens of microseconds each,
// more than the whole keystroke's budget on a small machine (issue 28).
#include "caret_atk.h"
#include "caret_atk_private.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

static GThread *thread;
static GMutex lock;
static GCond answered;
static GArray *queued;    // caret_atk_event, posted by the main thread since the last hand-over
static int handed;        // queued holds changes handed over and not yet taken by the thread
static int quitting;
static int start_state;   // 0 starting, 1 running, -1 failed
static char *start_error;
static caret_atk_callbacks start_callbacks;
static char *start_name;

static gpointer bridge_main(gpointer unused) {
    (void)unused;
    GMainContext *context = g_main_context_default();
    g_main_context_acquire(context);
    char *error = NULL;
    int result = caret_atk_begin(&start_callbacks, start_name, &error);
    g_mutex_lock(&lock);
    start_state = result == 0 ? 1 : -1;
    start_error = error;
    g_cond_broadcast(&answered);
    g_mutex_unlock(&lock);
    if (result != 0) {
        g_main_context_release(context);
        return NULL;
    }
    GArray *taking = g_array_new(FALSE, FALSE, sizeof(caret_atk_event));
    for (;;) {
        g_mutex_lock(&lock);
        int quit = quitting;
        if (handed) {
            GArray *swap = queued;
            queued = taking;
            taking = swap;
            handed = 0;
        }
        g_mutex_unlock(&lock);
        for (guint i = 0; i < taking->len; i++) {
            caret_atk_event *event = &g_array_index(taking, caret_atk_event, i);
            if (!quit) caret_atk_emit(event);
            free(event->text);
        }
        g_array_set_size(taking, 0);
        if (quit) break;
        // Blocks until a client calls, a GLib timer falls due, or the app hands changes over
        // (g_main_context_wakeup leaves the context's wake-up descriptor readable: none is lost).
        g_main_context_iteration(context, TRUE);
    }
    g_array_free(taking, TRUE);
    caret_atk_end();
    g_main_context_release(context);
    return NULL;
}

int caret_atk_start(const caret_atk_callbacks *callbacks, const char *application_name, char **error) {
    if (thread) {
        if (error) *error = strdup("a bridge already runs in this process");
        return -1;
    }
    start_callbacks = *callbacks;
    g_free(start_name);
    start_name = g_strdup(application_name);
    start_state = 0;
    quitting = 0;
    handed = 0;
    free(start_error);
    start_error = NULL;
    if (!queued) queued = g_array_new(FALSE, FALSE, sizeof(caret_atk_event));
    thread = g_thread_new("caret-atspi", bridge_main, NULL);
    return 0;
}

int caret_atk_start_status(int wait_ms, char **error) {
    g_mutex_lock(&lock);
    if (start_state == 0 && wait_ms > 0) {
        gint64 until = g_get_monotonic_time() + (gint64)wait_ms * 1000;
        while (start_state == 0 && g_cond_wait_until(&answered, &lock, until)) {}
    }
    int state = start_state;
    if (state < 0 && error) *error = start_error ? strdup(start_error) : strdup("the bridge did not start");
    g_mutex_unlock(&lock);
    if (state < 0 && thread) {
        g_thread_join(thread);
        thread = NULL;
    }
    return state;
}

void caret_atk_iterate(void) {
    if (!thread) return;
    g_mutex_lock(&lock);
    int wake = queued->len > 0 && !handed;
    if (queued->len > 0) handed = 1;
    g_mutex_unlock(&lock);
    if (wake) g_main_context_wakeup(g_main_context_default());
}

void caret_atk_stop(void) {
    if (!thread) return;
    g_mutex_lock(&lock);
    quitting = 1;
    g_mutex_unlock(&lock);
    g_main_context_wakeup(g_main_context_default());
    g_thread_join(thread);
    thread = NULL;
    for (guint i = 0; i < queued->len; i++) free(g_array_index(queued, caret_atk_event, i).text);
    g_array_set_size(queued, 0);
}

static void post(caret_atk_event_kind kind, int64_t id, int a, int b, const char *text) {
    if (!thread) return;
    caret_atk_event event = {.kind = kind, .id = id, .a = a, .b = b, .text = text ? strdup(text) : NULL};
    g_mutex_lock(&lock);
    g_array_append_val(queued, event);
    g_mutex_unlock(&lock);
}

void caret_atk_focus(int64_t id, int focused) { post(CARET_ATK_EVENT_FOCUS, id, focused, 0, NULL); }
void caret_atk_state_changed(int64_t id, int state, int value) { post(CARET_ATK_EVENT_STATE, id, state, value, NULL); }
void caret_atk_name_changed(int64_t id) { post(CARET_ATK_EVENT_NAME, id, 0, 0, NULL); }
void caret_atk_text_inserted(int64_t id, int offset, int length, const char *text) {
    post(CARET_ATK_EVENT_INSERT, id, offset, length, text);
}
void caret_atk_text_removed(int64_t id, int offset, int length, const char *text) {
    post(CARET_ATK_EVENT_REMOVE, id, offset, length, text);
}
void caret_atk_caret_moved(int64_t id, int offset) { post(CARET_ATK_EVENT_CARET, id, offset, 0, NULL); }
void caret_atk_selection_changed(int64_t id) { post(CARET_ATK_EVENT_SELECTION, id, 0, 0, NULL); }
void caret_atk_children_changed(int64_t id) { post(CARET_ATK_EVENT_CHILDREN, id, 0, 0, NULL); }
void caret_atk_announce(int64_t id, const char *text) { post(CARET_ATK_EVENT_ANNOUNCE, id, 0, 0, text); }
void caret_atk_forget(int64_t id) { post(CARET_ATK_EVENT_FORGET, id, 0, 0, NULL); }
