#!/usr/bin/env python3
"""Batch rows: `pickers color convert - --to oklch` and `pickers color info -` (text and --json)
over 1 M and 10 M lines of hex and of mixed CSS colors, beside an anchor reading the same file.

    bench/.venv/bin/python bench/batch.py --pickers PATH [--quick]

Called from bench/run.py (`batch_rows`). Each row gives lines/s by wall clock and by CPU time
(user + system, from wait4), and the peak resident memory from /usr/bin/time -v. The anchors:
colour-science (numpy, vectorized) converts the hex file to Oklch; coloraide parses and converts
the mixed file one line at a time, on its first 100,000 lines (its rate is per line, the same
unit). No speed is asserted.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(BENCH, "out")
sys.path.insert(0, BENCH)
import color_inputs  # noqa: E402


def input_file(kind, count):
    """bench/out/batch-<kind>-<count>.txt, made once: random #rrggbb, or color_inputs' mixed
    syntaxes repeated."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"batch-{kind}-{count}.txt")
    if os.path.exists(path):
        return path
    rng = random.Random(12)
    base = color_inputs.css_strings(100_000, seed=4) if kind == "mixed" else None
    with open(path + ".tmp", "w") as handle:
        for start in range(0, count, 100_000):
            size = min(100_000, count - start)
            if base:
                handle.write("\n".join(base[:size]) + "\n")
            else:
                handle.write("".join("#%06x\n" % rng.randrange(0x1000000) for _ in range(size)))
    os.rename(path + ".tmp", path)
    return path


def run(argv, path):
    """Runs argv with `path` on standard input and output to /dev/null: (wall s, CPU s)."""
    with open(path, "rb") as source, open(os.devnull, "wb") as sink:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=source, stdout=sink, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime


def peak_mib(argv, path):
    """Peak resident memory from /usr/bin/time -v, in MiB."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with open(path, "rb") as source:
        report = subprocess.run(["/usr/bin/time", "-v"] + argv, stdin=source,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in report.stderr.splitlines():
        if "Maximum resident set size" in line:
            return round(int(line.split()[-1]) / 1024, 1)
    return None


def anchor_hex(path):
    """colour-science: the whole hex file to Oklch with numpy; (lines, seconds)."""
    import numpy
    import colour
    start = time.perf_counter()
    with open(path, "rb") as handle:
        data = numpy.frombuffer(handle.read(), dtype=numpy.uint8).reshape(-1, 8)[:, 1:7]
    digits = numpy.where(data >= 0x61, data - 0x61 + 10, data - 0x30).astype(numpy.float64)
    rgb = (digits[:, 0::2] * 16 + digits[:, 1::2]) / 255
    lab = colour.XYZ_to_Oklab(colour.sRGB_to_XYZ(rgb))
    colour.models.Lab_to_LCHab(lab)
    return len(rgb), time.perf_counter() - start


def anchor_mixed(path, limit):
    """coloraide: parse and convert to Oklch line by line; (lines, seconds)."""
    from coloraide import Color
    with open(path) as handle:
        lines = [next(handle).strip() for _ in range(limit)]
    start = time.perf_counter()
    for line in lines:
        try:
            Color(line).convert("oklch").to_string()
        except ValueError:
            pass
    return len(lines), time.perf_counter() - start


def batch_rows(pickers, quick=False, runs=3):
    counts = [20_000] if quick else [1_000_000, 10_000_000]
    jobs = [("convert", ["color", "convert", "-", "--to", "oklch"], 3e6),
            ("info", ["color", "info", "-"], 1e6),
            ("info --json", ["color", "info", "-", "--json"], 1e6)]
    rows = []
    anchors = {}
    for kind in ("hex", "mixed"):
        for count in counts:
            path = input_file(kind, count)
            if kind not in anchors:
                lines, seconds = anchor_hex(path) if kind == "hex" else anchor_mixed(
                    path, min(count, 2_000 if quick else 100_000))
                anchors[kind] = lines / seconds
            for name, arguments, goal in jobs:
                # info writes about a kilobyte a line: its 10 M rows are left to the 1 M ones.
                if name != "convert" and count > 1_000_000:
                    continue
                argv = [pickers] + arguments
                samples = [run(argv, path) for _ in range(1 if quick else runs)]
                wall = min(s[0] for s in samples)
                cpu = min(s[1] for s in samples)
                rate = count / wall
                peak = peak_mib(argv, path)
                rows.append({
                    "job": f"{name} {count // 1000:,}k {kind} lines", "anchor":
                        "colour-science numpy" if kind == "hex" else "coloraide, per line",
                    "pickers_ms": round(wall * 1000, 1),
                    "anchor_ms": round(count / anchors[kind] * 1000, 1),
                    "pickers_lines_per_s_wall": round(rate),
                    "pickers_lines_per_s_cpu": round(count / cpu) if cpu else None,
                    "anchor_lines_per_s": round(anchors[kind]),
                    "pickers_peak_mib": peak, "anchor_peak_mib": 0,
                    "ratio": round(anchors[kind] / rate, 4), "target": round(anchors[kind] / goal, 4),
                    "met": rate >= goal and (name != "convert" or (peak or 0) < 16),
                    "note": f"goal: >= {goal / 1e6:g} M lines/s wall"
                            + (", peak < 16 MiB" if name == "convert" else ""),
                })
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pickers", required=True)
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args()
    rows = batch_rows(os.path.abspath(options.pickers), options.quick)
    json.dump(rows, sys.stdout, indent=1)
    print()
    for row in rows:
        print(f"{row['job']:<32} wall {row['pickers_lines_per_s_wall'] / 1e6:6.2f} M/s  "
              f"cpu {row['pickers_lines_per_s_cpu'] / 1e6:6.2f} M/s  "
              f"peak {row['pickers_peak_mib']} MiB  anchor {row['anchor_lines_per_s'] / 1e6:.3f} M/s",
              file=sys.stderr)


if __name__ == "__main__":
    main()
