#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks a first frame saved by CARET_FIRST_FRAME=PATH.png (Scripts/e2e-adopt.sh): inside the
rectangle the app put its field in, a column of the caret's colour at least as tall as the text.

    first_frame_check.py FRAME.png X Y WIDTH HEIGHT RRGGBB MIN_RUN

Exit 0 when found; 1 saying what was seen. Reads the PNG with zlib alone (8-bit RGB or RGBA)."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"first-frame: {path} is no PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise SystemExit(f"first-frame: {path}: depth {depth}, colour type {colour} not read here")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def main():
    path, x, y, w, h, colour, min_run = sys.argv[1], *map(int, sys.argv[2:6]), sys.argv[6], int(sys.argv[7])
    want = tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))
    width, height, channels, rows = read_png(path)
    best = (0, None)
    for column in range(max(0, x), min(width, x + w)):
        run = 0
        for row in range(max(0, y), min(height, y + h)):
            pixel = rows[row][column * channels:column * channels + 3]
            run = run + 1 if all(abs(p - q) <= 8 for p, q in zip(pixel, want)) else 0
            if run > best[0]:
                best = (run, column)
    if best[0] >= min_run:
        print(f"first-frame: the caret ({colour}) is drawn in the field: {best[0]} px tall at x = {best[1]}")
        return 0
    print(f"first-frame: no caret in the field: the longest run of {colour} in {w}x{h}+{x}+{y} is {best[0]} px (need {min_run})")
    return 1


sys.exit(main())
