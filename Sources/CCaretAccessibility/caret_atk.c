// SPDX-License-Identifier: Apache-2.0
// Caret's accessibility tree as ATK objects, published on AT-SPI2 by at-spi2-atk's bridge.
// Every answer is asked of the callbacks (Caret's Swift side); nothing of the tree is kept here
// but one ATK object per id and the strings ATK wants to stay alive.
#include "caret_atk.h"
#include "caret_atk_private.h"

#include <at-spi2-atk/2.0/atk-bridge.h>
#include <atk/atk.h>
#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "caret_atk_load.h"

static caret_atk_callbacks cb;
static GHashTable *objects;  // id -> CaretAtkObject (a reference)
static char *application_name;
static int started;
// An announcement, as every Orca hears it: a notification under the window, named with the text,
// shown (object:state-changed:showing). Orca 43 (Debian 12) has no handler for ATK's
// "announcement" signal and said nothing; it speaks a notification that shows, as it does a
// desktop's, and later Orcas do too (the signal is not sent as well: they would say it twice).
static AtkObject *notice;
static gint live_objects;    // CaretAtkObjects alive, whoever holds them (atomic)
static AtkUtilClass *util_class;  // our reference to ATK's util class, while started

typedef struct {
    AtkObject parent;
    gint64 id;
    char *name, *description, *action_name, *language;
} CaretAtkObject;
typedef struct {
    AtkObjectClass parent_class;
} CaretAtkObjectClass;
typedef struct {
    CaretAtkObject parent;
} CaretAtkText;
typedef struct {
    CaretAtkObjectClass parent_class;
} CaretAtkTextClass;
typedef struct {
    CaretAtkObject parent;
} CaretAtkTable;
typedef struct {
    CaretAtkObjectClass parent_class;
} CaretAtkTableClass;
typedef struct {
    CaretAtkObject parent;
} CaretAtkTableCell;
typedef struct {
    CaretAtkObjectClass parent_class;
} CaretAtkTableCellClass;
typedef struct {
    CaretAtkObject parent;
} CaretAtkWindow;
typedef struct {
    CaretAtkObjectClass parent_class;
} CaretAtkWindowClass;

static void component_init(AtkComponentIface *iface);
static void action_init(AtkActionIface *iface);
static void text_init(AtkTextIface *iface);
static void editable_init(AtkEditableTextIface *iface);
static void table_init(AtkTableIface *iface);
static void table_cell_init(AtkTableCellIface *iface);

G_DEFINE_TYPE_WITH_CODE(CaretAtkObject, caret_atk_object, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, component_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_init))
G_DEFINE_TYPE_WITH_CODE(CaretAtkText, caret_atk_text, caret_atk_object_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, editable_init))
// A table view: AtkTable over its rows, one column (Orca reads "row 3 of 40"); its rows are
// AtkTableCells that know their place.
G_DEFINE_TYPE_WITH_CODE(CaretAtkTable, caret_atk_table, caret_atk_object_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, table_init))
G_DEFINE_TYPE_WITH_CODE(CaretAtkTableCell, caret_atk_table_cell, caret_atk_object_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE_CELL, table_cell_init))
// The window (id 1): an AtkWindow, whose activate and deactivate signals at-spi2-atk sends as
// window:activate and window:deactivate (Orca presents the window on them, as for GTK's).
static void window_iface_init(AtkWindowIface *iface) { (void)iface; }
G_DEFINE_TYPE_WITH_CODE(CaretAtkWindow, caret_atk_window, caret_atk_object_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, window_iface_init))

static gint64 id_of(gpointer object) { return ((CaretAtkObject *)object)->id; }

/// Replaces a kept string with a callback's answer (malloc'd, freed here); returns the kept one.
static const char *keep(char **slot, char *answer) {
    g_free(*slot);
    *slot = answer ? g_strdup(answer) : NULL;
    free(answer);
    return *slot;
}

static AtkObject *object_for(gint64 id) {
    if (id < 0 || !objects) return NULL;
    AtkObject *object = g_hash_table_lookup(objects, &id);
    if (object) return object;
    int is_text = id > 1 && cb.is_text && cb.is_text(cb.context, id);
    int role = id > 1 && !is_text ? cb.role(cb.context, id) : -1;
    GType type = id == 1 ? caret_atk_window_get_type()
                 : is_text ? caret_atk_text_get_type()
                 : role == CARET_ATK_ROLE_TABLE && cb.table_rows ? caret_atk_table_get_type()
                 : role == CARET_ATK_ROLE_TABLE_CELL && cb.table_row_of ? caret_atk_table_cell_get_type()
                                                                         : caret_atk_object_get_type();
    CaretAtkObject *made = g_object_new(type, NULL);
    made->id = id;
    gint64 *key = g_new(gint64, 1);
    *key = id;
    g_hash_table_insert(objects, key, made);
    return ATK_OBJECT(made);
}

