#!/bin/bash
# A headless sway session with the real desktop portal, for the tests (issue 29):
#
#   dbus-run-session --config-file=sway-session.conf -- sway-session.sh DIR WATCHED_PID
#
# run as an unprivileged user (sway refuses root; the tests use setpriv). DIR (mode 755, owned
# by that user) gets run/ (XDG_RUNTIME_DIR, 700), home/, the sway config, a .portal file that
# lists Access (xdg-desktop-portal 1.16 exports Screenshot only then), bin/slurp (the one
# stand-in: headless sway has no pointer; it answers as DIR/slurp-answer says: "point X,Y",
# "cancel" or "delay SECONDS X,Y") and the logs. Started in this order, each waited for: sway,
# PipeWire (xdg-desktop-portal-wlr exits without it), xdg-desktop-portal-wlr (with bin/ first
# on its PATH, before xdg-desktop-portal could start Debian's copy by D-Bus activation). Then
# DIR/ready holds the session's variables, one KEY=value a line, and the caller starts
# xdg-desktop-portal itself as its own user (1.16 refuses a caller whose /proc/PID/root it
# cannot open: a test process run as root, for an unprivileged portal), with
# XDG_DESKTOP_PORTAL_DIR=DIR/portals.
# Everything ends when WATCHED_PID (the test process) does, after 15 minutes at most, or when
# any piece of the session ends; a start that does not finish writes DIR/failed and exits 1.
set -u
dir=$1
watched=$2
export XDG_RUNTIME_DIR="$dir/run" HOME="$dir/home" XDG_CURRENT_DESKTOP=sway
export XDG_SESSION_TYPE=wayland XDG_DESKTOP_PORTAL_DIR="$dir/portals"
export WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1
unset DISPLAY WAYLAND_DISPLAY
mkdir -p "$dir/bin" "$dir/portals" "$HOME"
mkdir -m 700 -p "$XDG_RUNTIME_DIR"

fail() {
  echo "$1" > "$dir/failed"
  kill 0 2>/dev/null
  exit 1
}

# Waits up to 20 s for a command to succeed.
await() {
  local what=$1
  shift
  for _ in $(seq 200); do
    if "$@" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  fail "the session did not start: no $what after 20 s (logs in $dir)"
}

cat > "$dir/sway.conf" << EOF
xwayland disable
output HEADLESS-1 mode 640x480 position 0 0 scale 1 bg #336699 solid_color
default_border none
focus_follows_mouse no
exec printf 'WAYLAND_DISPLAY=%s\nSWAYSOCK=%s\n' "\$WAYLAND_DISPLAY" "\$SWAYSOCK" > "$dir/sway-env.part" && mv "$dir/sway-env.part" "$dir/sway-env"
EOF

cat > "$dir/portals/sway.portal" << 'EOF'
[portal]
DBusName=org.freedesktop.impl.portal.desktop.wlr
Interfaces=org.freedesktop.impl.portal.Screenshot;org.freedesktop.impl.portal.ScreenCast;org.freedesktop.impl.portal.Access;
UseIn=sway
EOF

cat > "$dir/bin/slurp" << EOF
#!/bin/sh
# The stand-in for slurp: the answer DIR/slurp-answer asks for (default: the point 100,100).
mode=point a= b=
[ -f "$dir/slurp-answer" ] && read -r mode a b < "$dir/slurp-answer"
echo "slurp \$* (\$mode \$a \$b)" >> "$dir/slurp.log"
case "\$mode" in
  cancel) echo "selection cancelled" >&2; exit 1 ;;
  delay) sleep "\$a"; echo "\$b 1x1" ;;
  *) echo "\${a:-100,100} 1x1" ;;
esac
EOF
chmod 755 "$dir/bin/slurp"

has_name() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$1" | grep -q 'boolean true'
}

sway -c "$dir/sway.conf" > "$dir/sway.log" 2>&1 &
pids=$!
await "Wayland socket from sway" test -s "$dir/sway-env"
set -a
# shellcheck disable=SC1091
. "$dir/sway-env"
set +a
pipewire > "$dir/pipewire.log" 2>&1 &
pids="$pids $!"
await "PipeWire socket" test -S "$XDG_RUNTIME_DIR/pipewire-0"
PATH="$dir/bin:$PATH" /usr/libexec/xdg-desktop-portal-wlr -l DEBUG > "$dir/xdpw.log" 2>&1 &
pids="$pids $!"
await "xdg-desktop-portal-wlr on the bus" has_name org.freedesktop.impl.portal.desktop.wlr

{
  echo "WAYLAND_DISPLAY=$WAYLAND_DISPLAY"
  echo "SWAYSOCK=$SWAYSOCK"
  echo "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"
  echo "XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR"
  echo "HOME=$HOME"
  echo "XDG_CURRENT_DESKTOP=sway"
  echo "XDG_SESSION_TYPE=wayland"
} > "$dir/ready.part"
mv "$dir/ready.part" "$dir/ready"

# The watchdog: /proc, not kill -0, which an unprivileged user gets EPERM from for root's pid.
for _ in $(seq 9000); do
  [ -d "/proc/$watched" ] || break
  [ -e "$dir/stop" ] && break
  for pid in $pids; do [ -d "/proc/$pid" ] || break 2; done
  sleep 0.1
done
# Once the test process is gone nobody reads the logs: the folder goes with the session.
[ -d "/proc/$watched" ] || rm -rf "$dir"
kill 0 2>/dev/null
exit 0
