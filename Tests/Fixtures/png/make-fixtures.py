#!/usr/bin/python3
"""Writes the PNG fixtures for the decoder tests, and the pixels each one must decode to.

Run with Debian's Python, which has Pillow (python3-pil):  /usr/bin/python3 make-fixtures.py

Every fixture encodes one known pattern, `pattern(x, y)`, in a different PNG color type, bit
depth, transparency or interlacing. Files Pillow can write are written by Pillow; the rest
(2- and 4-bit gray, 16-bit color, Adam7 interlacing, every row filter) by the small encoder
below, built on zlib alone. Every file is then decoded again by Pillow and checked against the
expected RGBA pixels, so the fixtures and expected.json are confirmed by an independent decoder.

expected.json maps each file name to {"width", "height", "rgba"}: the 8-bit straight-alpha RGBA
pixels, row by row, as lowercase hex. 16-bit samples are stored as v * 257, so any correct
reduction to 8 bits (truncation or rounding) gives v back.
"""

import json
import os
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 13, 9  # odd width: partial bytes at 1, 2 and 4 bits, uneven Adam7 passes


def pattern(x, y):
    """The reference RGBA pixel at (x, y); alpha runs from 0 to 255 and back."""
    return ((x * 19 + y * 7) % 256, (x * 5 + y * 29) % 256, (x * y * 3 + 40) % 256,
            (0, 255, 128, 1, 254, 64)[(x + 2 * y) % 6])


def gray(x, y):
    return pattern(x, y)[0]


# ---- a minimal PNG encoder (zlib only), for what Pillow cannot write ----

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def pack_row(samples, depth):
    """Packs sample values of `depth` bits into bytes, big-endian, padding the last byte."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, bpp):
    """Filters each row with filter type (row index % 5), so every PNG filter is used."""
    out, prev = bytearray(), None
    for index, row in enumerate(rows):
        kind = index % 5
        up = prev if prev is not None else bytes(len(row))
        line = bytearray()
        for i, v in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = up[i]
            c = up[i - bpp] if i >= bpp else 0
            pred = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
            line.append((v - pred) % 256)
        out.append(kind)
        out += line
        prev = row
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]


def encode(path, width, height, color_type, depth, samples_at, plte=None, trns=None,
           interlace=False):
    """Writes a PNG; samples_at(x, y) returns the tuple of samples of one pixel."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    bpp = max(1, channels * depth // 8)

    def rows_of(xs, ys):
        return [pack_row([s for x in xs for s in samples_at(x, y)], depth) for y in ys]

    if interlace:
        data = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                data += filter_rows(rows_of(xs, ys), bpp)
    else:
        data = filter_rows(rows_of(range(width), range(height)), bpp)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0,
                                      1 if interlace else 0))
    if plte is not None:
        png += chunk(b"PLTE", b"".join(bytes(c) for c in plte))
    if trns is not None:
        png += chunk(b"tRNS", trns)
    png += chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


# ---- the fixtures ----

def expected_pixels(width, height, rgba_at):
    return bytes(v for y in range(height) for x in range(width) for v in rgba_at(x, y))


