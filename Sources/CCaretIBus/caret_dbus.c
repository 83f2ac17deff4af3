// SPDX-License-Identifier: Apache-2.0
#include "caret_dbus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void caret_dbus_set_error(char *error, size_t size, const char *what, DBusError *e) {
    if (!error || size == 0) return;
    bool has = e && dbus_error_is_set(e);
    snprintf(error, size, "%s%s%s", what, has ? ": " : "", has ? e->message : "");
}

void caret_dbus_send(DBusConnection *connection, DBusMessage *call) {
    if (!call) return;  // libdbus had no memory for it: nothing is sent
    dbus_connection_send(connection, call, NULL);
    dbus_message_unref(call);
    dbus_connection_flush(connection);
}

void caret_dbus_close(DBusConnection *connection) {
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
}

// MARK: Keys answered in order, or later

// Keeps a message (taking it over); false, with the message released, when there is no memory.
static bool inbox_push(caret_dbus_inbox *inbox, DBusMessage *message) {
    if (inbox->count == inbox->capacity) {
        size_t capacity = inbox->capacity ? inbox->capacity * 2 : 16;
        DBusMessage **grown = malloc(capacity * sizeof *grown);
        if (!grown) {
            dbus_message_unref(message);
            return false;
        }
        for (size_t i = 0; i < inbox->count; i++) grown[i] = inbox->items[(inbox->head + i) % inbox->capacity];
        free(inbox->items);
        inbox->items = grown;
        inbox->capacity = capacity;
        inbox->head = 0;
    }
    inbox->items[(inbox->head + inbox->count) % inbox->capacity] = message;
    inbox->count++;
    return true;
}

static DBusMessage *inbox_at(caret_dbus_inbox *inbox, size_t index) {
    return inbox->items[(inbox->head + index) % inbox->capacity];
}

DBusMessage *caret_dbus_inbox_pop(caret_dbus_inbox *inbox) {
    if (inbox->count == 0) return NULL;
    DBusMessage *message = inbox->items[inbox->head];
    inbox->head = (inbox->head + 1) % inbox->capacity;
    inbox->count--;
    return message;
}

void caret_dbus_inbox_free(caret_dbus_inbox *inbox) {
    DBusMessage *message;
    while ((message = caret_dbus_inbox_pop(inbox))) dbus_message_unref(message);
    free(inbox->items);
    inbox->items = NULL;
    inbox->capacity = 0;
}

int caret_dbus_read(DBusConnection *connection, caret_dbus_inbox *inbox) {
    dbus_connection_read_write(connection, 0);
    DBusMessage *message;
    while ((message = dbus_connection_pop_message(connection))) {
        if (!inbox_push(inbox, message)) return -1;
    }
    return 0;
}

uint32_t caret_dbus_send_call(DBusConnection *connection, DBusMessage *call) {
    if (!call) return 0;
    dbus_uint32_t serial = 0;
    if (!dbus_connection_send(connection, call, &serial)) serial = 0;
    dbus_message_unref(call);
    dbus_connection_flush(connection);
    return serial;
}

static bool is_reply_to(DBusMessage *message, uint32_t serial) {
    int type = dbus_message_get_type(message);
    return (type == DBUS_MESSAGE_TYPE_METHOD_RETURN || type == DBUS_MESSAGE_TYPE_ERROR) && dbus_message_get_reply_serial(message) == serial;
}

int caret_dbus_reply_bool(DBusMessage *reply, bool *value) {
    *value = false;
    if (dbus_message_get_type(reply) != DBUS_MESSAGE_TYPE_METHOD_RETURN) return -1;
    DBusError e;
    dbus_error_init(&e);
    dbus_bool_t result = FALSE;
    bool read = dbus_message_get_args(reply, &e, DBUS_TYPE_BOOLEAN, &result, DBUS_TYPE_INVALID);
    dbus_error_free(&e);
    if (!read) return -1;
    *value = result;
    return 0;
}

int caret_dbus_await_reply(DBusConnection *connection, caret_dbus_inbox *inbox, uint32_t serial, int timeout_ms, bool *handled) {
    *handled = false;
    int waited = 0;
    size_t scanned = 0;
    for (;;) {
        // What arrived is kept in order; the reply is taken out, the signals before it stay.
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(connection))) {
            if (!inbox_push(inbox, message)) return -1;  // a message lost: the order cannot be kept
        }
        for (; scanned < inbox->count; scanned++) {
            DBusMessage *candidate = inbox_at(inbox, scanned);
            if (!is_reply_to(candidate, serial)) continue;
            int status = caret_dbus_reply_bool(candidate, handled);
            for (size_t i = scanned; i + 1 < inbox->count; i++) {
                inbox->items[(inbox->head + i) % inbox->capacity] = inbox_at(inbox, i + 1);
            }
            inbox->count--;
            dbus_message_unref(candidate);
            return status == 0 ? 1 : -1;
        }
        if (!dbus_connection_get_is_connected(connection)) return -1;
        if (waited >= timeout_ms) return 0;
        int step = timeout_ms - waited < 10 ? timeout_ms - waited : 10;
        dbus_connection_read_write(connection, step);
        waited += step;
    }
}

int caret_dbus_late_answer(DBusMessage *message, uint32_t *serial, bool *handled) {
    if (*serial == 0 || !is_reply_to(message, *serial)) return 0;
    *serial = 0;
    if (caret_dbus_reply_bool(message, handled) != 0) *handled = false;
    return 1;
}

int caret_dbus_next_event(DBusConnection *connection, caret_dbus_inbox *inbox, uint32_t *late_serial, caret_ibus_event *event,
                          int (*parse)(void *client, DBusMessage *message, caret_ibus_event *event), void *client) {
    if (caret_dbus_read(connection, inbox) != 0) return -1;
    for (;;) {
        DBusMessage *message = caret_dbus_inbox_pop(inbox);
        if (!message) return 0;
        bool handled = false;
        int got;
        if (caret_dbus_late_answer(message, late_serial, &handled)) {
            memset(event, 0, sizeof *event);
            event->kind = CARET_IBUS_KEY_ANSWER;
            event->a = handled;
            got = 1;
        } else {
            got = parse(client, message, event);
        }
        dbus_message_unref(message);
        if (got) return 1;
    }
}