// MARK: AtkObject

static const gchar *object_get_name(AtkObject *object) {
    CaretAtkObject *self = (CaretAtkObject *)object;
    if (self->id == 0) return application_name;
    return keep(&self->name, cb.name(cb.context, self->id));
}

static const gchar *object_get_description(AtkObject *object) {
    CaretAtkObject *self = (CaretAtkObject *)object;
    return keep(&self->description, cb.description(cb.context, self->id));
}

static gint object_get_n_children(AtkObject *object) { return cb.child_count(cb.context, id_of(object)); }

static AtkObject *object_ref_child(AtkObject *object, gint index) {
    AtkObject *child = object_for(cb.child_at(cb.context, id_of(object), index));
    return child ? g_object_ref(child) : NULL;
}

static AtkObject *object_get_parent(AtkObject *object) { return object_for(cb.parent(cb.context, id_of(object))); }

// A field's label (labelled-by) and the fields a label names (label-for), as GTK relates a
// GtkLabel to its mnemonic widget: screen readers read the label with the field.
static void add_relation(AtkRelationSet *set, const int64_t *ids, int count, AtkRelationType type) {
    if (count <= 0) return;
    AtkObject **targets = g_new0(AtkObject *, count);
    int found = 0;
    for (int i = 0; i < count; i++) {
        AtkObject *target = object_for(ids[i]);
        if (target) targets[found++] = target;
    }
    if (found > 0) {
        AtkRelation *relation = atk_relation_new(targets, found, type);
        atk_relation_set_add(set, relation);
        g_object_unref(relation);
    }
    g_free(targets);
}

static AtkRelationSet *object_ref_relation_set(AtkObject *object) {
    AtkRelationSet *set = atk_relation_set_new();
    gint64 id = id_of(object);
    if (id < 2 || !cb.relations) return set;
    int64_t *labels = NULL, *labelled = NULL;
    int label_count = cb.relations(cb.context, id, 0, &labels);
    int labelled_count = cb.relations(cb.context, id, 1, &labelled);
    add_relation(set, labels, label_count, ATK_RELATION_LABELLED_BY);
    add_relation(set, labelled, labelled_count, ATK_RELATION_LABEL_FOR);
    free(labels);
    free(labelled);
    return set;
}

static gint object_get_index_in_parent(AtkObject *object) { return cb.index_in_parent(cb.context, id_of(object)); }

static AtkRole role_of(int role) {
    switch (role) {
    case CARET_ATK_ROLE_APPLICATION: return ATK_ROLE_APPLICATION;
    case CARET_ATK_ROLE_FRAME: return ATK_ROLE_FRAME;
    case CARET_ATK_ROLE_LABEL: return ATK_ROLE_LABEL;
    case CARET_ATK_ROLE_PUSH_BUTTON: return ATK_ROLE_PUSH_BUTTON;
    case CARET_ATK_ROLE_TOGGLE_BUTTON: return ATK_ROLE_TOGGLE_BUTTON;
    case CARET_ATK_ROLE_ENTRY: return ATK_ROLE_ENTRY;
    case CARET_ATK_ROLE_PASSWORD_TEXT: return ATK_ROLE_PASSWORD_TEXT;
    case CARET_ATK_ROLE_TEXT: return ATK_ROLE_TEXT;
    case CARET_ATK_ROLE_HEADING: return ATK_ROLE_HEADING;
    case CARET_ATK_ROLE_IMAGE: return ATK_ROLE_IMAGE;
    case CARET_ATK_ROLE_LINK: return ATK_ROLE_LINK;
    case CARET_ATK_ROLE_SLIDER: return ATK_ROLE_SLIDER;
    case CARET_ATK_ROLE_KEYBOARD: return ATK_ROLE_PANEL;
    case CARET_ATK_ROLE_KEY: return ATK_ROLE_PUSH_BUTTON;
    case CARET_ATK_ROLE_DIALOG: return ATK_ROLE_DIALOG;
    case CARET_ATK_ROLE_SEARCH: return ATK_ROLE_ENTRY;
    case CARET_ATK_ROLE_STATIC: return ATK_ROLE_STATIC;
    case CARET_ATK_ROLE_TABLE: return ATK_ROLE_TABLE;
    case CARET_ATK_ROLE_TABLE_CELL: return ATK_ROLE_TABLE_CELL;
    default: return ATK_ROLE_PANEL;
    }
}

static AtkRole object_get_role(AtkObject *object) {
    gint64 id = id_of(object);
    if (id == 0) return ATK_ROLE_APPLICATION;
    return role_of(cb.role(cb.context, id));
}

