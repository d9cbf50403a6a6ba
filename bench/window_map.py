#!/usr/bin/python3
"""Time until a program's window is mapped, and how long its window takes to answer a key.

    window_map.py --display :N --runs 5 [--keys TEXT] [--out FILE] [--shim FILE] NAME -- COMMAND... [-- NAME -- ...]

Runs each command in turn (A, B, C, A, B, C, ...) so drift on a busy machine hits every tool
alike, after one discarded warm-up run each (font caches, pickers' catalog cache). For each run:

- map: from spawning the command to the MapNotify of its top-level window on the root window
  (the window manager's frame; override-redirect popups are ignored), read with python-xlib;
- drawn: from spawning to the window's last repaint (DAMAGE) before a second with none: when
  the window has finished filling in;
- keys (with --keys): once the window has been quiet for a second, each character of TEXT is
  pressed through XTEST and the time from the press to the window's last repaint (the last
  DAMAGE event before 300 ms of quiet, the first repaint allowed 3 s) is the time until the
  window has settled, and the time to the first repaint (key_repaint_ms) when it first answers.

With --shim FILE (a library that counts the replies Xlib waits for: bench/window-map.sh
--round-trips builds it), the commands run with it preloaded, and each key's X round trips,
from its press to the next key's, are counted too (first_key_round_trips,
next_keys_round_trips).

Writes one JSON object (to FILE, else standard output): {name: {"map_ms": [...], "drawn_ms": [...],
"first_key_ms": [...], "key_ms": [...], "key_repaint_ms": [...], "first_key_repaint_ms": [...],
"next_keys_repaint_ms": [...]}}: first_key_* is each run's first key (from the full list),
key_ms and next_keys_repaint_ms the keys after it; key_repaint_ms holds every key's.
"""

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import time

from Xlib import X, XK, display
from Xlib.ext import damage

QUIET = 0.3


def parse(argv):
    options = {"display": os.environ.get("DISPLAY", ""), "runs": 5, "keys": "", "out": "", "shim": ""}
    commands = []
    index = 0
    while index < len(argv) and argv[index].startswith("--"):
        options[argv[index][2:]] = argv[index + 1]
        index += 2
    rest = argv[index:]
    while rest:
        name = rest[0]
        assert rest[1] == "--", "expected NAME -- COMMAND"
        rest = rest[2:]
        end = rest.index("--") if "--" in rest else len(rest)
        commands.append((name, rest[:end]))
        rest = rest[end + 1 :]
    return options, commands


class Screen:
    def __init__(self, name):
        self.d = display.Display(name)
        self.root = self.d.screen().root
        self.d.damage_query_version()
        self.root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.d.flush()
        self.fd = self.d.fileno()

    def events(self, timeout):
        """Events until `timeout` seconds pass with none pending."""
        deadline = time.monotonic() + timeout
        while True:
            while self.d.pending_events():
                yield self.d.next_event()
            left = deadline - time.monotonic()
            if left <= 0:
                return
            readable, _, _ = select.select([self.fd], [], [], left)
            if not readable:
                return
            self.d.pending_events()

    def wait_map(self, process, timeout=60):
        """The time the program's first top-level window was mapped, and that window (the
        client's own window, inside the window manager's frame)."""
        start = time.monotonic()
        clients = {}
        while time.monotonic() - start < timeout:
            for event in self.events(0.05):
                if event.type == X.ReparentNotify:
                    clients[event.parent.id] = event.window
                elif event.type == X.MapNotify and not event.override:
                    return time.monotonic(), clients.get(event.window.id, event.window)
            if process.poll() is not None:
                raise RuntimeError("exited before mapping: %s" % process.args)
        raise RuntimeError("no window within %d s: %s" % (timeout, process.args))

    def quiet(self, watches, quiet, first=None):
        """Waits until the watched windows show no repaint for `quiet` seconds; returns the last
        repaint's time (None when there was none). Windows created meanwhile (a list's type-ahead
        popup) are watched too. With `first`, the first repaint may take up to that long."""
        last = None
        self.first_repaint = None
        while True:
            found = False
            for event in self.events(quiet if last or not first else first):
                if type(event).__name__ == "DamageNotify":
                    last = time.monotonic()
                    self.first_repaint = self.first_repaint or last
                    found = True
                    break
                if event.type == X.CreateNotify:
                    watches.append(event.window.damage_create(damage.DamageReportRawRectangles))
                    self.d.flush()
            if not found:
                return last

    def key(self, character):
        keysym = XK.string_to_keysym(character) or ord(character)
        code = self.d.keysym_to_keycode(keysym)
        self.d.xtest_fake_input(X.KeyPress, code)
        self.d.xtest_fake_input(X.KeyRelease, code)
        self.d.flush()


