// SPDX-License-Identifier: Apache-2.0
// The check of an engine's data in a process of its own: see include/caret_compose.h.
//
// anthy trusts its dictionary: a corrupt one crashes it (SIGSEGV) on the first conversion, and
// its layout (AnthyDictionaryFile) is too rich to check every record of. libm17n trusts its
// database: a damaged input method (200,000 nested parentheses in a .mim) or random bytes in
// its folder crash it (SIGSEGV) when the method is opened. So each engine works with its data in
// another process first. That process is not a fork() of the app, whose other threads'
// locks a child would inherit held: the app's own executable is started again with posix_spawn
// (a new image, one thread), and the constructor below takes it over before main runs. It
// starts the engine on the data named in its environment, converts words or types keys, and says
// "ok" down the pipe it was given as descriptor 3; then it exits without running anything of the
// app.
#define _GNU_SOURCE  // pipe2, dladdr, posix_spawn_file_actions_addclosefrom_np
#include "caret_compose.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "caret_engines.h"

extern char **environ;

#define PROBE_DICTIONARY "CARET_ANTHY_PROBE_DICTIONARY"
#define PROBE_HOME "CARET_ANTHY_PROBE_HOME"
#define PROBE_CRASH "CARET_ANTHY_PROBE_CRASH"
#define PROBE_M17N_METHOD "CARET_M17N_PROBE_METHOD"
#define PROBE_M17N_DIRECTORY "CARET_M17N_PROBE_DIRECTORY"
#define PROBE_ANSWER_FD 3

// MARK: The probe's process

// Starts anthy on the dictionary and converts words from across the syllabary (a truncated
// dictionary fails only for some), each with the candidates of every segment read back. The
// exit status says which step failed; "ok" on the answer descriptor says all went well.
static int convert_with(const char *dictionary, const char *home, int planted_crash) {
    if (caret_anthy_open(NULL, 0) != 0) return 2;
    if (home) anthy_conf_override("HOME", home);
    anthy_conf_override("DIC_FILE", dictionary);
    if (anthy_init() != 0) return 3;
    if (planted_crash) raise(SIGSEGV);
    anthy_context_t context = anthy_create_context();
    if (!context) return 4;
    anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING);
    static const char *readings[] = {
        "あさ", "いぬ", "うみ", "えき", "おと", "かわ", "きし", "くも", "けさ", "こえ", "さけ", "しろ", "すし",
        "せんせい", "そら", "たけ", "ちず", "つき", "てら", "とり", "なつ", "にほんご", "ぬの", "ねこ", "のり",
        "はな", "ひと", "ふね", "へや", "ほし", "まど", "みず", "むら", "めがね", "もり", "やま", "ゆき", "よる",
        "らいねん", "りんご", "るす", "れきし", "ろうか", "わたし", "がっこう", "じてんしゃ", "でんわ", "ぶんか", "ぱん",
    };
    for (size_t i = 0; i < sizeof readings / sizeof readings[0]; i++) {
        struct anthy_conv_stat stat;
        if (anthy_set_string(context, readings[i]) != 0) return 5;
        if (anthy_get_stat(context, &stat) != 0 || stat.nr_segment < 1) return 6;
        char buffer[256];
        for (int segment = 0; segment < stat.nr_segment; segment++) {
            struct anthy_segment_stat segment_stat;
            if (anthy_get_segment_stat(context, segment, &segment_stat) != 0) return 7;
            for (int candidate = 0; candidate < segment_stat.nr_candidate && candidate < 8; candidate++) {
                if (anthy_get_segment(context, segment, candidate, buffer, sizeof buffer) < 0) return 8;
            }
        }
    }
    return 0;
}

// Starts libm17n on a database and opens a method ("vi-telex"), then types the keys of a word of
// each kind the methods of m17n-db take (Latin letters, digits, capitals, space, BackSpace) and
// reads the preedit and candidates back. The exit status says which step failed.
static int type_with(const char *method, const char *directory, int planted_crash) {
    char error[256];
    if (caret_m17n_start(directory, error, sizeof error) != 0) return 3;
    if (planted_crash) raise(SIGSEGV);
    const char *dash = strchr(method, '-');
    if (!dash || dash == method || !dash[1]) return 4;
    char language[64];
    size_t length = (size_t)(dash - method);
    if (length >= sizeof language) return 4;
    memcpy(language, method, length);
    language[length] = 0;
    void *context = caret_m17n_new(language, dash + 1, error, sizeof error);
    if (!context) return 5;
    static const char *keys[] = {"a", "a", "s", "w", "n", "a", "m", "a", "s", "t", "e", "1", "A", "k", "h", "space", "BackSpace", "i", "j"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char *produced = NULL;
        caret_m17n_key(context, keys[i], &produced);
        free(produced);
        int caret = 0, index = 0, from = 0, to = 0;
        free(caret_m17n_preedit(context, &caret));
        free(caret_m17n_candidates(context, &index, &from, &to));
    }
    char *produced = NULL;
    caret_m17n_key(context, NULL, &produced);
    free(produced);
    caret_m17n_delete(context);
    return 0;
}

