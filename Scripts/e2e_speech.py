# SPDX-License-Identifier: Apache-2.0
"""Recognises what the kiosk said in a recording of SDL's disk audio driver (issue 40).

The recording (16-bit mono at espeak-ng's 22050 Hz, written in real time from the first
utterance) is cut into utterances at silences; each utterance expected at a moment of the
script is compared by dynamic time warping of log-spectra with espeak-ng's own renderings of a
set of phrases (rendered here by the espeak-ng program, not by Caret), and must be nearest to the
phrase expected: "dot" for each PIN digit and never the digit, "not allowed" for a refused one,
the idle warning, the announcement of spoken mode turned on.

With a LANGUAGE other than en, the phrases are Caret's words in that language (read from its
string table, Assets/Strings/LANGUAGE.json, the input the kiosk was given) rendered in its voice,
and the English ones stay as rivals: each utterance must be nearest to its phrase in LANGUAGE.

Usage: e2e_speech.py RECORDING TIMES [LANGUAGE]  (TIMES: lines "seconds label [bytes recorded]", see read())
"""
import json
import os
import io
import subprocess
import sys
import wave

import numpy as np

RATE = 22050


def render(text, voice):
    out = subprocess.run(["espeak-ng", "-v", voice, "-s", "175", "-a", "100", "--stdout", text], capture_output=True, check=True).stdout
    w = wave.open(io.BytesIO(out))
    samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
    voiced = np.where(np.abs(samples) > 100)[0]
    return samples[voiced[0]:voiced[-1] + 1]


def features(samples):
    """Log band energies of 23 ms frames every 11.6 ms, each band's mean taken away."""
    frame, hop = 512, 256
    if len(samples) < frame:
        samples = np.pad(samples, (0, frame - len(samples)))
    count = 1 + (len(samples) - frame) // hop
    frames = np.stack([samples[i * hop:i * hop + frame] for i in range(count)]) * np.hanning(frame)
    power = np.abs(np.fft.rfft(frames, axis=1)) ** 2
    edges = np.unique(np.geomspace(2, 256, 25).astype(int))
    bands = np.stack([power[:, a:b].sum(axis=1) for a, b in zip(edges[:-1], edges[1:])], axis=1)
    logs = np.log(bands + 1e3)
    return logs - logs.mean(axis=0)


def dtw(a, b):
    """Mean distance along the best warping path between two feature sequences."""
    cost = np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2))
    n, m = cost.shape
    total = np.full((n + 1, m + 1), np.inf)
    total[0, 0] = 0
    for i in range(1, n + 1):
        row = cost[i - 1]
        for j in range(1, m + 1):
            total[i, j] = row[j - 1] + min(total[i - 1, j], total[i, j - 1], total[i - 1, j - 1])
    return total[n, m] / (n + m)


def utterances(recording):
    """(start, end) sample ranges of sound separated by at least 150 ms of quiet."""
    step = 220
    usable = len(recording) // step * step
    energy = np.sqrt((recording[:usable].reshape(-1, step) ** 2).mean(axis=1))
    loud = energy > max(150, 0.03 * energy.max())
    found, start, quiet, last = [], None, 0, 0
    for i, on in enumerate(loud):
        if on:
            start = i if start is None else start
            quiet, last = 0, i
        elif start is not None:
            quiet += 1
            if quiet >= 15:
                found.append((start * step, (last + 1) * step))
                start = None
    if start is not None:
        found.append((start * step, (last + 1) * step))
    return found


def read(recording_path, times_path):
    """The recording's samples, and the script's marks on the recording's clock: {label: seconds}.

    Each line of TIMES is "seconds label [bytes]": the moment, in seconds after the first mark,
    and the recording's size in bytes then (0 or none before it starts). The recording starts
    with the first sound, some time after the first mark, and grows in real time; SDL's disk
    driver writes it through stdio, so the file holds up to two of its 46 ms blocks less than was
    written, and each moment less its size's duration falls at or after the start, at most about
    90 ms late, or one block early when a flush has just landed. The earliest of them places the
    start, and the marks are moved onto the recording's clock."""
    recording = np.fromfile(recording_path, dtype="<i2").astype(np.float64)
    times, starts = {}, []
    for line in open(times_path):
        fields = line.split()
        seconds, label = float(fields[0]), fields[1]
        if len(fields) > 2 and int(fields[2]) > 0:
            starts.append(seconds - int(fields[2]) / 2 / RATE)
        if label != "clock":
            times[label] = seconds
    start = min(starts) if starts else 0.0
    if starts:
        print(f"speech: the recording started {start:.2f} s after the first mark ({len(starts)} sizes)")
    return recording, {label: seconds - start for label, seconds in times.items()}


