#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Input methods end to end on X11: IBus with ibus-hangul, ibus-anthy and ibus-libpinyin, and
# Fcitx 5 with fcitx5-hangul (both through Caret's own D-Bus clients), all from Debian, each scenario in a D-Bus session of its own with
# Xvfb; keys typed through xdotool, the demo's traced delegate calls checked (Scripts/e2e_ime.py).
# Prints one line per scenario and ends with "N passed, M failed".
#   Scripts/e2e-ime.sh [scenario ...]
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh xvfb xauth xdotool dbus-x11 dconf-gsettings-backend dconf-service \
    ibus ibus-hangul ibus-anthy ibus-libpinyin fcitx5 fcitx5-hangul
swift build --product caret-demo 2>&1 | tail -1
export CARET_DEMO="$(swift build --show-bin-path)/caret-demo"
export E2E_OUT="$PWD/.build/e2e-ime"
mkdir -p "$E2E_OUT"
scenarios=("$@")
[ ${#scenarios[@]} -eq 0 ] && scenarios=(ibus-hangul-words ibus-hangul-default-settings ibus-hangul-shortcut ibus-hangul-focus-moves
    ibus-hangul-click ibus-hangul-password ibus-anthy-long-preedit ibus-libpinyin fcitx5-hangul-words fcitx5-hangul-key-ends
    fcitx5-hangul-shift fcitx5-hangul-fast fcitx5-hangul-password fcitx5-hangul-phone ibus-hangul-restart fcitx5-hangul-restart
    ibus-hangul-stall fcitx5-hangul-stall ibus-hangul-click-burst fcitx5-hangul-click-burst
    ibus-type-at-launch fcitx5-type-at-launch)
passed=0 failed=0
for scenario in "${scenarios[@]}"; do
    # Debian's python first: a pyenv python on PATH breaks ibus-anthy.
    if PATH="/usr/bin:/bin:$PATH" timeout 180 dbus-run-session -- /usr/bin/python3 Scripts/e2e_ime.py "$scenario" 2>"$E2E_OUT/$scenario.err"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        tail -5 "$E2E_OUT/$scenario.trace" 2>/dev/null | sed "s/^/  $scenario trace: /"
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
