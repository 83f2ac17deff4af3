// SPDX-License-Identifier: Apache-2.0
// Caret's Hunspell shim: see include/caret_spell.h.
#include "caret_spell.h"

#include <hunspell/hunspell.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "caret_load.h"

// libhunspell, opened when the first dictionary is (caret_load.h).
#define CARET_HUNSPELL_FUNCTIONS(X) \
    X(Hunspell_create) X(Hunspell_destroy) X(Hunspell_get_dic_encoding) X(Hunspell_spell) X(Hunspell_suggest) \
    X(Hunspell_free_list) X(Hunspell_add) X(Hunspell_remove)
CARET_DEFINE_LIBRARY(hunspell_api, CARET_HUNSPELL_FUNCTIONS, "libhunspell-1.7.so.0")

int caret_spell_open_library(char *error, size_t error_size) { return hunspell_api_open(error, error_size); }

#define Hunspell_create hunspell_api.Hunspell_create
#define Hunspell_destroy hunspell_api.Hunspell_destroy
#define Hunspell_get_dic_encoding hunspell_api.Hunspell_get_dic_encoding
#define Hunspell_spell hunspell_api.Hunspell_spell
#define Hunspell_suggest hunspell_api.Hunspell_suggest
#define Hunspell_free_list hunspell_api.Hunspell_free_list
#define Hunspell_add hunspell_api.Hunspell_add
#define Hunspell_remove hunspell_api.Hunspell_remove

typedef struct {
    Hunhandle *hunspell;
    int utf8;            // the dictionary is in UTF-8: no conversion
    iconv_t to_dic;      // UTF-8 → the dictionary's encoding
    iconv_t from_dic;    // and back
} Dictionary;

static char *convert(iconv_t cd, const char *text) {
    size_t in_left = strlen(text), out_size = in_left * 4 + 8, out_left = out_size;
    char *out = malloc(out_size);
    if (!out) return NULL;
    char *in = (char *)text, *at = out;
    iconv(cd, NULL, NULL, NULL, NULL);
    if (iconv(cd, &in, &in_left, &at, &out_left) == (size_t)-1) {
        free(out);
        return NULL;
    }
    *at = 0;
    return out;
}

void *caret_spell_open(const char *aff_path, const char *dic_path) {
    if (caret_spell_open_library(NULL, 0) != 0) return NULL;
    Hunhandle *hunspell = Hunspell_create(aff_path, dic_path);
    if (!hunspell) return NULL;
    Dictionary *d = calloc(1, sizeof(Dictionary));
    if (!d) {
        Hunspell_destroy(hunspell);
        return NULL;
    }
    d->hunspell = hunspell;
    const char *encoding = Hunspell_get_dic_encoding(hunspell);
    d->utf8 = !encoding || strcasecmp(encoding, "UTF-8") == 0 || strcasecmp(encoding, "UTF8") == 0;
    if (!d->utf8) {
        d->to_dic = iconv_open(encoding, "UTF-8");
        d->from_dic = iconv_open("UTF-8", encoding);
        if (d->to_dic == (iconv_t)-1 || d->from_dic == (iconv_t)-1) {
            caret_spell_close(d);
            return NULL;
        }
    }
    return d;
}

void caret_spell_close(void *dictionary) {
    Dictionary *d = dictionary;
    if (!d) return;
    if (!d->utf8) {
        if (d->to_dic != (iconv_t)-1 && d->to_dic) iconv_close(d->to_dic);
        if (d->from_dic != (iconv_t)-1 && d->from_dic) iconv_close(d->from_dic);
    }
    Hunspell_destroy(d->hunspell);
    free(d);
}

// The word in the dictionary's encoding (malloc'd), or NULL when it has no such characters.
static char *to_dictionary(Dictionary *d, const char *word) {
    if (d->utf8) {
        size_t n = strlen(word);
        char *copy = malloc(n + 1);
        if (copy) memcpy(copy, word, n + 1);
        return copy;
    }
    return convert(d->to_dic, word);
}

int caret_spell_check(void *dictionary, const char *word) {
    Dictionary *d = dictionary;
    char *w = to_dictionary(d, word);
    if (!w) return -1;
    int known = Hunspell_spell(d->hunspell, w) != 0;
    free(w);
    return known;
}

char *caret_spell_suggest(void *dictionary, const char *word) {
    Dictionary *d = dictionary;
    char *w = to_dictionary(d, word);
    char **list = NULL;
    int count = w ? Hunspell_suggest(d->hunspell, &list, w) : 0;
    free(w);
    size_t length = 1;
    char **utf8 = count > 0 ? calloc((size_t)count, sizeof(char *)) : NULL;
    int kept = 0;
    for (int i = 0; utf8 && i < count; i++) {
        char *item = d->utf8 ? strdup(list[i]) : convert(d->from_dic, list[i]);
        if (!item) continue;
        utf8[kept++] = item;
        length += strlen(item) + 1;
    }
    if (count > 0) Hunspell_free_list(d->hunspell, &list, count);
    char *out = malloc(length);
    size_t at = 0;
    for (int i = 0; out && i < kept; i++) {
        if (i > 0) out[at++] = 0x1F;
        size_t n = strlen(utf8[i]);
        memcpy(out + at, utf8[i], n);
        at += n;
    }
    if (out) out[at] = 0;
    for (int i = 0; i < kept; i++) free(utf8[i]);
    free(utf8);
    return out;
}

int caret_spell_add(void *dictionary, const char *word) {
    Dictionary *d = dictionary;
    char *w = to_dictionary(d, word);
    if (!w) return -1;
    int status = Hunspell_add(d->hunspell, w);
    free(w);
    return status;
}

int caret_spell_remove(void *dictionary, const char *word) {
    Dictionary *d = dictionary;
    char *w = to_dictionary(d, word);
    if (!w) return -1;
    int status = Hunspell_remove(d->hunspell, w);
    free(w);
    return status;
}

void caret_spell_free(char *text) { free(text); }
