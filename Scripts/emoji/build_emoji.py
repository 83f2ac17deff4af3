#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds the emoji panel's data (docs/keyboard.md, emoji): Assets/Emoji/emoji.txt and
Assets/Emoji/<language>.txt for each of Caret's word tables (Assets/Strings/<language>.json).

emoji.txt: a line per emoji, in Unicode's order, `category<TAB>emoji<TAB>skin tones…` (the five
skin-tone forms, space-separated, where it has them), only the fully-qualified emoji of Unicode's
emoji-test.txt that the colour font draws as one glyph (Noto Color Emoji, Debian's
fonts-noto-color-emoji: a code point in its cmap, or a sequence its GSUB ligates). Unicode's
"Smileys & Emotion" and "People & Body" are one category, as the phone keyboards have them.

<language>.txt: `=category<TAB>name` lines for the categories (CLDR's characterLabels), then
`emoji<TAB>name<TAB>keyword|keyword…` for each emoji of emoji.txt that CLDR names in the language
(its annotations and derived annotations, inheriting from the parent locale as CLDR does).

Sources: Debian 12's unicode-data 15.0 (emoji-test.txt, Unicode License), unicode-cldr-core 41
(CLDR, Unicode License), fonts-noto-color-emoji (SIL OFL 1.1; read only for coverage).
  apt-get download unicode-data unicode-cldr-core; dpkg-deb -x each into ROOT; pip install fonttools
  Scripts/emoji/build_emoji.py --root ROOT [--font /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf]
"""
import argparse, glob, html, json, os, re, sys
import xml.etree.ElementTree as ET
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, '..', '..')
OUT = os.path.join(REPO, 'Assets', 'Emoji')
CATEGORIES = {'Smileys & Emotion': 'smileys_people', 'People & Body': 'smileys_people', 'Animals & Nature': 'animals_nature',
              'Food & Drink': 'food_drink', 'Travel & Places': 'travel_places', 'Activities': 'activities',
              'Objects': 'objects', 'Symbols': 'symbols', 'Flags': 'flags'}
TONES = ['\U0001F3FB', '\U0001F3FC', '\U0001F3FD', '\U0001F3FE', '\U0001F3FF']
# Caret's table names that CLDR names otherwise.
CLDR_NAMES = {'nb': 'no', 'zh-Hans': 'zh', 'zh-Hant': 'zh_Hant', 'pt-PT': 'pt_PT'}


def drawn(font):
    """Whether the font draws a sequence as one glyph."""
    cmap = font.getBestCmap()
    ligatures = set()
    for lookup in font['GSUB'].table.LookupList.Lookup:
        for sub in lookup.SubTable:
            sub = getattr(sub, 'ExtSubTable', sub)
            for first, ligs in getattr(sub, 'ligatures', {}).items():
                for lig in ligs:
                    ligatures.add((first,) + tuple(lig.Component))

    def test(sequence):
        points = [ord(c) for c in sequence if c != '\uFE0F']
        if any(p not in cmap for p in points):
            return False
        return len(points) == 1 or tuple(cmap[p] for p in points) in ligatures
    return test


def emoji_list(root, draws):
    rows, tones = [], {}
    group = None
    with open(os.path.join(root, 'usr/share/unicode/emoji/emoji-test.txt'), encoding='utf-8') as f:
        for line in f:
            if line.startswith('# group:'):
                group = CATEGORIES.get(line.split(':', 1)[1].strip())
                continue
            if group is None or '; fully-qualified' not in line:
                continue
            emoji = ''.join(chr(int(p, 16)) for p in line.split(';')[0].split())
            if not draws(emoji):
                continue
            base = ''.join(c for c in emoji if c not in TONES)
            if base != emoji:
                # One skin tone on each person: the variants of the base, in the tones' order.
                if sum(c in TONES for c in emoji) == 1:
                    tones.setdefault(base, []).append(emoji)
                continue
            rows.append((group, emoji))
    return [(g, e, [t for t in tones.get(e, [])][:5] if len(tones.get(e, [])) == 5 else []) for g, e in rows]


def annotations(root, locale):
    """CLDR's names and keywords of emoji in a locale, its parents' filling what it lacks."""
    chain, name = [], locale
    while name:
        chain.append(name)
        name = name.rsplit('_', 1)[0] if '_' in name else None
    names, keywords = {}, {}
    for locale in ['root'] + chain[::-1]:
        for folder in ('annotations', 'annotationsDerived'):
            path = os.path.join(root, 'usr/share/unicode/cldr/common', folder, locale + '.xml')
            if not os.path.exists(path):
                continue
            for node in ET.parse(path).getroot().iter('annotation'):
                text = (node.text or '').strip()
                if not text or text == '↑↑↑':
                    continue
                cp = node.get('cp')
                if node.get('type') == 'tts':
                    names[cp] = text
                else:
                    keywords[cp] = [k.strip() for k in text.split('|') if k.strip()]
    return names, keywords


def labels(root, locale):
    out = {}
    chain, name = [], locale
    while name:
        chain.append(name)
        name = name.rsplit('_', 1)[0] if '_' in name else None
    for locale in ['root'] + chain[::-1]:
        path = os.path.join(root, 'usr/share/unicode/cldr/common/main', locale + '.xml')
        if os.path.exists(path):
            for node in ET.parse(path).getroot().iter('characterLabel'):
                if node.get('type') in set(CATEGORIES.values()) | {'emoji'} and (node.text or '').strip() not in ('', '↑↑↑'):
                    out[node.get('type')] = node.text.strip()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--root', required=True)
    parser.add_argument('--font', default='/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf')
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    rows = emoji_list(args.root, drawn(TTFont(args.font)))
    with open(os.path.join(OUT, 'emoji.txt'), 'w', encoding='utf-8') as f:
        f.write('# The emoji panel\'s emoji, built by Scripts/emoji/build_emoji.py (see LICENSE.txt)\n')
        for group, emoji, tones in rows:
            f.write('\t'.join([group, emoji] + ([' '.join(tones)] if tones else [])) + '\n')
    print(f'emoji.txt: {len(rows)} emoji, {sum(1 for r in rows if r[2])} with skin tones', file=sys.stderr)
    languages = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(REPO, 'Assets/Strings/*.json')) if not p.endswith('plurals.json'))
    for language in languages:
        locale = CLDR_NAMES.get(language, language.replace('-', '_'))
        names, keywords = annotations(args.root, locale)
        categories = labels(args.root, locale)
        named = 0
        with open(os.path.join(OUT, f'{language}.txt'), 'w', encoding='utf-8') as f:
            f.write(f'# {language}: emoji names and keywords from CLDR 41 ({locale}), built by Scripts/emoji/build_emoji.py\n')
            for category in ['smileys_people', 'animals_nature', 'food_drink', 'travel_places', 'activities', 'objects', 'symbols', 'flags', 'emoji']:
                if category in categories:
                    f.write(f'={category}\t{categories[category]}\n')
            for _, emoji, _ in rows:
                key = emoji if emoji in names else emoji.replace('\uFE0F', '')
                if key not in names:
                    continue
                words = [k for k in keywords.get(key, []) if k != names[key]]
                f.write(f'{emoji}\t{names[key]}\t{"|".join(words)}\n')
                named += 1
        print(f'{language}: {named} named, {len(categories)} category names', file=sys.stderr)


if __name__ == '__main__':
    main()
