#!/usr/bin/env python3
"""An independent reader of GIMP .gpl and LibreOffice .soc palettes, for ColorListTests.

Usage: read-palettes.py FOLDER...
Prints one JSON object: {"files": [{"path", "name", "colors": ["#rrggbb", ...]}]} for every
.gpl and .soc file of each FOLDER that exists, folders in the order given, files sorted by
name (bytewise). Written from GIMP's documented format (a "GIMP Palette" first line, then
"Name:" / "Columns:" / "#" comment lines and "R G B name" lines) and the ODF color table
(<draw:color draw:color="#rrggbb"/>), not from pickers' code.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"


def read_gpl(path):
    with open(path, "rb") as handle:
        lines = handle.read().decode("utf-8", "replace").splitlines()
    if not lines or not lines[0].lstrip("\ufeff").startswith("GIMP Palette"):
        raise ValueError(f"{path}: not a GIMP palette")
    colors = []
    for line in lines[1:]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line.startswith("Name:") or line.startswith("Columns:"):
            continue
        fields = stripped.split(None, 3)
        red, green, blue = (int(value) for value in fields[:3])
        for value in (red, green, blue):
            if not 0 <= value <= 255:
                raise ValueError(f"{path}: channel {value} out of range")
        colors.append(f"#{red:02x}{green:02x}{blue:02x}")
    return colors


def read_soc(path):
    root = ET.parse(path).getroot()
    return [
        element.get(f"{{{DRAW}}}color").lower()
        for element in root.iter(f"{{{DRAW}}}color")
    ]


def main(folders):
    files = []
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder), key=lambda n: n.encode()):
            path = os.path.join(folder, name)
            stem, extension = os.path.splitext(name)
            if name.startswith(".") or not os.path.isfile(path):
                continue
            if extension == ".gpl":
                colors = read_gpl(path)
            elif extension == ".soc":
                colors = read_soc(path)
            else:
                continue
            files.append({"path": path, "name": stem, "colors": colors})
    json.dump({"files": files}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
