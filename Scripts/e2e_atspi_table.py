#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""An AT-SPI2 client (Debian's pyatspi) against the demo's form in a table: finds the table by
name, reads it through the Table interface (rows counted through every section, one column),
reaches shown rows' cells and their places through TableCell, finds the fields inside the field
rows, selects a topic through the cell's action, and, after the table is scrolled with the
mouse wheel, reads the tree again. Prints one line per check ("name: passed" or
"name: FAILED ..."), then "N passed, M failed". The first argument is a file the client writes
the table's screen centre to when it wants the wheel turned; the second one appears when it was
turned; the third is where the tree it read goes."""
import sys
import time

import pyatspi
from gi.repository import GLib

from e2e_wait import wait_for

results = []
ROWS = 3 + 1 + 20  # About you, Notes, Topics
TOPICS = ["Accessibility", "Arabic and Hebrew", "Auto Layout", "Chinese input", "Dictation", "Emoji", "Handwriting",
          "Hindi and Indic scripts", "Japanese input", "Keyboard avoidance", "Kiosks", "Korean input", "Screen readers",
          "Spelling", "Swipe typing", "Switch access", "Text views", "Touch editing", "Vietnamese", "Wayland"]
LABELS = ["Name", "Date of birth", "Country", "Notes"] + TOPICS


def check(name, ok, detail=""):
    results.append(bool(ok))
    print(f"{name}: {'passed' if ok else 'FAILED'}{' (' + detail + ')' if detail else ''}", flush=True)
    return ok


def finish():
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    sys.exit(0 if all(results) else 1)


def find_app(name, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        for app in pyatspi.Registry.getDesktop(0):
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


def pump():
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def pump_until(condition, timeout, description):
    """Runs the main loop (the events come through it) until condition() holds."""
    return wait_for(condition, timeout, description, between=pump)


def states(node):
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def describe(node):
    return f"{node.getRoleName()} '{node.name}' [{','.join(sorted(states(node)))}]"


def find_table(app):
    return next((n for _, n in walk(app) if n.getRoleName() == "table" and n.name == "Form in a table"), None)


def shown_rows(table):
    """The rows the Table interface hands a cell for, by row: {row: cell}."""
    t = table.queryTable()
    found = {}
    for row in range(t.nRows):
        cell = t.getAccessibleAt(row, 0)
        if cell is not None:
            found[row] = cell
    return found


def position(cell):
    # Atspi answers (whether it is in a table, row, column).
    answer = cell.queryTableCell().position
    return tuple(answer)[-2:]


app = find_app("Caret demo")
check("the demo is on the accessibility bus", app is not None)
if app is None:
    finish()

table = None
for _ in range(30):  # the table screen is shown once the first frame is up
    table = find_table(app)
    if table is not None:
        break
    time.sleep(0.2)
with open(sys.argv[3] if len(sys.argv) > 3 else "/dev/null", "w") as listing:
    for depth, node in walk(app):
        listing.write(f"{'  ' * depth}{describe(node)}\n")
if not check("a table named 'Form in a table' is in the tree", table is not None):
    finish()

t = table.queryTable()
check("the table counts every section's rows", t.nRows == ROWS, f"nRows {t.nRows}, expected {ROWS}")
check("in one column", t.nColumns == 1, f"nColumns {t.nColumns}")
check("no cell outside the column", t.getAccessibleAt(0, 1) is None)
check("no cell past the last row", t.getAccessibleAt(ROWS, 0) is None)

shown = shown_rows(table)
check("the rows on screen have cells", len(shown) >= 4, f"rows {sorted(shown)}")
bad = [(row, describe(cell)) for row, cell in shown.items() if cell.getRoleName() != "table cell"]
check("each is a table cell", not bad, str(bad[:3]))
misplaced = [(row, position(cell)) for row, cell in shown.items() if position(cell) != (row, 0)]
check("each cell's position is its row, column 0", not misplaced, str(misplaced[:3]))
same_table = [row for row, cell in shown.items() if cell.queryTableCell().table != table]
check("each cell's table is the table", not same_table, str(same_table[:3]))
index_rows = [(row, t.getRowAtIndex(cell.getIndexInParent())) for row, cell in shown.items()
              if t.getRowAtIndex(cell.getIndexInParent()) != row or t.getIndexAt(row, 0) != cell.getIndexInParent()]
check("index and row agree both ways (getIndexAt, getRowAtIndex)", not index_rows, str(index_rows[:3]))
misnamed = [(row, cell.name, LABELS[row]) for row, cell in shown.items() if cell.name != LABELS[row]]
check("each cell is named by its row's label", not misnamed, str(misnamed[:4]))

name_cell = shown.get(0)
entries = [n for _, n in walk(name_cell) if n.getRoleName() == "entry"] if name_cell else []
check("the Name row's cell holds an entry named Name", [e.name for e in entries] == ["Name"], str([describe(e) for e in entries]))

# A topic: the first one shown.
topic_row = next((row for row in sorted(shown) if row >= 4), None)
if check("a topics row is on screen", topic_row is not None, f"rows {sorted(shown)}"):
    cell = shown[topic_row]
    check("the topic's cell is named by its label", cell.name == TOPICS[topic_row - 4], cell.name)
    check("a topic's cell is selectable", "selectable" in states(cell), describe(cell))
    check("the table says it selects many rows", "multiselectable" in states(table), describe(table))
    action = cell.queryAction() if cell is not None else None
    names = [action.getName(i) for i in range(action.nActions)] if action else []
    check("the topic's cell offers an action", len(names) >= 1, str(names))
    check("not selected before", "selected" not in states(cell), describe(cell))
    events = []

    def on_state(event):
        try:
            if event.source == cell:
                events.append((event.type, event.detail1))
        except Exception:
            pass

    pyatspi.Registry.registerEventListener(on_state, "object:state-changed:selected")
    if names:
        action.doAction(0)
    pump_until(lambda: "selected" in states(cell) and ("object:state-changed:selected", 1) in events and t.isRowSelected(topic_row),
               20, "the topic selected")
    check("its action selects it (the state set says selected)", "selected" in states(cell), describe(cell))
    check("a state-changed:selected event came", ("object:state-changed:selected", 1) in events, str(events))
    check("the table says the row is selected", t.isRowSelected(topic_row) and topic_row in t.getSelectedRows(),
          f"isRowSelected {t.isRowSelected(topic_row)}, selected rows {list(t.getSelectedRows())}")
    if names:
        action.doAction(0)
    pump_until(lambda: "selected" not in states(cell), 20, "the topic deselected")
    check("its action again deselects it", "selected" not in states(cell), describe(cell))
    pyatspi.Registry.deregisterEventListener(on_state, "object:state-changed:selected")

# Scrolling: the wheel over the table (xdotool, as a person); then the rows on screen change.
removed, added = [], []


def on_children(event):
    try:
        (added if event.type.endswith("add") else removed).append(event.source)
    except Exception:
        pass


pyatspi.Registry.registerEventListener(on_children, "object:children-changed")
before = shown
before_children = [c for c in table]
extents = table.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
open(sys.argv[1], "w").write(f"{extents.x + extents.width // 2} {extents.y + extents.height // 2}\n")
import os
pump_until(lambda: os.path.exists(sys.argv[2]), 30, "the wheel turned")


# The rows scrolled further down, the table told of it, and what has cells the same twice running
# 0.2 s apart (the scroll has come to rest).
def scrolled_and_still():
    now = sorted(shown_rows(table))
    if now == sorted(before) or max(now, default=0) <= max(before, default=0) or not (table in added or table in removed):
        return False
    time.sleep(0.2)
    pump()
    return sorted(shown_rows(table)) == now


pump_until(scrolled_and_still, 30, "the rows to scroll and come to rest")
after = shown_rows(table)
check("scrolling changes which rows have cells", sorted(after) != sorted(before), f"before {sorted(before)}, after {sorted(after)}")
check("rows further down have cells now", max(after, default=0) > max(before, default=0), f"after {sorted(after)}")
misplaced = [(row, position(cell)) for row, cell in after.items() if position(cell) != (row, 0)]
check("each cell's position is its row after scrolling", not misplaced, str(misplaced[:3]))
misnamed = [(row, cell.name) for row, cell in after.items() if cell.name != LABELS[row]]
check("each cell is named by its row after scrolling", not misnamed, str(misnamed[:4]))
children = [c for c in table]
defunct = [describe(c) for c in children if c is None or "defunct" in states(c)]
check("the table's children are none defunct", not defunct, str(defunct[:3]))
hidden = [describe(c) for c in children if c is not None and "showing" not in states(c)]
check("the table's children are all showing", not hidden, str(hidden[:3]))
cells = [c for c in children if c is not None and c.getRoleName() == "table cell"]
child_rows = sorted(position(c)[0] for c in cells)
check("the table's cell children are the rows with cells", child_rows == sorted(after), f"children {child_rows}, rows {sorted(after)}")
parents = [describe(c) for c in children if c is not None and c.parent != table]
check("each child's parent is the table", not parents, str(parents[:3]))
check("children-changed events came for the table", table in added or table in removed,
      f"{len(added)} adds, {len(removed)} removes from {sorted({describe(s) for s in added + removed})[:3]}")
gone = [describe(c) for c in before_children if c is not None and c not in children and "defunct" not in states(c)
        and "showing" in states(c)]
check("a cell that scrolled away is not left showing", not gone, str(gone[:3]))

with open(sys.argv[3] if len(sys.argv) > 3 else "/dev/null", "a") as listing:
    listing.write("\n# after scrolling\n")
    for depth, node in walk(table):
        listing.write(f"{'  ' * depth}{describe(node)}\n")
finish()
