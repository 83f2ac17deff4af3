#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Drives the built demo as a person would: a real window under Xvfb, a mouse click with xdotool
# on the "Save" button, typing, a wheel scroll (checked on screen: the form moved by two notches),
# then a screenshot of the screen with ImageMagick.
# Prints "1 passed, 0 failed" (or the failure) and writes .build/e2e/demo-e2e.png.
set -euo pipefail
cd "$(dirname "$0")/.."
# xdotool reads the text to type in the current locale: it must be UTF-8 for "é" and "ö".
export LC_ALL=C.UTF-8
mkdir -p .build/e2e
out=.build/e2e
source Scripts/wait.sh
display=$(free_display)
# -noreset: without it the server resets when its last client leaves, which xmodmap is below,
# and the keys it maps are gone before the demo connects.
Xvfb "$display" -screen 0 1024x700x24 -nolisten tcp -noreset >"$out/xvfb.log" 2>&1 &
xvfb=$!
demo=
trap 'kill $demo $xvfb 2>/dev/null || true' EXIT
export DISPLAY="$display"
# Reports a failed check with the demo's log and stops.
fail() {
    echo "e2e: $1. Demo log:" >&2
    cat "$out/demo.log" >&2
    echo "0 passed, 1 failed"
    exit 1
}
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
# Give the accented letters keys of their own before the demo starts. Otherwise xdotool maps a
# spare key for each one, types, and maps it back at once: a demo slowed by a busy machine reads
# the key after the mapping is gone and the letter is lost.
xmodmap -e "keycode 250 = eacute Eacute" -e "keycode 251 = odiaeresis Odiaeresis"
xmodmap -pke | grep -q "^keycode 250 = eacute" && xmodmap -pke | grep -q "^keycode 251 = odiaeresis" \
    || { echo "e2e: the X server did not keep the keys mapped for é and ö"; echo "0 passed, 1 failed"; exit 1; }
# The last run's log goes first, so that its "ready" line cannot end the wait below.
rm -f "$out/demo.log"
.build/debug/caret-demo --size 1024x700 --trace >"$out/demo.log" 2>&1 &
demo=$!
# The window, the demo's run loop turning (its "ready" line) and its first frame on screen (the
# form's white top left corner, black before): on a busy machine a click sent as soon as the
# window exists can come before the window is shown and miss "Save".
window=$(wait_for_window "Caret demo" 30) || fail "no demo window"
wait_for_line "$out/demo.log" "caret-demo: ready" 30 || fail "the demo never said it was ready"
wait_for_pixel 5 5 "#FFFFFF" 30 || fail "the demo's first frame never showed"
# Clicks at a window point and waits for the trace line the click must bring (one more of them).
click_for() {
    local x=$1 y=$2 line=$3 before
    before=$(count_lines "$out/demo.log" "$line")
    xdotool mousemove --window "$window" "$x" "$y" click 1
    wait_for_count "$out/demo.log" "$line" $((before + 1)) 30
}
# The window is centred on the 1024×700 screen, so window points are screen pixels.
# "Save" sits at (86..154, 659..700) at the bottom edge of the first screen of the form.
click_for 118 678 "caret-demo: tapped Save" || fail "the click on Save did not reach the button"
# Type into the sign-up form's Name field (accented text arrives as SDL text input), then Return,
# which (returnKeyType .next) moves focus to Email. The field sits at (86..938, 134..171).
click_for 500 152 '"event":"didBeginEditing","field":"name"' || fail "the click on the Name field did not focus it"
xdotool type --window "$window" --delay 120 "héllo wörld"
xdotool key --window "$window" Return
wait_for_line "$out/demo.log" '"event":"didBeginEditing","field":"email"' 30 \
    || fail "typing and Return in the Name field did not move on to Email"
# The password field (238..275): what is typed there must never reach the trace.
click_for 500 256 '"event":"didBeginEditing","field":"password"' || fail "the click on the password field did not focus it"
xdotool type --window "$window" --delay 40 "hunter2"
wait_for_count "$out/demo.log" '"event":"shouldChangeCharacters","field":"password"' 7 30 \
    || fail "the password field was not asked about each of the 7 keys of hunter2"
# The notes text view (478..586): Return there starts a new line instead of moving on.
click_for 500 530 '"event":"didBeginEditing","field":"notes"' || fail "the click on the notes did not focus them"
xdotool type --window "$window" --delay 40 "first"
xdotool key --window "$window" Return
xdotool type --window "$window" --delay 40 "second"
wait_for_line "$out/demo.log" '"event":"textDidChange","field":"notes","text":"first\nsecond"' 30 \
    || fail "the notes never held \"first\\nsecond\""
