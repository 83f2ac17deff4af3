#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# An app adopts Caret exactly as README.md's "Add Caret to your app" says, the steps and the
# files taken from README.md's text (never a copy of it): a clone of this checkout's HEAD as its
# `main` branch stands for Caret's repository; README's shell steps run as they are (`mkdir`,
# `swift package init --type executable`, and what README says to do with the template's @main
# file); README's Package.swift (but for the clone's path) and main.swift are written. It is
# built, then run under Xvfb with CARET_FIRST_FRAME: one frame drawn with the field focused (its
# caret found in the saved PNG), exit 0. Its linkage must hold no engine library
# (Scripts/check-linkage.sh), and the check itself must catch the demo, which links them all.
# Then it is built again as README's "Ship it" says (release, lld, packed relocations, no
# exported symbols, the startup order, GCC's C++ library linked in) and checked the same way,
# and for each of those four options in the binary. A README change that no longer builds, or no longer runs, fails here.
#   Scripts/e2e-adopt.sh [DEMO_BINARY]     ends with "e2e-adopt: passed" or a reason
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
demo=${1:-.build/debug/caret-demo}
work=$(mktemp -d /tmp/caret-adopt.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "e2e-adopt: FAILED: $*"; exit 1; }

head=$(git rev-parse HEAD)
git clone -q "$root" "$work/caret"
git -C "$work/caret" checkout -q -B main "$head"

# README's blocks, each after its marker.
block() { awk -v marker="<!-- adopt: $1 -->" '$0 == marker { on = 1; next } on && /^```/ { if (inside) exit; inside = 1; next } inside { print }' README.md; }
steps=$(block steps)
[ -n "$steps" ] || fail "README has no steps to make the app's package"
echo "e2e-adopt: README's steps:"
echo "$steps" | sed 's/^/    /'
(cd "$work" && bash -euo pipefail -c "$steps") >"$work/init.log" 2>&1 || { cat "$work/init.log"; fail "README's steps failed"; }
[ -d "$work/Hello" ] || fail "README's steps made no Hello package"
[ -f "$work/Hello/Sources/Hello/Hello.swift" ] && fail "README's steps leave the template's @main file, which clashes with main.swift"
block Package.swift | sed "s|file:///path/to/caret|file://$work/caret|" >"$work/Hello/Package.swift"
block main.swift >"$work/Hello/Sources/Hello/main.swift"
grep -q "file://$work/caret" "$work/Hello/Package.swift" || fail "README's Package.swift does not name Caret at file:///path/to/caret"
grep -q 'path:' "$work/Hello/Package.swift" && fail "README's Package.swift depends on Caret by path"
# Examples/Hello/main.swift is the same file but for its first line, Caret's licence line.
tail -n +2 Examples/Hello/main.swift | cmp -s "$work/Hello/Sources/Hello/main.swift" - \
    || fail "README's main.swift is not Examples/Hello/main.swift (but for its licence line)"
ln -s "$work/Hello" "$work/hello"  # the checks below name the package's folder in lower case

echo "e2e-adopt: building README's app against a clone of Caret at $(git rev-parse --short HEAD)"
(cd "$work/hello" && swift build >"$work/build.log" 2>&1) || { tail -30 "$work/build.log"; fail "the app did not build"; }
grep -E "warning:" "$work/build.log" && fail "the build warned"
resolved=$(cd "$work/hello" && swift package show-dependencies 2>/dev/null | grep -i "caret" | head -1)
echo "e2e-adopt: resolved $resolved"
pinned=$(python3 -c 'import json, sys; pins = json.load(open(sys.argv[1]))["pins"]; print(next(p["state"].get("revision", "") for p in pins if p["identity"] == "caret"))' "$work/hello/Package.resolved")
[ "$pinned" = "$head" ] || fail "Caret was resolved at ${pinned:-nothing}, not at the clone's main ($head)"
hello=$(cd "$work/hello" && swift build --show-bin-path)/Hello

Scripts/check-hello-app.sh "$hello" "$work" || fail "README's app did not draw its focused field, or links an engine"
echo "e2e-adopt: building it as README's \"Ship it\" says"
ship=$(block ship)
[ -n "$ship" ] || fail "README has no \"Ship it\" command"
(cd "$work/hello" && eval "$ship" >"$work/ship.log" 2>&1) || { tail -30 "$work/ship.log"; fail "the shipping build failed"; }
grep -E "warning:" "$work/ship.log" | grep -v "mktemp" && fail "the shipping build warned"
shipped=$(cd "$work/hello" && swift build -c release --show-bin-path)/Hello
Scripts/check-hello-app.sh "$shipped" "$work" || fail "the shipped app did not draw its focused field, or links an engine"
readelf -d "$shipped" | grep -q "(RELR)" || fail "the shipped app's relocations are not packed"
readelf -d "$shipped" | grep -q "libstdc++" && fail "the shipped app loads libstdc++.so: GCC's static C++ library was not linked in"
exported=$(nm -D --defined-only "$shipped" | grep -c '\$s5Caret' || true)
[ "$exported" -eq 0 ] || fail "the shipped app exports $exported of Caret's symbols"
python3 Scripts/startup_order_check.py "$shipped" Scripts/link/startup.order || fail "the startup order was not applied"
python3 Scripts/startup_order_check.py "$hello" Scripts/link/startup.order >/dev/null \
    && fail "startup_order_check.py did not notice the unordered debug build"
if [ -x "$demo" ]; then
    if Scripts/check-linkage.sh "$demo" >/dev/null; then fail "check-linkage.sh did not notice the demo's engines"; fi
    echo "e2e-adopt: check-linkage.sh catches the demo, which adds every engine"
fi
echo "e2e-adopt: passed"
