#!/usr/bin/env python3
"""Parse 100,000 CSS color strings of mixed syntax: coloraide in one process vs pickers-bench.

    pip install coloraide   # benchmark tooling only
    swift build -c release --product pickers-bench
    python3 bench/color_parse.py [--rounds 3]

Prints one JSON object: both rates and the ratio pickers/coloraide of time per string.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import color_inputs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build/release/pickers-bench"))
    options = parser.parse_args()
    path, strings = color_inputs.write_strings(count=options.count)

    from coloraide import Color
    import coloraide
    best = float("inf")
    best_cpu = float("inf")
    failures = 0
    for _ in range(options.rounds):
        failures = 0
        start = time.perf_counter()
        start_cpu = time.process_time()
        for text in strings:
            try:
                Color(text)
            except ValueError:
                failures += 1
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
        best = min(best, time.perf_counter() - start)
    result = {
        "job": "parse CSS color strings of mixed syntax",
        "count": len(strings),
        "coloraide": {"version": coloraide.__version__, "seconds": best,
                      "perSecond": len(strings) / best, "cpuSeconds": best_cpu,
                      "perCPUSecond": len(strings) / best_cpu, "failures": failures},
    }
    if os.path.exists(options.bench):
        pickers = color_inputs.run_bench(options.bench, {"PICKERS_BENCH_COLOR_STRINGS": path})
        rate = pickers["color.parse.mixed"]["value"]
        result["pickers"] = {"perSecond": rate,
                             "perCPUSecond": pickers["color.parse.mixed.cpu"]["value"],
                             "note": pickers["color.parse.mixed"]["note"]}
        # ratio = pickers time / coloraide time for the same strings (below 1 is faster), by
        # wall clock and by CPU time (steadier on a busy machine).
        result["ratio"] = (len(strings) / rate) / best
        result["cpuRatio"] = (len(strings) / result["pickers"]["perCPUSecond"]) / best_cpu
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
