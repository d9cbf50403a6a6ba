#!/usr/bin/env bash
# How fast the picker windows open and answer a key, against the dialogs people use today
# (issue 32), on one display: Xvfb with the openbox window manager.
#
#   bench/window-map.sh [--quick] [--font] [--round-trips]
#
# Font windows: `pickers font pick --gui` against `yad --font` (zenity and kdialog have no font
# dialog), with the test font set (Tests/Fixtures/fonts.conf, about 400 faces) and with every
# installed font (the default configuration; scripts/install-deps --bench installs about 3,100
# faces). Color windows: `pickers color pick --gui` against `zenity --color-selection`,
# `yad --color` and `kdialog --getcolor`.
#
# bench/window_map.py runs the tools in turn (A, B, A, B, ...), after a discarded warm-up each,
# and reads from the X server: the time to map the window, the time until it stops repainting
# (drawn), and for the font windows the answer time of each key of "dej" typed at once (into
# pickers' search field, into yad's family list, whose type-ahead jumps to the match): to its
# first repaint, and until it settles (pickers keeps painting rows in their own fonts). Cursor
# blinking is off (gtk-cursor-blink=false) so a blink is not taken for an answer.
#
# Environment: PICKERS (a pickers binary with pickers-gtk beside it; default: a release build),
# BASELINE (another such pickers binary, say an older build: its font windows are measured in
# the same runs as "baseline", in turn with the others), RUNS (default 5; 2 with --quick).
# --font measures the font windows only. The font windows' runs include the toolkit's floor,
# bench/key_floor.c (built with cc and libgtk-4-dev's pkg-config): a bare GTK 4 window with a
# search entry ("gtk4-entry"), and with a label under it that changes on each key
# ("gtk4-label"). Prints a Markdown table (keys: the first key's first
# repaint and settled time, then the next keys'); JSON in bench/out/window-map.json.
# --round-trips then runs the font windows again (RUNS times, not timed) with a small library
# preloaded that counts the replies Xlib and XCB wait for (each a round trip to the X server),
# and prints each key's count, from its press to the next key's (window-map-trips.json).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-5}
windows=(font-test font-system color)
trips=
for option in "$@"; do
  case $option in
    --quick) runs=${RUNS:-2} ;;
    --font) windows=(font-test font-system) ;;
    --round-trips) trips=1 ;;
    *)
      echo "bench/window-map.sh: unknown option $option (usage: bench/window-map.sh [--quick] [--font] [--round-trips])" >&2
      exit 2
      ;;
  esac
done
out=$root/bench/out
mkdir -p "$out"

for tool in Xvfb openbox yad zenity dbus-run-session fc-list; do
  command -v "$tool" >/dev/null || {
    echo "bench/window-map.sh: needs $tool (scripts/install-deps --bench installs it)" >&2
    exit 1
  }
done
/usr/bin/python3 -c 'import Xlib.ext.damage' 2>/dev/null || {
  echo "bench/window-map.sh: needs python3-xlib" >&2
  exit 1
}

if [[ -z ${PICKERS:-} ]]; then
  swift build -c release --product pickers >&2
  swift build -c release --product pickers-gtk >&2
  PICKERS=$root/.build/release/pickers
fi
"$root/scripts/test-fonts" >&2

# A home of its own: no saved ratings or recent colors, no cursor blinking.
home=$out/window-home
rm -rf "$home"
mkdir -p "$home/.config/gtk-3.0" "$home/.config/gtk-4.0" "$home/runtime"
chmod 700 "$home/runtime"
for version in 3.0 4.0; do
  printf '[Settings]\ngtk-cursor-blink=false\n' >"$home/.config/gtk-$version/settings.ini"
done
export HOME=$home XDG_CONFIG_HOME=$home/.config XDG_CACHE_HOME=$home/.cache
export XDG_STATE_HOME=$home/.state XDG_DATA_HOME=$home/.local/share XDG_RUNTIME_DIR=$home/runtime
export GDK_BACKEND=x11 WAYLAND_DISPLAY=

# Xvfb picks a free display and writes its number when ready (after its pid, printed at once).
exec 3< <(Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp 2>/dev/null & echo "pid $!")
read -r -u 3 _ xvfb
read -r -u 3 number
export DISPLAY=:$number
openbox >/dev/null 2>&1 &
wm=$!
trap 'kill $wm $xvfb 2>/dev/null || true' EXIT
sleep 1

measure() { # NAME FONTCONFIG_FILE KEYS [--shim FILE] -- tools as NAME -- COMMAND... groups
  local name=$1 config=$2 keys=$3
  shift 3
  FONTCONFIG_FILE=$config dbus-run-session -- /usr/bin/python3 "$root/bench/window_map.py" \
    --display "$DISPLAY" --runs "$runs" --keys "$keys" --out "$out/window-map-$name.json" "$@" \
    >/dev/null 2>"$out/window-map-$name.log"
}

