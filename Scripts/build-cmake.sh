#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The distribution build: CMake + Ninja builds the libraries and the demo, installs them into a
# staging prefix, and the installed demo draws a frame headless with the installed fonts.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh cmake ninja-build pkg-config @libraries git fonts-dejavu-core fonts-dejavu-extra
build=.build-cmake
mkdir -p "$build"
# As the Debian packages are built: installed under /usr, Swift's runtime linked into the
# executables, the DejaVu fonts linked to Debian's (the staging install below picks its own prefix).
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DCARET_STATIC_SWIFT_RUNTIME=ON \
    -DCARET_DEJAVU_FONT_DIR=/usr/share/fonts/truetype/dejavu \
    >"$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" 2>&1 | tail -3
rm -rf "$build/stage"
cmake --install "$build" --prefix "$PWD/$build/stage" >/dev/null
out=$(SDL_VIDEODRIVER=dummy "$build/stage/bin/caret-demo" --screenshot "$build/cmake-demo.png" --frames 2)
echo "$out"
# The installed demo must find the installed assets, not the source tree's.
echo "$out" | grep -q "assets $PWD/$build/stage/share/caret/Assets" || { echo "installed demo did not use the installed assets" >&2; exit 1; }
# Started by its name through PATH from another folder, as an installed app is, it finds them too.
out=$(cd / && PATH="$OLDPWD/$build/stage/bin:$PATH" SDL_VIDEODRIVER=dummy caret-demo --screenshot "$OLDPWD/$build/cmake-demo-path.png" --frames 2)
echo "$out" | grep -q "assets $PWD/$build/stage/share/caret/Assets" \
    || { echo "the installed demo started through PATH did not use the installed assets" >&2; exit 1; }
[ -s "$build/cmake-demo.png" ] || { echo "no screenshot from the CMake-built demo" >&2; exit 1; }
# The kiosk example too, turned for a portrait panel.
SDL_VIDEODRIVER=dummy CARET_ROTATION=90 "$build/stage/bin/caret-kiosk" --windowed --size 800x480 --screenshot "$build/cmake-kiosk.png" --frames 2
[ -s "$build/cmake-kiosk.png" ] || { echo "no screenshot from the CMake-built kiosk" >&2; exit 1; }
# A CMake project outside the repository builds README's app against the installed package.
Scripts/install-packages.sh xvfb xauth
Scripts/e2e-cmake-consumer.sh "$build/stage"
# The Debian packages of this build (cmake/Packaging.cmake), for Scripts/e2e-debian-packages.sh.
Scripts/install-packages.sh dpkg-dev file
rm -rf "$build/debs" && mkdir -p "$build/debs"
(cd "$build" && rm -f ./*.deb && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log"; exit 1; }
mv "$build"/*.deb "$build/debs/"
echo "cmake: packages $(cd "$build/debs" && ls | tr '\n' ' ')"
echo "cmake: built, installed and ran the demo from $build/stage"
