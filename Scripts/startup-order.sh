#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes Scripts/link/startup.order: the functions a Caret app runs from launch to its first
# frame, for the linker to place side by side (README's "Ship it" build passes it to lld with
# --symbol-ordering-file). Unordered, those ~2,400 functions (1 MiB) lie in 8–9 MiB of a
# static build's 16 MiB of code, and the kernel maps each touched 64 KiB window whole. Ordered,
# Caret's own functions lie side by side; the standard library's and Foundation's move only by
# whole source files, so the app's resident code is about 5 MiB (the DocC shipping guide).
#
# The list is what valgrind's callgrind saw executed in the release builds of README's app
# (Examples/Hello) and the English kiosk, each run to its first frame under Xvfb: functions of
# Caret, the Swift runtime, the standard library and Foundation, by their mangled names. A name
# an app's build lacks is skipped by the linker, so the list needs regenerating only when the
# startup path changes much (a new toolchain, a new first-frame path).
#   Scripts/startup-order.sh        about 3 minutes after the release builds
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries valgrind xvfb xauth
build=.build-order  # its own: measure.sh builds .build-measure with other link options
for product in caret-hello caret-kiosk; do
    swift build -c release --static-swift-stdlib --product "$product" --scratch-path "$build" >"$build.log" 2>&1 \
        || { tail -20 "$build.log"; echo "startup-order: the build of $product failed"; exit 1; }
done
work=$(mktemp -d /tmp/caret-order.XXXXXX)
trap 'rm -rf "$work"' EXIT
run() {  # NAME BINARY ARGS...: the mangled names of the binary's functions run before the first frame
    local name=$1 binary=$work/$1; shift
    # Without its DWARF (valgrind gives up on the static Swift runtime's): symbols are enough.
    objcopy --strip-debug "$1" "$binary"; shift
    CARET_FIRST_FRAME=1 xvfb-run -a -s "-screen 0 1280x800x24" valgrind --tool=callgrind --demangle=no \
        --compress-strings=no --callgrind-out-file="$work/$name.out" "$binary" "$@" >"$work/$name.log" 2>&1 \
        || { tail -5 "$work/$name.log" >&2; echo "startup-order: $name did not reach its first frame" >&2; exit 1; }
    # fn= lines name a function of the object set by the last ob= line; keep the binary's own,
    # in the order callgrind first met them, and only names the binary defines.
    nm --defined-only "$binary" | awk '{ print $3 }' | sort -u >"$work/$name.defined"
    awk -v object="$binary" '/^ob=/ { current = substr($0, 4) } /^fn=/ && current == object { print substr($0, 4) }' \
        "$work/$name.out" | awk '!seen[$0]++' | grep -Fxf "$work/$name.defined"
}
{
    run hello "$build/release/caret-hello" || exit 1
    run kiosk "$build/release/caret-kiosk" --windowed --size 1280x800 --languages en || exit 1
} | awk '!seen[$0]++' >"$work/order"
count=$(wc -l <"$work/order")
[ "$count" -gt 500 ] || { echo "startup-order: only $count functions found; callgrind's output changed?"; exit 1; }
mkdir -p Scripts/link
mv "$work/order" Scripts/link/startup.order
echo "startup-order: Scripts/link/startup.order holds $count functions"
