// SPDX-License-Identifier: Apache-2.0
// The slots of caret_atk_load.h, filled when the bridge's libraries are first opened.
#include "caret_atk_load.h"

struct caret_glib_functions caret_glib_functions;
struct caret_atk_functions caret_atk_functions;
// dlsym on a library's handle finds the functions of the libraries it depends on too: GIO's
// GObject and GLib, at-spi2-atk's ATK.
static const char *const glib_names[] = {CARET_GLIB_FUNCTIONS(CARET_LOAD_NAME)};
static const char *const glib_sonames[] = {"libgio-2.0.so.0", NULL};
static caret_library glib_library = CARET_LIBRARY_INIT;
static const char *const atk_names[] = {CARET_ATK_FUNCTIONS(CARET_LOAD_NAME)};
static const char *const atk_sonames[] = {"libatk-bridge-2.0.so.0", NULL};
static caret_library atk_library = CARET_LIBRARY_INIT;

int caret_atk_open_glib(char *error, size_t error_size) {
    return caret_library_open(&glib_library, glib_sonames, glib_names, (void **)&caret_glib_functions,
        sizeof caret_glib_functions / sizeof(void *), error, error_size);
}

int caret_atk_open(char *error, size_t error_size) {
    if (caret_atk_open_glib(error, error_size) != 0) return -1;
    return caret_library_open(&atk_library, atk_sonames, atk_names, (void **)&caret_atk_functions,
        sizeof caret_atk_functions / sizeof(void *), error, error_size);
}

int caret_atk_glib_opened(void) {
    pthread_mutex_lock(&glib_library.lock);
    int opened = glib_library.state > 0;
    pthread_mutex_unlock(&glib_library.lock);
    return opened;
}
