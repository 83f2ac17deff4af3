#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks of the source tree that no compiler makes (run by Scripts/run-tests.sh):
- no Swift file in Sources, Examples, Tests, Benchmarks or Fuzz is over 500 lines (after swift-format);
- the window flags that once told the editor and the keyboard about each other's compositions
  are gone for good: the input session (Sources/Caret/Input/TextInputSession.swift) owns that;
- TextEditingView has at most 100 members (stored properties, computed properties, methods,
  initialisers, subscripts, over the class and all its extensions), and prints how many are stored.
Usage: check_sources.py [--report-members] [ROOT]   (exit 1 naming each failure; with
--report-members the member count is printed and not judged)"""
import pathlib
import re
import sys

arguments = [a for a in sys.argv[1:] if a != "--report-members"]
judges_members = "--report-members" not in sys.argv[1:]
root = pathlib.Path(arguments[0] if arguments else ".")
sources = sorted((root / "Sources").rglob("*.swift"))
failures = []

every_swift_file = sorted(p for folder in ("Sources", "Examples", "Tests", "Benchmarks", "Fuzz") for p in (root / folder).rglob("*.swift")
                          if ".build" not in p.parts)
for path in every_swift_file:
    lines = path.read_text(encoding="utf-8").count("\n")
    if lines > 500:
        failures.append(f"{path.relative_to(root)}: {lines} lines (at most 500)")

FLAGS = ["expectedEcho", "deliveringTextOrigin", "isDeliveringKeyText", "isApplyingOnScreenComposition",
         "onScreenCompositionIsInTheWay", "inputMethodMayEcho"]
for path in sources:
    text = path.read_text(encoding="utf-8")
    for flag in FLAGS:
        if re.search(r"\b" + flag + r"\b", text):
            failures.append(f"{path.relative_to(root)}: names the window flag {flag} (the input session owns compositions)")


def strip(text):
    """The code without comments, string literals' contents and attributes' arguments."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"//[^\n]*", "", text)


DECL = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*(?:(?:public|package|internal|private|fileprivate|open|final|override|"
                  r"static|class|lazy|weak|unowned|nonisolated|mutating|dynamic|required|convenience|"
                  r"private\(set\)|internal\(set\)|package\(set\)|public\(set\)|fileprivate\(set\))\s+)*"
                  r"(var|let|func|init\??|subscript|deinit)\b")


def members(type_name):
    """(members, stored) of a class over its declaration and extensions in Sources/Caret."""
    total = stored = 0
    opener = re.compile(r"^(?:.*\s)?(class|extension)\s+" + type_name + r"\b[^{]*\{", re.M)
    for path in sorted((root / "Sources" / "Caret").rglob("*.swift")):
        code = strip(path.read_text(encoding="utf-8"))
        for match in opener.finditer(code):
            is_class = match.group(1) == "class"
            depth, i = 1, match.end()
            line_start, line_depth = i, depth
            while i < len(code) and depth > 0:
                c = code[i]
                if c == "\n":
                    line = code[line_start:i]
                    if line_depth == 1:
                        m = DECL.match(line)
                        if m:
                            total += 1
                            kind = m.group(1)
                            rest = line[m.end():]
                            computed = "{" in rest and not re.search(r"\{\s*(didSet|willSet)", rest)
                            if is_class and kind in ("var", "let") and not computed:
                                stored += 1
                    line_start, line_depth = i + 1, depth
                elif c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                i += 1
    return total, stored


count, stored = members("TextEditingView")
print(f"check_sources: TextEditingView has {count} members, {stored} stored")
if count > 100 and judges_members:
    failures.append(f"TextEditingView has {count} members (at most 100)")

for failure in failures:
    print("check_sources:", failure)
print(f"check_sources: {len(sources)} files, {'no failure' if not failures else f'{len(failures)} failures'}")
sys.exit(1 if failures else 0)
