#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds Assets/Words/ja-next.txt: what the Japanese keyboard predicts after a word is committed.

No table of Japanese word pairs is reachable here, so the model is a class bigram, as Mozc's and
MeCab's costs are: how well a word follows the one before is IPADIC's connection cost from the
previous word's right context to the next word's left context (IPADIC's matrix.def, learned from
the Kyoto corpus), and how common it is is its place in wordfreq's list (Assets/Words/ja.txt, whose
words are MeCab-with-IPADIC morphemes already). A conjugating word in a form that cannot end (連用形
し, 未然形 食べ) is predicted with what best follows it (します, 食べない), up to three morphemes, and
ranked as its first.

Source: Debian's mecab-ipadic package (2.7.0-20070801, NAIST's licence, in Assets/Words/LICENSE.txt):
    apt-get download mecab-ipadic && dpkg -x mecab-ipadic_*.deb ipadic
    build_next_words.py ipadic/usr/share/mecab/dic/ipadic Assets/Words

The file: lines `=RIGHT_ID<TAB>word cost<TAB>word cost…` give a right context's predictions, best
first, with their costs; then lines `surface<TAB>RIGHT_ID cost<TAB>…` give each listed word's
right contexts with the extra cost of reading it so (0 for its likeliest entry). The keyboard
finds the longest listed word ending the text before the caret and merges its contexts' lists.

Usage: build_next_words.py IPADIC_DIR OUTPUT_DIR
"""
import glob
import math
import os
import sys

WORDS = 20000          # the predictable words: wordfreq's most frequent that IPADIC lists
PER_CONTEXT = 12       # predictions kept per right context
RANK_WEIGHT = 700      # IPADIC cost units per e-fold of frequency rank (its costs are ~log-odds × 700)
READING_LIMIT = 0      # a surface is read as its likeliest entries only (IPADIC's costs of the others mislead)
OPEN_FORMS = ("連用", "未然", "体言接続", "ガル接続", "音便")  # a form that needs a follower
TAIL_RANK_WEIGHT = RANK_WEIGHT / 4  # what completes a form is chosen by how well it connects, more than by frequency


def read_entries(directory):
    entries = []
    for path in sorted(glob.glob(os.path.join(directory, "*.csv"))):
        with open(path, encoding="euc-jp") as f:
            for line in f:
                p = line.rstrip("\n").split(",")
                entries.append((p[0], int(p[1]), int(p[2]), int(p[3]), p[4], p[5], p[9]))
    return entries


def read_matrix(directory):
    with open(os.path.join(directory, "matrix.def")) as f:
        rights, lefts = map(int, f.readline().split())
        matrix = [[0] * lefts for _ in range(rights)]
        for line in f:
            r, l, c = line.split()
            matrix[int(r)][int(l)] = int(c)
    return matrix


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ipadic, out = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "Assets", "Words", "ja.txt"), encoding="utf-8") as f:
        ranked = [w.strip() for w in f][:WORDS]
    rank = {w: i for i, w in enumerate(ranked)}
    entries = [e for e in read_entries(ipadic) if e[0] in rank and e[4] != "記号"]
    matrix = read_matrix(ipadic)
    best = {}
    for e in entries:
        best[e[0]] = min(best.get(e[0], 1 << 30), e[3])
    # Each analysis of a surface: (surface, left, right, extra cost of this reading + its rank's cost, open).
    words = []
    for surface, left, right, cost, pos, pos2, form in entries:
        extra = cost - best[surface]
        is_open = pos in ("動詞", "形容詞", "助動詞") and any(form.startswith(o) for o in OPEN_FORMS)
        tail_cost = extra + TAIL_RANK_WEIGHT * math.log(rank[surface] + 1)
        # What completes a form: an auxiliary or a conjunctive particle (食べ+ない, し+ます, 行っ+て).
        completes = pos == "助動詞" or (pos == "助詞" and pos2 == "接続助詞")
        words.append((surface, left, right, extra + RANK_WEIGHT * math.log(rank[surface] + 1), is_open, extra, completes, tail_cost))

    followers = {}
    auxiliaries = {e[0] for e in entries if e[4] == "助動詞"}

    def pos_is_auxiliary(surface, completes):
        return completes and surface in auxiliaries

    def follow(right, depth=0):
        """The best (text, cost) after a right context: open forms carried on up to three morphemes."""
        key = (right, depth)
        if key in followers:
            return followers[key]
        row = matrix[right]
        scored = {}
        for surface, left, next_right, cost, is_open, extra, completes, tail_cost in words:
            if depth > 0 and not completes or extra > READING_LIMIT:
                continue
            total = row[left] + (tail_cost if depth > 0 else cost)
            text = surface
            if is_open:
                # An open auxiliary is completed only as ます's and です's まし, でし (+た); a verb or
                # adjective stem by one auxiliary or particle.
                if depth >= 2 or (depth == 1 or pos_is_auxiliary(surface, completes)) and surface not in ("まし", "でし"):
                    continue
                tail = follow(next_right, depth + 1)
                if not tail:
                    continue
                text = surface + tail[0][0]  # ranked as its first morpheme: the rest completes its form
            if total < scored.get(text, 1 << 30):
                scored[text] = total
        result = sorted(scored.items(), key=lambda item: (item[1], item[0]))[:PER_CONTEXT]
        followers[key] = result
        return result

    contexts = {}  # surface -> {right: extra}
    for surface, _, right, _, _, extra, _, _ in words:
        if extra > READING_LIMIT:
            continue
        seen = contexts.setdefault(surface, {})
        seen[right] = min(seen.get(right, 1 << 30), extra)
    rights = sorted({r for seen in contexts.values() for r in seen})
    with open(os.path.join(out, "ja-next.txt"), "w", encoding="utf-8") as f:
        f.write("# What the Japanese keyboard predicts next: Scripts/words/build_next_words.py (IPADIC and wordfreq; Assets/Words/LICENSE.txt)\n")
        for right in rights:
            f.write("=%d\t%s\n" % (right, "\t".join("%s %d" % item for item in follow(right))))
        for surface in ranked:
            if surface in contexts:
                f.write("%s\t%s\n" % (surface, "\t".join("%d %d" % item for item in sorted(contexts[surface].items(), key=lambda i: (i[1], i[0])))))


if __name__ == "__main__":
    main()
