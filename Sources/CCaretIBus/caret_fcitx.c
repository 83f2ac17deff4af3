// SPDX-License-Identifier: Apache-2.0
#include "caret_fcitx.h"

#include "caret_dbus.h"

#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FCITX_SERVICE "org.freedesktop.portal.Fcitx"
#define FCITX_PATH "/org/freedesktop/portal/inputmethod"
#define FCITX_INTERFACE "org.fcitx.Fcitx.InputMethod1"
#define FCITX_IC_INTERFACE "org.fcitx.Fcitx.InputContext1"

struct caret_fcitx {
    DBusConnection *connection;
    char *path;
    caret_dbus_inbox inbox;  // what was read while a key waited for its answer, in order
    uint32_t late_serial;    // the key call whose answer comes late (0: none)
    bool gone;      // Fcitx lost its name on the bus (it exited or restarts)
    bool returned;  // after that, a Fcitx took the name again: a new input context can be made
};

caret_fcitx *caret_fcitx_open(const char *program, char *error, size_t error_size) {
    DBusError e;
    dbus_error_init(&e);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &e);
    if (!connection) {
        caret_dbus_set_error(error, error_size, "cannot connect to the session bus", &e);
        dbus_error_free(&e);
        return NULL;
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);
    // CreateInputContext(a(ss)) -> (o, ay): the client's name and display as key-value pairs.
    DBusMessage *call = dbus_message_new_method_call(FCITX_SERVICE, FCITX_PATH, FCITX_INTERFACE, "CreateInputContext");
    DBusMessageIter iter, array, pair;
    bool built = call != NULL;
    if (built) {
        dbus_message_iter_init_append(call, &iter);
        built = dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "(ss)", &array);
    }
    if (built) {
        const char *keys[] = {"program", "display"};
        const char *values[] = {program, "x11:"};
        for (int i = 0; i < 2 && built; i++) {
            built = dbus_message_iter_open_container(&array, DBUS_TYPE_STRUCT, NULL, &pair) &&
                    dbus_message_iter_append_basic(&pair, DBUS_TYPE_STRING, &keys[i]) &&
                    dbus_message_iter_append_basic(&pair, DBUS_TYPE_STRING, &values[i]) &&
                    dbus_message_iter_close_container(&array, &pair);
        }
        built = built && dbus_message_iter_close_container(&iter, &array);
    }
    if (!built) {
        caret_dbus_set_error(error, error_size, "no memory for the call to Fcitx 5", NULL);
        if (call) dbus_message_unref(call);
        caret_dbus_close(connection);
        return NULL;
    }
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(connection, call, 2000, &e);
    dbus_message_unref(call);
    const char *path = NULL;
    DBusMessageIter reply_iter;
    if (reply && dbus_message_iter_init(reply, &reply_iter) && dbus_message_iter_get_arg_type(&reply_iter) == DBUS_TYPE_OBJECT_PATH) {
        dbus_message_iter_get_basic(&reply_iter, &path);
    }
    if (!path) {
        caret_dbus_set_error(error, error_size, "Fcitx 5 made no input context", &e);
        dbus_error_free(&e);
        if (reply) dbus_message_unref(reply);
        caret_dbus_close(connection);
        return NULL;
    }
    caret_fcitx *fcitx = calloc(1, sizeof *fcitx);
    char *kept_path = strdup(path);
    dbus_message_unref(reply);
    if (!fcitx || !kept_path) {
        caret_dbus_set_error(error, error_size, "no memory for the Fcitx 5 input context", NULL);
        free(fcitx);
        free(kept_path);
        caret_dbus_close(connection);
        return NULL;
    }
    fcitx->connection = connection;
    fcitx->path = kept_path;
    char match[512];
    snprintf(match, sizeof match, "type='signal',interface='" FCITX_IC_INTERFACE "',path='%s'", fcitx->path);
    dbus_bus_add_match(connection, match, NULL);
    // Fcitx exiting or restarting: its name changes owner.
    dbus_bus_add_match(connection,
                       "type='signal',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='" FCITX_SERVICE "'", NULL);
    dbus_connection_flush(connection);
    return fcitx;
}

static void send_call(caret_fcitx *fcitx, DBusMessage *call) { caret_dbus_send(fcitx->connection, call); }

