#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# An app adopts Caret as any Swift package is adopted (issue 42). A new package outside the
# repository, made from README.md's "Add Caret to your app" (its Package.swift and main.swift
# blocks, word for word but for the clone's path), depends on a clone of this checkout's HEAD
# tagged 0.1.0, by version (`from:`), never by path. It is built, then run under Xvfb with
# CARET_FIRST_FRAME: one frame drawn with the field focused (its caret found in the saved PNG),
# exit 0. Its linkage must hold no engine library (Scripts/check-linkage.sh), and the check
# itself must catch the demo, which links them all. Then it is built again as README's "Ship it"
# says (release, lld, packed relocations, no exported symbols, the startup order) and checked the
# same way, and for each of those three options in the binary.
#   Scripts/e2e-adopt.sh [DEMO_BINARY]     ends with "e2e-adopt: passed" or a reason
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
demo=${1:-.build/debug/caret-demo}
work=$(mktemp -d /tmp/caret-adopt.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "e2e-adopt: FAILED: $*"; exit 1; }

git clone -q "$root" "$work/caret"
git -C "$work/caret" -c user.name=ci -c user.email=ci@localhost tag -a 0.1.0 -m "adoption check" HEAD

# README's two blocks, each after its marker.
block() { awk -v marker="<!-- adopt: $1 -->" '$0 == marker { on = 1; next } on && /^```/ { if (inside) exit; inside = 1; next } inside { print }' README.md; }
mkdir -p "$work/hello/Sources/Hello"
block Package.swift | sed "s|file:///path/to/caret|file://$work/caret|" >"$work/hello/Package.swift"
block main.swift >"$work/hello/Sources/Hello/main.swift"
grep -q 'from: "0.1.0"' "$work/hello/Package.swift" || fail "README's Package.swift does not take Caret by version"
grep -q 'path:' "$work/hello/Package.swift" && fail "README's Package.swift depends on Caret by path"
cmp -s "$work/hello/Sources/Hello/main.swift" Examples/Hello/main.swift || fail "README's main.swift is not Examples/Hello/main.swift"

echo "e2e-adopt: building README's app against Caret 0.1.0 (a clone of $(git rev-parse --short HEAD))"
(cd "$work/hello" && swift build >"$work/build.log" 2>&1) || { tail -30 "$work/build.log"; fail "the app did not build"; }
grep -E "warning:" "$work/build.log" && fail "the build warned"
resolved=$(cd "$work/hello" && swift package show-dependencies 2>/dev/null | grep -i "caret" | head -1)
echo "e2e-adopt: resolved $resolved"
echo "$resolved" | grep -q "0.1.0" || fail "Caret was not resolved at version 0.1.0"
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
