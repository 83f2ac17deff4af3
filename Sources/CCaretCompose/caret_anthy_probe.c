// SPDX-License-Identifier: Apache-2.0
// The check of an anthy dictionary in a process of its own: see include/caret_compose.h.
//
// anthy trusts its dictionary: a corrupt one crashes it (SIGSEGV) on the first conversion, and
// its layout (AnthyDictionaryFile) is too rich to check every record of. So anthy converts with
// it in another process first. That process is not a fork() of the app, whose other threads'
// locks a child would inherit held: the app's own executable is started again with posix_spawn
// (a new image, one thread), and the constructor below takes it over before main runs. It
// starts anthy on the dictionary named in its environment, converts words, and says "ok" down
// the pipe it was given as descriptor 3; then it exits without running anything of the app.
#define _GNU_SOURCE  // pipe2, dladdr, posix_spawn_file_actions_addclosefrom_np
#include "caret_compose.h"

#include <anthy/anthy.h>
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

extern char **environ;

#define PROBE_DICTIONARY "CARET_ANTHY_PROBE_DICTIONARY"
#define PROBE_HOME "CARET_ANTHY_PROBE_HOME"
#define PROBE_CRASH "CARET_ANTHY_PROBE_CRASH"
#define PROBE_ANSWER_FD 3

// MARK: The probe's process

// Starts anthy on the dictionary and converts words from across the syllabary (a truncated
// dictionary fails only for some), each with the candidates of every segment read back. The
// exit status says which step failed; "ok" on the answer descriptor says all went well.
static int convert_with(const char *dictionary, const char *home, int planted_crash) {
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

// Runs before main in every process of an app that links this file: a process started as a
// probe (the dictionary in its environment and a pipe as descriptor 3) converts and exits;
// any other returns at once.
__attribute__((constructor)) static void caret_anthy_probe_entry(void) {
    const char *dictionary = getenv(PROBE_DICTIONARY);
    if (!dictionary) return;
    struct stat answer;
    if (fstat(PROBE_ANSWER_FD, &answer) != 0 || !S_ISFIFO(answer.st_mode)) return;
    // The handlers the libraries loaded before this installed (Swift's backtracer) are not the
    // probe's: a crash must end it, so that the app hears it.
    int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
    int status = convert_with(dictionary, getenv(PROBE_HOME), getenv(PROBE_CRASH) != NULL);
    if (status == 0 && write(PROBE_ANSWER_FD, "ok", 2) != 2) status = 9;
    _exit(status);
}

// MARK: The app's side

// The environment of the probe: the app's, without probe variables of its own, with the
// dictionary, the home, the planted crash and (when this code is in a shared library rather
// than the executable) that library preloaded so that its constructor runs.
typedef struct {
    char **variables;
    char *made[4];  // the entries made here (the rest are the app's)
} probe_environment;

static void free_environment(probe_environment *environment) {
    for (size_t n = 0; n < 4; n++) free(environment->made[n]);
    free(environment->variables);
    memset(environment, 0, sizeof *environment);
}

// 0, or -1 when there is no memory for it.
static int make_environment(
    probe_environment *environment, const char *dictionary, const char *home, int planted_crash, const char *preload) {
    memset(environment, 0, sizeof *environment);
    size_t count = 0;
    while (environ && environ[count]) count++;
    environment->variables = calloc(count + 5, sizeof(char *));
    if (!environment->variables) return -1;
    const char *names[] = {PROBE_DICTIONARY "=", PROBE_HOME "=", PROBE_CRASH "=", "LD_PRELOAD="};
    const char *values[] = {dictionary, home, planted_crash ? "1" : NULL, preload};
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        int replaced = 0;
        for (size_t n = 0; n < 4 && !replaced; n++) replaced = values[n] && strncmp(environ[i], names[n], strlen(names[n])) == 0;
        int stale = !replaced && strncmp(environ[i], "CARET_ANTHY_PROBE_", strlen("CARET_ANTHY_PROBE_")) == 0;
        if (!replaced && !stale) environment->variables[used++] = environ[i];
    }
    for (size_t n = 0; n < 4; n++) {
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

int caret_anthy_probe(const char *dictionary, const char *home, int planted_crash, char *error, size_t error_size) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(error, error_size, "cannot make a pipe to check anthy's dictionary");
        return -1;
    }
    if (fds[1] == PROBE_ANSWER_FD) {
        // dup2 onto itself would keep close-on-exec: move it out of the way first.
        int moved = fcntl(fds[1], F_DUPFD_CLOEXEC, PROBE_ANSWER_FD + 1);
        close(fds[1]);
        fds[1] = moved;
    }
    probe_environment environment;
    int made = fds[1] >= 0 ? make_environment(&environment, dictionary, home, planted_crash, library_to_preload()) : -1;
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
        char *arguments[] = {"caret-anthy-probe", NULL};
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
            snprintf(error, error_size, "no memory to check anthy's dictionary %s", dictionary);
        } else {
            snprintf(error, error_size, "cannot start a process to check anthy's dictionary %s (%s)", dictionary, strerror(why));
        }
        return -1;
    }
    // A dictionary that makes anthy spin is as bad as one that crashes it: 10 s at most. The pipe,
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
        snprintf(error, error_size, "anthy's dictionary %s makes anthy hang", dictionary);
    } else if (waited == child && WIFSIGNALED(status)) {
        snprintf(error, error_size, "anthy's dictionary %s is corrupt: anthy crashed reading it (signal %d)", dictionary, WTERMSIG(status));
    } else if (waited == child && WIFEXITED(status)) {
        snprintf(error, error_size, "anthy's dictionary %s is unusable: anthy could not convert with it (step %d)", dictionary, WEXITSTATUS(status));
    } else {
        snprintf(error, error_size, "anthy's dictionary %s is unusable: anthy ended before converting with it", dictionary);
    }
    return -1;
}
