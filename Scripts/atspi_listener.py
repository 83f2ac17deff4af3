#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""A screen reader's share of an AT-SPI session, for measuring what an application pays when one
listens (Scripts/a11y-session.sh --listener): registers for the events Orca follows while someone
types, and on every caret move reads the line at the caret, as Orca does. Runs until killed."""
import pyatspi

def on_event(event):
    try:
        if event.type.startswith("object:text-caret-moved"):
            event.source.queryText().getTextAtOffset(event.detail1, pyatspi.TEXT_BOUNDARY_LINE_START)
    except Exception:
        pass

for kind in ("object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved",
             "object:state-changed:focused", "focus:"):
    pyatspi.Registry.registerEventListener(on_event, kind)
# Registered (each call above returns once the registry has it): what starts it can go on.
print("atspi-listener: listening", flush=True)
pyatspi.Registry.start()
