#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Frame, launch and memory figures in real windows, each against a floor measured in
# the same run: Xvfb at 1280×800 (OpenGL is Mesa's llvmpipe, so Caret's automatic renderer is
# SDL's software one, and the bare window's floor for launch and memory draws the same way), vsync
# off, the GPU finished after each frame. Builds the demo, the kiosk and README's app as they ship (README's
# "Ship it" command: release, Swift's and GCC's C++ runtimes linked statically, lld with the startup order),
# README's app also as a plain `swift build -c release --static-swift-stdlib`, and a bare C SDL2
# window.
#
#   Scripts/measure.sh            about 3 minutes after a first build of about 10; writes
#                                 docs/performance.md from its output (Scripts/performance_doc.py)
#   LVGL_SOURCE=DIR Scripts/measure.sh   also LVGL 9's hello and form built from DIR, side by side
#
# Prints: the bare window's launch and peak memory (clearing only, and drawing a texture as any
# text-drawing app must), caret-demo --measure-launch (median of 5), and caret-demo --measure on
# the OpenGL and the software renderer (frames, keystrokes, and a tap on the on-screen keyboard to
# its presented frame with autocorrection on and off beside a hardware keystroke into the same
# field). Not part of the test command: shared machines are noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh @libraries xvfb xauth gcc time
build=.build-measure
# "As it ships": README's "Ship it" command (lld, packed relocations, no exported symbols, the
# startup order, GCC's C++ library linked in), word for word but for where Caret's checkout is
# (the order file's and the C++ library's folder); README's app also plainly.
ship=$(awk '$0 == "<!-- adopt: ship -->" { on = 1; next } on && /^```/ { if (inside) exit; inside = 1; next } inside { print }' README.md \
    | sed "s|\.build/checkouts/caret/|$PWD/|g")
[ -n "$ship" ] || { echo "measure: README.md has no \"Ship it\" command"; exit 1; }
for product in caret-demo caret-kiosk caret-hello; do
    eval "$ship --product $product --scratch-path $build" >"$build.log" 2>&1 \
        || { tail -20 "$build.log"; echo "measure: the build of $product failed"; exit 1; }
done
swift build -c release --static-swift-stdlib --product caret-hello --scratch-path "$build-plain" >"$build.log" 2>&1 \
    || { tail -20 "$build.log"; echo "measure: the plain build of caret-hello failed"; exit 1; }