def main():
    expected = {}

    def add(name, rgba_at, width=W, height=H):
        expected[name] = {"width": width, "height": height,
                          "rgba": expected_pixels(width, height, rgba_at).hex()}

    def path(name):
        return os.path.join(HERE, name)

    # Pillow: 8-bit gray, gray + alpha, RGB, RGBA, 1-bit, palettes, tRNS forms, 16-bit gray.
    img = Image.new("L", (W, H))
    img.putdata([gray(x, y) for y in range(H) for x in range(W)])
    img.save(path("gray8.png"))
    add("gray8.png", lambda x, y: (gray(x, y),) * 3 + (255,))

    key = gray(3, 2)
    img.save(path("gray8-trns.png"), transparency=key)
    add("gray8-trns.png", lambda x, y: (gray(x, y),) * 3 + (0 if gray(x, y) == key else 255,))

    img = Image.new("LA", (W, H))
    img.putdata([(gray(x, y), pattern(x, y)[3]) for y in range(H) for x in range(W)])
    img.save(path("gray-alpha8.png"))
    add("gray-alpha8.png", lambda x, y: (gray(x, y),) * 3 + (pattern(x, y)[3],))

    img = Image.new("1", (W, H))
    img.putdata([255 if (x + y) % 3 == 0 else 0 for y in range(H) for x in range(W)])
    img.save(path("gray1.png"))
    add("gray1.png", lambda x, y: (255 if (x + y) % 3 == 0 else 0,) * 3 + (255,))

    img = Image.new("RGB", (W, H))
    img.putdata([pattern(x, y)[:3] for y in range(H) for x in range(W)])
    img.save(path("rgb8.png"))
    add("rgb8.png", lambda x, y: pattern(x, y)[:3] + (255,))

    key_rgb = pattern(5, 4)[:3]
    img.save(path("rgb8-trns.png"), transparency=key_rgb)
    add("rgb8-trns.png", lambda x, y: pattern(x, y)[:3] + (0 if pattern(x, y)[:3] == key_rgb
                                                            else 255,))

    img = Image.new("RGBA", (W, H))
    img.putdata([pattern(x, y) for y in range(H) for x in range(W)])
    img.save(path("rgba8.png"))
    add("rgba8.png", pattern)

    # A palette of 200 colors: index = (x + y * W) % 200, color and alpha from the pattern.
    colors = [pattern(i % W, i // W) for i in range(200)]
    index_at = lambda x, y: (x + y * W) % 200  # noqa: E731
    img = Image.new("P", (W, H))
    img.putpalette([c for rgba in colors for c in rgba[:3]])
    img.putdata([index_at(x, y) for y in range(H) for x in range(W)])
    img.save(path("palette8.png"))
    add("palette8.png", lambda x, y: colors[index_at(x, y)][:3] + (255,))
    img.save(path("palette8-trns.png"), transparency=bytes(c[3] for c in colors))
    add("palette8-trns.png", lambda x, y: colors[index_at(x, y)])

    # A 16-color palette stored with 4 bits per index.
    small = [pattern(i, 3) for i in range(16)]
    img = Image.new("P", (W, H))
    img.putpalette([c for rgba in small for c in rgba[:3]])
    img.putdata([(x * 3 + y) % 16 for y in range(H) for x in range(W)])
    img.save(path("palette4.png"), bits=4)
    add("palette4.png", lambda x, y: small[(x * 3 + y) % 16][:3] + (255,))

    img = Image.new("I;16", (W, H))
    img.putdata([gray(x, y) * 257 for y in range(H) for x in range(W)])
    img.save(path("gray16.png"))
    add("gray16.png", lambda x, y: (gray(x, y),) * 3 + (255,))

    # The zlib-only encoder: low bit depths, 16-bit color, Adam7, every filter type.
    encode(path("gray2.png"), W, H, 0, 2, lambda x, y: ((x + y) % 4,))
    add("gray2.png", lambda x, y: ((x + y) % 4 * 85,) * 3 + (255,))
    encode(path("gray4.png"), W, H, 0, 4, lambda x, y: ((x * 2 + y) % 16,))
    add("gray4.png", lambda x, y: ((x * 2 + y) % 16 * 17,) * 3 + (255,))
    encode(path("gray-alpha16.png"), W, H, 4, 16,
           lambda x, y: (gray(x, y) * 257, pattern(x, y)[3] * 257))
    add("gray-alpha16.png", lambda x, y: (gray(x, y),) * 3 + (pattern(x, y)[3],))
    encode(path("rgb16.png"), W, H, 2, 16, lambda x, y: tuple(v * 257 for v in pattern(x, y)[:3]))
    add("rgb16.png", lambda x, y: pattern(x, y)[:3] + (255,))
    encode(path("rgba16.png"), W, H, 6, 16, lambda x, y: tuple(v * 257 for v in pattern(x, y)))
    add("rgba16.png", pattern)
    encode(path("rgba8-filters.png"), W, H, 6, 8, pattern)
    add("rgba8-filters.png", pattern)
    encode(path("rgba8-interlaced.png"), W, H, 6, 8, pattern, interlace=True)
    add("rgba8-interlaced.png", pattern)
    encode(path("rgba16-interlaced.png"), W, H, 6, 16,
           lambda x, y: tuple(v * 257 for v in pattern(x, y)), interlace=True)
    add("rgba16-interlaced.png", pattern)
    encode(path("gray1-interlaced.png"), W, H, 0, 1, lambda x, y: ((x * y) % 2,))
    add("gray1-interlaced.png", lambda x, y: ((x * y) % 2 * 255,) * 3 + (255,))
    encode(path("palette2-trns-interlaced.png"), W, H, 3, 2, lambda x, y: ((x + 2 * y) % 4,),
           plte=[pattern(i, 0)[:3] for i in range(4)],
           trns=bytes(pattern(i, 0)[3] for i in range(3)))  # entry 3 has no tRNS: opaque
    add("palette2-trns-interlaced.png",
        lambda x, y: pattern((x + 2 * y) % 4, 0)[:3]
        + (pattern((x + 2 * y) % 4, 0)[3] if (x + 2 * y) % 4 < 3 else 255,))
    encode(path("rgba8-1x1-interlaced.png"), 1, 1, 6, 8, pattern, interlace=True)
    add("rgba8-1x1-interlaced.png", pattern, 1, 1)

    # Cross-check: Pillow decodes each file to the expected pixels. Pillow reduces 16-bit
    # color by truncation and keeps 16-bit gray as 32-bit integers: both compare exactly.
    for name, entry in expected.items():
        with Image.open(path(name)) as img:
            if img.mode in ("I", "I;16"):
                values = [v // 257 for v in img.getdata()]
                got = bytes(c for v in values for c in (v, v, v, 255))
            else:
                got = img.convert("RGBA").tobytes()
        assert (img.width, img.height) == (entry["width"], entry["height"]), name
        assert got.hex() == entry["rgba"], f"Pillow decodes {name} differently"

    with open(path("expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {len(expected)} fixtures, each checked with Pillow {Image.__version__}")


if __name__ == "__main__":
    main()
