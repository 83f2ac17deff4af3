#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# KMS/DRM smoke test (issue 16, item 5): boots a small Debian 12 under QEMU with a DRM display
# device (bochs, driven by the kernel's bochs DRM driver; Mesa's software rendering behind GBM
# and EGL), runs the kiosk example with SDL_VIDEODRIVER=kmsdrm (no X11, no Wayland), types into
# it through the QEMU monitor's sendkey, takes a screendump and compares it with the same kiosk
# typed into the same way under Xvfb on the host.
#
#   Scripts/kms-qemu.sh            build the image once (debootstrap, a few minutes), boot, check
#   Scripts/kms-qemu.sh --image-only   only make the image's root (Scripts/prepare-roots.sh)
#
# CI runs it after the Debian packages' check, beside the compiling checks (Scripts/run-tests.sh),
# on CI's own CMake build (CARET_CMAKE_STAGE); about 2 minutes here, 1.5 of them making the image.
# Each key is sent once the kiosk traced the one before, so a slower guest loses none. Uses
# QEMU's software emulation (CARET_QEMU_KVM=1 asks for KVM).
# Writes .build/kms/{screendump.png,reference.png,serial.log}; prints "kms: passed" or why not.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/wait.sh
Scripts/install-packages.sh qemu-system-x86 debootstrap e2fsprogs socat imagemagick cmake ninja-build xvfb xdotool
work=$(realpath -m .build/kms)
rootfs=$work/rootfs
mkdir -p "$work"
start=$SECONDS
image_only=false
[ "${1:-}" = --image-only ] && image_only=true

# 1. The kiosk, built for distribution (CMake, release), and the libraries it needs that a
#    Debian system does not have (Swift's runtime).
# CI's CMake build has made it already (CARET_CMAKE_STAGE: its staged install).
if $image_only; then
    : # the root alone, made before the kiosk is built
elif [ -n "${CARET_CMAKE_STAGE:-}" ]; then
    stage=$(realpath "$CARET_CMAKE_STAGE")
else
    Scripts/build-cmake.sh >/dev/null  # incremental: the image gets the current kiosk
    stage=$(realpath .build-cmake/stage)
fi
$image_only || [ -x "$stage/bin/caret-kiosk" ] || { echo "kms: FAILED: no kiosk in $stage"; exit 1; }

# 2. A minimal Debian with a kernel, SDL2, Mesa (GBM, EGL, software rasteriser), HarfBuzz,
#    FreeType, fontconfig, ICU and udev; made once.
packages=linux-image-amd64,kmod,udev,libsdl2-2.0-0,libsdl2-image-2.0-0,libgbm1,libegl1,libegl-mesa0,libgl1-mesa-dri,libgles2
packages+=,libharfbuzz0b,libfreetype6,libfontconfig1,libicu72,fonts-dejavu-core,fonts-dejavu-extra,libdrm2
# The keyboard's emoji key is drawn with the colour emoji font, as on the host.
packages+=,fonts-noto-color-emoji
# libdbus, which the kiosk links, and at-spi2-atk, which it opens for a screen reader (the
# engines' libraries are opened when a language needs them, and this English kiosk needs none).
packages+=,libdbus-1-3,libatk1.0-0,libatk-bridge2.0-0
# Made again when the list changes.
if [ "$(cat "$rootfs/.complete" 2>/dev/null)" != "$packages" ]; then
    # What a stopped debootstrap left mounted in it goes first; nothing across a file system's edge.
    { findmnt -rn -o TARGET | grep -F "$rootfs/" || true; } | sort -r | while read -r mount; do umount -l "$mount" || true; done
    rm -rf --one-file-system "$rootfs"
    echo "kms: debootstrap (once)…"
    debootstrap --variant=minbase --include="$packages" bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
        || { tail -20 "$work/debootstrap.log"; echo "kms: FAILED: debootstrap ($(df -Pm "$work" | awk 'NR == 2 { print $4 }') MiB free for the image)"; exit 1; }
    echo "$packages" >"$rootfs/.complete"
fi
echo "kms: image ready after $((SECONDS - start)) s"
$image_only && exit 0

