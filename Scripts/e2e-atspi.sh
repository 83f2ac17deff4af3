#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The demo's tree on the AT-SPI2 bus, read and edited by a real client (issue 28): its own D-Bus
# session with at-spi2-core's accessibility bus switched on as a desktop does
# (Scripts/a11y-session.sh), the demo in Xvfb, Debian's pyatspi as the client
# (Scripts/e2e_atspi.py) and xdotool typing as a person. Prints the client's checks and
# "atspi: passed" or what failed; exits non-zero on failure. The tree it read goes to
# .build/e2e-atspi/tree.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-atspi)
rm -rf "$out"; mkdir -p "$out"
export out bin
exec Scripts/a11y-session.sh bash -c '
set -euo pipefail
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo=
cleanup() { for p in $demo $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
fail() { echo "atspi: FAILED: $*"; tail -5 "$out/demo.txt" 2>/dev/null; exit 1; }
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
wait_script_name=e2e-atspi.sh
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
"$bin/caret-demo" --trace --keyboard never >"$out/demo.txt" 2>&1 &
demo=$!
wid=$(wait_for_window "Caret demo" 30) || fail "no demo window"
wait_for_line "$out/demo.txt" "caret-demo: ready" 30 || fail "the demo never said it was ready"
go="$out/go"
# xdotool types into the focused field once the client says so (after its own edits).
( wait_for 30 "the client to say go" -- test -f "$go" || exit 1
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool type --delay 60 "example.org" ) &
status=0
timeout 90 /usr/bin/python3 Scripts/e2e_atspi.py "$go" "$out/tree.txt" || status=$?
[ "$status" -eq 0 ] || fail "the client saw failures (tree in $out/tree.txt)"
grep -q "\"replacement\":\"ada@\"" "$out/demo.txt" || fail "the delegate was not asked for the client'"'"'s insertion"
echo "atspi: passed"
'
