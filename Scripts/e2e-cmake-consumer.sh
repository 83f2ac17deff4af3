#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
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
Scripts/check-hello-app.sh "$work/build/hello" "$work" || fail "README's app did not draw its focused field, or links an engine"
echo "cmake-consumer: passed"