# The Phone and Amount fields, grabbed below as the needle, drawn and settled.
wait_for_screen_still 400x100+86+290 30 || fail "the form never settled on screen"
import -window root "$out/demo-e2e-typed.png"
xdotool mousemove --window "$window" 500 600 click 5 click 5
# Where the Phone and Amount fields (400×100 pixels from (86, 290) before the wheel) are after it:
# "<pixels differing> @ 0,<y>", from ImageMagick's subimage search down the same columns.
convert "$out/demo-e2e-typed.png" -crop 400x100+86+290 +repage "$out/demo-e2e-wheel-needle.png"
find_fields() {
    convert "$out/demo-e2e.png" -crop 400x700+86+0 +repage "$out/demo-e2e-wheel-column.png"
    compare -metric AE -subimage-search "$out/demo-e2e-wheel-column.png" "$out/demo-e2e-wheel-needle.png" null: 2>&1 || true
}
# Grabs the screen until the scrolled frame shows (a busy machine draws it late); the last grab
# and its search are what is checked below.
scrolled() {
    import -window root "$out/demo-e2e.png"
    [ "$(find_fields)" = "0 @ 0,210" ]
}
wait_for 20 "the form scrolled by two wheel notches" -- scrolled || true
found=$(find_fields)
# Still running after everything it was sent: a demo that crashed on the way fails here, even
# if its trace looked right up to the crash.
kill -0 $demo 2>/dev/null || { wait $demo; fail "the demo died (exit status $?) before the end of the session"; }
kill $demo 2>/dev/null || true
wait $demo 2>/dev/null || true
has() { grep -q "$1" "$out/demo.log"; }
has "caret-demo: ready" || fail "the demo's main-actor task never ran inside the SDL loop"
has '"event":"shouldChangeCharacters","field":"name","range":"1,0","replacement":"é"' \
    && has '"event":"textDidChange","field":"name"' \
    && has '"event":"shouldReturn","field":"name"' \
    && has '"event":"didBeginEditing","field":"email"' \
    || fail "typing and Return in the Name field did not trace as expected"
has '"event":"didBeginEditing","field":"notes"' \
    && has '"event":"shouldChangeText","field":"notes","range":"5,0","replacement":"\\n"' \
    && has '"event":"shouldChangeText","field":"notes","range":"11,0","replacement":"d"' \
    || fail "typing two lines into the notes text view did not trace as expected"
! has "hunter" && has '"field":"password","range":"0,0","replacement":"•"' \
    || fail "the password's text reached the trace, or its typing was not traced (redacted)"
has "caret-demo: tapped Save" || fail "the click on Save did not reach the button"
# What each field holds at the end, whole, from its last textDidChange (nothing lost, doubled or
# reordered on the way from xdotool through X11 and SDL), and the password's seven keystrokes.
final_text() {
    python3 -c '
import json, sys
text = None
for line in open(sys.argv[1], encoding="utf-8"):
    try: event = json.loads(line)
    except ValueError: continue
    if event.get("event") == "textDidChange" and event.get("field") == sys.argv[2]: text = event.get("text")
print(json.dumps(text))' "$out/demo.log" "$1"
}
[ "$(final_text name)" = '"h\u00e9llo w\u00f6rld"' ] || fail "the Name field holds $(final_text name), not \"héllo wörld\""
[ "$(final_text notes)" = '"first\nsecond"' ] || fail "the notes hold $(final_text notes), not \"first\\nsecond\""
[ "$(grep -c '"event":"shouldChangeCharacters","field":"password"' "$out/demo.log")" -eq 7 ] \
    || fail "the password field was not asked about each of the 7 keys of hunter2"
# The wheel scrolled the form: the Phone and Amount fields as grabbed before it (400×100 pixels
# from (86, 290)) are found again, pixel for pixel, exactly 80 pixels higher (two notches of 40
# points at scale 1) in the grab after it, searched for down the same columns.
differing=$(sed -nE 's/^([0-9.e+]+) .*@ [0-9]+,([0-9]+)$/\1/p' <<<"$found")
moved=$(sed -nE 's/^([0-9.e+]+) .*@ [0-9]+,([0-9]+)$/\2/p' <<<"$found")
moved=$((290 - ${moved:-290}))
[ "$differing" = 0 ] && [ "$moved" -eq 80 ] \
    || fail "two wheel notches moved the form $moved pixels up, not 80 (best match: $found; $out/demo-e2e-typed.png, $out/demo-e2e.png)"
echo "e2e: a click reached Save; two wheel notches scrolled the form 80 pixels; the demo stayed up; the Name field holds \"héllo wörld\" and the notes \"first\\nsecond\", whole; accented typing and Return in the sign-up form and two lines of notes traced in order; screenshots in $out"
echo "1 passed, 0 failed"
