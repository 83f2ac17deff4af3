#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a build of README's first app (Examples/Hello/main.swift) headless under Xvfb with
# CARET_FIRST_FRAME and checks what a person would see and what it links: exit 0, its text field
# focused, the caret drawn in the field's rectangle (Scripts/first_frame_check.py), and no engine
# library (Scripts/check-linkage.sh). Used by e2e-adopt.sh and e2e-cmake-consumer.sh.
#   Scripts/check-hello-app.sh BINARY WORKDIR      exit 0, or 1 saying what failed
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:?usage: check-hello-app.sh BINARY WORKDIR} work=${2:?usage: check-hello-app.sh BINARY WORKDIR}
status=0
CARET_FIRST_FRAME="$work/frame.png" timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$app" 2>"$work/run.log" || status=$?
cat "$work/run.log"
[ "$status" -eq 0 ] || { echo "check-hello-app: the app exited with $status"; exit 1; }
grep -q "first responder TextField" "$work/run.log" || { echo "check-hello-app: no focused text field in the first frame"; exit 1; }
# The field's frame in README's app, and the default tint (systemBlue, 0x0064D2) of its caret.
python3 Scripts/first_frame_check.py "$work/frame.png" 20 60 440 44 0064D2 16 || exit 1
Scripts/check-linkage.sh "$app"
