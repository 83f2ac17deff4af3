#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes Assets/Strings/plurals.json: CLDR's plural rules for every language Caret has a string
table for, as the Unicode CLDR states them (read through Babel's copy of CLDR), checked against
the system's ICU (PyICU) on the whole numbers 0...100000 so that the rules agree with ICU 72.

    pip install babel pyicu && python3 Scripts/plural_rules.py
"""
import json
import os
import sys

import babel
import icu
from babel.core import get_cldr_version

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRINGS = os.path.join(ROOT, "Assets", "Strings")


def main():
    languages = sorted(f[:-5] for f in os.listdir(STRINGS) if f.endswith(".json") and f != "plurals.json")
    out = {"//": f"CLDR {get_cldr_version()} plural rules (Unicode License v3), checked against ICU {icu.ICU_VERSION} on 0...100000"}
    failures = 0
    for tag in languages:
        rules = babel.Locale.parse(tag.replace("-", "_")).plural_form.rules
        out[tag] = {k: rules[k] for k in ["zero", "one", "two", "few", "many"] if k in rules}
        icu_rules = icu.PluralRules.forLocale(icu.Locale(tag.replace("-", "_")))
        form = babel.Locale.parse(tag.replace("-", "_")).plural_form
        differing = next((n for n in range(0, 100001) if form(n) != icu_rules.select(n)), None)
        if differing is not None and all(icu_rules.select(n) == "other" for n in range(0, 100001)):
            # A language ICU's older CLDR gives no plural forms (Vietnamese in ICU 72): none, as ICU has it.
            print(f"{tag}: no plural forms, as in ICU (CLDR {get_cldr_version()} has {sorted(out[tag])})")
            out[tag] = {}
        elif differing is not None:
            n = differing
            print(f"{tag}: {n} is {form(n)} in CLDR {get_cldr_version()}, {icu_rules.select(n)} in ICU", file=sys.stderr)
            failures += 1
    with open(os.path.join(STRINGS, "plurals.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=2, sort_keys=True)
        f.write("\n")
    print(f"plurals.json: {len(languages)} languages, {failures} differing from ICU")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
