#!/usr/bin/env python3
"""Measure the hinting of the bundled piece sets, and draw their contact sheet.

For each bundled set (crates/render/assets/pieces/NAME/), at 20 and 30 px
squares, the project's legibility measure (bench/measure_glyphs.py: the
mean absolute grey difference between two glyphs of one colour, on the
lichess brown light and dark squares, averaged over both; higher is easier
to tell apart) is taken three ways:

  hinted     the set by name (`--pieces NAME`): fen2img hints it
  unhinted   the same files from their directory (`--pieces DIR`): fen2img
             draws a user's set as it is
  cairosvg   (cburnett only) python-chess's chess.svg.PIECES rasterized by
             cairosvg, the reference the project measures against

and printed as a Markdown table: the closest pair of each colour, king
against queen, and the mean of the 15 pairs.  A second figure, the grey
share, says how much of a glyph's ink is neither its square's colour nor
solid: the share of the pixels that differ from the bare square by more
than 8 grey levels whose grey lies more than 16 levels from both the
square and the glyph's darkest or lightest ink (lower is crisper).

    python3 bench/measure_bundled.py --fen2img target/release/fen2img \\
        [--squares 20,30] [--sheet docs/images/bundled-pieces.png] \\
        [--themes brown,blue,green,print,ic,pink,purple --sets cburnett,chessnut]

--themes measures, for each theme named and at 20, 45 and 100 px squares,
the built-in set beside the sets named by --sets (cburnett by default) on
that theme's own squares: the same pair differences, the closest pair and
the mean of the 15 pairs, per colour.  bench/theme_sets.py measures every
set so, and in print, for each theme's default set (docs/guide/pieces.md).

--sheet writes every set side by side at 20 px squares (shown 2x, pixel
for pixel), 45 and 100 px squares (king and knight only, once
each), white pieces above black, each on a light and a dark square of the
brown theme, the built-in set first.  Uses the
virtual environment of bench/measure_glyphs.py (target/measure-venv).
"""

import io
import itertools
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_glyphs as mg  # noqa: E402  (sets up the environment)

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

USAGE = ("usage: measure_bundled.py --fen2img BIN [--squares 20,30] [--sheet PNG] "
         "[--themes T1,T2... [--sets NAME,...]]")
PIECES = os.path.join(mg.ROOT, "crates", "render", "assets", "pieces")


