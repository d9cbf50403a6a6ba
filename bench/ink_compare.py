#!/usr/bin/python3
"""Ink of pickers' previews against pango-view's and hb-view's, for the ten fonts of the ink tests.

Draws each font's sample with `pickers font preview` (fontconfig's settings), `pango-view` and
`hb-view` at one size, prints the ink mass of pickers' picture as a fraction of each reference's
(the sum of every pixel's darkness), and stacks the three pictures of every font into one PNG
(pickers on top, then pango-view, then hb-view).

    FONTCONFIG_FILE=Tests/Fixtures/fonts.conf bench/ink_compare.py PICKERS SIZE OUT.png
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw

# The matrix of Tests/PickersTests/Render/DesktopInkTests.swift.
SAMPLES = [
    ("DejaVu Serif", "Hamburgefonstiv"),
    ("DejaVu Sans", "Hamburgefonstiv"),
    ("Noto Sans", "Καλημέρα κόσμε"),
    ("Noto Serif", "Съешь же ещё"),
    ("Noto Sans Arabic", "مرحبا بالعالم"),
    ("Noto Sans Devanagari", "नमस्ते दुनिया"),
    ("Noto Serif CJK JP", "永和九年の春"),
    ("Noto Sans CJK JP", "永和九年の春"),
    ("Inter", "Hamburgefonstiv"),
    ("DejaVu Sans Mono", "Hamburgefonstiv"),
]


def ink(path):
    image = Image.open(path).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    gray = Image.alpha_composite(white, image).convert("RGB")
    return sum((765 - r - g - b) / 765 for r, g, b in gray.getdata())


def main():
    pickers, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rows = []
    print(f"{'font':22} {'pickers/pango-view':>18} {'pickers/hb-view':>16}")
    with tempfile.TemporaryDirectory() as folder:
        for index, (family, text) in enumerate(SAMPLES):
            ours, pango, hb = (os.path.join(folder, f"{index}-{n}.png") for n in ("p", "pv", "hb"))
            subprocess.run([pickers, "font", "preview", family, "--text", text, "--size",
                            str(size), "--padding", "8", "-o", ours], check=True)
            subprocess.run(["pango-view", "-q", f"--font={family} {size}px", "--margin=8",
                            f"--text={text}", f"--output={pango}"], check=True)
            match = subprocess.run(["fc-match", "-f", "%{file}\t%{index}", family], check=True,
                                   capture_output=True, text=True).stdout.split("\t")
            subprocess.run(["hb-view", f"--font-size={size}", "--margin=8",
                            f"--face-index={int(match[1]) & 0xFFFF}", "--output-format=png",
                            f"--output-file={hb}", match[0], text], check=True)
            mass = ink(ours)
            print(f"{family:22} {mass / ink(pango):18.3f} {mass / ink(hb):16.3f}")
            rows.append((family, [Image.open(p).convert("RGB") for p in (ours, pango, hb)]))
    label_width = 240
    width = label_width + max(max(i.width for i in images) for _, images in rows)
    height = sum(sum(i.height for i in images) + 6 for _, images in rows)
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    y = 0
    for family, images in rows:
        for name, image in zip(("pickers", "pango-view", "hb-view"), images):
            draw.text((4, y + image.height // 2 - 6), f"{family} / {name}", fill=(110, 110, 110))
            sheet.paste(image, (label_width, y))
            y += image.height
        draw.line([(0, y + 2), (width, y + 2)], fill=(220, 220, 220))
        y += 6
    sheet.save(out)


if __name__ == "__main__":
    main()