static DBusMessage *method(caret_fcitx *fcitx, const char *name) {
    return dbus_message_new_method_call(FCITX_SERVICE, fcitx->path, FCITX_IC_INTERFACE, name);
}

bool caret_fcitx_connected(caret_fcitx *fcitx) {
    return fcitx && !fcitx->gone && dbus_connection_get_is_connected(fcitx->connection);
}

void caret_fcitx_close(caret_fcitx *fcitx) {
    if (!fcitx) return;
    if (caret_fcitx_connected(fcitx)) send_call(fcitx, method(fcitx, "DestroyIC"));
    caret_dbus_close(fcitx->connection);
    caret_dbus_inbox_free(&fcitx->inbox);
    free(fcitx->path);
    free(fcitx);
}

bool caret_fcitx_returned(caret_fcitx *fcitx) { return fcitx && fcitx->gone && fcitx->returned; }

int caret_fcitx_fd(caret_fcitx *fcitx) {
    int fd = -1;
    if (!fcitx || !dbus_connection_get_unix_fd(fcitx->connection, &fd)) return -1;
    return fd;
}

int caret_fcitx_process_key(caret_fcitx *fcitx, uint32_t keyval, uint32_t keycode, uint32_t state, bool release,
                            int timeout_ms, bool *handled) {
    *handled = false;
    if (!caret_fcitx_connected(fcitx)) return -1;
    DBusMessage *call = method(fcitx, "ProcessKeyEvent");
    if (!call) return -1;
    dbus_bool_t is_release = release;
    uint32_t time = 0;
    dbus_message_append_args(call, DBUS_TYPE_UINT32, &keyval, DBUS_TYPE_UINT32, &keycode, DBUS_TYPE_UINT32, &state,
                             DBUS_TYPE_BOOLEAN, &is_release, DBUS_TYPE_UINT32, &time, DBUS_TYPE_INVALID);
    uint32_t serial = caret_dbus_send_call(fcitx->connection, call);
    if (serial == 0) return -1;
    // Signals Fcitx sends while it handles the key come before the reply, and stay in order.
    int status = caret_dbus_await_reply(fcitx->connection, &fcitx->inbox, serial, timeout_ms, handled);
    if (status == 0) fcitx->late_serial = serial;
    return status == 1 ? 0 : (status == 0 ? 1 : -1);
}

void caret_fcitx_focus(caret_fcitx *fcitx, bool focused) {
    if (caret_fcitx_connected(fcitx)) send_call(fcitx, method(fcitx, focused ? "FocusIn" : "FocusOut"));
}

void caret_fcitx_reset(caret_fcitx *fcitx) {
    if (caret_fcitx_connected(fcitx)) send_call(fcitx, method(fcitx, "Reset"));
}

void caret_fcitx_set_capability(caret_fcitx *fcitx, uint64_t capability) {
    if (!caret_fcitx_connected(fcitx)) return;
    DBusMessage *call = method(fcitx, "SetCapability");
    if (!call) return;
    dbus_uint64_t value = capability;
    dbus_message_append_args(call, DBUS_TYPE_UINT64, &value, DBUS_TYPE_INVALID);
    send_call(fcitx, call);
}

void caret_fcitx_set_cursor_rect(caret_fcitx *fcitx, int32_t x, int32_t y, int32_t w, int32_t h) {
    if (!caret_fcitx_connected(fcitx)) return;
    DBusMessage *call = method(fcitx, "SetCursorRect");
    if (!call) return;
    dbus_message_append_args(call, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_INT32, &w, DBUS_TYPE_INT32, &h, DBUS_TYPE_INVALID);
    send_call(fcitx, call);
}

