#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Screenshot.PickColor, for the sampler's tests.

Usage (on a private bus):
  dbus-run-session --config-file=session.conf -- portal-standin.py MODE -- COMMAND...

It owns org.freedesktop.portal.Desktop, runs COMMAND, and exits with COMMAND's status.
MODE says how PickColor answers, the way the real portal (frontend and back ends) does:

  success:R,G,B   Response 0 with color (R, G, B), sent *before* the method returns the
                  handle, as a fast back end may: a client that subscribes only after the
                  call returns misses it.
  cancel          Response 1 (the user pressed Esc).
  other           Response 2 (the back end failed).
  wlr-cancel      Response 2 with org.freedesktop.impl.portal.desktop.wlr also owned: how
                  xdg-desktop-portal-wlr reports Esc in slurp.
  moved:R,G,B     returns a handle other than the predicted one (portals before 0.9 did),
                  then sends Response 0 on it after 300 ms.
  silent          returns the handle and never answers.
  released:R,G,B  returns the handle and sends Response 0 with (R, G, B) once the file named
                  by STANDIN_RELEASE exists: the test decides how long the pick is pending.
  no-method       owns the name but exports no Screenshot interface (a desktop whose portal
                  lacks it, as COSMIC's and LXQt's do).
  no-service      never owns the name (no portal installed).

Each PickColor call is appended to the file named by STANDIN_LOG, if set, as
"PickColor parent=<s> token=<handle_token>". With STANDIN_NOTIFICATIONS=1 it also owns
org.freedesktop.Notifications and logs each Notify call as "Notify app=<s> summary=<s>
body=<s>".
"""
import os
import signal
import subprocess
import sys

from gi.repository import Gio, GLib

INTERFACE_XML = """
<node>
  <interface name="org.freedesktop.portal.Screenshot">
    <method name="PickColor">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

NOTIFICATIONS_XML = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
  </interface>
</node>
"""

# A test runner's worker thread may have blocked signals; the command should not inherit that.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
mode, _, argument = sys.argv[1].partition(":")
command = sys.argv[sys.argv.index("--") + 1:]
loop = GLib.MainLoop()
status = {"code": 3}


def respond(connection, sender, handle, code, results):
    connection.emit_signal(sender, handle, "org.freedesktop.portal.Request", "Response",
                           GLib.Variant("(ua{sv})", (code, results)))
    connection.flush_sync(None)


def color_results():
    red, green, blue = (float(part) for part in argument.split(","))
    return {"color": GLib.Variant("(ddd)", (red, green, blue))}


def on_method(connection, sender, path, interface, method, parameters, invocation):
    parent, options = parameters.unpack()
    token = options.get("handle_token", "t")
    log_line(f"PickColor parent={parent} token={token}")
    predicted = "/org/freedesktop/portal/desktop/request/%s/%s" % (
        sender[1:].replace(".", "_"), token)
    if mode == "moved":
        handle = "/org/freedesktop/portal/desktop/request/legacy/%d" % os.getpid()
        invocation.return_value(GLib.Variant("(o)", (handle,)))
        GLib.timeout_add(300, lambda: respond(connection, sender, handle, 0, color_results()))
        return
    if mode == "released":
        invocation.return_value(GLib.Variant("(o)", (predicted,)))

        def poll_release():
            if not os.path.exists(os.environ.get("STANDIN_RELEASE", "/nonexistent")):
                return True
            respond(connection, sender, predicted, 0, color_results())
            return False

        GLib.timeout_add(50, poll_release)
        return
    if mode == "success":
        respond(connection, sender, predicted, 0, color_results())
    elif mode == "cancel":
        respond(connection, sender, predicted, 1, {})
    elif mode in ("other", "wlr-cancel"):
        respond(connection, sender, predicted, 2, {})
    invocation.return_value(GLib.Variant("(o)", (predicted,)))


def log_line(line):
    log = os.environ.get("STANDIN_LOG")
    if log:
        with open(log, "a") as file:
            file.write(line + "\n")


def on_notify(connection, sender, path, interface, method, parameters, invocation):
    app, _, _, summary, body, _, _, _ = parameters.unpack()
    log_line(f"Notify app={app} summary={summary} body={body}")
    invocation.return_value(GLib.Variant("(u)", (1,)))


def own(name):
    # RequestName with DBUS_NAME_FLAG_DO_NOT_QUEUE: owned when the call returns.
    bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                  "RequestName", GLib.Variant("(su)", (name, 4)), None,
                  Gio.DBusCallFlags.NONE, -1, None)


def on_property(connection, sender, path, interface, name):
    return GLib.Variant("u", 2)


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
if os.environ.get("STANDIN_NOTIFICATIONS") == "1":
    info = Gio.DBusNodeInfo.new_for_xml(NOTIFICATIONS_XML).interfaces[0]
    bus.register_object("/org/freedesktop/Notifications", info, on_notify, None, None)
    own("org.freedesktop.Notifications")
if mode != "no-service":
    if mode != "no-method":
        info = Gio.DBusNodeInfo.new_for_xml(INTERFACE_XML).interfaces[0]
        bus.register_object("/org/freedesktop/portal/desktop", info, on_method, on_property,
                            None)
    own("org.freedesktop.portal.Desktop")
if mode == "wlr-cancel":
    own("org.freedesktop.impl.portal.desktop.wlr")
GLib.idle_add(start_command)
loop.run()
sys.exit(status["code"] if status["code"] >= 0 else 128 - status["code"])
