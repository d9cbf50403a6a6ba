#!/usr/bin/env python3
"""Writes coloraide-reference.json: an independent oracle for the Color tests.

Run once with coloraide installed (pip install coloraide); the output is committed so the tests
do not need Python. coloraide is an independent implementation of CSS Color 4 (its own
matrices, parser and gamut mapping), so agreement within the tests' tolerances is evidence,
not a copy of our own output.

    python3 Tests/Fixtures/color/make_coloraide_reference.py

Scales: coloraide keeps HSL/HSV/HWB saturation, lightness, value, whiteness and blackness in
0...1; they are multiplied by 100 here to match CSS. NaN (a powerless hue) is written as null.
"""

import json
import math
import os

import coloraide
from coloraide import Color
from coloraide.css import color_names

SPACES = ["srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d65",
          "xyz-d50", "lab", "lch", "oklab", "oklch", "hsl", "hsv", "hwb"]
PERCENT = {"hsl": (1, 2), "hsv": (1, 2), "hwb": (1, 2)}

# coloraide 8.13.1's name table has mediumpurple #9370d8 and palevioletred #d87093; the CSS Color 4
# named-color table (and every browser) has #9370db and #db7093. Those two names are converted
# from the specification's values, so the oracle holds the names as CSS defines them.
SPEC_VALUES = {"mediumpurple": "rgb(147 112 219)", "palevioletred": "rgb(219 112 147)"}

EXTRA = [
    "#123456", "#abcdef80", "#0f08", "rgb(12 200 255 / 0.3)", "rgb(100%, 50%, 0%)",
    "hsl(210 40% 60%)", "hsl(30deg, 100%, 25%)", "hwb(200 10% 30%)", "hwb(90 60% 60%)",
    "lab(50 40 -30)", "lab(90 -20 80)", "lch(60 70 120)", "lch(30 50 300)",
    "oklab(0.6 0.1 -0.1)", "oklab(0.9 -0.05 0.15)", "oklch(0.7 0.15 250)",
    "oklch(0.5 0.3 30)", "oklch(0.9 0.3 140)", "oklch(0.2 0.2 280)",
    "color(display-p3 1 0 0)", "color(display-p3 0.2 0.9 0.4)", "color(rec2020 0.5 0.2 0.9)",
    "color(a98-rgb 0.3 0.6 0.1)", "color(prophoto-rgb 0.4 0.4 0.8)",
    "color(srgb-linear 0.2 0.5 0.8)", "color(xyz-d65 0.3 0.4 0.5)", "color(xyz-d50 0.5 0.4 0.3)",
    "lch(80 120 200)", "lab(40 100 100)", "oklch(0.95 0.25 100)",
]


def clean(values, space):
    out = []
    for index, value in enumerate(values):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            out.append(None)
            continue
        if space in PERCENT and index in PERCENT[space]:
            value *= 100
        out.append(value)
    return out


def main():
    inputs = sorted(color_names.name2val_map) + EXTRA
    inputs.remove("transparent")
    conversions = []
    for text in inputs:
        color = Color(SPEC_VALUES.get(text, text))
        entry = {"input": text}
        for space in SPACES:
            converted = color.convert(space, norm=True)
            entry[space] = clean(converted.coords(), space)
        mapped = color.clone().fit("srgb", method="oklch-chroma")
        entry["hex"] = mapped.to_string(hex=True, fit=False)
        entry["inSRGBGamut"] = color.in_gamut("srgb", tolerance=0)
        conversions.append(entry)

    mixes = []
    pairs = [("red", "blue"), ("peru", "palegoldenrod"), ("#ff000080", "#0000ff"),
             ("oklch(0.7 0.1 20)", "oklch(0.6 0.2 300)"), ("white", "hsl(200 80% 40%)"),
             ("rgb(255 0 0 / 0.2)", "rgb(0 255 0 / 0.9)")]
    for first, second in pairs:
        for space in ["srgb", "srgb-linear", "oklab", "oklch", "lab", "lch", "hsl", "xyz-d65"]:
            for hue in (["shorter", "longer", "increasing", "decreasing"]
                        if space in ("oklch", "lch", "hsl") else ["shorter"]):
                for amount in (0.25, 0.5):
                    mixed = Color(first).mix(second, amount, space=space, hue=hue,
                                             premultiplied=True)
                    mixes.append({"a": first, "b": second, "space": space, "hue": hue,
                                  "amount": amount, "channels": clean(mixed.coords(), space),
                                  "alpha": mixed.alpha()})

    contrast = []
    for first, second in [("black", "white"), ("#777", "#fff"), ("#767676", "#fff"),
                          ("navy", "gold"), ("rebeccapurple", "lavender"), ("#e50914", "#000"),
                          ("teal", "white"), ("orange", "black")]:
        contrast.append({"fg": first, "bg": second,
                         "wcag": Color(first).contrast(second, method="wcag21")})

    data = {"generator": "coloraide " + coloraide.__version__, "conversions": conversions,
            "mixes": mixes, "contrast": contrast}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "coloraide-reference.json")
    with open(path, "w") as file:
        json.dump(data, file, indent=1)
        file.write("\n")
    print(path, len(conversions), "colors,", len(mixes), "mixes")


if __name__ == "__main__":
    main()