// UpdateFormattedPreedit(a(si) segments, i cursor): the segments' text joined; the cursor in bytes.
static int read_preedit(DBusMessageIter *iter, caret_ibus_event *event) {
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_ARRAY) return 0;
    DBusMessageIter segments, segment;
    dbus_message_iter_recurse(iter, &segments);
    size_t length = 0, capacity = 64;
    char *text = malloc(capacity);
    if (!text) return 0;  // no memory: the update is dropped, as one that is not understood
    text[0] = 0;
    while (dbus_message_iter_get_arg_type(&segments) == DBUS_TYPE_STRUCT) {
        dbus_message_iter_recurse(&segments, &segment);
        if (dbus_message_iter_get_arg_type(&segment) == DBUS_TYPE_STRING) {
            const char *part = NULL;
            dbus_message_iter_get_basic(&segment, &part);
            size_t n = part ? strlen(part) : 0;
            if (length + n + 1 > capacity) {
                capacity = (length + n + 1) * 2;
                char *grown = realloc(text, capacity);
                if (!grown) {
                    free(text);
                    return 0;
                }
                text = grown;
            }
            if (n) memcpy(text + length, part, n);
            length += n;
            text[length] = 0;
        }
        dbus_message_iter_next(&segments);
    }
    int32_t cursor = -1;
    if (dbus_message_iter_next(iter) && dbus_message_iter_get_arg_type(iter) == DBUS_TYPE_INT32) {
        dbus_message_iter_get_basic(iter, &cursor);
    }
    // The cursor is a byte offset: counted here in characters (code points), as IBus gives it.
    uint32_t characters = 0;
    size_t end = cursor < 0 || (size_t)cursor > length ? length : (size_t)cursor;
    for (size_t i = 0; i < end; i++) {
        if ((text[i] & 0xC0) != 0x80) characters++;
    }
    event->kind = CARET_IBUS_PREEDIT;
    event->text = text;
    event->a = characters;
    event->b = length > 0;
    return 1;
}

static int parse(caret_fcitx *fcitx, DBusMessage *message, caret_ibus_event *event) {
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_SIGNAL) return 0;
    memset(event, 0, sizeof *event);
    DBusMessageIter iter;
    bool has_args = dbus_message_iter_init(message, &iter);
    const char *member = dbus_message_get_member(message);
    if (dbus_message_has_interface(message, "org.freedesktop.DBus") && strcmp(member, "NameOwnerChanged") == 0) {
        const char *name = NULL, *old_owner = NULL, *new_owner = NULL;
        if (dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner, DBUS_TYPE_STRING,
                                  &new_owner, DBUS_TYPE_INVALID) &&
            strcmp(name, FCITX_SERVICE) == 0) {
            if (old_owner && old_owner[0]) fcitx->gone = true;  // the old owner held our input context: gone with it
            if (fcitx->gone && new_owner && new_owner[0]) fcitx->returned = true;
        }
        return 0;
    }
    const char *path = dbus_message_get_path(message);
    if (!path || strcmp(path, fcitx->path) != 0 || !dbus_message_has_interface(message, FCITX_IC_INTERFACE)) return 0;
    if (strcmp(member, "CommitString") == 0 && has_args && dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_STRING) {
        const char *text = NULL;
        dbus_message_iter_get_basic(&iter, &text);
        event->kind = CARET_IBUS_COMMIT;
        event->text = strdup(text ? text : "");
        return event->text ? 1 : 0;
    }
    if (strcmp(member, "UpdateFormattedPreedit") == 0 && has_args) return read_preedit(&iter, event);
    if (strcmp(member, "ForwardKey") == 0 && has_args) {
        uint32_t keyval = 0, state = 0;
        dbus_bool_t release = FALSE;
        if (!dbus_message_get_args(message, NULL, DBUS_TYPE_UINT32, &keyval, DBUS_TYPE_UINT32, &state, DBUS_TYPE_BOOLEAN,
                                   &release, DBUS_TYPE_INVALID))
            return 0;
        event->kind = CARET_IBUS_FORWARD_KEY;
        event->a = keyval;
        event->b = 0;  // Fcitx names no keycode
        event->c = state | (release ? (1u << 30) : 0);
        return 1;
    }
    return 0;
}

static int parse_message(void *client, DBusMessage *message, caret_ibus_event *event) { return parse(client, message, event); }

int caret_fcitx_next_event(caret_fcitx *fcitx, caret_ibus_event *event) {
    if (!fcitx) return -1;
    int got = caret_dbus_next_event(fcitx->connection, &fcitx->inbox, &fcitx->late_serial, event, parse_message, fcitx);
    if (got) return got;
    return caret_fcitx_connected(fcitx) ? 0 : -1;
}
