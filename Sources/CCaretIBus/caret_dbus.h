// SPDX-License-Identifier: Apache-2.0
// What the IBus and Fcitx clients do alike over libdbus-1 (not part of the module's interface).
#ifndef CARET_DBUS_H
#define CARET_DBUS_H

#include <dbus/dbus.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "caret_ibus.h"

/// Writes "what: D-Bus's message" into `error`.
void caret_dbus_set_error(char *error, size_t size, const char *what, DBusError *e);
/// Sends a call without waiting for its reply, and releases it (a NULL call, which libdbus had no
/// memory for, sends nothing).
void caret_dbus_send(DBusConnection *connection, DBusMessage *call);
/// Closes and releases a private connection.
void caret_dbus_close(DBusConnection *connection);

/// The messages read from a connection, in the order they came (signals and replies alike): a
/// key's reply is taken out when it comes, the signals sent before it stay for the reader.
typedef struct {
    DBusMessage **items;
    size_t count, capacity, head;
} caret_dbus_inbox;

/// Reads what has arrived into the inbox, without waiting: 0, or -1 when there was no memory to
/// keep a message (it is lost).
int caret_dbus_read(DBusConnection *connection, caret_dbus_inbox *inbox);
/// The oldest message read (owned by the caller), or NULL.
DBusMessage *caret_dbus_inbox_pop(caret_dbus_inbox *inbox);
/// Releases every message the inbox holds and its storage.
void caret_dbus_inbox_free(caret_dbus_inbox *inbox);
/// Sends a call and releases it; returns its serial (0 if it could not be sent, or is NULL).
uint32_t caret_dbus_send_call(DBusConnection *connection, DBusMessage *call);
/// Reads into the inbox until the boolean reply to `serial` comes (1, `*handled` set and the
/// reply taken out), `timeout_ms` pass (0: it may come later, read then as any message) or the
/// connection fails or a message cannot be kept (-1).
int caret_dbus_await_reply(DBusConnection *connection, caret_dbus_inbox *inbox, uint32_t serial, int timeout_ms, bool *handled);
/// Whether `message` is the late reply to `*serial` (then `*serial` is set to 0 and `*handled` to its answer).
int caret_dbus_late_answer(DBusMessage *message, uint32_t *serial, bool *handled);
/// The next event read from a client's connection, in order: a late reply to `*late_serial` as
/// CARET_IBUS_KEY_ANSWER, a signal as `parse` makes it (1 when it is one of the client's). Returns
/// 1 with `*event`, 0 when nothing is left, -1 when disconnected or out of memory.
int caret_dbus_next_event(DBusConnection *connection, caret_dbus_inbox *inbox, uint32_t *late_serial, caret_ibus_event *event,
                          int (*parse)(void *client, DBusMessage *message, caret_ibus_event *event), void *client);
/// The boolean of a method return: 0 with `*value`, or -1 (an error reply, or no boolean).
int caret_dbus_reply_bool(DBusMessage *reply, bool *value);

#endif
