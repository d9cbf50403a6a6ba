#!/usr/bin/env python3
"""Writes small valid and corrupt PNGs: the PNG fuzzer's seeds and the corrupt-image tests' inputs.

Built by hand from the PNG specification (chunk = length, type, data, CRC-32 over type+data), so
each file's defect is exactly the one its name says. Run from this folder: python3 make-seeds.py
"""
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, crc=None):
    value = zlib.crc32(kind + data) if crc is None else crc
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", value & 0xFFFFFFFF)


def ihdr(width, height, depth=8, color=6, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))


def rows(width, height, bytes_per_pixel, value=0x80):
    return b"".join(b"\x00" + bytes([value]) * (width * bytes_per_pixel) for _ in range(height))


def png(*chunks):
    return SIGNATURE + b"".join(chunks)


good = png(ihdr(2, 2), chunk(b"IDAT", zlib.compress(rows(2, 2, 4))), chunk(b"IEND", b""))
palette = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0]))  # two entries
files = {
    # Valid images: the decoder must return them.
    "valid-rgba-2x2.png": good,
    "valid-palette-2x2.png": png(
        ihdr(2, 2, 8, 3), palette, chunk(b"IDAT", zlib.compress(b"\x00\x00\x01\x00\x01\x00")),
        chunk(b"IEND", b"")),
    # Corrupt images: each must be a clear error, never a crash or an unbounded allocation.
    "truncated-half.png": good[: len(good) // 2],
    "truncated-signature.png": SIGNATURE[:5],
    "empty.png": b"",
    "not-a-png.png": b"GIF89a\x01\x00\x01\x00\x00\x00\x00;",
    "bad-crc-ihdr.png": png(
        chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 6, 0, 0, 0), crc=0x12345678),
        chunk(b"IDAT", zlib.compress(rows(2, 2, 4))), chunk(b"IEND", b"")),
    "bad-crc-idat.png": png(
        ihdr(2, 2), chunk(b"IDAT", zlib.compress(rows(2, 2, 4)), crc=0), chunk(b"IEND", b"")),
    "bad-zlib.png": png(ihdr(2, 2), chunk(b"IDAT", b"\x78\x9c\xff\xff\xff\xff"), chunk(b"IEND", b"")),
    "zlib-too-short.png": png(
        ihdr(2, 2), chunk(b"IDAT", zlib.compress(rows(2, 1, 4))), chunk(b"IEND", b"")),
    "zero-width.png": png(ihdr(0, 2), chunk(b"IDAT", zlib.compress(b"")), chunk(b"IEND", b"")),
    "absurd-dimensions.png": png(
        ihdr(1_000_000, 1_000_000), chunk(b"IDAT", zlib.compress(rows(1, 1, 4))),
        chunk(b"IEND", b"")),
    "over-pixel-limit.png": png(
        ihdr(20_000, 10_000), chunk(b"IDAT", zlib.compress(rows(1, 1, 4))), chunk(b"IEND", b"")),
    # A chunk whose declared length is 2 GiB - 1 with only a few bytes present.
    "huge-chunk-length.png": png(ihdr(2, 2)) + struct.pack(">I", 0x7FFFFFFF) + b"tEXtabc",
    "huge-text-chunk.png": png(
        ihdr(2, 2), chunk(b"tEXt", b"Comment\x00" + b"x" * 300_000),
        chunk(b"IDAT", zlib.compress(rows(2, 2, 4))), chunk(b"IEND", b"")),
    "malformed-text-chunk.png": png(
        ihdr(2, 2), chunk(b"tEXt", b"no separator here"), chunk(b"zTXt", b"k\x00\x00\xff\xff"),
        chunk(b"IDAT", zlib.compress(rows(2, 2, 4))), chunk(b"IEND", b"")),
    "palette-index-out-of-range.png": png(
        ihdr(2, 2, 8, 3), palette, chunk(b"IDAT", zlib.compress(b"\x00\x07\xff\x00\x01\x09")),
        chunk(b"IEND", b"")),
    "palette-missing.png": png(
        ihdr(2, 2, 8, 3), chunk(b"IDAT", zlib.compress(b"\x00\x00\x01\x00\x01\x00")),
        chunk(b"IEND", b"")),
    "bad-bit-depth.png": png(
        ihdr(2, 2, 7, 6), chunk(b"IDAT", zlib.compress(rows(2, 2, 4))), chunk(b"IEND", b"")),
    "no-idat.png": png(ihdr(2, 2), chunk(b"IEND", b"")),
}
for name, data in files.items():
    with open(name, "wb") as output:
        output.write(data)
