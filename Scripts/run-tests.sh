#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds everything and runs every test: unit tests, headless
# rendering with golden images, real SDL windows under Xvfb, and the demo driven by xdotool.
# Ends with the step times, longest first, and one line "N passed, M failed" over all of them.
#
# The machine's two cores are kept busy: the unit tests run as three processes (each test process
# runs its main-actor tests one at a time, on one core) beside the benchmark package's build;
# then the end-to-end checks run in lanes side by side (they mostly wait on windows, daemons and
# speech, and wait on conditions, not for fixed times: Scripts/wait.sh), with the soak, the
# adoption check's builds, the Debian packages and KMS beside them at the lowest priority; then
# the API baseline, the documentation and the samples; last, with nothing computing beside them,
# what is timed: Wayland, then what is heard, side by side.
#   CARET_CMAKE_STATUS=FILE  the CMake build runs beside this (.ci/run): the soak waits for FILE
#   CARET_CMAKE_LOG=FILE     (its exit status) and then uses CARET_SOAK_BIN from that build; the
#                            build's output (LOG) and status are in the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/wait.sh
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries @checks
mkdir -p .build
steps=.build/steps
rm -rf "$steps"
mkdir -p "$steps"
# step NAME SECONDS STATUS: one line per step, for the times at the end.
step() { echo "$1 $2 $3" >>"$steps/times"; }
# The clean Debian roots the packages' and KMS checks start from (debootstrap, nothing built
# needed), made from here on beside the build and the unit tests: made by the checks themselves
# at the end, they were the run's longest path (318 and 163 s, 129 and 126 of them debootstrap,
# in a fresh-clone run). At the normal priority: they take about 100 s of processor time, and at
# the lowest, beside the unit tests, they were not done after 15 minutes.
# In a session of its own, so that it is stopped with everything it started when this script
# ends early (a failed build, Ctrl-C): a debootstrap left running would write into the roots the
# next run makes. The checks wait for its status, or for it to be gone.
roots_status=.build/prepare-roots.status
rm -f "$roots_status"
setsid bash -c 'status=0
    timeout --kill-after=10 900 Scripts/prepare-roots.sh .build-deb >.build/prepare-roots.log 2>&1 || status=$?
    echo "$status" >"$1"' prepare-roots "$roots_status" &
