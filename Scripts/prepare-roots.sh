#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes the two clean Debian 12 roots the packaging checks start from, side by side: the one the
# Debian packages are installed into (Scripts/e2e-debian-packages.sh --pristine-only) and the
# image the kiosk boots on KMS/DRM (Scripts/kms-qemu.sh --image-only). Each is debootstrap,
# about two minutes, much of it waiting on the package mirror, and needs nothing built, so the
# test command starts this at its beginning: the checks then find their roots made instead of
# making them at the end, where they were the run's longest path.
#   Scripts/prepare-roots.sh [DEB_WORK]   DEB_WORK: the packages check's work folder (.build-deb)
# Exits 0 when both roots are ready; either check makes its own root again if this failed.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
status=0
Scripts/e2e-debian-packages.sh --pristine-only "${1:-.build-deb}" >.build/prepare-root-deb.log 2>&1 &
deb=$!
Scripts/kms-qemu.sh --image-only >.build/prepare-root-kms.log 2>&1 || status=1
wait "$deb" || status=1
echo "prepare-roots: the packages' root: $(tail -1 .build/prepare-root-deb.log 2>/dev/null || echo "nothing said")"
echo "prepare-roots: the KMS image's root: $(tail -1 .build/prepare-root-kms.log 2>/dev/null || echo "nothing said")"
exit "$status"
