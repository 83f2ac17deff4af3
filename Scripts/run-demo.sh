#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds the demo and runs it. Extra arguments go to the demo
# (--fullscreen, --size 1280x800, --scale 2, --renderer software, --screenshot PATH ...).
# With no display (no $DISPLAY or $WAYLAND_DISPLAY, and no --screenshot), it runs under Xvfb
# and writes demo.png instead, since there is nothing to show the window on.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries
swift build --product caret-demo
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${SDL_VIDEODRIVER:-}" ] && [[ " $* " != *" --screenshot "* ]]; then
    Scripts/install-packages.sh xvfb xauth
    echo "No display: running under Xvfb and writing demo.png"
    xvfb-run -a -s "-screen 0 1280x800x24" .build/debug/caret-demo --screenshot demo.png --frames 3 "$@"
    exit 0
fi
exec .build/debug/caret-demo "$@"
