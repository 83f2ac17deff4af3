#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails with a clear message when no Swift 6 toolchain is on PATH (Debian has no package for it).
if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && { echo "$candidate"; exit 0; }
    done
    echo "No Swift toolchain found. Install Swift 6 for Debian 12 from swift.org (or swiftly) and put it on PATH." >&2
    exit 1
fi
echo ""
