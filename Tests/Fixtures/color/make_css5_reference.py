#!/usr/bin/env python3
"""Writes css5-reference.json: expected values for CSS Color 5 colors, from coloraide.

Each case pairs a CSS string (what pickers parses) with a recipe evaluated here through
coloraide's own conversion and interpolation code, never through pickers:

- color-mix(): coloraide's premultiplied `Color.mix` with the CSS hue methods; the share
  normalization of CSS Color 5 section 3.1 (omitted shares split the rest, totals above
  100% scale down, totals below 100% multiply the alpha) is applied here, and more than two
  colors are mixed one after another, each with its share of the running total.
- relative colors: the origin converted by coloraide to the function's space, the channel
  arithmetic done in Python.
- math functions: Python's math module.
- contrast-color(): coloraide's WCAG 2.1 contrast.
- display-p3-linear: coloraide's space of that name.

Units are pickers' (and CSS's): rgb spaces 0-1, HSL/HWB saturation, lightness, whiteness and
blackness 0-100, Lab L 0-100, Oklab L 0-1. A missing channel or alpha is null.

    python3 -m venv /tmp/css5-venv && /tmp/css5-venv/bin/pip install coloraide
    /tmp/css5-venv/bin/python Tests/Fixtures/color/make_css5_reference.py
"""

import json
import math
import os

import coloraide
from coloraide import Color

HUNDRED = {"hsl": (1, 100, 100), "hwb": (1, 100, 100)}


def ours(space, coords):
    """coloraide's coordinates in pickers' units, NaN as None."""
    scale = HUNDRED.get(space, (1, 1, 1))
    return [None if math.isnan(v) else v * s for v, s in zip(coords, scale)]


def cs(space):
    """pickers' space name to coloraide's."""
    return {"xyz": "xyz-d65"}.get(space, space)


def result(color, space, alpha_scale=1.0):
    color = color.convert(cs(space)) if color.space() != cs(space) else color
    alpha = color.alpha(nans=False) if not math.isnan(color[-1]) else None
    return {
        "space": space,
        "channels": ours(space, color.coords(nans=True)),
        "alpha": None if alpha is None else alpha * alpha_scale,
    }


def mix(stops, space="oklab", hue="shorter"):
    """CSS Color 5 color-mix() of (css, percentage-or-None) stops."""
    given = [p for _, p in stops if p is not None]
    omitted = len(stops) - len(given)
    leftover = max(0.0, 100 - sum(given)) / max(omitted, 1)
    weights = [leftover if p is None else p for _, p in stops]
    total = sum(weights)
    multiplier = total / 100 if total < 100 else 1.0
    if total == 0:
        weights = [1.0] * len(stops)
    running = Color(stops[0][0])
    running_weight = weights[0]
    for (css, _), weight in zip(stops[1:], weights[1:]):
        share = running_weight + weight
        t = weight / share if share > 0 else 0
        running = running.mix(Color(css), t, space=cs(space), hue=hue, premultiplied=True)
        running_weight = share
    return result(running, space, multiplier)


def relative(origin, space, recipe):
    """A relative color: recipe(channels, alpha) -> (channels, alpha) in CSS units."""
    color = Color(origin).convert(cs(space))
    keywords = ours(space, color.coords(nans=True))
    if space == "srgb":
        keywords = [None if v is None else v * 255 for v in keywords]
    alpha = None if math.isnan(color[-1]) else color[-1]
    channels, new_alpha = recipe(keywords, alpha)
    if space == "srgb":
        channels = [None if v is None else v / 255 for v in channels]
    return {"space": space, "channels": channels, "alpha": new_alpha}


def plain(space, channels, alpha=1.0):
    return {"space": space, "channels": channels, "alpha": alpha}


def contrast(css):
    background = Color(css).set("alpha", 1)
    white = background.contrast("white", method="wcag21")
    black = background.contrast("black", method="wcag21")
    return plain("srgb", [1, 1, 1] if white >= black else [0, 0, 0])


CASES = []


def case(css, expected, scheme="light"):
    CASES.append(dict(css=css, scheme=scheme, **expected))


# color-mix(): every interpolation space, with shares in every form.
PAIRS = [("#3478f6", "#f6a534"), ("rebeccapurple", "oklch(0.8 0.1 140)"),
         ("color(display-p3 0 1 0)", "lab(40 60 -30 / 0.6)")]
SPACES = ["srgb", "srgb-linear", "display-p3", "display-p3-linear", "a98-rgb", "prophoto-rgb",
          "rec2020", "lab", "oklab", "xyz-d65", "xyz-d50", "hsl", "hwb", "lch", "oklch"]
for a, b in PAIRS:
    for space in SPACES:
        case(f"color-mix(in {space}, {a}, {b})", mix([(a, None), (b, None)], space))
        case(f"color-mix(in {space}, {a} 30%, {b})", mix([(a, 30), (b, None)], space))
        case(f"color-mix(in {space}, 25% {a}, {b} 35%)", mix([(a, 25), (b, 35)], space))
        case(f"color-mix(in {space}, {a} 80%, {b} 60%)", mix([(a, 80), (b, 60)], space))