def main():
    recording, times = read(sys.argv[1], sys.argv[2])
    # What spoken mode would say, in the voices it says them in (typed text in the keyboard's en-US).
    phrases = {
        "dot": ("dot", "en-us"), "one": ("1", "en-us"), "two": ("2", "en-us"), "three": ("3", "en-us"),
        "four": ("4", "en-us"), "five": ("5", "en-us"), "key": ("key", "en"), "not allowed": ("not allowed", "en"),
        "spoken mode on": ("Spoken mode on.", "en"), "more time": ("Do you need more time?", "en"),
        "PIN field": ("PIN, secure text field", "en"),
    }
    language = sys.argv[3] if len(sys.argv) > 3 else "en"
    if language != "en":
        table = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Strings", language + ".json")))
        first = lambda text: text.split(". ")[0].split("? ")[0] + ("?" if "? " in text else ".")
        dots = table["speech.dots"]
        local = {
            "dot": (dots.get("one", dots["other"]).replace("{count}", "1"), language),
            "not allowed": (table["speech.notAllowed"], language),
            "spoken mode on": (first(table["speech.on"]), language),
            "more time": (first(table["kiosk.idleMessage"]), language),
            **{name: (digit, language) for name, digit in [("one", "1"), ("two", "2"), ("three", "3"), ("four", "4"), ("five", "5")]},
        }
        # The English phrases become rivals under their own names; the local ones take the names.
        phrases = {**{f"English {name}": phrase for name, phrase in phrases.items() if name in local}, **phrases, **local}
    templates = {name: features(render(text, voice)) for name, (text, voice) in phrases.items()}
    found = utterances(recording)
    print(f"speech: {len(recording) / RATE:.1f} s recorded, {len(found)} utterances")
    expected = [("on", "spoken mode on")] + [(f"digit{i}", "dot") for i in range(1, 5)] + [("digit5", "not allowed"), ("warning", "more time")]
    failures = 0
    used = set()
    for label, want in expected:
        at = times[label]
        # The utterance that starts after the action, within a second (the first clause of it),
        # and is not one an action before it was answered by.
        candidates = [(a, b) for a, b in found if at - 0.05 <= a / RATE <= at + 1.0 and (a, b) not in used]
        if not candidates:
            print(f"speech: FAILED: nothing said within 1 s of {label} ({at:.2f} s)")
            failures += 1
            continue
        a, b = candidates[0]
        used.add((a, b))
        heard = features(recording[a:b])
        distances = sorted((dtw(heard, template), name) for name, template in templates.items())
        nearest = distances[0][1]
        shown = ", ".join(f"{name} {d:.2f}" for d, name in distances[:3])
        verdict = "ok" if nearest == want else "FAILED"
        print(f"speech: {label} at {at:.2f} s: heard {(b - a) / RATE:.2f} s at {a / RATE:.2f} s, nearest {shown}: {verdict} (want {want})")
        failures += nearest != want
    # No digit anywhere after the PIN field took focus: the recording never names a PIN digit,
    # alone or at the start of a longer utterance (its first 1.2 s are compared).
    start = times["digit1"] - 0.05
    for a, b in found:
        if a / RATE < start:
            continue
        heard = features(recording[a:min(b, a + int(1.2 * RATE))])
        distances = sorted((dtw(heard, template), name) for name, template in templates.items())
        if distances[0][1].removeprefix("English ") in ("one", "two", "three", "four", "five"):
            print(f"speech: FAILED: a digit heard at {a / RATE:.2f} s ({distances[0][1]})")
            failures += 1
    print("speech: passed" if failures == 0 else f"speech: {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
