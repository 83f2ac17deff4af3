#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The public API against its checked-in baseline (api/*.txt): fails naming every declaration
# added, removed or changed since, so that no change to what apps can name goes unseen.
#   Scripts/api-check.sh            check (CI)
#   Scripts/api-check.sh --update   write the baseline anew (commit it with the change it shows)
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
modules=(Caret CaretSDL CaretText CaretCompose CaretHandwriting CaretSpell CaretIBus CaretAccessibility CaretSpeech CaretTesting CaretSDLTesting CaretUIKit)
swift package dump-symbol-graph --minimum-access-level public >.build/api-symbols.log 2>&1 \
    || { tail -20 .build/api-symbols.log; echo "api: the symbol graphs were not made"; exit 1; }
graphs=$(sed -nE 's/^Files written to (.*)$/\1/p' .build/api-symbols.log)
if [ "${1:-}" = "--update" ]; then
    python3 Scripts/api_surface.py "$graphs" api "${modules[@]}"
    exit 0
fi
now=.build/api-now
rm -rf "$now"
python3 Scripts/api_surface.py "$graphs" "$now" "${modules[@]}" >/dev/null
if diff -ru api "$now" >.build/api.diff; then
    echo "api: the public API is the baseline's ($(cat api/*.txt | wc -l) declarations)"
    exit 0
fi
cat .build/api.diff
echo "api: the public API changed; if it is meant to, run Scripts/api-check.sh --update and commit api/"
exit 1
