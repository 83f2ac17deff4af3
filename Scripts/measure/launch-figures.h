/* SPDX-License-Identifier: Apache-2.0 */
/* What the measured C programs (bare-sdl-window.c, lvgl-app.c) print of their launch: the time
 * since $CARET_LAUNCH_T0, the peak resident set and the shared libraries mapped. */
#ifndef LAUNCH_FIGURES_H
#define LAUNCH_FIGURES_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double ms_since(unsigned long long t0) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return ((unsigned long long)t.tv_sec * 1000000000ull + t.tv_nsec - t0) / 1e6;
}

static double status_mib(const char *key) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double value = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0) value = atof(line + strlen(key) + 1) / 1024;
    if (f) fclose(f);
    return value;
}

/* The shared libraries mapped now: distinct paths in /proc/self/maps naming a ".so". */
static int shared_libraries(void) {
    static char seen[1024][256];
    int count = 0;
    char line[1024];
    FILE *f = fopen("/proc/self/maps", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *path = strchr(line, '/');
        if (!path || !strstr(path, ".so")) continue;
        path[strcspn(path, "\n")] = 0;
        int known = 0;
        for (int i = 0; i < count && !known; i++) known = strncmp(seen[i], path, 255) == 0;
        if (!known && count < 1024) snprintf(seen[count++], 256, "%s", path);
    }
    if (f) fclose(f);
    return count;
}

#endif
