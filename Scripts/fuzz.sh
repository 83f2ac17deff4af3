#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets of Fuzz/ with AddressSanitizer and runs each for a while (default
# 120 s), from a corpus made of the bundled files. A crash leaves its input in .build/fuzz/<target>/
# and stops the script; rerun that input with: .build-fuzz/release/fuzz-<target> <crash-file>
#
#   Scripts/fuzz.sh [seconds per target] [target ...]
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries
seconds=${1:-120}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(keyboard-layout restoration-archive word-list paste)
root=$PWD
(cd Fuzz && swift build -c release --scratch-path "$root/.build-fuzz" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | grep -vE "^\[|REENTRANT" | tail -3)
out=.build/fuzz
export LSAN_OPTIONS="suppressions=$root/Scripts/lsan-fuzz.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for target in "${targets[@]}"; do
    corpus="$out/corpus-$target" crashes="$out/$target"
    rm -rf "$crashes"
    mkdir -p "$corpus" "$crashes"
    case $target in
        keyboard-layout)
            for f in Assets/Keyboards/languages/*.json; do { printf '\001'; cat "$f"; } >"$corpus/lang-$(basename "$f")"; done
            for f in Assets/Keyboards/types/*.json; do { printf '\000'; cat "$f"; } >"$corpus/type-$(basename "$f")"; done ;;
        restoration-archive)
            printf '{"version":1,"views":{"notes":{"location":3,"length":2,"isEditable":true}}}' >"$corpus/valid.json"
            printf '{"version":1,"views":{"notes":{"location":2,"length":9223372036854775807,"isEditable":false}}}' >"$corpus/huge.json" ;;
        word-list) head -300 Assets/Words/en.txt >"$corpus/en-head.txt" ;;
        paste)
            printf 'hello\nworld' >"$corpus/lines.txt"
            printf 'e\xcc\x81\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd \xe2\x80\xa8 \xe2\x80\xa9 \r\n\xff' >"$corpus/mixed.txt" ;;
    esac
    echo "fuzz.sh: $target for ${seconds}s"
    ".build-fuzz/release/fuzz-$target" -max_total_time="$seconds" -max_len=4096 -artifact_prefix="$crashes/" \
        -print_final_stats=1 "$corpus" 2>&1 | grep -E "^#[0-9]+.*DONE|stat::number_of_executed_runs|stat::peak_rss|ERROR|SUMMARY|crash-|Test unit written" || true
    if [ -n "$(find "$crashes" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \))" ]; then
        echo "fuzz.sh: $target FAILED: $(ls "$crashes")"
        exit 1
    fi
done
echo "fuzz.sh: no crashes"
