#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The licence checks (run by Scripts/run-tests.sh):
- LICENSE is the Apache License 2.0 and NOTICE exists;
- every source file git tracks (Swift, C, C headers, shell and Python scripts, CMake files) names
  its licence in an SPDX-License-Identifier line among its first three lines; in a Swift file
  other than a package manifest (whose first line is its tools version), its first line, with a
  blank line after it (else swift-format's import sorting moves imports above it);
- every folder of Assets/ has an entry in NOTICE (a line that is the folder's path), and a licence
  file beside its contents (LICENSE.txt, or for Caret's own data, the entry saying Apache-2.0);
- the licence table of README.md and of the DocC article Licensing.md are the same.
Usage: check_licences.py [ROOT]    exit 1, naming each failure"""
import pathlib
import subprocess
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
failures = []

licence = root / "LICENSE"
if not licence.is_file() or "Apache License" not in licence.read_text() or "Version 2.0" not in licence.read_text():
    failures.append("LICENSE: not the Apache License 2.0")
notice = root / "NOTICE"
notice_lines = notice.read_text().splitlines() if notice.is_file() else []
if not notice_lines:
    failures.append("NOTICE: missing")

SOURCE_SUFFIXES = {".swift", ".c", ".h", ".sh", ".py", ".cmake"}
tracked = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True).stdout.decode().split("\0")
checked = 0
for name in filter(None, tracked):
    path = root / name
    if path.is_symlink() or not path.is_file():
        continue
    if not (path.suffix in SOURCE_SUFFIXES or path.name == "CMakeLists.txt" or name == ".ci/run"):
        continue
    checked += 1
    head = path.read_text(encoding="utf-8", errors="replace").split("\n", 3)[:3]
    if not any("SPDX-License-Identifier:" in line for line in head):
        failures.append(f"{name}: no SPDX-License-Identifier line at its top")
    elif path.suffix == ".swift" and path.name != "Package.swift" and "SPDX-License-Identifier:" not in head[0]:
        failures.append(f"{name}: its SPDX-License-Identifier line is not its first (a blank line after it keeps it there)")

assets = sorted(p for p in (root / "Assets").iterdir() if p.is_dir())
for folder in assets:
    entry = f"Assets/{folder.name}"
    if entry not in notice_lines:
        failures.append(f"NOTICE: no entry for {entry}")
        continue
    start = notice_lines.index(entry) + 1
    paragraph = []
    for line in notice_lines[start:]:
        if not line.startswith(" "):
            break
        paragraph.append(line)
    text = " ".join(" ".join(paragraph).split())
    own = "Caret's own" in text and "Apache-2.0" in text
    if not own and not (folder / "LICENSE.txt").is_file():
        failures.append(f"{entry}: third-party data without a LICENSE.txt beside it")
    if not own and "LICENSE.txt" not in text:
        failures.append(f"NOTICE: the entry for {entry} does not point to its LICENSE.txt")


def table(path):
    lines = path.read_text().splitlines() if path.is_file() else []
    try:
        return lines[lines.index("<!-- licences: begin -->") + 1:lines.index("<!-- licences: end -->")]
    except ValueError:
        return None


readme_table = table(root / "README.md")
docc_table = table(root / "Sources/Caret/Caret.docc/Licensing.md")
if not readme_table:
    failures.append("README.md: no licence table between <!-- licences: begin --> and <!-- licences: end -->")
elif docc_table != readme_table:
    failures.append("Sources/Caret/Caret.docc/Licensing.md: its licence table is not README.md's")
else:
    products = {line.split("|")[1].strip() for line in readme_table[2:]}
    manifest = (root / "Package.swift").read_text()
    import re
    for product in re.findall(r'\.library\(name: "(\w+)"', manifest):
        if product == "CaretSDLTesting":
            continue  # the test kit's SDL half: CaretSDL's libraries and CaretTesting's
        if not any(f"`{product}`" in cell for cell in products):
            failures.append(f"README.md: the licence table has no row for the product {product}")

for failure in failures:
    print(f"licences: {failure}")
if failures:
    sys.exit(1)
print(f"licences: LICENSE is Apache-2.0; {checked} sources carry SPDX lines; "
      f"{len(assets)} Assets folders in NOTICE; the README and DocC licence tables agree")
