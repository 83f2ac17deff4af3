#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian packages, built and installed as an integrator would: CMake + CPack make
# caret-data, libcaret-dev, caret-kiosk and caret-engines (cmake/Packaging.cmake), lintian reads
# them, and they are installed with apt-get into a clean Debian 12 root made by debootstrap
# (a chroot, no container), where the installed kiosk runs headless:
#   1. caret-data and caret-kiosk alone (an English-only kiosk): none of the engines' libraries
#      comes with them; the kiosk writes a frame, and exits 0 on SIGTERM.
#   2. every package (apt-get install ./*.deb): a kiosk started in Japanese opens anthy from
#      Debian's package (its first frame lists the engine libraries mapped).
#   Scripts/e2e-debian-packages.sh [WORK [DEBS]]   WORK: where the build, the packages and the
#                          root go (default .build-deb); DEBS: a folder of packages already built
#                          (CI's: Scripts/build-cmake.sh makes them), else they are built here.
#                          About 8 minutes here when it builds, 3 when it does not
#   Scripts/e2e-debian-packages.sh --pristine-only [WORK]   only make the clean root each run
#                          copies (Scripts/prepare-roots.sh: before the packages are built)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "debian-packages: needs root (debootstrap, mount, chroot): run it with sudo"; exit 1; }
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
Scripts/install-packages.sh cmake ninja-build pkg-config @libraries git debootstrap lintian dpkg-dev file systemd
pristine_only=false
if [ "${1:-}" = --pristine-only ]; then
    pristine_only=true
    shift
