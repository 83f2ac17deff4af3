// SPDX-License-Identifier: Apache-2.0
// A Fcitx 5 input context over D-Bus (libdbus-1, Fcitx's org.fcitx.Fcitx.InputContext1), as plain
// C for Swift: keys go to the input method and its signals (commits, preedit, forwarded keys)
// come back in the order it sent them, as with IBus (caret_ibus.h, whose event type it shares).
#ifndef CARET_FCITX_H
#define CARET_FCITX_H

#include "caret_ibus.h"

typedef struct caret_fcitx caret_fcitx;

/// Connects to the session bus and asks Fcitx 5 for an input context; NULL with a message in `error`.
caret_fcitx *caret_fcitx_open(const char *program, char *error, size_t error_size);
void caret_fcitx_close(caret_fcitx *fcitx);
/// Whether the connection is up and Fcitx still owns its name.
bool caret_fcitx_connected(caret_fcitx *fcitx);
/// Whether, after Fcitx lost its name, a Fcitx owns it again (read as signals are read).
bool caret_fcitx_returned(caret_fcitx *fcitx);
/// The connection's socket, for waiting on (-1 if none).
int caret_fcitx_fd(caret_fcitx *fcitx);
/// Offers a key and waits at most `timeout_ms` for the answer: 0 when answered (`*handled` set),
/// 1 when it comes later (as a CARET_IBUS_KEY_ANSWER event), -1 when the call failed.
int caret_fcitx_process_key(caret_fcitx *fcitx, uint32_t keyval, uint32_t keycode, uint32_t state, bool release,
                            int timeout_ms, bool *handled);
void caret_fcitx_focus(caret_fcitx *fcitx, bool focused);
void caret_fcitx_reset(caret_fcitx *fcitx);
void caret_fcitx_set_capability(caret_fcitx *fcitx, uint64_t capability);
void caret_fcitx_set_cursor_rect(caret_fcitx *fcitx, int32_t x, int32_t y, int32_t w, int32_t h);
/// Reads what arrived without blocking; 1 and `*event` filled (free with caret_ibus_event_free),
/// 0 when nothing is left, -1 when disconnected or Fcitx went away.
int caret_fcitx_next_event(caret_fcitx *fcitx, caret_ibus_event *event);

#endif
