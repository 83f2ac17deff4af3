#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails when a public type in a DocC archive has no summary (Scripts/docs.sh).

    docs_coverage.py ARCHIVE.doccarchive"""
import json
import pathlib
import sys

KINDS = {"class", "struct", "enum", "protocol", "typealias", "actor"}
archive = pathlib.Path(sys.argv[1]) / "data" / "documentation"
types, missing = 0, []
for page in archive.rglob("*.json"):
    data = json.loads(page.read_text())
    metadata = data.get("metadata", {})
    if metadata.get("symbolKind") not in KINDS:
        continue
    types += 1
    if not "".join(part.get("text", "") for part in data.get("abstract", [])).strip():
        missing.append(metadata.get("title", page.stem))
if missing:
    print(f"docs: {len(missing)} of {types} public types have no summary: {', '.join(sorted(missing))}")
    sys.exit(1)
print(f"docs: every one of the {types} public types has a summary")
