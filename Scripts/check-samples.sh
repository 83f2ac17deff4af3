#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compiles every ```swift block of the documentation against the built Caret products, in Swift 6
# language mode with warnings as errors, so that no sample a reader copies is out of date. The
# blocks are read from README.md, Sources/Caret/Caret.docc/*.md, docs/*.md and docs/behaviour/*.md
# (Scripts/samples.py extracts them; nothing is copied by hand). A block that does not compile
# fails the check, named by its file and the line of its opening fence; the compiler's messages
# point at the line in the document.
#
# Conventions for writers:
#   - A ```swift block is a complete main.swift: top-level code is allowed, and it has its own
#     imports (Caret, CaretSDL, an engine's product, CaretTesting, Testing...).
#   - A block whose fence has the line `<!-- sample: continues -->` right above it (among the
#     HTML comments directly above it) is appended to the previous ```swift block of the same
#     file: the two are one program, compiled once (an article that builds one program over
#     several blocks). Chains of any length are allowed.
#   - A block whose first line is `// swift-tools-version` is a package manifest: it is loaded
#     with `swift package dump-package` in a folder of its own, and fails if it does not load.
#   - There is no way to skip a block. Code that is not meant to compile goes in a block with no
#     language or another one (```sh, ```text).
#
#   Scripts/check-samples.sh                 builds (swift build, debug), then compiles every sample
#   Scripts/check-samples.sh --skip-build    uses the modules already built
#   Scripts/check-samples.sh --list          prints the samples found, compiles nothing
# Ends with "check-samples: N samples compiled", or "check-samples: FAILED: ..." and status 1.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_path=$(Scripts/check-swift.sh)
[ -n "$extra_path" ] && export PATH="$extra_path:$PATH"
shopt -s nullglob
documents=(README.md Sources/Caret/Caret.docc/*.md docs/*.md docs/behaviour/*.md)
case "${1:-}" in
--list) exec python3 Scripts/samples.py --list "${documents[@]}" ;;
--skip-build) ;;
"")
    swift build >.build/check-samples-build.log 2>&1 \
        || { tail -30 .build/check-samples-build.log; echo "check-samples: FAILED: swift build failed"; exit 1; }
    ;;
*) echo "usage: Scripts/check-samples.sh [--skip-build | --list]" >&2; exit 2 ;;
esac
bin=$(swift build --show-bin-path)
exec python3 Scripts/samples.py "$bin" "${documents[@]}"
