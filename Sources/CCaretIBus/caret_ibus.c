// SPDX-License-Identifier: Apache-2.0
#include "caret_ibus.h"

#include "caret_dbus.h"

#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IBUS_SERVICE "org.freedesktop.IBus"
#define IBUS_PATH "/org/freedesktop/IBus"
#define IBUS_INTERFACE "org.freedesktop.IBus"
#define IBUS_INPUT_INTERFACE "org.freedesktop.IBus.InputContext"
#define IBUS_SERVICE_INTERFACE "org.freedesktop.IBus.Service"

struct caret_ibus {
    DBusConnection *connection;
    char *path;
    caret_dbus_inbox inbox;  // what was read while a key waited for its answer, in order
    uint32_t late_serial;    // the key call whose answer comes late (0: none)
};

caret_ibus *caret_ibus_open(const char *address, const char *client_name, char *error, size_t error_size) {
    DBusError e;
    dbus_error_init(&e);
    DBusConnection *connection = dbus_connection_open_private(address, &e);
    if (!connection) {
        caret_dbus_set_error(error, error_size, "cannot connect to the IBus bus", &e);
        dbus_error_free(&e);
        return NULL;
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);
    if (!dbus_bus_register(connection, &e)) {
        caret_dbus_set_error(error, error_size, "the IBus bus refused the connection", &e);
        dbus_error_free(&e);
        caret_dbus_close(connection);
        return NULL;
    }
    DBusMessage *call = dbus_message_new_method_call(IBUS_SERVICE, IBUS_PATH, IBUS_INTERFACE, "CreateInputContext");
    if (!call || !dbus_message_append_args(call, DBUS_TYPE_STRING, &client_name, DBUS_TYPE_INVALID)) {
        caret_dbus_set_error(error, error_size, "no memory for the call to IBus", NULL);
        if (call) dbus_message_unref(call);
        caret_dbus_close(connection);
        return NULL;
    }
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(connection, call, 2000, &e);
    dbus_message_unref(call);
    const char *path = NULL;
    if (!reply || !dbus_message_get_args(reply, &e, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID)) {
        caret_dbus_set_error(error, error_size, "IBus made no input context", &e);
        dbus_error_free(&e);
        if (reply) dbus_message_unref(reply);
        caret_dbus_close(connection);
        return NULL;
    }
    caret_ibus *ibus = calloc(1, sizeof *ibus);
    char *kept_path = strdup(path);
    dbus_message_unref(reply);
    if (!ibus || !kept_path) {
        caret_dbus_set_error(error, error_size, "no memory for the IBus input context", NULL);
        free(ibus);
        free(kept_path);
        caret_dbus_close(connection);
        return NULL;
    }
    ibus->connection = connection;
    ibus->path = kept_path;
    char match[512];
    snprintf(match, sizeof match, "type='signal',interface='" IBUS_INPUT_INTERFACE "',path='%s'", ibus->path);
    dbus_bus_add_match(connection, match, NULL);  // no error argument: does not block
    dbus_connection_flush(connection);
    return ibus;
}

void caret_ibus_close(caret_ibus *ibus) {
    if (!ibus) return;
    if (dbus_connection_get_is_connected(ibus->connection)) {
        DBusMessage *call = dbus_message_new_method_call(IBUS_SERVICE, ibus->path, IBUS_SERVICE_INTERFACE, "Destroy");
        caret_dbus_send(ibus->connection, call);
        dbus_connection_close(ibus->connection);
    }
    dbus_connection_unref(ibus->connection);
    caret_dbus_inbox_free(&ibus->inbox);
    free(ibus->path);
    free(ibus);
}

bool caret_ibus_connected(caret_ibus *ibus) { return ibus && dbus_connection_get_is_connected(ibus->connection); }

int caret_ibus_fd(caret_ibus *ibus) {
    int fd = -1;
    if (!ibus || !dbus_connection_get_unix_fd(ibus->connection, &fd)) return -1;
    return fd;
}

static void send_call(caret_ibus *ibus, DBusMessage *call) { caret_dbus_send(ibus->connection, call); }

static DBusMessage *method(caret_ibus *ibus, const char *name) {
    return dbus_message_new_method_call(IBUS_SERVICE, ibus->path, IBUS_INPUT_INTERFACE, name);
}

int caret_ibus_process_key(caret_ibus *ibus, uint32_t keyval, uint32_t keycode, uint32_t state, int timeout_ms, bool *handled) {
    *handled = false;
    if (!caret_ibus_connected(ibus)) return -1;
    DBusMessage *call = method(ibus, "ProcessKeyEvent");
    if (!call) return -1;
    dbus_message_append_args(call, DBUS_TYPE_UINT32, &keyval, DBUS_TYPE_UINT32, &keycode, DBUS_TYPE_UINT32, &state, DBUS_TYPE_INVALID);
    uint32_t serial = caret_dbus_send_call(ibus->connection, call);
    if (serial == 0) return -1;
    // Signals the engine sends while it handles the key come before the reply, and stay in order.
    int status = caret_dbus_await_reply(ibus->connection, &ibus->inbox, serial, timeout_ms, handled);
    if (status == 0) ibus->late_serial = serial;
    return status == 1 ? 0 : (status == 0 ? 1 : -1);
}

void caret_ibus_focus(caret_ibus *ibus, bool focused) {
    if (caret_ibus_connected(ibus)) send_call(ibus, method(ibus, focused ? "FocusIn" : "FocusOut"));
}

void caret_ibus_reset(caret_ibus *ibus) {
    if (caret_ibus_connected(ibus)) send_call(ibus, method(ibus, "Reset"));
}

