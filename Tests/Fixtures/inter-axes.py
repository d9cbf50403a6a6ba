#!/usr/bin/env python3
"""Writes inter-axes.txt: the variation axes and named instances of the Inter variable font,
read with fontTools (pip install fonttools), an implementation independent of FreeType.

Usage: python3 Tests/Fixtures/inter-axes.py > Tests/Fixtures/inter-axes.txt
Lines: "axis TAG MIN DEFAULT MAX NAME" and "instance NAME<TAB>TAG=VALUE,TAG=VALUE".
"""
from fontTools.ttLib import TTFont

FONT = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"
font = TTFont(FONT)
names = font["name"]
print(f"# {FONT}, fontTools")
for axis in font["fvar"].axes:
    print(f"axis {axis.axisTag} {axis.minValue:g} {axis.defaultValue:g} {axis.maxValue:g} "
          f"{names.getDebugName(axis.axisNameID)}")
for instance in font["fvar"].instances:
    values = ",".join(f"{tag}={value:g}" for tag, value in instance.coordinates.items())
    print(f"instance {names.getDebugName(instance.subfamilyNameID)}\t{values}")
