#ifndef CARET_ATK_PRIVATE_H
#define CARET_ATK_PRIVATE_H
// Between the bridge's thread (caret_atk_thread.c) and its ATK objects (caret_atk.c), which live
// on that thread only.
#include "caret_atk.h"

typedef enum {
    CARET_ATK_EVENT_FOCUS, CARET_ATK_EVENT_STATE, CARET_ATK_EVENT_NAME, CARET_ATK_EVENT_INSERT,
    CARET_ATK_EVENT_REMOVE, CARET_ATK_EVENT_CARET, CARET_ATK_EVENT_SELECTION, CARET_ATK_EVENT_CHILDREN,
    CARET_ATK_EVENT_ANNOUNCE, CARET_ATK_EVENT_FORGET,
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

#endif
