#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Handwriting with the mouse in the real demo in an X11 window (Xvfb), as a person writes with a
# pointer (issue 46): 30 characters (10 Latin letters and digits, 10 Japanese, 10 Chinese) written
# stroke by stroke by xdotool on the keyboard's writing pad, each left to end with the pause, the
# mode changed with the globe key. The strokes are held-out writing (Latin: a Hershey font the
# recogniser has no template of; Chinese and Japanese: KanjiVG) written with a neat hand by the
# seeded synthetic writer (`caret-demo --handwriting-strokes`). The delegate trace must show 30
# commits, one per character written, in order, at least 28 of them the character written (the
# first candidate: zinnia misreads two); screenshots go to .build/e2e-handwriting/.
# Prints "handwriting: passed" or what failed; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool imagemagick x11-utils
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-handwriting)
rm -rf "$out"; mkdir -p "$out"
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo=
cleanup() { for p in $demo $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
fail() { echo "handwriting: FAILED: $*"; tail -5 "$out/demo.txt" 2>/dev/null; exit 1; }
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
latin=KareWh37gn japanese=日本人大出見事行言中 chinese=的不是了我他来个国和
modes=hw-latin,ja-handwriting,zh-handwriting
"$bin/caret-demo" --key-positions "$modes" --size 1024x700 >"$out/keys.tsv" || fail "no key positions"
"$bin/caret-demo" --handwriting-strokes "hw-latin:$latin,ja-handwriting:$japanese,zh-handwriting:$chinese" \
    --strokes-file Tests/CaretHandwritingTests/Resources/cjk-strokes.json --size 1024x700 >"$out/strokes.tsv" || fail "no strokes"
"$bin/caret-demo" --trace --keyboard always --languages "$modes" --focus name >"$out/demo.txt" 2>&1 &
demo=$!
wid=$(wait_for_window "Caret" 30) || fail "no demo window"
wait_for_line "$out/demo.txt" "caret-demo: ready" 30 || fail "the demo never said it was ready"
wait_for_line "$out/demo.txt" '"event":"keyboardDidShow"' 30 || fail "the keyboard never showed"
eval "$(xdotool getwindowgeometry --shell "$wid")"
# Ready when the writing pad is drawn: the middle of its top row is white (a debug build on a
# loaded machine takes a while to draw its first frames).
read -r padx pady < <(awk -F'\t' '$1 == "hw-latin" && $2 == "{blank}" { print $3, $4; exit }' "$out/keys.tsv")
[ -n "$padx" ] || fail "no writing pad in the key positions"
wait_for_pixel $((X + padx)) $((Y + pady)) "#FFFFFF" 30 || fail "the writing pad never showed"
# The pad's writing area (from its left edge to the Backspace key, between the candidate strip and
# the bottom row of keys): a character is finished when its pause has passed and its ink (black)
# has gone, nothing darker left there than the guide's grey lines and label.
area="840x170+$((X + 16))+$((Y + 456))"
pad_is_empty() {
    local darkest
    darkest=$(import -window root -crop "$area" +repage -colorspace gray -format "%[fx:minima]" info: 2>/dev/null)
    [ -n "$darkest" ] && awk -v d="$darkest" 'BEGIN { exit !(d > 0.4) }'
}
shot() { import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$out/$1.png"; }
tap() {
    local place before
    place=$(awk -F'\t' -v l="$1" -v k="$2" '$1 == l && $2 == k { print $3, $4; exit }' "$out/keys.tsv")
    [ -n "$place" ] || fail "no key $2 in $1"
    set -- $place
    before=$(screen_digest "${WIDTH}x${HEIGHT}+${X}+${Y}")
    xdotool mousemove $((X + $1)) $((Y + $2)) click 1
    # Each key here changes the window's picture (the ink, the mode, the marked character).
    wait_for_screen_change "$before" "${WIDTH}x${HEIGHT}+${X}+${Y}" 30 || fail "the tap on $2 in $1 changed nothing on screen"
}
# Writes one character of a mode: its strokes, the button held along each.
write() {
    local mode=$1 character=$2 picture=${3:-} first
    while IFS=$'\t' read -r m c points; do
        [ "$m" = "$mode" ] && [ "$c" = "$character" ] || continue
        first=1
        for point in $points; do
            if [ $first = 1 ]; then
                xdotool mousemove $((X + ${point%,*})) $((Y + ${point#*,})) mousedown 1
                first=0
            else
                xdotool mousemove $((X + ${point%,*})) $((Y + ${point#*,}))
            fi
        done
        xdotool mouseup 1
        sleep 0.15  # the pen lifted between strokes for a moment, as a hand does: the pace of writing, not a wait
    done <"$out/strokes.tsv"
    [ -n "$picture" ] && shot "$picture"  # the ink and the candidates, before the pause
    # The pause ends the character: its ink goes (it stays marked until the next one begins).
    wait_for 30 "the pause to end $character" -- pad_is_empty || fail "the pad still shows $character's ink"
}
write_all() { local mode=$1 text=$2; for (( i = 0; i < ${#text}; i++ )); do write "$mode" "${text:i:1}" "${3:+$3-$i}"; done; }
# A stroke taken back by Backspace before the test: the Latin recogniser is ready, so a debug build
# on a busy machine reads no character while still making its templates (strokes queued behind
# that wait join the next character). The ink gone from the pad says Backspace was handled.
pixel() { import -window root -crop "1x1+$((X + $1))+$((Y + $2))" -depth 8 txt:- 2>/dev/null | tail -1 | grep -o '#[0-9A-F]\{6\}' || true; }
xdotool mousemove $((X + padx - 60)) $((Y + pady)) mousedown 1
for s in 1 2 3 4 5 6; do xdotool mousemove $((X + padx - 60 + s * 20)) $((Y + pady)); done
xdotool mouseup 1
wait_for_pixel_not $((X + padx)) $((Y + pady)) "#FFFFFF" 20 || true
tap hw-latin "{backspace}"
wait_for_pixel $((X + padx)) $((Y + pady)) "#FFFFFF" 60 || fail "the stroke taken back stayed on the pad"
write_all hw-latin "$latin" latin-ink
shot latin
tap hw-latin "{globe}"
write_all ja-handwriting "$japanese" ink
shot japanese
tap ja-handwriting "{globe}"
write_all zh-handwriting "$chinese"
shot chinese
tap zh-handwriting "{space}"
# Space commits the last character: the 30th commit (checked below with the rest).
wait_for_count "$out/demo.txt" '"event":"shouldChangeCharacters"' $(( ${#latin} + ${#japanese} + ${#chinese} )) 30 || true
kill -TERM "$demo"; wait "$demo" || fail "the demo exited with $?"
demo=
commits=$(grep -o '"replacement":"[^"]*"' "$out/demo.txt" | sed 's/"replacement":"//; s/"$//')
expected="$latin$japanese$chinese"
# Each character written is committed once, in order: 30 commits of one character each. Each is
# read as written by the first candidate, but for zinnia's known misreadings of KanjiVG's 出 and
# 是 (both among its first five): at least 28.
count=$(echo "$commits" | grep -c . || true)
[ "$count" -eq "${#expected}" ] || fail "${#expected} characters written, $count commits: $(echo "$commits" | tr -d '\n')"
right=0 misses=""
i=0
while IFS= read -r commit; do
    if [ "$commit" = "${expected:i:1}" ]; then right=$((right + 1)); else misses="$misses ${expected:i:1}→$commit"; fi
    i=$((i + 1))
done <<<"$commits"
[ "$right" -ge 28 ] || fail "only $right of ${#expected} read as written:$misses"
echo "handwriting: passed ($right of ${#expected} read as written first;${misses:- no misses})"
