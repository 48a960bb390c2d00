#!/usr/bin/env python3
"""Draw the pictures the README and the guide show, with the fen2img binary.

    python3 tools/readme_pictures.py --fen2img target/release/fen2img

writes:

  docs/images/vs-cburnett.png  the same position by fen2img's set and by
                               lichess's cburnett set (python-chess's
                               chess.svg.PIECES, loaded with --pieces), at
                               the same size through the same renderer, at
                               400 px and at 160 px (shown 2x, pixel for
                               pixel)
  docs/images/themes.png       one position in each of the seven built-in
                               themes (brown, blue, green, print above; ic,
                               pink, purple below)
  docs/images/print.png        print at 35 mm and 150 dpi (207 px), as drawn
                               and after a 1-bit threshold at 128 (what a
                               newspaper plate keeps), both shown 2x
  docs/images/transparent.png  a transparent diagram with caption and player
                               bars over white paper and over a #111 page
  docs/around.png              a numbered caption, player bars, and a
                               crazyhouse position with pockets
  docs/images/print-35mm.png   the Print chapter's annotated position at
                               35 mm and 150 dpi (207 px), as drawn and
                               after a 1-bit threshold at 128, both shown 3x
  docs/images/print-dpi.png    the same diagram at 35 mm and 150, 300 and
                               600 dpi, each thresholded to 1 bit, then
                               shown at the 300 dpi width

Deterministic: the same binary draws the same bytes.  Needs Pillow and
python-chess, which it takes from bench/measure_glyphs.py's virtual
environment (target/measure-venv, made on first use).
"""

import io
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VENV_PYTHON = os.path.join(os.path.dirname(HERE), "target", "measure-venv", "bin", "python")
try:
    import chess.svg  # noqa: F401
    from PIL import Image, ImageDraw
except ImportError:
    if not os.path.exists(VENV_PYTHON) or os.environ.get("FEN2IMG_PICTURES_VENV"):
        sys.exit("readme_pictures: needs Pillow and python-chess; run "
                 "python3 bench/measure_glyphs.py once to make target/measure-venv")
    env = dict(os.environ, FEN2IMG_PICTURES_VENV="1")
    os.execve(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__)] + sys.argv[1:], env)

# The cburnett reference and the set writer are the glyph measurement's
# (bench/measure_glyphs.py).
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "bench"))
import measure_glyphs  # noqa: E402

ROOT = measure_glyphs.ROOT
MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8"
RUY = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5"
ZH = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ~K2R[NNPPPq] w KQ - 0 7"
GAP = 16
LABEL = 20


def draw(binary, fen, *args):
    """A PNG drawn by fen2img, as a Pillow image."""
    out = subprocess.run([binary, fen, "-f", "png", "-o", "-", *args],
                         check=True, capture_output=True).stdout
    return Image.open(io.BytesIO(out)).convert("RGBA")