for space in ["hsl", "hwb", "lch", "oklch"]:
    for method in ["shorter", "longer", "increasing", "decreasing"]:
        for a, b in [("oklch(0.7 0.15 20)", "oklch(0.6 0.12 300)"),
                     ("hsl(350 80% 50%)", "hsl(10 60% 40%)"),
                     ("lch(50 40 120)", "lch(60 30 90)")]:
            case(f"color-mix(in {space} {method} hue, {a}, {b} 40%)",
                 mix([(a, None), (b, 40)], space, method))
# The interpolation method may be left out (Oklab), and more than two colors may be mixed.
case("color-mix(#3478f6, #f6a534)", mix([("#3478f6", None), ("#f6a534", None)]))
case("color-mix(in oklch, red, lime, blue)",
     mix([("red", None), ("lime", None), ("blue", None)], "oklch"))
case("color-mix(in srgb, red 10%, lime 20%, blue 30%)",
     mix([("red", 10), ("lime", 20), ("blue", 30)], "srgb"))
case("color-mix(in lab, red 50%, lime, blue, white 10%)",
     mix([("red", 50), ("lime", None), ("blue", None), ("white", 10)], "lab"))
case("color-mix(in oklab, teal)", mix([("teal", None)], "oklab"))
# Nested mixes.
inner = mix([("red", None), ("blue", 30)], "oklch")
case("color-mix(in lab, color-mix(in oklch, red, blue 30%), white)",
     mix([(f"oklch({inner['channels'][0]} {inner['channels'][1]} {inner['channels'][2]})", None),
          ("white", None)], "lab"))
# Missing components and alpha none (the mixing fixes of the issue).
case("color-mix(in lch, lch(40 30 none), lch(60 50 200))",
     mix([("lch(40 30 none)", None), ("lch(60 50 200)", None)], "lch"))
case("color-mix(in oklch, red, white)", mix([("red", None), ("white", None)], "oklch"))
case("color-mix(in hsl, gray, hsl(200 60% 50%))",
     mix([("gray", None), ("hsl(200 60% 50%)", None)], "hsl"))
case("color-mix(in oklab, rgb(255 0 0 / none), rgb(0 0 255 / 0.4))",
     mix([("rgb(255 0 0 / none)", None), ("rgb(0 0 255 / 0.4)", None)], "oklab"))
case("color-mix(in srgb, rgb(255 0 0 / none) 30%, rgb(0 0 255 / none))",
     mix([("rgb(255 0 0 / none)", 30), ("rgb(0 0 255 / none)", None)], "srgb"))
# Out-of-gamut colors keep their values through HSL and HWB (no gamut mapping).
for origin in ["color(display-p3 0 1 0)", "lab(100 104.3 -50.9)", "lab(0 104.3 -50.9)",
               "oklch(1 0.399 336.3)", "oklch(0.1 0.3 140)"]:
    for space in ["hsl", "hwb"]:
        case(f"color-mix(in {space}, {origin} 100%, black 0%)",
             mix([(origin, 100), ("black", 0)], space))

# Relative colors, for every function.
ORIGIN = "#3478f6"
case(f"rgb(from {ORIGIN} r g b)", relative(ORIGIN, "srgb", lambda c, a: (c, a)))
case(f"rgb(from {ORIGIN} calc(r + 20) calc(g * 0.5) b / calc(alpha - 0.25))",
     relative(ORIGIN, "srgb", lambda c, a: ([c[0] + 20, c[1] * 0.5, c[2]], a - 0.25)))
case(f"rgb(from {ORIGIN} b r g / 50%)", relative(ORIGIN, "srgb", lambda c, a: ([c[2], c[0], c[1]], 0.5)))
case("rgb(from lab(100 104.3 -50.9) r g b)",
     relative("lab(100 104.3 -50.9)", "srgb", lambda c, a: (c, a)))
case(f"hsl(from {ORIGIN} calc(h + 180) s l)",
     relative(ORIGIN, "hsl", lambda c, a: ([(c[0] + 180) % 360, c[1], c[2]], a)))
case(f"hsl(from {ORIGIN} h calc(s / 2) 70%)",
     relative(ORIGIN, "hsl", lambda c, a: ([c[0], c[1] / 2, 70], a)))
case(f"hwb(from {ORIGIN} h calc(w + 10) b)",
     relative(ORIGIN, "hwb", lambda c, a: ([c[0], c[1] + 10, c[2]], a)))
case(f"lab(from {ORIGIN} calc(l - 10) a calc(b * -1))",
     relative(ORIGIN, "lab", lambda c, a: ([c[0] - 10, c[1], -c[2]], a)))
case(f"lch(from {ORIGIN} l c calc(h - 30))",
     relative(ORIGIN, "lch", lambda c, a: ([c[0], c[1], (c[2] - 30) % 360], a)))