// Runs before main in every process of an app that links this file: a process started as a
// probe (the data in its environment and a pipe as descriptor 3) tries it and exits; any other
// returns at once.
__attribute__((constructor)) static void caret_anthy_probe_entry(void) {
    const char *dictionary = getenv(PROBE_DICTIONARY);
    const char *method = getenv(PROBE_M17N_METHOD);
    if (!dictionary && !method) return;
    struct stat answer;
    if (fstat(PROBE_ANSWER_FD, &answer) != 0 || !S_ISFIFO(answer.st_mode)) return;
    // The handlers the libraries loaded before this installed (Swift's backtracer) are not the
    // probe's: a crash must end it, so that the app hears it.
    int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
    int crash = getenv(PROBE_CRASH) != NULL;
    int status = dictionary ? convert_with(dictionary, getenv(PROBE_HOME), crash) : type_with(method, getenv(PROBE_M17N_DIRECTORY), crash);
    if (status == 0 && write(PROBE_ANSWER_FD, "ok", 2) != 2) status = 9;
    _exit(status);
}

// MARK: The app's side

// The environment of the probe: the app's, without probe variables of its own, with the data
// to try, the planted crash and (when this code is in a shared library rather than the
// executable) that library preloaded so that its constructor runs.
#define PROBE_VARIABLES 6
typedef struct {
    char **variables;
    char *made[PROBE_VARIABLES];  // the entries made here (the rest are the app's)
} probe_environment;

static void free_environment(probe_environment *environment) {
    for (size_t n = 0; n < PROBE_VARIABLES; n++) free(environment->made[n]);
    free(environment->variables);
    memset(environment, 0, sizeof *environment);
}

static int is_probe_variable(const char *entry) {
    return strncmp(entry, "CARET_ANTHY_PROBE_", strlen("CARET_ANTHY_PROBE_")) == 0 ||
           strncmp(entry, "CARET_M17N_PROBE_", strlen("CARET_M17N_PROBE_")) == 0;
}

// 0, or -1 when there is no memory for it. `names` end in "="; a NULL value is left out.
static int make_environment(probe_environment *environment, const char *const names[PROBE_VARIABLES], const char *const values[PROBE_VARIABLES]) {
    memset(environment, 0, sizeof *environment);
    size_t count = 0;
    while (environ && environ[count]) count++;
    environment->variables = calloc(count + PROBE_VARIABLES + 1, sizeof(char *));
    if (!environment->variables) return -1;
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        int replaced = 0;
        for (size_t n = 0; n < PROBE_VARIABLES && !replaced; n++) replaced = values[n] && strncmp(environ[i], names[n], strlen(names[n])) == 0;
        if (!replaced && !is_probe_variable(environ[i])) environment->variables[used++] = environ[i];
    }
    for (size_t n = 0; n < PROBE_VARIABLES; n++) {
        if (!values[n]) continue;
        size_t size = strlen(names[n]) + strlen(values[n]) + 1;
        environment->made[n] = malloc(size);
        if (!environment->made[n]) {
            free_environment(environment);
            return -1;
        }
        snprintf(environment->made[n], size, "%s%s", names[n], values[n]);
        environment->variables[used++] = environment->made[n];
    }
    environment->variables[used] = NULL;
    return 0;
}

// The shared library holding this code, when it is not the executable (NULL: it is, or unknown).
static const char *library_to_preload(void) {
    Dl_info info;
    if (!dladdr((void *)caret_anthy_probe_entry, &info) || !info.dli_fname || !*info.dli_fname) return NULL;
    struct stat here, executable;
    if (stat(info.dli_fname, &here) != 0 || stat("/proc/self/exe", &executable) != 0) return NULL;
    if (here.st_dev == executable.st_dev && here.st_ino == executable.st_ino) return NULL;
    return info.dli_fname;
}