void caret_ibus_set_capabilities(caret_ibus *ibus, uint32_t capabilities) {
    if (!caret_ibus_connected(ibus)) return;
    DBusMessage *call = method(ibus, "SetCapabilities");
    if (!call) return;
    dbus_message_append_args(call, DBUS_TYPE_UINT32, &capabilities, DBUS_TYPE_INVALID);
    send_call(ibus, call);
}

void caret_ibus_set_content_type(caret_ibus *ibus, uint32_t purpose, uint32_t hints) {
    if (!caret_ibus_connected(ibus)) return;
    DBusMessage *call = method(ibus, "SetContentType");
    if (!call) return;
    dbus_message_append_args(call, DBUS_TYPE_UINT32, &purpose, DBUS_TYPE_UINT32, &hints, DBUS_TYPE_INVALID);
    send_call(ibus, call);
}

void caret_ibus_set_cursor_location(caret_ibus *ibus, int32_t x, int32_t y, int32_t w, int32_t h) {
    if (!caret_ibus_connected(ibus)) return;
    DBusMessage *call = method(ibus, "SetCursorLocation");
    if (!call) return;
    dbus_message_append_args(call, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_INT32, &w, DBUS_TYPE_INT32, &h, DBUS_TYPE_INVALID);
    send_call(ibus, call);
}

// An IBusText travels as a variant holding the struct (s name, a{sv} attachments, s text, v attributes).
static char *read_ibus_text(DBusMessageIter *iter) {
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_VARIANT) return NULL;
    DBusMessageIter variant, fields;
    dbus_message_iter_recurse(iter, &variant);
    if (dbus_message_iter_get_arg_type(&variant) != DBUS_TYPE_STRUCT) return NULL;
    dbus_message_iter_recurse(&variant, &fields);
    for (int index = 0; index < 3; index++) {
        int type = dbus_message_iter_get_arg_type(&fields);
        if (index == 2) {
            if (type != DBUS_TYPE_STRING) return NULL;
            const char *text = NULL;
            dbus_message_iter_get_basic(&fields, &text);
            return strdup(text ? text : "");
        }
        if (!dbus_message_iter_next(&fields)) return NULL;
    }
    return NULL;
}

static uint32_t read_u32(DBusMessageIter *iter, int type) {
    if (dbus_message_iter_get_arg_type(iter) != type) return 0;
    if (type == DBUS_TYPE_BOOLEAN) {
        dbus_bool_t value = FALSE;
        dbus_message_iter_get_basic(iter, &value);
        return value ? 1 : 0;
    }
    uint32_t value = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}

static int parse(caret_ibus *ibus, DBusMessage *message, caret_ibus_event *event) {
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_SIGNAL) return 0;
    const char *path = dbus_message_get_path(message);
    if (!path || strcmp(path, ibus->path) != 0) return 0;
    if (!dbus_message_has_interface(message, IBUS_INPUT_INTERFACE)) return 0;
    memset(event, 0, sizeof *event);
    DBusMessageIter iter;
    bool has_args = dbus_message_iter_init(message, &iter);
    const char *member = dbus_message_get_member(message);
    if (strcmp(member, "CommitText") == 0 && has_args) {
        event->kind = CARET_IBUS_COMMIT;
        event->text = read_ibus_text(&iter);
        return event->text ? 1 : 0;
    }
    if ((strcmp(member, "UpdatePreeditText") == 0 || strcmp(member, "UpdatePreeditTextWithMode") == 0) && has_args) {
        event->kind = CARET_IBUS_PREEDIT;
        event->text = read_ibus_text(&iter);
        if (!event->text) return 0;
        if (dbus_message_iter_next(&iter)) event->a = read_u32(&iter, DBUS_TYPE_UINT32);
        if (dbus_message_iter_next(&iter)) event->b = read_u32(&iter, DBUS_TYPE_BOOLEAN);
        return 1;
    }
    if (strcmp(member, "HidePreeditText") == 0) { event->kind = CARET_IBUS_HIDE_PREEDIT; return 1; }
    if (strcmp(member, "ShowPreeditText") == 0) { event->kind = CARET_IBUS_SHOW_PREEDIT; return 1; }
    if (strcmp(member, "ForwardKeyEvent") == 0 && has_args) {
        event->kind = CARET_IBUS_FORWARD_KEY;
        event->a = read_u32(&iter, DBUS_TYPE_UINT32);
        if (dbus_message_iter_next(&iter)) event->b = read_u32(&iter, DBUS_TYPE_UINT32);
        if (dbus_message_iter_next(&iter)) event->c = read_u32(&iter, DBUS_TYPE_UINT32);
        return 1;
    }
    if (strcmp(member, "DeleteSurroundingText") == 0 && has_args) {
        event->kind = CARET_IBUS_DELETE_SURROUNDING;
        event->a = read_u32(&iter, DBUS_TYPE_INT32);
        if (dbus_message_iter_next(&iter)) event->b = read_u32(&iter, DBUS_TYPE_UINT32);
        return 1;
    }
    return 0;
}

static int parse_message(void *client, DBusMessage *message, caret_ibus_event *event) { return parse(client, message, event); }

int caret_ibus_next_event(caret_ibus *ibus, caret_ibus_event *event) {
    if (!ibus) return -1;
    int got = caret_dbus_next_event(ibus->connection, &ibus->inbox, &ibus->late_serial, event, parse_message, ibus);
    if (got) return got;
    return dbus_connection_get_is_connected(ibus->connection) ? 0 : -1;
}

void caret_ibus_event_free(caret_ibus_event *event) {
    if (!event) return;
    free(event->text);
    event->text = NULL;
}
