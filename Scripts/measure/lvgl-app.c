/* SPDX-License-Identifier: Apache-2.0 */
/* LVGL's counterparts of Caret's apps, for Scripts/measure.sh: "hello" is README's app (a
 * 480×640 window with one focused text field, "Your name"), "form" the ten-field form of
 * caret-demo --measure-launch (ten one-line text areas, the first focused, with LVGL's on-screen
 * keyboard, hidden until a touch) at 1280×800. Each draws its first frame with SDL's software renderer, then prints, as
 * bare-sdl-window.c does (but on standard error, as Caret's apps print theirs), the time from
 * $CARET_LAUNCH_T0 to that frame presented, the peak resident set and the shared libraries
 * mapped, and quits. Built against LVGL 9's sources with lv_conf.h. */
#include "launch-figures.h"
#include "lvgl.h"
#include <SDL2/SDL.h>

static lv_obj_t *field(lv_obj_t *parent, const char *placeholder, int32_t x, int32_t y, int32_t width) {
    lv_obj_t *area = lv_textarea_create(parent);
    lv_textarea_set_one_line(area, true);
    lv_textarea_set_placeholder_text(area, placeholder);
    lv_obj_set_pos(area, x, y);
    lv_obj_set_width(area, width);
    return area;
}

int main(int argc, char **argv) {
    const char *given = getenv("CARET_LAUNCH_T0");
    unsigned long long t0 = given ? strtoull(given, NULL, 10) : 0;
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("LVGL %d.%d.%d\n", LVGL_VERSION_MAJOR, LVGL_VERSION_MINOR, LVGL_VERSION_PATCH);
        return 0;
    }
    int form = argc > 1 && strncmp(argv[1], "form", 4) == 0;
    int width = form ? 1280 : 480, height = form ? 800 : 640;
    /* As Caret's software renderer on X11: the surface goes straight to the X server. */
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    lv_init();
    lv_display_t *display = lv_sdl_window_create(width, height);
    if (!display) { fprintf(stderr, "lvgl-app: no SDL window: %s\n", SDL_GetError()); return 1; }
    lv_sdl_mouse_create();
    lv_sdl_keyboard_create();
    lv_obj_t *screen = lv_screen_active();
    lv_obj_set_style_bg_color(screen, lv_color_make(242, 242, 247), 0);
    lv_obj_t *focused;
    if (form) {
        int32_t w = width - 48 < 560 ? width - 48 : 560;
        lv_obj_t *areas[10];
        for (int i = 0; i < 10; i++) {
            char placeholder[16];
            snprintf(placeholder, sizeof placeholder, "Field %d", i + 1);
            areas[i] = field(screen, placeholder, (width - w) / 2, 24 + i * 52, w);
        }
        focused = areas[0];
        /* The keyboard is made, and hidden until a touch, as Caret's form loads its keyboard and
         * shows it at a touch; "form-keyboard" shows it from the start. */
        lv_obj_t *keyboard = lv_keyboard_create(screen);
        lv_keyboard_set_textarea(keyboard, focused);
        if (strcmp(argv[1], "form-keyboard") != 0) {
#if LVGL_VERSION_MAJOR > 9 || LVGL_VERSION_MINOR >= 6
            lv_obj_set_hidden(keyboard, true);
#else
            lv_obj_add_flag(keyboard, LV_OBJ_FLAG_HIDDEN);
#endif
        }
    } else {
        focused = field(screen, "Your name", 20, 60, 440);
    }
    lv_obj_add_state(focused, LV_STATE_FOCUSED);
    lv_refr_now(display);
    SDL_Renderer *renderer = lv_sdl_window_get_renderer(display);
    SDL_RendererInfo info = {0};
    if (renderer) {
        Uint32 pixel;
        SDL_Rect one = {0, 0, 1, 1};
        SDL_GetRendererInfo(renderer, &info);
        SDL_RenderReadPixels(renderer, &one, SDL_PIXELFORMAT_ARGB8888, &pixel, 4); /* the frame finished */
    }
    double launch = t0 ? ms_since(t0) : 0;
    fprintf(stderr, "LVGL %d.%d %s (%s renderer, %dx%d): first frame after %.1f ms, peak resident set %.1f MiB, %d shared libraries, engine libraries none,\n",
           LVGL_VERSION_MAJOR, LVGL_VERSION_MINOR, form ? "ten-field form" : "hello", info.name ? info.name : "?", width, height, launch,
           status_mib("VmHWM"), shared_libraries());
    if (getenv("LVGL_APP_SHOW")) SDL_Delay(4000); /* to look at it (import -window root) */
    lv_deinit();
    return 0;
}
