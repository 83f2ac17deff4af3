# SPDX-License-Identifier: Apache-2.0
"""Waiting on a condition instead of a fixed sleep, for the end-to-end scripts (Scripts/wait.sh's
counterpart in Python).

wait_for(condition, timeout, description, between=None) calls condition() every 0.05 s (running
between() first each time, e.g. to pump a GLib main loop) until it returns something true, and
returns that; on timeout it prints "<script>: timed out after N s waiting for <description>" to
stderr and returns the last value (false). Timeouts are generous: CI machines are loaded.
"""
import os
import sys
import time


def wait_for(condition, timeout, description, between=None, step=0.05):
    deadline = time.monotonic() + timeout
    while True:
        if between is not None:
            between()
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            print(f"{os.path.basename(sys.argv[0])}: timed out after {timeout:g} s waiting for {description}", file=sys.stderr, flush=True)
            return value
        time.sleep(step)