def sheet(tiles, background="white", label_colour="black"):
    """Tiles side by side, each with its caption above: [(text, image)]."""
    width = GAP + sum(t.width + GAP for _, t in tiles)
    height = LABEL + GAP + max(t.height for _, t in tiles) + GAP
    out = Image.new("RGBA", (width, height), background)
    pen = ImageDraw.Draw(out)
    x = GAP
    for text, tile in tiles:
        pen.text((x, GAP // 2), text, fill=label_colour)
        out.alpha_composite(tile, (x, LABEL + GAP // 2 + 4))
        x += tile.width + GAP
    return out


def zoom(image, k):
    return image.resize((image.width * k, image.height * k), Image.NEAREST)


def threshold(image):
    """What a newspaper plate or a photocopier keeps: grey 128 and darker
    become ink, the rest paper."""
    return image.convert("L").point(lambda v: 0 if v < 128 else 255).convert("RGBA")


def save(image, *path, mode="RGB"):
    """Writes `image` under the repository in `mode` ("L" for a picture
    with no colour: a third of the bytes)."""
    path = os.path.join(ROOT, *path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    # Pillow writes PNG deterministically; no time stamps.
    image.convert(mode).save(path, optimize=True)
    print("wrote", os.path.relpath(path, ROOT))


def vs_cburnett(binary):
    with tempfile.TemporaryDirectory() as reference:
        measure_glyphs.write_set(measure_glyphs.cburnett(), reference)
        tiles = []
        for size, k in ((400, 1), (160, 2)):
            for name, extra in (("fen2img", ["--pieces", "fen2img"]),
                                ("cburnett (python-chess)", ["--pieces", reference])):
                board = draw(binary, MIDDLEGAME, "--size", str(size), *extra)
                tiles.append(("%s, %d px%s" % (name, size, ", shown 2x" if k > 1 else ""),
                              zoom(board, k)))
    top = sheet(tiles[:2])
    bottom = sheet(tiles[2:])
    out = Image.new("RGBA", (max(top.width, bottom.width), top.height + bottom.height), "white")
    out.alpha_composite(top, (0, 0))
    out.alpha_composite(bottom, (0, top.height))
    save(out, "docs", "images", "vs-cburnett.png")


# Every built-in theme, in the order `fen2img --help` lists them.
THEMES = ("brown", "blue", "green", "print", "ic", "pink", "purple")


def themes(binary):
    """All seven built-in themes, four above and three below."""
    tiles = [(theme, draw(binary, RUY, "--size", "240", "--theme", theme,
                          "--lastmove", "e1g1", "--arrow", "Gf3e5"))
             for theme in THEMES]
    rows = [sheet(tiles[:4]), sheet(tiles[4:])]
    out = Image.new("RGBA", (max(r.width for r in rows), sum(r.height for r in rows)), "white")
    y = 0
    for row in rows:
        out.alpha_composite(row, (0, y))
        y += row.height
    save(out, "docs", "images", "themes.png")


def print_picture(binary):
    board = draw(binary, RUY, "--theme", "print", "--size", "35mm", "--dpi", "150",
                 "--arrow", "Gf3e5", "--arrow", "Bb5c6", "--arrow", "Rd7",
                 "--caption", "auto")
    save(sheet([("print, 35 mm at 150 dpi (207 px), shown 2x", zoom(board, 2)),
                ("the same after a 1-bit threshold at 128", zoom(threshold(board), 2))]),
         "docs", "images", "print.png")


def transparent(binary):
    board = draw(binary, RUY, "--size", "320", "--background", "none",
                 "--white", "Ljubomir Ljubojević", "--white-title", "GM", "--white-elo", "2620",
                 "--black", "Alexei Shirov", "--black-title", "GM", "--black-elo", "2710",
                 "--caption", "Linares 1995", "--number", "4")
    tiles = []
    for page in ("#ffffff", "#111111"):
        tile = Image.new("RGBA", board.size, page)
        tile.alpha_composite(board)
        tiles.append(("transparent, over %s" % page, tile))
    save(sheet(tiles), "docs", "images", "transparent.png")


def around(binary):
    numbered = draw(binary, RUY, "--size", "280", "--number", "12",
                    "--caption", "Ljubojević – Алексей Широв, Linares 1995")
    players = draw(binary, RUY, "--size", "280", "--theme", "blue",
                   "--white", "Ljubomir Ljubojević", "--white-title", "GM", "--white-elo", "2620",
                   "--black", "Алексей Широв", "--black-title", "GM", "--black-elo", "2710")
    pockets = draw(binary, ZH, "--size", "280", "--theme", "green")
    tiles = [("", numbered), ("", players), ("", pockets)]
    out = sheet(tiles)
    # No captions over these tiles: crop the empty label row.
    save(out.crop((0, LABEL, out.width, out.height)), "docs", "around.png")


# The Print chapter's example (docs/guide/print.md, "Physical sizes"), with
# a glyph badge added: every kind of annotation print keeps readable.
SCOTCH_QH5 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
PRINT_MARKS = ("--theme", "print", "--size", "35mm", "--lastmove", "d1h5",
               "--arrow", "h5f7", "--mark", "f7", "--glyph", "c4:!?")


def print_35mm(binary):
    board = draw(binary, SCOTCH_QH5, *PRINT_MARKS, "--dpi", "150")
    save(sheet([("35 mm at 150 dpi (207 px), shown 3x", zoom(board, 3)),
                ("the same after a 1-bit threshold at 128", zoom(threshold(board), 3))]),
         "docs", "images", "print-35mm.png", mode="L")


def print_dpi(binary):
    plates = [(dpi, threshold(draw(binary, SCOTCH_QH5, *PRINT_MARKS, "--dpi", str(dpi))))
              for dpi in (150, 300, 600)]
    width = plates[1][1].width
    tiles = []
    for dpi, plate in plates:
        height = round(plate.height * width / plate.width)
        tiles.append(("35 mm at %d dpi (%d px), 1 bit, shown %d px wide" % (dpi, plate.width, width),
                      plate.resize((width, height), Image.LANCZOS)))
    save(sheet(tiles), "docs", "images", "print-dpi.png", mode="L")


def main():
    args = sys.argv[1:]
    if len(args) != 2 or args[0] != "--fen2img":
        sys.exit("usage: readme_pictures.py --fen2img BIN")
    binary = os.path.abspath(args[1])
    vs_cburnett(binary)
    themes(binary)
    print_picture(binary)
    transparent(binary)
    around(binary)
    print_35mm(binary)
    print_dpi(binary)


if __name__ == "__main__":
    main()
