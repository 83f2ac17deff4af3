// SPDX-License-Identifier: Apache-2.0
#ifndef CARET_ATK_LOAD_H
#define CARET_ATK_LOAD_H
// The accessibility bridge's libraries are not linked but opened when first needed: GIO (and with
// it GObject and GLib) when the bridge or the status watch starts on a session bus, at-spi2-atk
// (and ATK, AT-SPI) when the bridge starts. An app that offers the accessibility bus but runs with
// no session bus, or with nobody asking for accessibility, maps none of them. Every function of
// theirs this shim calls is found then, and each name below is redirected to its slot. Included
// after GLib's and ATK's headers (their declarations and macros come first; the GLib functions
// that are also macros are called through their functions).
#include <at-spi2-atk/2.0/atk-bridge.h>
#include <atk/atk.h>
#include <gio/gio.h>

#include "caret_load.h"

#define CARET_GLIB_FUNCTIONS(X) \
    X(g_array_append_vals) X(g_array_free) X(g_array_new) X(g_array_set_size) X(g_build_filename) X(g_bus_get_sync) \
    X(g_clear_error) X(g_cond_broadcast) X(g_cond_wait) X(g_cond_wait_until) X(g_dbus_connection_call_sync) \
    X(g_dbus_connection_get_type) X(g_dbus_connection_signal_subscribe) X(g_dbus_connection_signal_unsubscribe) \
    X(g_free) X(g_get_monotonic_time) X(g_hash_table_destroy) X(g_hash_table_insert) X(g_hash_table_lookup) \
    X(g_hash_table_new_full) X(g_hash_table_remove) X(g_int64_equal) X(g_int64_hash) X(g_intern_static_string) \
    X(g_main_context_acquire) X(g_main_context_default) X(g_main_context_iteration) X(g_main_context_new) \
    X(g_main_context_pending) X(g_main_context_pop_thread_default) X(g_main_context_push_thread_default) \
    X(g_main_context_release) X(g_main_context_unref) X(g_main_context_wakeup) X(g_malloc) X(g_malloc0) X(g_malloc0_n) X(g_malloc_n) \
    X(g_memdup2) X(g_mutex_lock) X(g_mutex_unlock) X(g_object_new) X(g_object_notify) X(g_object_ref) \
    X(g_object_unref) X(g_once_init_enter) X(g_once_init_leave) X(g_set_prgname) X(g_signal_emit_by_name) \
    X(g_slist_append) X(g_slist_copy) X(g_slist_delete_link) X(g_slist_find) X(g_slist_free) X(g_strdup) \
    X(g_strndup) X(g_thread_join) X(g_thread_new) X(g_type_add_interface_static) X(g_type_check_class_cast) \
    X(g_type_check_instance_cast) X(g_type_class_adjust_private_offset) X(g_type_class_peek_parent) \
    X(g_type_class_ref) X(g_type_class_unref) X(g_type_register_static_simple) X(g_utf8_get_char) X(g_utf8_strlen) \
    X(g_variant_get) X(g_variant_get_child_value) X(g_variant_is_of_type) X(g_variant_lookup) \
    X(g_variant_n_children) X(g_variant_new) X(g_variant_type_checked_) X(g_variant_unref)
#define CARET_ATK_FUNCTIONS(X) \
    X(atk_action_get_type) X(atk_bridge_adaptor_cleanup) X(atk_bridge_adaptor_init) X(atk_component_get_type) \
    X(atk_editable_text_get_type) X(atk_focus_tracker_notify) X(atk_object_get_type) \
    X(atk_object_notify_state_change) X(atk_object_set_name) X(atk_object_set_parent) X(atk_object_set_role) \
    X(atk_relation_new) X(atk_relation_set_add) X(atk_relation_set_new) X(atk_state_set_add_state) \
    X(atk_state_set_new) X(atk_table_cell_get_type) X(atk_table_get_type) X(atk_text_get_type) X(atk_util_get_type) \
    X(atk_window_get_type)

