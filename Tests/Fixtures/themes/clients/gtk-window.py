# Opens a window, plain GTK 4 or libadwaita, with a label and a suggested-action button, lets
# GTK load the user stylesheet ($XDG_CONFIG_HOME/gtk-4.0/gtk.css), then takes a screenshot of
# the X display and prints the window's and the button's colors as #rrggbb.
# Usage: python3 gtk-window.py gtk|adw   (under Xvfb with no window manager; needs xwd, convert)
import subprocess
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

kind = sys.argv[1]
if kind == "adw":
    gi.require_version("Adw", "1")
    from gi.repository import Adw  # noqa: E402

    Adw.init()
else:
    Gtk.init()

window = Gtk.Window(title="pickers theme check")
window.set_decorated(False)
window.set_default_size(320, 240)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
label = Gtk.Label(label="")
label.set_size_request(320, 160)
button = Gtk.Button(label="")
button.add_css_class("suggested-action")
button.set_size_request(320, 80)
box.append(label)
box.append(button)
window.set_child(box)
loop = GLib.MainLoop()
result = {}


def pixel(x, y):
    shot = subprocess.run(["xwd", "-root", "-silent"], check=True, capture_output=True).stdout
    text = subprocess.run(
        ["convert", "xwd:-", "-crop", f"1x1+{x}+{y}", "txt:-"],
        input=shot, check=True, capture_output=True,
    ).stdout.decode()
    return text.split()[-2].lower() if "#" in text else text


def shoot():
    ok, bounds = button.compute_bounds(window)
    x = int(bounds.get_x() + bounds.get_width() / 2)
    y = int(bounds.get_y() + bounds.get_height() / 2)
    result["window"] = pixel(20, 20)
    result["button"] = pixel(x + 40, y + 25)
    loop.quit()
    return False


window.present()
GLib.timeout_add(2000, shoot)
GLib.timeout_add(30000, loop.quit)
loop.run()
print("window", result.get("window"))
print("button", result.get("button"))
