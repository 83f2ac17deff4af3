#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which code of a running program is resident, by the module its functions come from.

    Scripts/measure/resident-code.py PID [SYMBOLS]

Reads the program's executable mappings from /proc/PID/maps (those of the file /proc/PID/exe
names), which of their pages are in memory from /proc/PID/pagemap (the owner or root may read
whether a page is present), and gives each resident page to the module whose functions cover
most of it: a Swift module by its mangled name, the standard library (with the specialisations
of its generic types), C++ names (Swift's runtime, GCC's C++ library, Foundation's ICU), and C.
The functions are the symbols `nm` lists in SYMBOLS: the binary itself (the default) or, for a
stripped one, the file its debug information was split into. Prints MiB per module and in all.
A statically linked Swift app's code is resident in 64 KiB windows (the kernel maps the cached
pages around each one it faults in), so the figure is usually several times the size of the
functions that ran.
"""
import bisect
import collections
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def module(name):
    """The module a symbol's code comes from, by its name."""
    if name.startswith(("$ss", "$sS")):
        return "Swift standard library"
    swift = re.match(r"\$s(\d+)", name)
    if swift:
        length = int(swift.group(1))
        start = swift.end()
        return name[start:start + length]
    if name.startswith("$s"):
        return "Swift (other)"
    if name.startswith("_Z") or name.startswith("swift_"):
        return "C++ (Swift's runtime, GCC's C++ library, ICU)"
    return "C"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pid = sys.argv[1]
    binary = os.path.realpath(f"/proc/{pid}/exe")
    symbol_file = sys.argv[2] if len(sys.argv) > 2 else binary
    mappings = []
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and os.path.realpath(fields[5].strip()) == binary:
            start, end = (int(x, 16) for x in fields[0].split("-"))
            mappings.append((start, end, int(fields[2], 16), fields[1]))
    if not mappings:
        sys.exit(f"resident-code: {binary} is not mapped by process {pid}")
    # Where the binary's addresses start in the process: nowhere else for an executable at a
    # fixed address (ELF type 2), else (position-independent, its first segment at address 0)
    # the first mapping's address less its file offset.
    with open(f"/proc/{pid}/exe", "rb") as header:
        elf = header.read(18)
    fixed = elf[:4] == b"\x7fELF" and struct.unpack("<H", elf[16:18])[0] == 2
    base = 0 if fixed else mappings[0][0] - mappings[0][2]
    symbols = []
    listing = subprocess.run(["nm", "-S", "--defined-only", symbol_file], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    if not symbols:
        sys.exit(f"resident-code: {symbol_file} lists no functions (stripped? name the file its debug information was split into)")
    symbols.sort()
    starts = [s[0] for s in symbols]
    resident = collections.Counter()
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, _, permissions in mappings:
            if "x" not in permissions:
                continue
            for page in range(start, end, PAGE):
                pagemap.seek(page // PAGE * 8)
                (entry,) = struct.unpack("Q", pagemap.read(8))
                if not entry >> 63 & 1:
                    continue
                low = page - base
                cover = collections.Counter()
                index = max(bisect.bisect_right(starts, low) - 1, 0)
                while index < len(symbols) and symbols[index][0] < low + PAGE:
                    address, size, name = symbols[index]
                    if address + size > low:
                        cover[module(name)] += min(address + size, low + PAGE) - max(address, low)
                    index += 1
                resident[cover.most_common(1)[0][0] if cover else "no symbol"] += PAGE
    for name, size in resident.most_common():
        print(f"{size / 1048576:6.2f} MiB  {name}")
    print(f"{sum(resident.values()) / 1048576:6.2f} MiB  in all ({binary})")


if __name__ == "__main__":
    main()
