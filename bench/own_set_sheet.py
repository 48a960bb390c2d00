#!/usr/bin/env python3
"""Draw the built-in set beside an earlier drawing of it and cburnett.

For the pieces guide's before-and-after picture: the back ranks (rook,
knight, bishop, queen, king; white above black) of each set at the given
square sizes, as fen2img draws them, one row of sets per size.

    python3 bench/own_set_sheet.py --fen2img target/release/fen2img \\
        --before DIR [--squares 45,100,160] -o docs/images/own-set-redraw.png

DIR holds the earlier set's twelve SVG files (for example
`git show OLD:crates/render/assets/pieces/wK.svg` and the rest); it is
loaded with --pieces DIR, which draws it unhinted, as fen2img draws the
built-in set at these sizes (hinting stops at 25 px squares).  Uses the
virtual environment of bench/measure_glyphs.py (target/measure-venv).
"""

import io
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_glyphs as mg  # noqa: E402,F401  (sets up the environment)

from PIL import Image, ImageDraw  # noqa: E402

FEN = "rnbqk3/8/8/8/8/8/8/RNBQK3 w - - 0 1"


def ranks(binary, square, pieces):
    """White's back rank above black's, files a-e."""
    args = [binary, FEN, "--size", str(8 * square), "--coords", "none",
            "--no-border", "--no-side-to-move", "-o", "-", "-f", "png"]
    # The built-in set by its name: a theme may draw another by default.
    args += ["--pieces", pieces or "fen2img"]
    png = subprocess.run(args, check=True, capture_output=True).stdout
    board = Image.open(io.BytesIO(png)).convert("RGB")
    out = Image.new("RGB", (5 * square, 2 * square))
    out.paste(board.crop((0, 7 * square, 5 * square, 8 * square)), (0, 0))
    out.paste(board.crop((0, 0, 5 * square, square)), (0, square))
    return out


def main():
    binary = before = out = None
    squares = [45, 100, 160]
    args = sys.argv[1:]
    while len(args) >= 2:
        key, value, args = args[0], args[1], args[2:]
        if key == "--fen2img":
            binary = value
        elif key == "--before":
            before = value
        elif key == "--squares":
            squares = [int(v) for v in value.split(",")]
        elif key == "-o":
            out = value
        else:
            args = [key]
            break
    if args or not (binary and before and out):
        sys.exit("usage: own_set_sheet.py --fen2img BIN --before DIR [--squares 45,100,160] -o PNG")
    sets = [("before", before), ("now", None), ("cburnett", "cburnett")]
    label, gap = 14, 10
    rows = [[ranks(binary, s, p) for _, p in sets] for s in squares]
    width = gap + sum(im.width + gap for im in rows[-1])
    height = sum(label + row[0].height + gap for row in rows) + gap
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    y = gap
    for square, row in zip(squares, rows):
        x = gap
        for (title, _), im in zip(sets, row):
            draw.text((x, y), "%s, %d px" % (title, square), fill="black")
            sheet.paste(im, (x, y + label))
            x += rows[-1][0].width + gap
        y += label + row[0].height + gap
    sheet = sheet.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
