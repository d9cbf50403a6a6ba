#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface, for the appearance tests.

Usage (on a private bus):
  dbus-run-session --config-file=session.conf -- settings-standin.py MODE -- COMMAND...

It owns org.freedesktop.portal.Desktop, exports org.freedesktop.portal.Settings at
/org/freedesktop/portal/desktop, runs COMMAND once the name is owned, and exits with
COMMAND's status. MODE says what org.freedesktop.appearance holds:

  light | dark | none   color-scheme 2 (prefer light), 1 (prefer dark) or 0 (no preference)
  missing               no color-scheme key: Read fails with org.freedesktop.portal.Error.NotFound
  no-service            never owns the name (no portal running)
  ...+accent:R:G:B      also accent-color (R, G, B), sRGB in 0..1 (dark+accent:0.2:0.4:0.8)

Read answers as xdg-desktop-portal 1.16 does: the value inside two variants (v of v).
With STANDIN_CONTROL=FILE, the file is read every 50 ms; when it holds a new MODE, the
settings change to it and SettingChanged is emitted for color-scheme (and accent-color when
the mode has one), as the portal does when the desktop's preference changes.
"""
import os
import signal
import subprocess
import sys

from gi.repository import Gio, GLib

INTERFACE_XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <method name="ReadAll">
      <arg type="as" name="namespaces" direction="in"/>
      <arg type="a{sa{sv}}" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

signal.pthread_sigmask(signal.SIG_SETMASK, [])
separator = sys.argv.index("--")
mode = sys.argv[1]
command = sys.argv[separator + 1 :]
loop = GLib.MainLoop()
status = {"code": -1}
SCHEMES = {"none": 0, "dark": 1, "light": 2}


def settings(text):
    """The org.freedesktop.appearance keys MODE `text` holds, as GLib variants."""
    scheme, _, accent = text.partition("+accent:")
    values = {}
    if scheme in SCHEMES:
        values["color-scheme"] = GLib.Variant("u", SCHEMES[scheme])
    if accent:
        red, green, blue = (float(part) for part in accent.split(":"))
        values["accent-color"] = GLib.Variant("(ddd)", (red, green, blue))
    return values


current = {"mode": mode, "values": settings(mode)}


def on_method(connection, sender, path, interface, method, parameters, invocation):
    values = current["values"]
    if method == "Read":
        namespace, key = parameters.unpack()
        if namespace != "org.freedesktop.appearance" or key not in values:
            invocation.return_dbus_error(
                "org.freedesktop.portal.Error.NotFound", "Requested setting not found")
            return
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", values[key]),)))
    elif method == "ReadAll":
        invocation.return_value(
            GLib.Variant("(a{sa{sv}})", ({"org.freedesktop.appearance": values},)))


def on_property(connection, sender, path, interface, name):
    return GLib.Variant("u", 1)


def poll_control():
    path = os.environ.get("STANDIN_CONTROL")
    try:
        with open(path) as handle:
            text = handle.read().strip()
    except OSError:
        return True
    if text and text != current["mode"]:
        current["mode"] = text
        current["values"] = settings(text)
        for key, value in current["values"].items():
            bus.emit_signal(
                None, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                "SettingChanged",
                GLib.Variant("(ssv)", ("org.freedesktop.appearance", key, value)))
    return True


def start_command():
    child = subprocess.Popen(command)

    # Polled rather than a GLib child watch: a parent may have blocked SIGCHLD for us.
    def check():
        code = child.poll()
        if code is None:
            return True
        status["code"] = code
        loop.quit()
        return False

    GLib.timeout_add(20, check)
    return False


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
if mode != "no-service":
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE_XML).interfaces[0]
    bus.register_object("/org/freedesktop/portal/desktop", info, on_method, on_property, None)
    reply = bus.call_sync(
        "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
        GLib.Variant("(su)", ("org.freedesktop.portal.Desktop", 4)), None,
        Gio.DBusCallFlags.NONE, -1, None)
    if reply.unpack()[0] != 1:
        sys.exit("settings-standin: could not own org.freedesktop.portal.Desktop")
if os.environ.get("STANDIN_CONTROL"):
    GLib.timeout_add(50, poll_control)
GLib.idle_add(start_command)
loop.run()
sys.exit(status["code"] if status["code"] >= 0 else 128 - status["code"])