# 3. The kiosk into the image, with Swift's libraries, and an init that starts it.
rm -rf "$rootfs/opt/caret"
mkdir -p "$rootfs/opt/caret/lib"
cp -a "$stage/." "$rootfs/opt/caret/"
ldd "$stage/bin/caret-kiosk" | awk '/=> \/opt\/swift|=> .*swift/ {print $3}' | while read -r lib; do cp -L "$lib" "$rootfs/opt/caret/lib/"; done
cat >"$rootfs/caret-init" <<'INIT'
#!/bin/sh
# PID 1 in the VM: devices, udev for input, the DRM driver, then the kiosk on the display.
mount -t proc proc /proc 2>/dev/null; mount -t sysfs sys /sys 2>/dev/null; mount -t devtmpfs dev /dev 2>/dev/null
mkdir -p /dev/pts /run /tmp; mount -t devpts devpts /dev/pts; mount -t tmpfs tmpfs /run; mount -t tmpfs tmpfs /tmp
/lib/systemd/systemd-udevd --daemon; udevadm trigger --action=add; udevadm settle --timeout=20
modprobe bochs 2>/dev/null || modprobe bochs-drm 2>/dev/null || true
udevadm settle --timeout=10
echo "caret-init: $(ls /dev/dri 2>/dev/null | tr '\n' ' ') input: $(ls /dev/input 2>/dev/null | tr '\n' ' ')"
# Mesa renders into the DRM device's own buffers in software (kms_swrast): the bochs device has no
# Mesa driver. No SDL_RENDER_DRIVER: Caret picks the GLES renderer on kmsdrm itself.
# LP_NATIVE_VECTOR_WIDTH=128: llvmpipe's 256-bit (AVX) code, run by QEMU's software CPU, drops
# every triangle whose vertex alpha varies (the feathered edges of rounded shapes come out
# missing); with 128-bit vectors, or softpipe, the picture matches the host's. An emulator
# artefact, not one of Caret's or of real hardware's.
export HOME=/tmp XDG_RUNTIME_DIR=/tmp SDL_VIDEODRIVER=kmsdrm LD_LIBRARY_PATH=/opt/caret/lib MESA_LOADER_DRIVER_OVERRIDE=kms_swrast SDL_RENDER_VSYNC=0
export LP_NATIVE_VECTOR_WIDTH=128
echo "caret-init: dmesg:"; dmesg | grep -iE "drm|bochs|fb" | tail -8
/opt/caret/bin/caret-kiosk --screen form --trace --idle-timeout 0 2>&1
echo "caret-init: the kiosk ended with $?"
echo o >/proc/sysrq-trigger  # power off (there is no init system to ask)
INIT
chmod +x "$rootfs/caret-init"
kernel=$(ls "$rootfs"/boot/vmlinuz-* | head -1)
initrd=$(ls "$rootfs"/boot/initrd.img-* | head -1)
rm -f "$work/root.img"
mke2fs -q -t ext4 -d "$rootfs" "$work/root.img" 3G

# 4. Boot with a bochs display; the monitor on a socket types and takes the screendump.
# QEMU's software emulation by default. CARET_QEMU_KVM=1 asks for KVM: in these containers
# (nested) -cpu host fails (KVM refuses MSR 0x10a) and -cpu qemu64 stalls in the kernel's
# decompressor, so it is not the default.
accel=(-accel tcg,thread=multi -cpu max)
[ "${CARET_QEMU_KVM:-0}" = 1 ] && [ -w /dev/kvm ] && accel=(-accel kvm -cpu qemu64)
rm -f "$work/monitor.sock" "$work/serial.log" "$work/screendump.ppm"
qemu-system-x86_64 "${accel[@]}" -m 1024 -smp 2 -nodefaults -display none \
    -device VGA,vgamem_mb=32,xres=1024,yres=768 -device virtio-keyboard-pci \
    -drive file="$work/root.img",if=virtio,format=raw -kernel "$kernel" -initrd "$initrd" \
    -append "root=/dev/vda rw console=ttyS0 init=/caret-init quiet" \
    -serial file:"$work/serial.log" -monitor unix:"$work/monitor.sock",server,nowait &
qemu=$!
trap 'kill $qemu 2>/dev/null || true' EXIT
monitor() { echo "$1" | socat - UNIX-CONNECT:"$work/monitor.sock" >/dev/null; }
wait_for_line "$work/serial.log" "didBeginEditing code" 300 || { tail -30 "$work/serial.log"; echo "kms: FAILED: the kiosk did not show its form"; exit 1; }
echo "kms: the kiosk is up on the DRM display after $((SECONDS - start)) s"
# Each key once the kiosk has taken the one before (its trace line in the serial log), so that a
# loaded machine's slower guest loses none; the first once its renderer is made (the line printed
# as its loop starts: a key sent earlier waits in the kernel's input queue).
wait_serial() { wait_for_line "$work/serial.log" "$1" 60 || { tail -30 "$work/serial.log"; echo "kms: FAILED: no \"$1\" within 60 s"; exit 1; }; }
wait_serial "renderer opengles2"
for step in "shift-a:shouldChangeCharacters code 0,0 A" "shift-b:shouldChangeCharacters code 1,0 B" \
    "1:shouldChangeCharacters code 2,0 1" "2:shouldChangeCharacters code 3,0 2" "ret:didBeginEditing name" \
    "shift-a:shouldChangeCharacters name 0,0 A" "d:shouldChangeCharacters name 1,0 d" "a:shouldChangeCharacters name 2,0 a"; do
    monitor "sendkey ${step%%:*} 10"  # a short hold: no auto-repeat
    wait_serial "${step#*:}"