static AtkStateSet *object_ref_state_set(AtkObject *object) {
    AtkStateSet *set = atk_state_set_new();
    gint64 id = id_of(object);
    if (id == 0) return set;
    uint64_t bits = cb.states(cb.context, id);
    static const struct { uint64_t bit; AtkStateType state; } map[] = {
        {CARET_ATK_STATE_ENABLED, ATK_STATE_ENABLED}, {CARET_ATK_STATE_SENSITIVE, ATK_STATE_SENSITIVE},
        {CARET_ATK_STATE_SHOWING, ATK_STATE_SHOWING}, {CARET_ATK_STATE_VISIBLE, ATK_STATE_VISIBLE},
        {CARET_ATK_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {CARET_ATK_STATE_FOCUSED, ATK_STATE_FOCUSED},
        {CARET_ATK_STATE_EDITABLE, ATK_STATE_EDITABLE}, {CARET_ATK_STATE_SINGLE_LINE, ATK_STATE_SINGLE_LINE},
        {CARET_ATK_STATE_MULTI_LINE, ATK_STATE_MULTI_LINE}, {CARET_ATK_STATE_SELECTED, ATK_STATE_SELECTED},
        {CARET_ATK_STATE_ACTIVE, ATK_STATE_ACTIVE}, {CARET_ATK_STATE_MODAL, ATK_STATE_MODAL},
        {CARET_ATK_STATE_CHECKED, ATK_STATE_CHECKED}, {CARET_ATK_STATE_SELECTABLE_TEXT, ATK_STATE_SELECTABLE_TEXT},
        {CARET_ATK_STATE_SELECTABLE, ATK_STATE_SELECTABLE}, {CARET_ATK_STATE_MULTISELECTABLE, ATK_STATE_MULTISELECTABLE},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (bits & map[i].bit) atk_state_set_add_state(set, map[i].state);
    return set;
}

static const gchar *object_get_locale(AtkObject *object) {
    CaretAtkObject *self = (CaretAtkObject *)object;
    if (!cb.language) return NULL;
    return keep(&self->language, cb.language(cb.context, self->id));
}

static void caret_atk_object_finalize(GObject *object) {
    CaretAtkObject *self = (CaretAtkObject *)object;
    g_free(self->name);
    g_free(self->description);
    g_free(self->action_name);
    g_free(self->language);
    g_atomic_int_add(&live_objects, -1);
    G_OBJECT_CLASS(caret_atk_object_parent_class)->finalize(object);
}

static void caret_atk_object_class_init(CaretAtkObjectClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = object_get_name;
    atk->get_description = object_get_description;
    atk->get_n_children = object_get_n_children;
    atk->ref_child = object_ref_child;
    atk->get_parent = object_get_parent;
    atk->get_index_in_parent = object_get_index_in_parent;
    atk->get_role = object_get_role;
    atk->ref_state_set = object_ref_state_set;
    atk->ref_relation_set = object_ref_relation_set;
    atk->get_object_locale = object_get_locale;
    G_OBJECT_CLASS(klass)->finalize = caret_atk_object_finalize;
}

static void caret_atk_object_init(CaretAtkObject *self) {
    (void)self;
    g_atomic_int_inc(&live_objects);
}
static void caret_atk_text_class_init(CaretAtkTextClass *klass) { (void)klass; }
static void caret_atk_text_init(CaretAtkText *self) { (void)self; }
static void caret_atk_table_class_init(CaretAtkTableClass *klass) { (void)klass; }
static void caret_atk_table_init(CaretAtkTable *self) { (void)self; }
static void caret_atk_table_cell_class_init(CaretAtkTableCellClass *klass) { (void)klass; }
static void caret_atk_table_cell_init(CaretAtkTableCell *self) { (void)self; }
static void caret_atk_window_class_init(CaretAtkWindowClass *klass) { (void)klass; }
static void caret_atk_window_init(CaretAtkWindow *self) { (void)self; }

int caret_atk_live_objects(void) { return g_atomic_int_get(&live_objects); }

// MARK: AtkComponent

static void window_origin(int *x, int *y) {
    int w = 0, h = 0;
    *x = 0;
    *y = 0;
    cb.extents(cb.context, 1, x, y, &w, &h);
}

static void component_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height,
                                  AtkCoordType coords) {
    int ex = 0, ey = 0, ew = 0, eh = 0;
    cb.extents(cb.context, id_of(component), &ex, &ey, &ew, &eh);
    if (coords == ATK_XY_WINDOW) {
        int ox, oy;
        window_origin(&ox, &oy);
        ex -= ox;
        ey -= oy;
    }
    if (x) *x = ex;
    if (y) *y = ey;
    if (width) *width = ew;
    if (height) *height = eh;
}

static gboolean component_grab_focus(AtkComponent *component) {
    return cb.grab_focus(cb.context, id_of(component)) != 0;
}

static void component_init(AtkComponentIface *iface) {
    iface->get_extents = component_get_extents;
    iface->grab_focus = component_grab_focus;
}

// MARK: AtkAction

static gint action_get_n_actions(AtkAction *action) { return cb.action_count(cb.context, id_of(action)); }

static gboolean action_do_action(AtkAction *action, gint index) {
    return cb.do_action(cb.context, id_of(action), index) != 0;
}

static const gchar *action_get_name(AtkAction *action, gint index) {
    CaretAtkObject *self = (CaretAtkObject *)action;
    return keep(&self->action_name, cb.action_name(cb.context, self->id, index));
}

static void action_init(AtkActionIface *iface) {
    iface->get_n_actions = action_get_n_actions;
    iface->do_action = action_do_action;
    iface->get_name = action_get_name;
}

// MARK: AtkText (character offsets)

// Every read asks for the characters it needs only: a long text costs what a short one does.
static gchar *text_get_text(AtkText *object, gint start, gint end) {
    if (start < 0) start = 0;
    char *answer = cb.text(cb.context, id_of(object), start, end);
    gchar *text = g_strdup(answer ? answer : "");
    free(answer);
    return text;
}

static gint text_get_character_count(AtkText *object) { return cb.character_count(cb.context, id_of(object)); }

static gunichar text_get_character_at_offset(AtkText *object, gint offset) {
    if (offset < 0) return 0;
    gchar *text = text_get_text(object, offset, offset + 1);
    gunichar c = *text ? g_utf8_get_char(text) : 0;
    g_free(text);
    return c;
}

static gint text_get_caret_offset(AtkText *object) {
    int start = 0, end = 0;
    cb.selection(cb.context, id_of(object), &start, &end);
    return end;
}

static gboolean text_set_caret_offset(AtkText *object, gint offset) {
    return cb.set_selection(cb.context, id_of(object), offset, offset) != 0;
}

static gint text_get_n_selections(AtkText *object) {
    int start = 0, end = 0;
    cb.selection(cb.context, id_of(object), &start, &end);
    return start != end;
}

static gchar *text_get_selection(AtkText *object, gint index, gint *start, gint *end) {
    int s = 0, e = 0;
    cb.selection(cb.context, id_of(object), &s, &e);
    if (index != 0 || s == e) {
        *start = *end = 0;
        return NULL;
    }
    *start = s;
    *end = e;
    return text_get_text(object, s, e);
}

static gboolean text_set_selection(AtkText *object, gint index, gint start, gint end) {
    if (index != 0) return FALSE;
    return cb.set_selection(cb.context, id_of(object), start, end) != 0;
}

static gboolean text_add_selection(AtkText *object, gint start, gint end) {
    return cb.set_selection(cb.context, id_of(object), start, end) != 0;
}

static gboolean text_remove_selection(AtkText *object, gint index) {
    if (index != 0) return FALSE;
    gint caret = text_get_caret_offset(object);
    return cb.set_selection(cb.context, id_of(object), caret, caret) != 0;
}

static void text_get_character_extents(AtkText *object, gint offset, gint *x, gint *y, gint *width, gint *height,
                                       AtkCoordType coords) {
    int ex = 0, ey = 0, ew = 0, eh = 0;
    cb.character_extents(cb.context, id_of(object), offset, &ex, &ey, &ew, &eh);
    if (coords == ATK_XY_WINDOW) {
        int ox, oy;
        window_origin(&ox, &oy);
        ex -= ox;
        ey -= oy;
    }
    *x = ex;
    *y = ey;
    *width = ew;
    *height = eh;
}

static gint text_get_offset_at_point(AtkText *object, gint x, gint y, AtkCoordType coords) {
    if (coords == ATK_XY_WINDOW) {
        int ox, oy;
        window_origin(&ox, &oy);
        x += ox;
        y += oy;
    }
    return cb.offset_at_point(cb.context, id_of(object), x, y);
}

/// The character, word, sentence, line or paragraph at an offset, as Caret segments and lays out.
static gchar *text_get_string_at_offset(AtkText *object, gint offset, AtkTextGranularity granularity, gint *start,
                                        gint *end) {
    int unit = CARET_ATK_UNIT_CHARACTER;
    switch (granularity) {
    case ATK_TEXT_GRANULARITY_CHAR: unit = CARET_ATK_UNIT_CHARACTER; break;
    case ATK_TEXT_GRANULARITY_WORD: unit = CARET_ATK_UNIT_WORD; break;
    case ATK_TEXT_GRANULARITY_SENTENCE: unit = CARET_ATK_UNIT_SENTENCE; break;
    case ATK_TEXT_GRANULARITY_LINE: unit = CARET_ATK_UNIT_LINE; break;
    case ATK_TEXT_GRANULARITY_PARAGRAPH: unit = CARET_ATK_UNIT_PARAGRAPH; break;
    }
    int s = offset, e = offset;
    cb.unit_range(cb.context, id_of(object), offset, unit, &s, &e);
    *start = s;
    *end = e;
    return text_get_text(object, s, e);
}

/// The older boundary calls (Orca 43 reads lines with them): a *_START boundary is the unit as
/// above; an *_END boundary is read as the same unit (its spaces then trail, not lead).
static int unit_of_boundary(AtkTextBoundary boundary) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_CHAR: return CARET_ATK_UNIT_CHARACTER;
    case ATK_TEXT_BOUNDARY_WORD_START: case ATK_TEXT_BOUNDARY_WORD_END: return CARET_ATK_UNIT_WORD;
    case ATK_TEXT_BOUNDARY_SENTENCE_START: case ATK_TEXT_BOUNDARY_SENTENCE_END: return CARET_ATK_UNIT_SENTENCE;
    default: return CARET_ATK_UNIT_LINE;
    }
}

