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
#include <string.h>
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

/* What the current OpenGL context says it is (GL_RENDERER: "llvmpipe (LLVM 15.0.6, 256 bits)",
   "Mesa Intel(R) UHD Graphics 620"), looked up through SDL so no GL library is linked; NULL when
   no context is current or the function cannot be found. */
static inline const char *caret_gl_renderer_string(void) {
    typedef const unsigned char *(*caret_gl_get_string)(unsigned int name);
    if (SDL_GL_GetCurrentContext() == NULL) return NULL;
    caret_gl_get_string get_string = (caret_gl_get_string)SDL_GL_GetProcAddress("glGetString");
    return get_string ? (const char *)get_string(0x1F01 /* GL_RENDERER */) : NULL;
}

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

/* The X window id of an SDL window (what xdotool and xwininfo name it by); 0 when the window is
   not on X11. */
static inline unsigned long caret_SDL_x11_window(SDL_Window *window) {
    if (!window) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    struct { void *display; unsigned long window; } *x11 = (void *)&info.info;
    return x11->window;
}

/* Characters typed on a keycode remapped for a moment. xdotool's `type` (and on-screen
   keyboards that work the same way) binds a character outside the layout (ü, ß on a US layout)
   to a spare keycode, sends the key and binds the keycode back; the X server keeps no past
   keymaps, so an app that reads the key after that (busy drawing, or waiting for its input
   method) finds a key that types nothing. A thread of the app's own, on its own X connection and
   otherwise idle, hears each key pressed in the window as it comes and reads what it types there
   and then; the main thread asks it for the keys SDL gave no text for. Reading the keymap is a
   race that the thread, and SDL itself, can lose on a loaded machine (the keycode already bound
   to the next character: "Grüße" arrived as "Grßße"), so where the server has the RECORD
   extension the thread also records the binding requests and key presses in the server's own
   order, which is exact, and that text wins over SDL's. Xlib is looked up in the process (SDL
   loaded it), never linked; its structures are declared here, as Xlib's headers would shadow
   Caret's names (`Window`) in Swift. */
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
/* The RECORD extension's ranges and intercepted data (libXtst's record.h, declared here for the
   same reason as Xlib's structures). */