done
# The last key's frame presented (drawn in the turn that traced it) before the screendump.
sleep 1
monitor "screendump $work/screendump.ppm"
for _ in $(seq 100); do [ -s "$work/screendump.ppm" ] && convert "$work/screendump.ppm" "$work/screendump.png" 2>/dev/null && break; sleep 0.1; done
for expected in "shouldChangeCharacters code 0,0 A" "shouldChangeCharacters code 3,0 2" "shouldReturn code" "didBeginEditing name"; do
    grep -qF "$expected" "$work/serial.log" || { tail -30 "$work/serial.log"; echo "kms: FAILED: no \"$expected\""; exit 1; }
done
colours=$(convert "$work/screendump.png" -format '%k' info:)
[ "$colours" -gt 2 ] || { echo "kms: FAILED: the screendump is uniform ($colours colour): nothing reached the scanout"; exit 1; }
grep -q "renderer opengles2" "$work/serial.log" || { grep -a "caret-kiosk:" "$work/serial.log"; echo "kms: FAILED: not the GLES renderer"; exit 1; }
kill $qemu 2>/dev/null || true
vm_seconds=$((SECONDS - start))

# 5. The reference: the same kiosk binary, typed into the same way, on a 1024×768 Xvfb screen.
#    The pictures must agree but for the caret (it blinks) and a little antialiasing.
rm -f "$work/reference.png"
(
    # OpenGL as on KMS/DRM (llvmpipe there too), not the software renderer that automatic takes
    # under Xvfb: the two antialias rounded corners differently.
    # A display of its own (other checks run beside this one).
    DISPLAY=$(free_display)
    export DISPLAY SDL_VIDEODRIVER=x11 LD_LIBRARY_PATH=$stage/lib CARET_RENDERER=accelerated
    Xvfb "$DISPLAY" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb=$!
    trap 'kill $kiosk $xvfb 2>/dev/null || true' EXIT
    wait_for 10 "the X server" -- xdotool getdisplaygeometry || { echo "kms: FAILED: Xvfb did not start"; exit 1; }
    # Its trace, waited on as the guest's serial log is: each step once the one before is taken.
    trace=$work/reference.log
    "$stage/bin/caret-kiosk" --windowed --size 1024x768 --screen form --idle-timeout 0 --trace >"$trace" 2>&1 &
    kiosk=$!
    wait_trace() { wait_for_line "$trace" "$1" 60 || { cat "$trace"; echo "kms: FAILED: the Xvfb reference never traced \"$1\""; exit 1; }; }
    wait_trace "didBeginEditing code"
    window=$(wait_for_window "Caret kiosk" 10) || { echo "kms: FAILED: the Xvfb reference's kiosk showed no window"; exit 1; }
    xdotool windowfocus --sync "$window"
    xdotool type --delay 150 "AB12"
    wait_trace "shouldChangeCharacters code 3,0 2"
    xdotool key Return
    wait_trace "didBeginEditing name"
    xdotool type --delay 150 "Ada"
    wait_trace "shouldChangeCharacters name 2,0 a"
    sleep 1  # its frame presented, as on KMS/DRM
    import -window "$window" "$work/reference.png"
)
different=$(compare -metric AE -fuzz 12% "$work/screendump.png" "$work/reference.png" "$work/difference.png" 2>&1 >/dev/null || true)
echo "kms: $different of 786432 pixels differ from the Xvfb reference (.build/kms/difference.png)"
if ! [ "${different%%.*}" -lt 500 ] 2>/dev/null; then
    echo "kms: FAILED: the KMS/DRM picture is not the one the kiosk draws under X11"
    exit 1
fi
grep -a "frames kept in" "$work/serial.log" | sed 's/^caret-kiosk: /kms: /' || true  # GBM flips its buffers: "frame texture"
echo "kms: passed: the kiosk on KMS/DRM, typed into through the QEMU monitor, in $vm_seconds s; $work/screendump.png"
