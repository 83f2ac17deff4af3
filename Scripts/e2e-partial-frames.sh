#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What a person sees after frames that redraw only what changed (issue 17), and after the X server
# asks for the window again (Expose): the demo runs in a real window under Xvfb, once with SDL's
# OpenGL renderer (frames kept in the back buffer or a texture) and once with its software
# renderer (only the changed rectangles are sent to the X server). Its carets stay on
# (--steady-caret), so nothing draws unless asked and two grabs of the same state must agree in
# every pixel. For each renderer:
#   1. xdotool types into the Name and Email fields; ImageMagick grabs the screen (partial frames).
#   2. xrefresh makes the X server expose the window with nothing drawn over it; Caret answers
#      with a whole frame, grabbed again: it must equal the first grab, pixel for pixel.
#   3. xrefresh -solid paints magenta over the fields and takes it away; the X server keeps no copy
#      of the window (no backing store, no compositor), so the fields come back only if Caret
#      redraws on Expose: the grab must again equal the first, pixel for pixel.
#   4. The wheel scrolls the form (the software renderer moves its pixels); a grab must equal the
#      whole frame the next Expose draws.
#   5. The trace must show the two fields holding what was typed, and SIGTERM must end the demo
#      with exit status 0.
# Prints "1 passed, 0 failed" (or why not); writes .build/e2e/partial-*.png.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
out=.build/e2e
mkdir -p "$out"
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1024x700x24 -nolisten tcp >"$out/xvfb-partial.log" 2>&1 &
xvfb=$!
demo=
trap 'kill $demo $xvfb 2>/dev/null || true' EXIT
export DISPLAY="$display"
fail() {
    echo "e2e: $1"
    echo "0 passed, 1 failed"
    exit 1
}
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
# Pixels that differ between two grabs (0 when they agree).
differing() { compare -metric AE "$1" "$2" /dev/null 2>&1 || true; }
# The text a traced field holds at the end, from its last textDidChange, as JSON.
final_text() {
    python3 -c '
import json, sys
text = None
for line in open(sys.argv[1], encoding="utf-8"):
    try: event = json.loads(line)
    except ValueError: continue
    if event.get("event") == "textDidChange" and event.get("field") == sys.argv[2]: text = event.get("text")
print(json.dumps(text))' "$1" "$2"
}
for renderer in accelerated software; do
    log="$out/partial-$renderer.log" shot="$out/partial-$renderer"
    # The last run's log goes first: the demo's shell truncates it only once it has started, and
    # a "ready" line left in it would end the wait below at once.
    rm -f "$log" "$shot"-*.png "$out/partial-$renderer-state.json"
    .build/debug/caret-demo --size 1024x700 --renderer "$renderer" --trace --steady-caret \
        --state "$out/partial-$renderer-state.json" >"$log" 2>&1 &
    demo=$!
    wait_for_line "$log" "caret-demo: ready" 30 || fail "the demo ($renderer) did not start: $(tail -3 "$log")"
    window=$(wait_for_window "Caret demo" 30) || fail "no demo window ($renderer)"
    # Its first frame on screen (the form's white top left corner, black before).
    wait_for_pixel 5 5 "#FFFFFF" 30 || fail "the demo's first frame ($renderer) never showed"
    # The window is centred on the 1024×700 screen, so window points are screen pixels: the Name
    # field sits at (86..938, 134..171), Email below it (86..938, 186..223).
    xdotool mousemove --window "$window" 500 152 click 1
    wait_for_line "$log" '"event":"didBeginEditing","field":"name"' 30 || fail "the click in Name ($renderer) did not focus it"
    xdotool type --window "$window" --delay 60 "Partial frames"
    xdotool key --window "$window" Tab
    xdotool type --window "$window" --delay 60 "ada@example.org"
    # Until the demo has taken the last key (a busy machine lags), then its frame on screen (the
    # caret is steady: nothing else moves).
    wait_for_line "$log" '"field":"email","text":"ada@example.org"' 30 || true  # checked below
    wait_for_screen_still 1024x700+0+0 30 0.3 || true
    import -window root "$shot-typed.png"
    typed=$(screen_digest 1024x700+0+0)
    xrefresh
    # The whole frame drawn on Expose is the same picture, and the demo prints nothing of drawing
    # it: no condition tells that it has come, so a moment for it.
    sleep 0.5
    import -window root "$shot-exposed.png"
    # Magenta over the Name and Email fields' text, away from the pointer (at 500,152), so that
    # no focus or crossing event makes Caret draw for another reason.
    xrefresh -solid magenta -geometry 420x200+0+100
    # Until the magenta is drawn over again as before (compared below, to the pixel).
    wait_for_screen "$typed" 1024x700+0+0 20 || true
    import -window root "$shot-uncovered.png"
    # The form scrolled by two notches of the wheel (pointer away from the fields): with the
    # software renderer its pixels are moved and only what scrolled in is drawn
    # (Views/ScrollBlit.swift); the whole frame drawn on Expose must show the same picture. A
    # click in Name first puts focus there by pointer, so no focus ring lies over the form
    # (a view over a scroll view makes it draw whole).
    xdotool mousemove --window "$window" 500 152 click 1
    wait_for_count "$log" '"event":"didBeginEditing","field":"name"' 2 30 || fail "the second click in Name ($renderer) did not focus it"
    xdotool mousemove --window "$window" 700 450 click 5 click 5
    # The form moved, then at rest: still for longer than the scroll indicator stays (0.5 s after
    # the wheel) and fades (0.25 s, Views/ScrollView.swift), so the grab is of the form with the
    # indicator gone, as the whole frame drawn on the next Expose has it.
    wait_for_screen_change "$typed" 1024x700+0+0 30 && wait_for_screen_still 1024x700+0+0 30 1.0 || true
    import -window root "$shot-scrolled.png"
    xrefresh
    sleep 0.5  # the whole frame drawn on Expose: no condition, as above
    import -window root "$shot-scrolled-exposed.png"
    # The demo is still up and ends cleanly on SIGTERM.
    kill -0 $demo 2>/dev/null || { status=0; wait $demo || status=$?; demo=; fail "the demo ($renderer) died (exit status $status) during the session: $(tail -3 "$log")"; }
    kill -TERM $demo
    status=0
    wait $demo || status=$?
    demo=
    [ "$status" -eq 0 ] || fail "the demo ($renderer) exited $status on SIGTERM, not 0: $(tail -3 "$log")"
    # What was typed arrived, whole.
    name=$(final_text "$log" name) email=$(final_text "$log" email)
    [ "$name" = '"Partial frames"' ] || fail "with the $renderer renderer the Name field holds $name, not \"Partial frames\" ($log)"
    [ "$email" = '"ada@example.org"' ] || fail "with the $renderer renderer the Email field holds $email, not \"ada@example.org\" ($log)"
    # The grab after partial frames shows both fields' text (not a blank window agreeing with itself).
    for region in "400x30+90+138:Name" "400x30+90+190:Email"; do
        inked=$(convert "$shot-typed.png" -crop "${region%%:*}" -format '%[fx:mean<0.98?1:0]' info:)
        [ "$inked" = 1 ] || fail "with the $renderer renderer the ${region##*:} field shows nothing after typing: $shot-typed.png"
    done
    whole=$(differing "$shot-typed.png" "$shot-exposed.png")
    [ "$whole" = 0 ] || fail "with the $renderer renderer the screen after partial frames differs from a whole frame in $whole pixels: $shot-typed.png, $shot-exposed.png"
    uncovered=$(differing "$shot-typed.png" "$shot-uncovered.png")
    [ "$uncovered" = 0 ] || fail "with the $renderer renderer $uncovered pixels differ after the fields were covered and uncovered: Caret did not redraw on Expose ($shot-uncovered.png)"
    scrolled=$(differing "$shot-typed.png" "$shot-scrolled.png")
    [ "$scrolled" -gt 1000 ] || fail "with the $renderer renderer the wheel did not scroll the form ($scrolled pixels changed): $shot-scrolled.png"
    moved=$(differing "$shot-scrolled.png" "$shot-scrolled-exposed.png")
    [ "$moved" = 0 ] || fail "with the $renderer renderer the screen after scrolling differs from a whole frame in $moved pixels: $shot-scrolled.png, $shot-scrolled-exposed.png"
    echo "e2e: $renderer renderer: the fields hold \"Partial frames\" and \"ada@example.org\"; after partial frames the screen is the whole frame's, and after covering the fields it is redrawn, and after scrolling by the wheel it is the whole frame's, to the pixel; SIGTERM: exit 0"
done
echo "1 passed, 0 failed"