def round_trips(log, start, end):
    """How many replies the program waited for (the shim's "XReply MS" lines) from `start`
    to `end` (monotonic seconds)."""
    count = 0
    with open(log) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) == 2 and fields[0] == "XReply" and start * 1000 <= float(fields[1]) < end * 1000:
                count += 1
    return count


def run_once(screen, command, keys, env, shim=""):
    log = ""
    if shim:
        fd, log = tempfile.mkstemp(prefix="window-map-", suffix=".replies")
        os.close(fd)
        env = dict(env, LD_PRELOAD=shim, XREPLY_LOG=log)
    process = subprocess.Popen(
        command, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    start = time.monotonic()
    try:
        mapped, window = screen.wait_map(process)
        result = {"map_ms": (mapped - start) * 1000}
        watches = [window.damage_create(damage.DamageReportRawRectangles)]
        screen.d.flush()
        drawn = screen.quiet(watches, 1.0)
        result["drawn_ms"] = ((drawn or mapped) - start) * 1000
        if keys:
            times = []
            repaints = []
            presses = []
            for character in keys:
                pressed = time.monotonic()
                presses.append(pressed)
                screen.key(character)
                last = screen.quiet(watches, QUIET, first=3.0)
                times.append(((last or pressed) - pressed) * 1000)
                repaints.append(((screen.first_repaint or pressed) - pressed) * 1000)
            result["keys_ms"] = times
            result["repaint_ms"] = repaints
            if log:
                # Each key's replies: from its press to the next key's (the window was quiet
                # for QUIET seconds in between), the last key's until now.
                ends = presses[1:] + [time.monotonic()]
                result["round_trips"] = [round_trips(log, a, b) for a, b in zip(presses, ends)]
        return result
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for _ in screen.events(0.2):
            pass
        if log:
            os.unlink(log)


def main():
    options, commands = parse(sys.argv[1:])
    env = dict(os.environ, DISPLAY=options["display"])
    screen = Screen(options["display"])
    runs = int(options["runs"])
    fields = ("map_ms", "drawn_ms", "first_key_ms", "key_ms", "key_repaint_ms",
              "first_key_repaint_ms", "next_keys_repaint_ms")
    if options["shim"]:
        fields += ("first_key_round_trips", "next_keys_round_trips")
    results = {name: {field: [] for field in fields} for name, _ in commands}
    for name, command in commands:
        run_once(screen, command, "", env)
    for _ in range(runs):
        for name, command in commands:
            result = run_once(screen, command, options["keys"], env, options["shim"])
            trips = result.get("round_trips", [])
            if trips:
                results[name]["first_key_round_trips"].append(trips[0])
                results[name]["next_keys_round_trips"].extend(trips[1:])
            results[name]["map_ms"].append(round(result["map_ms"], 1))
            results[name]["drawn_ms"].append(round(result["drawn_ms"], 1))
            repaints = [round(k, 1) for k in result.get("repaint_ms", [])]
            results[name]["key_repaint_ms"].extend(repaints)
            results[name]["first_key_repaint_ms"].extend(repaints[:1])
            results[name]["next_keys_repaint_ms"].extend(repaints[1:])
            keys = result.get("keys_ms", [])
            if keys:
                results[name]["first_key_ms"].append(round(keys[0], 1))
                results[name]["key_ms"].extend(round(k, 1) for k in keys[1:])
    if options["out"]:
        with open(options["out"], "w") as out:
            json.dump(results, out)
    else:
        json.dump(results, sys.stdout)
        print()


if __name__ == "__main__":
    main()
