#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Waiting on a condition instead of a fixed sleep, for the end-to-end scripts (sourced by them).
# Each wait polls every 0.05 s and returns as soon as its condition holds; on timeout it prints
# "<script>: timed out after N s waiting for <description>" to stderr and returns 1.
#   wait_for TIMEOUT DESCRIPTION -- COMMAND...    until COMMAND succeeds
#   wait_for_line FILE TEXT [TIMEOUT]             until FILE has a line holding TEXT (fixed string)
#   wait_for_count FILE TEXT N [TIMEOUT]          until FILE has N lines holding TEXT
#   count_lines FILE TEXT                         how many lines of FILE hold TEXT (0 if no file)
#   wait_for_window NAME [TIMEOUT]                until an X window of that name exists; prints its id
#   screen_digest GEOMETRY                        a digest of what the screen shows at GEOMETRY (WxH+X+Y)
#   wait_for_screen_change DIGEST GEOMETRY [TIMEOUT]
#                                                 until the screen's GEOMETRY no longer has that digest
#   wait_for_screen DIGEST GEOMETRY [TIMEOUT]     until it has that digest (again)
#   wait_for_screen_still GEOMETRY [TIMEOUT] [GAP]
#                                                 until two grabs of GEOMETRY GAP s (0.1) apart are the same
#   screen_pixel X Y                              the screen's pixel at X,Y as #RRGGBB
#   wait_for_pixel X Y COLOUR [TIMEOUT]           until that pixel is COLOUR
#   wait_for_pixel_not X Y COLOUR [TIMEOUT]       until it is another colour
#   audio_size FILE                               the size of a recording of SDL's disk audio driver
#   wait_for_speech FILE OFFSET [QUIET] [TIMEOUT] until it holds sound after byte OFFSET, then QUIET s (0.5) of quiet
#   wait_for_idle PID [TIMEOUT]                   until the process has used (almost) no processor time for 0.5 s
# Timeouts are in seconds (default 20): generous, since CI machines are loaded.

