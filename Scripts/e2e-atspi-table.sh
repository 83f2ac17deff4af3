#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The demo's form in a table on the AT-SPI2 bus, read by a real client: its own D-Bus session
# with at-spi2-core's accessibility bus switched on (Scripts/a11y-session.sh), the demo in Xvfb
# on its table screen, Debian's pyatspi as the client (Scripts/e2e_atspi_table.py: the Table and
# TableCell interfaces, a topic selected by its cell's action) and xdotool turning the mouse
# wheel over the table as a person would. Prints the client's checks and "atspi-table: passed"
# or what failed; exits non-zero on failure. The tree it read goes to
# .build/e2e-atspi-table/tree.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-atspi-table)
rm -rf "$out"; mkdir -p "$out"
export out bin
exec Scripts/a11y-session.sh bash -c '
set -euo pipefail
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo= wheel=
cleanup() { for p in $wheel $demo $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
fail() { echo "atspi-table: FAILED: $*"; tail -5 "$out/demo.txt" 2>/dev/null; exit 1; }
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
wait_script_name=e2e-atspi-table.sh
wait_for 10 "the X server" -- xdpyinfo || fail "Xvfb did not start"
"$bin/caret-demo" --trace --keyboard never --screen table >"$out/demo.txt" 2>&1 &
demo=$!
wid=$(wait_for_window "Caret demo" 30) || fail "no demo window"
wait_for_line "$out/demo.txt" "caret-demo: ready" 30 || fail "the demo never said it was ready"
# The wheel turns over the point the client names (the table'"'"'s centre, in screen pixels).
( wait_for 60 "the client to name the wheel'"'"'s place" -- test -s "$out/wheel" || exit 1
  read -r x y <"$out/wheel"
  xdotool mousemove --sync "$x" "$y"
  for _ in $(seq 12); do xdotool click 5; sleep 0.05; done  # a hand'"'"'s pace on the wheel, not a wait
  touch "$out/wheeled" ) &  # the client waits for the rows to move
wheel=$!
status=0
timeout 120 /usr/bin/python3 Scripts/e2e_atspi_table.py "$out/wheel" "$out/wheeled" "$out/tree.txt" || status=$?
[ "$status" -eq 0 ] || fail "the client saw failures (tree in $out/tree.txt)"
echo "atspi-table: passed"
'
