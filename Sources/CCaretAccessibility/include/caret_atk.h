// SPDX-License-Identifier: Apache-2.0
#ifndef CARET_ATK_H
#define CARET_ATK_H
// Caret's tree on the AT-SPI2 accessibility bus through ATK and at-spi2-atk's bridge (what
// Chromium and Firefox do without GTK): ATK objects whose every answer comes from the callbacks
// below, which are called on the bridge's own thread. Ids are the caller's; 0 is the application,
// 1 the window. Strings returned by the callbacks are malloc'd and freed here. Character offsets
// are Unicode code points (ATK's).
#include <stdint.h>

typedef struct caret_atk_callbacks {
    void *context;
    int (*child_count)(void *context, int64_t id);
    int64_t (*child_at)(void *context, int64_t id, int index);        // -1: none
    int64_t (*parent)(void *context, int64_t id);                     // -1: none
    int (*index_in_parent)(void *context, int64_t id);
    char *(*name)(void *context, int64_t id);
    char *(*description)(void *context, int64_t id);
    int (*role)(void *context, int64_t id);                           // CARET_ATK_ROLE_*
    uint64_t (*states)(void *context, int64_t id);                    // bits of CARET_ATK_STATE_*
    void (*extents)(void *context, int64_t id, int *x, int *y, int *width, int *height);  // screen pixels
    int (*action_count)(void *context, int64_t id);
    char *(*action_name)(void *context, int64_t id, int index);
    int (*do_action)(void *context, int64_t id, int index);
    int (*grab_focus)(void *context, int64_t id);
    char *(*text)(void *context, int64_t id, int start, int end);     // UTF-8; end -1: to the end
    int (*character_count)(void *context, int64_t id);
    // The character, word, sentence, line or paragraph (CARET_ATK_UNIT_*) around an offset.
    void (*unit_range)(void *context, int64_t id, int offset, int unit, int *start, int *end);
    void (*selection)(void *context, int64_t id, int *start, int *end);
    int (*set_selection)(void *context, int64_t id, int start, int end);
    void (*character_extents)(void *context, int64_t id, int offset, int *x, int *y, int *width, int *height);
    int (*offset_at_point)(void *context, int64_t id, int x, int y);
    int (*replace_text)(void *context, int64_t id, int start, int end, const char *text);
    int (*is_text)(void *context, int64_t id);
    char *(*language)(void *context, int64_t id);
    // A key handed over with caret_atk_key_post has its answer (read it with caret_atk_key_verdict).
    void (*key_answered)(void *context);
    // A table's rows (every section's, in one column), the shown cell of a row (-1 off screen)
    // and a cell's row (-1: not one of the table's rows).
    int (*table_rows)(void *context, int64_t table);
    int64_t (*table_cell)(void *context, int64_t table, int row);
    int (*table_row_of)(void *context, int64_t table, int64_t cell);
    // The table's selected rows, in order (shown or not): their count, and *rows malloc'd (freed here).
    int (*table_selected_rows)(void *context, int64_t table, int **rows);
    // The objects related to one (kind 0: the labels naming it; 1: the objects it names): their
    // count, and *ids malloc'd (freed here). May be NULL.
    int (*relations)(void *context, int64_t id, int kind, int64_t **ids);
} caret_atk_callbacks;

/// A hardware key as ATK's key listeners take it (AtkKeyEventStruct, as GTK 3 fills it from a
/// GdkEventKey): X names throughout.
typedef struct caret_atk_key {
    int release;             // 0 pressed, 1 released
    unsigned int state;      // GDK modifier masks (shift 1, lock 2, control 4, mod1 8, mod2 16, mod4 64)
    unsigned int keyval;     // the X keysym
    const char *string;      // UTF-8: the text it typed, else the keysym's name ("Left", "Insert")
    int length;              // the bytes of text it typed (0 when none)
    uint16_t keycode;        // the X hardware keycode (the Linux keycode + 8)
    uint32_t timestamp;      // milliseconds
} caret_atk_key;

enum {
    CARET_ATK_ROLE_APPLICATION, CARET_ATK_ROLE_FRAME, CARET_ATK_ROLE_PANEL, CARET_ATK_ROLE_LABEL,
    CARET_ATK_ROLE_PUSH_BUTTON, CARET_ATK_ROLE_TOGGLE_BUTTON, CARET_ATK_ROLE_ENTRY, CARET_ATK_ROLE_PASSWORD_TEXT,
    CARET_ATK_ROLE_TEXT, CARET_ATK_ROLE_HEADING, CARET_ATK_ROLE_IMAGE, CARET_ATK_ROLE_LINK,
    CARET_ATK_ROLE_SLIDER, CARET_ATK_ROLE_KEYBOARD, CARET_ATK_ROLE_KEY, CARET_ATK_ROLE_DIALOG,
    CARET_ATK_ROLE_SEARCH, CARET_ATK_ROLE_STATIC, CARET_ATK_ROLE_TABLE, CARET_ATK_ROLE_TABLE_CELL,
};

