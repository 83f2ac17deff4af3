# SPDX-License-Identifier: Apache-2.0
"""Whether a binary was linked with Scripts/link/startup.order (README's "Ship it"): lld lays the
listed functions out in the list's order, so with every function in a section of its own
(-function-sections) nearly all of Caret's listed functions lie after the one listed before them
(all of them for README's app). Without -function-sections a function sharing its source file's
section moves with it (65%); an unordered link follows the source files' order (about half).

    python3 Scripts/startup_order_check.py BINARY ORDER_FILE     exit 0, or 1 with the figures
"""
import subprocess
import sys

binary, order_file = sys.argv[1], sys.argv[2]
caret = ("$s5Caret", "$s8CaretSDL", "$s9CaretText")
order = [line.strip() for line in open(order_file) if line.strip().startswith(caret)]
address = {}
nm = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
for line in nm.stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        address[parts[2]] = int(parts[0], 16)
placed = [address[name] for name in order if name in address]
if len(placed) < 100:
    print(f"startup_order_check: only {len(placed)} of the order's {len(order)} functions of Caret are in {binary}")
    sys.exit(1)
rising = sum(1 for before, after in zip(placed, placed[1:]) if after > before) / (len(placed) - 1)
print(f"startup_order_check: {len(placed)} listed functions of Caret, {rising:.0%} placed after the one before")
sys.exit(0 if rising >= 0.9 else 1)
