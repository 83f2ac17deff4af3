// SPDX-License-Identifier: Apache-2.0
#ifndef CARET_ATK_PRIVATE_H
#define CARET_ATK_PRIVATE_H
// Between the bridge's thread (caret_atk_thread.c) and its ATK objects (caret_atk.c), which live
// on that thread only.
#include "caret_atk.h"

typedef enum {
    CARET_ATK_EVENT_FOCUS, CARET_ATK_EVENT_STATE, CARET_ATK_EVENT_NAME, CARET_ATK_EVENT_INSERT,
    CARET_ATK_EVENT_REMOVE, CARET_ATK_EVENT_CARET, CARET_ATK_EVENT_SELECTION, CARET_ATK_EVENT_CHILDREN,
    CARET_ATK_EVENT_ANNOUNCE, CARET_ATK_EVENT_FORGET, CARET_ATK_EVENT_WINDOW,
} caret_atk_event_kind;

/// A change the app posted, emitted on the bridge's thread; `text` is owned by the event.
typedef struct caret_atk_event {
    caret_atk_event_kind kind;
    int64_t id;
    int a, b;
    char *text;
} caret_atk_event;

/// Starts ATK and at-spi2-atk on the calling thread (the bridge's); 0 or -1 and a message.
int caret_atk_begin(const caret_atk_callbacks *callbacks, const char *name, char **error);
/// Emits one change as ATK signals, which at-spi2-atk sends on the bus.
void caret_atk_emit(const caret_atk_event *event);
/// Stops at-spi2-atk and forgets every object.
void caret_atk_end(void);
/// Calls the ATK key listeners (on the bridge's thread, where they were added); 1 if one consumed it.
int caret_atk_call_key_listeners(const caret_atk_key *key);
/// Whether the session has a bus to ask (never X11 autolaunch, which starts a daemon).
int caret_atk_session_bus_known(void);
/// org.a11y.Status read from the launcher on a GDBusConnection (a second at most): bit 0
/// IsEnabled, bit 1 ScreenReaderEnabled; -1 no launcher answered.
int caret_atk_read_status(void *connection);

#endif
