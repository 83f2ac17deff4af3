#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Orca, Debian's screen reader, against the demo's form in a table, set up as Scripts/orca-demo.sh
# does (its own accessibility session, speech-dispatcher with espeak-ng logging what it is asked
# to say, sound to nowhere). xdotool clicks the Name field (a field in the table's first row),
# Tab goes on to the date of birth, and a click on the "Accessibility" topic selects its row,
# as a person would; what Orca said at each step is printed, read from speech-dispatcher's log.
# Table rows are not reached by Tab in Caret (only fields and controls are), so a keyboard user
# selects no topic: the click stands for a pointer user's, and Orca's flat review (KP_8, the
# current line) is asked to read the row. Prints what was spoken, then "orca-table: passed".
# Logs in .build/e2e-orca-table.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi orca \
    speech-dispatcher speech-dispatcher-espeak-ng libao4
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-orca-table)
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
cleanup() {
    for p in $orca $demo; do kill "$p" 2>/dev/null || true; done
    wait_for 3 "the demo to stop" -- stopped $demo || true
    kill "$xvfb" 2>/dev/null || true
    speechd=$(cat "$XDG_RUNTIME_DIR/speech-dispatcher/pid/speech-dispatcher.pid" 2>/dev/null || true)
    [ -n "$speechd" ] && kill "$speechd" 2>/dev/null || true
}
trap cleanup EXIT
fail() { echo "orca-table: FAILED: $*"; echo "Orca said:"; spoken | sed "s/^/  /"; exit 1; }
spoken() { grep -ahoE "Queueing message \|.*\|" "$out"/speechd/*.log 2>/dev/null | sed -E "s/^Queueing message \|//; s/\|$//; s/<[^>]*>//g; s/ +$//" || true; }
mark() { spoken | wc -l; }
since() { spoken | tail -n +$(($1 + 1)); }
wait_script_name=orca-table.sh
stopped() { ! kill -0 "$@" 2>/dev/null; }
# Waits (up to $3 seconds) until Orca said a line matching $2 after mark $1.
said() { since "$1" | grep -qE "$2"; }
heard() { wait_for "${3:-10}" "Orca to say /$2/" -- said "$1" "$2"; }
# Orca has said all it had to of the last step: nothing more for half a second.
silent_half_a_second() { local n; n=$(mark); sleep 0.5; [ "$(mark)" = "$n" ]; }
quiet() { wait_for 20 "Orca to fall quiet" -- silent_half_a_second || true; }
say() { echo "orca-table: $1:"; since "$2" | sed "s/^/    /"; }
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
speech-dispatcher --spawn --config-dir "$HOME/.config/speech-dispatcher" --log-level 5 --log-dir "$out/speechd" >"$out/speechd.txt" 2>&1 || true
orca --replace --debug-file="$out/orca-debug.txt" >"$out/orca.txt" 2>&1 &
orca=$!
heard 0 "^Screen reader on" 20 || fail "Orca did not start (see $out/orca.txt)"
m=$(mark)
CARET_ACCESSIBILITY_TRACE=1 "$bin/caret-demo" --keyboard never --trace --screen table >"$out/demo.txt" 2>"$out/demo-stderr.txt" &
demo=$!
wid=$(wait_for_window "Caret demo" 30) || fail "no demo window"
xdotool windowfocus --sync "$wid" 2>/dev/null || true
heard "$m" "^Caret demo frame" 20 || fail "Orca did not present the demo window"
quiet
say "the window got the focus" "$m"
# Where a node is, as the accessibility tree says (screen pixels): by role and name.
centre() { /usr/bin/python3 - "$1" "$2" <<PY
import sys, time, pyatspi
for _ in range(50):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "Caret demo":
            stack = [app]
            while stack:
                node = stack.pop()
                if node.name == sys.argv[2] and node.getRoleName() == sys.argv[1]:
                    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                    print(e.x + e.width // 2, e.y + e.height // 2); sys.exit(0)
                stack.extend(c for c in node if c is not None)
    time.sleep(0.2)
sys.exit(1)
PY
}
name=$(centre entry "Name") || fail "no Name field in the tree"
m=$(mark)
xdotool mousemove --sync $name click 1
heard "$m" "^Name entry" || fail "focusing Name made Orca say nothing of its label"
heard "$m" "^table with 24 rows 1 column" || fail "entering the table: Orca did not say its size"
heard "$m" "^row 1" || fail "the Name field: Orca did not say its row"
quiet
say "a click in the Name field" "$m"
step=2
for field in "Date of birth entry" "Country entry" "Notes text"; do
    m=$(mark); xdotool key Tab
    heard "$m" "^$field" || fail "Tab to $field: Orca said nothing of it"
    heard "$m" "^row $step" || fail "Tab to $field: Orca did not say row $step"
    quiet
    say "Tab" "$m"
    step=$((step + 1))
done
# Tab goes no further into the table: rows are not focusable (Tab in the notes types a tab). A
# pointer selects a topic; the selection reaches Orca (its debug log), which says nothing of a
# row that is not where the focus is.
topic=$(centre "table cell" "Accessibility") || fail "no Accessibility cell in the tree"
m=$(mark)
xdotool mousemove --sync $topic click 1
# (The debug log of Orca is written in blocks: the line may come late. A Shift press while
# waiting makes Orca log its key event, so the block holding the line is written out.)
selected() {
    grep -qF "object:state-changed:selected [table cell | Accessibility] (1," "$out/orca-debug.txt" && return 0
    xdotool key Shift_L
    return 1
}
wait_for 20 "Orca to get state-changed:selected" -- selected || fail "selecting the Accessibility topic: no state-changed:selected reached Orca"
quiet
say "a click on the Accessibility topic (Orca got state-changed:selected for its cell)" "$m"
m=$(mark); xdotool key KP_Enter
heard "$m" "Notes" || fail "KP_Enter (where am I): Orca said nothing of the Notes, where the focus stayed"
quiet
say "KP_Enter (where am I)" "$m"
# Rows by keyboard: from the Name field, Shift+Tab goes to the back button before it, and again
# wraps round to the last selectable row shown; the
# down and up arrows move between rows; Space selects the focused one. Orca says each row.
topics="Accessibility|Arabic and Hebrew|Auto Layout|Chinese input|Dictation|Emoji|Handwriting|Hindi and Indic scripts|Japanese input|Keyboard avoidance|Kiosks|Korean input|Screen readers|Spelling|Swipe typing|Switch access|Text views|Touch editing|Vietnamese|Wayland"
name=$(centre entry "Name") || fail "no Name field in the tree"
m=$(mark)
xdotool mousemove --sync $name click 1
heard "$m" "^Name entry" || fail "focusing Name again made Orca say nothing of its label"
quiet
m=$(mark); xdotool key shift+Tab
heard "$m" "Form push button" || fail "Shift+Tab from Name: Orca did not say the back button"
quiet
say "Shift+Tab from Name (the back button)" "$m"
m=$(mark); xdotool key shift+Tab
heard "$m" "^($topics)" || fail "Shift+Tab from the back button: Orca did not say a topic row"
quiet
say "Shift+Tab again (round to the last topic row shown)" "$m"
m=$(mark); xdotool key Up
heard "$m" "^($topics)" || fail "Up on a topic row: Orca did not say the row above"
quiet
say "Up" "$m"
m=$(mark); xdotool key space
heard "$m" "^selected" || fail "Space on a focused row: Orca did not say it was selected"
quiet
say "Space (selects the focused row)" "$m"
echo "$(spoken)" >"$out/spoken.txt"
echo "orca-table: passed"
'
