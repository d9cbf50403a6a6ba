"""Shared, deterministic inputs for the color benchmarks (pickers-bench and the Python anchors)."""

import json
import os
import random
import subprocess

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out")

NAMES = ["red", "rebeccapurple", "lightgoldenrodyellow", "teal", "AliceBlue", "transparent",
         "navy", "darkolivegreen", "orange", "mediumspringgreen"]


def css_strings(count=100_000, seed=4):
    """`count` CSS color strings, one syntax after another, with random values."""
    rng = random.Random(seed)

    def n(low, high, digits=2):
        return round(rng.uniform(low, high), digits)

    forms = [
        lambda: "#%03x" % rng.randrange(0x1000),
        lambda: "#%06x" % rng.randrange(0x1000000),
        lambda: "#%08x" % rng.randrange(0x100000000),
        lambda: rng.choice(NAMES),
        lambda: "rgb(%d, %d, %d)" % (rng.randrange(256), rng.randrange(256), rng.randrange(256)),
        lambda: "rgba(%d, %d, %d, %s)" % (rng.randrange(256), rng.randrange(256),
                                          rng.randrange(256), n(0, 1)),
        lambda: "rgb(%s %s %s / %s%%)" % (n(0, 255, 1), n(0, 255, 1), n(0, 255, 1), n(0, 100, 0)),
        lambda: "hsl(%s %s%% %s%%)" % (n(0, 360, 1), n(0, 100, 1), n(0, 100, 1)),
        lambda: "hsl(%sdeg, %s%%, %s%%)" % (n(0, 360, 0), n(0, 100, 0), n(0, 100, 0)),
        lambda: "hwb(%s %s%% %s%%)" % (n(0, 360, 1), n(0, 50, 1), n(0, 50, 1)),
        lambda: "lab(%s %s %s)" % (n(0, 100), n(-100, 100), n(-100, 100)),
        lambda: "lch(%s%% %s %s)" % (n(0, 100), n(0, 130), n(0, 360)),
        lambda: "oklab(%s %s %s)" % (n(0, 1, 3), n(-0.3, 0.3, 3), n(-0.3, 0.3, 3)),
        lambda: "oklch(%s%% %s %s / %s)" % (n(0, 100, 1), n(0, 0.35, 3), n(0, 360, 1), n(0, 1)),
        lambda: "color(display-p3 %s %s %s)" % (n(0, 1, 3), n(0, 1, 3), n(0, 1, 3)),
    ]
    return [forms[i % len(forms)]() for i in range(count)]


def write_strings(path=None, count=100_000):
    os.makedirs(OUT, exist_ok=True)
    path = path or os.path.join(OUT, "color-strings.txt")
    strings = css_strings(count)
    with open(path, "w") as file:
        file.write("\n".join(strings) + "\n")
    return path, strings


def srgb_triples(count=1_000_000, seed=8, eight_bit=False):
    """`count` sRGB colors as an (count, 3) float64 array: channels uniform in 0...1, or
    8-bit values k/255 when `eight_bit`."""
    import numpy
    rng = numpy.random.default_rng(seed)
    if eight_bit:
        return rng.integers(0, 256, (count, 3)).astype("float64") / 255
    return rng.random((count, 3))


def write_triples(path=None, count=1_000_000, eight_bit=False):
    os.makedirs(OUT, exist_ok=True)
    name = "srgb8-triples.f64" if eight_bit else "srgb-triples.f64"
    path = path or os.path.join(OUT, name)
    triples = srgb_triples(count, eight_bit=eight_bit)
    triples.astype("<f8").tofile(path)
    return path, triples


def run_bench(bench, environment):
    """Runs `pickers-bench --json color` and returns its results by name."""
    env = dict(os.environ, **environment)
    output = subprocess.run([bench, "--json", "color"], check=True, capture_output=True,
                            text=True, env=env).stdout
    return {entry["name"]: entry for entry in json.loads(output)}
