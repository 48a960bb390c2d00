#!/usr/bin/env python3
"""Measure which piece set each built-in theme should draw by default, and
draw the contact sheets the choice is looked at on.

Three parts, each printed as a Markdown table or written as a PNG:

  screen   for every built-in theme but print, at 20, 45 and 100 px squares,
           every set (the built-in one and each bundled one) on that
           theme's own squares: the project's legibility measure
           (bench/measure_glyphs.py: the mean absolute grey difference
           between two glyphs of one colour, averaged over a light and a
           dark square, 0-255, higher is easier to tell apart): the closest
           pair of each colour, king against queen, and the mean of the 15
           pairs.

  print    every set drawn in the print theme at 35 mm and 150 dpi (the
           board alone, 25 px squares, hinted as fen2img draws such small
           squares), then thresholded to 1 bit at grey 128, as a newspaper
           plate or a photocopier does: the same pair differences on the
           1-bit pixels, and the share of a white piece's drawn pixels
           (grey <= 191 before the threshold) that are still black after it
           (how much of the outline survives).

  --sheet  every theme beside each candidate set at 20 and 45 px squares
           (all six pieces, white above black, on alternating squares) and
           100 px squares (king, queen, knight, white above black), one row
           of sets per theme.  Written as three PNGs, PATH-20.png,
           PATH-45.png and PATH-100.png (the 20 px sheet drawn at 1:1: look
           at it enlarged too).

    python3 bench/theme_sets.py --fen2img target/release/fen2img \\
        [--sets fen2img,cburnett,...] [--sheet docs/images/theme-sets] \\
        [--only screen|print|sheet]

The built-in set is named `fen2img` (`--pieces fen2img`).  Uses the
virtual environment of bench/measure_glyphs.py (target/measure-venv).
"""

import io
import itertools
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_glyphs as mg  # noqa: E402  (sets up the environment)
import measure_bundled as mb  # noqa: E402

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

USAGE = ("usage: theme_sets.py --fen2img BIN [--sets A,B,...] [--sheet PATH] "
         "[--only screen|print|sheet]")
SCREEN_THEMES = ["brown", "blue", "green", "ic", "pink", "purple"]
ALL_THEMES = SCREEN_THEMES[:3] + ["print"] + SCREEN_THEMES[3:]
# The sets the sheets show: the built-in one and the bundled sets that
# read as Staunton figures at a glance (kiwen-suwi, firi and rhosgfx are
# stylised, fantasy's bishop and knight ornate: measured, not sheeted).
SHEET_SETS = ["fen2img", "cburnett", "chessnut", "kosal", "spatial", "celtic"]
BUILT_IN = "fen2img"
# Thumbnail, web and large squares: the sizes issue 34 asks the screen
# themes' choice to hold at.
SQUARES = (20, 45, 100)


def board_png(binary, fen, args):
    out = subprocess.run([binary, fen, "-o", "-", "-f", "png"] + args,
                         check=True, capture_output=True).stdout
    return Image.open(io.BytesIO(out)).convert("RGB")


def screen(binary, sets):
    print("| theme | square | set | closest pair, white | closest pair, black "
          "| king–queen, white / black | mean of 15, white / black |")
    print("|---|---|---|---|---|---|---|")
    for theme in SCREEN_THEMES:
        for square in SQUARES:
            for name in sets:
                s = mb.summary(mb.theme_differences(binary, square, name, theme))
                print("| %s | %d px | %s | %s %.1f | %s %.1f | %.1f / %.1f | %.1f / %.1f |" % (
                    theme, square, name,
                    mg.pair_name(s["w"][0]), s["w"][1], mg.pair_name(s["b"][0]), s["b"][1],
                    s["w"][2], s["b"][2], s["w"][3], s["b"][3]))


def print_board(binary, name):
    """The board alone in the print theme at 35 mm and 150 dpi, as grey
    (0..255), and its square size: the board is found as the box of the
    non-paper pixels (the hatching reaches every dark square's edge)."""
    im = board_png(binary, mg.SHEET_FEN, [
        "--theme", "print", "--size", "35mm", "--dpi", "150", "--coords", "none",
        "--no-border", "--no-side-to-move", "--pieces", name])
    grey = np.asarray(im, dtype=float) @ mg.LUMA
    ys, xs = np.nonzero(grey < 250)
    side = min(ys.max() - ys.min(), xs.max() - xs.min()) + 1
    square = side // 8
    board = grey[ys.min():ys.min() + 8 * square, xs.min():xs.min() + 8 * square]
    return board, square


def print_figures(binary, name):
    board, square = print_board(binary, name)
    one_bit = np.where(board < 128, 0.0, 255.0)
    sq = mg.squares_of(np.stack([one_bit] * 3, axis=-1), square)
    diffs = {
        colour: {
            a + b: float(np.mean([np.abs(x - y).mean()
                                  for x, y in zip(sq[colour + a], sq[colour + b])]))
            for a, b in itertools.combinations(mg.ROLES, 2)
        }
        for colour in "wb"
    }
    # White pieces on their light square: drawn pixels, and those still black.
    before = mg.squares_of(np.stack([board] * 3, axis=-1), square)
    drawn = black = 0
    for role in mg.ROLES:
        grey = before["w" + role][0]
        ink = grey <= 191
        drawn += int(ink.sum())
        black += int((ink & (grey < 128)).sum())
    return mb.summary(diffs), square, black / drawn if drawn else 0.0


