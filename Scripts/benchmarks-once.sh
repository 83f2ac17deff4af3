#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the benchmark package and runs every benchmark once (CARET_BENCHMARK_ONCE=1), so none
# can rot: each checks its own result (the paste arrived, the keyboard moved, the text changed).
# package-benchmark exits 0 when a benchmark's check fails, and a benchmark that crashes, is
# skipped or is never registered leaves only its absence, so this does not read its messages:
# the harness writes what every benchmark came to (CARET_BENCHMARK_RESULTS, see
# Benchmarks/Benchmarks/CaretBenchmarks/BenchmarkOutcomes.swift) and this script requires
# - every benchmark call in the sources (Benchmark("…") and any …Benchmark("…") helper, such as
#   textViewKeystrokeBenchmark("…"), names with interpolations matched as patterns) to have
#   registered at least one benchmark;
# - every registered benchmark to have exactly one result, "ok";
# - package-benchmark to exit 0.
# Prints "benchmarks: N passed, M failed" (N + M = the registered benchmarks) and exits non-zero
# on any failure. Runs in its own accessibility session (Scripts/a11y-session.sh) so that the
# AT-SPI bridge benchmark has a bus and a listener.
set -uo pipefail
cd "$(dirname "$0")/../Benchmarks"
log=../.build/benchmarks-once.log
mkdir -p ../.build .build
# Inside the package directory, where package-benchmark's processes may write.
results=$PWD/.build/benchmark-outcomes.jsonl
rm -f "$results" "$results.registered"
# In an accessibility session with a listening client: the AT-SPI bridge benchmark needs one.
# Built in debug (about half the processor time of a release build; nothing here is timed), and so
# without package-benchmark's malloc interposer (see Benchmarks/Package.swift), in a build folder of
# its own: in .build, modules left by a build with the interposer would be found again.
CARET_BENCHMARK_NO_MALLOC_COUNTS=1 CARET_BENCHMARK_ONCE=1 CARET_BENCHMARK_RESULTS="$results" ../Scripts/a11y-session.sh --listener \
    swift package --scratch-path .build-once --allow-writing-to-package-directory benchmark --no-progress \
    --benchmark-build-configuration debug >"$log" 2>&1
status=$?
checked=0
report=$(python3 - "$results" "$status" Benchmarks <<'PY'
import json, os, re, sys

results_path, status, sources = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def string_literal(text, i):
    """The Swift string literal starting at text[i] ('"'): its pieces of plain text, with None
    for each interpolation, and the index after it."""
    pieces, plain, i = [], "", i + 1
    while text[i] != '"':
        if text[i] == "\\" and text[i + 1] == "(":
            pieces.append(plain); pieces.append(None); plain = ""
            depth, i = 1, i + 2
            while depth:
                if text[i] == '"':  # a string inside the interpolation
                    i = string_literal(text, i)[1]
                    continue
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
            continue
        if text[i] == "\\":
            plain += {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(text[i + 1], text[i + 1])
            i += 2
            continue
        plain += text[i]
        i += 1
    pieces.append(plain)
    return pieces, i + 1

# Every call that registers a benchmark under a name written in the sources.
calls = []
for folder, _, files in os.walk(sources):
    for file in sorted(files):
        if not file.endswith(".swift"):
            continue
        text = open(os.path.join(folder, file), encoding="utf-8").read()
        for match in re.finditer(r'\b\w*Benchmark\(\s*"', text):
            pieces, _ = string_literal(text, match.end() - 1)
            pattern = "".join(".+" if piece is None else re.escape(piece) for piece in pieces)
            line = text.count("\n", 0, match.start()) + 1
            calls.append((f"{file}:{line}", "".join("…" if p is None else p for p in pieces), re.compile(pattern)))

problems = []
try:
    registered = [json.loads(line) for line in open(results_path + ".registered", encoding="utf-8") if line.strip()]
except OSError as error:
    registered = []
    problems.append(f"no list of registered benchmarks ({error}): the harness did not start or did not write it")
outcomes = {}
try:
    for line in open(results_path, encoding="utf-8"):
        if line.strip():
            outcome = json.loads(line)
            outcomes.setdefault(outcome["name"], []).append(outcome["result"])
except OSError:
    pass

for where, name, pattern in calls:
    if not any(pattern.fullmatch(r) for r in registered):
        problems.append(f"{where}: \"{name}\" registered no benchmark")
passed = failed = 0
for name in registered:
    got = outcomes.get(name, [])
    if got == ["ok"]:
        passed += 1
        continue
    failed += 1
    if not got:
        problems.append(f"\"{name}\" has no result: it crashed, was skipped or never ran")
    elif len(got) > 1:
        problems.append(f"\"{name}\" has {len(got)} results: {got}")
    else:
        problems.append(f"\"{name}\" failed its check: {got[0]}")
for name in outcomes:
    if name not in registered:
        problems.append(f"\"{name}\" has a result but was not registered")
if status != 0:
    problems.append(f"package-benchmark exited {status}")
for problem in problems:
    print(f"benchmarks: {problem}")
print(f"benchmarks: {len(registered)} registered by {len(calls)} calls in the sources, each run once with its result checked")
print(f"benchmarks: {passed} passed, {failed} failed")
sys.exit(1 if problems else 0)
PY
) || checked=$?
if [ "$checked" -ne 0 ]; then
    echo "benchmarks: the end of $log:"
    tail -40 "$log"
fi
echo "$report"
exit "$checked"
