#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Caret's public API as text, one declaration a line, from SwiftPM's symbol graphs
(Scripts/api-check.sh): what an app can name, so that every change to it shows in review.

    api_surface.py SYMBOLGRAPH_DIR OUT_DIR MODULE...   writes OUT_DIR/MODULE.txt for each"""
import json
import pathlib
import sys

graphs, out, modules = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]
out.mkdir(parents=True, exist_ok=True)
for module in modules:
    lines = set()
    # The module's own symbols, and its extensions of other modules' types (MODULE@OTHER).
    for path in [graphs / f"{module}.symbols.json", *sorted(graphs.glob(f"{module}@*.symbols.json"))]:
        if not path.exists():
            continue
        for symbol in json.loads(path.read_text())["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            where = ".".join(symbol["pathComponents"])
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            lines.add(f"{where}: {declaration}")
    (out / f"{module}.txt").write_text("".join(f"{line}\n" for line in sorted(lines)))
    print(f"api: {module}: {len(lines)} public declarations")
