#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when a binary links a library of an engine it did not add (issue 42): Korean, Japanese
# and Chinese composition (libhangul, anthy, librime and its Boost), spelling (Hunspell), the
# accessibility bus (ATK, at-spi2-atk, AT-SPI, GIO) and speech (espeak-ng); nor ICU, which Caret
# opens when text first needs segmenting or right-to-left ordering. ldd lists what the
# dynamic loader maps at start, dependencies of dependencies too. SDL2_image and its decoders
# (TIFF, WebP, JPEG) are never linked either: Caret opens SDL2_image on the first image.
#   Scripts/check-linkage.sh BINARY      exit 0 when none is linked, 1 naming those that are
set -euo pipefail
binary=${1:?usage: check-linkage.sh BINARY}
[ -x "$binary" ] || { echo "check-linkage: no binary at $binary"; exit 2; }
engines='lib(icuuc|icui18n|hangul|anthy|anthydic|rime|boost_[a-z_]+|hunspell[-0-9.]*|atk-1\.0|atk-bridge-2\.0|atspi|gio-2\.0|espeak-ng|SDL2_image-2\.0|tiff|webp)\.so'
libraries=$(ldd "$binary" | awk '{ print $1 }')
found=$(echo "$libraries" | grep -E "^$engines" || true)
if [ -n "$found" ]; then
    echo "check-linkage: $(basename "$binary") links engine libraries it should not: $(echo $found)"
    exit 1
fi
echo "check-linkage: $(basename "$binary") links no engine library ($(echo "$libraries" | wc -l) libraries in all)"