/// The unit at, before (-1) or after (+1) the one holding an offset; empty past either end.
static gchar *text_unit_near(AtkText *object, gint offset, AtkTextBoundary boundary, int step, gint *start, gint *end) {
    int unit = unit_of_boundary(boundary);
    int s = offset, e = offset;
    cb.unit_range(cb.context, id_of(object), offset, unit, &s, &e);
    if (step != 0) {
        int count = cb.character_count(cb.context, id_of(object));
        int from = step < 0 ? s - 1 : e;
        if (from < 0 || from >= count || (step > 0 && e <= s)) {
            *start = *end = step < 0 ? 0 : count;
            return g_strdup("");
        }
        cb.unit_range(cb.context, id_of(object), from, unit, &s, &e);
    }
    *start = s;
    *end = e;
    return text_get_text(object, s, e);
}

static gchar *text_get_text_at_offset(AtkText *object, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return text_unit_near(object, offset, boundary, 0, start, end);
}

static gchar *text_get_text_before_offset(AtkText *object, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return text_unit_near(object, offset, boundary, -1, start, end);
}

static gchar *text_get_text_after_offset(AtkText *object, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return text_unit_near(object, offset, boundary, 1, start, end);
}

static void text_init(AtkTextIface *iface) {
    iface->get_text = text_get_text;
    iface->get_character_count = text_get_character_count;
    iface->get_character_at_offset = text_get_character_at_offset;
    iface->get_caret_offset = text_get_caret_offset;
    iface->set_caret_offset = text_set_caret_offset;
    iface->get_n_selections = text_get_n_selections;
    iface->get_selection = text_get_selection;
    iface->set_selection = text_set_selection;
    iface->add_selection = text_add_selection;
    iface->remove_selection = text_remove_selection;
    iface->get_character_extents = text_get_character_extents;
    iface->get_offset_at_point = text_get_offset_at_point;
    iface->get_string_at_offset = text_get_string_at_offset;
    iface->get_text_at_offset = text_get_text_at_offset;
    iface->get_text_before_offset = text_get_text_before_offset;
    iface->get_text_after_offset = text_get_text_after_offset;
}

