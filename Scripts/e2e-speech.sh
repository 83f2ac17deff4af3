#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Spoken mode end to end (issue 40): the kiosk in Xvfb with SDL's disk audio driver recording what
# it says. A guest turns spoken mode on with the speech key (the three-finger shortcut is the same
# toggle: xdotool cannot touch), moves to the PIN with Return, types 1234 and a refused fifth digit,
# and waits for the idle warning. Scripts/e2e_speech.py cuts the recording into utterances and
# recognises each against espeak-ng's renderings of the phrases: four "dot"s and never a digit,
# "not allowed", the warning, and "Spoken mode on". With a language (`e2e-speech.sh BIN de`) the
# kiosk runs in it (--languages de,en) and every phrase must be heard in that language's words and
# voice, nearer than the English one (Caret's words in the guest's language). Logs and the
# recording in .build/e2e-speech[-LANG].
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool espeak-ng
python3 -c "import numpy" 2>/dev/null || python3 -m pip install -q numpy
bin=$(realpath "${1:-.build/debug}")
language=${2:-en}
out=$(realpath -m .build/e2e-speech$([ "$language" = en ] || echo "-$language"))
rm -rf "$out"; mkdir -p "$out"
source Scripts/wait.sh
display=$(free_display)
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
kiosk=
cleanup() { for p in $kiosk $xvfb; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
sleep 0.5
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$out/speech.raw" "$bin/caret-kiosk" --windowed --size 1024x768 --screen form --languages "$language,en" \
    --speech-key f12 --idle-timeout 30 --trace >"$out/kiosk.txt" 2>&1 &
kiosk=$!
wid=
for _ in $(seq 100); do wid=$(xdotool search --name "Caret kiosk" 2>/dev/null | head -1 || true); [ -n "$wid" ] && break; sleep 0.1; done
[ -n "$wid" ] || { echo "speech: FAILED: no kiosk window"; exit 1; }
sleep 1
xdotool windowfocus --sync "$wid" 2>/dev/null || true
t0=
mark() { local now; now=$(date +%s.%N); [ -z "$t0" ] && t0=$now; echo "$(echo "$now - $t0" | bc) $1" >>"$out/times"; }
mark on; xdotool key F12
sleep 9
for _ in 1 2 3; do xdotool key Return; sleep 2.5; done  # booking code, name, email: to the PIN
for digit in 1 2 3 4 5; do mark "digit$digit"; xdotool key "$digit"; sleep 1.3; done
# The idle warning comes 20 s before the 30 s timeout: 10 s after the last key.
sleep 8.7; mark warning; sleep 4
kill "$kiosk" 2>/dev/null || true; wait "$kiosk" 2>/dev/null || true; kiosk=
grep -q "shouldChangeCharacters pin 3,0" "$out/kiosk.txt" || { echo "speech: FAILED: the PIN did not take four digits"; exit 1; }
python3 Scripts/e2e_speech.py "$out/speech.raw" "$out/times" "$language"
