# SPDX-License-Identifier: Apache-2.0
"""Recognises what spoken mode said as a word was swiped and a character written (issue 46).

Uses e2e_speech.py's cutting and matching: the utterance starting within a second after the
swipe's lift must be nearest to "hello" said by espeak-ng's en-US voice, and the one after the last
stroke of 我 nearest to 我 in its Mandarin voice, among the other things spoken mode might say then
(the keys crossed, the pad's name, another character's reading, the English voice's 我).

Usage: e2e_spoken_input.py RECORDING TIMES
"""
import sys

import numpy as np

from e2e_speech import RATE, dtw, features, read, render, utterances


def main():
    recording, times = read(sys.argv[1], sys.argv[2])
    phrases = {
        "hello": ("Hello", "en-us"), "o": ("o", "en-us"), "l": ("l", "en-us"), "h": ("H", "en-us"),
        "writing area": ("writing area", "en"), "wo": ("我", "cmn"), "zhao": ("找", "cmn"), "yi": ("一", "cmn"),
        "wo in English": ("我", "en"), "space": ("space", "en"),
    }
    templates = {name: features(render(text, voice)) for name, (text, voice) in phrases.items()}
    found = utterances(recording)
    print(f"spoken-input: {len(recording) / RATE:.1f} s recorded, {len(found)} utterances")
    failures = 0
    for label, want in [("word", "hello"), ("character", "wo")]:
        at = times[label]  # on the recording's clock (read places it by the sizes marked)
        # The utterance that starts within a second after the action; or, when speech was going on
        # (each stroke's read is spoken, and the next one cuts it short), the rest of the one
        # that the action falls in.
        candidates = [(a, b) for a, b in found if at - 0.05 <= a / RATE <= at + 1.0]
        # The read the action starts may follow the one going on with no pause between them (it
        # interrupts it), and a word has quiet moments of its own ("He-llo"), so where it starts is
        # not known from the sound alone: each quiet 25 ms (under a fifth of the utterance's
        # loudest) after the action, and the action itself, is tried as its start, each running to
        # the utterance's end. The action was heard when one of those reads is nearest the word
        # wanted among everything else spoken mode might say then.
        for a, b in found:
            if a / RATE < at - 0.05 and b / RATE > at + 0.2:
                frame = int(0.025 * RATE)
                level = lambda i: np.sqrt((recording[i:i + frame] ** 2).mean())
                peak = max(level(i) for i in range(a, b - frame, frame))
                starts = range(int((at - 0.05) * RATE), b - int(0.2 * RATE), frame // 5)
                quiet = [i for i in starts if level(i) < 0.2 * peak]
                for begin in [int(at * RATE)] + [i + frame for i in quiet]:
                    while begin < b - frame and level(begin) < 0.2 * peak:
                        begin += frame // 5
                    if begin < b - int(0.2 * RATE):
                        candidates.append((begin, b))
        if not candidates:
            print(f"spoken-input: FAILED: nothing said within 1 s of {label} ({at:.2f} s)")
            failures += 1
            continue
        heard = []
        for a, b in sorted(set(candidates)):
            distances = sorted((dtw(features(recording[a:b]), template), name) for name, template in templates.items())
            heard.append((distances[0][1] != want, a, b, distances))
        miss, a, b, distances = min(heard, key=lambda h: (h[0], h[1]))
        shown = ", ".join(f"{name} {d:.2f}" for d, name in distances[:3])
        verdict = "FAILED" if miss else "ok"
        print(f"spoken-input: {label} at {at:.2f} s: heard {(b - a) / RATE:.2f} s at {a / RATE:.2f} s "
              f"({len(heard)} starts tried), nearest {shown}: {verdict} (want {want})")
        failures += miss
    print("spoken-input: passed" if failures == 0 else f"spoken-input: {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
