// SPDX-License-Identifier: Apache-2.0
/* The floor for caret-demo --measure-launch: a bare SDL2 window with the same renderer, cleared
 * and presented once ("draws" as the second argument: also a blended fill, coloured triangles and
 * a blended texture, as any app drawing text must; on llvmpipe that compiles shaders, which a
 * clear does not). Prints the time from $CARET_LAUNCH_T0 (ns since the epoch, set just before
 * exec) to the first presented frame, the peak resident set and the shared libraries mapped; a
 * third and fourth argument give the window's size (1280 800). Built by Scripts/measure.sh. */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "launch-figures.h"

int main(int argc, char **argv) {
    const char *given = getenv("CARET_LAUNCH_T0");
    unsigned long long t0 = given ? strtoull(given, NULL, 10) : 0;
    int software = argc > 1 && strcmp(argv[1], "software") == 0;
    int draws = argc > 2 && strcmp(argv[2], "draws") == 0;
    /* As Caret's software renderer on X11: the surface goes straight to the X server, no OpenGL. */
    if (software) SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "bare-sdl-window: %s\n", SDL_GetError()); return 1; }
    int width = argc > 4 ? atoi(argv[3]) : 1280, height = argc > 4 ? atoi(argv[4]) : 800;
    SDL_Window *window = SDL_CreateWindow("bare", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, SDL_WINDOW_SHOWN);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, software ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED) : NULL;
    if (!renderer) { fprintf(stderr, "bare-sdl-window: %s\n", SDL_GetError()); return 1; }
    SDL_RendererInfo info;
    SDL_GetRendererInfo(renderer, &info);
    SDL_SetRenderDrawColor(renderer, 242, 242, 247, 255);
    SDL_RenderClear(renderer);
    if (draws) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(renderer, 0, 122, 255, 200);
        SDL_Rect bar = {100, 100, 300, 40};
        SDL_RenderFillRect(renderer, &bar);
        SDL_Vertex v[3] = {{{10, 10}, {255, 0, 0, 255}, {0, 0}}, {{60, 10}, {0, 255, 0, 0}, {1, 0}}, {{10, 60}, {0, 0, 255, 255}, {0, 1}}};
        SDL_RenderGeometry(renderer, NULL, v, 3, NULL, 0);
        SDL_Texture *atlas = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, 512, 512);
        static Uint32 glyphs[64 * 64];
        for (int i = 0; i < 64 * 64; i++) glyphs[i] = (Uint32)(i * 2654435761u) | 0x80000000u;
        SDL_Rect cell = {0, 0, 64, 64}, where = {200, 200, 64, 64};
        SDL_UpdateTexture(atlas, &cell, glyphs, 64 * 4);
        SDL_SetTextureBlendMode(atlas, SDL_BLENDMODE_BLEND);
        SDL_RenderGeometry(renderer, atlas, v, 3, NULL, 0);
        SDL_RenderCopy(renderer, atlas, &cell, &where);
    }
    SDL_RenderPresent(renderer);
    Uint32 pixel;
    SDL_Rect one = {0, 0, 1, 1};
    SDL_RenderReadPixels(renderer, &one, SDL_PIXELFORMAT_ARGB8888, &pixel, 4); /* wait for the GPU */
    double launch = t0 ? ms_since(t0) : 0;
    printf("bare SDL2 window (%s renderer%s, %dx%d): first frame after %.1f ms, peak resident set %.1f MiB, %d shared libraries\n",
           info.name, draws ? ", drawing" : "", width, height, launch, status_mib("VmHWM"), shared_libraries());
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