def print_table(binary, sets):
    print("| set | closest pair, white | closest pair, black | king–queen, white / black "
          "| mean of 15, white / black | white outline still black |")
    print("|---|---|---|---|---|---|")
    for name in sets:
        s, square, share = print_figures(binary, name)
        print("| %s | %s %.1f | %s %.1f | %.1f / %.1f | %.1f / %.1f | %.0f%% |" % (
            name, mg.pair_name(s["w"][0]), s["w"][1], mg.pair_name(s["b"][0]), s["b"][1],
            s["w"][2], s["b"][2], s["w"][3], s["b"][3], 100 * share))
    print("\n(%d px squares)" % square)


# Black on rank 8, white on rank 7, K Q R B N P on files a-f, on
# alternating squares (a8 is light).
FEN_45 = "kqrbnp2/KQRBNP2/8/8/8/8/8/8 w - - 0 1"
# King, queen, knight once each, white above black.
FEN_100 = "kqn5/8/8/8/8/8/8/KQN5 w - - 0 1"


BOARD_RECT = re.compile(rb'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"')


def board_at(binary, theme, square):
    """The `--size` at which `theme` draws `square` px squares with the
    options of `tile`, and the board's top left corner there: the print
    theme keeps room for its frame line even without a border, so its
    board is neither at (0, 0) nor 8 * square wide (read from the SVG's
    board rectangle, the first one after the background's)."""
    for size in range(8 * square, 8 * square + 64):
        svg = subprocess.run(
            [binary, "8/8/8/8/8/8/8/8 w - - 0 1", "-o", "-", "-f", "svg", "--theme", theme,
             "--size", str(size), "--coords", "none", "--no-border", "--no-side-to-move"],
            check=True, capture_output=True).stdout
        m = BOARD_RECT.search(svg)
        x, y, width = (0, 0, size) if m is None else (float(v) for v in m.groups())
        if width == 8 * square and x == int(x) and y == int(y):
            return size, int(x), int(y)
    sys.exit("theme_sets.py: no size draws %s with %d px squares" % (theme, square))


def tile(binary, theme, name, square):
    size, x, y = board_at(binary, theme, square)
    args = ["--theme", theme, "--pieces", name, "--size", str(size),
            "--coords", "none", "--no-border", "--no-side-to-move"]

    def rank(board, row, files):
        top = y + row * square
        return board.crop((x, top, x + files * square, top + square))

    if square <= 45:
        board = board_png(binary, FEN_45, args)
        white, black, files = rank(board, 1, 6), rank(board, 0, 6), 6
    else:
        board = board_png(binary, FEN_100, args)
        white, black, files = rank(board, 7, 3), rank(board, 0, 3), 3
    out = Image.new("RGB", (files * square, white.height + black.height))
    out.paste(white, (0, 0))
    out.paste(black, (0, white.height))
    return out


def sheet(binary, sets, square, path):
    label, gap = 14, 12
    rows = []
    for theme in ALL_THEMES:
        rows.append((theme, [tile(binary, theme, name, square) for name in sets]))
    w, h = rows[0][1][0].size
    left = 60
    out = Image.new("RGB", (left + len(sets) * (w + gap), label + len(rows) * (h + gap)),
                    "white")
    draw = ImageDraw.Draw(out)
    for i, name in enumerate(sets):
        draw.text((left + i * (w + gap), 0), name, fill="black")
    for j, (theme, tiles) in enumerate(rows):
        y = label + j * (h + gap)
        draw.text((4, y + h // 2 - 6), theme, fill="black")
        for i, im in enumerate(tiles):
            out.paste(im, (left + i * (w + gap), y))
    # A 96-colour palette keeps the sheet small, as measure_bundled.py's.
    out = out.quantize(colors=96, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out.save(path, optimize=True)
    print("Contact sheet written to %s" % path)


def main():
    binary = sheet_path = only = None
    sets = None
    args = sys.argv[1:]
    while args:
        if len(args) >= 2 and args[0] in ("--fen2img", "--sets", "--sheet", "--only"):
            key, value, args = args[0], args[1], args[2:]
            if key == "--fen2img":
                binary = value
            elif key == "--sets":
                sets = value.split(",")
            elif key == "--sheet":
                sheet_path = value
            else:
                only = value
        else:
            sys.exit(USAGE)
    if not binary:
        sys.exit(USAGE)
    if sets is None:
        sets = [BUILT_IN] + mb.bundled_names(binary)
    if only in (None, "screen"):
        screen(binary, sets)
        print()
    if only in (None, "print"):
        print_table(binary, sets)
    if sheet_path:
        for square in SQUARES:
            sheet(binary, SHEET_SETS, square, "%s-%d.png" % (sheet_path, square))


if __name__ == "__main__":
    main()
