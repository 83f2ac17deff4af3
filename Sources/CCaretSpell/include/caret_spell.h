// SPDX-License-Identifier: Apache-2.0
// Hunspell for Caret's TextChecker: a dictionary opened from its .aff and .dic files, words in
// and out as UTF-8 whatever the dictionary's own encoding (iconv converts). Lists handed out are
// joined by U+001F, malloc'd, freed with caret_spell_free.
#ifndef CARET_SPELL_H
#define CARET_SPELL_H
#include <stddef.h>

// Opens libhunspell (once: the first dictionary opens it); 0 when open, else -1 with why in `error`.
int caret_spell_open_library(char *error, size_t error_size);
void *caret_spell_open(const char *aff_path, const char *dic_path);
void caret_spell_close(void *dictionary);
// 1 when the dictionary knows the word, 0 when not, -1 when it cannot be put in its encoding.
int caret_spell_check(void *dictionary, const char *word);
// Its guesses for a word (malloc'd, U+001F between them; empty when none).
char *caret_spell_suggest(void *dictionary, const char *word);
// Adds a word to (or removes it from) the dictionary in memory.
int caret_spell_add(void *dictionary, const char *word);
int caret_spell_remove(void *dictionary, const char *word);
void caret_spell_free(char *text);

#endif
