// SPDX-License-Identifier: Apache-2.0
// zinnia (Debian's libzinnia, the handwriting recogniser of Tegaki and Mozc) for Swift, opened the
// first time a writing pad needs it (dlopen), so an app offering Chinese or Japanese handwriting
// maps it only once a guest writes. zinnia trusts a model's contents once its size matches its
// header, so CaretHandwriting reads the whole layout first (ZinniaModelFile) and hands zinnia only
// a model it can walk to the end.
#ifndef CARET_ZINNIA_H
#define CARET_ZINNIA_H
#include <stddef.h>

// zinnia's own opaque types, as zinnia.h names them (an app building on Caret needs no zinnia header).
typedef struct zinnia_character_t zinnia_character_t;
typedef struct zinnia_recognizer_t zinnia_recognizer_t;
typedef struct zinnia_result_t zinnia_result_t;

/// Whether the dynamic linker would find libzinnia, without opening it: 1, else 0 with why in `error`.
int caret_zinnia_findable(char *error, size_t error_size);
/// Opens libzinnia (once); 0 when open, else -1 with why in `error`. The functions below need it open.
int caret_zinnia_open(char *error, size_t error_size);

zinnia_recognizer_t *caret_zinnia_recognizer_new(void);
void caret_zinnia_recognizer_destroy(zinnia_recognizer_t *recognizer);
int caret_zinnia_recognizer_open(zinnia_recognizer_t *recognizer, const char *path);
const char *caret_zinnia_recognizer_strerror(zinnia_recognizer_t *recognizer);
size_t caret_zinnia_recognizer_size(zinnia_recognizer_t *recognizer);
const char *caret_zinnia_recognizer_value(zinnia_recognizer_t *recognizer, size_t index);
zinnia_result_t *caret_zinnia_recognizer_classify(zinnia_recognizer_t *recognizer, const zinnia_character_t *character, size_t limit);
zinnia_character_t *caret_zinnia_character_new(void);
void caret_zinnia_character_destroy(zinnia_character_t *character);
void caret_zinnia_character_clear(zinnia_character_t *character);
void caret_zinnia_character_set_width(zinnia_character_t *character, size_t width);
void caret_zinnia_character_set_height(zinnia_character_t *character, size_t height);
int caret_zinnia_character_add(zinnia_character_t *character, size_t id, int x, int y);
void caret_zinnia_result_destroy(zinnia_result_t *result);
size_t caret_zinnia_result_size(zinnia_result_t *result);
const char *caret_zinnia_result_value(zinnia_result_t *result, size_t index);
float caret_zinnia_result_score(zinnia_result_t *result, size_t index);
#endif
