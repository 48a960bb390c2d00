#!/usr/bin/env python3
"""Measure the legibility of the built-in piece set beside a reference set.

Renders each glyph of `pieces/*.svg` and of python-chess's cburnett set
(`chess.svg.PIECES`, lichess's default pieces) the same way, with cairosvg,
and prints Markdown tables of:

  (a) the mean absolute grey difference between every two glyphs of one
      colour at 20 px and 45 px squares, and the closest pair;
  (b) king against queen and bishop against pawn (the pairs most easily
      confused);
  (c) width fill: ink width / square width, per glyph;
  (d) print: the share of a white piece's drawn pixels that are still black
      after a 1-bit threshold at 128, on a 207 px board (newsprint, 35 mm
      at 150 dpi: 25.875 px squares) and on a 720 px board (90 px squares).

Method (the same for both sets): each 45 x 45 glyph is scaled into an N px
square with cairosvg (cairo's antialiasing), composited over the square and
reduced to grey by ITU-R BT.601 luma.  (a) and (b) composite over the
lichess brown theme's light (#f0d9b5) and dark (#b58863) squares and
average the two.  (c) sums, over the columns of a 45 px render, the highest
coverage in each column (so a column half covered counts half).  (d) draws
white pieces on white paper at 16 sub-pixel offsets (quarter pixels in x
and y, as a glyph lands anywhere on a board) and averages; a pixel counts
as drawn when the piece darkens it by at least a quarter (grey <= 191) and
as black when its grey is below 128.

Run from anywhere:  python3 tools/measure_glyphs.py [--pieces DIR]
The first run makes a virtual environment in target/measure-venv and
installs tools/requirements-measure.txt into it (needs network access and
Debian's libcairo2).
"""

import io
import itertools
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "target", "measure-venv")
REQUIREMENTS = os.path.join(ROOT, "tools", "requirements-measure.txt")


def ensure_environment():
    """Re-run this script inside target/measure-venv unless the imports it
    needs are already available."""
    try:
        import cairosvg  # noqa: F401
        import chess.svg  # noqa: F401
        import numpy  # noqa: F401
        import PIL  # noqa: F401
        return
    except (ImportError, OSError):
        pass
    if os.environ.get("FEN2IMG_MEASURE_VENV"):
        sys.exit("measure_glyphs: target/measure-venv cannot import chess, "
                 "cairosvg, numpy and PIL.  Is libcairo2 installed "
                 "(apt-get install -y libcairo2)?  Or reinstall: "
                 "target/measure-venv/bin/pip install -r "
                 "tools/requirements-measure.txt")
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "--quiet",
                               "-r", REQUIREMENTS])
    env = dict(os.environ, FEN2IMG_MEASURE_VENV="1")
    os.execve(python, [python, os.path.abspath(__file__)] + sys.argv[1:], env)


ensure_environment()

import cairosvg  # noqa: E402
import chess.svg  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

ROLES = "KQRBNP"
NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
LIGHT = (0xF0, 0xD9, 0xB5)
DARK = (0xB5, 0x88, 0x63)
LUMA = np.array([0.299, 0.587, 0.114])


def svg_body(svg):
    """The drawing inside a 45 x 45 glyph file, without the root element."""
    body = re.sub(r"^.*?<svg[^>]*>", "", svg, count=1, flags=re.S)
    return body.replace("</svg>", "")


def ours(directory):
    out = {}
    for colour in "wb":
        for role in ROLES:
            with open(os.path.join(directory, colour + role + ".svg")) as fh:
                out[colour + role] = svg_body(fh.read())
    return out


def cburnett():
    out = {}
    for symbol, body in chess.svg.PIECES.items():
        out[("w" if symbol.isupper() else "b") + symbol.upper()] = body
    return out


