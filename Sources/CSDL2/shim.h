// SPDX-License-Identifier: Apache-2.0
// SDL2 for Swift, SDL2_image opened on first use, and static inline wrappers for the
// function-like and composite macros that Swift's importer cannot see.
#ifndef CARET_CSDL2_SHIM_H
#define CARET_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
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

/* Characters typed on a keycode remapped for a moment. xdotool's `type` (and on-screen
   keyboards that work the same way) binds a character outside the layout (ü, ß on a US layout)
   to a spare keycode, sends the key and binds the keycode back; the X server keeps no past
   keymaps, so an app that reads the key after that (busy drawing, or waiting for its input
   method) finds a key that types nothing. A thread of the app's own, on its own X connection and
   otherwise idle, hears each key pressed in the window as it comes and reads what it types there
   and then; the main thread asks it for the keys SDL gave no text for. Xlib is looked up in the
   process (SDL loaded it), never linked; its structures are declared here, as Xlib's headers
   would shadow Caret's names (`Window`) in Swift. */
typedef struct caret_x11_key_event {
    int type;
    unsigned long serial;
    int send_event;
    void *display;
    unsigned long window, root, subwindow, time;
    int x, y, x_root, y_root;
    unsigned int state, keycode;
    int same_screen;
} caret_x11_key_event;
typedef union caret_x11_event {
    int type;
    caret_x11_key_event key;
    long pad[24];
} caret_x11_event;
typedef struct caret_x11_wm_message {  /* SDL_SysWMmsg for X11 */
    SDL_version version;
    SDL_SYSWM_TYPE subsystem;
    caret_x11_event event;
} caret_x11_wm_message;
typedef struct caret_x11_typed_key {
    unsigned long time;
    unsigned int keycode;
    unsigned long keysym;  /* what it typed, with the modifiers held */
    unsigned long base;    /* the keycode's first keysym then */
} caret_x11_typed_key;
typedef struct caret_x11_key_watch {
    pthread_mutex_t lock;
    pthread_t thread;
    int running;
    void *display;
    unsigned long window;
    caret_x11_typed_key keys[64];
    unsigned int count;
    int (*pending)(void *);
    int (*next_event)(void *, caret_x11_event *);
    int (*lookup_string)(caret_x11_key_event *, char *, int, unsigned long *, void *);
    unsigned long (*lookup_keysym)(caret_x11_key_event *, int);
    int (*refresh_mapping)(caret_x11_event *);
    int (*connection_number)(void *);
    int (*close_display)(void *);
} caret_x11_key_watch;

/* The watch's one instance: call these from one Swift file only (static inline state is per object file). */
static inline caret_x11_key_watch *caret_x11_key_watch_state(void) {
    static caret_x11_key_watch watch = {PTHREAD_MUTEX_INITIALIZER};
    return &watch;
}

static inline void *caret_x11_key_watch_run(void *unused) {
    (void)unused;
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    struct pollfd poller = {watch->connection_number(watch->display), POLLIN, 0};
    for (;;) {
        pthread_mutex_lock(&watch->lock);
        int running = watch->running;
        pthread_mutex_unlock(&watch->lock);
        if (!running) break;
        while (watch->pending(watch->display) > 0) {
            caret_x11_event event;
            watch->next_event(watch->display, &event);
            if (event.type == 34) {  /* MappingNotify: the keymap changed; read anew at the next key */
                watch->refresh_mapping(&event);
            } else if (event.type == 2) {  /* KeyPress: what it types now */
                unsigned long keysym = 0;
                char text[8];
                watch->lookup_string(&event.key, text, (int)sizeof text, &keysym, NULL);
                pthread_mutex_lock(&watch->lock);
                caret_x11_typed_key *slot = &watch->keys[watch->count++ % 64];
                slot->time = event.key.time;
                slot->keycode = event.key.keycode;
                slot->keysym = keysym;
                slot->base = watch->lookup_keysym(&event.key, 0);
                pthread_mutex_unlock(&watch->lock);
            }
        }
        poll(&poller, 1, 100);
    }
    return NULL;
}

/* Starts hearing the keys of an SDL window on X11; 1 when it runs (0: not X11, Xlib not loaded,
   no second connection). */