// MARK: AtkEditableText (through the app's change path: its delegate is asked)

static void editable_set_text_contents(AtkEditableText *object, const gchar *string) {
    cb.replace_text(cb.context, id_of(object), 0, -1, string ? string : "");
}

static void editable_insert_text(AtkEditableText *object, const gchar *string, gint length, gint *position) {
    gchar *text = length < 0 ? g_strdup(string) : g_strndup(string, (gsize)length);
    if (cb.replace_text(cb.context, id_of(object), *position, *position, text))
        *position += (gint)g_utf8_strlen(text, -1);
    g_free(text);
}

static void editable_delete_text(AtkEditableText *object, gint start, gint end) {
    cb.replace_text(cb.context, id_of(object), start, end, "");
}

// MARK: AtkTable and AtkTableCell

static AtkObject *table_ref_at(AtkTable *table, gint row, gint column) {
    if (column != 0) return NULL;
    AtkObject *cell = object_for(cb.table_cell(cb.context, id_of(table), row));
    return cell ? g_object_ref(cell) : NULL;
}

static gint table_get_index_at(AtkTable *table, gint row, gint column) {
    if (column != 0) return -1;
    gint64 cell = cb.table_cell(cb.context, id_of(table), row);
    return cell < 0 ? -1 : cb.index_in_parent(cb.context, cell);
}

static gint table_get_row_at_index(AtkTable *table, gint index) {
    gint64 child = cb.child_at(cb.context, id_of(table), index);
    return child < 0 ? -1 : cb.table_row_of(cb.context, id_of(table), child);
}

static gint table_get_column_at_index(AtkTable *table, gint index) { return table_get_row_at_index(table, index) < 0 ? -1 : 0; }
static gint table_get_n_rows(AtkTable *table) { return cb.table_rows(cb.context, id_of(table)); }
static gint table_get_n_columns(AtkTable *table) { return cb.table_rows(cb.context, id_of(table)) > 0 ? 1 : 0; }

