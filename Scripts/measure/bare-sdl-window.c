/* The floor for caret-demo --measure-launch: a bare SDL2 window with the same renderer, cleared
 * and presented once. Prints the time from $CARET_LAUNCH_T0 (ns since the epoch, set just before
 * exec) to the first presented frame, and the peak resident set. Built by Scripts/measure.sh. */
#include <SDL2/SDL.h>
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

int main(int argc, char **argv) {
    const char *given = getenv("CARET_LAUNCH_T0");
    unsigned long long t0 = given ? strtoull(given, NULL, 10) : 0;
    int software = argc > 1 && strcmp(argv[1], "software") == 0;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "bare-sdl-window: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("bare", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800, SDL_WINDOW_SHOWN);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, software ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED) : NULL;
    if (!renderer) { fprintf(stderr, "bare-sdl-window: %s\n", SDL_GetError()); return 1; }
    SDL_RendererInfo info;
    SDL_GetRendererInfo(renderer, &info);
    SDL_SetRenderDrawColor(renderer, 242, 242, 247, 255);
    SDL_RenderClear(renderer);
    SDL_RenderPresent(renderer);
    Uint32 pixel;
    SDL_Rect one = {0, 0, 1, 1};
    SDL_RenderReadPixels(renderer, &one, SDL_PIXELFORMAT_ARGB8888, &pixel, 4); /* wait for the GPU */
    double launch = t0 ? ms_since(t0) : 0;
    printf("bare SDL2 window (%s renderer): first frame after %.1f ms, peak resident set %.1f MiB\n", info.name, launch, status_mib("VmHWM"));
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
