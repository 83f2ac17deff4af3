#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes a release of Caret: tags the current commit X.Y.Z once everything that names the version
# agrees and the public API is the recorded one.
#   Scripts/release.sh X.Y.Z            check, then tag X.Y.Z (an annotated tag)
#   Scripts/release.sh --check X.Y.Z    check only (CI runs this for the current version)
# Checks, each failing with its reason: X.Y.Z is a semantic version not tagged yet; the working
# tree is clean (nothing modified or untracked); CHANGELOG.md has a "## [X.Y.Z] - YYYY-MM-DD"
# entry; CaretVersion.string and CMakeLists.txt (project and package version) say X.Y.Z; the
# public API matches api/*.txt (Scripts/api-check.sh). Push the tag with `git push origin X.Y.Z`;
# apps then take the release with `.package(url: ..., from: "X.Y.Z")`.
set -euo pipefail
cd "$(dirname "$0")/.."
check_only=0
[ "${1:-}" = "--check" ] && { check_only=1; shift; }
version=${1:-}
fail() { echo "release: $*" >&2; exit 1; }
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "usage: Scripts/release.sh [--check] X.Y.Z (got '${version}')"
if [ "$check_only" -eq 0 ]; then
    git rev-parse -q --verify "refs/tags/$version" >/dev/null && fail "the tag $version exists already"
    [ -z "$(git status --porcelain)" ] || { git status --short >&2; fail "the working tree is not clean"; }
fi
grep -qE "^## \[$(sed 's/\./\\./g' <<<"$version")\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$" CHANGELOG.md \
    || fail "CHANGELOG.md has no entry \"## [$version] - YYYY-MM-DD\""
in_code=$(sed -nE 's/.*static let string = "([^"]*)".*/\1/p' Sources/Caret/Support/CaretVersion.swift)
[ "$in_code" = "$version" ] || fail "CaretVersion.string is \"$in_code\", not \"$version\" (Sources/Caret/Support/CaretVersion.swift)"
in_cmake=$(sed -nE 's/^project\(Caret VERSION ([0-9.]+) .*/\1/p' CMakeLists.txt)
[ "$in_cmake" = "$version" ] || fail "CMakeLists.txt's project version is \"$in_cmake\", not \"$version\""
grep -q "write_basic_package_version_file(.* VERSION $version " CMakeLists.txt \
    || fail "CMakeLists.txt's package version file does not say $version"
Scripts/api-check.sh >/dev/null || { Scripts/api-check.sh | tail -20 >&2; fail "the public API differs from api/*.txt"; }
if [ "$check_only" -eq 1 ]; then
    echo "release: $version is ready to tag (CHANGELOG, CaretVersion, CMake and the API agree)"
    exit 0
fi
git tag -a "$version" -m "Caret $version"
echo "release: tagged $(git rev-parse --short HEAD) as $version; push it with: git push origin $version"