# The round-trip counter: each reply Xlib (_XReply) or XCB (xcb_wait_for_reply, outside
# _XReply) waits for is a line "XReply MS" (CLOCK_MONOTONIC) in $XREPLY_LOG.
build_shim() {
  command -v cc >/dev/null || {
    echo "bench/window-map.sh: --round-trips needs a C compiler (cc)" >&2
    exit 1
  }
  cat >"$out/xreply.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static __thread int inside;
static void note(void) {
  static FILE *log;
  if (!log) {
    const char *path = getenv("XREPLY_LOG");
    if (!path || !(log = fopen(path, "a"))) return;
    setvbuf(log, NULL, _IOLBF, 0);
  }
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  fprintf(log, "XReply %.3f\n", now.tv_sec * 1000.0 + now.tv_nsec / 1e6);
}
int _XReply(void *display, void *reply, int extra, int discard) {
  static int (*real)(void *, void *, int, int);
  if (!real) real = (int (*)(void *, void *, int, int))dlsym(RTLD_NEXT, "_XReply");
  note();
  inside = 1;
  int result = real(display, reply, extra, discard);
  inside = 0;
  return result;
}
void *xcb_wait_for_reply(void *connection, unsigned int request, void **error) {
  static void *(*real)(void *, unsigned int, void **);
  if (!real) real = (void *(*)(void *, unsigned int, void **))dlsym(RTLD_NEXT, "xcb_wait_for_reply");
  if (!inside) note();
  return real(connection, request, error);
}
C
  cc -shared -fPIC -O2 -o "$out/xreply.so" "$out/xreply.c" -ldl
}

test_conf=$root/Tests/Fixtures/fonts.conf
system_conf=/etc/fonts/fonts.conf
test_faces=$(FONTCONFIG_FILE=$test_conf fc-list | wc -l)
system_faces=$(FONTCONFIG_FILE=$system_conf fc-list | wc -l)

font_tools=(pickers -- "$PICKERS" font pick --gui -- yad -- yad --font)
[[ -n ${BASELINE:-} ]] && font_tools+=(-- baseline -- "$BASELINE" font pick --gui)
# The toolkit's floor (bench/key_floor.c): a GTK 4 window with an entry, and one whose label
# changes on each key, measured in the same runs ("gtk4-entry", "gtk4-label").
if command -v cc >/dev/null && pkg-config --exists gtk4 2>/dev/null; then
  # shellcheck disable=SC2046  # pkg-config's flags are words
  cc -O2 -o "$out/key_floor" "$root/bench/key_floor.c" $(pkg-config --cflags --libs gtk4)
  font_tools+=(-- gtk4-entry -- "$out/key_floor" entry -- gtk4-label -- "$out/key_floor" label)
else
  echo "bench/window-map.sh: no cc or no libgtk-4-dev: the GTK 4 floor is not measured" >&2
fi
measure font-test "$test_conf" dej "${font_tools[@]}"
measure font-system "$system_conf" dej "${font_tools[@]}"
color_tools=(pickers -- "$PICKERS" color pick --gui -- zenity -- zenity --color-selection
  -- yad -- yad --color)
command -v kdialog >/dev/null && color_tools+=(-- kdialog -- kdialog --getcolor)
[[ " ${windows[*]} " == *" color "* ]] && measure color "$test_conf" "" "${color_tools[@]}"

/usr/bin/python3 - "$out" "$test_faces" "$system_faces" "${windows[@]}" <<'EOF'
import json, statistics, sys
out, test_faces, system_faces, windows = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def median(values):
    if not values:
        return "-"
    value = statistics.median(values)
    return "%.0f" % value if value >= 100 else "%.1f" % value
combined = {}
print("| window | faces | tool | map ms | drawn ms | first key: repaint ms | settled ms | next keys: repaint ms | settled ms |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for name, faces in (("font-test", test_faces), ("font-system", system_faces), ("color", "-")):
    if name not in windows:
        continue
    results = json.load(open("%s/window-map-%s.json" % (out, name)))
    combined[name] = results
    for tool, r in results.items():
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name.split("-")[0], faces, tool, median(r["map_ms"]), median(r["drawn_ms"]),
            median(r.get("first_key_repaint_ms", [])), median(r["first_key_ms"]),
            median(r.get("next_keys_repaint_ms", [])), median(r["key_ms"])))
json.dump(combined, open("%s/window-map.json" % out, "w"), indent=1)
EOF

[[ -n $trips ]] || exit 0
build_shim
measure font-test-trips "$test_conf" dej --shim "$out/xreply.so" "${font_tools[@]}"
measure font-system-trips "$system_conf" dej --shim "$out/xreply.so" "${font_tools[@]}"
/usr/bin/python3 - "$out" "$test_faces" "$system_faces" <<'EOF'
import json, statistics, sys
out, test_faces, system_faces = sys.argv[1:]
combined = {}
print()
print("| faces | tool | first key: X round trips | next keys: X round trips |")
print("| --- | --- | --- | --- |")
for name, faces in (("font-test-trips", test_faces), ("font-system-trips", system_faces)):
    results = json.load(open("%s/window-map-%s.json" % (out, name)))
    combined[name] = results
    for tool, r in results.items():
        first, rest = r["first_key_round_trips"], r["next_keys_round_trips"]
        print("| %s | %s | %g | %g |" % (faces, tool, statistics.median(first), statistics.median(rest)))
json.dump(combined, open("%s/window-map-trips.json" % out, "w"), indent=1)
EOF
