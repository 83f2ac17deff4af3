#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CI's soak, run by the test command: fixed seeds through caret-soak built for release (the same
# soak as DemoSoakTests, which runs a short one in the debug suite; a debug build soaks about ten
# times slower and made the test command's longest step). Every event is checked by the
# independent oracle and every invariant. The mix (issue 41, item 3):
# - the fixed-advance font: each screen at three window sizes, seeds 1-3, 1,500 events each;
# - the real text stack (HarfBuzz, ICU, the bundled fonts) with Hunspell's dictionaries: each
#   screen at 800×480, seeds 5 and 6, 1,500 events each; the suggestion bar must have offered
#   corrections (autocorrection on and working);
# - the real text stack typing in Korean, Chinese and Japanese with the real engines, and the
#   transliterations through libm17n (--transliteration): each screen at 800×480, seeds 7 and
#   8, 2,000 events each;
# - the same with a system input method played as IBus (--ibus, through Caret's own client path:
#   compositions of hardware keys, keys given back, late answers): each screen at 1024×700,
#   seeds 9 and 10, 2,000 events each.
# Prints each run and "soak: N events (M through HarfBuzz/ICU), no failures"; a failure prints
# its seed, the shrunk events and the command that reproduces it, and exits non-zero.
set -uo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
mkdir -p .build
if [ -n "${CARET_SOAK_BIN:-}" ]; then
    # CI's CMake build of this same tree (.ci/run): Caret is not compiled for release a second time.
    bin=$(realpath "$CARET_SOAK_BIN")
else
    swift build -c release --product caret-soak >.build/soak-ci-build.log 2>&1 \
        || { tail -20 .build/soak-ci-build.log; echo "soak: the release build failed"; exit 1; }
    bin=$PWD/.build/release/caret-soak
fi
export SWIFT_DETERMINISTIC_HASHING=1  # the same seed replays the same way in every process
out=.build/soak-ci
rm -rf "$out"; mkdir -p "$out"
total=0 real=0 failed=0 most_passes=0 avoidance=0
# run <events> <seed> <count> <screen> <size> [modes...]
run() {
    local events=$1 seed=$2 count=$3 screen=$4 size=$5; shift 5
    local log="$out/$screen-$size-$seed.txt"
    if ! (cd "$out" && "$bin" --seed "$seed" --seeds "$count" --events "$events" --screen "$screen" --size "$size" "$@") >"$log" 2>&1; then
        grep -vE '^\s*$' "$log" | head -40
        echo "soak: FAILED: $screen $size seeds $seed+$count $*"
        failed=$((failed + 1))
        return
    fi
    grep -E "^seed " "$log"
    local n; n=$(sed -nE 's/^soak: .* ([0-9]+) events in .*/\1/p' "$log")
    total=$((total + n))
    local passes; passes=$(sed -nE 's/.*layout phases of at most ([0-9]+) passes, ([0-9]+) avoidance passes.*/\1 \2/p' "$log")
    most_passes=$(( ${passes%% *} > most_passes ? ${passes%% *} : most_passes ))
    avoidance=$((avoidance + ${passes##* }))
    if [ $# -gt 0 ]; then real=$((real + n)); fi
    # Autocorrection on and working: the bar offered corrections in the run (a seed may type no
    # misspelled word; all of them offering none is autocorrection gone).
    local offered; offered=$(sed -nE 's/.*corrections offered after ([0-9]+) events.*/\1/p' "$log" | awk '{ n += $1 } END { print n + 0 }')
    if [[ " $* " == *" --dictionaries "* ]] && [ "$offered" -eq 0 ]; then
        echo "soak: FAILED: $screen with dictionaries: the suggestion bar never offered a correction"
        failed=$((failed + 1))
    fi
}
for screen in form kiosk notes; do
    for size in 1024x700 800x480 483x986; do run 1500 1 3 "$screen" "$size"; done
    run 1500 5 2 "$screen" 800x480 --bundled-fonts --dictionaries
    run 2000 7 2 "$screen" 800x480 --world --transliteration --bundled-fonts
    run 2000 9 2 "$screen" 1024x700 --world --ibus --bundled-fonts
done
if [ "$failed" -gt 0 ]; then
    echo "soak: $failed runs failed"
    exit 1
fi
echo "soak: $total events ($real through HarfBuzz/ICU), no failures; layout phases of at most $most_passes passes (4 allowed), keyboard avoidance ran $avoidance times"