static inline int caret_x11_key_watch_start(SDL_Window *window) {
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    if (watch->display || !window) return watch->display != NULL;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (!x11) return 0;
    void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
    char *(*display_string)(void *) = (char *(*)(void *))dlsym(x11, "XDisplayString");
    int (*select_input)(void *, unsigned long, long) = (int (*)(void *, unsigned long, long))dlsym(x11, "XSelectInput");
    int (*flush)(void *) = (int (*)(void *))dlsym(x11, "XFlush");
    watch->pending = (int (*)(void *))dlsym(x11, "XPending");
    watch->next_event = (int (*)(void *, caret_x11_event *))dlsym(x11, "XNextEvent");
    watch->lookup_string = (int (*)(caret_x11_key_event *, char *, int, unsigned long *, void *))dlsym(x11, "XLookupString");
    watch->lookup_keysym = (unsigned long (*)(caret_x11_key_event *, int))dlsym(x11, "XLookupKeysym");
    watch->refresh_mapping = (int (*)(caret_x11_event *))dlsym(x11, "XRefreshKeyboardMapping");
    watch->connection_number = (int (*)(void *))dlsym(x11, "XConnectionNumber");
    watch->close_display = (int (*)(void *))dlsym(x11, "XCloseDisplay");
    dlclose(x11);  /* SDL keeps it loaded */
    void *sdl_display = *(void **)&info.info;
    unsigned long sdl_window = ((unsigned long *)&info.info)[1];
    if (!open_display || !display_string || !select_input || !flush || !watch->pending || !watch->next_event ||
        !watch->lookup_string || !watch->lookup_keysym || !watch->refresh_mapping || !watch->connection_number || !watch->close_display || !sdl_display)
        return 0;
    void *display = open_display(display_string(sdl_display));
    if (!display) return 0;
    select_input(display, sdl_window, 1L << 0);  /* KeyPressMask, beside SDL's own selection */
    flush(display);
    watch->display = display;
    watch->window = sdl_window;
    watch->count = 0;
    watch->running = 1;
    if (pthread_create(&watch->thread, NULL, caret_x11_key_watch_run, NULL) != 0) {
        watch->running = 0;
        watch->close_display(display);
        watch->display = NULL;
        return 0;
    }
    return 1;
}

/* Stops the watch and closes its connection. */
static inline void caret_x11_key_watch_stop(void) {
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    if (!watch->display) return;
    pthread_mutex_lock(&watch->lock);
    watch->running = 0;
    pthread_mutex_unlock(&watch->lock);
    pthread_join(watch->thread, NULL);
    watch->close_display(watch->display);
    watch->display = NULL;
}

/* Whether the window system's messages are filtered (the filter itself stays installed). */
static inline int *caret_x11_filtering(void) {
    static int filtering = 0;
    return &filtering;
}

/* Lets only the key presses among the window system's messages into SDL's queue (each other one would
   wake the loop for nothing) while filtering is on. */
static inline int caret_x11_only_key_presses(void *unused, SDL_Event *event) {
    (void)unused;
    if (!*caret_x11_filtering() || event->type != SDL_SYSWMEVENT || !event->syswm.msg) return 1;
    return event->syswm.msg->subsystem == SDL_SYSWM_X11 && ((const caret_x11_wm_message *)event->syswm.msg)->event.type == 2;
}

/* Turns the filtering on (1) or off. The filter is installed at the first call and never again:
   SDL_SetEventFilter empties SDL's queue, which lost a stop signal's event posted during start-up
   (the first call comes before the signal handlers are installed). */
static inline void caret_x11_filter_messages(int on) {
    static int installed = 0;
    *caret_x11_filtering() = on;
    if (!installed) {
        installed = 1;
        SDL_SetEventFilter(caret_x11_only_key_presses, NULL);
    }
}

/* A key pressed in the window as an SDL_SYSWMEVENT gives it: 1 and its time and keycode when it
   is an X KeyPress. Read as soon as the event is polled (the message lives in SDL's queue). */
static inline int caret_x11_key_press(const SDL_Event *event, unsigned long *time, unsigned int *keycode) {
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const caret_x11_wm_message *message = (const caret_x11_wm_message *)event->syswm.msg;
    if (message->event.type != 2) return 0;
    *time = message->event.key.time;
    *keycode = message->event.key.keycode;
    return 1;
}

/* What the watch read for the key pressed at `time` on `keycode` (the keysym it typed, and the
   keycode's first keysym then), waiting up to `wait_ms` for the watch to hear it; 0 if it did not. */
static inline int caret_x11_typed_key_lookup(unsigned long time, unsigned int keycode, int wait_ms, unsigned long *keysym,
                                             unsigned long *base) {
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    if (!watch->display) return 0;
    for (int waited = 0;; waited++) {
        int found = 0;
        pthread_mutex_lock(&watch->lock);
        unsigned int count = watch->count < 64 ? watch->count : 64;
        for (unsigned int i = 0; i < count && !found; i++) {
            const caret_x11_typed_key *key = &watch->keys[(watch->count - 1 - i) % 64];
            if (key->time == time && key->keycode == keycode) {
                *keysym = key->keysym;
                *base = key->base;
                found = 1;
            }
        }
        pthread_mutex_unlock(&watch->lock);
        if (found || waited >= wait_ms) return found;
        SDL_Delay(1);
    }
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
