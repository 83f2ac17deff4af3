#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: unit tests, headless
# rendering with golden images, real SDL windows under Xvfb, and the demo driven by xdotool.
# Ends with one line "N passed, M failed" over all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev pkg-config xvfb xauth xdotool imagemagick x11-utils x11-xserver-utils
swift build --build-tests
mkdir -p .build
log=.build/swift-test.log
# The whole suite runs inside one Xvfb server, so the window tests get a real X11 window.
# All tests use Swift Testing; the empty XCTest pass is skipped.
status=0
# Deterministic hashing: the soak tests replay the same way in every process (caret-soak --seed S).
SWIFT_DETERMINISTIC_HASHING=1 xvfb-run -a -s "-screen 0 1280x800x24" swift test --skip-build --disable-xctest "$@" 2>&1 | tee "$log" || status=$?
summary=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 || true)
unit=$(echo "$summary" | sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p')
unit_failed=$(echo "$summary" | sed -nE 's/.* with ([0-9]+) issues?.*/\1/p')
[ -z "$unit" ] && { echo "swift test printed no summary"; echo "0 passed, 1 failed"; exit 1; }
e2e_status=0
Scripts/e2e-demo.sh || e2e_status=$?
if [ "$status" -ne 0 ] || [ -n "$unit_failed" ]; then
    echo "swift test: $summary"
    echo "$((unit - ${unit_failed:-1} + (e2e_status == 0 ? 1 : 0))) passed, $(( ${unit_failed:-1} + (e2e_status == 0 ? 0 : 1) )) failed"
    exit 1
fi
echo "swift test: $unit passed; demo end-to-end: $([ $e2e_status -eq 0 ] && echo passed || echo failed)"
echo "$((unit + (e2e_status == 0 ? 1 : 0))) passed, $((e2e_status == 0 ? 0 : 1)) failed"
[ "$e2e_status" -eq 0 ]