enum {
    CARET_ATK_UNIT_CHARACTER, CARET_ATK_UNIT_WORD, CARET_ATK_UNIT_SENTENCE, CARET_ATK_UNIT_LINE, CARET_ATK_UNIT_PARAGRAPH,
};

enum {
    CARET_ATK_STATE_ENABLED = 1 << 0, CARET_ATK_STATE_SENSITIVE = 1 << 1, CARET_ATK_STATE_SHOWING = 1 << 2,
    CARET_ATK_STATE_VISIBLE = 1 << 3, CARET_ATK_STATE_FOCUSABLE = 1 << 4, CARET_ATK_STATE_FOCUSED = 1 << 5,
    CARET_ATK_STATE_EDITABLE = 1 << 6, CARET_ATK_STATE_SINGLE_LINE = 1 << 7, CARET_ATK_STATE_MULTI_LINE = 1 << 8,
    CARET_ATK_STATE_SELECTED = 1 << 9, CARET_ATK_STATE_ACTIVE = 1 << 10, CARET_ATK_STATE_MODAL = 1 << 11,
    CARET_ATK_STATE_CHECKED = 1 << 12, CARET_ATK_STATE_SELECTABLE_TEXT = 1 << 13, CARET_ATK_STATE_SELECTABLE = 1 << 14,
    CARET_ATK_STATE_MULTISELECTABLE = 1 << 15,
};

/// Whether the session's accessibility bus asks for a bridge (org.a11y.Status IsEnabled or
/// ScreenReaderEnabled), without starting one: 1 yes, 0 no, -1 no session bus or no a11y bus.
int caret_atk_bus_wants_accessibility(void);
/// Starts the bridge on a thread of its own with the callbacks (copied), which that thread calls;
/// 0 when the thread runs (see caret_atk_start_status), else -1 and a message.
int caret_atk_start(const caret_atk_callbacks *callbacks, const char *application_name, char **error);
/// Whether the bridge has reached the bus: 1 yes, 0 not yet (waits up to wait_ms), -1 it failed
/// (with a message; the thread is gone). Callbacks asked meanwhile must be answered to get on.
int caret_atk_start_status(int wait_ms, char **error);
/// Hands the changes posted since the last call to the bridge's thread, which sends them; never
/// blocks. Call once per turn of the loop. The functions below only queue.
void caret_atk_iterate(void);
/// Stops the bridge and joins its thread (callbacks asked meanwhile must not wait for this thread).
void caret_atk_stop(void);
/// How many of the bridge's ATK objects are alive (0 once it stopped and let go of everything).
int caret_atk_live_objects(void);

/// Whether ATK key listeners are registered (at-spi2-atk's, while the bridge runs): one atomic
/// read, from any thread.
int caret_atk_key_listening(void);
/// Hands a key (copied) to the key listeners on the bridge's thread, after the changes posted
/// before it; callbacks.key_answered is called there once they have answered. Returns the key's
/// serial (> 0), or 0 when nobody listens or an earlier key is still unanswered (then nothing
/// was handed over: the key is not the listeners' to consume).
uint64_t caret_atk_key_post(const caret_atk_key *key);
/// A handed key's answer: 1 a listener consumed it, 0 none did, -1 not answered yet.
int caret_atk_key_verdict(uint64_t serial);

/// Watches org.a11y.Status on the session's accessibility bus launcher (PropertiesChanged of
/// IsEnabled and ScreenReaderEnabled, and the launcher leaving or coming back) on a thread of its
/// own; `changed(context)` is called on that thread after each change. 0, or -1 and a message
/// (no session bus).
int caret_atk_status_watch_start(void (*changed)(void *context), void *context, char **error);
/// The last status seen: bit 0 IsEnabled, bit 1 ScreenReaderEnabled; -1 no launcher on the bus.
int caret_atk_status_watch_state(void);
/// Stops watching and joins the watch's thread.
void caret_atk_status_watch_stop(void);

void caret_atk_focus(int64_t id, int focused);
void caret_atk_state_changed(int64_t id, int state, int value);
void caret_atk_name_changed(int64_t id);
void caret_atk_text_inserted(int64_t id, int offset, int length, const char *text);
void caret_atk_text_removed(int64_t id, int offset, int length, const char *text);
void caret_atk_caret_moved(int64_t id, int offset);
void caret_atk_selection_changed(int64_t id);
void caret_atk_children_changed(int64_t id);
void caret_atk_announce(int64_t id, const char *text);
/// The window (id 1) became active (1) or inactive (0): AtkWindow's activate or deactivate.
void caret_atk_window_activated(int active);
/// The object for an id left the tree: it is defunct and forgotten.
void caret_atk_forget(int64_t id);

#endif
