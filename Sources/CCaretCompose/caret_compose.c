// SPDX-License-Identifier: Apache-2.0
// The composition engines' shim: see include/caret_compose.h.
#include "caret_compose.h"

#include <hangul-1.0/hangul.h>
#include <rime_api.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caret_engines.h"

// The libraries, opened the first time their language is chosen (caret_engines.h).
#define CARET_HANGUL_FUNCTIONS(X) \
    X(hangul_ic_new) X(hangul_ic_delete) X(hangul_ic_process) X(hangul_ic_backspace) X(hangul_ic_get_preedit_string) \
    X(hangul_ic_get_commit_string) X(hangul_ic_flush) X(hangul_ic_reset)
CARET_DEFINE_LIBRARY(hangul, CARET_HANGUL_FUNCTIONS, "libhangul.so.1")
#define CARET_RIME_FUNCTIONS(X) X(rime_get_api)
CARET_DEFINE_LIBRARY(rime_library_functions, CARET_RIME_FUNCTIONS, "librime.so.1")

struct caret_anthy_functions caret_anthy_library;
static const char *const anthy_names[] = {CARET_ANTHY_FUNCTIONS(CARET_LOAD_NAME)};
const char *const caret_anthy_sonames[] = {"libanthy.so.1", NULL};
static caret_library anthy_library = CARET_LIBRARY_INIT;

int caret_hangul_open(char *error, size_t error_size) { return hangul_open(error, error_size); }
int caret_hangul_findable(char *error, size_t error_size) { return hangul_findable(error, error_size); }
int caret_rime_findable(char *error, size_t error_size) { return rime_library_functions_findable(error, error_size); }
int caret_anthy_open(char *error, size_t error_size) {
    return caret_library_open(&anthy_library, caret_anthy_sonames, anthy_names, (void **)&caret_anthy_library,
        sizeof caret_anthy_library / sizeof(void *), error, error_size);
}

#define hangul_ic_new hangul.hangul_ic_new
#define hangul_ic_delete hangul.hangul_ic_delete
#define hangul_ic_process hangul.hangul_ic_process
#define hangul_ic_backspace hangul.hangul_ic_backspace
#define hangul_ic_get_preedit_string hangul.hangul_ic_get_preedit_string
#define hangul_ic_get_commit_string hangul.hangul_ic_get_commit_string
#define hangul_ic_flush hangul.hangul_ic_flush
#define hangul_ic_reset hangul.hangul_ic_reset
#define rime_get_api rime_library_functions.rime_get_api

void caret_compose_free(char *text) { free(text); }

static char *copy_string(const char *text) {
    if (!text) return NULL;
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy) memcpy(copy, text, length + 1);
    return copy;
}

static void set_error(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message);
}

// MARK: libhangul

static char *utf8_from_ucs4(const ucschar *text) {
    size_t count = 0;
    while (text && text[count]) count++;
    char *out = malloc(count * 4 + 1);
    if (!out) return NULL;
    size_t at = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t c = text[i];
        if (c < 0x80) {
            out[at++] = (char)c;
        } else if (c < 0x800) {
            out[at++] = (char)(0xC0 | (c >> 6));
            out[at++] = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out[at++] = (char)(0xE0 | (c >> 12));
            out[at++] = (char)(0x80 | ((c >> 6) & 0x3F));
            out[at++] = (char)(0x80 | (c & 0x3F));
        } else {
            out[at++] = (char)(0xF0 | (c >> 18));
            out[at++] = (char)(0x80 | ((c >> 12) & 0x3F));
            out[at++] = (char)(0x80 | ((c >> 6) & 0x3F));
            out[at++] = (char)(0x80 | (c & 0x3F));
        }
    }
    out[at] = 0;
    return out;
}

void *caret_hangul_new(const char *keyboard) { return caret_hangul_open(NULL, 0) == 0 ? hangul_ic_new(keyboard) : NULL; }
void caret_hangul_delete(void *context) {
    if (context) hangul_ic_delete(context);
}
int caret_hangul_process(void *context, int ascii) { return hangul_ic_process(context, ascii) ? 1 : 0; }
int caret_hangul_backspace(void *context) { return hangul_ic_backspace(context) ? 1 : 0; }
char *caret_hangul_preedit(void *context) { return utf8_from_ucs4(hangul_ic_get_preedit_string(context)); }
char *caret_hangul_commit(void *context) { return utf8_from_ucs4(hangul_ic_get_commit_string(context)); }
char *caret_hangul_flush(void *context) { return utf8_from_ucs4(hangul_ic_flush(context)); }
void caret_hangul_reset(void *context) { hangul_ic_reset(context); }

