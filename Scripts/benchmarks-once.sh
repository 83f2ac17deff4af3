#!/usr/bin/env bash
# Builds the benchmark package and runs every benchmark once (CARET_BENCHMARK_ONCE=1), so none
# can rot: each checks its own result (the paste arrived, the keyboard moved, the text changed)
# and a failed check fails this script. package-benchmark exits 0 even when a benchmark throws,
# so its output is read. Exits non-zero with the failures. Runs in its own accessibility session
# (Scripts/a11y-session.sh) so that the AT-SPI bridge benchmark has a bus and a listener.
set -uo pipefail
cd "$(dirname "$0")/../Benchmarks"
log=../.build/benchmarks-once.log
mkdir -p ../.build
# In an accessibility session with a listening client: the AT-SPI bridge benchmark needs one.
CARET_BENCHMARK_ONCE=1 ../Scripts/a11y-session.sh --listener swift package --allow-writing-to-package-directory benchmark --no-progress >"$log" 2>&1
status=$?
ran=$(grep -c "^╒" "$log" || true)
failures=$(grep -E "^Benchmark .* failed with " "$log" || true)
if [ "$status" -ne 0 ] || [ -n "$failures" ] || [ "$ran" -lt 20 ]; then
    tail -40 "$log"
    echo "benchmarks: exit $status, $ran ran; ${failures:-no failed check}"
    exit 1
fi
echo "benchmarks: $ran ran once each, every result checked"