fi
work=$(realpath -m "${1:-.build-deb}")
mirror=${CARET_DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=$work/root
mkdir -p "$work"
say() { echo "debian-packages: $*"; }

# A clean Debian 12 root (minbase): made once per work folder as root.pristine, and copied
# afresh for every run, so that nothing a run installed is there for the next. Mounts a killed
# run left under the root go first, and nothing is removed across a file system's edge.
unmount_under() { { findmnt -rn -o TARGET | grep -F "$1/" || true; } | sort -r | while read -r mount; do umount -l "$mount" || true; done; }
pristine=$work/root.pristine
make_pristine() {
    unmount_under "$work"
    # Marked complete once debootstrap ended well: a run stopped midway leaves a root to make again.
    if [ -f "$pristine/.caret-complete" ] && [ -x "$pristine/usr/bin/apt-get" ]; then
        $pristine_only && say "the clean root was made before"
        return 0
    fi
    rm -rf --one-file-system "$pristine"
    local start
    start=$(date +%s)
    debootstrap --variant=minbase bookworm "$pristine" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { sleep 5; rm -rf --one-file-system "$pristine"; debootstrap --variant=minbase bookworm "$pristine" "$mirror" >"$work/debootstrap.log" 2>&1; } \
        || { tail -20 "$work/debootstrap.log"; say "FAILED: debootstrap ($(df -Pm "$work" | awk 'NR == 2 { print $4 }') MiB free for the root)"; exit 1; }
    touch "$pristine/.caret-complete"
    say "debootstrap: a clean bookworm root in $(($(date +%s) - start)) s"
}
if $pristine_only; then
    make_pristine
    exit 0
fi

if [ -n "${2:-}" ]; then
    rm -rf "$work/debs" && mkdir -p "$work/debs" && cp "$2"/*.deb "$work/debs/"
    say "the packages of $2:"
else
    # The build, as the packages are made (prefix /usr, Swift's runtime in the executables).
    start=$(date +%s)
    cmake -S . -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DCARET_STATIC_SWIFT_RUNTIME=ON \
        -DCARET_DEJAVU_FONT_DIR=/usr/share/fonts/truetype/dejavu \
        >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
    cmake --build "$work/build" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
    rm -f "$work"/build/*.deb
    (cd "$work/build" && cpack -G DEB >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
    rm -rf "$work/debs" && mkdir -p "$work/debs" && mv "$work"/build/*.deb "$work/debs/"
    say "built in $(($(date +%s) - start)) s:"
fi
for deb in "$work"/debs/*.deb; do
    echo "  $(basename "$deb"): $(du -h "$deb" | cut -f1) ($(dpkg-deb -f "$deb" Installed-Size) KiB installed)"
    echo "    Depends: $(dpkg-deb -f "$deb" Depends)"
    recommends=$(dpkg-deb -f "$deb" Recommends) suggests=$(dpkg-deb -f "$deb" Suggests)
    [ -n "$recommends$suggests" ] && echo "    Recommends: ${recommends:-none}; Suggests: ${suggests:-none}"
done
for deb in "$work"/debs/*.deb; do dpkg -c "$deb" >"$work/$(basename "$deb" .deb).contents"; done
kiosk_deb=$(ls "$work"/debs/caret-kiosk_*.deb)
kiosk_files=$work/$(basename "$kiosk_deb" .deb).contents
say "caret-kiosk holds ($(basename "$kiosk_files") lists every file):"
awk '{ print $3, $6 }' "$kiosk_files" | grep -v '/$' | grep -v '/kiosk-strings/' | sed 's|^|    |'
echo "    and $(grep -c '/kiosk-strings/.' "$kiosk_files") files in /usr/share/caret/kiosk-strings (the kiosk's words per language)"
# A kiosk package must carry the kiosk, its units and its words, and no engine.
for path in ./usr/bin/caret-kiosk ./usr/lib/systemd/system/caret-kiosk.service ./usr/lib/systemd/system/caret-kiosk-cage.service \
    ./usr/share/man/man1/caret-kiosk.1.gz; do
    grep -q " $path\$" "$kiosk_files" || { say "FAILED: caret-kiosk lacks $path"; exit 1; }
done
if dpkg-deb -f "$kiosk_deb" Depends | grep -Eq 'libhangul|librime|libanthy|libm17n|libhunspell|libespeak|libzinnia'; then
    say "FAILED: caret-kiosk depends on an engine's library: $(dpkg-deb -f "$kiosk_deb" Depends)"
    exit 1
fi

# The manual page names every option the kiosk takes, and no other.
data_deb=$(ls "$work"/debs/caret-data_*.deb)
man_dir=$(mktemp -d)
dpkg-deb -x "$kiosk_deb" "$man_dir"
options=$(LD_LIBRARY_PATH= "$man_dir/usr/bin/caret-kiosk" --experimental-dump-help \
    | python3 -c 'import json, sys; print("\n".join(sorted({n["name"] for a in json.load(sys.stdin)["command"]["arguments"] for n in a.get("names", []) if n["kind"] == "long" and n["name"] != "experimental-dump-help"})))')
page=$(zcat "$man_dir/usr/share/man/man1/caret-kiosk.1.gz")
rm -rf "$man_dir"
[ -n "$options" ] || { say "FAILED: the kiosk did not list its options"; exit 1; }
# The synopsis (.Op) and the list of options (.It, "--a , --b" naming two) each name them all.
# (mdoc writes --name as "Fl -name", and a second name after ", " as "-name".)
synopsis=$(echo "$page" | grep -E '^\.Op Fl ' | grep -oE ' -[a-z0-9-]+' | sed 's/^ -//' | sort -u || true)
listed=$(echo "$page" | grep -E '^\.It Fl ' | grep -oE ' -[a-z0-9-]+' | sed 's/^ -//' | sort -u || true)
for part in synopsis listed; do
    [ "$options" = "${!part}" ] || { say "FAILED: the manual page's $part differs from the kiosk's options: $(diff <(echo "$options") <(echo "${!part}") | grep '^[<>]' | tr '\n' ' ')"; exit 1; }
done
say "the manual page names the kiosk's $(echo "$options" | wc -l) options"
# caret-data's DejaVu fonts are links to Debian's, which it depends on.
links=$(dpkg -c "$data_deb" | grep -c '^l.*/Assets/Fonts/DejaVu.* -> \.\./\.\./\.\./fonts/truetype/dejavu/' || true)
[ "$links" -gt 0 ] && dpkg-deb -f "$data_deb" Depends | grep -q fonts-dejavu-core \
    || { say "FAILED: caret-data's DejaVu fonts are not links to fonts-dejavu-core's ($links links)"; exit 1; }

# lintian: its findings listed (Caret's packages are built by CPack, not by Debian's tools), and
# none but those a package made outside Debian has (docs/kiosk.md): an initial upload closing no
# bug, the empty archive of CaretUIKit (typealiases only), and the placeholder maintainer.
lintian --no-tag-display-limit "$work"/debs/*.deb >"$work/lintian.txt" 2>&1 || true
say "lintian: $(grep -c '^E:' "$work/lintian.txt" || true) errors, $(grep -c '^W:' "$work/lintian.txt" || true) warnings"
sed 's/^/    /' "$work/lintian.txt"
unexpected=$(grep -E '^[EW]: ' "$work/lintian.txt" | grep -vE ' (initial-upload-closes-no-bugs|bogus-mail-host|bogus-mail-host-in-debian-changelog) | no-code-sections \[usr/lib/x86_64-linux-gnu/libCaretUIKit\.a\]' || true)
[ -z "$unexpected" ] || { say "FAILED: lintian found more than a package made outside Debian has:"; echo "$unexpected"; exit 1; }

make_pristine
rm -rf --one-file-system "$root"
cp -a "$pristine" "$root"
mounted=()
cleanup() {
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
for fs in proc sys dev; do
    mkdir -p "$root/$fs"
    mount --bind "/$fs" "$root/$fs"
    mounted+=("$root/$fs")
done
echo "deb $mirror bookworm main" >"$root/etc/apt/sources.list"
rm -rf "$root/debs" && cp -r "$work/debs" "$root/debs"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }
apt_install() {  # PATTERN... (globs under the root, as the root sees them)
    local paths=() pattern file
    for pattern in "$@"; do
        for file in "$root"$pattern; do paths+=("${file#"$root"}"); done
    done
    set -- "${paths[@]}"
    in_root apt-get install -y -q --no-install-recommends "$@" >"$work/apt.log" 2>&1 \
        || { sleep 5; in_root apt-get update -q >/dev/null 2>&1; in_root apt-get install -y -q --no-install-recommends "$@" >"$work/apt.log" 2>&1; } \
        || { tail -30 "$work/apt.log"; say "FAILED: apt-get install $*"; exit 1; }
}
in_root apt-get update -q >"$work/apt-update.log" 2>&1 || { sleep 5; in_root apt-get update -q >"$work/apt-update.log" 2>&1; }

# 1. The English-only kiosk: caret-data and caret-kiosk, with what apt resolves for them.
start=$(date +%s)
apt_install /debs/caret-data_*.deb /debs/caret-kiosk_*.deb
say "installed caret-data and caret-kiosk in $(($(date +%s) - start)) s: $(grep -Eo '[0-9]+ newly installed' "$work/apt.log")"
engines=$(in_root dpkg-query -W -f '${Package} ${Status}\n' 2>/dev/null | grep ' installed$' \
    | grep -E '^(libhangul|librime|libanthy|libm17n|libhunspell|libespeak-ng|libzinnia)' || true)
[ -z "$engines" ] || { say "FAILED: an English-only kiosk pulled engines: $engines"; exit 1; }
in_root getent passwd caret-kiosk >/dev/null || { say "FAILED: the package made no caret-kiosk user"; exit 1; }
rm -f "$root/tmp/kiosk.png"
# A screenshot is written with SDL2_image, which Caret opens only then (the kiosk suggests it):
# without it the kiosk says so and exits 1; with it, the picture is written.
status=0
in_root env SDL_VIDEODRIVER=dummy /usr/bin/caret-kiosk --windowed --size 800x480 --screen form --screenshot /tmp/kiosk.png --frames 2 \
    >"$work/kiosk-run.log" 2>&1 || status=$?
if [ "$status" -ne 1 ] || ! grep -q "caret-kiosk: no screenshot: " "$work/kiosk-run.log"; then
    cat "$work/kiosk-run.log"; say "FAILED: without SDL2_image the kiosk did not say why it wrote no screenshot (exit $status)"; exit 1
fi
say "without SDL2_image: $(grep "no screenshot" "$work/kiosk-run.log")"
apt_install libsdl2-image-2.0-0
in_root env SDL_VIDEODRIVER=dummy /usr/bin/caret-kiosk --windowed --size 800x480 --screen form --screenshot /tmp/kiosk.png --frames 2 \
    >"$work/kiosk-run.log" 2>&1 || { cat "$work/kiosk-run.log"; say "FAILED: the installed kiosk did not run"; exit 1; }
[ -s "$root/tmp/kiosk.png" ] || { cat "$work/kiosk-run.log"; say "FAILED: the installed kiosk wrote no frame"; exit 1; }
cp "$root/tmp/kiosk.png" "$work/kiosk-installed.png"
say "the installed kiosk wrote a frame ($(file -b "$work/kiosk-installed.png" | cut -d, -f2 | xargs)): $(head -1 "$work/kiosk-run.log")"
# SIGTERM: the kiosk stops at once and exits 0 (systemd's stop).
chroot "$root" env -i PATH=/usr/bin:/bin HOME=/tmp SDL_VIDEODRIVER=dummy /usr/bin/caret-kiosk --windowed --size 800x480 \
    >"$work/kiosk-term.log" 2>&1 &
kiosk=$!
for _ in $(seq 1 300); do grep -q "caret-kiosk: .*points" "$work/kiosk-term.log" && break; sleep 0.1; done
grep -q "caret-kiosk: .*points" "$work/kiosk-term.log" || { kill -9 $kiosk; cat "$work/kiosk-term.log"; say "FAILED: the kiosk never started"; exit 1; }
kill -TERM $kiosk
status=0
wait $kiosk || status=$?
[ "$status" -eq 0 ] || { cat "$work/kiosk-term.log"; say "FAILED: the kiosk exited $status on SIGTERM"; exit 1; }
say "the installed kiosk exited 0 on SIGTERM"
# caret-data's font links reach Debian's fonts in the installed root.
for font in "$root"/usr/share/caret/Assets/Fonts/DejaVu*.ttf; do
    [ -L "$font" ] && [ -s "$font" ] || { say "FAILED: ${font#"$root"} does not reach a font: $(readlink "$font")"; exit 1; }
done
# Its units as systemd reads them in the installed root (this minimal root has no systemd of its
# own, so its targets are missing, and no cage: those two findings are the root's, not the units').
units=(/usr/lib/systemd/system/caret-kiosk.service /usr/lib/systemd/system/caret-kiosk-cage.service)
verified=$(systemd-analyze verify --root="$root" "${units[@]}" 2>&1 \
    | grep -vE 'Unit sysinit\.target not found|/usr/bin/cage is not executable' || true)
[ -z "$verified" ] || { say "FAILED: systemd finds fault with the units: $verified"; exit 1; }
say "systemd reads both units without fault (caret-kiosk: $(grep -E '^(Type|WatchdogSec)=' "$root${units[0]}" | tr '\n' ' '))"

# 2. Every package; the engines are Debian's, opened by the kiosk when their language shows.
start=$(date +%s)
apt_install /debs/*.deb
say "installed every package in $(($(date +%s) - start)) s: $(grep -Eo '[0-9]+ newly installed' "$work/apt.log")"
line=$(in_root env SDL_VIDEODRIVER=dummy CARET_FIRST_FRAME=1 HOME=/tmp /usr/bin/caret-kiosk --windowed --size 800x480 --screen form \
    --languages ja,en 2>&1 | grep "caret: first frame" || true)
echo "$line" | grep -q "engine libraries libanthy" || { say "FAILED: the kiosk in Japanese did not open anthy: $line"; exit 1; }
say "the kiosk in Japanese: $line"
say "passed"
