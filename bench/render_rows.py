#!/usr/bin/env python3
"""Writes the rows of a specimen of every family as TSV (label, file, index) for the Pillow
anchor, choosing each family's upright regular face as pickers does. Runs outside the timing.

    FONTCONFIG_FILE=... python3 bench/render_rows.py > rows.tsv
"""
import subprocess

listing = subprocess.run(
    ["fc-list", "--format", "%{family[0]}\t%{file}\t%{index}\t%{style[0]}\t%{weight}\t%{slant}\n"],
    capture_output=True, text=True, check=True).stdout
best = {}
for line in listing.splitlines():
    family, path, index, style, weight, slant = line.split("\t")
    try:
        weight_value = float(weight.strip("[]").split()[0])
    except ValueError:
        weight_value = 80.0
    # fontconfig's regular weight is 80; upright slant is 0.
    cost = (slant != "0", abs(weight_value - 80), style not in ("Regular", "Book"))
    if family not in best or cost < best[family][0]:
        best[family] = (cost, path, index)
for family in sorted(best, key=str.casefold):
    _, path, index = best[family]
    print(f"{family}\t{path}\t{index}")