def rasterize(body, size, px, ox=0.0, oy=0.0):
    """Straight-alpha RGBA floats (0..1) of a 45-unit glyph scaled so that
    45 units are `size` px, drawn at (ox, oy) on a px x px canvas."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">'
           '<g transform="translate(%r,%r) scale(%r)">%s</g></svg>'
           % (px, px, ox, oy, size / 45.0, body))
    png = cairosvg.svg2png(bytestring=svg.encode())
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"), dtype=float) / 255.0


def grey_over(rgba, background):
    """Grey (0..255) of the glyph composited over an sRGB background."""
    a = rgba[..., 3:4]
    rgb = rgba[..., :3] * a + np.array(background, dtype=float) / 255.0 * (1.0 - a)
    return rgb @ LUMA * 255.0


def pair_differences(glyphs, size):
    """{colour: {pair: mean absolute grey difference}} at `size` px squares,
    averaged over a light and a dark square."""
    out = {}
    for colour in "wb":
        grey = {}
        for role in ROLES:
            rgba = rasterize(glyphs[colour + role], size, size)
            grey[role] = [grey_over(rgba, bg) for bg in (LIGHT, DARK)]
        out[colour] = {
            a + b: float(np.mean([np.abs(x - y).mean() for x, y in zip(grey[a], grey[b])]))
            for a, b in itertools.combinations(ROLES, 2)
        }
    return out


def width_fill(body):
    """Ink width / square width at 45 px squares, by column coverage."""
    alpha = rasterize(body, 45, 45)[..., 3]
    return float(alpha.max(axis=0).sum() / 45.0)


def black_share(body, board):
    """Share of a white piece's drawn pixels still black after a threshold
    at 128, on a `board` px board, averaged over 16 sub-pixel offsets."""
    size = board / 8.0
    px = int(size) + 2
    drawn = black = 0
    for ox, oy in itertools.product((0.0, 0.25, 0.5, 0.75), repeat=2):
        grey = grey_over(rasterize(body, size, px, ox, oy), (255, 255, 255))
        drawn += int((grey <= 191).sum())
        black += int((grey < 128).sum())
    return black / drawn if drawn else 0.0


def pair_name(pair):
    return "%s–%s" % (NAMES[pair[0]], NAMES[pair[1]])


def main():
    # `--pieces DIR` measures another set with the same names (e.g. an older
    # checkout of pieces/) in place of the built-in one.
    directory = os.path.join(ROOT, "pieces")
    if len(sys.argv) == 3 and sys.argv[1] == "--pieces":
        directory = sys.argv[2]
    elif len(sys.argv) != 1:
        sys.exit("usage: measure_glyphs.py [--pieces DIR]")
    sets = [("fen2img", ours(directory)), ("cburnett", cburnett())]
    print("Rasterized with cairosvg %s (cairo); grey = BT.601 luma.\n" % cairosvg.__version__)

    print("## Distinctness: mean absolute grey difference (0–255), "
          "average over a light and a dark square\n")
    print("| square | colour | set | closest pair | king–queen | bishop–pawn | mean of 15 pairs |")
    print("|---|---|---|---|---|---|---|")
    goal = True
    for size in (20, 45):
        diffs = {name: pair_differences(glyphs, size) for name, glyphs in sets}
        for colour in "wb":
            closest = {}
            for name, _ in sets:
                d = diffs[name][colour]
                pair = min(d, key=d.get)
                closest[name] = d[pair]
                print("| %d px | %s | %s | %s %.1f | %.1f | %.1f | %.1f |" % (
                    size, "white" if colour == "w" else "black", name,
                    pair_name(pair), d[pair], d["KQ"], d["BP"],
                    sum(d.values()) / len(d)))
            goal &= closest["fen2img"] >= closest["cburnett"]

    print("\n## Width fill: ink width / square width (45 px squares)\n")
    print("| set | " + " | ".join(NAMES[r] for r in ROLES) + " |")
    print("|---|" + "---|" * len(ROLES))
    fills = {}
    for name, glyphs in sets:
        row = []
        for role in ROLES:
            # White and black share a silhouette in both sets; take the wider.
            fill = max(width_fill(glyphs["w" + role]), width_fill(glyphs["b" + role]))
            fills[name, role] = fill
            row.append("%.0f%%" % (100 * fill))
        print("| %s | %s |" % (name, " | ".join(row)))
    goal &= fills["fen2img", "K"] >= 0.75 and fills["fen2img", "Q"] >= 0.75

    print("\n## Print: share of a white piece's drawn pixels still black "
          "after a 1-bit threshold at 128\n")
    print("| set | board | " + " | ".join(NAMES[r] for r in ROLES) + " | all |")
    print("|---|---|" + "---|" * (len(ROLES) + 1))
    for name, glyphs in sets:
        for board in (207, 720):
            shares = [black_share(glyphs["w" + role], board) for role in ROLES]
            print("| %s | %d px | %s | %.0f%% |" % (
                name, board, " | ".join("%.0f%%" % (100 * s) for s in shares),
                100 * sum(shares) / len(shares)))

    print("\nGoals (closest pair at least cburnett's at 20 and 45 px, "
          "king and queen fill >= 75%%): %s" % ("met" if goal else "NOT met"))


if __name__ == "__main__":
    main()
