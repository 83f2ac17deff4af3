// SPDX-License-Identifier: Apache-2.0
// The engines' libraries, opened the first time each is used (caret_load.h): the shim calls their
// functions by their own names, which name the addresses found when the library was opened.
#ifndef CARET_ENGINES_H
#define CARET_ENGINES_H
#include <anthy/anthy.h>
#include <stddef.h>

#include "caret_load.h"

#define CARET_ANTHY_FUNCTIONS(X) \
    X(anthy_init) X(anthy_conf_override) X(anthy_set_personality) X(anthy_create_context) X(anthy_release_context) \
    X(anthy_context_set_encoding) X(anthy_set_string) X(anthy_get_stat) X(anthy_get_segment_stat) X(anthy_get_segment) \
    X(anthy_commit_segment) X(anthy_resize_segment)
struct caret_anthy_functions {
    CARET_ANTHY_FUNCTIONS(CARET_LOAD_SLOT)
};
extern struct caret_anthy_functions caret_anthy_library;
/// libanthy's sonames (NULL-terminated).
extern const char *const caret_anthy_sonames[];
/// Opens libanthy once; 0 when it is open, else -1 with why in `error`.
int caret_anthy_open(char *error, size_t error_size);

#define anthy_init caret_anthy_library.anthy_init
#define anthy_conf_override caret_anthy_library.anthy_conf_override
#define anthy_set_personality caret_anthy_library.anthy_set_personality
#define anthy_create_context caret_anthy_library.anthy_create_context
#define anthy_release_context caret_anthy_library.anthy_release_context
#define anthy_context_set_encoding caret_anthy_library.anthy_context_set_encoding
#define anthy_set_string caret_anthy_library.anthy_set_string
#define anthy_get_stat caret_anthy_library.anthy_get_stat
#define anthy_get_segment_stat caret_anthy_library.anthy_get_segment_stat
#define anthy_get_segment caret_anthy_library.anthy_get_segment
#define anthy_commit_segment caret_anthy_library.anthy_commit_segment
#define anthy_resize_segment caret_anthy_library.anthy_resize_segment

/// Whether libm17n is installed, without opening it (the probe's parent asks): 1, else 0 with why.
int caret_m17n_findable(char *error, size_t error_size);
#endif
