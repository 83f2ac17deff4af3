// SPDX-License-Identifier: Apache-2.0
// The bridge's own thread. ATK, at-spi2-atk and GLib's default main context live on it: it
// receives screen readers' calls, asks the app (whose callbacks hop to the app's main thread and
// wait there for an answer) and sends the bus's signals. The app's main thread only queues the
// changes it posts and hands them over once per turn of its loop (`caret_atk_iterate`), so a
// keystroke never waits on D-Bus: building and writing a signal costs tens of microseconds each,
// more than the whole keystroke's budget on a small machine (issue 28).
//
// Keys are the exception: a screen reader must see each key before the app does, and may keep it
// (Orca's Insert+T). The main thread hands a key over (`caret_atk_key_post`) and waits for the
// verdict; here the key listeners run, and at-spi2-atk's asks the registry daemon, which asks
// Orca, and waits up to 500 ms in a loop of its own that still answers clients' calls, which hop
// to the main thread. So the main thread, while it waits, must keep answering those hops, or both
// threads wait on each other (ATSPIBridge+Keys.swift does; callbacks.key_answered wakes it).
#include "caret_atk.h"
#include "caret_atk_private.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "caret_atk_load.h"

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
// The key handed over: at most one at a time (posted, then answered). Serials only grow.
static caret_atk_key pending_key;  // its string owned here
static int key_waiting;            // posted and not yet taken by the thread
static uint64_t key_posted, key_answered;
static int key_consumed;           // the verdict for key_answered

/// The posted key's answer, told to the main thread (under the lock, then its callback).
static void answer_key(uint64_t serial, int consumed) {
    g_mutex_lock(&lock);
    if (serial > key_answered) {
        key_answered = serial;
        key_consumed = consumed;
    }
    g_mutex_unlock(&lock);
    if (start_callbacks.key_answered) start_callbacks.key_answered(start_callbacks.context);
}

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
        caret_atk_key key = pending_key;
        uint64_t key_serial = key_waiting ? key_posted : 0;
        pending_key.string = NULL;
        key_waiting = 0;
        g_mutex_unlock(&lock);
        for (guint i = 0; i < taking->len; i++) {
            caret_atk_event *event = &g_array_index(taking, caret_atk_event, i);
            if (!quit) caret_atk_emit(event);
            free(event->text);
        }
        g_array_set_size(taking, 0);
        // The key after the changes posted before it, as the app made them.
        if (key_serial) {
            int consumed = quit ? 0 : caret_atk_call_key_listeners(&key);
            free((char *)key.string);
            answer_key(key_serial, consumed);
        }
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
    char reason[512];
    if (caret_atk_open(reason, sizeof reason) != 0) {
        if (error) *error = strdup(reason);
        return -1;
    }
    start_callbacks = *callbacks;
    g_free(start_name);
    start_name = g_strdup(application_name);
    start_state = 0;
    quitting = 0;
    handed = 0;
    key_waiting = 0;
    key_answered = key_posted;
    free(start_error);
    start_error = NULL;
    if (!queued) queued = g_array_new(FALSE, FALSE, sizeof(caret_atk_event));
    thread = g_thread_new("caret-atspi", bridge_main, NULL);
    return 0;
}

int caret_atk_start_status(int wait_ms, char **error) {
    if (!caret_atk_glib_opened()) {
        if (error) *error = strdup("the bridge did not start");
        return -1;
    }
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
    // A key handed over and never taken is nobody's: not consumed.
    free((char *)pending_key.string);
    pending_key.string = NULL;
    key_waiting = 0;
    key_answered = key_posted;
    key_consumed = 0;
}

uint64_t caret_atk_key_post(const caret_atk_key *key) {
    if (!thread || !caret_atk_key_listening()) return 0;
    g_mutex_lock(&lock);
    // One key at a time: while one is unanswered (a registry daemon that hangs), the next ones
    // are not offered, so the app waits for one timeout, not one per key.
    if (key_posted != key_answered || start_state != 1 || quitting) {
        g_mutex_unlock(&lock);
        return 0;
    }
    char *string = strdup(key->string ? key->string : "");
    if (!string) {
        // No memory for its text: the key is not offered (the app handles it, as with no reader).
        g_mutex_unlock(&lock);
        return 0;
    }
    pending_key = *key;
    pending_key.string = string;
    key_waiting = 1;
    uint64_t serial = ++key_posted;
    if (queued->len > 0) handed = 1;  // the changes made before the key go first
    g_mutex_unlock(&lock);
    g_main_context_wakeup(g_main_context_default());
    return serial;
}

int caret_atk_key_verdict(uint64_t serial) {
    if (!caret_atk_glib_opened()) return 0;  // no bridge ever started: no key was offered
    g_mutex_lock(&lock);
    int verdict = serial > key_answered ? -1 : (serial == key_answered ? key_consumed : 0);
    g_mutex_unlock(&lock);
    return verdict;
}

static void post(caret_atk_event_kind kind, int64_t id, int a, int b, const char *text) {
    if (!thread) return;
    caret_atk_event event = {.kind = kind, .id = id, .a = a, .b = b, .text = text ? strdup(text) : NULL};
    if (text && !event.text) return;  // no memory for its text: the change is not announced
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
void caret_atk_window_activated(int active) { post(CARET_ATK_EVENT_WINDOW, 1, active, 0, NULL); }
