#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a command in its own D-Bus session with at-spi2-core's accessibility bus up and
# accessibility switched on as a desktop does (org.a11y.Status IsEnabled), so that Caret's AT-SPI
# bridge starts (issue 28). With --listener, a client like a screen reader listens too
# (Scripts/atspi_listener.py: it registers for text, caret and focus events and reads the line at
# the caret on each move, as Orca does), so the bridge really sends what it would to Orca.
# Usage: Scripts/a11y-session.sh [--listener] command [args...] (run where the command is called).
set -euo pipefail
scripts=$(realpath "$(dirname "$0")")
"$scripts/install-packages.sh" dbus dbus-x11 at-spi2-core python3-pyatspi
listener=0
if [ "${1:-}" = "--listener" ]; then listener=1; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [--listener] command [args...]" >&2; exit 2; }
# A runtime directory of its own: at-spi-bus-launcher puts the accessibility bus's socket at
# $XDG_RUNTIME_DIR/at-spi/bus (~/.cache/at-spi/bus without one), so two sessions at once (CI runs
# the benchmarks beside the end-to-end checks) or a desktop's own bus would share one socket and
# the later launcher would take it from the earlier session's clients.
runtime=$(mktemp -d "${TMPDIR:-/tmp}/caret-a11y.XXXXXX")
chmod 700 "$runtime"
export A11Y_LISTENER=$listener A11Y_SCRIPTS=$scripts A11Y_RUNTIME=$runtime XDG_RUNTIME_DIR=$runtime
exec dbus-run-session -- bash -c '
set -euo pipefail
launcher= client=
cleanup() {
    for p in $client $launcher; do kill "$p" 2>/dev/null || true; done
    rm -rf "$A11Y_RUNTIME"
}
trap cleanup EXIT
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
launcher=$!
source "$A11Y_SCRIPTS/wait.sh"
wait_script_name=a11y-session.sh
wait_for 10 "the accessibility bus" -- dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus org.a11y.Bus.GetAddress || true
dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus org.freedesktop.DBus.Properties.Set \
    string:org.a11y.Status string:IsEnabled variant:boolean:true >/dev/null \
    || { echo "a11y-session: could not switch accessibility on" >&2; exit 1; }
if [ "$A11Y_LISTENER" = 1 ]; then
    /usr/bin/python3 "$A11Y_SCRIPTS/atspi_listener.py" >"$A11Y_RUNTIME/listener.txt" &
    client=$!
    wait_for_line "$A11Y_RUNTIME/listener.txt" "atspi-listener: listening" 60 \
        || { echo "a11y-session: the listener did not start" >&2; exit 1; }
fi
export NO_AT_BRIDGE=0
status=0
"$@" || status=$?
exit $status
' a11y-session "$@"
