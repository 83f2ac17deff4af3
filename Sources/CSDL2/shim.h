// SPDX-License-Identifier: Apache-2.0
// SDL2 for Swift, SDL2_image opened on first use, and static inline wrappers for the
// function-like and composite macros that Swift's importer cannot see.
#ifndef CARET_CSDL2_SHIM_H
#define CARET_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <dlfcn.h>
#include <stdint.h>
/* SDL_syswm.h without Xlib's headers, whose `Window`, `Font` and `Screen` would shadow Caret's
   names in Swift: the info union's X11 member starts with its `Display *`, read as such below. */
#undef SDL_VIDEO_DRIVER_X11
#include <SDL2/SDL_syswm.h>

static inline int caret_SDL_WINDOWPOS_CENTERED(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int caret_SDL_WINDOWPOS_UNDEFINED(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 caret_SDL_BUTTON(Uint32 button) { return SDL_BUTTON(button); }
static inline Uint32 caret_SDL_INIT_EVERYTHING(void) { return SDL_INIT_EVERYTHING; }
static inline Uint32 caret_SDL_TOUCH_MOUSEID(void) { return SDL_TOUCH_MOUSEID; }
static inline Sint64 caret_SDL_MOUSE_TOUCHID(void) { return (Sint64)SDL_MOUSE_TOUCHID; }
static inline Uint32 caret_SDL_PIXELFORMAT_RGBA32(void) { return SDL_PIXELFORMAT_RGBA32; }
static inline Uint32 caret_SDL_PIXELFORMAT_ARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline int caret_SDL_MUSTLOCK(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
static inline const char *caret_SDL_HINT_TOUCH_MOUSE_EVENTS(void) { return SDL_HINT_TOUCH_MOUSE_EVENTS; }
static inline const char *caret_SDL_HINT_MOUSE_TOUCH_EVENTS(void) { return SDL_HINT_MOUSE_TOUCH_EVENTS; }
static inline const char *caret_SDL_HINT_RENDER_SCALE_QUALITY(void) { return SDL_HINT_RENDER_SCALE_QUALITY; }
static inline const char *caret_SDL_HINT_IME_SHOW_UI(void) { return SDL_HINT_IME_SHOW_UI; }
static inline const char *caret_SDL_HINT_RENDER_DRIVER(void) { return SDL_HINT_RENDER_DRIVER; }
static inline const char *caret_SDL_HINT_FRAMEBUFFER_ACCELERATION(void) { return SDL_HINT_FRAMEBUFFER_ACCELERATION; }
static inline const char *caret_SDL_HINT_IME_SUPPORT_EXTENDED_TEXT(void) { return SDL_HINT_IME_SUPPORT_EXTENDED_TEXT; }
static inline const char *caret_SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR(void) { return SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR; }
static inline const char *caret_SDL_HINT_NO_SIGNAL_HANDLERS(void) { return SDL_HINT_NO_SIGNAL_HANDLERS; }
static inline const char *caret_SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE(void) { return SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE; }
static inline const char *caret_SDL_HINT_VIDEODRIVER(void) { return SDL_HINT_VIDEODRIVER; }

/* ALSA's library prints its configuration errors on standard error ("ALSA lib confmisc.c:855:
   (parse_card) cannot find card '0'") when SDL opens an audio device on a machine without a sound
   card; SDL then reports the failure itself. Once SDL has loaded libasound (never linked: looked
   up in the process), its messages go nowhere. Returns whether the handler was set. */
typedef void (*caret_alsa_error_handler)(const char *file, int line, const char *function, int err, const char *fmt, ...);
static inline void caret_alsa_ignore_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline int caret_quiet_alsa(void) {
    void *alsa = dlopen("libasound.so.2", RTLD_NOW | RTLD_NOLOAD);
    if (!alsa) return 0;
    int (*set_handler)(caret_alsa_error_handler) = (int (*)(caret_alsa_error_handler))dlsym(alsa, "snd_lib_error_set_handler");
    int done = set_handler && set_handler(caret_alsa_ignore_error) == 0;
    dlclose(alsa);
    return done;
}

/* The keysym the current X layout gives an X keycode (group 0, level 0) in an SDL window's
   display; 0 when the window is not on X11. Xlib is looked up in the process (SDL loaded it),
   never linked. */
static inline uint32_t caret_SDL_x11_keysym(SDL_Window *window, uint32_t x_keycode) {
    static unsigned long (*keycode_to_keysym)(void *, unsigned char, unsigned int, unsigned int) = NULL;
    if (!keycode_to_keysym) {
        void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
        if (x11) keycode_to_keysym = (unsigned long (*)(void *, unsigned char, unsigned int, unsigned int))dlsym(x11, "XkbKeycodeToKeysym");
    }
    if (!window || !keycode_to_keysym || x_keycode > 255) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    void *display = *(void **)&info.info;
    return display ? (uint32_t)keycode_to_keysym(display, (unsigned char)x_keycode, 0, 0) : 0;
}

/* SDL2_image is opened on the first image read or written, never linked: an app that shows no
   image maps neither it nor its PNG, JPEG, TIFF and WebP decoders (seven libraries fewer mapped). On failure
   (not installed, a symbol missing) the call fails with SDL's error saying why. */
static inline void *caret_IMG_symbol(const char *name) {
    static void *library = NULL;
    if (!library) library = dlopen("libSDL2_image-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        SDL_SetError("SDL2_image (libSDL2_image-2.0.so.0, Debian's libsdl2-image-2.0-0) cannot be loaded: %s", why ? why : "unknown error");
        return NULL;
    }
    void *symbol = dlsym(library, name);
    if (!symbol) SDL_SetError("SDL2_image has no %s", name);
    return symbol;
}
static inline int caret_IMG_Init(int flags) {
    __typeof__(IMG_Init) *call = (__typeof__(IMG_Init) *)caret_IMG_symbol("IMG_Init");
    return call ? call(flags) : 0;
}
static inline SDL_Surface *caret_IMG_Load(const char *file) {
    __typeof__(IMG_Load) *call = (__typeof__(IMG_Load) *)caret_IMG_symbol("IMG_Load");
    return call ? call(file) : NULL;
}
static inline int caret_IMG_SavePNG(SDL_Surface *surface, const char *file) {
    __typeof__(IMG_SavePNG) *call = (__typeof__(IMG_SavePNG) *)caret_IMG_symbol("IMG_SavePNG");
    return call ? call(surface, file) : -1;
}

#endif
