#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds Assets/Words/<language>.txt: a language's most frequent words, most frequent first,
one per line, for the on-screen keyboard's suggestion bar.

Sources, both from PyPI (run in a virtual environment: pip install pyspellchecker==0.9.1 wordfreq==3.1.1):
- pyspellchecker 0.9.1 (MIT licence; word counts from OpenSubtitles) where it has the language:
  ar de es fr it lv nl pt ru;
- wordfreq 3.1.1 (data under CC BY-SA 4.0) for the others it has, and Persian (pyspellchecker's
  Persian list lacked everyday words: no سلام, no ممنون, and no word written with a zero-width
  non-joiner, such as می‌خواهم).
English (en.txt) is kept as it was built (wordfreq, 20,000 words). Estonian, Albanian, Georgian,
Armenian and Thai have no source here and get no list (their suggestion bar stays empty).
Korean (ko.txt: 10,000 words of Hangul syllables) completes the word being composed.
Japanese (ja.txt, 30,000 words of kana and kanji, one-character words too) is no suggestion list:
it ranks anthy's conversion candidates (`CandidateRanking`).

Usage: build_word_lists.py OUTPUT_DIR [COUNT]
"""
import gzip
import json
import os
import re
import sys
import unicodedata

import spellchecker
import wordfreq

MIT = ["ar", "de", "es", "fr", "it", "lv", "nl", "pt", "ru"]
WORDFREQ = {  # our list name: wordfreq's language
    "bg": "bg", "bn": "bn", "fa": "fa", "cs": "cs", "da": "da", "el": "el", "fi": "fi", "he": "he", "hi": "hi", "hr": "sh",
    "hu": "hu", "id": "id", "is": "is", "lt": "lt", "ms": "ms", "nb": "nb", "pl": "pl", "ro": "ro", "sk": "sk",
    "sl": "sl", "sr": "sh", "sv": "sv", "ta": "ta", "tr": "tr", "uk": "uk", "vi": "vi",
}

# Serbian is written here in Cyrillic; wordfreq's Serbo-Croatian list is mostly Latin, which maps one to one.
LATIN_TO_SERBIAN = [("lj", "љ"), ("nj", "њ"), ("dž", "џ")] + list(zip(
    "abvgdđežzijklmnoprstćufhcčš", "абвгдђежзијклмнопрстћуфхцчш"))


def serbian_cyrillic(word):
    for latin, cyrillic in LATIN_TO_SERBIAN:
        word = word.replace(latin, cyrillic)
    return word


def is_word(word):
    """Letters (and marks), with apostrophes, hyphens or a zero-width non-joiner (Persian's
    می‌خواهم) only inside; 2 to 64 characters."""
    inner = "'-\u200c"
    if not 1 < len(word) <= 64 or word[0] in inner or word[-1] in inner:
        return False
    return all(unicodedata.category(c)[0] in "LM" or c in inner for c in word)


def from_pyspellchecker(language):
    path = os.path.join(os.path.dirname(spellchecker.__file__), "resources", language + ".json.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        counts = json.load(f)
    return [w for w, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    lists = {language: from_pyspellchecker(language) for language in MIT}
    for name, language in WORDFREQ.items():
        words = wordfreq.top_n_list(language, count * 3)
        if name == "sr":
            words = [serbian_cyrillic(w) for w in words if re.fullmatch(r"[a-zčćđšž]+", w)]
        lists[name] = words
    for name, words in sorted(lists.items()):
        kept, seen = [], set()
        for word in words:
            word = unicodedata.normalize("NFC", word.lower())
            if is_word(word) and word not in seen:
                seen.add(word)
                kept.append(word)
            if len(kept) == count:
                break
        with open(os.path.join(out, name + ".txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(kept) + "\n")
        print(name, len(kept))


def wordfreq_list(out, name, count, wanted, fetched):
    """wordfreq's words of `name` for which `wanted` holds, most frequent first, into <name>.txt."""
    kept, seen = [], set()
    for word in wordfreq.top_n_list(name, fetched):
        word = unicodedata.normalize("NFC", word)
        if word and wanted(word) and word not in seen:
            seen.add(word)
            kept.append(word)
        if len(kept) == count:
            break
    with open(os.path.join(out, name + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(kept) + "\n")
    print(name, len(kept))


def korean(out, count=10000):
    """wordfreq's Korean words of two or more Hangul syllables (the bar completes the word whose
    last syllable libhangul is composing)."""
    wordfreq_list(out, "ko", count, lambda w: len(w) > 1 and all(0xAC00 <= ord(c) <= 0xD7A3 for c in w), count * 3)


def japanese(out, count=30000):
    """wordfreq's Japanese words written in kana and kanji, most frequent first."""
    def japanese_letter(c):
        return 0x3041 <= ord(c) <= 0x30FF or 0x4E00 <= ord(c) <= 0x9FFF or c in "々〆ヶ"
    wordfreq_list(out, "ja", count, lambda w: all(japanese_letter(c) for c in w), count * 2)


if __name__ == "__main__":
    main()
    korean(sys.argv[1])
    japanese(sys.argv[1])