def bundled_names(binary):
    out = subprocess.run([binary, "--list-pieces"], check=True,
                         capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def grey_share(binary, square, pieces):
    """Share of ink pixels that are mid-grey, over all twelve glyphs."""
    board = mg.fen2img_board(binary, square, pieces)
    sq = mg.squares_of(board, square)
    grey_px = ink_px = 0
    for greys in sq.values():
        for grey in greys:
            bare = grey[0, 0]
            ink = np.abs(grey - bare) > 8
            if not ink.any():
                continue
            lo, hi = grey[ink].min(), grey[ink].max()
            mid = ink & (np.abs(grey - bare) > 16) & (grey - lo > 16) & (hi - grey > 16)
            grey_px += int(mid.sum())
            ink_px += int(ink.sum())
    return grey_px / ink_px if ink_px else 0.0


def summary(diffs):
    """closest pair, king-queen and mean, per colour."""
    out = {}
    for colour in "wb":
        d = diffs[colour]
        pair = min(d, key=d.get)
        out[colour] = (pair, d[pair], d["KQ"], sum(d.values()) / len(d))
    return out


def measure(binary, names, squares=(20, 30)):
    print("| set | square | drawn | closest pair, white | closest pair, black "
          "| king–queen, white / black | mean of 15, white / black | grey share |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        for square in squares:
            rows = [("hinted", name), ("unhinted", os.path.join(PIECES, name))]
            for label, pieces in rows:
                s = summary(mg.renderer_differences(binary, square, pieces))
                print("| %s | %d px | %s | %s %.1f | %s %.1f | %.1f / %.1f | %.1f / %.1f | %.1f%% |" % (
                    name, square, label,
                    mg.pair_name(s["w"][0]), s["w"][1], mg.pair_name(s["b"][0]), s["b"][1],
                    s["w"][2], s["b"][2], s["w"][3], s["b"][3],
                    100 * grey_share(binary, square, pieces)))
            if name == "cburnett":
                s = summary(mg.pair_differences(mg.cburnett(), square))
                print("| %s | %d px | cairosvg (python-chess) | %s %.1f | %s %.1f | %.1f / %.1f | %.1f / %.1f | |" % (
                    name, square, mg.pair_name(s["w"][0]), s["w"][1],
                    mg.pair_name(s["b"][0]), s["b"][1], s["w"][2], s["b"][2], s["w"][3], s["b"][3]))


# Black on ranks 8-7, white on 6-5, king and knight first, each
# piece on a light and a dark square (a8 is light).
SHEET_FEN = "knqrbp2/knqrbp2/KNQRBP2/KNQRBP2/8/8/8/8 w - - 0 1"


def crop(binary, square, pieces, files, twice=True):
    """White above black, each on a light and a dark square (or, unless
    `twice`, each once): the first `files` files of the board."""
    args = [binary, SHEET_FEN, "--size", str(8 * square), "--coords", "none",
            "--no-border", "--no-side-to-move", "-o", "-", "-f", "png"]
    # The built-in set by its name: a theme may draw another by default.
    args += ["--pieces", pieces or "fen2img"]
    png = subprocess.run(args, check=True, capture_output=True).stdout
    board = Image.open(io.BytesIO(png)).convert("RGB")
    ranks = 2 if twice else 1
    white = board.crop((0, 2 * square, files * square, (2 + ranks) * square))
    black = board.crop((0, 0, files * square, ranks * square))
    out = Image.new("RGB", (files * square, 2 * ranks * square))
    out.paste(white, (0, 0))
    out.paste(black, (0, ranks * square))
    return out


def sheet(binary, names, path):
    """Every set (the built-in first) side by side at 20 px (shown 2x,
    pixel for pixel), 45 px and 100 px squares (king and knight
    only, once each), in two columns of sets, as a 96-colour PNG."""
    sets = [("fen2img (built in)", None)] + [(n, n) for n in names]
    label, gap = 14, 10
    rows = ((20, 2, 6, True), (45, 1, 6, False), (100, 1, 2, False))
    tiles = []
    for title, pieces in sets:
        images = []
        for square, zoom, files, twice in rows:
            im = crop(binary, square, pieces, files, twice)
            if zoom > 1:
                im = im.resize((im.width * zoom, im.height * zoom), Image.NEAREST)
            images.append(im)
        tiles.append((title, images))
    column = gap + sum(im.width + gap for im in tiles[0][1])
    tile_h = label + max(im.height for im in tiles[0][1]) + gap
    per_col = (len(tiles) + 1) // 2
    out = Image.new("RGB", (2 * column, per_col * tile_h + gap), "white")
    draw = ImageDraw.Draw(out)
    for i, (title, images) in enumerate(tiles):
        x0, y0 = (i // per_col) * column, gap + (i % per_col) * tile_h
        draw.text((x0 + gap, y0), title, fill="black")
        x = x0 + gap
        for im in images:
            out.paste(im, (x, y0 + label))
            x += im.width + gap
    # A 96-colour palette keeps the sheet small (fewer merge the gold and
    # orange sets into one colour).
    out = out.quantize(colors=96, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out.save(path, optimize=True)


def theme_differences(binary, square, pieces, theme):
    """The pair differences of each colour on `theme`'s squares."""
    sq = mg.squares_of(mg.fen2img_board(binary, square, pieces, theme), square)
    return {
        colour: {
            a + b: float(np.mean([np.abs(x - y).mean()
                                  for x, y in zip(sq[colour + a], sq[colour + b])]))
            for a, b in itertools.combinations(mg.ROLES, 2)
        }
        for colour in "wb"
    }


def measure_themes(binary, themes, sets, squares=(20, 45, 100)):
    print("| theme | square | set | closest pair, white | closest pair, black "
          "| king–queen, white / black | mean of 15, white / black |")
    print("|---|---|---|---|---|---|---|")
    for theme in themes:
        for square in squares:
            for name in [None] + sets:
                s = summary(theme_differences(binary, square, name, theme))
                print("| %s | %d px | %s | %s %.1f | %s %.1f | %.1f / %.1f | %.1f / %.1f |" % (
                    theme, square, name or "built in",
                    mg.pair_name(s["w"][0]), s["w"][1], mg.pair_name(s["b"][0]), s["b"][1],
                    s["w"][2], s["b"][2], s["w"][3], s["b"][3]))


def main():
    binary = sheet_path = None
    squares = (20, 30)
    themes, sets = None, ["cburnett"]
    args = sys.argv[1:]
    while args:
        if len(args) >= 2 and args[0] in ("--fen2img", "--sheet", "--squares", "--themes", "--sets"):
            if args[0] == "--fen2img":
                binary = args[1]
            elif args[0] == "--themes":
                themes = args[1].split(",")
            elif args[0] == "--sets":
                sets = args[1].split(",")
            elif args[0] == "--squares":
                squares = tuple(int(v) for v in args[1].split(","))
            else:
                sheet_path = args[1]
            args = args[2:]
        else:
            sys.exit(USAGE)
    if not binary:
        sys.exit(USAGE)
    if themes:
        measure_themes(binary, themes, sets)
        return
    names = bundled_names(binary)
    measure(binary, names, squares)
    if sheet_path:
        sheet(binary, names, sheet_path)
        print("\nContact sheet written to %s" % sheet_path)


if __name__ == "__main__":
    main()
