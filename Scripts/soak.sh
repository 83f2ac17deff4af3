#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Soaks the demo's screens with fresh seeds for as long as asked, printing every seed and its
# throughput. A failed check prints the seed, the event index and a shrunk reproduction; a crash
# prints the seed and event, then the event log is shrunk by replaying parts of it in child
# processes. Every failure is a regression test to write.
#
#   Scripts/soak.sh [minutes] [caret-soak options]     e.g. Scripts/soak.sh 30 --bundled-fonts
# With no options, seeds take turns as CI's soak does: the fixed-advance font; the real text
# stack with Hunspell's dictionaries; the real text stack typing in Korean, Chinese and Japanese
# with the real engines (and dictionaries); the same with a system input method played as IBus
# composing words typed on hardware keys (--ibus: through Caret's own client path, with late answers).
#   SOAK_SEED=1234 Scripts/soak.sh 1                   start from a given seed
#   SOAK_DIR=.build/soak2 SOAK_SEED=5678 Scripts/soak.sh 30   a second soak beside the first
#   SOAK_SCREEN=table Scripts/soak.sh 30               the rotation of modes, on one screen only
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
minutes=${1:-10}
[ $# -gt 0 ] && shift
swift build -c release --product caret-soak 2>&1 | tail -1
out=${SOAK_DIR:-.build/soak}  # another directory for a second soak at once (one per core)
mkdir -p "$out"
# A copy: rebuilding while the soak runs does not swap the program between seeds.
cp .build/release/caret-soak "$out/caret-soak"
bin=$out/caret-soak
export SWIFT_DETERMINISTIC_HASHING=1  # the same seed replays the same way in every process
seed=${SOAK_SEED:-$(( $(date +%s) % 1000000007 ))}
deadline=$((SECONDS + minutes * 60))
runs=0 events=0
while [ $SECONDS -lt $deadline ]; do
    log="$out/seed-$seed.jsonl"
    if [ $# -gt 0 ]; then modes=("$@"); else
        case $((seed % 4)) in
            0) modes=() ;;
            1) modes=(--bundled-fonts --dictionaries) ;;
            2) modes=(--world --transliteration --bundled-fonts --dictionaries) ;;
            *) modes=(--world --ibus --bundled-fonts --dictionaries) ;;
        esac
    fi
    [ -n "${SOAK_SCREEN:-}" ] && modes+=(--screen "$SOAK_SCREEN")
    if "$bin" --seed "$seed" --events "${SOAK_EVENTS:-5000}" --log "$log" ${modes[@]+"${modes[@]}"} >"$out/run.txt" 2>&1; then
        grep -E "^seed " "$out/run.txt"
        runs=$((runs + 1))
        events=$((events + $(sed -nE 's/.*: ([0-9]+) events in.*/\1/p' "$out/run.txt" | head -1)))
        rm -f "$log"
        seed=$((seed + 1))
        continue
    fi
    grep -vE '^\s*$' "$out/run.txt" | head -60
    if grep -q "soak crash" "$out/run.txt"; then
        echo "soak.sh: seed $seed crashed; shrinking $log in child processes"
        "$bin" --shrink "$log" --seed "$seed" ${modes[@]+"${modes[@]}"} || true
    fi
    echo "soak.sh: FAILED at seed $seed after $runs passing seeds ($events events)"
    exit 1
done
echo "soak.sh: $runs seeds, $events events, no failures (seeds from ${SOAK_SEED:-the clock})"