roots_job=$!
# (Only while it has written no status: after that its session is empty and its id may be reused.)
trap '[ -s "$roots_status" ] || pkill -s "$roots_job" 2>/dev/null || true' EXIT
build_start=$SECONDS
swift build --build-tests
step build $((SECONDS - build_start)) 0
echo "run-tests: built at ${SECONDS} s"
# The benchmark package goes beside the unit tests. The benchmark plugin builds it in debug (a
# `swift build` beforehand would be thrown away: the plugin builds with other parameters), then
# runs every benchmark once (Scripts/benchmarks-once.sh, no timing checked): its report is
# printed at the end.
bench_report=.build/benchmarks-once-report.txt
(
    start=$SECONDS
    status=0
    # A time limit (about twice its time beside the unit tests): the timed checks at the end wait
    # for this to end, so a hung benchmark must not hold everything after it.
    nice -n 19 timeout --kill-after=10 "${CARET_BENCH_LIMIT:-1200}" Scripts/benchmarks-once.sh >"$bench_report" 2>&1 || status=$?
    [ "$status" -eq 124 ] && echo "run-tests: the benchmarks did not finish within ${CARET_BENCH_LIMIT:-1200} s" >>"$bench_report"
    echo "run-tests: benchmark package built and run at ${SECONDS} s" >>"$bench_report"
    step benchmarks $((SECONDS - start)) $status
    exit $status
) &
bench_job=$!
# Each check's output is kept in .build/check-NAME.log and printed when its lane is done; a
# failed one's last lines are printed again just before the summary, where CI's excerpt of the
# log reaches.
checks=.build/checks
rm -rf "$checks"
mkdir -p "$checks"
# Each check has a time limit (seconds, CARET_CHECK_LIMIT_<name> overrides; about five times its
# time on a quiet machine, and at least ten minutes): one that hangs is stopped with its process
# group, fails with a line saying so, and the others still run and report (a hung check once took
# the whole run past CI's limit with nothing printed).
check_limit() {
    local var="CARET_CHECK_LIMIT_${1//-/_}"
    case $1 in
        ime) echo "${!var:-1500}" ;;
        adopt | handwriting | debian-packages | kms) echo "${!var:-900}" ;;
        *) echo "${!var:-600}" ;;
    esac
}
check() {
    local name=$1 start=$SECONDS status=0 limit
    limit=$(check_limit "$name")
    shift
    # A shell function (the soak) runs in a bash of its own, so that `timeout` can stop it.
    if [ "$(type -t "$1")" = function ]; then set -- bash -c "$(declare -f "$1"); $*"; fi
    timeout --kill-after=10 "$limit" "$@" >".build/check-$name.log" 2>&1 || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "run-tests: $name did not finish within its $limit s and was stopped" >>".build/check-$name.log"
    fi
    echo "$status" >"$checks/$name"
    step "$name" $((SECONDS - start)) "$status"
    return 0
}
# The soak (a minute of one core) on the release build: CI's CMake build of this tree, else one
# made here first.
soak() {
    if [ -n "${CARET_CMAKE_STATUS:-}" ]; then
        while [ ! -s "$CARET_CMAKE_STATUS" ]; do sleep 1; done  # the CMake build, beside this from the start
        [ "$(cat "$CARET_CMAKE_STATUS")" = 0 ] || { echo "soak: the CMake build failed (see its log)"; return 1; }
    elif [ -z "${CARET_SOAK_BIN:-}" ]; then
        # In a build folder of its own: beside the lanes, a build in .build would hold SwiftPM's
        # lock there while lane 3's input-method check builds the demo.
        swift build -c release --product caret-soak --scratch-path .build-soak >.build/soak-ci-build.log 2>&1 \
            || { tail -20 .build/soak-ci-build.log; echo "soak: the release build failed"; return 1; }
        export CARET_SOAK_BIN=.build-soak/release/caret-soak
    fi
    Scripts/soak-ci.sh
}
# The unit tests in three processes, each inside its own Xvfb server (the window tests get a real
# X11 window): the core's, the text stack's, spelling's and the API's tests; the demo's; and all the
# others (the SDL backend's, the engines'). The test bundle is run itself: `swift test`
# holds the build folder's lock while it runs, and a second would wait for the first. All tests
# use Swift Testing. Deterministic hashing: the soak tests replay the same way in every process
# (caret-soak --seed S).
unit_start=$SECONDS
rm -f .build/unit-exits
tests_bin=$(swift build --show-bin-path)/CaretPackageTests.xctest
unit() (
    local part=$1 start=$SECONDS status=0
    shift
    local display
    display=$(free_display)
    # A time limit (about four times the slowest part's on a quiet machine): a test that hangs
    # fails this part, and the checks after it still run.
    SWIFT_DETERMINISTIC_HASHING=1 NO_COLOR=1 timeout --kill-after=10 "${CARET_UNIT_LIMIT:-2400}" \
        xvfb-run -n "${display#:}" -s "-screen 0 1280x800x24" "$tests_bin" \
        --testing-library swift-testing "$@" >".build/swift-test-$part.log" 2>&1 || status=$?
    [ "$status" -eq 124 ] && echo "run-tests: the unit tests ($part) did not finish within ${CARET_UNIT_LIMIT:-2400} s" \
        | tee -a ".build/swift-test-$part.log"
    # Its time and the processor time it took (the children's user and system times).
    times >".build/swift-test-$part.times"
    echo "run-tests: unit tests ($part) took $((SECONDS - start)) s, exit $status; user and system: $(tail -1 ".build/swift-test-$part.times")" \
        | tee -a .build/unit-exits
    exit $status
)
unit_status=0
if [ $# -gt 0 ]; then
    # Arguments (a filter) go to one process.
    unit all "$@" || unit_status=$?
    parts=(all)
else
    # Three processes on two cores, about even (the three side by side on a quiet machine: the
    # core's 207 s, the demo's 424 s, the others' 456 s; in two, demo and others took 914 s).
    core='^(CaretTests|CaretTextTests|CaretSpellTests|CaretAPITests)\.'
    demo='^CaretDemoTests\.'
    unit core --filter "$core" &
    unit_core=$!
    unit demo --filter "$demo" &
    unit_demo=$!
    # Everything else (the SDL backend's and the engines' tests, and any module added later).
    unit others --skip "$core" --skip "$demo" || unit_status=1
    wait "$unit_core" || unit_status=1
    wait "$unit_demo" || unit_status=1
    parts=(core demo others)
fi
unit=0 unit_failed=0 unit_skipped=0
for part in "${parts[@]}"; do
    log=.build/swift-test-$part.log
    cat "$log"
    summary=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 || true)
    count=$(echo "$summary" | sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p')
    [ -z "$count" ] && { echo "swift test ($part) printed no summary"; count=0; unit_failed=$((unit_failed + 1)); }
    unit=$((unit + count))
    # Failed tests, not failed expectations (a parameterised test with many cases counts once).
    unit_failed=$((unit_failed + $(grep -E "^✘ Test .* failed after" "$log" | grep -cv "^✘ Test run with" || true)))
    # Skipped tests (a condition not met, such as no display) are in the run's count but did not pass.
    unit_skipped=$((unit_skipped + $(grep -cE "^➜ Test .* skipped" "$log" || true)))
    grep -E "^➜ Test .* skipped" "$log" || true
done
[ "$unit_status" -ne 0 ] && [ "$unit_failed" -eq 0 ] && unit_failed=1  # a run itself failed (a crash)
step unit-tests $((SECONDS - unit_start)) $((unit_failed > 0 ? 1 : 0))
echo "run-tests: unit tests done at ${SECONDS} s"

lane_start=$SECONDS
# Beside the lanes, at the lowest priority, as the benchmarks are (they compute and compile in
# folders of their own, and take only what the lanes, which mostly wait, leave of the two cores:
# after the lanes, alone, they kept both cores busy for 300 s while the machine sat nearly idle
# through the lanes' last 70 s and the speech checks' 77 s), three groups side by side:
# - the soak;
# - README's first app in a new package outside the repository, made by README's own steps
#   against a clone of this checkout (run headless, no engine library linked), then built again
#   as README's "Ship it" says;
# - what installs and boots: the Debian packages installed into a copy of the clean Debian 12
#   root made from the start (chroot; CI's CMake build made them, CARET_DEBS, else they are
#   built), lintian read; then the kiosk straight on KMS/DRM in QEMU (no X11, no Wayland) on the
#   image made from the start, typed into through QEMU's monitor, its screendump checked against
#   the same kiosk under Xvfb. Both mostly wait on the package mirror and the guest, and wait on
#   conditions (the guest's trace lines).
# (The soak beside README's app only on CI's CMake build: otherwise it first builds its own
# binary, and two builds beside the lanes would slow them all.)
(
    renice -n 19 -p "$BASHPID" >/dev/null
    check soak soak
) &
soak_job=$!
(
    renice -n 19 -p "$BASHPID" >/dev/null
    [ -n "${CARET_CMAKE_STATUS:-}" ] || while kill -0 "$soak_job" 2>/dev/null; do sleep 1; done
    check adopt Scripts/e2e-adopt.sh .build/debug/caret-demo
) &
early=$!
(
    renice -n 19 -p "$BASHPID" >/dev/null
    # The roots made from the start (a check whose root is not there makes its own).
    while [ ! -s "$roots_status" ] && kill -0 "$roots_job" 2>/dev/null; do sleep 1; done
    check debian-packages Scripts/e2e-debian-packages.sh .build-deb ${CARET_DEBS:-}
    check kms Scripts/kms-qemu.sh
) &
packaging=$!
# Lane 1: the demo in real X11 windows, driven by xdotool. Each check runs its own Xvfb.
(
    check demo Scripts/e2e-demo.sh
    # What the screen shows after partial frames, on the OpenGL and software renderers.
    check partial-frames Scripts/e2e-partial-frames.sh
    # Clean stops on X11: signals end the demo and the kiosk at once; a lost X server ends the kiosk.
    check stop Scripts/e2e-stop.sh .build/debug
    # Korean, Japanese and Chinese tapped on the demo's on-screen keyboard.
    check world Scripts/e2e-world.sh .build/debug
    # Swipe typing with the mouse on the demo's keyboard.
    check swipe Scripts/e2e-swipe.sh .build/debug
    # Handwriting with the mouse on the demo's writing pads.
    check handwriting Scripts/e2e-handwriting.sh .build/debug
) &
lane1=$!
# Lane 2: assistive technology, each in its own D-Bus session.
(
    # The demo's tree on the AT-SPI2 bus, read and edited by pyatspi.
    check atspi Scripts/e2e-atspi.sh .build/debug
    # The form in a table read through AT-SPI's Table and TableCell interfaces.
    check atspi-table Scripts/e2e-atspi-table.sh .build/debug
    # Orca, a real screen reader, speaking the demo's fields through speech-dispatcher.
    check orca Scripts/orca-demo.sh .build/debug
    # Orca in the form in a table: the table's size and each field's row spoken.
    check orca-table Scripts/orca-table.sh .build/debug
) &
lane2=$!
# Lane 3: input methods (IBus and Fcitx 5 on X11), one check per scenario, one at a time (they
# share the user's input-method settings); then the source tree's rules.
(
    check ime Scripts/e2e-ime.sh
    # No Swift file over 500 lines, no type over 100 members, no window flag of the compositions.
    check sources python3 Scripts/check_sources.py
    # The repository's swift-format configuration, strictly: a warning fails.
    check format swift-format lint --strict --recursive Sources Examples Tests
    # Caret's licence on every source, every Assets folder in NOTICE, one licence table.
    check licences python3 Scripts/check_licences.py
) &
lane3=$!
wait $lane1 $lane2 $lane3 || true
# Once the lanes, which run this checkout's binaries, are done: what reads its build. The public
# API against its baseline (api/*.txt); the DocC reference built with warnings as errors, every
# public type with a summary; every Swift sample of the README and the articles, extracted and
# compiled.
check api Scripts/api-check.sh
check docs Scripts/docs.sh
check samples Scripts/check-samples.sh --skip-build
wait $packaging $early $soak_job || true
# What is timed, once everything that computes is done. Wayland, headless: the kiosk example
# under sway, typed into with wtype (started beside lane 1 it hung past its limit in a fresh-clone
# run, and the handwriting check beside it timed out; with a compiler beside it the kiosk took
# 1.23 s to stop on SIGTERM; each passes alone). Then, side by side, what is heard: spoken mode,
# the kiosk's speech recorded by SDL's disk audio driver and recognised, each phrase within a
# second of its key, in English and in German (every phrase heard in German, in the German
# voice); and swiping and writing in spoken mode, the demo's speech recorded and recognised. Each
# mostly waits for its app to speak; beside the lanes with a compiler at the lowest priority, or
# beside the benchmark package compiling, speech came more than a second after its key in
# fresh-clone runs; with nothing computing beside them they pass.
until grep -q "benchmark package built and run" "$bench_report" 2>/dev/null; do sleep 1; done
check wayland Scripts/e2e-wayland.sh .build/debug/caret-kiosk
check speech Scripts/e2e-speech.sh .build/debug &
speech=$!
check spoken-input Scripts/e2e-spoken-input.sh .build/debug &
spoken=$!
check speech-de Scripts/e2e-speech.sh .build/debug de
wait $speech $spoken || true
step end-to-end-lanes $((SECONDS - lane_start)) 0
echo "run-tests: end-to-end checks, the soak and the builds done at ${SECONDS} s"
bench_status=0
wait "$bench_job" || bench_status=$?
echo "$bench_status" >"$checks/benchmarks"
echo "run-tests: benchmarks done at ${SECONDS} s"

# Every check's output, in order, after how the roots were made.
echo "--- prepare-roots (exit $(cat "$roots_status" 2>/dev/null || echo none))"
cat .build/prepare-roots.log 2>/dev/null || echo "(no output)"
names=(demo partial-frames stop world swipe handwriting spoken-input atspi atspi-table orca orca-table speech speech-de wayland
    soak adopt ime api docs sources licences format samples debian-packages kms)
for name in "${names[@]}"; do
    echo "--- $name"
    cat ".build/check-$name.log" 2>/dev/null || echo "(no output)"
done
cat "$bench_report" 2>/dev/null || echo "benchmarks: no report"
ime_log=.build/check-ime.log
ime_passed=$(tail -1 "$ime_log" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1/p')
ime_failed=$(tail -1 "$ime_log" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\2/p')
[ -z "$ime_passed" ] && { ime_passed=0; ime_failed=1; }
# The summary: each check by its label, passed or failed.
labels=(
    "soak:soak" "demo:demo end-to-end" "partial-frames:partial frames on screen" "stop:clean stops" "world:world input"
    "swipe:swipe" "handwriting:handwriting" "spoken-input:swiping and writing heard" "atspi:AT-SPI" "atspi-table:AT-SPI tables"
    "orca:Orca" "orca-table:Orca in a table" "speech:spoken mode heard" "speech-de:spoken mode heard in German"
    "wayland:kiosk under Wayland"
    "adopt:adopted as README says" "api:API baseline" "docs:DocC" "sources:source rules" "licences:licences"
    "format:swift-format" "samples:samples compiled" "benchmarks:benchmarks once" "debian-packages:Debian packages installed" "kms:kiosk on KMS/DRM in QEMU"
)
# The CMake build beside this (.ci/run), with its output.
if [ -n "${CARET_CMAKE_STATUS:-}" ]; then
    while [ ! -s "$CARET_CMAKE_STATUS" ]; do sleep 1; done
    cp "$CARET_CMAKE_STATUS" "$checks/cmake"
    echo "--- cmake"
    cat "${CARET_CMAKE_LOG:-/dev/null}"
    labels=("cmake:CMake build" "${labels[@]}")
fi
e2e_passed=0 e2e_failed=0
failures=""
# A failed check's last lines, short enough that every failure's reason fits in CI's record: the
# D-Bus daemon's chatter and blank lines left out, four lines of at most 240 characters.
last_lines() { grep -v -E '^dbus-daemon|^[[:space:]]*$' "$1" 2>/dev/null | tail -4 | cut -c1-240; }
line="swift test: $((unit - unit_failed - unit_skipped)) of $unit tests passed, $unit_skipped skipped"
for entry in "${labels[@]}"; do
    name=${entry%%:*} label=${entry#*:}
    status=$(cat "$checks/$name" 2>/dev/null || echo 1)
    if [ "$status" -eq 0 ]; then
        e2e_passed=$((e2e_passed + 1))
        line="$line; $label: passed"
    else
        e2e_failed=$((e2e_failed + 1))
        line="$line; $label: failed"
        log=.build/check-$name.log
        [ "$name" = benchmarks ] && log=$bench_report
        [ "$name" = cmake ] && log=${CARET_CMAKE_LOG:-/dev/null}
        failures="$failures--- $name failed (exit $status); its last lines:"$'\n'"$(last_lines "$log")"$'\n'
    fi
done
[ "$ime_failed" -eq 0 ] || failures="$failures--- input methods failed:"$'\n'"$(grep -E -A4 "FAILED" "$ime_log" | tail -24 || echo "no scenario named as failed: its log ends $(tail -1 "$ime_log" 2>/dev/null)")"$'\n'
# A test process that exits otherwise than 0 after its tests passed (a crash at its end) is named by
# its "took" line; the summary must still be printed (sed reads all it is given: `head` would
# leave the pipeline's writers a broken pipe, and pipefail would end the script here).
[ "$unit_failed" -eq 0 ] || failures="$failures--- unit tests failed:"$'\n'"$({ cat .build/swift-test-*.log | grep -E "^✘ Test .* (failed after|recorded an issue)" || grep -v "exit 0;" .build/unit-exits 2>/dev/null || echo "a test process exited otherwise than 0, or printed no summary"; } | sed -n 1,12p)"$'\n'
[ -n "$failures" ] && printf "%s" "$failures"
# The steps' own times (those in lanes overlap), longest first.
echo "step times: $(sort -k2 -n -r "$steps/times" | awk '{printf "%s%s %d s%s", (NR > 1 ? ", " : ""), $1, $2, ($3 == 0 ? "" : " (failed)")}')"
passed=$((unit - unit_failed - unit_skipped + e2e_passed + ime_passed))
failed=$((unit_failed + e2e_failed + ime_failed))
echo "$line; input methods: $ime_passed passed, $ime_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
