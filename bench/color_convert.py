#!/usr/bin/env python3
"""Convert 1,000,000 sRGB colors to Oklch: colour-science (numpy batch) and coloraide vs
pickers-bench, on the same float64 inputs.

    pip install colour-science numpy coloraide   # benchmark tooling only
    swift build -c release --product pickers-bench
    python3 bench/color_convert.py [--rounds 3]

Prints one JSON object with each rate and pickers' speed-up over each anchor: pickers' buffer
rate uses every processor (it splits batches of 65,536 colors or more), colour-science one; the
one-core ratio is `oneThreadSpeedupOverColourScience`.
"""

import argparse
import json
import os
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import color_inputs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--coloraide-count", type=int, default=20_000)
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build/release/pickers-bench"))
    parser.add_argument("--eight-bit", action="store_true",
                        help="use 8-bit colors (k/255), as hex strings and images give")
    options = parser.parse_args()
    path, triples = color_inputs.write_triples(count=options.count, eight_bit=options.eight_bit)

    warnings.filterwarnings("ignore")
    import colour
    import numpy

    def colour_batch(rgb):
        xyz = colour.sRGB_to_XYZ(rgb)
        return colour.Oklab_to_Oklch(colour.XYZ_to_Oklab(xyz))

    best = float("inf")
    best_cpu = float("inf")
    for _ in range(options.rounds):
        start = time.perf_counter()
        start_cpu = time.process_time()
        lch = colour_batch(triples)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
        best = min(best, time.perf_counter() - start)
    result = {
        "job": "convert sRGB to Oklch",
        "count": len(triples),
        "colour-science": {"version": colour.__version__, "numpy": numpy.__version__,
                           "seconds": best, "perSecond": len(triples) / best,
                           "perCPUSecond": len(triples) / best_cpu,
                           "first": [float(v) for v in lch[0]]},
    }

    from coloraide import Color
    import coloraide
    subset = triples[: options.coloraide_count]
    start = time.perf_counter()
    start_cpu = time.process_time()
    for r, g, b in subset:
        Color("srgb", [r, g, b]).convert("oklch")
    cpu = time.process_time() - start_cpu
    seconds = time.perf_counter() - start
    result["coloraide"] = {"version": coloraide.__version__, "count": len(subset),
                           "seconds": seconds, "perSecond": len(subset) / seconds,
                           "perCPUSecond": len(subset) / cpu}

    if os.path.exists(options.bench):
        pickers = color_inputs.run_bench(options.bench, {"PICKERS_BENCH_COLOR_TRIPLES": path})
        result["pickers"] = {key: value["value"] for key, value in pickers.items()
                             if key.startswith("color.convert")}
        rate = pickers["color.convert.srgb-oklch.buffer"]["value"]
        cpu_rate = pickers["color.convert.srgb-oklch.buffer.cpu"]["value"]
        result["speedupOverColourScience"] = rate / result["colour-science"]["perSecond"]
        result["speedupOverColoraide"] = rate / result["coloraide"]["perSecond"]
        result["cpuSpeedupOverColourScience"] = (
            cpu_rate / result["colour-science"]["perCPUSecond"])
        result["cpuSpeedupOverColoraide"] = cpu_rate / result["coloraide"]["perCPUSecond"]
        # pickers splits a batch of 65,536 colors or more across the processors; colour-science
        # (numpy) runs on one. `.buffer.1thread` is pickers on one core, for a like-for-like ratio.
        one = pickers.get("color.convert.srgb-oklch.buffer.1thread")
        if one is not None:
            result["oneThreadSpeedupOverColourScience"] = (
                one["value"] / result["colour-science"]["perSecond"])
            result["processors"] = os.cpu_count()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
