#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: unit tests, headless
# rendering with golden images, real SDL windows under Xvfb, and the demo driven by xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev pkg-config xvfb xauth xdotool imagemagick
swift build --build-tests
# The whole suite runs inside one Xvfb server, so the window tests get a real X11 window.
xvfb-run -a -s "-screen 0 1280x800x24" swift test --skip-build "$@"
Scripts/e2e-demo.sh
