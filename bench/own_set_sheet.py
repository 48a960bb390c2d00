#!/usr/bin/env python3
"""Draw the built-in set beside cburnett (and an earlier drawing of it).

For the pieces guide's side-by-side picture: every piece (king, queen,
rook, bishop, knight, pawn), white and black, each on a light and a dark
square, as fen2img draws it, one row of sets per square size; the 20 px
row is shown twice the size, pixel for pixel, so that its hinting can be
seen.

    python3 bench/own_set_sheet.py --fen2img target/release/fen2img \\
        [--before-fen2img OLD | --before DIR] [--squares 20,45,100,160] \\
        [--theme brown] -o docs/images/own-set-redraw.png

The earlier drawing is either the built-in set of an earlier build (OLD,
drawn as that build draws it, hinted at small squares) or a directory of
its twelve SVG files (DIR, for example `python3 tools/gen_pieces.py --out
DIR` at an older commit), loaded with --pieces DIR, which draws it
unhinted: as fen2img draws the built-in set above 25 px squares, but not
at 20 px.  cburnett is the bundled set (`--pieces cburnett`, hinted at
30 px squares and less).  Uses the virtual environment of
bench/measure_glyphs.py (target/measure-venv).
"""

import io
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_glyphs as mg  # noqa: E402,F401  (sets up the environment)

from PIL import Image, ImageDraw  # noqa: E402

# Files a-f on ranks 8-5: a8 is light, a7 dark, so each piece stands on a
# light and on a dark square; white above black.
FEN = "KQRBNP2/KQRBNP2/kqrbnp2/kqrbnp2/8/8/8/8 w - - 0 1"


def block(binary, square, pieces, theme):
    """Ranks 8-5, files a-f, of the board drawn at `square` px squares."""
    args = [binary, FEN, "--size", str(8 * square), "--coords", "none",
            "--no-border", "--no-side-to-move", "--theme", theme, "-o", "-", "-f", "png"]
    # The built-in set by its name: a theme may draw another by default.
    args += ["--pieces", pieces or "fen2img"]
    png = subprocess.run(args, check=True, capture_output=True).stdout
    board = Image.open(io.BytesIO(png)).convert("RGB")
    return board.crop((0, 0, 6 * square, 4 * square))


def main():
    binary = before = before_binary = out = None
    squares = [20, 45, 100, 160]
    theme = "brown"
    args = sys.argv[1:]
    while len(args) >= 2:
        key, value, args = args[0], args[1], args[2:]
        if key == "--fen2img":
            binary = value
        elif key == "--before":
            before = value
        elif key == "--before-fen2img":
            before_binary = value
        elif key == "--squares":
            squares = [int(v) for v in value.split(",")]
        elif key == "--theme":
            theme = value
        elif key == "-o":
            out = value
        else:
            args = [key]
            break
    if args or not (binary and out):
        sys.exit("usage: own_set_sheet.py --fen2img BIN [--before-fen2img OLD | --before DIR] "
                 "[--squares 20,45,100,160] [--theme NAME] -o PNG")
    # (title, binary, --pieces)
    sets = [("now", binary, None), ("cburnett", binary, "cburnett")]
    if before_binary:
        sets.insert(0, ("before", before_binary, None))
    elif before:
        sets.insert(0, ("before", binary, before))
    label, gap = 14, 10
    rows = []
    for square in squares:
        zoom = 2 if square < 30 else 1
        row = [block(b, square, p, theme) for _, b, p in sets]
        if zoom > 1:
            row = [im.resize((im.width * zoom, im.height * zoom), Image.NEAREST) for im in row]
        rows.append((square, zoom, row))
    column = max(im.width for _, _, row in rows for im in row)
    width = gap + len(sets) * (column + gap)
    height = sum(label + row[0].height + gap for _, _, row in rows) + gap
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    y = gap
    for square, zoom, row in rows:
        x = gap
        for (title, _, _), im in zip(sets, row):
            shown = " (shown %dx)" % zoom if zoom > 1 else ""
            draw.text((x, y), "%s, %d px%s" % (title, square, shown), fill="black")
            sheet.paste(im, (x, y + label))
            x += column + gap
        y += label + row[0].height + gap
    sheet = sheet.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
