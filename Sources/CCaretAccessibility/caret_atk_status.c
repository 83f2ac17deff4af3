// SPDX-License-Identifier: Apache-2.0
// Watches whether the session asks for accessibility, so that an app started before a screen
// reader joins the bus when one starts (and leaves it when it stops), as Qt and GTK 4 do: the
// accessibility bus launcher (org.a11y.Bus at /org/a11y/bus) says so in its org.a11y.Status
// properties IsEnabled and ScreenReaderEnabled, and sends PropertiesChanged when a desktop or a
// screen reader sets them. The launcher may also go and come back (a session restarting it):
// NameOwnerChanged for org.a11y.Bus is watched too, and its status read again when it returns.
//
// GDBus delivers signals in the main context that was the subscribing thread's default: this
// watch has a thread and a context of its own, so it needs no loop of the app's and never
// touches the bridge's (which may not even run).
#include "caret_atk.h"
#include "caret_atk_private.h"

#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

#include "caret_atk_load.h"

static GThread *watch_thread;
static GMainContext *watch_context;
static GMutex watch_lock;
static GCond watch_ready;
static int watch_started;     // the thread has read the first status
static int watch_quitting;
static gint watch_state = -1;  // bits as caret_atk_read_status gives them (atomic)
static void (*watch_changed)(void *);
static void *watch_changed_context;
static GDBusConnection *watch_bus;

static void set_state(int state) {
    int before = g_atomic_int_get(&watch_state);
    g_atomic_int_set(&watch_state, state);
    if (before != state && watch_changed) watch_changed(watch_changed_context);
}

/// PropertiesChanged on /org/a11y/bus: the values it carries, or the status read again when it
/// only says they changed.
static void on_properties_changed(GDBusConnection *bus, const gchar *sender, const gchar *path, const gchar *interface,
                                  const gchar *signal, GVariant *parameters, gpointer data) {
    (void)sender, (void)path, (void)interface, (void)signal, (void)data;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sa{sv}as)"))) return;
    const gchar *name = NULL;
    GVariant *changed = NULL, *invalidated = NULL;
    g_variant_get(parameters, "(&s@a{sv}@as)", &name, &changed, &invalidated);
    if (strcmp(name, "org.a11y.Status") == 0) {
        int state = g_atomic_int_get(&watch_state);
        if (state < 0 || g_variant_n_children(invalidated) > 0) {
            state = caret_atk_read_status(bus);
        } else {
            gboolean value;
            if (g_variant_lookup(changed, "IsEnabled", "b", &value)) state = value ? state | 1 : state & ~1;
            if (g_variant_lookup(changed, "ScreenReaderEnabled", "b", &value)) state = value ? state | 2 : state & ~2;
        }
        set_state(state);
    }
    g_variant_unref(changed);
    g_variant_unref(invalidated);
}

/// The launcher left the bus (no status) or came (its status read).
static void on_owner_changed(GDBusConnection *bus, const gchar *sender, const gchar *path, const gchar *interface,
                             const gchar *signal, GVariant *parameters, gpointer data) {
    (void)sender, (void)path, (void)interface, (void)signal, (void)data;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sss)"))) return;
    const gchar *name = NULL, *old_owner = NULL, *new_owner = NULL;
    g_variant_get(parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
    if (strcmp(name, "org.a11y.Bus") != 0) return;
    set_state(*new_owner ? caret_atk_read_status(bus) : -1);
}

static gpointer watch_main(gpointer unused) {
    (void)unused;
    g_main_context_push_thread_default(watch_context);
    guint properties = g_dbus_connection_signal_subscribe(
        watch_bus, NULL, "org.freedesktop.DBus.Properties", "PropertiesChanged", "/org/a11y/bus", "org.a11y.Status",
        G_DBUS_SIGNAL_FLAGS_NONE, on_properties_changed, NULL, NULL);
    guint owner = g_dbus_connection_signal_subscribe(
        watch_bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
        "org.a11y.Bus", G_DBUS_SIGNAL_FLAGS_NONE, on_owner_changed, NULL, NULL);
    // Read after subscribing: a change in between is seen either way.
    g_atomic_int_set(&watch_state, caret_atk_read_status(watch_bus));
    g_mutex_lock(&watch_lock);
    watch_started = 1;
    g_cond_broadcast(&watch_ready);
    g_mutex_unlock(&watch_lock);
    for (;;) {
        g_mutex_lock(&watch_lock);
        int quit = watch_quitting;
        g_mutex_unlock(&watch_lock);
        if (quit) break;
        g_main_context_iteration(watch_context, TRUE);
    }
    g_dbus_connection_signal_unsubscribe(watch_bus, properties);
    g_dbus_connection_signal_unsubscribe(watch_bus, owner);
    // Unsubscribing frees the subscriptions through the context: let it run what is left.
    while (g_main_context_pending(watch_context)) g_main_context_iteration(watch_context, FALSE);
    g_main_context_pop_thread_default(watch_context);
    return NULL;
}

int caret_atk_status_watch_start(void (*changed)(void *context), void *context, char **error) {
    if (watch_thread) {
        if (error) *error = strdup("the accessibility status is watched already");
        return -1;
    }
    if (!caret_atk_session_bus_known()) {
        if (error) *error = strdup("no session bus");
        return -1;
    }
    char reason[512];
    if (caret_atk_open_glib(reason, sizeof reason) != 0) {
        if (error) *error = strdup(reason);
        return -1;
    }
    GError *failure = NULL;
    watch_bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &failure);
    if (!watch_bus) {
        if (error) *error = strdup(failure ? failure->message : "no session bus");
        g_clear_error(&failure);
        return -1;
    }
    watch_changed = changed;
    watch_changed_context = context;
    watch_context = g_main_context_new();
    watch_started = 0;
    watch_quitting = 0;
    watch_thread = g_thread_new("caret-a11y-status", watch_main, NULL);
    // The first status is what the app starts with: wait for it (the read gives up after a second).
    g_mutex_lock(&watch_lock);
    while (!watch_started) g_cond_wait(&watch_ready, &watch_lock);
    g_mutex_unlock(&watch_lock);
    return 0;
}

int caret_atk_status_watch_state(void) { return g_atomic_int_get(&watch_state); }

void caret_atk_status_watch_stop(void) {
    if (!watch_thread) return;
    g_mutex_lock(&watch_lock);
    watch_quitting = 1;
    g_mutex_unlock(&watch_lock);
    g_main_context_wakeup(watch_context);
    g_thread_join(watch_thread);
    watch_thread = NULL;
    g_main_context_unref(watch_context);
    watch_context = NULL;
    g_object_unref(watch_bus);
    watch_bus = NULL;
    watch_changed = NULL;
    g_atomic_int_set(&watch_state, -1);
}