demo=$build/release/caret-demo
mkdir -p "$build"
cc -O2 -o "$build/bare-sdl-window" Scripts/measure/bare-sdl-window.c $(pkg-config --cflags --libs sdl2)
# LVGL's counterparts of the hello app and the ten-field form (Scripts/measure/lvgl-app.c), where
# $LVGL_SOURCE names LVGL 9's sources (its src and include folders), built -O2 as bare-sdl-window.
lvgl=""
if [ -n "${LVGL_SOURCE:-}" ]; then
    [ -d "$LVGL_SOURCE/src" ] && [ -f "$LVGL_SOURCE/include/lvgl/lv_version.h" ] \
        || { echo "measure: LVGL_SOURCE=$LVGL_SOURCE holds no LVGL 9 sources (src, include/lvgl/lv_version.h)"; exit 1; }
    mkdir -p "$build/lvgl"
    # An array, so that a folder name with spaces stays one argument.
    read -ra sdl_cflags <<<"$(pkg-config --cflags sdl2)"
    flags=(-O2 -DLV_CONF_INCLUDE_SIMPLE -IScripts/measure "-I$LVGL_SOURCE" "-I$LVGL_SOURCE/include" "${sdl_cflags[@]}")
    # Its sources compiled as many at a time as there are cores.
    jobs_running=0 objects=()
    while IFS= read -r -d '' source; do
        object=$build/lvgl/${#objects[@]}.o
        objects+=("$object")
        cc "${flags[@]}" -c "$source" -o "$object" &
        jobs_running=$((jobs_running + 1))
        if [ "$jobs_running" -ge "$(nproc)" ]; then
            wait -n || { echo "measure: LVGL did not build"; exit 1; }
            jobs_running=$((jobs_running - 1))
        fi
    done < <(find "$LVGL_SOURCE/src" -name '*.c' -print0 | sort -z)
    while [ "$jobs_running" -gt 0 ]; do
        wait -n || { echo "measure: LVGL did not build"; exit 1; }
        jobs_running=$((jobs_running - 1))
    done
    read -ra sdl_libs <<<"$(pkg-config --libs sdl2)"
    cc "${flags[@]}" -o "$build/lvgl-app" Scripts/measure/lvgl-app.c "${objects[@]}" "${sdl_libs[@]}" -lm
    lvgl=$build/lvgl-app
fi
# The machine's state beside its figures: a busy machine slows every figure, the floor too.
echo "machine: $(nproc) cores, $(sed -nE 's/^model name\s*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg) before the run" \
    | tee "$build/machine.txt"
# The apps run as a user who is not root (nobody, with a home of its own, where this runs as
# root), all with one compose cache (XCOMPOSECACHE), written once before the figures: SDL's start
# opens X's input method, which parses the locale's compose table unless libX11 finds it cached,
# and it caches only for a user who is not root, in a folder it is given. Caret names a folder of
# its own where none is set (docs/kiosk.md) and LVGL and a bare SDL window name none; given one
# for all, the launches compare the toolkits, not that parse (about 8 ms here). The X server
# takes any local client (-ac), so that user needs no key of root's.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -m 700 "$home/xcompose"
as_user=(/usr/bin/env "XCOMPOSECACHE=$home/xcompose")
if [ "$(id -u)" -eq 0 ]; then
    chown -R 65534:65534 "$home"
    as_user=(/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/env "HOME=$home" "XDG_CACHE_HOME=$home/.cache"
        "XCOMPOSECACHE=$home/xcompose")
fi
# -noreset: an X server resets when its last client leaves, and refuses connections while it
# does; a launch that came then found no display, and with CARET_FIRST_FRAME SDL drew it with its
# offscreen driver through Mesa's EGL (63 MiB more, and slower): back to back, as here, some did.
xvfb-run -a -s "-ac -noreset -screen 0 1280x800x24" bash -c '
    set -euo pipefail
    demo=$1 bare=$2 hello=$3 kiosk=$4 plain=$5 lvgl=$6
    shift 6
    as_user=("$@")
    # Starts a program with $CARET_LAUNCH_T0 set just before exec (ns since the epoch), as the user above.
    launch() { python3 -c "import os, sys, time; os.environ[\"CARET_LAUNCH_T0\"] = str(time.time_ns()); os.execv(sys.argv[1], sys.argv[1:])" "${as_user[@]}" "$@"; }
    # Once before the figures: the compose cache written.
    CARET_FIRST_FRAME=1 launch "$hello" >/tmp/caret-warm-$$ 2>&1 \
        || { tail -3 /tmp/caret-warm-$$; echo "measure: README'"'"'s app did not start as $(launch /usr/bin/id -un)"; exit 1; }
    rm -f /tmp/caret-warm-$$
    echo "apps run as: $(launch /usr/bin/id -un), compose table cached for all: $(ls "$(launch /usr/bin/printenv XCOMPOSECACHE)" | wc -l) file"
    # (Of an even count, the mean of the two in the middle, to a tenth; of none, a failure, which ends the script.)
    median() {
        sort -n | awk "{ v[NR] = \$1 } END { if (!NR) exit 1; if (NR % 2) print v[(NR + 1) / 2]; else printf \"%.1f\\n\", (v[NR / 2] + v[NR / 2 + 1]) / 2 }"
    }
    for renderer in opengl software; do
        for kind in clear draws; do
            for _ in 1 2 3 4 5; do launch "$bare" "$renderer" "$kind"; done >/tmp/caret-bare-$$
            echo "bare SDL2 window, $renderer, $kind: first frame $(sed -nE "s/.*after ([0-9.]+) ms.*/\1/p" /tmp/caret-bare-$$ | median) ms, peak $(sed -nE "s/.*set ([0-9.]+) MiB.*/\1/p" /tmp/caret-bare-$$ | median) MiB (median of 5)"
        done
    done
    for _ in 1 2 3 4 5; do launch "$demo" --size 1280x800 --measure-launch; done >/tmp/caret-launch-$$
    tail -n +1 /tmp/caret-launch-$$ | head -9
    launch=$(sed -nE "s/.*launch to first frame: ([0-9.]+) ms/\1/p" /tmp/caret-launch-$$ | median)
    peak=$(sed -nE "s/.*peak resident set: ([0-9.]+) MiB.*/\1/p" /tmp/caret-launch-$$ | median)
    echo "caret-demo, ten-field form: launch to first frame $launch ms, peak $peak MiB (median of 5)"
    # Beside the targets README.md states.
    verdict() { awk -v v="$1" -v t="$2" "BEGIN { print (v <= t) ? \"met\" : \"MISSED\" }"; }
    echo "  launch to first frame: $launch ms; target ≤ 120 ms: $(verdict "$launch" 120)"
    echo "  peak resident set of that launch: $peak MiB; target ≤ 105 MiB: $(verdict "$peak" 105)"
    rm -f /tmp/caret-bare-$$ /tmp/caret-launch-$$
    # What an app pays for what it adds: README'"'"'s first app (Caret and CaretSDL, no
    # engine, 480×640), the kiosk with English only and the full demo (every engine), each started
    # with CARET_FIRST_FRAME=1 (first frame, peak resident set, libraries mapped, then quit),
    # against the bare window drawing at the same size; libraries linked as ldd lists them.
    first_frames() {  # LABEL BARE_W BARE_H COMMAND...
        local label=$1 w=$2 h=$3; shift 3
        # Taken in turns, so that a drift in the load of the machine falls on both alike.
        : >/tmp/caret-bare-$$; : >/tmp/caret-app-$$
        for _ in 1 2 3 4 5 6 7; do
            # /usr/bin/time: the peak resident set over the whole run, quitting included.
            launch /usr/bin/time -f "whole-life peak %M KiB" "$bare" software draws "$w" "$h" >>/tmp/caret-bare-$$ 2>&1
            CARET_FIRST_FRAME=1 launch /usr/bin/time -f "whole-life peak %M KiB" "$@" 2>&1 >/dev/null \
                | grep -E "first frame after|whole-life peak|by mapping" >>/tmp/caret-app-$$
        done
        bw=$(sed -nE "s/.*whole-life peak ([0-9]+) KiB.*/\1/p" /tmp/caret-bare-$$ | median)
        aw=$(sed -nE "s/.*whole-life peak ([0-9]+) KiB.*/\1/p" /tmp/caret-app-$$ | median)
        bl=$(sed -nE "s/.*after ([0-9.]+) ms.*/\1/p" /tmp/caret-bare-$$ | median)
        bp=$(sed -nE "s/.*set ([0-9.]+) MiB.*/\1/p" /tmp/caret-bare-$$ | median)
        bn=$(sed -nE "s/.* ([0-9]+) shared libraries.*/\1/p" /tmp/caret-bare-$$ | median)
        al=$(sed -nE "s/.*after ([0-9.]+) ms.*/\1/p" /tmp/caret-app-$$ | median)
        ap=$(sed -nE "s/.*set ([0-9.]+) MiB.*/\1/p" /tmp/caret-app-$$ | median)
        an=$(sed -nE "s/.* ([0-9]+) shared libraries.*/\1/p" /tmp/caret-app-$$ | median)
        echo "$label: first frame $al ms ($(awk -v a="$al" -v b="$bl" "BEGIN { printf \"%.2f\", a / b }")× the bare window'"'"'s $bl ms at ${w}x$h), peak $ap MiB (+$(awk -v a="$ap" -v b="$bp" "BEGIN { printf \"%.1f\", a - b }") MiB over $bp), $an libraries mapped (bare: $bn), $(ldd "$1" | wc -l) linked (medians of 7, in turns with the bare window); engine libraries mapped: $(sed -nE "s/.*engine libraries ([^,]+),.*/\1/p" /tmp/caret-app-$$ | tail -1); whole-life peak $(awk -v a="$aw" "BEGIN { printf \"%.1f\", a / 1024 }") MiB (+$(awk -v a="$aw" -v b="$bw" "BEGIN { printf \"%.1f\", (a - b) / 1024 }") MiB over the bare window'"'"'s $(awk -v b="$bw" "BEGIN { printf \"%.1f\", b / 1024 }"))"
        # (Caret apps print where their memory is, LVGL apps and the bare window do not.)
        mapping=$(sed -nE "s/.*by mapping \(MiB\): //p" /tmp/caret-app-$$ | tail -1)
        if [ -n "$mapping" ]; then echo "  $label, resident at the first frame by mapping (MiB, last run): $mapping"; fi
        rm -f /tmp/caret-bare-$$ /tmp/caret-app-$$
    }
    first_frames "caret-hello, plain release build (no engine)" 480 640 "$plain"
    first_frames "caret-hello, shipped (no engine)" 480 640 "$hello"
    echo "  targets: launch ≤ 1.3× the bare window: $(verdict "$al" "$(awk -v b="$bl" "BEGIN { print 1.3 * b }")"), peak ≤ bare + 15 MiB: $(verdict "$ap" "$(awk -v b="$bp" "BEGIN { print b + 15 }")"), no engine library: $(Scripts/check-linkage.sh "$hello" >/dev/null && echo met || echo MISSED)"
    hello_launch=$al hello_peak=$ap hello_bare_peak=$bp hello_whole=$aw hello_bare_whole=$bw
    if [ -n "$lvgl" ]; then
        version=$("$lvgl" --version)
        first_frames "$version, hello (one field, 480×640)" 480 640 "$lvgl" hello
        lvgl_launch=$al
        first_frames "$version, ten-field form" 1280 800 "$lvgl" form
        lvgl_form_peak=$ap
        echo "against $version, same run (its apps: Scripts/measure/lvgl-app.c, SDL'"'"'s software renderer):"
        # The launch target is judged on the two apps started in turns with each other (12 rounds),
        # so that a drift in the machine'"'"'s load falls on both: the figures above were each taken in
        # turns with the bare window, in blocks a minute apart, and LVGL'"'"'s median moved by a fifth
        # between two runs of this script on the same binaries. Each goes first in half the rounds:
        # a launch right after the other app left may find the X server, or the page cache, busier.
        : >/tmp/caret-turns-$$; : >/tmp/lvgl-turns-$$
        caret_turn() { CARET_FIRST_FRAME=1 launch "$hello" 2>&1 >/dev/null | grep "first frame after" >>/tmp/caret-turns-$$; }
        lvgl_turn() { CARET_FIRST_FRAME=1 launch "$lvgl" hello 2>&1 >/dev/null | grep "first frame after" >>/tmp/lvgl-turns-$$; }
        for round in 1 2 3 4 5 6 7 8 9 10 11 12; do
            # (Each its own command: a turn that prints no line ends the script, as `set -e` says.)
            if [ $((round % 2)) -eq 1 ]; then
                caret_turn
                lvgl_turn
            else
                lvgl_turn
                caret_turn
            fi
        done
        turns_hello=$(sed -nE "s/.*after ([0-9.]+) ms.*/\1/p" /tmp/caret-turns-$$ | median)
        turns_lvgl=$(sed -nE "s/.*after ([0-9.]+) ms.*/\1/p" /tmp/lvgl-turns-$$ | median)
        rm -f /tmp/caret-turns-$$ /tmp/lvgl-turns-$$
        echo "  caret-hello, shipped: launch $turns_hello ms against LVGL'"'"'s $turns_lvgl ms, the two started in turns, each going first in half the rounds, medians of 12 ($(awk -v a="$turns_hello" -v b="$turns_lvgl" "BEGIN { printf \"%.2f\", a / b }")×; in the blocks above $hello_launch and $lvgl_launch ms); target ≤ 0.9× LVGL'"'"'s: $(verdict "$turns_hello" "$(awk -v b="$turns_lvgl" "BEGIN { print 0.9 * b }")")"
        echo "  caret-hello, shipped: whole-life peak +$(awk -v a="$hello_whole" -v b="$hello_bare_whole" "BEGIN { printf \"%.1f\", (a - b) / 1024 }") MiB over the bare window; target ≤ +6 MiB: $(verdict "$hello_whole" "$(awk -v b="$hello_bare_whole" "BEGIN { print b + 6 * 1024 }")")"
        echo "  ten-field form (caret-demo --measure-launch): peak $peak MiB against LVGL'"'"'s $lvgl_form_peak MiB; target ≤ LVGL'"'"'s: $(verdict "$peak" "$lvgl_form_peak")"
    else
        echo "against LVGL: not measured (set LVGL_SOURCE to LVGL 9'"'"'s sources)"
    fi
    # The kiosk offers every engine (linked, none opened until its language is chosen), started in English.
    first_frames "caret-kiosk --languages en (every engine offered)" 1280 800 "$kiosk" --windowed --size 1280x800 --languages en
    kiosk_launch=$al kiosk_peak=$ap kiosk_bare_peak=$bp
    # And at the app'"'"'s size, so that what offering every engine costs is not the bigger window'"'"'s.
    first_frames "caret-kiosk --languages en (every engine offered) at the size of the hello app" 480 640 "$kiosk" --windowed --size 480x640 --languages en
    echo "against README'"'"'s app (caret-hello, shipped), same run (the kiosk offering every engine, started in English, in a window of the app'"'"'s size, 480×640):"
    echo "  caret-kiosk --languages en at 480×640: launch $al ms against caret-hello'"'"'s $hello_launch ms ($(awk -v a="$al" -v b="$hello_launch" "BEGIN { printf \"%.2f\", a / b }")×); target ≤ 1.1× caret-hello'"'"'s: $(verdict "$al" "$(awk -v b="$hello_launch" "BEGIN { print 1.1 * b }")")"
    echo "  caret-kiosk --languages en at 480×640: peak at the first frame $ap MiB against caret-hello'"'"'s $hello_peak MiB (+$(awk -v a="$ap" -v b="$hello_peak" "BEGIN { printf \"%.1f\", a - b }") MiB); target ≤ +3 MiB: $(verdict "$ap" "$(awk -v b="$hello_peak" "BEGIN { print b + 3 }")")"
    echo "  at 1280×800 the kiosk launched in $kiosk_launch ms ($(awk -v a="$kiosk_launch" -v b="$hello_launch" "BEGIN { printf \"%.2f\", a / b }")× caret-hello'"'"'s) with a peak of $kiosk_peak MiB at its first frame (+$(awk -v a="$kiosk_peak" -v b="$hello_peak" "BEGIN { printf \"%.1f\", a - b }") MiB over caret-hello'"'"'s; the bare windows of the two sizes differ by $(awk -v a="$kiosk_bare_peak" -v b="$hello_bare_peak" "BEGIN { printf \"%.1f\", a - b }") MiB)"
    first_frames "caret-kiosk --languages en,ja,zh-pinyin,ko,vi-telex, started in English" 1280 800 "$kiosk" --windowed --size 1280x800 --languages en,ja,zh-pinyin,ko,vi-telex
    first_frames "caret-kiosk --languages en,ja,zh-pinyin,ko,vi-telex at the size of the hello app" 480 640 "$kiosk" --windowed --size 480x640 --languages en,ja,zh-pinyin,ko,vi-telex
    for language in ko ja zh-pinyin vi-telex; do "$demo" --measure-first-use "$language"; done
    first_frames "caret-demo (every engine)" 1280 800 "$demo" --size 1280x800
    "$demo" --size 1280x800 --measure --renderer accelerated
    "$demo" --size 1280x800 --measure --renderer software
' measure "$demo" "$build/bare-sdl-window" "$build/release/caret-hello" "$build/release/caret-kiosk" "$build-plain/release/caret-hello" "$lvgl" \
    "${as_user[@]}" | tee "$build/measure-run.txt"
cat "$build/machine.txt" "$build/measure-run.txt" >"$build/measure.txt"
# docs/performance.md is this run's output set out as tables (never edited by hand).
python3 Scripts/performance_doc.py "$build/measure.txt" "$(git rev-parse --short HEAD)" >docs/performance.md
echo "measure: wrote docs/performance.md"
