#!/usr/bin/env python3
"""Writes the broken fonts the reliability tests put in a font folder beside one good font.

Needs fontTools (PyPI: pip install fonttools). Run from this folder: python3 make-broken-fonts.py

- truncated.ttf      the first half of a valid TrueType font ("Pickers Truncated")
- empty.ttf          zero bytes
- not-a-font.ttf     a text file with a font's name
- empty-cmap.ttf     a valid TrueType font ("Pickers Empty Cmap") whose cmap maps no character
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

LETTERS = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)]


def box(width=500, height=700):
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, height))
    pen.lineTo((width - 50, height))
    pen.lineTo((width - 50, 0))
    pen.closePath()
    return pen.glyph()


def build(family, cmap):
    names = [".notdef", "space"] + [f"g{ord(c)}" for c in LETTERS]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap(cmap)
    glyphs = {name: box() for name in names}
    glyphs["space"] = TTGlyphPen(None).glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (600, 0 if name == "space" else 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    return builder.font


full_map = {ord(" "): "space", **{ord(c): f"g{ord(c)}" for c in LETTERS}}
build("Pickers Truncated", full_map).save("complete.tmp")
with open("complete.tmp", "rb") as source:
    data = source.read()
with open("truncated.ttf", "wb") as output:
    output.write(data[: len(data) // 2])
build("Pickers Empty Cmap", {}).save("empty-cmap.ttf")
open("empty.ttf", "wb").close()
with open("not-a-font.ttf", "w") as output:
    output.write("This is a text file with a .ttf name, not a font.\n")

import os  # noqa: E402

os.remove("complete.tmp")