case(f"oklab(from {ORIGIN} l calc(a * 2) b / 0.5)",
     relative(ORIGIN, "oklab", lambda c, a: ([c[0], c[1] * 2, c[2]], 0.5)))
case(f"oklch(from {ORIGIN} calc(l + 0.1) c h)",
     relative(ORIGIN, "oklch", lambda c, a: ([c[0] + 0.1, c[1], c[2]], a)))
case(f"oklch(from {ORIGIN} l calc(c * 0.5) calc(h + 90))",
     relative(ORIGIN, "oklch", lambda c, a: ([c[0], c[1] * 0.5, (c[2] + 90) % 360], a)))
for space in ["srgb", "srgb-linear", "display-p3", "display-p3-linear", "a98-rgb",
              "prophoto-rgb", "rec2020"]:
    case(f"color(from {ORIGIN} {space} r g calc(b * 0.8))",
         relative(ORIGIN, space, lambda c, a: ([c[0], c[1], c[2] * 0.8], a)))
for space in ["xyz", "xyz-d50", "xyz-d65"]:
    case(f"color(from {ORIGIN} {space} x calc(y * 0.9) z)",
         relative(ORIGIN, "xyz-d65" if space == "xyz" else space,
                  lambda c, a: ([c[0], c[1] * 0.9, c[2]], a)))
case("oklch(from color-mix(in srgb, red, blue) l c h)",
     relative("color(srgb 0.5 0 0.5)", "oklch", lambda c, a: (c, a)))
case("lch(from hsl(120 40% 50% / 0.7) l c h / alpha)",
     relative("hsl(120 40% 50% / 0.7)", "lch", lambda c, a: (c, a)))

# Math functions inside channels (expected values from Python's math module).
case("rgb(calc(255 * sin(pi / 2)) calc(100 + 20) 0)", plain("srgb", [1, 120 / 255, 0]))
case("rgb(min(300, 128) max(10%, 20%) clamp(0, 400, 255))",
     plain("srgb", [128 / 255, 51 / 255, 1]))
case("hsl(calc(atan2(1, 1)) 50% 50%)", result(Color("hsl", [45, 0.5, 0.5]), "hsl"))
case("oklch(calc(0.5 + 0.1) calc(0.4 * abs(-0.5)) round(up, 101deg, 10deg))",
     plain("oklch", [0.6, 0.2, 110]))
case("lab(calc(pow(2, 5) + sqrt(16)) calc(log(e) * 20) hypot(3, 4))",
     plain("lab", [36, 20, 5]))
case("lch(mod(-10, 100) rem(250, 100) calc(exp(0) * 30deg))", plain("lch", [90, 50, 30]))
case("oklab(calc(sign(-3) * -0.5) calc(cos(0) / 10) calc(tan(0deg)))",
     plain("oklab", [0.5, 0.1, 0]))
case("rgb(round(to-zero, 127.9) round(down, 64.5) round(nearest, 31.5))",
     plain("srgb", [127 / 255, 64 / 255, 32 / 255]))
case("hwb(calc(acos(0)) calc(asin(1) / 1deg * 0.1%) 20%)",
     result(Color("hwb", [90, 0.09, 0.2]), "hwb"))
case("rgb(calc(infinity) calc(-infinity) calc(NaN))", plain("srgb", [1, 0, 0]))
case("oklch(0.5 0.1 calc(1turn / 4) / calc(50% / 2))", plain("oklch", [0.5, 0.1, 90], 0.25))

# light-dark(), contrast-color(), comments and escapes.
case("light-dark(#3478f6, #f6a534)", result(Color("#3478f6"), "srgb"))
case("light-dark(#3478f6, #f6a534)", result(Color("#f6a534"), "srgb"), scheme="dark")
for background in ["white", "black", "#777", "#3478f6", "yellow", "navy", "rgb(118 118 118)"]:
    case(f"contrast-color({background})", contrast(background))
case("/* accent */ oklch(0.7 /* chroma */ 0.1 200)", plain("oklch", [0.7, 0.1, 200]))
case("r\\67 b(10 20 30)", plain("srgb", [10 / 255, 20 / 255, 30 / 255]))
case("\\72 ed", plain("srgb", [1, 0, 0]))

# display-p3-linear as a color() space.
for coords in ([0.5, 0.2, 0.1], [1, 0, 0], [0.2, 0.9, 0.4]):
    c = Color("display-p3-linear", coords)
    case(f"color(display-p3-linear {coords[0]} {coords[1]} {coords[2]})",
         result(c, "display-p3-linear"))
    CASES[-1]["srgb"] = ours("srgb", c.convert("srgb").coords())

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "css5-reference.json")
with open(out, "w") as f:
    json.dump({"generator": f"coloraide {coloraide.__version__}", "cases": CASES}, f, indent=1)
    f.write("\n")
print(f"wrote {len(CASES)} cases to {out}")
