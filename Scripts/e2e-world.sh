#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Korean, Japanese and Chinese typed on the on-screen keyboard of the real demo in an X11 window
# (Xvfb), by mouse clicks on the keys as a person would tap them (issue 26): 한국어 jamo by jamo,
# nihongo → 日本語 (then the bar's first prediction after it) and zhongguo → 中国 each taken with
# the space bar, then Vietnamese by Telex
# (tieesng → tiếng) and Hindi by ITRANS (namaste → नमस्ते) through libm17n, the language changed
# with the globe key. The delegate trace must show each commit once; screenshots of each step go to
# .build/e2e-world/. Prints "world: passed" or what failed; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool imagemagick x11-utils
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-world)
rm -rf "$out"; mkdir -p "$out"
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo=
cleanup() { for p in $demo $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
fail() { echo "world: FAILED: $*"; tail -5 "$out/demo.txt" 2>/dev/null; exit 1; }
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
languages=ko,ja,zh-pinyin,vi-telex,hi-itrans
"$bin/caret-demo" --key-positions "$languages" --size 1024x700 >"$out/keys.tsv" || fail "no key positions"
"$bin/caret-demo" --trace --keyboard always --languages "$languages,en" --focus name >"$out/demo.txt" 2>&1 &
demo=$!
wid=$(wait_for_window "Caret" 30) || fail "no demo window"
# Ready for the first tap: the run loop turning, the keyboard shown, and the window's picture settled.
wait_for_line "$out/demo.txt" "caret-demo: ready" 30 || fail "the demo never said it was ready"
wait_for_line "$out/demo.txt" '"event":"keyboardDidShow"' 30 || fail "the keyboard never showed"
eval "$(xdotool getwindowgeometry --shell "$wid")"
wait_for_screen_still "${WIDTH}x${HEIGHT}+${X}+${Y}" 30 || fail "the window never settled"
# Taps the key of a language (its text, or {space} and the like) at its place in the window.
tap() {
    local place before
    place=$(awk -F'\t' -v l="$1" -v k="$2" '$1 == l && $2 == k { print $3, $4; exit }' "$out/keys.tsv")
    [ -n "$place" ] || fail "no key $2 in $1"
    set -- $place
    # Every tap here changes the window's picture (the marked text, a commit, the layout): the
    # next tap waits for it.
    before=$(screen_digest "${WIDTH}x${HEIGHT}+${X}+${Y}")
    xdotool mousemove $((X + $1)) $((Y + $2)) click 1
    wait_for_screen_change "$before" "${WIDTH}x${HEIGHT}+${X}+${Y}" 30 || fail "the tap on $2 in $1 changed nothing on screen"
}
type_keys() { local language=$1; shift; for key in "$@"; do tap "$language" "$key"; done; }
shot() { import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$out/$1.png"; }
type_keys ko ㅎ ㅏ ㄴ ㄱ ㅜ ㄱ ㅇ ㅓ
shot korean
tap ko "{space}"
tap ko "{globe}"
type_keys ja n i h o n g o
shot japanese
tap ja "{space}"
tap ja "{return}"
# The bar predicts what follows 日本語 (a particle): the first prediction, tapped, goes in as it is.
# It is there when 日本語 is committed and the bar shows three cells (the grey line after the first).
wait_for_line "$out/demo.txt" '"replacement":"日本語"' 30 || fail "{return} did not commit 日本語"
wait_for_pixel $((X + 341)) $((Y + 424)) "#A6A6A6" 30 || fail "the bar showed no predictions after 日本語"
shot japanese-predictions
tap ja "{bar0}"
tap ja "{globe}"
type_keys zh-pinyin z h o n g g u o
shot chinese
tap zh-pinyin "{space}"
tap zh-pinyin "{globe}"
# Telex (libm17n): the syllable stays marked until space commits it with the space.
type_keys vi-telex t i e e s n g
shot telex
tap vi-telex "{space}"
tap vi-telex "{globe}"
# ITRANS: the whole word marked, committed by space.
type_keys hi-itrans n a m a s t e
shot itrans
tap hi-itrans "{space}"
wait_for_line "$out/demo.txt" '"replacement":"नमस्ते "' 30 || true  # checked below with the rest
kill -TERM "$demo"; wait "$demo" || fail "the demo exited with $?"
demo=
# Each commit reached the delegate once, in order, and nothing else was inserted.
commits=$(grep -o '"replacement":"[^"]*"' "$out/demo.txt" | sed 's/"replacement":"//; s/"$//' | tr '\n' '|')
# (Korean's space commits 어 and types a space; Japanese's and Chinese's space takes the candidate;
# after 日本語 a particle is predicted, put in without a space.)
case "$commits" in
    "한|국|어| |日本語|"[のがをにはでとも]"|中国|tiếng |नमस्ते |") ;;
    *) fail "the delegate saw: $commits" ;;
esac
echo "world: passed ($commits)"