// MARK: librime

static RimeApi *rime;
// librime's setup and initialize return nothing; its deployment says how it went in a notification
// (from its maintenance thread): a failure is named when a session cannot be made.
static atomic_int rime_deploy_failed;

static void rime_notified(void *context, RimeSessionId session, const char *type, const char *value) {
    (void)context;
    (void)session;
    if (!type || !value || strcmp(type, "deploy") != 0) return;
    if (strcmp(value, "failure") == 0) atomic_store(&rime_deploy_failed, 1);
    if (strcmp(value, "success") == 0) atomic_store(&rime_deploy_failed, 0);
}

static void set_session_error(char *error, size_t size, const char *message) {
    if (!error || size == 0) return;
    if (atomic_load(&rime_deploy_failed)) {
        snprintf(error, size, "%s (librime could not deploy its data into the user directory)", message);
    } else {
        snprintf(error, size, "%s", message);
    }
}

// At exit, before librime's own static objects go: its service, destroyed last, would free the
// sessions' engines after what they use is gone (a crash in rime::Poet's destructor).
static void finish_rime(void) {
    if (!rime) return;
    rime->cleanup_all_sessions();
    rime->finalize();
    rime = NULL;
}

int caret_rime_start(const char *shared_dir, const char *user_dir, char *error, size_t error_size) {
    if (rime) return 0;
    if (rime_library_functions_open(error, error_size) != 0) return -1;
    RimeApi *api = rime_get_api();
    if (!api) {
        set_error(error, error_size, "librime has no API");
        return -1;
    }
    RIME_STRUCT(RimeTraits, traits);
    traits.shared_data_dir = shared_dir;
    traits.user_data_dir = user_dir;
    traits.distribution_name = "Caret";
    traits.distribution_code_name = "caret";
    traits.distribution_version = "1";
    traits.app_name = "rime.caret";
    traits.min_log_level = 3;  // fatal only: nothing on stderr
    api->setup(&traits);
    atomic_store(&rime_deploy_failed, 0);
    api->set_notification_handler(rime_notified, NULL);
    api->initialize(&traits);
    // Installs the schemas' prebuilt tables from the shared data (or builds what is missing).
    if (api->start_maintenance(False)) api->join_maintenance_thread();
    rime = api;
    atexit(finish_rime);
    return 0;
}

uintptr_t caret_rime_session(const char *schema, char *error, size_t error_size) {
    if (!rime) {
        set_error(error, error_size, "librime is not started");
        return 0;
    }
    RimeSessionId session = rime->create_session();
    if (!session) {
        set_session_error(error, error_size, "librime made no session");
        return 0;
    }
    if (!rime->select_schema(session, schema)) {
        rime->destroy_session(session);
        set_session_error(error, error_size, "librime has no such schema");
        return 0;
    }
    char current[128] = {0};
    if (!rime->get_current_schema(session, current, sizeof current) || strcmp(current, schema) != 0) {
        rime->destroy_session(session);
        set_session_error(error, error_size, "librime could not load the schema");
        return 0;
    }
    rime->set_option(session, "ascii_mode", False);
    return (uintptr_t)session;
}

void caret_rime_end_session(uintptr_t session) {
    // A session that outlives the library (destroyed after exit began) has nothing to end.
    if (rime && session) rime->destroy_session(session);
}
int caret_rime_key(uintptr_t session, int keysym) { return rime->process_key(session, keysym, 0) ? 1 : 0; }
int caret_rime_select(uintptr_t session, int index) {
    return rime->select_candidate_on_current_page(session, (size_t)index) ? 1 : 0;
}
void caret_rime_clear(uintptr_t session) { rime->clear_composition(session); }
int caret_rime_commit_composition(uintptr_t session) { return rime->commit_composition(session) ? 1 : 0; }

char *caret_rime_commit(uintptr_t session) {
    RIME_STRUCT(RimeCommit, commit);
    if (!rime->get_commit(session, &commit)) return NULL;
    char *text = copy_string(commit.text);
    rime->free_commit(&commit);
    return text;
}

char *caret_rime_preedit(uintptr_t session, int *caret) {
    RIME_STRUCT(RimeContext, context);
    *caret = 0;
    if (!rime->get_context(session, &context)) return copy_string("");
    char *text = copy_string(context.composition.preedit ? context.composition.preedit : "");
    *caret = context.composition.cursor_pos;
    rime->free_context(&context);
    return text;
}

