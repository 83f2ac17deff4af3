#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds Caret's API reference and guides with DocC (swift-docc-plugin), warnings as errors.
# The catalogue is Sources/Caret/Caret.docc; the pages of docs/behaviour/ join it as articles
# (copied at build time, their links between pages turned into DocC links), so the promises
# have one source.
#   Scripts/docs.sh                     writes .build/docs/<Product>.doccarchive for each product
#   Scripts/docs.sh --static OUT        also static sites in OUT/<Product> (serve OUT; open /Caret/documentation/caret/)
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
catalogue=Sources/Caret/Caret.docc
generated=$catalogue/Behaviour
rm -rf "$generated"
mkdir -p "$generated"
trap 'rm -rf "$generated"' EXIT
for page in docs/behaviour/*.md; do
    name=$(basename "$page" .md)
    [ "$name" = README ] && continue
    # Links to another behaviour page become <doc:page>; links out of docs/behaviour keep their text.
    sed -E -e 's/\[[^]]*\]\(([a-z-]+)\.md(#[a-z0-9-]*)?\)/<doc:\1>/g' \
        -e 's/\[([^]]*)\]\(\.\.\/[^)]*\)/\1/g' "$page" >"$generated/$name.md"
done
out=.build/docs
mkdir -p "$out"
# The core with the catalogue, then every other library product an app imports (their doc comments),
# read from Package.swift so that a new product cannot be left out.
targets=$(swift package dump-package | python3 -c '
import json, sys
products = [p for p in json.load(sys.stdin)["products"] if "library" in p["type"]]
names = [t for p in products for t in p["targets"]]
print(" ".join(["Caret"] + [n for n in dict.fromkeys(names) if n != "Caret"]))')
echo "docs: $targets"
for target in $targets; do
    args=(--target "$target" --warnings-as-errors --output-path "$out/$target.doccarchive")
    [ "${1:-}" = "--static" ] && args+=(--transform-for-static-hosting --hosting-base-path "$target")
    swift package --allow-writing-to-directory "$out" generate-documentation "${args[@]}" >"$out/$target.log" 2>&1 \
        || { cat "$out/$target.log"; echo "docs: $target failed"; exit 1; }
    python3 Scripts/docs_coverage.py "$out/$target.doccarchive" | sed "s/^docs:/docs: $target:/"
    if [ "${1:-}" = "--static" ] && [ -n "${2:-}" ]; then
        mkdir -p "$2"
        rm -rf "${2:?}/$target"
        cp -r "$out/$target.doccarchive" "$2/$target"
    fi
done
echo "docs: $out/*.doccarchive"