// Starts the probe with its variables and waits for its answer; 0 when it said ok, else -1 with
// why in `error`, naming `what` ("anthy's dictionary /x", "m17n's input method /y"), the engine
// ("anthy", "libm17n") and what it does with the data ("convert", "type").
static int run_probe(
    const char *const values[PROBE_VARIABLES], const char *what, const char *engine, const char *use, char *error,
    size_t error_size) {
    static const char *const names[PROBE_VARIABLES] = {
        PROBE_DICTIONARY "=", PROBE_HOME "=", PROBE_CRASH "=", PROBE_M17N_METHOD "=", PROBE_M17N_DIRECTORY "=", "LD_PRELOAD="};
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(error, error_size, "cannot make a pipe to check %s", what);
        return -1;
    }
    if (fds[1] == PROBE_ANSWER_FD) {
        // dup2 onto itself would keep close-on-exec: move it out of the way first.
        int moved = fcntl(fds[1], F_DUPFD_CLOEXEC, PROBE_ANSWER_FD + 1);
        close(fds[1]);
        fds[1] = moved;
    }
    probe_environment environment;
    const char *with_preload[PROBE_VARIABLES];
    memcpy(with_preload, values, sizeof with_preload);
    with_preload[PROBE_VARIABLES - 1] = library_to_preload();
    int made = fds[1] >= 0 ? make_environment(&environment, names, with_preload) : -1;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int prepared = made == 0 && posix_spawn_file_actions_init(&actions) == 0;
    if (prepared && posix_spawnattr_init(&attributes) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        prepared = 0;
    }
    pid_t child = -1;
    int spawned = -1;
    if (prepared) {
        // Nothing of the app's but the answer pipe; every signal as a new process has it (the
        // app's crash handlers are not the probe's: a crash must end it).
        sigset_t all, none;
        sigfillset(&all);
        sigemptyset(&none);
        int ready = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) == 0 &&
                    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) == 0 &&
                    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) == 0 &&
                    posix_spawn_file_actions_adddup2(&actions, fds[1], PROBE_ANSWER_FD) == 0 &&
                    posix_spawn_file_actions_addclosefrom_np(&actions, PROBE_ANSWER_FD + 1) == 0 &&
                    posix_spawnattr_setsigdefault(&attributes, &all) == 0 && posix_spawnattr_setsigmask(&attributes, &none) == 0 &&
                    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) == 0;
        char *arguments[] = {"caret-engine-probe", NULL};
        if (ready) spawned = posix_spawn(&child, "/proc/self/exe", &actions, &attributes, arguments, environment.variables);
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    if (made == 0) free_environment(&environment);
    if (fds[1] >= 0) close(fds[1]);
    if (spawned != 0) {
        int why = spawned > 0 ? spawned : errno;
        close(fds[0]);
        if (fds[1] >= 0 && made != 0) {
            snprintf(error, error_size, "no memory to check %s", what);
        } else {
            snprintf(error, error_size, "cannot start a process to check %s (%s)", what, strerror(why));
        }
        return -1;
    }
    // Data that makes the engine spin is as bad as data that crashes it: 10 s at most. The pipe,
    // not the exit status, is the answer: a process that ignores SIGCHLD, or reaps every child,
    // leaves no status to wait for.
    char answer[2] = {0, 0};
    size_t got = 0;
    int hung = 0;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (got < 2) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= 10000) {
            hung = 1;
            break;
        }
        struct pollfd wait_for = {fds[0], POLLIN, 0};
        int ready = poll(&wait_for, 1, (int)(10000 - elapsed));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        ssize_t n = read(fds[0], answer + got, 2 - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the probe ended without saying ok
        got += (size_t)n;
    }
    close(fds[0]);
    if (hung) kill(child, SIGKILL);
    int status = 0;
    pid_t waited;
    do { waited = waitpid(child, &status, 0); } while (waited < 0 && errno == EINTR);
    if (got == 2 && memcmp(answer, "ok", 2) == 0) return 0;
    if (hung) {
        snprintf(error, error_size, "%s makes %s hang", what, engine);
    } else if (waited == child && WIFSIGNALED(status)) {
        snprintf(error, error_size, "%s is corrupt: %s crashed reading it (signal %d)", what, engine, WTERMSIG(status));
    } else if (waited == child && WIFEXITED(status)) {
        snprintf(error, error_size, "%s is unusable: %s could not %s with it (step %d)", what, engine, use, WEXITSTATUS(status));
    } else {
        snprintf(error, error_size, "%s is unusable: %s ended before it could %s with it", what, engine, use);
    }
    return -1;
}

int caret_anthy_probe(const char *dictionary, const char *home, int planted_crash, char *error, size_t error_size) {
    // Found, not opened: the app opens the library when a guest first chooses Japanese.
    if (!caret_library_findable(caret_anthy_sonames, error, error_size)) return -1;
    const char *values[PROBE_VARIABLES] = {dictionary, home, planted_crash ? "1" : NULL, NULL, NULL, NULL};
    char what[4200];
    snprintf(what, sizeof what, "anthy's dictionary %s", dictionary);
    return run_probe(values, what, "anthy", "convert", error, error_size);
}

int caret_m17n_probe(const char *method, const char *directory, const char *file, int planted_crash, char *error, size_t error_size) {
    if (!caret_m17n_findable(error, error_size)) return -1;
    const char *values[PROBE_VARIABLES] = {NULL, NULL, planted_crash ? "1" : NULL, method, directory, NULL};
    char what[4200];
    snprintf(what, sizeof what, "m17n's input method %s", file);
    return run_probe(values, what, "libm17n", "type", error, error_size);
}
