// SPDX-License-Identifier: Apache-2.0
#ifndef CARET_SPEECH_H
#define CARET_SPEECH_H
// Speech with libespeak-ng, synthesized into the caller's sink (16-bit mono samples).
/// Receives a chunk of samples; returns nonzero to stop the utterance.
typedef int (*caret_speech_sink)(void *context, const short *samples, int count);
/// Loads espeak-ng's data; returns the sample rate, or -1 with a message to free.
int caret_speech_initialize(char **error);
/// Says `text` in a language ("de", "en-us"; NULL or unknown: English) into the sink, returning
/// when done or stopped: 0 done, 1 stopped by the sink, -1 failed. `rate` scales the voice's
/// normal speed (1: 175 words a minute, clamped to espeak-ng's 80…450); `volume` is 0…1.
int caret_speech_synthesize(const char *text, const char *language, double rate, double volume, caret_speech_sink sink,
                            void *context);
#endif
