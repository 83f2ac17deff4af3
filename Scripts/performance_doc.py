#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes docs/performance.md from one run of Scripts/measure.sh (which calls it): the method in a
few fixed paragraphs, then the run's own lines set out as tables, every figure as the run printed
it. Nothing in the page is typed by hand, so it says only what a run measured.
Usage: performance_doc.py MEASURE_OUTPUT [COMMIT] > docs/performance.md"""
import re
import sys

lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
commit = sys.argv[2] if len(sys.argv) > 2 else "the working tree"

FIRST_FRAME = re.compile(
    r"^(?P<label>.+?): first frame (?P<ms>[\d.]+) ms \((?P<ratio>[\d.]+)× the bare window's (?P<bare>[\d.]+) ms at (?P<size>\d+x\d+)\), "
    r"peak (?P<peak>[\d.]+) MiB \(\+(?P<extra>-?[\d.]+) MiB over (?P<barepeak>[\d.]+)\), (?P<mapped>\d+) libraries mapped \(bare: (?P<baremapped>\d+)\), "
    r"(?P<linked>\d+) linked(?:.*engine libraries mapped: (?P<engines>[^;]*))?"
    r"(?:; whole-life peak (?P<whole>[\d.]+) MiB \(\+(?P<wholeextra>-?[\d.]+) MiB over the bare window's (?P<barewhole>[\d.]+)\))?")
BREAKDOWN = re.compile(r"^\s+(?P<label>.+), resident at the first frame by mapping \(MiB, last run\): (?P<groups>.+)$")
TARGET = re.compile(r"^\s+(?P<figure>.+?); target (?P<target>.+?): (?P<verdict>met|MISSED)$")

out = []
say = out.append
say("# Performance")
say("")
say(f"What a Caret app costs, measured by one run of `Scripts/measure.sh` on commit {commit}; this page is")
say("that run's output set out as tables (`Scripts/performance_doc.py`), never edited by hand. Run the")
say("script again to measure another machine or tree: it rewrites this page.")
say("")
say("How it measures: Xvfb at 1280×800, where OpenGL is Mesa's llvmpipe (a software rasteriser: no")
say("figure here is a GPU's), vsync off, the GPU finished after each frame. There Caret's `automatic`")
say("renderer is SDL's software renderer, its surface sent straight to the X server (on a real GPU it")
say("is the accelerated one; `--renderer` or `CARET_RENDERER` overrides), so the apps launch on it and")
say("the bare window's floor for launch and memory draws the same way; frames are measured on both")
say("renderers, each section naming its own. The apps are built as the README's \"Ship it\" command builds them")
say("(release, Swift's runtime and GCC's C++ library linked statically, lld with the startup order), README's app also as a")
say("plain `swift build -c release --static-swift-stdlib`. Every figure stands beside a floor measured")
say("in the same run: a bare C SDL2 window (`Scripts/measure/bare-sdl-window.c`) drawing a fill,")
say("triangles and a texture at the same size, launched in turns with the app so that a change in the")
say("machine's load falls on both. The machine is shared and noisy: compare figures within one run.")
say("Where `LVGL_SOURCE` names LVGL 9's sources, LVGL's own counterparts of README's app and of the")
say("ten-field form (`Scripts/measure/lvgl-app.c`, SDL's software renderer) are built -O2 and launched")
say("the same way in the same run.")
say("")
for line in lines:
    if line.startswith("machine: "):
        say(f"This run's machine: {line[len('machine: '):]}.")
        say("")
    if line.startswith("apps run as: "):
        user = line[len("apps run as: "):].split(",")[0]
        say(f"The launches ran as `{user}`, every app with the same compose cache, written once before the figures. On X11, SDL's")
        say("start opens X's input method, which parses the locale's compose table (about 8 ms here) unless libX11 finds it")
        say("cached; libX11 caches it only for a user who is not root, in a folder it is given. A Caret app names a folder")
        say("of its own where none is set (docs/kiosk.md), LVGL's and the bare window name none; given the same one, the")
        say("launches compare the toolkits, not that parse.")
        say("")

first_frames = [m for m in map(FIRST_FRAME.match, lines) if m]
if first_frames:
    say("## What an app pays: launch to first frame, memory, libraries")
    say("")
    say("Each binary started with `CARET_FIRST_FRAME=1` (first frame, peak resident set, libraries mapped,")
    say("then quit); medians of 7 launches. Libraries linked are those `ldd` lists.")
    say("")
    say("| binary | launch to first frame | the bare window's, same size | peak resident set at the first frame | over the bare window | whole-life peak (over the bare window's) | libraries mapped (bare) / linked | engine libraries mapped |")
    say("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for m in first_frames:
        whole = f"{m['whole']} MiB (+{m['wholeextra']} over {m['barewhole']})" if m["whole"] else "not measured"
        say(f"| {m['label']} | {m['ms']} ms ({m['ratio']}×) | {m['bare']} ms at {m['size'].replace('x', '×')} | {m['peak']} MiB | "
            f"+{m['extra']} MiB | {whole} | {m['mapped']} ({m['baremapped']}) / {m['linked']} | {m['engines'] or 'not measured'} |")
    say("")
    breakdowns = [m for m in map(BREAKDOWN.match, lines) if m]
    if breakdowns:
        say("Where each one's resident memory was at its first frame, by what is mapped (`/proc/self/smaps`,")
        say("printed with `CARET_FIRST_FRAME=1`; the app's binary holds Swift's runtime, Foundation with")
        say("its ICU data, and Caret, all linked in):")
        say("")
        for m in breakdowns:
            say(f"- {m['label']}: {m['groups']}")
    say("")
    for line in lines:
        if line.strip().startswith("targets:"):
            say(f"Targets of README's app, shipped: {line.strip()[len('targets:'):].strip()}.")
            say("")

section = None
rows = []
notes = []


def flush():
    if section is None:
        return
    say(f"## {section}")
    say("")
    if rows:
        say("| measurement | target | met? |")
        say("| --- | --- | --- |")
        for figure, target, verdict in rows:
            say(f"| {figure} | {target} | {'yes' if verdict == 'met' else '**no**'} |")
        say("")
    if notes:
        for note in notes:
            say(f"- {note}")
        say("")


for line in lines:
    if FIRST_FRAME.match(line) or "resident at the first frame by mapping" in line or line.startswith("first use of ") or line.strip().startswith("targets:") or line.startswith("machine: ") or line.startswith("apps run as: "):
        continue
    if line.startswith("against "):
        flush()
        rows, notes = [], []
        name = re.match(r"against (.+?)(?:, same run \((?P<how>.*)\):|: (?P<why>.*))$", line)
        section = f"Against {name.group(1)}" + (", same run" if name and name["how"] else "") if name else line
        notes.append(name["how"] or name["why"] if name else line)
        continue
    if line.startswith("caret-demo --measure") or line.startswith("bare SDL2 window") or line.startswith("caret-demo, ten-field form"):
        if line.startswith("caret-demo --measure:") or line.startswith("caret-demo --measure-launch") or section is None:
            flush()
            rows, notes = [], []
            heading = line.split(":", 1)
            section = {
                "caret-demo --measure": "Frames in a real window",
                "caret-demo --measure-launch": "Launch of the demo's ten-field form, step by step",
            }.get(heading[0].split(" (")[0].strip(), "Launch of the bare window and the demo")
            renderer = re.search(r"renderer (\w+)", line)
            if line.startswith("caret-demo --measure:") and renderer:
                section += f", {renderer.group(1)} renderer"
            if line.startswith("caret-demo --measure"):
                notes.append(f"`{heading[0].strip()}`: {heading[1].strip()}")
            else:
                notes.append(line.strip())
            continue
        notes.append(line.strip())
        continue
    target = TARGET.match(line)
    if section is not None and target:
        rows.append((target["figure"], target["target"], target["verdict"]))
    elif section is not None and line.startswith("  ") and line.strip():
        notes.append(line.strip())
flush()

FIRST_USE = re.compile(
    r"^first use of (?P<language>\S+): (?P<ms>[\d.]+) ms from the switch to a frame with candidates \((?P<candidates>[^)]*)\), "
    r"(?P<memory>[+-][\d.]+) MiB resident, engine libraries (?P<before>.+) before, (?P<after>.+) after$")
first_uses = [m for m in map(FIRST_USE.match, lines) if m]
if first_uses:
    say("## Engines started when first used")
    say("")
    say("No engine's library is linked: each is opened (`dlopen`) and its data read the first time its")
    say("language is chosen. `caret-demo --measure-first-use LANGUAGE`, release build, headless, one process")
    say("per language that has opened no engine: the keyboard offers English and the language, shown in")
    say("English; the language is chosen and its keys tapped until the bar offers candidates. Target: 300 ms.")
    say("")
    say("| language | switch to a frame with candidates | candidates | resident memory added | engine libraries before / after |")
    say("| --- | --- | --- | --- | --- |")
    for m in first_uses:
        verdict = "" if float(m["ms"]) <= 300 else " (**over 300 ms**)"
        say(f"| {m['language']} | {m['ms']} ms{verdict} | {m['candidates']} | {m['memory']} MiB | {m['before']} / {m['after']} |")
    say("")

say("## Benchmarks")
say("")
say("The benchmark package times the pieces one by one (storage, layout, a keystroke to its frame at")
say("1,000 and 20,000 lines, pastes, Auto Layout, spelling, swipe decoding, handwriting): `cd Benchmarks &&")
say("swift package --disable-sandbox benchmark` prints each one's percentiles, and")
say("`caret-demo --measure-frames 300 --size 1280x800` the cost of a full frame on any machine, no")
say("display needed. CI runs every benchmark once to check its result, not its time.")
print("\n".join(out))
