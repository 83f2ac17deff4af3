#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the demo under valgrind's memcheck (SDL's dummy video driver, software renderer): the form
# with the keyboard up, the notes screen and the kiosk screen, 20 frames each. Reports every memory
# error (invalid reads and writes, uses of uninitialised values, bad frees) whose stack passes
# through Caret's code, and fails if there is one. Leak records are left to LeakSanitizer
# (Scripts/sanitize.sh): here they are the Swift runtime's metadata caches, held by interior pointers.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh valgrind @libraries
swift build --product caret-demo 2>&1 | tail -1
demo="$(swift build --show-bin-path)/caret-demo"
out=.build/valgrind
mkdir -p "$out"
status=0
for args in "--keyboard always --focus email" "--screen notes" "--screen kiosk --keyboard always --focus pin"; do
    name=$(echo "$args" | tr -c 'a-z\n' '-' | sed 's/-\+/-/g; s/^-//')
    # shellcheck disable=SC2086
    SDL_VIDEODRIVER=dummy valgrind --tool=memcheck --xml=yes --xml-file="$out/$name.xml" --error-limit=no \
        "$demo" $args --renderer software --size 800x600 --screenshot "$out/$name.png" --frames 20 >"$out/$name.log" 2>&1 || true
    errors=$(grep -c "<kind>" "$out/$name.xml" | head -1 || true)
    memory=$(grep "<kind>" "$out/$name.xml" | grep -vc "Leak_" || true)
    # An error counts as Caret's when a frame of its stack is in one of Caret's modules.
    caret=$(python3 - "$out/$name.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
count = 0
for error in ET.parse(sys.argv[1]).getroot().iter("error"):
    if (error.findtext("kind") or "").startswith("Leak_"):
        continue
    frames = [(f.findtext("fn") or "") for f in error.iter("frame")]
    if any(fn.startswith(("$s5Caret", "$s8CaretSDL", "$s12CaretDemoKit", "$s4Demo")) for fn in frames):
        count += 1
        print(error.findtext("kind"), error.findtext("what") or error.findtext("xwhat/text"), file=sys.stderr)
        for fn in frames[:8]:
            print("   ", fn, file=sys.stderr)
print(count)
PY
)
    echo "valgrind-demo.sh: $args: $memory memory errors in all ($errors records with leaks), $caret in Caret's code"
    [ "$caret" -eq 0 ] || status=1
done
exit $status
