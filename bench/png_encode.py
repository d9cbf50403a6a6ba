#!/usr/bin/env python3
"""Pillow's side of the PNG encode benchmark: the 4096 x 4096 RGBA gradient that pickers
encodes (r = x >> 4, g = y >> 4, b = (x + y) >> 5, a = 255), saved at zlib levels 1, 6 and 9.

Prints JSON: per level the median wall-clock and CPU time of `Image.save` to memory over the
runs (after one warm-up), the size in bytes and the throughput in MB/s of raw RGBA, plus the
median time to decode the level-6 file. pickers' side: `pickers-bench png` (same pixels). Run with a Python that has Pillow (Debian: /usr/bin/python3 from
python3-pil):  /usr/bin/python3 bench/png_encode.py [--quick] [--runs N]
"""

import argparse
import io
import json
import statistics
import time

import PIL
from PIL import Image


def gradient(size):
    """The benchmark pixels, built row by row from slices (no per-pixel Python loop)."""
    red = bytes((x >> 4) & 0xFF for x in range(size))
    blue_by_sum = bytes(((s >> 5) & 0xFF) for s in range(2 * size))
    opaque = b"\xff" * size
    rows = []
    for y in range(size):
        row = bytearray(size * 4)
        row[0::4] = red
        row[1::4] = bytes([(y >> 4) & 0xFF]) * size
        row[2::4] = blue_by_sum[y:y + size]
        row[3::4] = opaque
        rows.append(bytes(row))
    return Image.frombytes("RGBA", (size, size), b"".join(rows))


def timed(function, runs):
    """Median wall-clock and CPU milliseconds of `runs` calls after one warm-up call."""
    function()
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.thread_time()
        function()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.thread_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1024 x 1024, one run: proves it works")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", type=int, choices=(1, 6, 9),
                        help="encode once at this level and exit (for callgrind, with "
                             "--toggle-collect=ImagingZipEncode)")
    parser.add_argument("--decode-once", action="store_true",
                        help="encode at level 6, decode once and exit (for callgrind, with "
                             "--toggle-collect=ImagingZipDecode)")
    args = parser.parse_args()
    if args.decode_once:
        out = io.BytesIO()
        gradient(1024 if args.quick else 4096).save(out, format="PNG", compress_level=6)
        with Image.open(io.BytesIO(out.getvalue())) as im:
            im.load()
            print(im.size)
        return
    if args.only is not None:
        out = io.BytesIO()
        gradient(1024 if args.quick else 4096).save(out, format="PNG", compress_level=args.only)
        print(len(out.getvalue()))
        return
    size = 1024 if args.quick else 4096
    runs = 1 if args.quick else args.runs
    image = gradient(size)
    raw_megabytes = size * size * 4 / 1e6
    results = {}
    encoded = {}
    for level in (1, 6, 9):
        def save():
            out = io.BytesIO()
            image.save(out, format="PNG", compress_level=level)
            encoded[level] = out.getvalue()
        median, cpu = timed(save, runs)
        results[str(level)] = {
            "median_ms": round(median, 1),
            "median_cpu_ms": round(cpu, 1),
            "bytes": len(encoded[level]),
            "mb_per_s": round(raw_megabytes / (median / 1000), 1),
        }

    def decode():
        with Image.open(io.BytesIO(encoded[6])) as im:
            im.load()
    decode_wall, decode_cpu = timed(decode, runs)
    print(json.dumps({
        "tool": "pillow",
        "version": PIL.__version__,
        "image": f"{size}x{size} RGBA gradient",
        "runs": runs,
        "encode": results,
        "decode_level6_median_ms": round(decode_wall, 1),
        "decode_level6_median_cpu_ms": round(decode_cpu, 1),
    }, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
