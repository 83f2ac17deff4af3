// SPDX-License-Identifier: Apache-2.0
// The zinnia shim: see include/caret_zinnia.h.
#include "caret_zinnia.h"

#include <zinnia.h>

#include "caret_load.h"

#define CARET_ZINNIA_FUNCTIONS(X) \
    X(zinnia_recognizer_new) X(zinnia_recognizer_destroy) X(zinnia_recognizer_open) X(zinnia_recognizer_strerror) \
    X(zinnia_recognizer_size) X(zinnia_recognizer_value) X(zinnia_recognizer_classify) X(zinnia_character_new) \
    X(zinnia_character_destroy) X(zinnia_character_clear) X(zinnia_character_set_width) X(zinnia_character_set_height) \
    X(zinnia_character_add) X(zinnia_result_destroy) X(zinnia_result_size) X(zinnia_result_value) X(zinnia_result_score)
CARET_DEFINE_LIBRARY(zinnia, CARET_ZINNIA_FUNCTIONS, "libzinnia.so.0")

int caret_zinnia_findable(char *error, size_t error_size) { return zinnia_findable(error, error_size); }
int caret_zinnia_open(char *error, size_t error_size) { return zinnia_open(error, error_size); }

zinnia_recognizer_t *caret_zinnia_recognizer_new(void) { return zinnia.zinnia_recognizer_new(); }
void caret_zinnia_recognizer_destroy(zinnia_recognizer_t *r) { zinnia.zinnia_recognizer_destroy(r); }
int caret_zinnia_recognizer_open(zinnia_recognizer_t *r, const char *path) { return zinnia.zinnia_recognizer_open(r, path); }
const char *caret_zinnia_recognizer_strerror(zinnia_recognizer_t *r) { return zinnia.zinnia_recognizer_strerror(r); }
size_t caret_zinnia_recognizer_size(zinnia_recognizer_t *r) { return zinnia.zinnia_recognizer_size(r); }
const char *caret_zinnia_recognizer_value(zinnia_recognizer_t *r, size_t i) { return zinnia.zinnia_recognizer_value(r, i); }
zinnia_result_t *caret_zinnia_recognizer_classify(zinnia_recognizer_t *r, const zinnia_character_t *c, size_t limit) {
    return zinnia.zinnia_recognizer_classify(r, c, limit);
}
zinnia_character_t *caret_zinnia_character_new(void) { return zinnia.zinnia_character_new(); }
void caret_zinnia_character_destroy(zinnia_character_t *c) { zinnia.zinnia_character_destroy(c); }
void caret_zinnia_character_clear(zinnia_character_t *c) { zinnia.zinnia_character_clear(c); }
void caret_zinnia_character_set_width(zinnia_character_t *c, size_t width) { zinnia.zinnia_character_set_width(c, width); }
void caret_zinnia_character_set_height(zinnia_character_t *c, size_t height) { zinnia.zinnia_character_set_height(c, height); }
int caret_zinnia_character_add(zinnia_character_t *c, size_t id, int x, int y) { return zinnia.zinnia_character_add(c, id, x, y); }
void caret_zinnia_result_destroy(zinnia_result_t *result) { zinnia.zinnia_result_destroy(result); }
size_t caret_zinnia_result_size(zinnia_result_t *result) { return zinnia.zinnia_result_size(result); }
const char *caret_zinnia_result_value(zinnia_result_t *result, size_t i) { return zinnia.zinnia_result_value(result, i); }
float caret_zinnia_result_score(zinnia_result_t *result, size_t i) { return zinnia.zinnia_result_score(result, i); }
