#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Swipe typing with the mouse in the real demo in an X11 window (Xvfb), as a person drags across
# the keys: "hello" and "world" swiped by xdotool (button held, the pointer moved through the
# letters' keys in small steps), the bar's alternative tapped, Backspace right after a swipe, and
# "step" swiped plain and with a loop at its e ("steep"). The delegate trace must show each word
# once with its space; screenshots of the trail, the bar and the loop go to .build/e2e-swipe/.
# Prints "swipe: passed" or what failed; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool imagemagick x11-utils
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-swipe)
rm -rf "$out"; mkdir -p "$out"
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo=
cleanup() { for p in $demo $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
fail() { echo "swipe: FAILED: $*"; tail -5 "$out/demo.txt" 2>/dev/null; exit 1; }
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
"$bin/caret-demo" --key-positions en --size 1024x700 >"$out/keys.tsv" || fail "no key positions"
"$bin/caret-demo" --trace --keyboard always --languages en --focus name >"$out/demo.txt" 2>&1 &
demo=$!
wid=$(wait_for_window "Caret" 30) || fail "no demo window"
# Ready for the first swipe: the run loop turning, the keyboard shown, and the window's picture settled.
wait_for_line "$out/demo.txt" "caret-demo: ready" 30 || fail "the demo never said it was ready"
wait_for_line "$out/demo.txt" '"event":"keyboardDidShow"' 30 || fail "the keyboard never showed"
eval "$(xdotool getwindowgeometry --shell "$wid")"
wait_for_screen_still "${WIDTH}x${HEIGHT}+${X}+${Y}" 30 || fail "the window never settled"
# Each swipe and tap below changes the field's text once: one more shouldChangeCharacters.
changes_seen() { count_lines "$out/demo.txt" '"event":"shouldChangeCharacters"'; }
place() {
    local p
    p=$(awk -F'\t' -v k="$1" '$1 == "en" && $2 == k { print $3, $4; exit }' "$out/keys.tsv")
    [ -n "$p" ] || fail "no key $1"
    echo "$p"
}
# A loop's radius: 0.3 of a key's width (from w to e).
radius=$(awk -F'\t' '$1 == "en" && $2 == "e" { e = $3 } $1 == "en" && $2 == "w" { w = $3 } END { printf "%d", (e - w) * 0.3 }' "$out/keys.tsv")
[ "$radius" -gt 0 ] || fail "no key width from e and w"
shot() { import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$out/$1.png"; }
# Drags the mouse through the keys of the letters given, eight steps between two keys; an "@"
# after a letter loops round its key once (a circle 0.6 of a key across above it, twelve steps),
# as people loop to type a letter twice; `$2` names a screenshot taken before the button is let go.
drag() {
    local word=$1 previous="" x y px py before
    before=$(changes_seen)
    for (( i = 0; i < ${#word}; i++ )); do
        if [ "${word:i:1}" = "@" ] && [ -n "$previous" ]; then
            read -r px py <<<"$previous"
            for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
                read -r x y < <(awk -v s="$s" -v r="$radius" -v px="$px" -v py="$py" \
                    'BEGIN { a = s / 12 * 6.2831853; printf "%d %d\n", px + r * sin(a), py - r + r * cos(a) }')
                xdotool mousemove $((X + x)) $((Y + y))
                sleep 0.02  # the pace of the drag, not a wait
            done
            continue
        fi
        read -r x y < <(place "${word:i:1}")
        if [ -z "$previous" ]; then
            xdotool mousemove $((X + x)) $((Y + y)) mousedown 1
        else
            read -r px py <<<"$previous"
            for s in 1 2 3 4 5 6 7 8; do
                xdotool mousemove $((X + px + (x - px) * s / 8)) $((Y + py + (y - py) * s / 8))
                sleep 0.02  # the pace of the drag (a hand's speed), not a wait
            done
        fi
        previous="$x $y"
    done
    [ -n "${2:-}" ] && shot "$2"
    xdotool mouseup 1
    wait_for_count "$out/demo.txt" '"event":"shouldChangeCharacters"' $((before + 1)) 30 || fail "the swipe of $word typed nothing"
    # The bar's alternatives come with the word; the frame showing them settles.
    wait_for_screen_still "${WIDTH}x${HEIGHT}+${X}+${Y}" 30 || fail "the window never settled after $word"
}
tap() {
    local x y before
    read -r x y < <(place "$1")
    before=$(changes_seen)
    xdotool mousemove $((X + x)) $((Y + y)) click 1
    wait_for_count "$out/demo.txt" '"event":"shouldChangeCharacters"' $((before + 1)) 30 || fail "the tap on $1 changed nothing"
    wait_for_screen_still "${WIDTH}x${HEIGHT}+${X}+${Y}" 30 || fail "the window never settled after $1"
}
drag helo trail
shot hello
drag world
shot world-bar
# The bar: [alternative, world, alternative]; the first alternative replaces "world", then back.
tap "{bar0}"
shot alternative
tap "{backspace}"
shot backspace
# The same slide plain and with a loop at its e, which types the e twice.
drag step
drag ste@p loop
shot steep
kill -TERM "$demo"; wait "$demo" || fail "the demo exited with $?"
demo=
changes=$(grep -o '"replacement":"[^"]*"' "$out/demo.txt" | sed 's/"replacement":"//; s/"$//' | tr '\n' '|')
# "Hello " and "World " (the name field capitalises words), an alternative in World's place, then
# Backspace removes that word whole (""); "Step ", and "Steep " for the slide that looped at e.
case "$changes" in
    "Hello |World |"[A-Z]*" ||Step |Steep |") ;;
    *) fail "the delegate saw: $changes" ;;
esac
echo "swipe: passed ($changes)"
