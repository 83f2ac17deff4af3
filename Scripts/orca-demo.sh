#!/usr/bin/env bash
# Orca, Debian's screen reader, against the demo (issue 28): its own accessibility session
# (Scripts/a11y-session.sh), the demo in Xvfb, speech-dispatcher with its espeak-ng module
# (audio to libao's null device: there is no sound card) logging what it is asked to say, and
# Orca started as a desktop would. xdotool clicks the Email field and then the Name field, as a
# person would; what Orca said is read from speech-dispatcher's log (Orca's own debug log is
# kept beside it).
# Prints what was spoken, then "orca: passed" when focusing Name made Orca speak its label.
# Logs in .build/e2e-orca.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi orca \
    speech-dispatcher speech-dispatcher-espeak-ng libao4
bin=$(realpath "${1:-.build/debug}")
out=$(realpath -m .build/e2e-orca)
rm -rf "$out"; mkdir -p "$out/home/.config/speech-dispatcher" "$out/speechd" "$out/runtime"
chmod 700 "$out/runtime"
# speech-dispatcher for this session only: espeak-ng, everything logged, sound to nowhere.
cat >"$out/home/.config/speech-dispatcher/speechd.conf" <<CONF
LogLevel 5
LogDir "$out/speechd"
AudioOutputMethod "libao"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
DefaultLanguage "en"
CONF
echo "default_driver=null" >"$out/home/.libao"
export out bin HOME="$out/home" XDG_RUNTIME_DIR="$out/runtime" XDG_CONFIG_HOME="$out/home/.config"
exec Scripts/a11y-session.sh bash -c '
set -euo pipefail
display=:$((120 + RANDOM % 8))
Xvfb "$display" -screen 0 1280x800x24 2>/dev/null &
xvfb=$!
demo= orca=
cleanup() { for p in $orca $demo $xvfb; do kill "$p" 2>/dev/null || true; done; pkill -f "speech-dispatcher.*$out" 2>/dev/null || true; }
trap cleanup EXIT
fail() { echo "orca: FAILED: $*"; exit 1; }
export DISPLAY=$display CARET_ASSETS="$PWD/Assets" XDG_STATE_HOME="$out/state"
sleep 0.5
speech-dispatcher --spawn --config-dir "$HOME/.config/speech-dispatcher" --log-level 5 --log-dir "$out/speechd" >"$out/speechd.txt" 2>&1 || true
orca --replace --debug-file="$out/orca-debug.txt" >"$out/orca.txt" 2>&1 &
orca=$!
sleep 4
"$bin/caret-demo" --keyboard never >"$out/demo.txt" 2>&1 &
demo=$!
wid=
for _ in $(seq 100); do wid=$(xdotool search --name "Caret demo" 2>/dev/null | head -1 || true); [ -n "$wid" ] && break; sleep 0.1; done
[ -n "$wid" ] || fail "no demo window"
sleep 3
xdotool windowfocus --sync "$wid" 2>/dev/null || true
# Where the fields are, as the accessibility tree says (screen pixels).
centre() { /usr/bin/python3 - "$1" <<PY
import sys, time, pyatspi
for _ in range(50):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "Caret demo":
            stack = [app]
            while stack:
                node = stack.pop()
                if node.name == sys.argv[1] and node.getRoleName() == "entry":
                    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                    print(e.x + e.width // 2, e.y + e.height // 2); sys.exit(0)
                stack.extend(c for c in node if c is not None)
    time.sleep(0.2)
sys.exit(1)
PY
}
email=$(centre "Email address") || fail "no Email field in the tree"
name=$(centre "Name") || fail "no Name field in the tree"
xdotool mousemove --sync $email click 1
sleep 2
: >"$out/mark"
xdotool mousemove --sync $name click 1
sleep "${ORCA_WAIT:-5}"
# What Orca asked speech-dispatcher to say, in order, its SSML marks stripped.
said=$(grep -ahoE "Queueing message \|.*\|" "$out"/speechd/*.log 2>/dev/null | sed -E "s/^Queueing message \|//; s/\|$//; s/<[^>]*>//g" || true)
echo "$said" >"$out/spoken.txt"
echo "Orca said, through speech-dispatcher and espeak-ng:"; echo "${said:-nothing}" | sed "s/^/  /"
echo "$said" | grep -q "^Email address entry" || fail "focusing Email made Orca say nothing of its label"
echo "$said" | tail -1 | grep -q "^Name entry" || fail "focusing Name made Orca say nothing of its label"
echo "orca: passed"
'
