// SPDX-License-Identifier: Apache-2.0
// zinnia (Debian's libzinnia, the handwriting recogniser of Tegaki and Mozc) for Swift, and a
// check of a model in a child process: zinnia trusts a model's contents once its size matches
// its header, so a damaged one can crash it while it opens.
#ifndef CARET_CZINNIA_SHIM_H
#define CARET_CZINNIA_SHIM_H

#include <zinnia.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Opens the model at `path` in a child process and classifies a few strokes with it. 0: the
   child came back with an answer; otherwise -1 and why in `error`. The pipe, not the exit
   status, is the answer: a process that reaps every child leaves no status to wait for. */
static inline int caret_zinnia_probe(const char *path, char *error, size_t error_size) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(error, error_size, "cannot make a pipe to check the model");
        return -1;
    }
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        snprintf(error, error_size, "cannot start a process to check the model");
        return -1;
    }
    if (child == 0) {
        close(fds[0]);
        int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
        for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
        zinnia_recognizer_t *recognizer = zinnia_recognizer_new();
        if (!recognizer || !zinnia_recognizer_open(recognizer, path)) {
            const char *why = recognizer ? zinnia_recognizer_strerror(recognizer) : "no recogniser";
            ssize_t ignored = write(fds[1], "E", 1);
            ignored = write(fds[1], why, strlen(why));
            (void)ignored;
            _exit(3);
        }
        zinnia_character_t *character = zinnia_character_new();
        zinnia_character_set_width(character, 1000);
        zinnia_character_set_height(character, 1000);
        static const int strokes[][4] = {{100, 500, 900, 500}, {500, 100, 500, 900}, {200, 200, 800, 800}};
        for (size_t i = 0; i < 3; i++) {
            zinnia_character_add(character, i, strokes[i][0], strokes[i][1]);
            zinnia_character_add(character, i, strokes[i][2], strokes[i][3]);
            zinnia_result_t *result = zinnia_recognizer_classify(recognizer, character, 10);
            if (!result) _exit(4);
            for (size_t k = 0; k < zinnia_result_size(result); k++) {
                const char *value = zinnia_result_value(result, k);
                if (!value) _exit(5);
                (void)strlen(value);
            }
            zinnia_result_destroy(result);
        }
        ssize_t written = write(fds[1], "ok", 2);
        _exit(written == 2 ? 0 : 9);
    }
    close(fds[1]);
    /* A model that makes zinnia spin is as bad as one that crashes it: 20 s at most. */
    char answer[512];
    size_t got = 0;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        struct pollfd pfd = {fds[0], POLLIN, 0};
        clock_gettime(CLOCK_MONOTONIC, &now);
        long waited = (long)(now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (waited > 20000) break;
        int ready = poll(&pfd, 1, 200);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        ssize_t n = read(fds[0], answer + got, sizeof answer - 1 - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
        if (got >= sizeof answer - 1) break;
    }
    answer[got] = 0;
    close(fds[0]);
    int status = 0;
    int hung = 0;
    if (waitpid(child, &status, WNOHANG) == 0) {
        kill(child, SIGKILL);
        hung = got == 0;
    }
    waitpid(child, &status, 0);
    if (got == 2 && memcmp(answer, "ok", 2) == 0) return 0;
    if (got > 1 && answer[0] == 'E') {
        snprintf(error, error_size, "zinnia cannot open it: %s", answer + 1);
    } else if (hung) {
        snprintf(error, error_size, "zinnia did not finish reading it in 20 s");
    } else if (WIFSIGNALED(status)) {
        snprintf(error, error_size, "zinnia crashed reading it (signal %d): the model is damaged", WTERMSIG(status));
    } else {
        snprintf(error, error_size, "zinnia could not classify with it (the model is damaged)");
    }
    return -1;
}

#endif
