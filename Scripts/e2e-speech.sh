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
wait_for 10 "the X server" -- xdotool getdisplaygeometry || { echo "speech: FAILED: Xvfb did not start"; exit 1; }
recording=$out/speech.raw
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$recording" "$bin/caret-kiosk" --windowed --size 1024x768 --screen form --languages "$language,en" \
    --speech-key f12 --idle-timeout 30 --trace >"$out/kiosk.txt" 2>&1 &
kiosk=$!
wid=$(wait_for_window "Caret kiosk" 20) || { echo "speech: FAILED: no kiosk window"; exit 1; }
wait_for_line "$out/kiosk.txt" "didBeginEditing" 20 || { cat "$out/kiosk.txt"; echo "speech: FAILED: the form's first field never took focus"; exit 1; }
xdotool windowfocus --sync "$wid" 2>/dev/null || true
t0=
# Each action's moment (seconds after the first) with the recording's size then. The recording
# starts with the first sound, some time after its key, and grows in real time: the moments
# against the sizes place the recording on the script's clock (Scripts/e2e_speech.py), so that
# "within a second of its key" is measured from the key.
mark() {
    local now size
    size=$(audio_size "$recording") now=$(date +%s.%N)
    [ -z "$t0" ] && t0=$now
    echo "$(echo "$now - $t0" | bc) $1 $size" >>"$out/times"
}
# A key, then what it makes the kiosk say until a pause (QUIET s without sound): a key pressed
# while the kiosk speaks cuts it off, as a guest's may. Then the recording's size, for its clock.
said() { wait_for_speech "$recording" "$1" "$2" 20 || { echo "speech: FAILED: nothing said after $3"; exit 1; }; mark clock; }
# The speech key: "Spoken mode on." heard to its end (the pause after its sentence), not the help after it.
size=$(audio_size "$recording"); mark on; xdotool key F12; said "$size" 0.2 "the speech key"
# Return to the name, the email and the PIN, each when the one before has focus; what the first two
# say is cut off by the next key (it is not what this checks).
for field in name email pin; do
    size=$(audio_size "$recording")
    xdotool key Return
    wait_for_line "$out/kiosk.txt" "didBeginEditing $field" 20 || { echo "speech: FAILED: Return did not reach the $field field"; exit 1; }
done
# The PIN field's description heard to its end, before its first digit.
said "$size" 1 "Return to the PIN field"
for digit in 1 2 3 4 5; do size=$(audio_size "$recording"); mark "digit$digit"; xdotool key "$digit"; said "$size" 0.3 "the digit $digit"; done
# The idle warning is due 20 s before the 30 s timeout: 10 s after the last key, where its mark goes.
echo "$(echo "$(awk '$2 == "digit5" { print $1 }' "$out/times") + 10" | bc) warning 0" >>"$out/times"
size=$(audio_size "$recording"); wait_for_speech "$recording" "$size" 1 30 || { echo "speech: FAILED: no idle warning"; exit 1; }
kill "$kiosk" 2>/dev/null || true; wait "$kiosk" 2>/dev/null || true; kiosk=
grep -q "shouldChangeCharacters pin 3,0" "$out/kiosk.txt" || { echo "speech: FAILED: the PIN did not take four digits"; exit 1; }
python3 Scripts/e2e_speech.py "$out/speech.raw" "$out/times" "$language"
