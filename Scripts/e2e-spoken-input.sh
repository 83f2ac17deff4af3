#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Swipe typing and handwriting in spoken mode, heard (issue 46, item 3): the real demo under Xvfb
# with --spoken, its speech written by SDL's disk audio driver. With the mouse, as a guest who
# cannot see the keys, in the notes (a name field on a loudspeaker would keep what is typed
# private, unheard): a click on "h" (its lift types it), then a second press that drags through
# e-l-o (VoiceOver's double-tap-and-slide): the word takes the letter's place. Then the globe to
# the Chinese writing pad, 我 written on it (the pad passes the pointer through), and space. The
# delegate trace must show "H", "Hello ", then 我; Scripts/e2e_spoken_input.py recognises the
# speech after the lift ("hello") and after the last stroke (我 in a Mandarin voice). Logs and the
# recording in .build/e2e-spoken-input. Prints "spoken-input: passed" or what failed.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool imagemagick x11-utils espeak-ng python3-numpy bc
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-spoken-input)
rm -rf "$out"; mkdir -p "$out"
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo=
cleanup() { for p in $demo $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
fail() { echo "spoken-input: FAILED: $*"; tail -5 "$out/demo.txt" 2>/dev/null; exit 1; }
wait_for 10 "the X server" -- xdotool getdisplaygeometry || fail "Xvfb did not start"
recording=$out/speech.raw
# What an action makes the demo say, to its end (QUIET s of quiet) before the next.
said() { wait_for_speech "$recording" "$1" "$2" 20 || fail "nothing said after $3"; }
modes=en,zh-handwriting
t0=
# Each action's moment (seconds after the first) with the recording's size then: the sizes place
# the recording on the script's clock (Scripts/e2e_speech.py).
mark() {
    local now size
    size=$(audio_size "$recording") now=$(date +%s.%N)
    [ -z "$t0" ] && t0=$now
    echo "$(echo "$now - $t0" | bc) $1 $size" >>"$out/times"
}
"$bin/caret-demo" --key-positions "$modes" --size 1024x700 >"$out/keys.tsv" || fail "no key positions"
"$bin/caret-demo" --handwriting-strokes "zh-handwriting:我" --strokes-file Tests/CaretHandwritingTests/Resources/cjk-strokes.json \
    --size 1024x700 >"$out/strokes.tsv" || fail "no strokes"
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$out/speech.raw" "$bin/caret-demo" --spoken --trace --keyboard always \
    --languages "$modes" --focus notes >"$out/demo.txt" 2>&1 &
demo=$!
# The recording starts with the first utterance (the focused field, spoken at start): the first mark.
for _ in $(seq 600); do [ -e "$out/speech.raw" ] && break; sleep 0.02; done
[ -e "$out/speech.raw" ] || fail "spoken mode said nothing at start"
mark start
wid=$(wait_for_window "Caret" 20) || fail "no demo window"
wait_for_line "$out/demo.txt" "caret-demo: ready" 20 || fail "the demo never said it was ready"
said 0 1 "the start"  # the focused field, spoken at start
eval "$(xdotool getwindowgeometry --shell "$wid")"
place() {
    local p
    p=$(awk -F'\t' -v l="$1" -v k="$2" '$1 == l && $2 == k { print $3, $4; exit }' "$out/keys.tsv")
    [ -n "$p" ] || fail "no key $2 in $1"
    echo "$p"
}
shot() { import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$out/$1.png"; }
tap() {
    local x y
    read -r x y < <(place "$1" "$2")
    xdotool mousemove $((X + x)) $((Y + y)) click 1
}
# h typed by a click's lift; at once a second press on it drags through e, l, o.
tap en h
sleep 0.1
word=helo previous=""
for (( i = 0; i < ${#word}; i++ )); do
    read -r x y < <(place en "${word:i:1}")
    if [ -z "$previous" ]; then
        xdotool mousemove $((X + x)) $((Y + y)) mousedown 1
    else
        read -r px py <<<"$previous"
        for s in 1 2 3 4 5 6 7 8; do xdotool mousemove $((X + px + (x - px) * s / 8)) $((Y + py + (y - py) * s / 8)); sleep 0.02; done
    fi
    previous="$x $y"
done
shot spoken-trail
size=$(audio_size "$recording"); mark word; xdotool mouseup 1
said "$size" 1 "the swipe's lift"
size=$(audio_size "$recording"); tap en "{globe}"
said "$size" 1 "the globe key"  # the writing pad's language
mapfile -t strokes < <(awk -F'\t' '$1 == "zh-handwriting" { print $3 }' "$out/strokes.tsv")
[ "${#strokes[@]}" -gt 3 ] || fail "no strokes for 我"
for (( n = 0; n < ${#strokes[@]}; n++ )); do
    start=1
    for point in ${strokes[n]}; do
        if [ $start = 1 ]; then xdotool mousemove $((X + ${point%,*})) $((Y + ${point#*,})) mousedown 1; start=0
        else xdotool mousemove $((X + ${point%,*})) $((Y + ${point#*,})); fi
    done
    # The last stroke's lift is timed: what is read after it is 我.
    if (( n == ${#strokes[@]} - 1 )); then shot spoken-writing; size=$(audio_size "$recording"); mark character; fi
    xdotool mouseup 1
    sleep 0.2  # the pen lifted between strokes for a moment, as a hand does: the pace of writing, not a wait
done
said "$size" 1 "the last stroke"
tap zh-handwriting "{space}"
wait_for_line "$out/demo.txt" '"replacement":"我"' 20 || fail "the space did not commit 我"
kill -TERM "$demo"; wait "$demo" || fail "the demo exited with $?"
demo=
changes=$(grep -o '"replacement":"[^"]*"' "$out/demo.txt" | sed 's/"replacement":"//; s/"$//' | tr '\n' '|')
case "$changes" in
    "H|Hello |"*"我|") ;;
    *) fail "the delegate saw: $changes" ;;
esac
python3 Scripts/e2e_spoken_input.py "$out/speech.raw" "$out/times"
