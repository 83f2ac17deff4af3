#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Orca, Debian's screen reader, against the demo (issues 28 and 40): its own accessibility session
# (Scripts/a11y-session.sh), the demo in Xvfb, speech-dispatcher with its espeak-ng module
# (audio to libao's null device: there is no sound card) logging what it is asked to say, and
# Orca started as a desktop would. xdotool clicks the Email field and then the Name field, as a
# person would; what Orca said is read from speech-dispatcher's log (Orca's own debug log is
# kept beside it). Then, keys (issue 40): typing "ab" is echoed, Left says the character,
# Shift+Left the selection, Insert+T says the time and never reaches the demo (its --trace shows
# no "t"), KP_Enter ("where am I") is spoken and never reaches it either. Last, a second demo is
# started with accessibility off and Orca after it, as a desktop turns a screen reader on: it must
# join the bus, be read and echo keys, and leave nothing behind when the screen reader goes.
# Prints what was spoken, then "orca: passed". Logs in .build/e2e-orca.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool x11-xserver-utils dbus dbus-x11 at-spi2-core python3-pyatspi orca \
    speech-dispatcher speech-dispatcher-espeak-ng libao4
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-orca)
rm -rf "$out"; mkdir -p "$out/home/.config/speech-dispatcher" "$out/speechd" "$out/runtime"
chmod 700 "$out/runtime"
# speech-dispatcher for this session only: espeak-ng, everything logged, sound to nowhere.
cat >"$out/home/.config/speech-dispatcher/speechd.conf" <<CONF
LogLevel 5
LogDir "$out/speechd"
AudioOutputMethod "libao"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
DefaultLanguage "en"
CONF
echo "default_driver=null" >"$out/home/.libao"
export out bin HOME="$out/home" XDG_RUNTIME_DIR="$out/runtime" XDG_CONFIG_HOME="$out/home/.config"
exec Scripts/a11y-session.sh bash -c '
set -euo pipefail
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo= orca=
demo2=
# The apps go before the X server (one that loses its display mid-turn is another test).
cleanup() {
    for p in $orca $demo $demo2; do kill "$p" 2>/dev/null || true; done
    wait_for 3 "the demos to stop" -- stopped $demo $demo2 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true; pkill -f "speech-dispatcher.*$out" 2>/dev/null || true
}
trap cleanup EXIT
fail() { echo "orca: FAILED: $*"; exit 1; }
wait_script_name=orca-demo.sh
stopped() { ! kill -0 "$@" 2>/dev/null; }
# What Orca asked speech-dispatcher to say, in order, its SSML marks stripped.
spoken() { grep -ahoE "Queueing message \|.*\|" "$out"/speechd/*.log 2>/dev/null | sed -E "s/^Queueing message \|//; s/\|$//; s/<[^>]*>//g; s/ +$//" || true; }
mark() { spoken | wc -l; }
since() { spoken | tail -n +$(($1 + 1)); }
# Waits (up to $3 seconds) until Orca said a line matching $2 after mark $1.
said() { since "$1" | grep -qE "$2"; }
heard() { wait_for "${3:-10}" "Orca to say /$2/" -- said "$1" "$2"; }
# Orca shows nothing, as it happens, of having followed a focus or caret move that it did not
# speak (its debug log is written in blocks, not line by line): it has when it and the demo are
# at rest together, their processor time still over the same half second. Orca waiting on answers
# from the demo uses none, so Orca alone at rest is not Orca done (on a busy machine it had queued
# the move of the caret for "b", handled it only after Left, read the caret there and took the
# move Left made for one it had seen, saying nothing).
orca_done() { wait_for 20 "Orca and the demo at rest" -- process_idle "$orca" "$demo" || true; }
# Presses answered between the demo and Orca (the bridge logs each with its answer).
answered() { count_lines "$1" "AT-SPI key $2"; }
status() { dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus org.freedesktop.DBus.Properties.Set \
    string:org.a11y.Status string:$1 variant:boolean:$2 >/dev/null; }
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
speech-dispatcher --spawn --config-dir "$HOME/.config/speech-dispatcher" --log-level 5 --log-dir "$out/speechd" >"$out/speechd.txt" 2>&1 || true
orca --replace --debug-file="$out/orca-debug.txt" >"$out/orca.txt" 2>&1 &
orca=$!
heard 0 "^Screen reader on" 20 || fail "Orca did not start (see $out/orca.txt)"
m=$(mark)
CARET_ACCESSIBILITY_TRACE=1 "$bin/caret-demo" --keyboard never --trace >"$out/demo.txt" 2>"$out/demo-stderr.txt" &
demo=$!
wid=$(wait_for_window "Caret demo" 30) || fail "no demo window"
xdotool windowfocus --sync "$wid" 2>/dev/null || true
heard "$m" "^Caret demo frame" 20 || fail "Orca did not present the demo window when it got the focus"
# Where the fields are, as the accessibility tree says (screen pixels).
centre() { /usr/bin/python3 - "$1" <<PY
import sys, time, pyatspi
for _ in range(50):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "Caret demo":
            stack = [app]
            while stack:
                node = stack.pop()
                if node.name == sys.argv[1] and node.getRoleName() == "entry":
                    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                    print(e.x + e.width // 2, e.y + e.height // 2); sys.exit(0)
                stack.extend(c for c in node if c is not None)
    time.sleep(0.2)
sys.exit(1)
PY
}
email=$(centre "Email address") || fail "no Email field in the tree"
name=$(centre "Name") || fail "no Name field in the tree"
m=$(mark)
xdotool mousemove --sync $email click 1
heard "$m" "^Email address entry" || fail "focusing Email made Orca say nothing of its label"
m=$(mark)
xdotool mousemove --sync $name click 1
heard "$m" "^Name entry" || fail "focusing Name made Orca say nothing of its label"
orca_done  # with the focus move
# Keys (issue 40): each goes to Orca first, through the key listener of at-spi2-atk.
m=$(mark); xdotool type --delay 250 ab
heard "$m" "^a$" && heard "$m" "^b$" || fail "typing ab into Name: Orca echoed no a and b"
orca_done  # Orca echoes a key when it comes, and catches up with the caret a moment later
m=$(mark); xdotool key Left
heard "$m" "^b$" || fail "Left: Orca did not say the character at the caret (b)"
orca_done  # with the caret move
m=$(mark); xdotool key shift+Left
heard "$m" "selected" || fail "Shift+Left: Orca did not read the selection"
xdotool key Right
orca_done  # with the selection ended
m=$(mark); t_before=$(grep -c "\"replacement\":\"t\"" "$out/demo.txt" || true)
# Insert held while t is pressed: each press answered by Orca before the next key goes.
k=$(answered "$out/demo-stderr.txt" press)
xdotool keydown Insert
wait_for_count "$out/demo-stderr.txt" "AT-SPI key press" $((k + 1)) 20 || fail "Insert was never offered to Orca"
xdotool key t
wait_for_count "$out/demo-stderr.txt" "AT-SPI key press" $((k + 2)) 20 || fail "t was never offered to Orca"
xdotool keyup Insert
heard "$m" "[0-9]{1,2}:[0-9]{2}|[0-9]{1,2} (AM|PM|o.clock)" || fail "Insert+T: Orca did not say the time"
# The t and Insert released and answered: the demo has decided on all three keys.
wait_for_line "$out/demo-stderr.txt" "AT-SPI key release Insert" 20 || fail "Insert+T: the release of Insert was never answered"
[ "$(grep -c "\"replacement\":\"t\"" "$out/demo.txt" || true)" = "$t_before" ] || fail "Insert+T: the demo got the t that Orca consumed"
grep -q "key press Insert .*: consumed" "$out/demo-stderr.txt" || fail "Insert+T: the demo did not see Orca consume Insert"
m=$(mark); r_before=$(grep -c "\"event\":\"shouldReturn\"" "$out/demo.txt" || true)
xdotool key KP_Enter
heard "$m" "Name" || fail "KP_Enter: the where-am-I command said nothing of the Name field"
wait_for_line "$out/demo-stderr.txt" "AT-SPI key release KP_Enter" 20 || fail "KP_Enter: its release was never answered"
[ "$(grep -c "\"event\":\"shouldReturn\"" "$out/demo.txt" || true)" = "$r_before" ] || fail "KP_Enter: the demo got the key Orca consumed"
# A name that changes is announced on the bus (the reveal button: "Show password" to "Hide password").
/usr/bin/python3 - <<PY >"$out/name-change.txt" 2>&1 || fail "the reveal button changed its name and no accessible-name change came: $(tail -1 "$out/name-change.txt")"
import sys, pyatspi
from gi.repository import GLib
seen = []
def found():
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "Caret demo":
            stack = [app]
            while stack:
                node = stack.pop()
                if node.name == "Show password" and node.getRoleName() == "push button": return node
                stack.extend(c for c in node if c is not None)
button = found()
if button is None: print("no Show password button in the tree"); sys.exit(1)
def changed(event):
    seen.append(event.any_data)
    if event.any_data == "Hide password": pyatspi.Registry.stop()
pyatspi.Registry.registerEventListener(changed, "object:property-change:accessible-name")
GLib.timeout_add(300, lambda: button.queryAction().doAction(0) and False)
GLib.timeout_add(5000, lambda: pyatspi.Registry.stop() or False)
pyatspi.Registry.start()
print("names announced:", seen)
sys.exit(0 if "Hide password" in seen else 1)
PY
grep -E "AT-SPI key press" "$out/demo-stderr.txt" | sed -E "s/.* in ([0-9.]+) ms/\1/" | sort -n >"$out/key-ms.txt"
keys=$(wc -l <"$out/key-ms.txt")
echo "orca: $keys key presses offered to Orca; wait per press: median $(sed -n "$(((keys + 1) / 2))p" "$out/key-ms.txt") ms, longest $(tail -1 "$out/key-ms.txt") ms"
# Outcomes announced (Accessibility.post(.announcement)): Orca 43 has no handler for the ATK
# announcement signal and said nothing; it hears them as a notification that shows. The kiosk
# submitted empty says what is missing.
kill "$demo" 2>/dev/null || true; wait "$demo" 2>/dev/null || true; demo=
"$bin/caret-kiosk" --windowed --size 800x600 --screen form --idle-timeout 0 >"$out/kiosk.txt" 2>&1 &
demo=$!
wid=$(wait_for_window "Caret kiosk" 30) || fail "no kiosk window"
xdotool windowfocus --sync "$wid" 2>/dev/null || true
heard "$m" "Booking code" 20 || fail "Orca did not read the focused field of the kiosk form"
orca_done
m=$(mark)
for _ in 1 2 3; do xdotool key Tab; done
heard "$m" "PIN" 10 || fail "Tab to the PIN: Orca said nothing of it"
orca_done
m=$(mark); xdotool key Return
heard "$m" "Please fill in your booking code, your full name, your email and a four-digit PIN" 10 \
    || fail "the kiosk announced what is missing and Orca did not say it"
echo "orca: the kiosk announcement heard: $(since "$m" | grep -m1 "Please fill in")"
# Flat review (the numeric keypad with Num Lock off, as the desktop layout of Orca has it): the
# form line by line, as a blind guest reviews what is on the screen: its fields and buttons each
# found, in order (one object was found before).
orca_done
if xset q | grep -q "Num Lock: *on"; then xdotool key Num_Lock; fi
for _ in 1 2 3 4 5 6; do xdotool key KP_7; orca_done; done
m=$(mark)
for _ in 1 2 3 4 5 6 7 8; do xdotool key KP_9; orca_done; done
review=$(since "$m" | tr "\n" "|")
echo "orca: flat review, line by line: $review"
case "$review" in
    *"Booking code"*"Full name"*"Email"*"PIN"*"Continue"*) ;;
    *) fail "flat review of the kiosk form did not find its fields and buttons in order" ;;
esac
# Late join: an app started while accessibility is off joins when a screen reader starts.
kill "$orca" "$demo" 2>/dev/null || true; wait "$orca" "$demo" 2>/dev/null || true; orca= demo=
status IsEnabled false; status ScreenReaderEnabled false
CARET_ACCESSIBILITY_TRACE=1 "$bin/caret-demo" --keyboard never --trace --focus name >"$out/demo2.txt" 2>"$out/demo2-stderr.txt" &
demo2=$!
wid=$(wait_for_window "Caret demo" 30) || fail "no second demo window"
xdotool windowfocus --sync "$wid" 2>/dev/null || true
# Up and running (its run loop turning, past where it would join the bus) before the bus is asked.
wait_for_line "$out/demo2.txt" "caret-demo: ready" 30 || fail "the second demo never said it was ready"
on_bus() { /usr/bin/python3 -c "import pyatspi,sys; sys.exit(0 if any(a is not None and a.name == \"Caret demo\" for a in pyatspi.Registry.getDesktop(0)) else 1)"; }
! on_bus || fail "the second demo joined the bus although accessibility was off"
m=$(mark)
orca --replace --debug-file="$out/orca-debug2.txt" >"$out/orca2.txt" 2>&1 &
orca=$!
heard "$m" "^Name entry" 20 || fail "Orca started after the demo did not read its focused field"
grep -q "\"voiceOverStatusDidChange\",\"running\":\"true\"" "$out/demo2.txt" || fail "no voiceOverStatusDidChangeNotification when the screen reader came"
orca_done  # with the focused field
k=$(answered "$out/demo2-stderr.txt" release)
m=$(mark); xdotool type --delay 250 c
heard "$m" "^c$" || fail "typing c after the late join: Orca echoed nothing"
# Its release too, answered, before Orca goes.
wait_for_count "$out/demo2-stderr.txt" "AT-SPI key release" $((k + 1)) 20 || fail "the release of c was never answered"
kill "$orca" 2>/dev/null || true; wait "$orca" 2>/dev/null || true; orca=
wait_for_line "$out/demo2.txt" "\"running\":\"false\"" 5 || true
grep -q "\"voiceOverStatusDidChange\",\"running\":\"false\"" "$out/demo2.txt" || fail "no voiceOverStatusDidChangeNotification when the screen reader left"
status IsEnabled false  # as a desktop does when its screen reader stops (Orca set it when it started)
wait_for_line "$out/demo2-stderr.txt" "window is withdrawn" 5 || true
grep "window is withdrawn" "$out/demo2-stderr.txt" | sed "s/^/orca: /"
grep -q "window is withdrawn (0 ATK objects left" "$out/demo2-stderr.txt" || fail "the bridge did not stop, or left ATK objects behind"
! on_bus || fail "the demo stayed on the bus after the screen reader left"
! grep -qx caret-atspi /proc/$demo2/task/*/comm 2>/dev/null || fail "the bridge thread is still there after it stopped"
# Joining and leaving again, as a desktop that turns accessibility on and off.
status IsEnabled true
wait_for 5 "the demo on the bus" -- on_bus || true
on_bus || fail "the demo did not join the bus a second time"
status IsEnabled false
wait_for_count "$out/demo2-stderr.txt" "window is withdrawn" 2 5 || true
[ "$(grep -c "window is withdrawn (0 ATK objects left" "$out/demo2-stderr.txt")" -ge 2 ] || fail "the second stop left ATK objects behind"
kill -0 "$demo2" 2>/dev/null || fail "the demo died when the screen reader left"
echo "$(spoken)" >"$out/spoken.txt"
echo "Orca said, through speech-dispatcher and espeak-ng:"; spoken | sed "s/^/  /"
echo "orca: passed"
'
