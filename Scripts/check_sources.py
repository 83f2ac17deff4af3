#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks of the source tree that no compiler makes (run by Scripts/run-tests.sh):
- no Swift file in Sources, Examples, Tests, Benchmarks or Fuzz is over 500 lines (after swift-format);
- the window flags that once told the editor and the keyboard about each other's compositions
  are gone for good: the input session (Sources/Caret/Input/TextInputSession.swift) owns that;
- every class, struct, enum and actor in Sources (all modules) has at most 100 members (stored
  properties, computed properties, methods, initialisers, subscripts, over its declaration and all
  its extensions; a nested type counts on its own) unless EXCEPTIONS lists it with why (the surplus
  must be UIKit's own API that the type mirrors); prints the ten largest and TextEditingView's count;
- no mutable state is global to the process unless it is listed in STATICS below with why it must
  be: stored `static var` and `class var` (lazy or not, `weak`, `nonisolated(unsafe)`), top-level
  `var`, and `nonisolated(unsafe)` statics and globals even as `let`, anywhere in Sources. What
  belongs to a window lives on the window or its backend.
Usage: check_sources.py [--report-members] [--list-statics] [ROOT]   (exit 1 naming each failure;
with --report-members the member count is printed and not judged; --list-statics prints every
mutable static found, listed or not)"""
import pathlib
import re
import sys

arguments = [a for a in sys.argv[1:] if a not in ("--report-members", "--list-statics")]
judges_members = "--report-members" not in sys.argv[1:]
lists_statics = "--list-statics" in sys.argv[1:]
root = pathlib.Path(arguments[0] if arguments else ".")
sources = sorted((root / "Sources").rglob("*.swift"))
failures = []

every_swift_file = sorted(p for folder in ("Sources", "Examples", "Tests", "Benchmarks", "Fuzz") for p in (root / folder).rglob("*.swift")
                          if not any(part.startswith(".build") for part in p.parts))  # build folders: .build, .build-once
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


TYPE_OPENER = re.compile(r"^(?:.*[\s(])?(class|struct|enum|actor|extension)\s+([A-Za-z_][\w.]*)[^{;=]*\{", re.M)
KEYWORDS = {"func", "var", "let", "init", "subscript", "case", "protocol", "where"}


def body_members(code, start, is_type):
    """(members, stored, end) of the body opening at `start` (just after its brace): declarations
    at the body's own depth; nested types' members are theirs."""
    total = stored = 0
    depth, i = 1, start
    line_start, line_depth = i, depth
    while i < len(code) and depth > 0:
        c = code[i]
        if c == "\n":
            line = code[line_start:i]
            if line_depth == 1:
                m = DECL.match(line)
                if m:
                    total += 1
                    rest = line[m.end():]
                    computed = "{" in rest and not re.search(r"\{\s*(didSet|willSet)", rest)
                    static = re.search(r"\b(static|class)\s", line[:m.start(1)])
                    if is_type and m.group(1) in ("var", "let") and not computed and not static:
                        stored += 1
            line_start, line_depth = i + 1, depth
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        i += 1
    return total, stored, i


def all_members():
    """{(module, qualified name): [members, stored]} for every class, struct, enum and actor declared
    in Sources, over its declaration and every extension of it (in any module); a nested type is
    counted on its own, under its qualified name."""
    declared, extensions = {}, []
    for path in sources:
        module = path.relative_to(root / "Sources").parts[0]
        code = strip(path.read_text(encoding="utf-8"))
        scopes = []  # (name, end) of the types and extensions enclosing a position
        for match in TYPE_OPENER.finditer(code):
            kind, name = match.group(1), match.group(2)
            if name in KEYWORDS:
                continue
            scopes = [s for s in scopes if s[1] > match.start()]
            total, stored, end = body_members(code, match.end(), kind != "extension")
            if kind == "extension":
                qualified = name
                extensions.append((module, qualified, total))
            else:
                qualified = ".".join([s[0] for s in scopes[-1:]] + [name])
                entry = declared.setdefault((module, qualified), [0, 0])
                entry[0] += total
                entry[1] += stored
            scopes.append((qualified, end))
    for module, name, total in extensions:
        owners = [key for key in declared if key[1] == name]
        owner = (module, name) if (module, name) in declared else (owners[0] if len(owners) == 1 else None)
        if owner:
            declared[owner][0] += total
    return declared


# Types over 100 members, each with why: the surplus is UIKit's own API that the type mirrors
# ("module.Type", qualified for a nested type).
EXCEPTIONS = {
    "Caret.View": "mirrors UIView with UIResponder and UIAccessibility: 114 of its 137 public members are UIKit's "
                  "(geometry, hierarchy, layout and Auto Layout, drawing, animation, responder, accessibility)",
}
counts = all_members()
count, stored = counts.get(("Caret", "TextEditingView"), [0, 0])
print(f"check_sources: TextEditingView has {count} members, {stored} stored")
for (module, name), (total, stored) in sorted(counts.items(), key=lambda item: (-item[1][0], item[0]))[:10]:
    print(f"check_sources: {module}.{name} has {total} members, {stored} stored")
for (module, name), (total, _) in sorted(counts.items()):
    key = f"{module}.{name}"
    if total > 100 and judges_members and key not in EXCEPTIONS:
        failures.append(f"{key} has {total} members (at most 100, or listed in EXCEPTIONS with why)")

# Mutable state of the whole process, each with why it cannot be a window's or an instance's
# ("path: name", the path under Sources). Anything else found fails the check.
STATICS = {
    # Process-wide by the UIKit API Caret mirrors (class properties and class methods).
    "Caret/Accessibility/Accessibility.swift: windows":
        "UIAccessibility's class properties (isVoiceOverRunning...) span every window: weak references, main actor",
    "Caret/Accessibility/Accessibility.swift: screenReaders": "UIAccessibility.isVoiceOverRunning: any window's reader, weak, main actor",
    "Caret/Accessibility/Accessibility.swift: switchScanners": "UIAccessibility.isSwitchControlRunning: any window's, weak, main actor",
    "Caret/Views/Screen.swift: newestWindow": "UIScreen.main and the class properties that follow the app's window: weak, main actor",
    "Caret/Keyboard/TextInputMode.swift: currentKeyboard":
        "UITextInputMode.activeInputModes (a class property): the keyboard last used, weak, main actor",
    "Caret/Text/TextChecker.swift: learnedWordsPath":
        "UITextChecker.learnWord/unlearnWord/hasLearnedWord are class methods: the user's one file of learned words",
    "Caret/Text/TextChecker.swift: learned": "the learned words read from that one file (main actor)",
    "Caret/Text/TextChecker.swift: saveError": "why that one file could not be written (main actor)",
    "Caret/Controls/SpellingState.swift: all": "the editors to check again when the process-wide learned words change: weak, main actor",
    "Caret/Views/View+Animation.swift: current": "UIView.animate's class methods: the block being run, main actor",
    "Caret/Views/View+Animation.swift: animationsDisabled": "UIView.performWithoutAnimation (a class method), main actor",
    "Caret/Views/View+Keyframes.swift: current": "UIView.animateKeyframes (a class method): the keyframes being added, main actor",
    "Caret/Layout/LayoutPriority.swift: handler": "where Auto Layout's console messages go, as UIKit's one console log (main actor)",
    "Caret/Support/FontProviders.swift: application":
        "the fonts views measure with before they are in a window: the app's window's, set once by its platform (main actor)",
    "Caret/Graphics/Image+Named.swift: installed": "UIImage(named:) is a class-level lookup: the decoder the platform installs (main actor)",
    # Counters and caches over every window (main actor), values that no window owns.
    "Caret/Layout/NSLayoutConstraint.swift: activations":
        "activation order across windows: a constraint may be activated before it is in any window",
    "Caret/Views/View+SafeArea.swift: geometryGeneration": "a generation of any view's geometry, compared within a pass (main actor)",
    "Caret/Keyboard/NextWords.swift: read": "the bundled prediction files, read once per process (main actor)",
    "Caret/Keyboard/Emoji/EmojiCatalog.swift: catalogRead": "the bundled emoji catalog, read once per process (main actor)",
    "Caret/Keyboard/Emoji/EmojiCatalog.swift: namesRead": "the bundled emoji names of each language, read once per process (main actor)",
    "Caret/Table/TableViewCell+Layout.swift: images": "accessory images drawn once per size and colour (main actor)",
    # A C library or platform state that exists once per process.
    "CaretSDL/Application+Scene.swift: open": "UIApplication.shared: the open applications of the process, the last answering (main actor, weak)",
    "CaretSDL/SDLRuntime.swift: imageReady": "SDL_image starts once per process (main actor)",
    "CaretSDL/SDLRuntime.swift: videoUsers": "SDL's video subsystem is counted per process (main actor)",
    "CaretSDL/SDLRuntime.swift: keepsInputMethodsFromSDL": "chosen when SDL's video starts, once per process (main actor)",
    "CaretSDL/SDLRuntime.swift: sdlMayTakeKeys": "chosen when SDL's video starts, once per process (main actor)",
    "CaretSDL/SignalStop.swift: sources": "signal handlers are the process's: one set of dispatch sources (main actor)",
    "CaretAccessibility/ATSPIBridge.swift: current": "at-spi2-atk publishes one tree per process (the C shim refuses a second)",
    "CaretAccessibility/ATSPIBridge+Callbacks.swift: callbacks":
        "never changes: the table of C callbacks, `nonisolated(unsafe)` only because the C struct is not Sendable",
    "CaretTesting/Soak/SoakCrashReporter.swift: seed": "read by the crash signal handler, where no lock may be taken",
    "CaretTesting/Soak/SoakCrashReporter.swift: index": "read by the crash signal handler, where no lock may be taken",
    "CaretTesting/Soak/SoakCrashReporter.swift: installed": "the crash signal handlers are the process's",
    "CaretTesting/Soak/SoakCrashReporter.swift: previous": "the handlers before them, restored by the signal handler",
}

MODIFIER = (r"(?:@[\w.]+(?:\([^)]*\))?\s+|(?:public|package|internal|private|fileprivate|open|final|override|lazy|weak|unowned|"
            r"dynamic|nonisolated\(unsafe\)|nonisolated|(?:private|internal|package|public|fileprivate)\(set\))\s+)*")
STATIC_DECLARATION = re.compile(r"(?m)^[ \t]*" + MODIFIER + r"(?:static|class)\s+" + MODIFIER + r"(var|let)\s+(\w+)")
TOP_LEVEL_DECLARATION = re.compile(r"^\s*" + MODIFIER + r"(var|let)\s+(\w+)")


def is_stored(code, end):
    """Whether the property declared up to `end` has storage: an initial value, a type alone, or
    observers; not a getter's body."""
    depth = 0
    for i in range(end, len(code)):
        c = code[i]
        if c in "([<":
            depth += 1
        elif c in ")]>":
            depth -= 1
        elif depth <= 0 and c == "=":
            return True
        elif depth <= 0 and (c == "{" or c == "\n"):
            rest = code[i:].lstrip() if c == "\n" else code[i:]
            if not rest.startswith("{"):
                return True
            return re.match(r"\{\s*(didSet|willSet)\b", rest) is not None
    return True


def mutable_statics():
    """Every mutable static or global in Sources, as "path: name" with how it is declared."""
    found = {}
    for path in sources:
        code = strip(path.read_text(encoding="utf-8"))
        name = str(path.relative_to(root / "Sources"))
        for match in STATIC_DECLARATION.finditer(code):
            declaration = code[match.start():match.end()]
            unsafe = "nonisolated(unsafe)" in declaration
            if (match.group(1) == "var" and is_stored(code, match.end())) or unsafe:
                found[f"{name}: {match.group(2)}"] = " ".join(declaration.split())
        depth, line_start = 0, 0
        for i, c in enumerate(code):
            if c == "\n":
                if depth == 0:
                    line = code[line_start:i]
                    match = TOP_LEVEL_DECLARATION.match(line)
                    if match and (match.group(1) == "var" or "nonisolated(unsafe)" in line):
                        found[f"{name}: {match.group(2)}"] = " ".join(line.split())
                line_start = i + 1
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
    return found


statics = mutable_statics()
if lists_statics:
    for key in sorted(statics):
        print(f"check_sources: static {key} ({statics[key]}){'' if key in STATICS else '  [not listed]'}")
for key in sorted(statics):
    if key not in STATICS:
        failures.append(f"Sources/{key}: mutable state of the whole process ({statics[key]}); make it a window's, "
                        "a backend's or an instance's, or list it in STATICS with why it cannot be")
for key in sorted(set(STATICS) - set(statics)):
    failures.append(f"STATICS lists {key}, which is no longer found: take it off the list")
print(f"check_sources: {len(statics)} mutable statics, each listed with its reason" if not any(k not in STATICS for k in statics)
      else f"check_sources: {len(statics)} mutable statics")


# Back-references to the editor: each of the editor's parts (its interaction, display, spelling...)
# talks to the narrow host protocol declared beside it, not to `TextEditingView`, so that it can be
# tested with a stub host. Counted in Sources, in every type but TextEditingView and the controls
# built on it (TextField, TextView): properties and parameters typed `TextEditingView` (optional or
# not, `unowned` and `weak` ones included), and in a type that stores one, its calls through it.
BACK_REFERENCE_LIMIT = 42  # 310 before the parts had host protocols
EDITOR_OWNERS = {"TextEditingView", "TextField", "TextView"}


def back_references():
    """(count, [(path, type, references, calls)]): references to TextEditingView outside its owners."""
    typed = re.compile(r"\b\w+\s*:\s*(?:any\s+)?TextEditingView\b[?!]?")
    opener = re.compile(r"\b(?:class|struct|enum|actor|protocol|extension)\s+([\w.]+)[^{\n]*\{")
    total, found = 0, []
    for path in sources:
        code = strip(path.read_text(encoding="utf-8"))
        i, depth = 0, 0
        while i < len(code):
            match = opener.match(code, i) if depth == 0 and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")) else None
            if match:
                inner, j = 1, match.end()
                while j < len(code) and inner > 0:
                    inner += {"{": 1, "}": -1}.get(code[j], 0)
                    j += 1
                name, body = match.group(1).split(".")[0], code[match.start():j]
                i = j
                if name in EDITOR_OWNERS:
                    continue
                references = len(typed.findall(body))
                stored = set(re.findall(r"\b(?:let|var)\s+(\w+)\s*:\s*TextEditingView\b[?!]?[ \t]*(?:\n|=)", body))
                calls = sum(len(re.findall(r"(?<![\w.])" + re.escape(p) + r"[?!]?\.", body)) for p in stored)
                if references + calls:
                    found.append((str(path.relative_to(root)), name, references, calls))
                    total += references + calls
                continue
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            i += 1
    return total, found


back_reference_count, back_reference_types = back_references()
print(f"check_sources: {back_reference_count} back-references to TextEditingView")
if back_reference_count > BACK_REFERENCE_LIMIT:
    for path, name, references, calls in back_reference_types:
        print(f"check_sources: {path}: {name}: {references} typed TextEditingView, {calls} calls through it")
    failures.append(f"{back_reference_count} back-references to TextEditingView (at most {BACK_REFERENCE_LIMIT}): "
                    "give the part that holds one a host protocol of its own")

for failure in failures:
    print("check_sources:", failure)
print(f"check_sources: {len(sources)} files, {'no failure' if not failures else f'{len(failures)} failures'}")
sys.exit(1 if failures else 0)
