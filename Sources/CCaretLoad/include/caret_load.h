// SPDX-License-Identifier: Apache-2.0
// Opening an engine's library the first time it is used (dlopen), so an app that offers every
// engine maps none of them until a guest chooses one: each C shim names the functions it calls,
// and calls them through the addresses found here.
#ifndef CARET_LOAD_H
#define CARET_LOAD_H
#include <pthread.h>
#include <stddef.h>

/// One library's state: untried, opened, or failed with its reason (kept, and given again).
typedef struct caret_library {
    pthread_mutex_t lock;
    int state;  // 0 untried, 1 opened, -1 failed
    void *handle;
    char reason[512];
} caret_library;

#define CARET_LIBRARY_INIT {PTHREAD_MUTEX_INITIALIZER, 0, NULL, {0}}

/// Opens the first of `sonames` (NULL-terminated) that opens and finds each of the `count` `names`
/// in it, storing their addresses in `slots`; once only, however often it is called. 0 when
/// opened, else -1 with why in `error` ("libhangul.so.1: cannot open shared object file ...").
int caret_library_open(caret_library *library, const char *const *sonames, const char *const *names, void **slots,
    size_t count, char *error, size_t error_size);

/// Whether the dynamic linker could find one of `sonames` (NULL-terminated) without opening it:
/// in $LD_LIBRARY_PATH or in ld.so's cache. 1 when found, else 0 with "NAME is not installed" in `error`.
int caret_library_findable(const char *const *sonames, char *error, size_t error_size);

// A slot for a function or variable of the library, typed as its header declares it.
#define CARET_LOAD_SLOT(name) __typeof__(&name) name;
#define CARET_LOAD_NAME(name) #name,
// A name spelled after macro expansion, as the library exports it: ICU's headers rename
// ubrk_open to ubrk_open_72, and the slot and every call through it follow.
#define CARET_LOAD_STRING(name) #name
#define CARET_LOAD_EXPANDED_NAME(name) CARET_LOAD_STRING(name),

/// One library a shim opens when first used: `name` is a struct of the slots of the functions
/// `LIST(X)` names, found in the first of the sonames that opens; `name##_open(error, size)`
/// opens it (once), `name##_findable(error, size)` says whether it is installed.
#define CARET_DEFINE_LIBRARY(name, LIST, ...) CARET_DEFINE_LIBRARY_NAMED(name, LIST, CARET_LOAD_NAME, __VA_ARGS__)

/// The same, with the functions' exported names spelled by `NAME` (CARET_LOAD_EXPANDED_NAME).
#define CARET_DEFINE_LIBRARY_NAMED(name, LIST, NAME, ...) \
    static struct { \
        LIST(CARET_LOAD_SLOT) \
    } name; \
    static const char *const name##_names[] = {LIST(NAME)}; \
    static const char *const name##_sonames[] = {__VA_ARGS__, NULL}; \
    static caret_library name##_library = CARET_LIBRARY_INIT; \
    static inline int name##_open(char *error, size_t error_size) { \
        return caret_library_open(&name##_library, name##_sonames, name##_names, (void **)&name, sizeof name / sizeof(void *), \
            error, error_size); \
    } \
    static inline int name##_findable(char *error, size_t error_size) { \
        return caret_library_findable(name##_sonames, error, error_size); \
    }
#endif
