#!/usr/bin/python3
"""Prints the accessibility tree of the running application named sys.argv[1], as AT-SPI
(the bus screen readers use) shows it: one JSON object per node with its role, name,
description, the names of the nodes it is labelled by, and a range's current value.

    atspi-tree.py APPLICATION [TIMEOUT_SECONDS]

Run inside the application's D-Bus session (DBUS_SESSION_BUS_ADDRESS). Exits 1 when no
application of that name appears in time. Also prints {"application": NAME} for the names seen.
"""
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def walk(node, depth, out):
    if node is None or depth > 40:
        return
    try:
        role = node.get_role_name()
        name = node.get_name() or ""
        description = node.get_description() or ""
    except Exception:
        return
    labelled_by = []
    try:
        for relation in node.get_relation_set() or []:
            if relation.get_relation_type() == Atspi.RelationType.LABELLED_BY:
                for index in range(relation.get_n_targets()):
                    target = relation.get_target(index)
                    labelled_by.append(target.get_name() or "")
    except Exception:
        pass
    states = []
    try:
        state_set = node.get_state_set()
        for state in (Atspi.StateType.FOCUSABLE, Atspi.StateType.SHOWING, Atspi.StateType.SELECTED):
            if state_set.contains(state):
                states.append(state.value_nick)
    except Exception:
        pass
    entry = {
        "role": role,
        "name": name,
        "description": description,
        "labelledBy": labelled_by,
        "states": states,
    }
    # A range's current value (sliders), when the node has AT-SPI's Value interface.
    try:
        value = node.get_value_iface()
        if value is not None:
            entry["value"] = value.get_current_value()
    except Exception:
        pass
    out.append(entry)
    for index in range(node.get_child_count()):
        walk(node.get_child_at_index(index), depth + 1, out)


def main():
    wanted = sys.argv[1]
    timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 30
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        desktop = Atspi.get_desktop(0)
        seen = []
        for index in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(index)
            if app is None:
                continue
            seen.append(app.get_name())
            if app.get_name() == wanted and app.get_child_count() > 0:
                nodes = []
                walk(app, 0, nodes)
                # Wait for the window's contents, not just the application.
                if len(nodes) > 5:
                    print(json.dumps({"application": app.get_name(), "nodes": nodes}))
                    return 0
        time.sleep(0.3)
    print(json.dumps({"application": None, "seen": seen}))
    return 1


sys.exit(main())
