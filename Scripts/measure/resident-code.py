#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which code of a running program is resident, by the module its functions come from.

    Scripts/measure/resident-code.py PID [BINARY]

Reads the program's executable mappings of BINARY (default: the one /proc/PID/exe names) from
/proc/PID/maps, which of their pages are in memory from /proc/PID/pagemap (the owner or root may
read whether a page is present), and gives each resident page to the module whose functions
cover most of it (the binary's symbols, `nm`): a Swift module by its mangled name, the standard
library (with the specialisations of its generic types), the Swift runtime and GCC's C++ library
(C++ names), and C. Prints MiB per module and in all. A statically linked Swift app's code is
resident in 64 KiB windows (the kernel maps the pages around each one it faults in, when they are
cached), so the figure is usually several times the size of the functions that ran.
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
        return "Swift runtime and C++"
    return "C"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pid = sys.argv[1]
    binary = os.path.realpath(sys.argv[2] if len(sys.argv) > 2 else f"/proc/{pid}/exe")
    mappings = []
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and os.path.realpath(fields[5].strip()) == binary:
            start, end = (int(x, 16) for x in fields[0].split("-"))
            mappings.append((start, end, int(fields[2], 16), fields[1]))
    if not mappings:
        sys.exit(f"resident-code: {binary} is not mapped by process {pid}")
    # The load address: the first mapping's address less its file offset.
    base = mappings[0][0] - mappings[0][2]
    symbols = []
    listing = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
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
