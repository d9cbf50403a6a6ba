# Parses a CSS file with GTK's own parser (GtkCssProvider) and prints every parsing error.
# Usage: python3 gtk-css-check.py 4.0|3.0 FILE   (needs a display: run under Xvfb)
import sys

import gi

version, path = sys.argv[1], sys.argv[2]
gi.require_version("Gtk", version)
from gi.repository import Gtk  # noqa: E402

if version == "4.0":
    Gtk.init()
else:
    Gtk.init(None)
errors = []


def on_error(provider, section, error):
    if version == "4.0":
        line = section.get_start_location().lines + 1
    else:
        line = section.get_start_line() + 1
    errors.append(f"{path}:{line}: {error.message}")


provider = Gtk.CssProvider()
provider.connect("parsing-error", on_error)
provider.load_from_path(path)
for error in errors:
    print("error:", error)
print("errors", len(errors))