/// The selected rows (AtkTable's: g_malloc'd), asked once.
static gint table_get_selected_rows(AtkTable *table, gint **selected) {
    int *rows = NULL;
    int count = cb.table_selected_rows ? cb.table_selected_rows(cb.context, id_of(table), &rows) : 0;
    if (selected) *selected = count > 0 ? g_memdup2(rows, (gsize)count * sizeof(gint)) : NULL;
    free(rows);
    return count;
}

static gboolean table_is_row_selected(AtkTable *table, gint row) {
    gint *rows = NULL;
    gint count = table_get_selected_rows(table, &rows);
    gboolean found = FALSE;
    for (gint i = 0; i < count && !found; i++) found = rows[i] == row;
    g_free(rows);
    return found;
}

static gboolean table_is_selected(AtkTable *table, gint row, gint column) { return column == 0 && table_is_row_selected(table, row); }

static void table_init(AtkTableIface *iface) {
    iface->ref_at = table_ref_at;
    iface->get_index_at = table_get_index_at;
    iface->get_row_at_index = table_get_row_at_index;
    iface->get_column_at_index = table_get_column_at_index;
    iface->get_n_rows = table_get_n_rows;
    iface->get_n_columns = table_get_n_columns;
    iface->get_selected_rows = table_get_selected_rows;
    iface->is_row_selected = table_is_row_selected;
    iface->is_selected = table_is_selected;
}

static gboolean table_cell_get_position(AtkTableCell *cell, gint *row, gint *column) {
    gint64 table = cb.parent(cb.context, id_of(cell));
    int found = table < 0 ? -1 : cb.table_row_of(cb.context, table, id_of(cell));
    if (row) *row = found;
    if (column) *column = found < 0 ? -1 : 0;
    return found >= 0;
}

static gint table_cell_get_span(AtkTableCell *cell) { (void)cell; return 1; }

static AtkObject *table_cell_get_table(AtkTableCell *cell) {
    AtkObject *table = object_for(cb.parent(cb.context, id_of(cell)));
    return table ? g_object_ref(table) : NULL;
}

static void table_cell_init(AtkTableCellIface *iface) {
    iface->get_position = table_cell_get_position;
    iface->get_row_span = table_cell_get_span;
    iface->get_column_span = table_cell_get_span;
    iface->get_table = table_cell_get_table;
}

static void editable_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = editable_set_text_contents;
    iface->insert_text = editable_insert_text;
    iface->delete_text = editable_delete_text;
}

// MARK: The bridge

static AtkObject *util_get_root(void) { return object_for(0); }
static const gchar *util_get_toolkit_name(void) { return "Caret"; }
static const gchar *util_get_toolkit_version(void) { return "1.0"; }

// MARK: Key listeners (ATK's key snooping, as GTK 3's gtkaccessibility.c keeps it)
//
// at-spi2-atk adds one listener when it starts (atk_add_key_event_listener) and removes it when
// it stops; each key it is given goes to the registry daemon (NotifyListenersSync) and comes back
// consumed or not. All three happen on the bridge's thread, so the list needs no lock; the count
// is atomic so that the app's thread can tell, for the price of one read, that nobody listens.

typedef struct {
    AtkKeySnoopFunc func;
    gpointer data;
    guint key;
} KeyListener;

static GSList *key_listeners;  // KeyListener *, on the bridge's thread only
static gint key_listener_count;
static guint last_listener_key;

static guint util_add_key_event_listener(AtkKeySnoopFunc func, gpointer data) {
    KeyListener *listener = g_new0(KeyListener, 1);
    listener->func = func;
    listener->data = data;
    listener->key = ++last_listener_key;
    key_listeners = g_slist_append(key_listeners, listener);
    g_atomic_int_inc(&key_listener_count);
    return listener->key;
}

static void util_remove_key_event_listener(guint key) {
    for (GSList *l = key_listeners; l; l = l->next) {
        KeyListener *listener = l->data;
        if (listener->key != key) continue;
        key_listeners = g_slist_delete_link(key_listeners, l);
        g_free(listener);
        g_atomic_int_add(&key_listener_count, -1);
        return;
    }
}

int caret_atk_key_listening(void) { return g_atomic_int_get(&key_listener_count) > 0; }

int caret_atk_call_key_listeners(const caret_atk_key *key) {
    AtkKeyEventStruct event = {
        .type = key->release ? ATK_KEY_EVENT_RELEASE : ATK_KEY_EVENT_PRESS,
        .state = key->state,
        .keyval = key->keyval,
        .length = key->length,
        .string = (gchar *)key->string,
        .keycode = key->keycode,
        .timestamp = key->timestamp,
    };
    int consumed = 0;
    // Every listener hears the key, as in GTK, even after one consumed it. A listener may remove
    // itself meanwhile (the bridge stopping): walk a copy.
    GSList *copy = g_slist_copy(key_listeners);
    for (GSList *l = copy; l; l = l->next) {
        if (!g_slist_find(key_listeners, l->data)) continue;
        KeyListener *listener = l->data;
        consumed |= listener->func(&event, listener->data) != 0;
    }
    g_slist_free(copy);
    return consumed;
}

