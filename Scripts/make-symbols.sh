#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Renders the symbols `Image(systemName:)` knows into Assets/Symbols as 8-bit PGM alpha masks
# (72x72: 24 points at 3x), from Google's Material Icons font (Apache-2.0) as Debian packages it
# (fonts-material-design-icons-iconfont). Needs ImageMagick. Run from the repository's root.
set -eu
font=${SYMBOL_FONT:-/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf}
if [ ! -f "$font" ]; then
    work=$(mktemp -d)
    (cd "$work" && apt-get download fonts-material-design-icons-iconfont >/dev/null && dpkg-deb -x ./*.deb root)
    font="$work/root$font"
fi
out=Assets/Symbols
mkdir -p "$out"
# SF Symbols name -> Material Icons code point (the same drawing, Material's shapes).
while read -r name point; do
    glyph=$(printf "\\u$point")
    convert -size 72x72 xc:black -font "$font" -pointsize 72 -fill white -gravity center \
        -annotate +0+0 "$glyph" -depth 8 "pgm:$out/$name.pgm"
done <<'LIST'
eye e8f4
eye.slash e8f5
xmark e5cd
xmark.circle.fill e5c9
magnifyingglass e8b6
chevron.left e5cb
chevron.right e5cc
chevron.up e5ce
chevron.down e5cf
checkmark e5ca
globe e894
delete.left e14a
keyboard.chevron.compact.down e31a
mic e029
person e7fd
lock e897
envelope e0be
phone e0cd
paperplane e163
calendar e935
plus e145
trash e872
star e838
heart e87d
house e88a
gearshape e8b8
square.and.pencil e3c9
square.and.arrow.up e6b8
arrowshape.turn.up.left e15e
camera e412
book e865
arrow.uturn.backward e166
arrow.uturn.forward e15a
arrow.clockwise e5d5
play e037
pause e034
backward e020
forward e01f
LIST
echo "wrote $(ls "$out"/*.pgm | wc -l) symbols to $out"
