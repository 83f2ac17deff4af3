// SPDX-License-Identifier: Apache-2.0
// libespeak-ng in synchronous mode: each utterance is synthesized on the caller's thread and
// handed to its sink chunk by chunk; the sink stops it by returning nonzero.
#include "caret_speech.h"

#include <espeak-ng/speak_lib.h>
#include <stdlib.h>
#include <string.h>

#include "caret_load.h"

// libespeak-ng, opened when the spoken mode first speaks (caret_load.h).
#define CARET_ESPEAK_FUNCTIONS(X) \
    X(espeak_Initialize) X(espeak_SetSynthCallback) X(espeak_SetVoiceByProperties) X(espeak_SetVoiceByName) \
    X(espeak_SetParameter) X(espeak_Synth)
CARET_DEFINE_LIBRARY(espeak, CARET_ESPEAK_FUNCTIONS, "libespeak-ng.so.1")

#define espeak_Initialize espeak.espeak_Initialize
#define espeak_SetSynthCallback espeak.espeak_SetSynthCallback
#define espeak_SetVoiceByProperties espeak.espeak_SetVoiceByProperties
#define espeak_SetVoiceByName espeak.espeak_SetVoiceByName
#define espeak_SetParameter espeak.espeak_SetParameter
#define espeak_Synth espeak.espeak_Synth

static caret_speech_sink current_sink;
static void *current_context;
static int stopped;

static int callback(short *samples, int count, espeak_EVENT *events) {
    (void)events;
    if (stopped) return 1;
    if (samples && count > 0 && current_sink && current_sink(current_context, samples, count)) {
        stopped = 1;
        return 1;
    }
    return 0;
}

int caret_speech_initialize(char **error) {
    char reason[512];
    if (espeak_open(reason, sizeof reason) != 0) {
        if (error) *error = strdup(reason);
        return -1;
    }
    int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, NULL, 0);
    if (rate <= 0) {
        if (error) *error = strdup("espeak-ng could not load its data (is espeak-ng-data installed?)");
        return -1;
    }
    espeak_SetSynthCallback(callback);
    return rate;
}

int caret_speech_synthesize(const char *text, const char *language, double rate, double volume, caret_speech_sink sink,
                            void *context) {
    espeak_VOICE voice;
    memset(&voice, 0, sizeof voice);
    char lower[32] = "en";
    if (language && *language) {
        size_t i = 0;
        for (; language[i] && i < sizeof lower - 1; i++) {
            char c = language[i];
            lower[i] = (char)(c == '_' ? '-' : (c >= 'A' && c <= 'Z' ? c + 32 : c));
        }
        lower[i] = 0;
    }
    voice.languages = lower;
    if (espeak_SetVoiceByProperties(&voice) != EE_OK) {
        // "de-de" unknown: the language alone, then English.
        char *dash = strchr(lower, '-');
        if (dash) *dash = 0;
        if (espeak_SetVoiceByProperties(&voice) != EE_OK) espeak_SetVoiceByName("en");
    }
    double wpm = 175.0 * (rate > 0 ? rate : 1.0);
    espeak_SetParameter(espeakRATE, (int)(wpm < 80 ? 80 : (wpm > 450 ? 450 : wpm)), 0);
    double level = volume < 0 ? 0 : (volume > 1 ? 1 : volume);
    espeak_SetParameter(espeakVOLUME, (int)(level * 100.0 + 0.5), 0);
    current_sink = sink;
    current_context = context;
    stopped = 0;
    espeak_ERROR result = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL);
    current_sink = NULL;
    current_context = NULL;
    if (result != EE_OK) return -1;
    return stopped ? 1 : 0;
}
