#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the handwriting recogniser's templates (Assets/Handwriting/{latin,greek,cyrillic}.json)
and the writer fonts the synthetic-writing tests draw from (Assets/Handwriting/Writers/*.json)
from the Hershey fonts in Debian's hershey-fonts-data (/usr/share/hershey-fonts/*.jhf).

Run: python3 Scripts/handwriting-templates.py [--fonts /usr/share/hershey-fonts] [--out Assets/Handwriting]
Python 3 standard library only; the output is deterministic.

A .jhf glyph line: a 5-character number, a 3-character vertex count, the left and right bounds,
then coordinate pairs as characters offset from 'R' (x then y, y growing downwards); " R" lifts
the pen. Glyphs come in ASCII order from 32. Greek and Cyrillic fonts put their letters on ASCII
positions: the maps below were read off renderings of every glyph.

Coordinates written: integers, x from the glyph's centre, y from the baseline (growing
downwards), a capital's height = 100. A character's strokes are flat lists x0, y0, x1, y1...
Accented letters are composed: the base glyph's strokes plus accent strokes drawn here, above
(or below) its ink.
"""
import argparse
import json
import os
import unicodedata

CAP = 100  # a capital's height in output units
HERSHEY_CAP = 21  # Hershey's capitals run from y = -12 to the baseline at y = 9
HERSHEY_BASE = 9


def load(directory, name):
    glyphs = {}
    with open(os.path.join(directory, name + ".jhf"), encoding="latin-1") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    for index, line in enumerate(lines):
        body = line[10:]
        strokes = [[]]
        for i in range(0, len(body) - 1, 2):
            pair = body[i:i + 2]
            if pair == " R":
                strokes.append([])
                continue
            x = ord(pair[0]) - ord("R")
            y = ord(pair[1]) - ord("R")
            strokes[-1].append((x * CAP / HERSHEY_CAP, (y - HERSHEY_BASE) * CAP / HERSHEY_CAP))
        strokes = [s for s in strokes if s]
        if strokes:
            glyphs[chr(32 + index)] = strokes
    return glyphs


ASCII_LATIN = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
DIGITS = list("0123456789")
PUNCTUATION = list("!\"#$%&'()*+,-./:;<=>?@[]_")

# greek.jhf: letters on their Latin look-alikes (C = chi, Q = theta, U = upsilon, W = omega, X = xi, Y = psi).
GREEK_PLAIN = dict(zip("ABCDEFGHIKLMNOPQRSTUWXYZ", "ΑΒΧΔΕΦΓΗΙΚΛΜΝΟΠΘΡΣΤΥΩΞΨΖ"))
GREEK_PLAIN.update(zip("abcdefghiklmnopqrstuwxyz", "αβχδεφγηικλμνοπθρστυωξψζ"))
# greeks.jhf and greekc.jhf: the Greek alphabet's order from A.
GREEK_ORDERED = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWX", "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"))
GREEK_ORDERED.update(zip("abcdefghijklmnopqrstuvwx", "αβγδεζηθικλμνξοπρστυφχψω"))
# cyrillic.jhf: a phonetic layout (E is И without its breve, so Й is composed below).
CYRILLIC_PHONETIC = dict(zip("ABCDFGHIJKLMNOPQRSTUVWXYZ[]^_`$", "АБЭДФГЖИЧКЛМНОПШРСТЮВЩХУЗЕЪЯЬЦЫ"))
CYRILLIC_PHONETIC.update(zip("abcdefghijklmnopqrstuvwxyz{|}~%&", "абэдйфгжичклмнопшрстювщхузеъяьцы"))
# cyrilc_1.jhf: the alphabet's order from A, as far as Щ.
CYRILLIC_ORDERED = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩ"))
CYRILLIC_ORDERED.update(zip("abcdefghijklmnopqrstuvwxyz", "абвгдежзийклмнопрстуфхцчшщ"))
# Cyrillic letters written as Latin ones: the Latin fonts' glyphs serve as further templates.
CYRILLIC_LATIN_LOOKALIKES = dict(zip("АВЕКМНОРСТХаеорсух", "ABEKMHOPCTXaeopcyx"))


def bbox(strokes):
    xs = [p[0] for s in strokes for p in s]
    ys = [p[1] for s in strokes for p in s]
    return min(xs), min(ys), max(xs), max(ys)


def dot(x, y):
    return [(x - 2.5, y), (x + 2.5, y)]


def accent_strokes(mark, cx, top, bottom, left, right, capital):
    """Accent strokes for a combining mark on ink spanning (left, top)-(right, bottom)."""
    above = top - 10  # the accent's lowest point
    w = 14
    if mark == "\u0301":
        return [[(cx - 5, above), (cx + 8, above - 18)]]
    if mark == "\u0300":
        return [[(cx - 8, above - 18), (cx + 5, above)]]
    if mark == "\u0302":
        return [[(cx - w, above), (cx, above - 16), (cx + w, above)]]
    if mark == "\u030C":
        return [[(cx - w, above - 16), (cx, above), (cx + w, above - 16)]]
    if mark == "\u0303":
        return [[(cx - 16, above - 4), (cx - 10, above - 12), (cx - 3, above - 12), (cx + 3, above - 5),
                 (cx + 10, above - 5), (cx + 16, above - 13)]]
    if mark == "\u0304":
        return [[(cx - w, above - 6), (cx + w, above - 6)]]
    if mark == "\u0306":
        return [[(cx - w, above - 16), (cx - 9, above - 4), (cx, above), (cx + 9, above - 4), (cx + w, above - 16)]]
    if mark == "\u0307":
        return [dot(cx, above - 5)]
    if mark == "\u0308":
        return [dot(cx - 10, above - 5), dot(cx + 10, above - 5)]
    if mark == "\u030A":
        r = 7
        c = above - r
        return [[(cx + r * x, c + r * y) for x, y in
                 [(0, -1), (0.7, -0.7), (1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1)]]]
    if mark == "\u030B":
        return [[(cx - 12, above), (cx - 3, above - 18)], [(cx + 3, above), (cx + 12, above - 18)]]
    if mark == "\u0327":
        return [[(cx, bottom), (cx, bottom + 8), (cx + 7, bottom + 14), (cx, bottom + 22), (cx - 7, bottom + 20)]]
    if mark == "\u0328":
        x = right - 4
        return [[(x, bottom), (x - 8, bottom + 10), (x - 5, bottom + 20), (x + 5, bottom + 21)]]
    if mark == "\u0326":
        return [[(cx, bottom + 9), (cx + 1, bottom + 15), (cx - 4, bottom + 24)]]
    raise KeyError(mark)


def remove_dot(strokes):
    """i and j without their dot (the small stroke above the rest), for an accent to take its place."""
    if len(strokes) < 2:
        return strokes
    small = [s for s in strokes if max(p[1] for p in s) - min(p[1] for p in s) < 15 and max(p[0] for p in s) - min(p[0] for p in s) < 15]
    rest = [s for s in strokes if s not in small]
    return rest if small and rest else strokes


def compose(char, glyphs):
    """Strokes for an accented letter from a base letter in `glyphs` plus accents, or None."""
    special = {
        "ł": ("l", "bar-slant"), "Ł": ("L", "bar-stem"), "ø": ("o", "slash"), "Ø": ("O", "slash"),
        "đ": ("d", "bar-top"), "Đ": ("D", "bar-stem"), "ı": ("i", "dotless"),
    }
    if char in special:
        base, kind = special[char]
        if base not in glyphs:
            return None
        strokes = [list(s) for s in glyphs[base]]
        l, t, r, b = bbox(strokes)
        cx = (l + r) / 2
        if kind == "bar-slant":
            strokes.append([(cx - 16, -35), (cx + 16, -60)])
        elif kind == "bar-stem":
            strokes.append([(l - 8, -42), (l + 18, -58)])
        elif kind == "slash":
            strokes.append([(l - 4, b + 6), (r + 4, t - 6)])
        elif kind == "bar-top":
            strokes.append([(r - 14, t + 14), (r + 10, t + 14)])
        elif kind == "dotless":
            strokes = remove_dot(strokes)
        return strokes
    if char in ("æ", "Æ", "œ", "Œ"):
        first, second = {"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE"}[char]
        if first not in glyphs or second not in glyphs:
            return None
        a, e = glyphs[first], glyphs[second]
        la, _, ra, _ = bbox(a)
        le, _, re, _ = bbox(e)
        shift_a = -(ra - la) / 2 - 1
        shift_e = (re - le) / 2 - 1
        return [[(x - (la + ra) / 2 + shift_a, y) for x, y in s] for s in a] + [[(x - (le + re) / 2 + shift_e, y) for x, y in s] for s in e]
    decomposition = unicodedata.normalize("NFD", char)
    base, marks = decomposition[0], decomposition[1:]
    if not marks or base not in glyphs:
        return None
    strokes = [list(s) for s in glyphs[base]]
    if base in "ijі" and any(unicodedata.combining(m) and m not in "\u0327\u0328\u0326" for m in marks):
        strokes = remove_dot(strokes)
    for mark in marks:
        l, t, r, b = bbox(strokes)
        # Czech and Slovak write the caron of d, l, t as an apostrophe beside the ascender.
        if mark == "\u030C" and base in "dlt" or mark == "\u030C" and base in "L":
            x = r + 6 if base != "d" else r + 6
            strokes.append([(x + 3, t), (x, t + 16)])
            continue
        if mark == "\u0327" and base in "sStT" and False:
            continue
        cx = (l + r) / 2
        if base in "bdhklt" and mark not in "\u0327\u0328\u0326":
            # Over the ascender letters the accent sits over the bowl (ĺ over the stem).
            cx = (l + r) / 2
        strokes.extend(accent_strokes(mark, cx, t, b, l, r, base.isupper()))
    return strokes


def flat(strokes):
    return [[v for p in s for v in (int(round(p[0])), int(round(p[1])))] for s in strokes]


def european_letters(keyboards):
    """The accented and special Latin letters of the keyboards' European languages (not Vietnamese)."""
    letters = set()
    for name in sorted(os.listdir(keyboards)):
        if not name.endswith(".json") or name.startswith("vi"):
            continue
        with open(os.path.join(keyboards, name), encoding="utf-8") as f:
            layout = json.load(f)
        text = "".join("".join(row) for row in layout.get("letters", [])) + "".join(layout.get("alternates", {}).values())
        for c in text:
            if ord(c) > 127 and unicodedata.category(c).startswith("L") and "LATIN" in unicodedata.name(c, ""):
                letters.add(c)
    for c in list(letters):
        upper = c.upper()
        if len(upper) == 1 and upper != c and c not in "ıß":
            letters.add(upper)
    return sorted(letters)


def build(fonts, charset, mapping_of):
    """{text: [(font, strokes)]} for every character of charset found (or composed) in the fonts."""
    characters = {}
    for font, glyphs in fonts:
        mapped = {}
        mapping = mapping_of(font)
        for ascii_char, strokes in glyphs.items():
            target = mapping.get(ascii_char) if mapping is not None else ascii_char
            if target is not None:
                mapped[target] = strokes
        for text in charset:
            strokes = mapped.get(text) or compose(text, mapped)
            if strokes:
                characters.setdefault(text, []).append((font, strokes))
    return characters


def write(path, model, fonts, characters, order, note):
    data = {
        "format": 1,
        "model": model,
        "capHeight": CAP,
        "note": note,
        "fonts": fonts,
        "characters": [
            {"text": t, "templates": [{"font": fonts.index(f), "strokes": flat(s)} for f, s in characters[t]]}
            for t in order if t in characters
        ],
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    return len(data["characters"]), sum(len(c["templates"]) for c in data["characters"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fonts", default="/usr/share/hershey-fonts")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--out", default=os.path.join(here, "..", "Assets", "Handwriting"))
    parser.add_argument("--keyboards", default=os.path.join(here, "..", "Assets", "Keyboards", "languages"))
    args = parser.parse_args()
    out = os.path.normpath(args.out)
    os.makedirs(os.path.join(out, "Writers"), exist_ok=True)
    font = lambda name: (name, load(args.fonts, name))

    accented = european_letters(args.keyboards)
    latin_order = ASCII_LATIN + DIGITS + PUNCTUATION + accented
    greek_accented = list("άέήίόύώϊϋΆΈΉΊΌΎΏΪΫ")
    greek_order = list("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψω") + greek_accented
    cyrillic_order = list("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя")
    cyrillic_order += list("ІіЇїЄє")

    def greek_map(name):
        return GREEK_PLAIN if name in ("greek", "timesg") else GREEK_ORDERED

    def cyrillic_map(name):
        if name == "cyrillic":
            return CYRILLIC_PHONETIC
        if name == "cyrilc_1":
            return CYRILLIC_ORDERED
        return {latin: cyr for cyr, latin in CYRILLIC_LATIN_LOOKALIKES.items()} | {"I": "І", "i": "і"}

    def with_extra_cyrillic(characters, fonts):
        # Й from И with a breve, Ё/ё, Ї/ї from Е/е, І/і; Є/є: Э/э mirrored.
        for name, _ in fonts:
            for text, base in (("Й", "И"), ("Ё", "Е"), ("ё", "е"), ("Ї", "І"), ("ї", "і")):
                if any(f == name for f, _ in characters.get(text, [])):
                    continue
                source = next((s for f, s in characters.get(base, []) if f == name), None)
                if source is None:
                    continue
                mark = "\u0306" if text == "Й" else "\u0308"
                strokes = [list(s) for s in (remove_dot(source) if base == "і" else source)]
                l, t, r, b = bbox(strokes)
                strokes += accent_strokes(mark, (l + r) / 2, t, b, l, r, text.isupper())
                characters.setdefault(text, []).append((name, strokes))
            for text, base in (("Є", "Э"), ("є", "э")):
                source = next((s for f, s in characters.get(base, []) if f == name), None)
                if source is not None and not any(f == name for f, _ in characters.get(text, [])):
                    characters.setdefault(text, []).append((name, [[(-x, y) for x, y in s] for s in source]))
        return characters

    note = "Made by Scripts/handwriting-templates.py from the Hershey fonts (hershey-fonts-data); see LICENSE.txt."
    report = []
    # The recogniser's templates.
    # Sans, serif, italic and script hands; timesr (and its bold and bold-italic cuts) is held out for the tests.
    latin_fonts = [font(n) for n in ("rowmans", "rowmand", "rowmant", "futural", "futuram", "timesi", "scripts", "scriptc", "cursive")]
    chars = build(latin_fonts, latin_order, lambda n: None)
    report.append(("latin.json",) + write(os.path.join(out, "latin.json"), "latin", [n for n, _ in latin_fonts], chars, latin_order, note))
    greek_fonts = [font(n) for n in ("greek", "greeks", "timesg")]
    chars = build(greek_fonts, greek_order, greek_map)
    report.append(("greek.json",) + write(os.path.join(out, "greek.json"), "greek", [n for n, _ in greek_fonts], chars, greek_order, note))
    cyr_fonts = [font(n) for n in ("cyrillic", "rowmans", "futural")]
    chars = with_extra_cyrillic(build(cyr_fonts, cyrillic_order, cyrillic_map), cyr_fonts)
    report.append(("cyrillic.json",) + write(os.path.join(out, "cyrillic.json"), "cyrillic", [n for n, _ in cyr_fonts], chars, cyrillic_order, note))
    # The writers of the synthetic-writing tests: fonts the recogniser does not use.
    writer_note = note + " Writer fonts for the synthetic-writing tests only: never the recogniser's templates."
    latin_writers = [font(n) for n in ("timesr",)]
    chars = build(latin_writers, latin_order, lambda n: None)
    report.append(("Writers/latin.json",) + write(os.path.join(out, "Writers", "latin.json"), "latin", ["timesr"], chars, latin_order, writer_note))
    greek_writers = [font("greekc")]
    chars = build(greek_writers, greek_order, greek_map)
    report.append(("Writers/greek.json",) + write(os.path.join(out, "Writers", "greek.json"), "greek", ["greekc"], chars, greek_order, writer_note))
    cyr_writers = [font("cyrilc_1")]
    chars = with_extra_cyrillic(build(cyr_writers, cyrillic_order, cyrillic_map), cyr_writers)
    report.append(("Writers/cyrillic.json",) + write(os.path.join(out, "Writers", "cyrillic.json"), "cyrillic", ["cyrilc_1"], chars, cyrillic_order, writer_note))
    for name, count, templates in report:
        print(f"{name}: {count} characters, {templates} templates")


if __name__ == "__main__":
    main()
