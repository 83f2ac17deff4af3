// SPDX-License-Identifier: Apache-2.0
#define _GNU_SOURCE  // memmem
#include "caret_load.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

int caret_library_open(caret_library *library, const char *const *sonames, const char *const *names, void **slots,
    size_t count, char *error, size_t error_size) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        void *handle = NULL;
        library->reason[0] = 0;
        for (const char *const *soname = sonames; *soname && !handle; soname++) {
            handle = dlopen(*soname, RTLD_NOW | RTLD_LOCAL);
            if (!handle) snprintf(library->reason, sizeof library->reason, "%s", dlerror());
        }
        library->state = handle ? 1 : -1;
        for (size_t i = 0; handle && i < count; i++) {
            dlerror();
            slots[i] = dlsym(handle, names[i]);
            if (!slots[i]) {
                const char *why = dlerror();
                snprintf(library->reason, sizeof library->reason, "%s: %s", sonames[0], why ? why : names[i]);
                dlclose(handle);
                handle = NULL;
                library->state = -1;
                memset(slots, 0, count * sizeof *slots);
            }
        }
        library->handle = handle;
    }
    int state = library->state;
    if (state < 0 && error && error_size) snprintf(error, error_size, "%s", library->reason);
    pthread_mutex_unlock(&library->lock);
    return state > 0 ? 0 : -1;
}

// Whether ld.so's cache (/etc/ld.so.cache, ldconfig's) names `soname`: its strings are the
// sonames and paths of every library in the system's directories, each ended by a NUL.
static int cached(const char *soname) {
    FILE *file = fopen("/etc/ld.so.cache", "rb");
    if (!file) return 0;
    char *bytes = NULL;
    size_t size = 0, capacity = 0, got;
    do {
        if (size + 65536 > capacity) {
            char *grown = realloc(bytes, capacity = size + 262144);
            if (!grown) break;
            bytes = grown;
        }
        got = fread(bytes + size, 1, capacity - size, file);
        size += got;
    } while (got > 0 && size < (64u << 20));
    fclose(file);
    char key[256];
    int length = snprintf(key, sizeof key, "/%s", soname);
    int found = bytes && length > 0 && (size_t)length < sizeof key && memmem(bytes, size, key, (size_t)length + 1) != NULL;
    free(bytes);
    return found;
}

int caret_library_findable(const char *const *sonames, char *error, size_t error_size) {
    for (const char *const *soname = sonames; *soname; soname++) {
        const char *paths = getenv("LD_LIBRARY_PATH");
        while (paths && *paths) {
            size_t length = strcspn(paths, ":");
            char path[4096];
            if (length > 0 && (size_t)snprintf(path, sizeof path, "%.*s/%s", (int)length, paths, *soname) < sizeof path
                && access(path, R_OK) == 0)
                return 1;
            paths += length + (paths[length] == ':');
        }
        if (cached(*soname)) return 1;
    }
    if (error && error_size) snprintf(error, error_size, "%s is not installed", sonames[0]);
    return 0;
}
