#!/usr/bin/python3
"""A stand-in Wayland compositor that only advertises globals, for `pickers doctor`'s tests.

Usage:
  wayland-standin.py SOCKET INTERFACE,INTERFACE... -- COMMAND...

It listens on the Unix socket SOCKET, runs COMMAND (with WAYLAND_DISPLAY=SOCKET) and exits
with COMMAND's status. To each client it answers as a compositor does: after
wl_display.get_registry it sends one wl_registry.global per INTERFACE (version 1), and after
wl_display.sync the callback's done event. The messages are encoded here from the protocol's
wire format (wayland.freedesktop.org, "Wire Format"), independently of pickers' reader.
"""
import os
import signal
import socket
import struct
import subprocess
import sys
import threading

signal.pthread_sigmask(signal.SIG_SETMASK, [])
path = sys.argv[1]
interfaces = [name for name in sys.argv[2].split(",") if name]
command = sys.argv[sys.argv.index("--") + 1:]


def event(object_id, opcode, payload):
    return struct.pack("=II", object_id, ((8 + len(payload)) << 16) | opcode) + payload


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("=I", len(data)) + data + b"\0" * (-len(data) % 4)


def serve(client):
    buffer = b""
    registry = None
    with client:
        while True:
            chunk = client.recv(4096)
            if not chunk:
                return
            buffer += chunk
            while len(buffer) >= 8:
                object_id, header = struct.unpack("=II", buffer[:8])
                size, opcode = header >> 16, header & 0xFFFF
                if len(buffer) < size:
                    break
                body, buffer = buffer[8:size], buffer[size:]
                if object_id == 1 and opcode == 1:  # get_registry(new_id)
                    (registry,) = struct.unpack("=I", body)
                    for name, interface in enumerate(interfaces, start=1):
                        client.sendall(event(registry, 0, struct.pack("=I", name)
                                             + string(interface) + struct.pack("=I", 1)))
                elif object_id == 1 and opcode == 0:  # sync(new_id)
                    (callback,) = struct.unpack("=I", body)
                    client.sendall(event(callback, 0, struct.pack("=I", 0)))


server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(path)
server.listen(4)


def accept():
    while True:
        client, _ = server.accept()
        threading.Thread(target=serve, args=(client,), daemon=True).start()


threading.Thread(target=accept, daemon=True).start()
environment = dict(os.environ, WAYLAND_DISPLAY=path)
code = subprocess.call(command, env=environment)
os.unlink(path)
sys.exit(code)
