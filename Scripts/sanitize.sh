#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer: no leaks allowed) and
# then under ThreadSanitizer, each in a build folder of its own. Pass "address" or "thread" to run
# one. The suite runs headless (SDL's dummy driver); suppressions: Scripts/lsan.supp.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries
root=$PWD
status=0
for sanitizer in ${1:-address thread}; do
    echo "sanitize.sh: swift test --sanitize=$sanitizer"
    mkdir -p ".build-$sanitizer"
    log=".build-$sanitizer/sanitize-output.txt"
    # The soak's fixed seeds are left out here (they run in every normal test run): under
    # ThreadSanitizer they take most of an hour; the rest of the suite covers the same code.
    if ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" LSAN_OPTIONS="suppressions=$root/Scripts/lsan.supp" \
        TSAN_OPTIONS="halt_on_error=1" SDL_VIDEODRIVER=dummy SWIFT_DETERMINISTIC_HASHING=1 \
        swift test --scratch-path ".build-$sanitizer" --sanitize="$sanitizer" --disable-xctest \
        --skip DemoSoakTests >"$log" 2>&1; then
        grep -E "Test run with" "$log" | tail -1
    else
        status=1
        grep -E "ERROR: |SUMMARY: |WARNING: ThreadSanitizer|Test run with|✘" "$log" | head -40
        echo "sanitize.sh: $sanitizer FAILED (full output in $log)"
    fi
done
exit $status
