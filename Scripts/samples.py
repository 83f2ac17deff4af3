#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Extracts the ```swift blocks of Caret's documentation and compiles each one (Scripts/check-samples.sh).

    samples.py BIN_PATH FILE...      compile every sample of the files against the modules in BIN_PATH
    samples.py --list FILE...        print the samples found, compile nothing

The conventions are in Scripts/check-samples.sh's header.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)")
MARKER = re.compile(r"^\s*<!--\s*sample:\s*(.*?)\s*-->\s*$")
COMMENT = re.compile(r"^\s*<!--.*-->\s*$")


class Sample:
    """One program: a block, or a block and the blocks that continue it."""

    def __init__(self, path, line, code):
        self.path = path
        self.line = line  # the opening fence's line (1-based)
        self.parts = [(line, code)]
        self.manifest = code.lstrip().startswith("// swift-tools-version")

    @property
    def name(self):
        return f"{self.path}:{self.line}"

    def source(self):
        """The program, each part under a #sourceLocation pointing at its place in the document."""
        out = []
        for line, code in self.parts:
            out.append(f'#sourceLocation(file: "{self.path}", line: {line + 1})')
            out.append(code.rstrip("\n"))
        out.append("#sourceLocation()")
        return "\n".join(out) + "\n"


def markers_above(lines, index):
    """The `<!-- sample: ... -->` markers in the comment lines right above line `index`."""
    found = []
    i = index - 1
    while i >= 0 and COMMENT.match(lines[i]):
        m = MARKER.match(lines[i])
        if m:
            found.append((i + 1, m.group(1)))
        i -= 1
    return found


def extract(path):
    """The samples of one document, and the problems found while reading it."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    samples, problems = [], []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, language = m.group(1), m.group(2), m.group(3).lower()
        start = i
        body = []
        i += 1
        while i < len(lines):
            close = re.match(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$", lines[i])
            if close:
                break
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        if i == len(lines):
            problems.append(f"{path}:{start + 1}: a code block that never closes")
        i += 1
        if language != "swift":
            continue
        code = "\n".join(body) + "\n"
        continues = False
        for marker_line, marker in markers_above(lines, start):
            if marker == "continues":
                continues = True
            else:
                problems.append(f"{path}:{marker_line}: unknown marker <!-- sample: {marker} --> (only 'continues' exists)")
        if continues:
            if not samples:
                problems.append(f"{path}:{start + 1}: <!-- sample: continues --> with no block before it in the file")
                continue
            previous = samples[-1]
            if previous.manifest or code.lstrip().startswith("// swift-tools-version"):
                problems.append(f"{path}:{start + 1}: a package manifest cannot be continued or continue another block")
                continue
            previous.parts.append((start + 1, code))
        else:
            samples.append(Sample(path, start + 1, code))
    return samples, problems


def module_flags(root):
    """Flags that let swiftc load the package's C modules (module maps, include paths, pkg-config's)."""
    flags = []
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
    for target in dump["targets"]:
        path = os.path.join(root, target.get("path") or os.path.join("Sources", target["name"]))
        if target["type"] in ("system", "system-target"):
            flags += ["-Xcc", f"-fmodule-map-file={os.path.join(path, 'module.modulemap')}"]
            if target.get("pkgConfig"):
                cflags = subprocess.run(["pkg-config", "--cflags-only-I", target["pkgConfig"]],
                                        capture_output=True, text=True).stdout.split()
                for flag in cflags:
                    flags += ["-Xcc", flag]
        elif target["type"] == "regular":
            include = os.path.join(path, "include")
            modulemap = os.path.join(include, "module.modulemap")
            if os.path.isfile(modulemap):
                flags += ["-Xcc", f"-fmodule-map-file={modulemap}", "-Xcc", "-I", "-Xcc", include]
    return flags


def compile_sample(sample, index, work, cache, bin_path, flags):
    """Compiles one sample; returns (sample, error text or None)."""
    folder = os.path.join(work, f"sample{index:03d}")
    os.makedirs(folder)
    if sample.manifest:
        with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as f:
            f.write(sample.parts[0][1])
        result = subprocess.run(["swift", "package", "dump-package"], cwd=folder, capture_output=True, text=True)
        if result.returncode != 0:
            manifest = re.escape(os.path.join(folder, "Package.swift"))
            text = re.sub(manifest + r":(\d+)", lambda m: f"{sample.path}:{sample.line + int(m.group(1))}", result.stderr + result.stdout)
            text = re.sub(manifest, sample.path, text)
            return sample, f"{sample.name}: the package manifest does not load:\n{text}"
        return sample, None
    main = os.path.join(folder, "main.swift")
    with open(main, "w", encoding="utf-8") as f:
        f.write(sample.source())
    command = [
        "swiftc", "-c", main, "-o", os.path.join(folder, "main.o"), "-module-name", "Sample",
        "-swift-version", "6", "-warnings-as-errors", "-Onone",
        "-I", os.path.join(bin_path, "Modules"),
        "-module-cache-path", cache,
    ] + flags
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return sample, (result.stderr + result.stdout).strip() or f"swiftc exited with {result.returncode}"
    return sample, None


def main(argv):
    if len(argv) >= 2 and argv[0] == "--list":
        for path in argv[1:]:
            samples, problems = extract(path)
            for sample in samples:
                kind = "manifest" if sample.manifest else f"{len(sample.parts)} block(s)"
                print(f"{sample.name}: {kind}")
            for problem in problems:
                print(problem)
        return 0
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bin_path, paths = argv[0], argv[1:]
    root = os.getcwd()
    if not os.path.isdir(os.path.join(bin_path, "Modules")):
        print(f"check-samples: FAILED: no modules in {bin_path}/Modules (build first: swift build)")
        return 1
    samples, problems = [], []
    for path in paths:
        found, trouble = extract(path)
        samples += found
        problems += trouble
    for problem in problems:
        print(problem)
    flags = module_flags(root)
    work = tempfile.mkdtemp(prefix="caret-samples-")
    # Clang's modules (SDL, Glibc, Foundation's) are kept between runs: the first run builds them.
    cache = os.path.join(root, ".build", "samples-module-cache")
    failed = []
    try:
        with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
            jobs = [pool.submit(compile_sample, s, i, work, cache, bin_path, flags) for i, s in enumerate(samples)]
            for job in jobs:
                sample, error = job.result()
                if error:
                    failed.append(sample)
                    print(f"--- {sample.name} does not compile:")
                    lines = error.split("\n")
                    print("\n".join(lines[:60]))
                    if len(lines) > 60:
                        print(f"... ({len(lines) - 60} more lines)")
                else:
                    blocks = "" if len(sample.parts) == 1 else f" ({len(sample.parts)} blocks)"
                    print(f"ok {sample.name}{' (manifest)' if sample.manifest else blocks}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failed or problems:
        names = ", ".join(s.name for s in failed)
        what = []
        if failed:
            what.append(f"{len(failed)} of {len(samples)} samples do not compile: {names}")
        if problems:
            what.append(f"{len(problems)} problem(s) with markers or fences")
        print("check-samples: FAILED: " + "; ".join(what))
        return 1
    print(f"check-samples: {len(samples)} samples compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
