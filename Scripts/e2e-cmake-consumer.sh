#!/usr/bin/env bash
# A CMake project outside the repository finds an installed Caret with find_package(Caret) and
# builds README's first app (Examples/Hello/main.swift) against the installed libraries and Swift
# modules, then runs it headless: one frame with the field focused and its caret drawn, exit 0,
# and no engine library linked (issue 42).
#   Scripts/e2e-cmake-consumer.sh PREFIX     PREFIX: where `cmake --install` put Caret
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(cd "${1:?usage: e2e-cmake-consumer.sh PREFIX}" && pwd)
work=$(mktemp -d /tmp/caret-cmake-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "cmake-consumer: FAILED: $*"; exit 1; }
cp Examples/Hello/main.swift "$work/main.swift"
cat >"$work/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.24)
project(Hello LANGUAGES C Swift)
# Swift 6, as Caret is written: top-level code runs on the main actor.
add_compile_options("$<$<COMPILE_LANGUAGE:Swift>:-swift-version;6>")
find_package(Caret 0.1 REQUIRED)
add_executable(hello main.swift)
target_link_libraries(hello PRIVATE Caret::Caret Caret::CaretSDL)
CMAKE
cmake -S "$work" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1 \
    || { cat "$work/configure.log"; fail "find_package(Caret) failed"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "the app did not build"; }
grep -q "warning:" "$work/build.log" && { grep "warning:" "$work/build.log"; fail "the build warned"; }
status=0
CARET_FIRST_FRAME="$work/frame.png" timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$work/build/hello" 2>"$work/run.log" || status=$?
cat "$work/run.log"
[ "$status" -eq 0 ] || fail "the app exited with $status"
grep -q "first responder TextField" "$work/run.log" || fail "no focused text field in the first frame"
python3 Scripts/first_frame_check.py "$work/frame.png" 20 60 440 44 0064D2 16 || fail "no caret in the field"
Scripts/check-linkage.sh "$work/build/hello" || fail "the app links an engine it did not add"
echo "cmake-consumer: passed"