wait_script_name=${0##*/}

wait_for() {
    local timeout=$1 description=$2
    shift 2
    [ "${1:-}" = "--" ] && shift
    local deadline=$(( ${EPOCHREALTIME/./} + ${timeout%.*} * 1000000 ))
    while true; do
        "$@" >/dev/null 2>&1 && return 0
        if (( ${EPOCHREALTIME/./} >= deadline )); then
            echo "$wait_script_name: timed out after $timeout s waiting for $description" >&2
            return 1
        fi
        sleep 0.05
    done
}

count_lines() { local n; n=$(grep -cF -- "$2" "$1" 2>/dev/null) || true; echo "${n:-0}"; }

wait_line_present() { grep -qF -- "$2" "$1" 2>/dev/null; }
wait_for_line() { wait_for "${3:-20}" "\"$2\" in ${1##*/}" -- wait_line_present "$1" "$2"; }

wait_count_reached() { (( $(count_lines "$1" "$2") >= $3 )); }
wait_for_count() { wait_for "${4:-20}" "line $3 holding \"$2\" in ${1##*/}" -- wait_count_reached "$1" "$2" "$3"; }

wait_window_found() { xdotool search --name "$1" >/dev/null 2>&1; }
wait_for_window() {
    wait_for "${2:-20}" "a window named \"$1\"" -- wait_window_found "$1" || return 1
    # Its id, asked again until there is one: SDL may replace the window it first made (for
    # OpenGL), and a search between the two finds none (CI: "no kiosk window" once).
    local id
    for _ in $(seq 100); do
        id=$(xdotool search --name "$1" 2>/dev/null | head -1 || true)
        [ -n "$id" ] && { echo "$id"; return 0; }
        sleep 0.05
    done
    return 1
}

# A digest of what the screen shows at GEOMETRY (WxH+X+Y), to tell whether it changed.
screen_digest() { import -window root -crop "$1" +repage -depth 8 rgb:- 2>/dev/null | md5sum | cut -d' ' -f1; }
wait_screen_differs() { local now; now=$(screen_digest "$2"); [ -n "$now" ] && [ "$now" != "$1" ]; }
wait_for_screen_change() { wait_for "${3:-20}" "the screen at $2 to change" -- wait_screen_differs "$1" "$2"; }
wait_screen_is() { [ "$(screen_digest "$2")" = "$1" ]; }
wait_for_screen() { wait_for "${3:-20}" "the screen at $2 to show what it did before" -- wait_screen_is "$1" "$2"; }

# Two grabs of GEOMETRY GAP seconds apart are the same (what is drawn there has settled).
wait_screen_same_twice() {
    local first
    first=$(screen_digest "$1")
    sleep "${2:-0.1}"
    [ "$first" = "$(screen_digest "$1")" ]
}
wait_for_screen_still() { wait_for "${2:-20}" "the screen at $1 to settle" -- wait_screen_same_twice "$1" "${3:-0.1}"; }

# The colour of one pixel of the screen, as #RRGGBB.
screen_pixel() {
    import -window root -crop "1x1+$1+$2" -depth 8 txt:- 2>/dev/null | tail -1 | grep -o '#[0-9A-F]\{6\}' || true
}
wait_pixel_is() { [ "$(screen_pixel "$1" "$2")" = "$3" ]; }
wait_pixel_is_not() { local c; c=$(screen_pixel "$1" "$2"); [ -n "$c" ] && [ "$c" != "$3" ]; }
wait_for_pixel() { wait_for "${4:-20}" "the pixel at $1,$2 to be $3" -- wait_pixel_is "$@"; }
wait_for_pixel_not() { wait_for "${4:-20}" "the pixel at $1,$2 to be other than $3" -- wait_pixel_is_not "$@"; }

# A recording of SDL's disk audio driver (16-bit mono at 22050 Hz, written in real time): its size
# in bytes; whether it holds sound (a sample louder than 300) after byte OFFSET, in its last 2 s;
# and whether its last SECONDS are quiet.
audio_size() { stat -c %s "$1" 2>/dev/null || echo 0; }
audio_sound_after() {
    local from=$(($2 / 2 * 2)) size
    size=$(audio_size "$1")
    ((size > from)) || return 1
    # Only its last 2 s (polled every 0.05 s, a sound is seen long before it leaves them): read
    # whole from OFFSET, a wait of 10 s read 400 KB 20 times a second, half a core beside the app
    # whose timing is checked. Read by od and awk, not a Python started 20 times a second, which
    # delayed the kiosk's speech by 0.7 s. The verdict is what awk prints (when it stops early,
    # od's broken pipe fails the pipeline under pipefail).
    ((size - from > 88200)) && from=$((size - 88200))
    [ "$(tail -c +$((from + 1)) "$1" | od -An -v -td2 -w2 | awk '$1 > 300 || $1 < -300 { print "loud"; exit }')" = loud ]
}
audio_quiet_for() {
    local span
    span=$(awk -v seconds="$2" 'BEGIN { printf "%d", int(seconds * 22050) * 2 }')
    (($(audio_size "$1") >= span)) || return 1
    [ "$(tail -c "$span" "$1" | od -An -v -td2 -w2 | awk '$1 > 300 || $1 < -300 { loud = 1; exit } END { if (!loud) print "quiet" }')" = quiet ]
}
#   wait_for_speech FILE OFFSET [QUIET] [TIMEOUT]  until the recording FILE holds sound after byte
#                                                 OFFSET and then QUIET seconds (0.5) of quiet: said and done
wait_for_speech() {
    wait_for "${4:-20}" "speech in ${1##*/}" -- audio_sound_after "$1" "$2" \
        && wait_for "${4:-20}" "the speech in ${1##*/} to end" -- audio_quiet_for "$1" "${3:-0.5}"
}

# Processes at rest: together they used at most 1/100 s of processor time (user and system, all
# threads) over the same half second, as /proc/PID/stat counts it (in clock ticks of 1/100 s).
process_ticks() {
    local pid ticks=0 one
    for pid in "$@"; do
        one=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null) && [ -n "$one" ] || return 1
        ticks=$((ticks + one))
    done
    echo "$ticks"
}
process_idle() {
    local before after
    before=$(process_ticks "$@") || return 1
    sleep 0.5
    after=$(process_ticks "$@") || return 1
    [ -n "$before" ] && [ -n "$after" ] && (( after - before <= 1 ))
}
#   wait_for_idle PID [TIMEOUT]                   until the process is at rest (no work for half a second)
wait_for_idle() { wait_for "${2:-20}" "process $1 to be at rest" -- process_idle "$1"; }

# An X display number no server holds, for an Xvfb of the caller's own: the test command runs
# checks side by side, each with its own server. A random number from 200 to 999 whose lock
# and socket are absent (two checks choosing the same free number at the same moment is left
# to chance: one in eight hundred).
free_display() {
    local n
    for _ in $(seq 50); do
        n=$((200 + RANDOM % 800))
        [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || { echo ":$n"; return 0; }
    done
    echo ":$((200 + RANDOM % 800))"
}
