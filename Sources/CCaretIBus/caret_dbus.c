#include "caret_dbus.h"

#include <stdio.h>

void caret_dbus_set_error(char *error, size_t size, const char *what, DBusError *e) {
    if (!error || size == 0) return;
    bool has = e && dbus_error_is_set(e);
    snprintf(error, size, "%s%s%s", what, has ? ": " : "", has ? e->message : "");
}

void caret_dbus_send(DBusConnection *connection, DBusMessage *call) {
    dbus_connection_send(connection, call, NULL);
    dbus_message_unref(call);
    dbus_connection_flush(connection);
}

int caret_dbus_call_bool(DBusConnection *connection, DBusMessage *call, int timeout_ms, bool *result) {
    DBusError e;
    dbus_error_init(&e);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(connection, call, timeout_ms, &e);
    dbus_message_unref(call);
    dbus_bool_t value = FALSE;
    int status = -1;
    if (reply && dbus_message_get_args(reply, &e, DBUS_TYPE_BOOLEAN, &value, DBUS_TYPE_INVALID)) status = 0;
    if (reply) dbus_message_unref(reply);
    dbus_error_free(&e);
    *result = status == 0 && value;
    return status;
}

void caret_dbus_close(DBusConnection *connection) {
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
}
