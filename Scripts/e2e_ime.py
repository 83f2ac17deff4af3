#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Input methods end to end: one scenario in a fresh D-Bus session (run by Scripts/e2e-ime.sh).

Starts Xvfb, an input method daemon (IBus with hangul, anthy or libpinyin; Fcitx 5 with hangul),
the demo with --trace, types through xdotool as a person would, and checks what the traced
delegate calls and notifications say landed in which field.
"""
import json
import os
import signal
import subprocess
import sys
import time

from e2e_wait import wait_for

DEMO = os.environ["CARET_DEMO"]
OUT = os.environ.get("E2E_OUT", "/tmp/caret-e2e-ime")
DISPLAY = os.environ.get("E2E_DISPLAY", ":91")


def sh(*args, check=True, env=None, timeout=30):
    return subprocess.run(args, check=check, env=env, timeout=timeout, capture_output=True, text=True)


def succeeds(*args, env=None):
    return sh(*args, env=env, check=False).returncode == 0


def key_events(keys):
    """Key events xdotool sends for keys such as "g" or "ctrl+b": a press and a release of each part."""
    return sum(2 * len(key.split("+")) for key in keys)


class Session:
    def __init__(self, name, framework, engine, focus="name", hangul_forwarding=False, at_launch=None):
        self.name, self.framework, self.engine, self.focus = name, framework, engine, focus
        # CARET_IBUS_TRACE: Caret's IBus and Fcitx clients log each key event with the daemon's
        # answer ("caret: IBus: key ..."), which the waits below count.
        self.env = dict(os.environ, DISPLAY=DISPLAY, PATH="/usr/bin:/bin:/usr/sbin:/sbin:" + os.environ.get("PATH", ""),
                        CARET_IBUS_TRACE="1")
        self.processes = []
        os.makedirs(OUT, exist_ok=True)
        self.trace_path = f"{OUT}/{name}.trace"
        self.hangul_forwarding = hangul_forwarding
        # Keys in a password or phone field never go to the input method: nothing answers them.
        self.offered = focus not in ("password", "phone")
        # Text typed by `xdotool type` as soon as the window has focus, before anything else.
        self.at_launch = at_launch

    def start(self):
        self.processes.append(subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1024x768x24"], stderr=subprocess.DEVNULL))
        if not wait_for(lambda: succeeds("xdpyinfo", env=self.env), 10, "the X server"):
            raise RuntimeError("Xvfb did not start")
        if self.framework == "ibus":
            forwarding = "true" if self.hangul_forwarding else "false"
            sh("gsettings", "set", "org.freedesktop.ibus.engine.hangul", "use-event-forwarding", forwarding, env=self.env, check=False)
            # Escape leaves Hangul for Latin by default (for vi's users); the click-burst scenario
            # ends editing with it, and there it only ends editing.
            off_keys = "" if self.name.endswith("click-burst") else "Escape"
            sh("gsettings", "set", "org.freedesktop.ibus.engine.hangul", "off-keys", off_keys, env=self.env, check=False)
            sh("ibus-daemon", "--daemonize", "--replace", "--xim", "--panel=disable", env=self.env)
            for _ in range(40):
                if sh("ibus", "list-engine", env=self.env, check=False).returncode == 0:
                    break
                time.sleep(0.5)
            # Setting an engine written in Python (anthy) exits 1 while the engine starts: wait for it.
            for _ in range(20):
                sh("ibus", "engine", self.engine, env=self.env, check=False)
                if sh("ibus", "engine", env=self.env, check=False).stdout.strip() == self.engine:
                    break
                time.sleep(0.5)
            else:
                raise RuntimeError(f"IBus did not switch to {self.engine}")
            self.env.update(SDL_IM_MODULE="ibus", XMODIFIERS="@im=ibus")
        else:
            config = f"{OUT}/{self.name}-config"
            os.makedirs(f"{config}/fcitx5", exist_ok=True)
            with open(f"{config}/fcitx5/profile", "w") as f:
                f.write("[Groups/0]\nName=Default\nDefault Layout=us\nDefaultIM=" + self.engine + "\n\n"
                        "[Groups/0/Items/0]\nName=keyboard-us\nLayout=\n\n"
                        "[Groups/0/Items/1]\nName=" + self.engine + "\nLayout=\n\n[GroupOrder]\n0=Default\n")
            self.env["XDG_CONFIG_HOME"] = config
            self.fcitx_env = dict(self.env)
            self.fcitx = subprocess.Popen(["fcitx5", "--keep"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.processes.append(self.fcitx)
            if not wait_for(self.fcitx_up, 30, "Fcitx 5 on the session bus"):
                raise RuntimeError("Fcitx 5 did not start")
            self.env.update(SDL_IM_MODULE="fcitx", XMODIFIERS="@im=fcitx")
        self.trace = open(self.trace_path, "w")
        self.demo = subprocess.Popen([DEMO, "--trace", "--keyboard", "never", "--size", "800x600", "--focus", self.focus],
                                     env=self.env, stdout=self.trace, stderr=subprocess.STDOUT)
        self.processes.insert(0, self.demo)
        for _ in range(80):
            if "caret-demo: ready" in open(self.trace_path).read():
                break
            time.sleep(0.25)
        else:
            raise RuntimeError("the demo did not start")
        window = sh("xdotool", "search", "--name", "Caret demo", env=self.env).stdout.split()[0]
        sh("xdotool", "windowfocus", "--sync", window, env=self.env, check=False)
        self.window = window
        if self.at_launch:
            # As an on-screen keyboard (onboard) types into an app that has just started: at once,
            # whether or not the app's input method client is connected yet. Characters outside
            # the US keymap (ü, ß, ñ) come on a keycode xdotool remaps for them.
            sh("xdotool", "type", "--delay", "12", self.at_launch, env=self.env)
            return
        if self.offered:
            # The demo's input context made and focused: its client has a key that types nothing answered.
            self.connected()
            if self.framework == "fcitx":
                self.fcitx_on()
        elif self.framework == "fcitx":
            sh("fcitx5-remote", "-o", env=self.env, check=False)  # on, for a field that must not use it

    def answers(self):
        return [line for line in open(self.trace_path, errors="replace") if line.startswith(("caret: IBus: key", "caret: Fcitx: key"))]

    def contexts_made(self):
        """How many Fcitx input contexts the demo's client has made."""
        return sum(1 for line in open(self.trace_path, errors="replace") if line.startswith("caret: Fcitx: input context made"))

    def connected(self, timeout=30):
        """Presses Control (it types nothing, and no engine here takes it alone as a command, as
        ibus-libpinyin does Shift), again every second, until the daemon answers it."""
        def answered_once():
            before = len(self.answers())
            sh("xdotool", "key", "ctrl", env=self.env)
            return wait_for(lambda: any(not line.rstrip().endswith(": failed") for line in self.answers()[before:]), 1, "an answer to Control")
        if not wait_for(answered_once, timeout, "the input method to answer keys"):
            raise RuntimeError("the demo's input method client never had a key answered")

    def fcitx_up(self):
        """Fcitx 5 owns its name on the session bus."""
        return "boolean true" in sh("dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                    "org.freedesktop.DBus.NameHasOwner", "string:org.fcitx.Fcitx5", env=self.env, check=False).stdout

    def fcitx_on(self):
        """Turns the input method on (for the focused input context); fcitx5-remote says 2 when it is."""
        def on():
            sh("fcitx5-remote", "-o", env=self.env, check=False)
            return sh("fcitx5-remote", env=self.env, check=False).stdout.strip() == "2"
        wait_for(on, 20, "Fcitx 5 to turn on")

    def answered(self):
        """Key events the demo's client has had answered by the daemon (or given up on)."""
        return len(self.answers())

    def restart_daemon(self):
        """The daemon goes and comes back while the app runs (an update, `ibus restart`)."""
        if self.framework == "ibus":
            sh("ibus", "exit", env=self.env, check=False)
            wait_for(lambda: not succeeds("ibus", "engine", env=self.env), 10, "IBus to go")
            sh("ibus-daemon", "--daemonize", "--replace", "--xim", "--panel=disable", env=self.env)
            for _ in range(40):
                if sh("ibus", "engine", self.engine, env=self.env, check=False).returncode == 0 and \
                        sh("ibus", "engine", env=self.env, check=False).stdout.strip() == self.engine:
                    break
                time.sleep(0.5)
        else:
            index = self.processes.index(self.fcitx)
            made = self.contexts_made()
            self.fcitx.terminate()
            self.fcitx.wait(timeout=5)
            wait_for(lambda: not self.fcitx_up(), 10, "Fcitx 5 to leave the session bus")
            # Down for four seconds (a slow update): the client's retries back off past its return.
            time.sleep(4)
            self.fcitx = subprocess.Popen(["fcitx5", "--keep"], env=self.fcitx_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.processes[index] = self.fcitx
            wait_for(self.fcitx_up, 30, "Fcitx 5 back on the session bus")
            # The demo watches Fcitx's bus name: it makes its new input context as the name is
            # owned again, before any key (not at its next retry, up to 5 s on, nor at a key).
            back = time.monotonic()
            if not wait_for(lambda: self.contexts_made() > made, 1.5, "a new input context with no key pressed"):
                raise RuntimeError("the demo made no new Fcitx input context within 1.5 s of Fcitx's return, with no key")
            print(f"{self.name}: new input context {time.monotonic() - back:.2f} s after Fcitx 5 was back on the bus", flush=True)

    def engine_pid(self):
        """The process that answers keys: ibus-hangul's engine, or Fcitx 5 itself (engines are in it)."""
        if self.framework == "fcitx":
            return self.fcitx.pid
        found = sh("pgrep", "-n", "-f", "ibus-engine-hangul", env=self.env, check=False).stdout.split()
        if not found:
            raise RuntimeError("no ibus-engine-hangul process")
        return int(found[0])

    def keys(self, *keys, delay=180, until=None, answered=True):
        """Types keys, then waits until the daemon has answered each of their events (unless
        answered is false) and, when given, until() holds (what the keys must lead to, checked
        again by the caller)."""
        before = self.answered()
        sh("xdotool", "key", "--delay", str(delay), *keys, env=self.env)
        if self.offered and answered:
            wait_for(lambda: self.answered() >= before + key_events(keys), 20, f"the answers to {' '.join(keys)}")
        if until is not None:
            wait_for(until, 20, f"what {' '.join(keys)} lead to")

    def click(self, x, y, until):
        sh("xdotool", "mousemove", "--window", self.window, str(x), str(y), "click", "1", env=self.env)
        wait_for(until, 20, "what the click leads to")

    def stop(self):
        # The demo first (it stops on SIGTERM and saves its state), then the servers.
        self.processes[0].terminate()
        try:
            self.processes[0].wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for process in self.processes[1:]:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.framework == "ibus":
            sh("ibus", "exit", env=self.env, check=False)

    def events(self):
        events = []
        for line in open(self.trace_path):
            line = line.strip()
            if line.startswith("{"):
                events.append(json.loads(line))
        return events

    def caret(self, field):
        moves = [e for e in self.events() if e["field"] == field and e["event"] == "didChangeSelection"]
        return int(moves[-1]["location"]) if moves else None

    def text(self, field):
        events = [e for e in self.events() if e["field"] == field]
        texts = [e["text"] for e in events if e["event"] == "textDidChange" and "text" in e]
        if texts:
            return texts[-1]
        # A demo whose trace has no text (older ones): replay the changes its delegate allowed.
        units = []
        for e in events:
            if e["event"] == "shouldChangeCharacters":
                location, length = map(int, e["range"].split(","))
                new = list(e["replacement"].encode("utf-16-le"))
                units[2 * location:2 * (location + length)] = new
        return bytes(units).decode("utf-16-le", errors="replace")


HANGUL_TOGGLE = ["Hangul"]
HANGUL_WORDS = ["g", "k", "s", "r", "m", "f", "space", "d", "k", "s", "s", "u", "d", "period"]  # 한글 안녕.


def expect(condition, message, failures):
    if not condition:
        failures.append(message)


def run(name):
    scenarios = {
        "ibus-hangul-words": ("ibus", "hangul", "name"),
        "ibus-hangul-default-settings": ("ibus", "hangul", "name"),
        "ibus-hangul-shortcut": ("ibus", "hangul", "name"),
        "ibus-hangul-focus-moves": ("ibus", "hangul", "name"),
        "ibus-hangul-click": ("ibus", "hangul", "name"),
        "ibus-hangul-password": ("ibus", "hangul", "password"),
        "ibus-anthy-long-preedit": ("ibus", "anthy", "name"),
        "ibus-libpinyin": ("ibus", "libpinyin", "name"),
        "fcitx5-hangul-words": ("fcitx", "hangul", "name"),
        "fcitx5-hangul-key-ends": ("fcitx", "hangul", "name"),
        "fcitx5-hangul-shift": ("fcitx", "hangul", "name"),
        "fcitx5-hangul-fast": ("fcitx", "hangul", "name"),
        "fcitx5-hangul-password": ("fcitx", "hangul", "password"),
        "fcitx5-hangul-phone": ("fcitx", "hangul", "phone"),
        "ibus-hangul-restart": ("ibus", "hangul", "name"),
        "fcitx5-hangul-restart": ("fcitx", "hangul", "name"),
        "ibus-hangul-stall": ("ibus", "hangul", "name"),
        "fcitx5-hangul-stall": ("fcitx", "hangul", "name"),
        "ibus-hangul-click-burst": ("ibus", "hangul", "name"),
        "fcitx5-hangul-click-burst": ("fcitx", "hangul", "name"),
        # "Grüße, señor 12 ok" by `xdotool type` at 12 ms a key as soon as the window has focus:
        # ü, ß and ñ come on a keycode xdotool binds for a moment (they were lost).
        "ibus-type-at-launch": ("ibus", "xkb:us::eng", "name"),
        "fcitx5-type-at-launch": ("fcitx", "keyboard-us", "name"),
    }
    framework, engine, focus = scenarios[name]
    typed = "Grüße, señor 12 ok" if name.endswith("type-at-launch") else None
    session = Session(name, framework, engine, focus,
                      hangul_forwarding=name in ("ibus-hangul-default-settings", "ibus-hangul-shortcut"), at_launch=typed)
    failures = []
    try:
        session.start()
        if typed:
            wait_for(lambda: session.text("name") == typed, 10, f"{typed!r} in the name field")
            expect(session.text("name") == typed, f"typed at launch, name holds {session.text('name')!r}, not {typed!r}", failures)
        elif name in ("ibus-hangul-words", "fcitx5-hangul-words"):
            if framework == "ibus":
                session.keys(*HANGUL_TOGGLE)
            session.keys(*HANGUL_WORDS, until=lambda: session.text("name") == "한글 안녕.")
            expect(session.text("name") == "한글 안녕.", f"name holds {session.text('name')!r}, not '한글 안녕.'", failures)
        elif name == "fcitx5-hangul-key-ends":
            # Keys that end a composition without typing (a shortcut, an arrow, Tab): the
            # syllable is committed once, and nothing of it lands in the next field.
            session.keys("g", "k", "s", "ctrl+b", until=lambda: session.text("name") == "한")
            expect(session.text("name") == "한", f"after Ctrl+B name holds {session.text('name')!r}, not '한'", failures)
            session.keys("r", "m", "f", "Left", until=lambda: session.text("name") == "한글")
            expect(session.text("name") == "한글", f"after Left name holds {session.text('name')!r}, not '한글'", failures)
            session.keys("End", "d", "k", "s", "Tab", until=lambda: session.text("name") == "한글안")
            expect(session.text("name") == "한글안", f"after Tab name holds {session.text('name')!r}, not '한글안'", failures)
            expect(session.text("email") == "", f"after Tab email holds {session.text('email')!r}, not ''", failures)
        elif name == "fcitx5-hangul-shift":
            # 값싼: a Shift-typed double consonant (ㅆ) after a final consonant cluster.
            session.keys("r", "k", "q", "t", "shift+t", "k", "s", "space", until=lambda: session.text("name") == "값싼 ")
            expect(session.text("name") == "값싼 ", f"name holds {session.text('name')!r}, not '값싼 '", failures)
        elif name == "fcitx5-hangul-fast":
            session.keys(*HANGUL_WORDS, delay=5, until=lambda: session.text("name") == "한글 안녕.")
            expect(session.text("name") == "한글 안녕.", f"typed at 5 ms a key, name holds {session.text('name')!r}", failures)
        elif name == "fcitx5-hangul-password":
            # Typed as Latin, one character a key: five changes. Composed, each preedit and each
            # commit would be stored (ㅎ 하 한 한 ㄱ ㄱ 1: seven). The trace never shows the text.
            session.keys("g", "k", "s", "r", "1", until=lambda: len([e for e in session.events() if e["event"] == "shouldChangeCharacters"
                                                                    and e["field"] == "password"]) >= 5)
            changes = [e for e in session.events() if e["event"] == "shouldChangeCharacters" and e["field"] == "password"]
            expect([e.get("range") for e in changes] == ["0,0", "1,0", "2,0", "3,0", "4,0"],
                   f"the password field saw {[(e.get('range'), e.get('replacement')) for e in changes]}, not five keys typed", failures)
        elif name == "fcitx5-hangul-phone":
            session.keys("g", "k", "s", "1", until=lambda: session.text("phone") == "1")
            offered = [e.get("replacement") for e in session.events() if e["field"] == "phone" and e["event"] == "shouldChangeCharacters"]
            expect(session.text("phone") == "1", f"the phone field holds {session.text('phone')!r}, not '1'", failures)
            # Never composed: each key as itself (the letters refused by the field's characters).
            expect(offered == ["g", "k", "s", "1"], f"the phone field was offered {offered}, not the keys as typed (it composed)", failures)
        elif name in ("ibus-hangul-restart", "fcitx5-hangul-restart"):
            # The daemon restarts while the demo runs: after a key or two Hangul types again,
            # without relaunching the app (GTK and Qt apps reconnect too).
            if framework == "ibus":
                session.keys(*HANGUL_TOGGLE)
            session.keys("g", "k", "s", "space", until=lambda: session.text("name") == "한 ")
            expect(session.text("name") == "한 ", f"before the restart name holds {session.text('name')!r}", failures)
            # A syllable composing as the daemon goes: kept as shown (ibus restart dropped it).
            session.keys("d", "k", until=lambda: session.text("name") == "한 아")
            session.restart_daemon()
            # Keys that type nothing until one is answered: Caret's client has found the new daemon.
            session.connected()
            if framework == "ibus":
                session.keys(*HANGUL_TOGGLE)
            else:
                session.fcitx_on()
            session.keys("r", "m", "f", "space", until=lambda: session.text("name") == "한 아글 ")
            expect(session.text("name") == "한 아글 ", f"after the restart name holds {session.text('name')!r}, not '한 아글 '", failures)
        elif name in ("ibus-hangul-stall", "fcitx5-hangul-stall"):
            # The input method stalls (its engine stopped for 1.5 s, as a busy machine or a slow
            # dictionary does) while a key waits for its answer: the key is typed once, when the
            # answer comes, and the keys after it follow in order (it was typed plainly after
            # half a second, then again by the late commit).
            if framework == "ibus":
                session.keys(*HANGUL_TOGGLE)
            session.keys("g", "k", "s")  # 한, composing
            engine = session.engine_pid()
            os.kill(engine, signal.SIGSTOP)
            try:
                session.keys("r", "m", answered=False)  # stalled: answered once it goes on
                time.sleep(1.5)  # the stall itself, as long as the scenario says: not a wait
            finally:
                os.kill(engine, signal.SIGCONT)
            # The engine goes on: its answers to r and m end in 그 composing (the client traces
            # the daemon's signals).
            wait_for(lambda: any('signal preedit("그"' in line for line in open(session.trace_path, errors="replace")), 20,
                     "the engine to compose 그 after the stall")
            session.keys("f", "space", until=lambda: session.text("name") == "한글 ")
            expect(session.text("name") == "한글 ", f"after the stall name holds {session.text('name')!r}, not '한글 '", failures)
        elif name == "ibus-hangul-default-settings":
            # ibus-hangul's default settings give back the keys it does not use (space, digits,
            # punctuation, Backspace, Return) as ForwardKeyEvent signals: Caret's own IBus client
            # reads them (SDL 2.26 ignored them and typed "한글안녕").
            session.keys(*HANGUL_TOGGLE)
            session.keys(*HANGUL_WORDS, until=lambda: session.text("name") == "한글 안녕.")
            expect(session.text("name") == "한글 안녕.", f"name holds {session.text('name')!r}, not '한글 안녕.'", failures)
            session.keys("period", "1", "BackSpace", until=lambda: session.text("name") == "한글 안녕..")
            expect(session.text("name") == "한글 안녕..", f"after .1 and Backspace name holds {session.text('name')!r}", failures)
        elif name == "ibus-hangul-shortcut":
            # A shortcut and an arrow during a composition commit it; the caret stays after it.
            session.keys("a", "b")
            session.keys(*HANGUL_TOGGLE)
            session.keys("g", "k", "s")  # 한, composing after "ab"
            session.keys("ctrl+b", until=lambda: session.text("name") == "ab한" and session.caret("name") == 3)
            expect(session.text("name") == "ab한", f"after Ctrl+B name holds {session.text('name')!r}, not 'ab한'", failures)
            expect(session.caret("name") == 3, f"after Ctrl+B the caret is at {session.caret('name')}, not 3", failures)
            session.keys("r", "m", "f")  # 글, composing
            session.keys("Left", until=lambda: session.text("name") == "ab한글" and session.caret("name") == 3)
            expect(session.text("name") == "ab한글", f"after Left name holds {session.text('name')!r}, not 'ab한글'", failures)
            expect(session.caret("name") == 3, f"after Left the caret is at {session.caret('name')}, not 3", failures)
        elif name == "ibus-hangul-focus-moves":
            session.keys(*HANGUL_TOGGLE)
            session.keys("g", "k", "s")  # 한, still composing
            session.keys("Tab")
            session.keys("r", "m", "f", "space", until=lambda: session.text("name") == "한" and session.text("email") == "글 ")  # 글 in the email field
            expect(session.text("name") == "한", f"name holds {session.text('name')!r}, not '한'", failures)
            expect(session.text("email") == "글 ", f"email holds {session.text('email')!r}, not '글 '", failures)
        elif name in ("ibus-hangul-click-burst", "fcitx5-hangul-click-burst"):
            # A click on a field and the keys after it, read by the demo in one turn (a
            # busy app, or the first seconds after launch): the demo is stopped while xdotool
            # sends them all, then goes on. The keys go to the input method the click started
            # (they skipped it: a click then g k s r m f typed "gksrmf").
            if framework == "ibus":
                session.keys(*HANGUL_TOGGLE)
            # Nothing focused (as at launch): Escape ends the name field's editing. The click is
            # on the name field again (the e-mail field's purpose keeps ibus-hangul in Latin).
            session.keys("Escape", until=lambda: any(e["event"] == "didEndEditing" and e["field"] == "name" for e in session.events()))
            expect(any(e["event"] == "didEndEditing" and e["field"] == "name" for e in session.events()),
                   "Escape did not end the name field's editing", failures)
            os.kill(session.demo.pid, signal.SIGSTOP)
            try:
                # The name field spans 24–776 × 134–173 at 800×600.
                sh("xdotool", "mousemove", "--window", session.window, "400", "153", "click", "1",
                   "key", "--delay", "20", "g", "k", "s", "r", "m", "f", "space", env=session.env)
            finally:
                os.kill(session.demo.pid, signal.SIGCONT)
            wait_for(lambda: session.text("name") == "한글 ", 20, "the burst to compose 한글 in the name field")
            expect(session.text("name") == "한글 ", f"after a click and keys in one burst name holds {session.text('name')!r}, not '한글 '",
                   failures)
        elif name == "ibus-hangul-click":
            session.keys("a", "b")  # Latin mode: "ab"
            session.keys(*HANGUL_TOGGLE)
            session.keys("g", "k", "s")  # 한, composing after "ab"
            # A click at the name field's left edge (it spans 24–776 × 134–172 at 800×600): the
            # composition is committed where it was typed, the next syllable goes at the click.
            session.click(33, 153, until=lambda: session.text("name") == "ab한")
            session.keys("r", "m", "f", "space", until=lambda: session.text("name") == "글 ab한")
            expect(session.text("name") == "글 ab한", f"name holds {session.text('name')!r}, not '글 ab한'", failures)
        elif name == "ibus-hangul-password":
            session.keys(*HANGUL_TOGGLE)
            session.keys("g", "k", "s", until=lambda: len([e for e in session.events() if e["event"] == "shouldChangeCharacters"
                                                            and e["field"] == "password"]) >= 3)
            changes = [e for e in session.events() if e["event"] == "shouldChangeCharacters" and e["field"] == "password"]
            expect(len(changes) == 3, f"{len(changes)} changes in the password field, not 3 (one per jamo, no composition)", failures)
            expect(all(e.get("replacement") == "•" for e in changes), "the trace shows a password's text", failures)
            expect(session.text("name") == "", "typing in the password reached the name field", failures)
        elif name == "ibus-anthy-long-preedit":
            session.keys("ctrl+j")  # anthy: hiragana on
            romaji = "nihongonotekisutowonagakukaitemimasu"
            session.keys(*list(romaji), delay=120)
            expected = "にほんごのてきすとをながくかいてみます"
            session.keys("Return", until=lambda: session.text("name") == expected)
            expect(session.text("name") == expected, f"name holds {session.text('name')!r}, not {expected!r}", failures)
            changes = [e for e in session.events() if e["event"] == "shouldChangeCharacters" and e["field"] == "name"]
            expect(len(changes) == 1 and changes[0].get("replacement") == expected,
                   f"the commit came as {[(e.get('range'), e.get('replacement')) for e in changes]}", failures)
        elif name == "ibus-libpinyin":
            session.keys("z", "h", "o", "n", "g", "w", "e", "n", "space", until=lambda: session.text("name") == "中文")
            expect(session.text("name") == "中文", f"name holds {session.text('name')!r}, not '中文'", failures)
    except Exception as error:  # noqa: BLE001 - any failure of the chain is reported with its scenario
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        session.stop()
    for failure in failures:
        print(f"{name}: FAILED: {failure}")
    if not failures:
        print(f"{name}: passed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(run(sys.argv[1]))