int caret_atk_session_bus_known(void) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return 1;
    // No address: a bus at $XDG_RUNTIME_DIR/bus, or none (never X11 autolaunch, which starts a daemon).
    // Asked before GLib is opened: no session bus, no library.
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (!runtime) return 0;
    char path[4096];
    int length = snprintf(path, sizeof path, "%s/bus", runtime);
    return length > 0 && (size_t)length < sizeof path && access(path, F_OK) == 0;
}

int caret_atk_read_status(void *connection) {
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_sync(
        G_DBUS_CONNECTION(connection), "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "GetAll",
        g_variant_new("(s)", "org.a11y.Status"), G_VARIANT_TYPE("(a{sv})"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 1000,
        NULL, &error);
    if (!reply) {
        g_clear_error(&error);
        return -1;
    }
    gboolean enabled = FALSE, reader = FALSE;
    GVariant *properties = g_variant_get_child_value(reply, 0);
    g_variant_lookup(properties, "IsEnabled", "b", &enabled);
    g_variant_lookup(properties, "ScreenReaderEnabled", "b", &reader);
    g_variant_unref(properties);
    g_variant_unref(reply);
    return (enabled ? 1 : 0) | (reader ? 2 : 0);
}

int caret_atk_bus_wants_accessibility(void) {
    if (!caret_atk_session_bus_known() || caret_atk_open_glib(NULL, 0) != 0) return -1;
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) {
        g_clear_error(&error);
        return -1;
    }
    int status = caret_atk_read_status(bus);
    g_object_unref(bus);
    return status < 0 ? -1 : status != 0;
}

int caret_atk_begin(const caret_atk_callbacks *callbacks, const char *name, char **error) {
    if (started) return 0;
    cb = *callbacks;
    g_free(application_name);
    application_name = g_strdup(name ? name : "Caret");
    g_set_prgname(application_name);
    objects = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    util_class = ATK_UTIL_CLASS(g_type_class_ref(ATK_TYPE_UTIL));
    util_class->get_root = util_get_root;
    util_class->get_toolkit_name = util_get_toolkit_name;
    util_class->get_toolkit_version = util_get_toolkit_version;
    util_class->add_key_event_listener = util_add_key_event_listener;
    util_class->remove_key_event_listener = util_remove_key_event_listener;
    if (atk_bridge_adaptor_init(NULL, NULL) != 0) {
        if (error) *error = strdup("at-spi2-atk could not reach the accessibility bus");
        g_hash_table_destroy(objects);
        objects = NULL;
        g_type_class_unref(util_class);
        util_class = NULL;
        return -1;
    }
    started = 1;
    return 0;
}

void caret_atk_end(void) {
    if (!started) return;
    gint64 root_id = 0;
    AtkObject *root = g_hash_table_lookup(objects, &root_id);
    if (root) g_object_ref(root);  // ours, to look at it once everyone else let go
    if (notice) g_object_unref(notice);
    notice = NULL;
    atk_bridge_adaptor_cleanup();  // removes its key listener and lets go of the objects it held
    // ATK keeps a reference on the object last focused (atk_focus_tracker_notify) until another
    // one is: let it go (no tracker is called for none).
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    atk_focus_tracker_notify(NULL);
    G_GNUC_END_IGNORE_DEPRECATIONS
    started = 0;
    g_hash_table_destroy(objects);
    objects = NULL;
    // at-spi2-atk (2.46) takes a reference on the root in atk_bridge_adaptor_init and its cleanup
    // never gives it back: with ours, two are left then, and nobody else may hold the root once
    // the bridge is gone. Give that one back, so a bridge that stops leaves no object behind
    // (a version that fixed it leaves ours alone: then nothing is done twice).
    if (root) {
        if (g_atomic_int_get(&G_OBJECT(root)->ref_count) == 2) g_object_unref(root);
        g_object_unref(root);
    }
    g_type_class_unref(util_class);
    util_class = NULL;
}

static AtkObject *known(int64_t id) { return started && objects ? g_hash_table_lookup(objects, &id) : NULL; }