typedef struct { unsigned char first, last; } caret_xrecord_range8;
typedef struct { unsigned short first, last; } caret_xrecord_range16;
typedef struct {
    caret_xrecord_range8 ext_major;
    caret_xrecord_range16 ext_minor;
} caret_xrecord_ext_range;
typedef struct {
    caret_xrecord_range8 core_requests, core_replies;
    caret_xrecord_ext_range ext_requests, ext_replies;
    caret_xrecord_range8 delivered_events, device_events, errors;
    int client_started, client_died;
} caret_xrecord_range;
typedef struct {
    unsigned long id_base, server_time, client_seq;
    int category, client_swapped;
    unsigned char *data;
    unsigned long data_len; /* in 4-byte units */
} caret_xrecord_data;
/* A key press as the server processed it, with the keysyms its keycode had then (recorded). */
typedef struct caret_x11_recorded_key {
    unsigned long time;
    unsigned int keycode;
    unsigned long keysyms[2]; /* unshifted, shifted (0: none) */
    int used;                 /* looked up once: two presses in one millisecond are two entries */
} caret_x11_recorded_key;
typedef struct caret_x11_key_watch {
    pthread_mutex_t lock;
    pthread_t thread;
    int running;
    void *display;
    unsigned long window;
    caret_x11_typed_key keys[64];
    unsigned int count;
    /* Recording (RECORD extension, libXtst): every client's ChangeKeyboardMapping and every key
       press in the order the server handled them, so a keycode bound for a moment is known as it
       was at its press however late anything reads it. */
    void *record_display;
    unsigned long record_context;
    unsigned long bound[256][2]; /* keysyms set by a recorded ChangeKeyboardMapping */
    unsigned char is_bound[256];
    caret_x11_recorded_key recorded[64];
    unsigned int recorded_count;
    int (*record_process_replies)(void *);
    int (*record_free_context)(void *, unsigned long);
    int (*record_disable)(void *, unsigned long);
    int (*sync)(void *, int);
    void (*record_free_data)(caret_xrecord_data *);
    void (*convert_case)(unsigned long, unsigned long *, unsigned long *);
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

static inline unsigned long caret_x11_card32(const unsigned char *bytes, int swapped) {
    uint32_t value;
    memcpy(&value, bytes, 4);
    return swapped ? __builtin_bswap32(value) : value;
}

/* What the recording intercepted: a client's ChangeKeyboardMapping (request 100: count, first
   keycode, keysyms per keycode, keysyms) binds keycodes; a key press (event 2) on a keycode so
   bound is kept with the keysyms it had then. */
static inline void caret_x11_recorded(char *closure, caret_xrecord_data *data) {
    (void)closure;
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    const unsigned char *bytes = data->data;
    unsigned long length = data->data_len * 4;
    if (data->category == 1 && bytes && length >= 8 && bytes[0] == 100) {
        unsigned int count = bytes[1], first = bytes[4], per = bytes[5];
        if (per > 0 && length >= 8 + (unsigned long)count * per * 4) {
            pthread_mutex_lock(&watch->lock);
            for (unsigned int i = 0; i < count && first + i < 256; i++) {
                const unsigned char *syms = bytes + 8 + (unsigned long)i * per * 4;
                watch->bound[first + i][0] = caret_x11_card32(syms, data->client_swapped);
                watch->bound[first + i][1] = per > 1 ? caret_x11_card32(syms + 4, data->client_swapped) : 0;
                watch->is_bound[first + i] = 1;
            }
            pthread_mutex_unlock(&watch->lock);
        }
    } else if (data->category == 0 && bytes && length >= 32 && (bytes[0] & 0x7f) == 2) {
        unsigned int keycode = bytes[1];
        pthread_mutex_lock(&watch->lock);
        if (watch->is_bound[keycode]) {
            caret_x11_recorded_key *slot = &watch->recorded[watch->recorded_count++ % 64];
            slot->time = caret_x11_card32(bytes + 4, 0);
            slot->keycode = keycode;
            slot->keysyms[0] = watch->bound[keycode][0];
            slot->keysyms[1] = watch->bound[keycode][1];
            slot->used = 0;
        }
        pthread_mutex_unlock(&watch->lock);
    }
    watch->record_free_data(data);
}

/* Starts recording on a connection of its own; 0 when libXtst or the server's RECORD extension is
   missing (the watch then reads the keymap as it finds it). */
static inline int caret_x11_record_start(caret_x11_key_watch *watch, void *control, void *(*open_display)(const char *),
                                         const char *name, int (*flush)(void *), int (*close_display)(void *)) {
    void *xtst = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (!xtst || !x11) {
        if (xtst) dlclose(xtst);
        if (x11) dlclose(x11);
        return 0;
    }
    int (*query)(void *, int *, int *) = (int (*)(void *, int *, int *))dlsym(xtst, "XRecordQueryVersion");
    caret_xrecord_range *(*alloc_range)(void) = (caret_xrecord_range * (*)(void)) dlsym(xtst, "XRecordAllocRange");
    unsigned long (*create)(void *, int, unsigned long *, int, caret_xrecord_range **, int) =
        (unsigned long (*)(void *, int, unsigned long *, int, caret_xrecord_range **, int))dlsym(xtst, "XRecordCreateContext");
    int (*enable)(void *, unsigned long, void (*)(char *, caret_xrecord_data *), char *) =
        (int (*)(void *, unsigned long, void (*)(char *, caret_xrecord_data *), char *))dlsym(xtst, "XRecordEnableContextAsync");
    int (*x_free)(void *) = (int (*)(void *))dlsym(x11, "XFree");
    watch->record_process_replies = (int (*)(void *))dlsym(xtst, "XRecordProcessReplies");
    watch->record_free_context = (int (*)(void *, unsigned long))dlsym(xtst, "XRecordFreeContext");
    watch->record_disable = (int (*)(void *, unsigned long))dlsym(xtst, "XRecordDisableContext");
    watch->sync = (int (*)(void *, int))dlsym(x11, "XSync");
    watch->record_free_data = (void (*)(caret_xrecord_data *))dlsym(xtst, "XRecordFreeData");
    watch->convert_case = (void (*)(unsigned long, unsigned long *, unsigned long *))dlsym(x11, "XConvertCase");
    dlclose(x11);  /* SDL keeps it loaded; libXtst stays open while recording */
    int major = 0, minor = 0;
    if (!query || !alloc_range || !create || !enable || !x_free || !watch->record_process_replies || !watch->record_free_context ||
        !watch->record_disable || !watch->sync ||
        !watch->record_free_data || !watch->convert_case || !query(control, &major, &minor))
        return 0;
    caret_xrecord_range *range = alloc_range();
    if (!range) return 0;
    range->core_requests.first = range->core_requests.last = 100; /* X_ChangeKeyboardMapping */
    range->device_events.first = range->device_events.last = 2;  /* KeyPress */
    unsigned long clients = 3;                                    /* XRecordAllClients */
    unsigned long context = create(control, 0, &clients, 1, &range, 1);
    x_free(range);
    if (!context) return 0;
    flush(control);
    void *data = open_display(name);
    if (!data || !enable(data, context, caret_x11_recorded, NULL)) {
        if (data) close_display(data);
        watch->record_free_context(control, context);
        flush(control);
        return 0;
    }
    watch->record_display = data;
    watch->record_context = context;
    memset(watch->is_bound, 0, sizeof watch->is_bound);
    watch->recorded_count = 0;
    return 1;
}

static inline void *caret_x11_key_watch_run(void *unused) {
    (void)unused;
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    struct pollfd pollers[2] = {{watch->connection_number(watch->display), POLLIN, 0}, {-1, POLLIN, 0}};
    if (watch->record_display) pollers[1].fd = watch->connection_number(watch->record_display);
    for (;;) {
        pthread_mutex_lock(&watch->lock);
        int running = watch->running;
        pthread_mutex_unlock(&watch->lock);
        if (!running) break;
        if (watch->record_display) watch->record_process_replies(watch->record_display);
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
        poll(pollers, 2, 100);
    }
    return NULL;
}

/* Ends the recording and closes its connection. The server answers nothing else on the data
   connection while it records there, so the recording is ended and the server has done so
   (a round trip on the control connection) before the data connection closes: closing it first
   waited for an answer that never came. */
static inline void caret_x11_record_stop(caret_x11_key_watch *watch) {
    if (!watch->record_display) return;
    watch->record_disable(watch->display, watch->record_context);
    watch->sync(watch->display, 0);
    watch->record_free_context(watch->display, watch->record_context);
    watch->sync(watch->display, 0);
    watch->close_display(watch->record_display);
    watch->record_display = NULL;
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
    watch->record_display = NULL;
    caret_x11_record_start(watch, display, open_display, display_string(sdl_display), flush, watch->close_display);
    watch->running = 1;
    if (pthread_create(&watch->thread, NULL, caret_x11_key_watch_run, NULL) != 0) {
        watch->running = 0;
        caret_x11_record_stop(watch);
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
    caret_x11_record_stop(watch);
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

/* A key pressed in the window as an SDL_SYSWMEVENT gives it: 1 and its time, keycode and modifiers when it
   is an X KeyPress. Read as soon as the event is polled (the message lives in SDL's queue). */
static inline int caret_x11_key_press(const SDL_Event *event, unsigned long *time, unsigned int *keycode, unsigned int *state) {
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const caret_x11_wm_message *message = (const caret_x11_wm_message *)event->syswm.msg;
    if (message->event.type != 2) return 0;
    *time = message->event.key.time;
    *keycode = message->event.key.keycode;
    *state = message->event.key.state;
    return 1;
}

/* The keysym a keycode's first two keysyms give with `state`'s Shift (1) and Lock (2, as Caps
   Lock), as the core protocol's rules read them: a second keysym missing makes the pair the
   first's lower and upper case; Shift takes the second; Lock upper-cases a lower-case letter. */
static inline unsigned long caret_x11_level(const unsigned long keysyms[2], unsigned int state,
                                            void (*convert_case)(unsigned long, unsigned long *, unsigned long *)) {
    unsigned long lower = keysyms[0], upper = keysyms[0];
    convert_case(keysyms[0], &lower, &upper);
    unsigned long first = keysyms[1] ? keysyms[0] : lower, second = keysyms[1] ? keysyms[1] : upper;
    unsigned long chosen = (state & 1) ? second : first;
    if (state & 2) {
        unsigned long chosen_lower = chosen, chosen_upper = chosen;
        convert_case(chosen, &chosen_lower, &chosen_upper);
        chosen = chosen_upper;
    }
    return chosen;
}

/* What the key pressed at `time` on `keycode` with modifiers `state` typed (and the keycode's first
   keysym then): as recorded when the server handled it, else as the watch read it on hearing it;
   waiting up to `wait_ms` for either; 0 if neither has it. */
static inline int caret_x11_typed_key_lookup(unsigned long time, unsigned int keycode, unsigned int state, int wait_ms,
                                             unsigned long *keysym, unsigned long *base, int *exact) {
    caret_x11_key_watch *watch = caret_x11_key_watch_state();
    if (!watch->display) return 0;
    for (int waited = 0;; waited++) {
        int found = 0;
        pthread_mutex_lock(&watch->lock);
        /* Recorded first: the keysyms the keycode had when the server handled the press; the
           oldest press of that time and keycode not yet looked up (presses are read in order). */
        unsigned int recorded = watch->recorded_count < 64 ? watch->recorded_count : 64;
        for (unsigned int i = recorded; i > 0 && !found; i--) {
            caret_x11_recorded_key *key = &watch->recorded[(watch->recorded_count - i) % 64];
            if (key->used || key->time != time || key->keycode != keycode) continue;
            key->used = 1;
            *keysym = caret_x11_level(key->keysyms, state, watch->convert_case);
            *base = key->keysyms[0];
            *exact = 1;
            found = 1;
        }
        /* A keycode a recorded request bound: its recorded press is awaited (the watch's reading may be late). */
        int awaits_record = watch->record_display && keycode < 256 && watch->is_bound[keycode];
        unsigned int count = watch->count < 64 ? watch->count : 64;
        for (unsigned int i = 0; i < count && !found && !(awaits_record && waited < wait_ms); i++) {
            const caret_x11_typed_key *key = &watch->keys[(watch->count - 1 - i) % 64];
            if (key->time == time && key->keycode == keycode) {
                *keysym = key->keysym;
                *base = key->base;
                *exact = 0;
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