char *caret_rime_input(uintptr_t session) {
    const char *input = rime->get_input(session);
    return copy_string(input ? input : "");
}

// Joins strings with U+001F into one malloc'd string and frees them (defined with anthy's below).
static char *join(char **items, int count);

char *caret_rime_candidates(uintptr_t session, int *page, int *is_last) {
    RIME_STRUCT(RimeContext, context);
    *page = 0;
    *is_last = 1;
    if (!rime->get_context(session, &context)) return copy_string("");
    int count = context.menu.num_candidates;
    char **items = count > 0 ? calloc((size_t)count, sizeof(char *)) : NULL;
    int kept = 0;
    for (int i = 0; items && i < count; i++) {
        char *text = copy_string(context.menu.candidates[i].text);
        if (text) items[kept++] = text;
    }
    char *out = join(items, kept);
    free(items);
    *page = context.menu.page_no;
    *is_last = context.menu.is_last_page ? 1 : 0;
    rime->free_context(&context);
    return out;
}

// MARK: anthy

static int anthy_started;

int caret_anthy_start(const char *home, const char *dictionary, char *error, size_t error_size) {
    if (anthy_started) return 0;
    if (caret_anthy_open(error, error_size) != 0) return -1;
    // Its learning (the record of choices) goes under `home`/.anthy, not the user's real home.
    if (home) anthy_conf_override("HOME", home);
    if (dictionary) anthy_conf_override("DIC_FILE", dictionary);
    if (anthy_init() != 0) {
        set_error(error, error_size, "anthy could not start (is anthy-common's dictionary installed?)");
        return -1;
    }
    anthy_set_personality("default");
    anthy_started = 1;
    return 0;
}

void *caret_anthy_new(void) {
    anthy_context_t context = anthy_create_context();
    if (context) anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING);
    return context;
}

void caret_anthy_delete(void *context) {
    if (context) anthy_release_context(context);
}

int caret_anthy_convert(void *context, const char *reading) {
    if (anthy_set_string(context, reading) != 0) return -1;
    struct anthy_conv_stat stat;
    if (anthy_get_stat(context, &stat) != 0) return -1;
    return stat.nr_segment;
}

static char *segment_text(anthy_context_t context, int segment, int candidate) {
    int length = anthy_get_segment(context, segment, candidate, NULL, 0);
    if (length < 0) return NULL;
    char *out = malloc((size_t)length + 1);
    if (!out) return NULL;
    anthy_get_segment(context, segment, candidate, out, length + 1);
    out[length] = 0;
    return out;
}

char *caret_anthy_segment_reading(void *context, int segment) {
    char *text = segment_text(context, segment, NTH_UNCONVERTED_CANDIDATE);
    return text ? text : copy_string("");
}

static char *join(char **items, int count) {
    size_t length = 1;
    for (int i = 0; i < count; i++) length += strlen(items[i]) + 1;
    char *out = malloc(length);
    size_t at = 0;
    for (int i = 0; out && i < count; i++) {
        if (i > 0) out[at++] = 0x1F;
        size_t n = strlen(items[i]);
        memcpy(out + at, items[i], n);
        at += n;
    }
    if (out) out[at] = 0;
    for (int i = 0; i < count; i++) free(items[i]);
    return out;
}

char *caret_anthy_segment_candidates(void *context, int segment, int limit) {
    struct anthy_segment_stat stat;
    if (anthy_get_segment_stat(context, segment, &stat) != 0) return copy_string("");
    int count = stat.nr_candidate < limit ? stat.nr_candidate : limit;
    if (count <= 0) return copy_string("");
    char **items = calloc((size_t)count, sizeof(char *));
    int kept = 0;
    for (int i = 0; items && i < count; i++) {
        char *text = segment_text(context, segment, i);
        if (text) items[kept++] = text;
    }
    char *out = join(items, kept);
    free(items);
    return out;
}

int caret_anthy_commit_segment(void *context, int segment, int candidate) {
    return anthy_commit_segment(context, segment, candidate);
}


int caret_anthy_resize_segment(void *context, int segment, int delta) {
    anthy_resize_segment(context, segment, delta);
    struct anthy_conv_stat stat;
    if (anthy_get_stat(context, &stat) != 0) return -1;
    return stat.nr_segment;
}
