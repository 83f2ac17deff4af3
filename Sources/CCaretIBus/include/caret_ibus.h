// SPDX-License-Identifier: Apache-2.0
// An IBus input context over D-Bus (libdbus-1), as plain C for Swift: keys go to the input
// method and its signals (commits, preedit, forwarded keys) come back in the order it sent them.
#ifndef CARET_IBUS_H
#define CARET_IBUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct caret_ibus caret_ibus;

enum caret_ibus_event_kind {
    CARET_IBUS_COMMIT = 1,          // text
    CARET_IBUS_PREEDIT = 2,         // text, a = cursor (characters), b = visible
    CARET_IBUS_HIDE_PREEDIT = 3,
    CARET_IBUS_SHOW_PREEDIT = 4,
    CARET_IBUS_FORWARD_KEY = 5,     // a = keyval, b = keycode, c = state
    CARET_IBUS_DELETE_SURROUNDING = 6,  // a = offset (signed), b = characters
    CARET_IBUS_KEY_ANSWER = 7,      // the late answer to the key last offered: a = handled
};

typedef struct {
    int kind;
    char *text;  // UTF-8, owned by the event (free with caret_ibus_event_free)
    uint32_t a, b, c;
} caret_ibus_event;

/// Connects to the IBus bus at `address` and creates an input context; NULL with a message in `error`.
caret_ibus *caret_ibus_open(const char *address, const char *client_name, char *error, size_t error_size);
void caret_ibus_close(caret_ibus *ibus);
/// Whether the connection is still up.
bool caret_ibus_connected(caret_ibus *ibus);
/// The connection's socket, for waiting on (-1 if none).
int caret_ibus_fd(caret_ibus *ibus);
/// Offers a key and waits at most `timeout_ms` for the answer: 0 when answered (`*handled` set),
/// 1 when it comes later (as a CARET_IBUS_KEY_ANSWER event, after what IBus sent for the key),
/// -1 when the call failed.
int caret_ibus_process_key(caret_ibus *ibus, uint32_t keyval, uint32_t keycode, uint32_t state, int timeout_ms, bool *handled);
void caret_ibus_focus(caret_ibus *ibus, bool focused);
void caret_ibus_reset(caret_ibus *ibus);
void caret_ibus_set_capabilities(caret_ibus *ibus, uint32_t capabilities);
void caret_ibus_set_content_type(caret_ibus *ibus, uint32_t purpose, uint32_t hints);
void caret_ibus_set_cursor_location(caret_ibus *ibus, int32_t x, int32_t y, int32_t w, int32_t h);
/// Reads what arrived without blocking; 1 and `*event` filled, 0 when nothing is left, -1 when disconnected.
int caret_ibus_next_event(caret_ibus *ibus, caret_ibus_event *event);
void caret_ibus_event_free(caret_ibus_event *event);

#endif