static void emit_focus(int64_t id, int focused) {
    AtkObject *object = focused ? object_for(id) : known(id);
    if (!started || !object) return;
    atk_object_notify_state_change(object, ATK_STATE_FOCUSED, focused != 0);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (focused) atk_focus_tracker_notify(object);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

static const AtkStateType state_types[] = {ATK_STATE_ENABLED, ATK_STATE_SELECTED, ATK_STATE_CHECKED, ATK_STATE_SHOWING};

static void emit_state_changed(int64_t id, int state, int value) {
    AtkObject *object = known(id);
    if (!object || state < 0 || state >= (int)(sizeof state_types / sizeof state_types[0])) return;
    atk_object_notify_state_change(object, state_types[state], value != 0);
    if (state == 0) atk_object_notify_state_change(object, ATK_STATE_SENSITIVE, value != 0);
}

static void emit_name_changed(int64_t id) {
    AtkObject *object = known(id);
    if (object) g_object_notify(G_OBJECT(object), "accessible-name");
}

static void emit_text_inserted(int64_t id, int offset, int length, const char *text) {
    AtkObject *object = known(id);
    if (object) g_signal_emit_by_name(object, "text-insert", offset, length, text);
}

static void emit_text_removed(int64_t id, int offset, int length, const char *text) {
    AtkObject *object = known(id);
    if (object) g_signal_emit_by_name(object, "text-remove", offset, length, text);
}

static void emit_caret_moved(int64_t id, int offset) {
    AtkObject *object = known(id);
    if (object) g_signal_emit_by_name(object, "text-caret-moved", offset);
}

static void emit_selection_changed(int64_t id) {
    AtkObject *object = known(id);
    if (object) g_signal_emit_by_name(object, "text-selection-changed");
}

static void emit_children_changed(int64_t id) {
    AtkObject *object = known(id);
    if (!object) return;
    g_signal_emit_by_name(object, "visible-data-changed");
    AtkObject *first = cb.child_count(cb.context, id) > 0 ? object_for(cb.child_at(cb.context, id, 0)) : NULL;
    if (first) g_signal_emit_by_name(object, "children-changed::add", 0, first);
}

// The notification: visible and showing (Orca ignores an event whose source has no states).
typedef struct {
    AtkObject parent;
} CaretAtkNotice;
typedef struct {
    AtkObjectClass parent_class;
} CaretAtkNoticeClass;
G_DEFINE_TYPE(CaretAtkNotice, caret_atk_notice, ATK_TYPE_OBJECT)

static AtkStateSet *notice_ref_state_set(AtkObject *object) {
    (void)object;
    AtkStateSet *states = atk_state_set_new();
    atk_state_set_add_state(states, ATK_STATE_VISIBLE);
    atk_state_set_add_state(states, ATK_STATE_SHOWING);
    return states;
}

static void caret_atk_notice_class_init(CaretAtkNoticeClass *class) { ATK_OBJECT_CLASS(class)->ref_state_set = notice_ref_state_set; }
static void caret_atk_notice_init(CaretAtkNotice *notice) { (void)notice; }

static void emit_announce(int64_t id, const char *text) {
    AtkObject *window = started ? object_for(id) : NULL;
    if (!window) return;
    // A new one each time, under the window it is for: a screen reader reads the name when it
    // handles the event, after a second announcement would have renamed a shared one.
    if (notice) g_object_unref(notice);
    notice = g_object_new(caret_atk_notice_get_type(), NULL);
    atk_object_set_role(notice, ATK_ROLE_NOTIFICATION);
    atk_object_set_parent(notice, window);
    atk_object_set_name(notice, text);
    atk_object_notify_state_change(notice, ATK_STATE_SHOWING, TRUE);
}

static void emit_forget(int64_t id) {
    AtkObject *object = known(id);
    if (!object) return;
    atk_object_notify_state_change(object, ATK_STATE_DEFUNCT, TRUE);
    g_hash_table_remove(objects, &id);
}

static void emit_window_activated(int active) {
    AtkObject *object = started ? object_for(1) : NULL;
    if (!object) return;
    atk_object_notify_state_change(object, ATK_STATE_ACTIVE, active != 0);
    g_signal_emit_by_name(object, active ? "activate" : "deactivate");
}

void caret_atk_emit(const caret_atk_event *event) {
    switch (event->kind) {
    case CARET_ATK_EVENT_FOCUS: emit_focus(event->id, event->a); break;
    case CARET_ATK_EVENT_STATE: emit_state_changed(event->id, event->a, event->b); break;
    case CARET_ATK_EVENT_NAME: emit_name_changed(event->id); break;
    case CARET_ATK_EVENT_INSERT: emit_text_inserted(event->id, event->a, event->b, event->text); break;
    case CARET_ATK_EVENT_REMOVE: emit_text_removed(event->id, event->a, event->b, event->text); break;
    case CARET_ATK_EVENT_CARET: emit_caret_moved(event->id, event->a); break;
    case CARET_ATK_EVENT_SELECTION: emit_selection_changed(event->id); break;
    case CARET_ATK_EVENT_CHILDREN: emit_children_changed(event->id); break;
    case CARET_ATK_EVENT_ANNOUNCE: emit_announce(event->id, event->text); break;
    case CARET_ATK_EVENT_FORGET: emit_forget(event->id); break;
    case CARET_ATK_EVENT_WINDOW: emit_window_activated(event->a); break;
    }
}
