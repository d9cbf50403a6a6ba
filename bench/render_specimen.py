#!/usr/bin/env python3
"""The anchor for `pickers font specimen`: Pillow drawing the same rows in one process.

Reads rows from a TSV file (label, font file, face index), then draws each row like pickers
does: the label in DejaVu Sans 14 px in gray, the sample text below it in the row's font at
SIZE px, on a white sheet WIDTH pixels wide, and saves one PNG.

    python3 bench/render_specimen.py rows.tsv out.png [--size 32] [--width 1400] [--text T]
"""
import argparse

from PIL import Image, ImageDraw, ImageFont

LABEL_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rows")
    parser.add_argument("output")
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--label-size", type=int, default=14)
    parser.add_argument("--padding", type=int, default=16)
    parser.add_argument("--text", default="The quick brown fox jumps over the lazy dog")
    args = parser.parse_args()

    rows = []
    with open(args.rows, encoding="utf-8") as handle:
        for line in handle:
            label, path, index = line.rstrip("\n").split("\t")
            rows.append((label, path, int(index)))

    # The same row height as pickers: ceil(1.5 label) + ceil(1.5 size) + padding.
    row_height = -(-args.label_size * 3 // 2) + -(-args.size * 3 // 2) + args.padding
    sheet = Image.new("RGBA", (args.width, row_height * len(rows)), (255, 255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    label_font = ImageFont.truetype(LABEL_FONT, args.label_size)
    for number, (label, path, index) in enumerate(rows):
        top = number * row_height
        draw.text((args.padding, top + args.padding // 2), label, font=label_font,
                  fill=(110, 110, 110, 255))
        try:
            font = ImageFont.truetype(path, args.size, index=index & 0xFFFF)
        except OSError:
            # Bitmap-only fonts (color emoji) only open at their strike size.
            try:
                font = ImageFont.truetype(path, 109, index=index & 0xFFFF)
            except OSError:
                continue
        draw.text((args.padding, top + args.padding // 2 + args.label_size * 3 // 2),
                  args.text, font=font, fill=(0, 0, 0, 255), embedded_color=True)
    sheet.save(args.output)


if __name__ == "__main__":
    main()
