// SPDX-License-Identifier: Apache-2.0
// The m17n part of the composition engines' shim: see include/caret_compose.h.
#include "caret_compose.h"

#include <m17n.h>
#include <m17n-misc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caret_engines.h"

// libm17n (with libm17n-core, which it needs), opened when a transliterating language is first
// chosen (caret_engines.h): its functions and the symbols and error code it exports.
#define CARET_M17N_FUNCTIONS(X) \
    X(m17n_init) X(m17n_object_unref) X(mconv_encode_buffer) X(minput_close_im) X(minput_config_variable) \
    X(minput_create_ic) X(minput_destroy_ic) X(minput_filter) X(minput_lookup) X(minput_open_im) X(minput_reset_ic) \
    X(mplist) X(mplist_add) X(mplist_key) X(mplist_next) X(mplist_value) X(msymbol) X(mtext) X(mtext_cat) \
    X(mtext_cat_char) X(mtext_len) X(mtext_ref_char) X(Mcoding_utf_8) X(Minteger) X(Mnil) X(Mtext) X(merror_code)
CARET_DEFINE_LIBRARY(m17n, CARET_M17N_FUNCTIONS, "libm17n.so.0")
int caret_m17n_findable(char *error, size_t error_size) { return m17n_findable(error, error_size); }

#define m17n_init m17n.m17n_init
#define m17n_object_unref m17n.m17n_object_unref
#define mconv_encode_buffer m17n.mconv_encode_buffer
#define minput_close_im m17n.minput_close_im
#define minput_config_variable m17n.minput_config_variable
#define minput_create_ic m17n.minput_create_ic
#define minput_destroy_ic m17n.minput_destroy_ic
#define minput_filter m17n.minput_filter
#define minput_lookup m17n.minput_lookup
#define minput_open_im m17n.minput_open_im
#define minput_reset_ic m17n.minput_reset_ic
#define mplist m17n.mplist
#define mplist_add m17n.mplist_add
#define mplist_key m17n.mplist_key
#define mplist_next m17n.mplist_next
#define mplist_value m17n.mplist_value
#define msymbol m17n.msymbol
#define mtext m17n.mtext
#define mtext_cat m17n.mtext_cat
#define mtext_cat_char m17n.mtext_cat_char
#define mtext_len m17n.mtext_len
#define mtext_ref_char m17n.mtext_ref_char
#define Mcoding_utf_8 (*m17n.Mcoding_utf_8)
#define Minteger (*m17n.Minteger)
#define Mnil (*m17n.Mnil)
#define Mtext (*m17n.Mtext)
#define merror_code (*m17n.merror_code)

static int m17n_started;

int caret_m17n_start(const char *directory, char *error, size_t error_size) {
    if (m17n_started) return 0;
    if (m17n_open(error, error_size) != 0) return -1;
    // m17n reads its database from M17NDIR, else from where it was built to look (Debian:
    // /usr/share/m17n); an app's other directory is named before the library starts.
    if (directory && *directory) setenv("M17NDIR", directory, 1);
    M17N_INIT();
    if (merror_code != MERROR_NONE) {
        if (error && error_size) snprintf(error, error_size, "libm17n did not start (error %d)", (int)merror_code);
        return -1;
    }
    m17n_started = 1;
    return 0;
}

void *caret_m17n_new(const char *language, const char *name, char *error, size_t error_size) {
    if (!m17n_started) {
        if (error && error_size) snprintf(error, error_size, "libm17n has not started");
        return NULL;
    }
    // A method that hides its candidates unless asked (Swanalekha's show-lookup) shows them: on
    // a touch screen the bar is the only way to its alternatives. A method without the variable
    // is left as it is (Telex's vowel alternates stay hidden, so the bar completes words).
    MPlist *value = mplist();
    mplist_add(value, Minteger, (void *)1);
    minput_config_variable(msymbol(language), msymbol(name), msymbol("show-lookup"), value);
    m17n_object_unref(value);
    MInputMethod *method = minput_open_im(msymbol(language), msymbol(name), NULL);
    if (!method) {
        if (error && error_size) snprintf(error, error_size, "m17n has no input method %s-%s (or it does not load)", language, name);
        return NULL;
    }
    MInputContext *context = minput_create_ic(method, NULL);
    if (!context) {
        minput_close_im(method);
        if (error && error_size) snprintf(error, error_size, "m17n could not start %s-%s", language, name);
        return NULL;
    }
    return context;
}

void caret_m17n_delete(void *context) {
    if (!context) return;
    MInputContext *ic = context;
    MInputMethod *method = ic->im;
    minput_destroy_ic(ic);
    minput_close_im(method);
}

static char *utf8_from_mtext(MText *text) {
    int length = text ? mtext_len(text) : 0;
    size_t size = (size_t)length * 4 + 1;
    char *out = malloc(size);
    if (!out) return NULL;
    int bytes = length > 0 ? mconv_encode_buffer(Mcoding_utf_8, text, (unsigned char *)out, (int)size - 1) : 0;
    out[bytes < 0 ? 0 : bytes] = 0;
    return out;
}

int caret_m17n_key(void *context, const char *key, char **produced) {
    MInputContext *ic = context;
    MSymbol symbol = key && *key ? msymbol(key) : Mnil;
    int handled = 1;
    MText *text = mtext();
    // minput_filter is 0 when the key left text to collect (or was not the method's): the
    // lookup collects it, and is -1 when the key was not handled.
    if (!minput_filter(ic, symbol, NULL) && minput_lookup(ic, symbol, NULL, text) < 0) handled = 0;
    if (produced) *produced = utf8_from_mtext(text);
    m17n_object_unref(text);
    return handled;
}

char *caret_m17n_preedit(void *context, int *caret) {
    MInputContext *ic = context;
    if (caret) *caret = ic->cursor_pos;
    return utf8_from_mtext(ic->preedit);
}

char *caret_m17n_candidates(void *context, int *index, int *from, int *to) {
    MInputContext *ic = context;
    *index = 0;
    *from = ic->candidate_from;
    *to = ic->candidate_to;
    if (!ic->candidate_list || !ic->candidate_show) return NULL;
    *index = ic->candidate_index;
    // Groups of candidates: a text whose characters are each one, or a list of texts.
    MText *joined = mtext();
    int count = 0;
    for (MPlist *group = ic->candidate_list; mplist_key(group) != Mnil; group = mplist_next(group)) {
        if (mplist_key(group) == Mtext) {
            MText *characters = mplist_value(group);
            for (int i = 0; i < mtext_len(characters); i++) {
                if (count++) mtext_cat_char(joined, 0x1f);
                mtext_cat_char(joined, mtext_ref_char(characters, i));
            }
        } else {
            for (MPlist *item = mplist_value(group); mplist_key(item) != Mnil; item = mplist_next(item)) {
                if (count++) mtext_cat_char(joined, 0x1f);
                mtext_cat(joined, mplist_value(item));
            }
        }
    }
    char *out = count ? utf8_from_mtext(joined) : NULL;
    m17n_object_unref(joined);
    return out;
}

void caret_m17n_reset(void *context) {
    // The preedit is committed into a text thrown away first: resetting a context with a live
    // preedit is said to crash some versions (ibus-typing-booster works around it the same way).
    MText *discarded = mtext();
    if (!minput_filter(context, Mnil, NULL)) minput_lookup(context, Mnil, NULL, discarded);
    m17n_object_unref(discarded);
    minput_reset_ic(context);
}
