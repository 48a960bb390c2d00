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

  (e) height: ink height / square height per glyph at 100 px squares (the
      pawn should stand at least two thirds of the square tall);
  (f) optical centring: the ink mass's centre (coverage-weighted mean x)
      less the square's centre, in % of the square, per glyph at 100 px.

With --fen2img BIN, (a) and (b) are measured a second time on what the
fen2img binary draws (its own rasterizer, which hints the built-in glyphs
at squares of 25 px and less), the reference set loaded with --pieces from
a temporary directory, so both sets go through the same renderer; and
--sheet PNG writes a contact sheet of both sets side by side at 20, 30,
45 and 100 px squares, each piece on a light and a dark square.

Run from anywhere:
    python3 bench/measure_glyphs.py [--pieces DIR] [--fen2img BIN [--sheet PNG]]
The first run makes a virtual environment in target/measure-venv and
installs bench/requirements-measure.txt into it (needs network access and
Debian's libcairo2).
"""

import io
import itertools
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "target", "measure-venv")
REQUIREMENTS = os.path.join(ROOT, "bench", "requirements-measure.txt")


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
                 "bench/requirements-measure.txt")
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "--quiet",
                               "-r", REQUIREMENTS])
    env = dict(os.environ, FEN2IMG_MEASURE_VENV="1")
    # The script that was run (this one, or one that imports it, such as
    # readme_pictures.py), again in the environment: re-running this file
    # would run the measurements in place of the importer.
    os.execve(python, [python, os.path.abspath(sys.argv[0])] + sys.argv[1:], env)


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


def height_fill(body):
    """Ink height / square height at 100 px squares, by row coverage."""
    alpha = rasterize(body, 100, 100)[..., 3]
    return float(alpha.max(axis=1).sum() / 100.0)


def centre_offset(body):
    """The ink mass's horizontal centre less the square's, in % of the
    square, at 100 px squares (coverage-weighted)."""
    alpha = rasterize(body, 100, 100)[..., 3]
    xs = np.arange(100) + 0.5
    return float((alpha.sum(axis=0) * xs).sum() / alpha.sum() - 50.0)


# Each piece twice on its rank pair, so it stands on a light and a dark
# square (a8 is light): ranks 8-7 black, 6-5 white; files a-f K Q R B N P.
SHEET_FEN = "kqrbnp2/kqrbnp2/8/8/KQRBNP2/KQRBNP2/8/8 w - - 0 1"


def write_set(glyphs, directory):
    """A glyph set as the twelve SVG files fen2img's --pieces reads."""
    for name, body in glyphs.items():
        with open(os.path.join(directory, name + ".svg"), "w") as fh:
            fh.write('<svg xmlns="http://www.w3.org/2000/svg" '
                     'xmlns:xlink="http://www.w3.org/1999/xlink" '
                     'viewBox="0 0 45 45" width="45" height="45">%s</svg>' % body)


def fen2img_board(binary, square, pieces=None, theme="brown"):
    """RGB floats of a board drawn by the fen2img binary: no coordinates,
    border or side-to-move disc, `square` px squares."""
    args = [binary, SHEET_FEN, "--size", str(8 * square), "--coords", "none",
            "--no-border", "--no-side-to-move", "--theme", theme, "-o", "-", "-f", "png"]
    # The built-in set by its name: a theme may draw another by default.
    args += ["--pieces", pieces or "fen2img"]
    png = subprocess.run(args, check=True, capture_output=True).stdout
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


def squares_of(board, square):
    """{glyph name: [grey on its light square, grey on its dark square]}."""
    grey = board @ LUMA
    out = {}
    for colour, rank in (("b", 0), ("w", 4)):
        for file, role in enumerate(ROLES):
            pair = []
            for r in (rank, rank + 1):
                y, x = r * square, file * square
                pair.append((grey[y:y + square, x:x + square], (r + file) % 2 == 1))
            # Light square first.
            pair.sort(key=lambda t: t[1])
            out[colour + role] = [g for g, _ in pair]
    return out


def renderer_differences(binary, square, pieces=None):
    sq = squares_of(fen2img_board(binary, square, pieces), square)
    return {
        colour: {
            a + b: float(np.mean([np.abs(x - y).mean()
                                  for x, y in zip(sq[colour + a], sq[colour + b])]))
            for a, b in itertools.combinations(ROLES, 2)
        }
        for colour in "wb"
    }


def clearance(binary, square, pieces=None):
    """The fewest whole pixels between any glyph's ink and its square's
    edges, as fen2img draws it (a pixel is ink when its grey differs from
    the bare square's by more than 2 levels)."""
    sq = squares_of(fen2img_board(binary, square, pieces), square)
    least = square
    for greys in sq.values():
        for grey in greys:
            ink = np.abs(grey - grey[0, 0]) > 2
            rows, cols = np.nonzero(ink)
            if len(rows):
                least = min(least, rows.min(), cols.min(),
                            square - 1 - rows.max(), square - 1 - cols.max())
    return int(least)


def contact_sheet(binary, reference_dir, path):
    """Both sets side by side at 20, 30, 45 and 100 px squares (20 px also
    shown four times enlarged, pixel for pixel): white pieces above black,
    each on a light and a dark square."""
    from PIL import ImageDraw
    gap, label = 16, 18
    rows = []
    for square, zoom in ((20, 1), (20, 4), (30, 1), (45, 1), (100, 1)):
        crops = []
        for pieces in (None, reference_dir):
            board = fen2img_board(binary, square, pieces).astype(np.uint8)
            top = board[:2 * square, :6 * square]
            bottom = board[4 * square:6 * square, :6 * square]
            crop = Image.fromarray(np.concatenate([bottom, top], axis=0))
            if zoom > 1:
                crop = crop.resize((crop.width * zoom, crop.height * zoom), Image.NEAREST)
            crops.append(crop)
        rows.append((square, zoom, crops))
    column = max(6 * s * z for s, z, _ in rows)
    width = gap + 2 * (column + gap)
    height = sum(label + 4 * s * z + gap for s, z, _ in rows) + gap
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    y = gap
    for square, zoom, crops in rows:
        for i, (crop, name) in enumerate(zip(crops, ("fen2img", "cburnett (python-chess)"))):
            x = gap + i * (column + gap)
            text = "%s, %d px squares" % (name, square)
            if zoom > 1:
                text += ", shown %dx" % zoom
            draw.text((x, y + 2), text, fill="black")
            sheet.paste(crop, (x, y + label))
        y += label + 4 * square * zoom + gap
    sheet.save(path, optimize=True)


def pair_name(pair):
    return "%s–%s" % (NAMES[pair[0]], NAMES[pair[1]])


def main():
    # `--pieces DIR` measures another set with the same names (e.g. an older
    # checkout of pieces/) in place of the built-in one.
    directory = os.path.join(ROOT, "crates", "render", "assets", "pieces")
    binary = sheet = None
    args = sys.argv[1:]
    while args:
        if len(args) >= 2 and args[0] in ("--pieces", "--fen2img", "--sheet"):
            if args[0] == "--pieces":
                directory = args[1]
            elif args[0] == "--fen2img":
                binary = args[1]
            else:
                sheet = args[1]
            args = args[2:]
        else:
            sys.exit("usage: measure_glyphs.py [--pieces DIR] [--fen2img BIN [--sheet PNG]]")
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

    print("\n## Height: ink height / square height (100 px squares)\n")
    print("| set | " + " | ".join(NAMES[r] for r in ROLES) + " |")
    print("|---|" + "---|" * len(ROLES))
    for name, glyphs in sets:
        row = [max(height_fill(glyphs["w" + r]), height_fill(glyphs["b" + r])) for r in ROLES]
        if name == "fen2img":
            goal &= row[ROLES.index("P")] >= 0.66
        print("| %s | %s |" % (name, " | ".join("%.0f%%" % (100 * v) for v in row)))

    print("\n## Centring: ink mass centre less square centre, % of the square "
          "(white glyph, 100 px squares; + is right)\n")
    print("| set | " + " | ".join(NAMES[r] for r in ROLES) + " |")
    print("|---|" + "---|" * len(ROLES))
    for name, glyphs in sets:
        print("| %s | %s |" % (name, " | ".join(
            "%+.1f" % centre_offset(glyphs["w" + r]) for r in ROLES)))

    if binary:
        print("\n## Distinctness as fen2img draws it (its rasterizer, hinted "
              "at 25 px squares and less)\n")
        print("| square | colour | set | closest pair | king–queen | bishop–pawn | mean of 15 pairs |")
        print("|---|---|---|---|---|---|---|")
        with tempfile.TemporaryDirectory() as reference:
            write_set(sets[1][1], reference)
            for size in (20, 45):
                # A set given with --pieces is drawn as a user set (unhinted).
                ours_dir = None if directory == os.path.join(ROOT, "crates", "render", "assets", "pieces") else directory
                diffs = {"fen2img": renderer_differences(binary, size, ours_dir),
                         "cburnett": renderer_differences(binary, size, reference)}
                for colour in "wb":
                    closest = {}
                    for name in ("fen2img", "cburnett"):
                        d = diffs[name][colour]
                        pair = min(d, key=d.get)
                        closest[name] = d[pair]
                        print("| %d px | %s | %s | %s %.1f | %.1f | %.1f | %.1f |" % (
                            size, "white" if colour == "w" else "black", name,
                            pair_name(pair), d[pair], d["KQ"], d["BP"],
                            sum(d.values()) / len(d)))
                    goal &= closest["fen2img"] >= closest["cburnett"]
            print("\nClear pixels between ink and the square's edges at 20 px "
                  "squares (fewest over all glyphs): fen2img %d, cburnett %d"
                  % (clearance(binary, 20, ours_dir), clearance(binary, 20, reference)))
            if sheet:
                contact_sheet(binary, reference, sheet)
                print("\nContact sheet written to %s" % sheet)

    print("\nGoals (closest pair at least cburnett's at 20 and 45 px, "
          "king and queen fill >= 75%%, pawn >= 66%% tall): %s" % ("met" if goal else "NOT met"))


if __name__ == "__main__":
    main()
