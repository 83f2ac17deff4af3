#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian packages given as arguments that are not installed yet (apt-get update
# first, one retry), using sudo when not root. Prints what it does; does nothing if all are there.
# "@libraries" stands for what building Caret needs: SDL, the text stack, D-Bus (IBus), the
# composition engines with their data (libhangul, librime with rime-data's Chinese schemas,
# anthy with its dictionary, libm17n with m17n-db's input methods), ATK and at-spi2-atk (the
# accessibility bridge), espeak-ng (speech; sox measures it in the tests), zinnia with the Tegaki
# models and the Hershey fonts (handwriting: recognition, templates), Hunspell with the
# dictionaries the tests check with, and the fonts the tests draw with. "@checks" stands for
# what the end-to-end checks of the test command use (X servers, xdotool, ImageMagick, D-Bus,
# AT-SPI, Orca and speech-dispatcher, IBus and Fcitx 5, sway, and what the Debian packages' and
# KMS checks build and boot with): installed before they start side by side, so that none
# installs while another runs. Concurrent calls take turns (a lock).
set -euo pipefail
libraries=(
    libsdl2-dev libsdl2-image-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libdbus-1-dev
    libhangul-dev librime-dev librime-bin rime-data-luna-pinyin rime-data-bopomofo rime-data-cangjie5 libanthy-dev anthy-common
    libm17n-dev m17n-db
    libatk1.0-dev libatk-bridge2.0-dev libglib2.0-dev libespeak-ng-dev espeak-ng-data sox
    libzinnia-dev tegaki-zinnia-japanese tegaki-zinnia-simplified-chinese hershey-fonts-data
    libhunspell-dev hunspell-en-us hunspell-de-de hunspell-fr hunspell-es hunspell-ru hunspell-he
    fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji pkg-config
)
checks=(
    xvfb xauth xdotool imagemagick x11-utils x11-xserver-utils bc python3-numpy gcc
    dbus dbus-x11 at-spi2-core python3-pyatspi orca speech-dispatcher speech-dispatcher-espeak-ng libao4 espeak-ng
    dconf-gsettings-backend dconf-service ibus ibus-hangul ibus-anthy ibus-libpinyin fcitx5 fcitx5-hangul
    sway grim wtype
    cmake ninja-build pkg-config git dpkg-dev file debootstrap lintian systemd qemu-system-x86 e2fsprogs socat
)
wanted=()
for package in "$@"; do
    case "$package" in
        @libraries) wanted+=("${libraries[@]}") ;;
        @checks) wanted+=("${checks[@]}") ;;
        *) wanted+=("$package") ;;
    esac
done
# One install at a time: a second caller waits, then finds what the first installed.
exec 9>"${TMPDIR:-/tmp}/caret-install-packages.lock"
flock 9
missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || { sleep 5; $sudo apt-get update -qq; $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
