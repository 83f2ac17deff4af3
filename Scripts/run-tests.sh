#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds everything and runs every test: unit tests, headless
# rendering with golden images, real SDL windows under Xvfb, and the demo driven by xdotool.
# Ends with one line "N passed, M failed" over all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries xvfb xauth xdotool imagemagick x11-utils x11-xserver-utils
swift build --build-tests
echo "run-tests: built at ${SECONDS} s"
mkdir -p .build
# The benchmark package goes beside the rest on the second core: the unit tests run on the main
# actor (one core) and the end-to-end checks mostly wait on windows and daemons. The benchmark
# plugin builds it (a `swift build -c release` beforehand would be thrown away: the plugin builds
# with other parameters, so every module was compiled twice), then runs every benchmark once
# (Scripts/benchmarks-once.sh, no timing checked): its report is printed at the end.
bench_report=.build/benchmarks-once-report.txt
(
    Scripts/benchmarks-once.sh >"$bench_report" 2>&1
    status=$?
    echo "run-tests: benchmark package built and run at ${SECONDS} s" >>"$bench_report"
    exit $status
) &
bench_job=$!
log=.build/swift-test.log
# The whole suite runs inside one Xvfb server, so the window tests get a real X11 window.
# All tests use Swift Testing; the empty XCTest pass is skipped.
status=0
# Deterministic hashing: the soak tests replay the same way in every process (caret-soak --seed S).
SWIFT_DETERMINISTIC_HASHING=1 xvfb-run -a -s "-screen 0 1280x800x24" swift test --skip-build --disable-xctest "$@" 2>&1 | tee "$log" || status=$?
summary=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 || true)
unit=$(echo "$summary" | sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p')
[ -z "$unit" ] && { echo "swift test printed no summary"; echo "0 passed, 1 failed"; exit 1; }
# Failed tests, not failed expectations (a parameterised test with many cases counts once).
unit_failed=$(grep -E "^✘ Test .* failed after" "$log" | grep -cv "^✘ Test run with" || true)
[ "$status" -ne 0 ] && [ "$unit_failed" -eq 0 ] && unit_failed=1  # the run itself failed (a crash)
# Skipped tests (a condition not met, such as no display) are in the run's count but did not pass.
unit_skipped=$(grep -cE "^➜ Test .* skipped" "$log" || true)
grep -E "^➜ Test .* skipped" "$log" || true
echo "run-tests: unit tests done at ${SECONDS} s"
# The soak (a minute of one core) runs beside the end-to-end checks, which mostly wait on windows
# and daemons: its report is printed when they are done. Its release build (CI passes the CMake
# build's binary instead) is made first, so no compiler runs beside the checks.
if [ -z "${CARET_SOAK_BIN:-}" ] && swift build -c release --product caret-soak >.build/soak-ci-build.log 2>&1; then
    export CARET_SOAK_BIN=.build/release/caret-soak
fi
soak_report=.build/soak-ci-report.txt
Scripts/soak-ci.sh >"$soak_report" 2>&1 &
soak_job=$!
# Each end-to-end check's output is shown and kept; a failed one's last lines are printed again
# just before the summary, where CI's excerpt of the log reaches.
failures=.build/check-failures.txt
: >"$failures"
check() {
    local name=$1 status=0
    shift
    "$@" 2>&1 | tee ".build/check-$name.log" || status=$?
    [ "$status" -eq 0 ] || { echo "--- $name failed (exit $status); its last lines:"; tail -8 ".build/check-$name.log"; } >>"$failures"
    return "$status"
}
e2e_status=0
check demo Scripts/e2e-demo.sh || e2e_status=$?
e2e_passed=$((e2e_status == 0 ? 1 : 0)) e2e_failed=$((e2e_status == 0 ? 0 : 1))
# What the screen shows after partial frames, on the OpenGL and software renderers (issue 17).
partial_status=0
check partial-frames Scripts/e2e-partial-frames.sh || partial_status=$?
e2e_passed=$((e2e_passed + (partial_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (partial_status == 0 ? 0 : 1)))
# Clean stops on X11: signals end the demo and the kiosk at once; a lost X server ends the kiosk (issue 25).
stop_status=0
check stop Scripts/e2e-stop.sh .build/debug || stop_status=$?
e2e_passed=$((e2e_passed + (stop_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (stop_status == 0 ? 0 : 1)))
# Korean, Japanese and Chinese tapped on the demo's on-screen keyboard in a real X11 window (issue 26).
world_status=0
check world Scripts/e2e-world.sh .build/debug || world_status=$?
e2e_passed=$((e2e_passed + (world_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (world_status == 0 ? 0 : 1)))
# Swipe typing with the mouse on the demo's keyboard in a real X11 window (issue 46).
swipe_status=0
check swipe Scripts/e2e-swipe.sh .build/debug || swipe_status=$?
e2e_passed=$((e2e_passed + (swipe_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (swipe_status == 0 ? 0 : 1)))
# Handwriting with the mouse on the demo's writing pads in a real X11 window (issue 46).
handwriting_status=0
check handwriting Scripts/e2e-handwriting.sh .build/debug || handwriting_status=$?
e2e_passed=$((e2e_passed + (handwriting_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (handwriting_status == 0 ? 0 : 1)))
# Swiping and writing in spoken mode, the speech recorded and recognised (issue 46).
spoken_input_status=0
check spoken-input Scripts/e2e-spoken-input.sh .build/debug || spoken_input_status=$?
e2e_passed=$((e2e_passed + (spoken_input_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (spoken_input_status == 0 ? 0 : 1)))
# The demo's tree on the AT-SPI2 bus, read and edited by pyatspi in its own D-Bus session (issue 28).
atspi_status=0
check atspi Scripts/e2e-atspi.sh .build/debug || atspi_status=$?
e2e_passed=$((e2e_passed + (atspi_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (atspi_status == 0 ? 0 : 1)))
# The form in a table read through AT-SPI's Table and TableCell interfaces, a topic selected by its action.
atspi_table_status=0
check atspi-table Scripts/e2e-atspi-table.sh .build/debug || atspi_table_status=$?
e2e_passed=$((e2e_passed + (atspi_table_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (atspi_table_status == 0 ? 0 : 1)))
# Orca, a real screen reader, speaking the demo's fields through speech-dispatcher (issue 28).
orca_status=0
check orca Scripts/orca-demo.sh .build/debug || orca_status=$?
e2e_passed=$((e2e_passed + (orca_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (orca_status == 0 ? 0 : 1)))
# Orca in the form in a table: the table's size and each field's row spoken.
orca_table_status=0
check orca-table Scripts/orca-table.sh .build/debug || orca_table_status=$?
e2e_passed=$((e2e_passed + (orca_table_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (orca_table_status == 0 ? 0 : 1)))
# Spoken mode heard: the kiosk's speech recorded by SDL's disk audio driver and recognised (issue 40).
speech_status=0
check speech Scripts/e2e-speech.sh .build/debug || speech_status=$?
e2e_passed=$((e2e_passed + (speech_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (speech_status == 0 ? 0 : 1)))
# Wayland, headless: the kiosk example under sway, typed into with wtype (issue 16, item 4).
wayland_status=0
check wayland Scripts/e2e-wayland.sh .build/debug/caret-kiosk || wayland_status=$?
e2e_passed=$((e2e_passed + (wayland_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (wayland_status == 0 ? 0 : 1)))
soak_status=0
wait "$soak_job" || soak_status=$?
cat "$soak_report" 2>/dev/null || echo "soak: no report"
e2e_passed=$((e2e_passed + (soak_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (soak_status == 0 ? 0 : 1)))
echo "run-tests: end-to-end checks and the soak done at ${SECONDS} s"
# README's first app in a new package outside the repository, made by README's own steps against a
# clone of this checkout; run headless, and no engine library linked. Its builds
# (a compiler on both cores) go beside the input-method checks, which mostly wait on daemons:
# nothing else timed runs then. Its report is printed after them.
adopt_report=.build/e2e-adopt-report.txt
(check adopt Scripts/e2e-adopt.sh .build/debug/caret-demo >"$adopt_report" 2>&1) &
adopt_job=$!
# Input methods (IBus and Fcitx 5 on X11): one check per scenario.
ime_log=.build/e2e-ime.log
Scripts/e2e-ime.sh >"$ime_log" 2>&1 || true
grep -E ": (passed|FAILED)|with use-event-forwarding" "$ime_log" || true
ime_passed=$(tail -1 "$ime_log" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1/p')
ime_failed=$(tail -1 "$ime_log" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\2/p')
[ -z "$ime_passed" ] && { tail -20 "$ime_log"; ime_passed=0; ime_failed=1; }
echo "run-tests: input methods done at ${SECONDS} s"
adopt_status=0
wait "$adopt_job" || adopt_status=$?
cat "$adopt_report" 2>/dev/null || echo "e2e-adopt: no report"
e2e_passed=$((e2e_passed + (adopt_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (adopt_status == 0 ? 0 : 1)))
echo "run-tests: adoption as README says done at ${SECONDS} s"
# The public API against its baseline (api/*.txt), and the DocC reference built with warnings as
# errors, every public type with a summary (issue 42).
api_status=0
check api Scripts/api-check.sh || api_status=$?
docs_status=0
check docs Scripts/docs.sh || docs_status=$?
# The source tree's own rules: no Swift file over 500 lines, no window flag of the compositions,
# at most 100 members on the editor (issue 43).
sources_status=0
check sources python3 Scripts/check_sources.py || sources_status=$?
# The repository's swift-format configuration, strictly: a warning fails.
format_status=0
check format swift-format lint --strict --recursive Sources Examples Tests || format_status=$?
# Caret's licence on every source, every Assets folder in NOTICE, one licence table.
licences_status=0
check licences python3 Scripts/check_licences.py || licences_status=$?
# Every Swift sample of the README and the DocC articles, extracted and compiled.
samples_status=0
check samples Scripts/check-samples.sh --skip-build || samples_status=$?
e2e_passed=$((e2e_passed + (api_status == 0 ? 1 : 0) + (docs_status == 0 ? 1 : 0) + (sources_status == 0 ? 1 : 0)))
e2e_failed=$((e2e_failed + (api_status == 0 ? 0 : 1) + (docs_status == 0 ? 0 : 1) + (sources_status == 0 ? 0 : 1)))
e2e_passed=$((e2e_passed + (licences_status == 0 ? 1 : 0) + (samples_status == 0 ? 1 : 0) + (format_status == 0 ? 1 : 0)))
e2e_failed=$((e2e_failed + (licences_status == 0 ? 0 : 1) + (samples_status == 0 ? 0 : 1) + (format_status == 0 ? 0 : 1)))
echo "run-tests: API baseline and documentation done at ${SECONDS} s"
# Every benchmark of the benchmark package, built and run once with its result checked (issue 24),
# in the background since the unit tests started.
bench_status=0
wait "$bench_job" || bench_status=$?
cat "$bench_report" 2>/dev/null || echo "benchmarks: no report"
e2e_passed=$((e2e_passed + (bench_status == 0 ? 1 : 0))) e2e_failed=$((e2e_failed + (bench_status == 0 ? 0 : 1)))
echo "run-tests: benchmarks done at ${SECONDS} s"
[ "$soak_status" -eq 0 ] || { echo "--- soak failed; its last lines:"; tail -8 "$soak_report"; } >>"$failures"
[ "$ime_failed" -eq 0 ] || { echo "--- input methods failed:"; grep -E -A4 "FAILED" "$ime_log" | tail -24; } >>"$failures"
[ "$unit_failed" -eq 0 ] || { echo "--- unit tests failed:"; grep -E "^✘ Test .* (failed after|recorded an issue)" "$log" | head -12; } >>"$failures"
[ -s "$failures" ] && cat "$failures"
passed=$((unit - unit_failed - unit_skipped + e2e_passed + ime_passed))
failed=$((unit_failed + e2e_failed + ime_failed))
echo "swift test: $((unit - unit_failed - unit_skipped)) of $unit tests passed, $unit_skipped skipped; soak: $([ $soak_status -eq 0 ] && echo passed || echo failed); demo end-to-end: $([ $e2e_status -eq 0 ] && echo passed || echo failed); partial frames on screen: $([ $partial_status -eq 0 ] && echo passed || echo failed); clean stops: $([ $stop_status -eq 0 ] && echo passed || echo failed); world input: $([ $world_status -eq 0 ] && echo passed || echo failed); swipe: $([ $swipe_status -eq 0 ] && echo passed || echo failed); handwriting: $([ $handwriting_status -eq 0 ] && echo passed || echo failed); swiping and writing heard: $([ $spoken_input_status -eq 0 ] && echo passed || echo failed); AT-SPI: $([ $atspi_status -eq 0 ] && echo passed || echo failed); AT-SPI tables: $([ $atspi_table_status -eq 0 ] && echo passed || echo failed); Orca: $([ $orca_status -eq 0 ] && echo passed || echo failed); Orca in a table: $([ $orca_table_status -eq 0 ] && echo passed || echo failed); spoken mode heard: $([ $speech_status -eq 0 ] && echo passed || echo failed); kiosk under Wayland: $([ $wayland_status -eq 0 ] && echo passed || echo failed); adopted as README says: $([ $adopt_status -eq 0 ] && echo passed || echo failed); API baseline: $([ $api_status -eq 0 ] && echo passed || echo failed); DocC: $([ $docs_status -eq 0 ] && echo passed || echo failed); source rules: $([ $sources_status -eq 0 ] && echo passed || echo failed); licences: $([ $licences_status -eq 0 ] && echo passed || echo failed); swift-format: $([ $format_status -eq 0 ] && echo passed || echo failed); samples compiled: $([ $samples_status -eq 0 ] && echo passed || echo failed); benchmarks once: $([ $bench_status -eq 0 ] && echo passed || echo failed); input methods: $ime_passed passed, $ime_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
