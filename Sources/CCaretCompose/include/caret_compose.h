// SPDX-License-Identifier: Apache-2.0
// Composition engines in C for the on-screen keyboard: libhangul (Korean), librime (Chinese) and
// anthy (Japanese kana-kanji conversion), and libm17n's input methods (transliteration: Vietnamese
// Telex and VNI, ITRANS for Indic scripts), seen by Swift through plain functions of this shim.
// Every string handed out is UTF-8, malloc'd, and freed with caret_compose_free.
#ifndef CARET_COMPOSE_H
#define CARET_COMPOSE_H
#include <stddef.h>
#include <stdint.h>

void caret_compose_free(char *text);

// Each engine's library is opened the first time it is used (dlopen): an app offering every
// language maps none of them until a guest chooses one. "findable" says whether the dynamic
// linker would find it, without opening it: 1, else 0 with why in `error`.
int caret_hangul_findable(char *error, size_t error_size);
int caret_rime_findable(char *error, size_t error_size);
// Opens libhangul (once); 0 when open, else -1 with why in `error`.
int caret_hangul_open(char *error, size_t error_size);
// Korean: a libhangul input context for a keyboard ("2": two-set); NULL when libhangul cannot be opened.
void *caret_hangul_new(const char *keyboard);
void caret_hangul_delete(void *context);
// Feeds one ASCII key (the two-set key for a jamo); 1 when libhangul took it.
int caret_hangul_process(void *context, int ascii);
// Removes the last jamo of the preedit; 1 when there was one.
int caret_hangul_backspace(void *context);
// The preedit and the text committed by the last call (malloc'd).
char *caret_hangul_preedit(void *context);
char *caret_hangul_commit(void *context);
// Ends the composition: returns what was composed (malloc'd), leaving the context empty.
char *caret_hangul_flush(void *context);
void caret_hangul_reset(void *context);

// Chinese: librime. Starts the library once (shared data, user data); 0 on success, else a
// message in `error`.
int caret_rime_start(const char *shared_dir, const char *user_dir, char *error, size_t error_size);
// A session on a schema ("luna_pinyin_simp", "bopomofo_tw", "cangjie5"); 0 when it failed.
uintptr_t caret_rime_session(const char *schema, char *error, size_t error_size);
void caret_rime_end_session(uintptr_t session);
// Sends a key (an X keysym: ASCII, or 0xff08 BackSpace, 0xff0d Return, 0xff55/0xff56 page up/down).
int caret_rime_key(uintptr_t session, int keysym);
// Takes a candidate of the current page (0-based).
int caret_rime_select(uintptr_t session, int index);
void caret_rime_clear(uintptr_t session);
// Commits the composition as converted (a schema that keeps a chosen sentence composing).
int caret_rime_commit_composition(uintptr_t session);
// The committed text since the last call (malloc'd, NULL when none).
char *caret_rime_commit(uintptr_t session);
// The preedit (malloc'd) and the caret in it (bytes).
char *caret_rime_preedit(uintptr_t session, int *caret);
// The raw input ("zhongguo"), malloc'd.
char *caret_rime_input(uintptr_t session);
// The current page's candidates joined by U+001F (malloc'd), its number and whether it is last.
char *caret_rime_candidates(uintptr_t session, int *page, int *is_last);

// Japanese: anthy. Starts the library once with its learning under `home`; 0 on success.
int caret_anthy_start(const char *home, const char *dictionary, char *error, size_t error_size);
// Whether anthy can convert with a dictionary, tried in a process of its own (a corrupt
// dictionary crashes anthy): the app's executable started again with posix_spawn, never a fork
// of the app, and taken over before its main runs. 0 when it can, else -1 with why in `error`,
// naming the file. `planted_crash` (tests only) makes that process crash once anthy has
// started, as a corrupt dictionary would.
int caret_anthy_probe(const char *dictionary, const char *home, int planted_crash, char *error, size_t error_size);
void *caret_anthy_new(void);
void caret_anthy_delete(void *context);
// Converts a hiragana reading; returns the number of segments (-1 on failure).
int caret_anthy_convert(void *context, const char *reading);
// A segment's reading (malloc'd) and its candidates joined by U+001F (malloc'd).
char *caret_anthy_segment_reading(void *context, int segment);
char *caret_anthy_segment_candidates(void *context, int segment, int limit);
// Learns the choice of a candidate for a segment.
int caret_anthy_commit_segment(void *context, int segment, int candidate);
// Makes a segment longer (delta 1) or shorter (-1) by a kana, reconverting those after it;
// returns the number of segments (-1 on failure).
int caret_anthy_resize_segment(void *context, int segment, int delta);

// The rest of the world: libm17n with m17n-db's input methods. Starts the library once, reading
// its database from `directory` (NULL: m17n's own); 0 on success, else -1 with why in `error`.
int caret_m17n_start(const char *directory, char *error, size_t error_size);
// An input context of a method ("vi", "telex"); NULL with why in `error`.
void *caret_m17n_new(const char *language, const char *name, char *error, size_t error_size);
void caret_m17n_delete(void *context);
// Feeds a key by m17n's name ("a", "A", "space", "BackSpace"; NULL commits the preedit): 1 when
// the method took it, 0 when the key is the app's. `produced` gets the text committed (malloc'd).
int caret_m17n_key(void *context, const char *key, char **produced);
// The preedit (malloc'd) and the caret in it (characters).
char *caret_m17n_preedit(void *context, int *caret);
// Every candidate, joined by U+001F (malloc'd; NULL when none shows), the one spotted, and the
// characters of the preedit they stand for.
char *caret_m17n_candidates(void *context, int *index, int *from, int *to);
// Forgets the composition.
void caret_m17n_reset(void *context);
// Whether libm17n can start on a database and type with one of its methods ("vi-telex", whose
// file is `file`), tried in a process of its own as anthy's dictionary is (a damaged .mim or
// random bytes in the folder crash libm17n). 0 when it can, else -1 with why in `error`, naming
// the file. `planted_crash` (tests only) makes that process crash once libm17n has started.
int caret_m17n_probe(const char *method, const char *directory, const char *file, int planted_crash, char *error, size_t error_size);

#endif