/// The addresses of those functions, found when their libraries are opened (one of them is
/// deprecated: the shim calls it to let go of ATK's last focused object).
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
struct caret_glib_functions {
    CARET_GLIB_FUNCTIONS(CARET_LOAD_SLOT)
};
struct caret_atk_functions {
    CARET_ATK_FUNCTIONS(CARET_LOAD_SLOT)
};
G_GNUC_END_IGNORE_DEPRECATIONS
extern struct caret_glib_functions caret_glib_functions;
extern struct caret_atk_functions caret_atk_functions;

/// Opens GIO with GObject and GLib, once; 0, or -1 with why in `error`.
int caret_atk_open_glib(char *error, size_t error_size);
/// Opens those and at-spi2-atk with ATK, once; 0, or -1 with why in `error`.
int caret_atk_open(char *error, size_t error_size);
/// Whether GLib's functions were found (without trying).
int caret_atk_glib_opened(void);

#undef atk_action_get_type
#undef atk_bridge_adaptor_cleanup
#undef atk_bridge_adaptor_init
#undef atk_component_get_type
#undef atk_editable_text_get_type
#undef atk_focus_tracker_notify
#undef atk_object_get_type
#undef atk_object_notify_state_change
#undef atk_object_set_name
#undef atk_object_set_parent
#undef atk_object_set_role
#undef atk_relation_new
#undef atk_relation_set_add
#undef atk_relation_set_new
#undef atk_state_set_add_state
#undef atk_state_set_new
#undef atk_table_cell_get_type
#undef atk_table_get_type
#undef atk_text_get_type
#undef atk_util_get_type
#undef atk_window_get_type
#undef g_array_append_vals
#undef g_array_free
#undef g_array_new
#undef g_array_set_size
#undef g_build_filename
#undef g_bus_get_sync
#undef g_clear_error
#undef g_cond_broadcast
#undef g_cond_wait
#undef g_cond_wait_until
#undef g_dbus_connection_call_sync
#undef g_dbus_connection_get_type
#undef g_dbus_connection_signal_subscribe
#undef g_dbus_connection_signal_unsubscribe
#undef g_free
#undef g_get_monotonic_time
#undef g_hash_table_destroy
#undef g_hash_table_insert
#undef g_hash_table_lookup
#undef g_hash_table_new_full
#undef g_hash_table_remove
#undef g_int64_equal
#undef g_int64_hash
#undef g_intern_static_string
#undef g_main_context_acquire
#undef g_main_context_default
#undef g_main_context_iteration
#undef g_main_context_new
#undef g_main_context_pending
#undef g_main_context_pop_thread_default
#undef g_main_context_push_thread_default
#undef g_main_context_release
#undef g_main_context_unref
#undef g_main_context_wakeup
#undef g_malloc
#undef g_malloc0
#undef g_malloc0_n
#undef g_malloc_n
#undef g_memdup2
#undef g_mutex_lock
#undef g_mutex_unlock
#undef g_object_new
#undef g_object_notify
#undef g_object_ref
#undef g_object_unref
#undef g_once_init_enter
#undef g_once_init_leave
#undef g_set_prgname
#undef g_signal_emit_by_name
#undef g_slist_append
#undef g_slist_copy
#undef g_slist_delete_link
#undef g_slist_find
#undef g_slist_free
#undef g_strdup
#undef g_strndup
#undef g_thread_join
#undef g_thread_new
#undef g_type_add_interface_static
#undef g_type_check_class_cast
#undef g_type_check_instance_cast
#undef g_type_class_adjust_private_offset
#undef g_type_class_peek_parent
#undef g_type_class_ref
#undef g_type_class_unref
#undef g_type_register_static_simple
#undef g_utf8_get_char
#undef g_utf8_strlen
#undef g_variant_get
#undef g_variant_get_child_value
#undef g_variant_is_of_type
#undef g_variant_lookup
#undef g_variant_n_children
#undef g_variant_new
#undef g_variant_type_checked_
#undef g_variant_unref
#define g_array_append_vals (caret_glib_functions.g_array_append_vals)
#define g_array_free (caret_glib_functions.g_array_free)
#define g_array_new (caret_glib_functions.g_array_new)
#define g_array_set_size (caret_glib_functions.g_array_set_size)
#define g_build_filename (caret_glib_functions.g_build_filename)
#define g_bus_get_sync (caret_glib_functions.g_bus_get_sync)
#define g_clear_error (caret_glib_functions.g_clear_error)
#define g_cond_broadcast (caret_glib_functions.g_cond_broadcast)
#define g_cond_wait (caret_glib_functions.g_cond_wait)
#define g_cond_wait_until (caret_glib_functions.g_cond_wait_until)
#define g_dbus_connection_call_sync (caret_glib_functions.g_dbus_connection_call_sync)
#define g_dbus_connection_get_type (caret_glib_functions.g_dbus_connection_get_type)
#define g_dbus_connection_signal_subscribe (caret_glib_functions.g_dbus_connection_signal_subscribe)
#define g_dbus_connection_signal_unsubscribe (caret_glib_functions.g_dbus_connection_signal_unsubscribe)
#define g_free (caret_glib_functions.g_free)
#define g_get_monotonic_time (caret_glib_functions.g_get_monotonic_time)
#define g_hash_table_destroy (caret_glib_functions.g_hash_table_destroy)
#define g_hash_table_insert (caret_glib_functions.g_hash_table_insert)
#define g_hash_table_lookup (caret_glib_functions.g_hash_table_lookup)
#define g_hash_table_new_full (caret_glib_functions.g_hash_table_new_full)
#define g_hash_table_remove (caret_glib_functions.g_hash_table_remove)
#define g_int64_equal (caret_glib_functions.g_int64_equal)
#define g_int64_hash (caret_glib_functions.g_int64_hash)
#define g_intern_static_string (caret_glib_functions.g_intern_static_string)
#define g_main_context_acquire (caret_glib_functions.g_main_context_acquire)
#define g_main_context_default (caret_glib_functions.g_main_context_default)
#define g_main_context_iteration (caret_glib_functions.g_main_context_iteration)
#define g_main_context_new (caret_glib_functions.g_main_context_new)
#define g_main_context_pending (caret_glib_functions.g_main_context_pending)
#define g_main_context_pop_thread_default (caret_glib_functions.g_main_context_pop_thread_default)
#define g_main_context_push_thread_default (caret_glib_functions.g_main_context_push_thread_default)
#define g_main_context_release (caret_glib_functions.g_main_context_release)
#define g_main_context_unref (caret_glib_functions.g_main_context_unref)
#define g_main_context_wakeup (caret_glib_functions.g_main_context_wakeup)
#define g_malloc (caret_glib_functions.g_malloc)
#define g_malloc0 (caret_glib_functions.g_malloc0)
#define g_malloc0_n (caret_glib_functions.g_malloc0_n)
#define g_malloc_n (caret_glib_functions.g_malloc_n)
#define g_memdup2 (caret_glib_functions.g_memdup2)
#define g_mutex_lock (caret_glib_functions.g_mutex_lock)
#define g_mutex_unlock (caret_glib_functions.g_mutex_unlock)
#define g_object_new (caret_glib_functions.g_object_new)
#define g_object_notify (caret_glib_functions.g_object_notify)
#define g_object_ref (caret_glib_functions.g_object_ref)
#define g_object_unref (caret_glib_functions.g_object_unref)
#define g_once_init_enter (caret_glib_functions.g_once_init_enter)
#define g_once_init_leave (caret_glib_functions.g_once_init_leave)
#define g_set_prgname (caret_glib_functions.g_set_prgname)
#define g_signal_emit_by_name (caret_glib_functions.g_signal_emit_by_name)
#define g_slist_append (caret_glib_functions.g_slist_append)
#define g_slist_copy (caret_glib_functions.g_slist_copy)
#define g_slist_delete_link (caret_glib_functions.g_slist_delete_link)
#define g_slist_find (caret_glib_functions.g_slist_find)
#define g_slist_free (caret_glib_functions.g_slist_free)
#define g_strdup (caret_glib_functions.g_strdup)
#define g_strndup (caret_glib_functions.g_strndup)
#define g_thread_join (caret_glib_functions.g_thread_join)
#define g_thread_new (caret_glib_functions.g_thread_new)
#define g_type_add_interface_static (caret_glib_functions.g_type_add_interface_static)
#define g_type_check_class_cast (caret_glib_functions.g_type_check_class_cast)
#define g_type_check_instance_cast (caret_glib_functions.g_type_check_instance_cast)
#define g_type_class_adjust_private_offset (caret_glib_functions.g_type_class_adjust_private_offset)
#define g_type_class_peek_parent (caret_glib_functions.g_type_class_peek_parent)
#define g_type_class_ref (caret_glib_functions.g_type_class_ref)
#define g_type_class_unref (caret_glib_functions.g_type_class_unref)
#define g_type_register_static_simple (caret_glib_functions.g_type_register_static_simple)
#define g_utf8_get_char (caret_glib_functions.g_utf8_get_char)
#define g_utf8_strlen (caret_glib_functions.g_utf8_strlen)
#define g_variant_get (caret_glib_functions.g_variant_get)
#define g_variant_get_child_value (caret_glib_functions.g_variant_get_child_value)
#define g_variant_is_of_type (caret_glib_functions.g_variant_is_of_type)
#define g_variant_lookup (caret_glib_functions.g_variant_lookup)
#define g_variant_n_children (caret_glib_functions.g_variant_n_children)
#define g_variant_new (caret_glib_functions.g_variant_new)
#define g_variant_type_checked_ (caret_glib_functions.g_variant_type_checked_)
#define g_variant_unref (caret_glib_functions.g_variant_unref)
#define atk_action_get_type (caret_atk_functions.atk_action_get_type)
#define atk_bridge_adaptor_cleanup (caret_atk_functions.atk_bridge_adaptor_cleanup)
#define atk_bridge_adaptor_init (caret_atk_functions.atk_bridge_adaptor_init)
#define atk_component_get_type (caret_atk_functions.atk_component_get_type)
#define atk_editable_text_get_type (caret_atk_functions.atk_editable_text_get_type)
#define atk_focus_tracker_notify (caret_atk_functions.atk_focus_tracker_notify)
#define atk_object_get_type (caret_atk_functions.atk_object_get_type)
#define atk_object_notify_state_change (caret_atk_functions.atk_object_notify_state_change)
#define atk_object_set_name (caret_atk_functions.atk_object_set_name)
#define atk_object_set_parent (caret_atk_functions.atk_object_set_parent)
#define atk_object_set_role (caret_atk_functions.atk_object_set_role)
#define atk_relation_new (caret_atk_functions.atk_relation_new)
#define atk_relation_set_add (caret_atk_functions.atk_relation_set_add)
#define atk_relation_set_new (caret_atk_functions.atk_relation_set_new)
#define atk_state_set_add_state (caret_atk_functions.atk_state_set_add_state)
#define atk_state_set_new (caret_atk_functions.atk_state_set_new)
#define atk_table_cell_get_type (caret_atk_functions.atk_table_cell_get_type)
#define atk_table_get_type (caret_atk_functions.atk_table_get_type)
#define atk_text_get_type (caret_atk_functions.atk_text_get_type)
#define atk_util_get_type (caret_atk_functions.atk_util_get_type)
#define atk_window_get_type (caret_atk_functions.atk_window_get_type)
#endif
