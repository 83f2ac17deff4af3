#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""An AT-SPI2 client (Debian's pyatspi) against the demo: lists its tree, finds the Email field
by name, reads its text and caret, types into it through EditableText, and hears the events
xdotool's typing causes. Prints one line per check ("name: passed" or "name: FAILED ..."),
then "N passed, M failed". The first argument is a file whose appearance says xdotool typed."""
import subprocess
import sys
import threading
import time

import pyatspi
from gi.repository import GLib

from e2e_wait import wait_for

results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{name}: {'passed' if ok else 'FAILED'}{' (' + detail + ')' if detail else ''}", flush=True)


def find_app(name, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name:
                return app
        time.sleep(0.3)
    return None


def walk(node, depth=0, out=None):
    out = [] if out is None else out
    out.append((depth, node))
    for child in node:
        if child is not None:
            walk(child, depth + 1, out)
    return out


app = find_app("Caret demo")
check("the demo is on the accessibility bus", app is not None)
if app is None:
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    sys.exit(1)

nodes = walk(app)
with open(sys.argv[2] if len(sys.argv) > 2 else "/dev/null", "w") as listing:
    for depth, node in nodes:
        states = ",".join(pyatspi.stateToString(s) for s in node.getState().getStates())
        listing.write(f"{'  ' * depth}{node.getRoleName()} '{node.name}' [{states}]\n")
roles = {node.getRoleName() for _, node in nodes}
check("the tree has a frame, labels, entries, a password text and push buttons",
      {"frame", "label", "entry", "password text", "push button"} <= roles, str(sorted(roles)))

editable = [n for _, n in nodes if n.getState().contains(pyatspi.STATE_EDITABLE)]
unnamed = [n.getRoleName() for n in editable if not n.name]
check("every field and text view has a name", editable and not unnamed, f"{len(editable)} editable, unnamed: {unnamed}")


def related(node, kind):
    """The names of the objects a node is related to by kind."""
    return [relation.getTarget(i).name for relation in node.getRelationSet() if relation.getRelationType() == kind
            for i in range(relation.getNTargets())]


notes_node = next((n for _, n in nodes if n.name == "Notes" and n.getRoleName() == "text"), None)
notes_label = next((n for _, n in nodes if n.getRoleName() == "label" and n.name.startswith("Notes (")), None)
check("the Notes view is labelled by the label above it, and that label is the label for it",
      notes_node is not None and notes_label is not None
      and related(notes_node, pyatspi.RELATION_LABELLED_BY) == [notes_label.name]
      and related(notes_label, pyatspi.RELATION_LABEL_FOR) == ["Notes"],
      f"labelled by {related(notes_node, pyatspi.RELATION_LABELLED_BY) if notes_node else None}, "
      f"label for {related(notes_label, pyatspi.RELATION_LABEL_FOR) if notes_label else None}")

email = next((n for _, n in nodes if n.name == "Email address" and n.getRoleName() == "entry"), None)
check("the Email field is found by name", email is not None)
password = next((n for _, n in nodes if n.getRoleName() == "password text"), None)
heading = next((n for _, n in nodes if n.getRoleName() == "heading"), None)
check("section titles are headings", heading is not None and heading.name == "Sign up", heading.name if heading else "")

if email is not None:
    # An idle app answers at once: its loop is woken when a call comes (Orca makes hundreds per
    # focus change), not when its sleep ends.
    latencies = []
    for _ in range(40):
        began = time.perf_counter()
        email.queryText().getText(0, 3)
        latencies.append(time.perf_counter() - began)
    latencies.sort()
    median = latencies[len(latencies) // 2]
    check("an idle app answers a call at once", median < 0.02, f"median {median * 1000:.1f} ms of 40 calls")


events = []
notes_events = []
def on_event(event):
    try:
        if event.source is not None and event.source.name == "Email address":
            events.append((event.type, event.detail1, event.any_data))
        elif event.source is not None and event.source.name == "Notes":
            notes_events.append((event.type, event.detail1, event.detail2, event.any_data))
    except Exception:
        pass

for kind in ("object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved", "object:state-changed:focused", "focus:"):
    pyatspi.Registry.registerEventListener(on_event, kind)

def pump():
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def pump_until(condition, timeout, description):
    """Runs the main loop (the events come through it) until condition() holds."""
    return wait_for(condition, timeout, description, between=pump)

if email is not None:
    states = email.getState()
    check("the Email field is editable, single line, enabled and showing",
          all(states.contains(s) for s in (pyatspi.STATE_EDITABLE, pyatspi.STATE_SINGLE_LINE, pyatspi.STATE_ENABLED, pyatspi.STATE_SHOWING)))
    extents = email.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    check("the Email field has screen extents", extents.width > 50 and extents.height > 10, str((extents.x, extents.y, extents.width, extents.height)))
    email.queryComponent().grabFocus()
    pump_until(lambda: any(e[0].startswith("object:state-changed:focused") and e[1] == 1 for e in events)
               and email.getState().contains(pyatspi.STATE_FOCUSED), 20, "the Email field focused")
    focused = [e for e in events if e[0].startswith("object:state-changed:focused") and e[1] == 1]
    check("focusing the field sends a focus event", len(focused) >= 1, str(events[:4]))
    check("the field says it is focused", email.getState().contains(pyatspi.STATE_FOCUSED))
    text = email.queryText()
    editable = email.queryEditableText()
    editable.insertText(0, "ada@", 4)
    pump_until(lambda: text.getText(0, -1) == "ada@" and text.caretOffset == 4, 20, "ada@ in the Email field")
    check("typed through EditableText (the delegate was asked)", text.getText(0, -1) == "ada@", repr(text.getText(0, -1)))
    check("the caret is read after the inserted text", text.caretOffset == 4, str(text.caretOffset))
    # Now xdotool types as a person would; the events must come.
    events.clear()
    open(sys.argv[1], "w").write("type\n")

    def all_typed():
        carets = [e for e in events if e[0].startswith("object:text-caret-moved")]
        return (text.getText(0, -1) == "ada@example.org" and len([e for e in events if e[0].startswith("object:text-changed:insert")]) >= 11
                and len(carets) >= 11 and carets[-1][1] == 15)
    pump_until(all_typed, 30, "xdotool's typing and its events")
    typed = text.getText(0, -1)
    check("xdotool's typing reached the field", typed == "ada@example.org", repr(typed))
    inserts = [e for e in events if e[0].startswith("object:text-changed:insert")]
    carets = [e for e in events if e[0].startswith("object:text-caret-moved")]
    check("text-changed:insert events came for each key", len(inserts) >= 11, f"{len(inserts)} inserts: {inserts[:3]}")
    check("text-caret-moved events came", len(carets) >= 11 and carets[-1][1] == 15, f"{len(carets)}, last {carets[-1] if carets else None}")

check("the password field is found", password is not None)
if password is not None:
    password.queryEditableText().insertText(0, "s3cret", 6)
    pump_until(lambda: password.queryText().characterCount == 6, 20, "six characters in the password field")
    whole = password.queryText().getText(0, -1)
    check("the password field's text is never readable", whole == "••••••", repr(whole))
    check("nor is its name or description", "s3cret" not in (password.name or "") + (password.description or ""))

# The notes (a text view): offsets are code points (an emoji is one), units are Caret's.
notes = next((n for _, n in nodes if n.name == "Notes" and n.getRoleName() == "text"), None)
check("the Notes text view is found", notes is not None)
if notes is not None:
    content = "Hi 😀 there. Next one.\nsecond line"
    notes.queryEditableText().setTextContents(content)
    pump_until(lambda: notes.queryText().characterCount == len(content), 20, "the notes set")
    text = notes.queryText()
    check("its character count counts code points", text.characterCount == len(content), str(text.characterCount))
    check("the character after the emoji's offset is read whole", text.getCharacterAtOffset(3) == ord("😀"), str(text.getCharacterAtOffset(3)))
    word = text.getStringAtOffset(6, pyatspi.TEXT_GRANULARITY_WORD)
    check("a word is read with the spaces after it", tuple(word) == ("there. ", 5, 12), repr(tuple(word)))
    sentence = text.getStringAtOffset(1, pyatspi.TEXT_GRANULARITY_SENTENCE)
    check("a sentence is read to the next", tuple(sentence)[0] == "Hi 😀 there. ", repr(tuple(sentence)))
    line = text.getTextAtOffset(len(content) - 3, pyatspi.TEXT_BOUNDARY_LINE_START)
    check("the line at an offset is read (Orca's boundary call)", tuple(line)[0] == "second line", repr(tuple(line)))
    before = text.getTextBeforeOffset(len(content) - 3, pyatspi.TEXT_BOUNDARY_LINE_START)
    check("and the line before it", tuple(before)[0] == "Hi 😀 there. Next one.\n", repr(tuple(before)))
    notes_events.clear()
    notes.queryEditableText().deleteText(0, 5)
    pump_until(lambda: any(e[0].startswith("object:text-changed:delete") for e in notes_events), 20, "the deletion's event")
    deletes = [e for e in notes_events if e[0].startswith("object:text-changed:delete")]
    check("a deletion's event carries what went", deletes[:1] == [("object:text-changed:delete", 0, 5, "Hi 😀 ")], str(notes_events[:3]))

print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
sys.exit(0 if all(results) else 1)
