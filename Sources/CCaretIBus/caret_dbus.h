// What the IBus and Fcitx clients do alike over libdbus-1 (not part of the module's interface).
#ifndef CARET_DBUS_H
#define CARET_DBUS_H

#include <dbus/dbus.h>
#include <stdbool.h>
#include <stddef.h>

/// Writes "what: D-Bus's message" into `error`.
void caret_dbus_set_error(char *error, size_t size, const char *what, DBusError *e);
/// Sends a call without waiting for its reply, and releases it.
void caret_dbus_send(DBusConnection *connection, DBusMessage *call);
/// Sends a call, waits at most `timeout_ms` for its boolean reply (signals sent meanwhile stay
/// queued before it, in order) and releases it; 0 with `*result` set, or -1.
int caret_dbus_call_bool(DBusConnection *connection, DBusMessage *call, int timeout_ms, bool *result);
/// Closes and releases a private connection.
void caret_dbus_close(DBusConnection *connection);

#endif
