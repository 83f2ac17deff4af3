// SDL2 and SDL2_image for Swift, plus static inline wrappers for the
// function-like and composite macros that Swift's importer cannot see.
#ifndef CARET_CSDL2_SHIM_H
#define CARET_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

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

#endif
