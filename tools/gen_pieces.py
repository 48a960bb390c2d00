#!/usr/bin/env python3
"""Generate the fen2img chess piece glyphs (crates/render/assets/pieces/*.svg and built_in.hints).

Original design of the fen2img project; licensed MIT OR Apache-2.0.
Standard library only.  Run from anywhere:  python3 tools/gen_pieces.py

Every piece but the knight is a lathe profile: the right half of a turned
Staunton piece, drawn once in (dx, y) (dx the distance from the axis) and
mirrored, so both sides match exactly.  Each piece has its own base.  The
same profile numbers also give the hint edges (pieces/built_in.hints): the
stems, bands and rings whose outlines the renderer snaps to the pixel grid
at small squares, as a font's hints do.
"""

import math
import os
import re

CX = 22.5          # vertical axis of every piece
BASELINE = 40.1    # bottom of every base (path; the ink reaches 1 unit lower)
# Highest point of any path.  In print the renderer draws a halo under each
# piece: its filled shapes stroked outline/2 + 4% of a square (1.8 units,
# more below 19 px squares) wider, clipped to the piece's square in raster
# output but not in SVG.  Keeping every path at least 3.2 units inside the
# square keeps the halo inside it too, so both outputs agree.  At 20 px
# squares 3.2 units less the half outline leaves the ink 1 px clear.
TOP = 3.4
# One stroke weight for outlines and inner lines alike.  2 units are
# 1.15 px at a 207 px board (newsprint), so wherever the line falls on the
# pixel grid some pixel is more than half covered and a 1-bit threshold at
# 128 keeps it unbroken.
STROKE_W = 2.0

COLOURS = {
    "w": {"fill": "#ffffff", "line": "#000000", "detail": "#000000", "inset": 0.0},
    "b": {"fill": "#000000", "line": "#000000", "detail": "#ffffff", "inset": 2.1},
}
# "inset" shortens a black piece's light detail lines so that they stop
# short of the outline instead of notching the silhouette.


def f(v):
    """Format a number with at most 2 decimals, no trailing zeros."""
    s = "%.2f" % (round(v + 0.0, 2) + 0.0)
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def pt(p):
    return f(p[0]) + "," + f(p[1])


# ---------------------------------------------------------------- profiles
# A profile is the RIGHT half of a lathe-turned piece, in (dx, y).  It
# starts on the axis at the top and ends at the bottom-right corner of the
# base.  Segments: ("L", p) ("Q", c, p) ("C", c1, c2, p).
# Only M, L, Q, C and Z are emitted, for the widest renderer compatibility.

def abs_pt(p, sign=1):
    return (CX + sign * p[0], p[1])


def seg_cmd(seg, sign):
    k = seg[0]
    if k == "L":
        return "L" + pt(abs_pt(seg[1], sign))
    if k == "Q":
        return "Q" + pt(abs_pt(seg[1], sign)) + " " + pt(abs_pt(seg[2], sign))
    if k == "C":
        return ("C" + pt(abs_pt(seg[1], sign)) + " " + pt(abs_pt(seg[2], sign))
                + " " + pt(abs_pt(seg[3], sign)))
    raise ValueError(k)


def reverse(start, segs):
    """Reverse a segment list (start point + segments)."""
    pts = [start] + [s[-1] for s in segs]
    out = []
    for i in range(len(segs) - 1, -1, -1):
        s, p0 = segs[i], pts[i]
        k = s[0]
        if k == "L":
            out.append(("L", p0))
        elif k == "Q":
            out.append(("Q", s[1], p0))
        elif k == "C":
            out.append(("C", s[2], s[1], p0))
    return out


def lathe(start, segs):
    """Closed path: right half as given, then the mirrored left half."""
    assert abs(start[0]) < 1e-9, "profile must start on the axis"
    clean, cur = [], start
    for s in segs:
        if not (s[0] == "L" and s[1] == cur):
            clean.append(s)
        cur = s[-1]
    segs = clean
    d = "M" + pt(abs_pt(start))
    d += "".join(seg_cmd(s, 1) for s in segs)
    rev = reverse(start, segs)
    end = segs[-1][-1]
    d += "L" + pt(abs_pt(end, -1))
    for s in rev:
        d += seg_cmd(s, -1)
    return d + "Z"


def arc(r, cx, cy, a0, a1, pieces):
    """Cubic Bezier segments for a circular arc centred at (cx, cy) (profile
    coordinates), from angle a0 to a1 in degrees, y down."""
    out = []
    step = (a1 - a0) / pieces
    for i in range(pieces):
        a = math.radians(a0 + i * step)
        b = math.radians(a0 + (i + 1) * step)
        k = 4.0 / 3.0 * math.tan((b - a) / 4.0)
        p0 = (cx + r * math.cos(a), cy + r * math.sin(a))
        p3 = (cx + r * math.cos(b), cy + r * math.sin(b))
        c1 = (p0[0] - k * r * math.sin(a), p0[1] + k * r * math.cos(a))
        c2 = (p3[0] + k * r * math.sin(b), p3[1] - k * r * math.cos(b))
        out.append(("C", c1, c2, p3))
    return out


def disc(top, h, outer, inner_below, r=None):
    """A turned disc (collar, ring) with rounded rim: from wherever the
    profile is, out to `outer` at `top`, down the rim to `top + h` and back
    in to `inner_below`.  Ends at (inner_below, top + h)."""
    r = min(h / 2.0, 1.2) if r is None else r
    return [
        ("L", (outer - r, top)),
        ("Q", (outer, top), (outer, top + r)),
        ("L", (outer, top + h - r)),
        ("Q", (outer, top + h), (outer - r, top + h)),
        ("L", (inner_below, top + h)),
    ]


def foot(top, outer, r=1.4):
    """The foot: out to `outer` at `top`, a rounded corner, down to the
    baseline."""
    return [
        ("L", (outer - r, top)),
        ("Q", (outer, top), (outer, top + r)),
        ("L", (outer, BASELINE)),
    ]


def skirt(ring_in, outer, top=36.0):
    """A flared foot under a ring: from the ring's underside (`ring_in`
    from the axis) a concave cove sweeps out to `outer`, rounds over and
    drops to the baseline, as a turned base does."""
    return [
        ("C", (ring_in, top + 0.8), (outer - 2.6, top + 0.9), (outer - 0.9, top + 1.5)),
        ("Q", (outer, top + 1.9), (outer, top + 2.8)),
        ("L", (outer, BASELINE)),
    ]


def hline(y, half):
    return ("H", y, half)


# ---------------------------------------------------------------- pieces
# All numbers are units of the 45 grid.  An outline's ink reaches half the
# stroke (1 unit) beyond its path.  Heights follow FIDE's Staunton
# relations (king 9.5, queen 8.5, bishop 7, knight 6, rook 5.5, pawn 5):
# king tallest, then queen, bishop, knight, rook, pawn, all raised a little
# so that the pawn still stands two thirds of the square tall.
#
# Each piece returns hint edges too: "x" distances from the axis (mirrored;
# the knight's only on its turned base) and "y" heights where an outline or inner
# line runs straight and should fall on a pixel centre at small squares.


def pawn():
    # Smallest: a round head on a collar, a short flared body, and one
    # low rounded foot (no ring), narrower than any other base.
    r, cy = 5.6, 16.0
    nx = 3.2
    ny = cy + (r * r - nx * nx) ** 0.5
    neck = math.degrees(math.atan2(ny - cy, nx))
    prof = arc(r, 0, cy, -90.0, neck, 2) + disc(ny + 0.2, 2.4, 7.4, 4.3, 1.2) + [
        ("C", (4.3, 28.8), (5.6, 32.8), (8.8, 34.6)),
        ("Q", (10.0, 35.2), (10.0, 36.0)),
        ("L", (9.6, 36.4)),
    ] + foot(36.4, 10.8, 1.2)
    return {
        "body": [lathe((0, cy - r), prof)],
        "details": [hline(ny + 2.6, 4.3), hline(36.4, 9.6)],
        "hints": {"x": [4.3, 7.4, 10.8], "y": [cy - r, ny + 0.2, ny + 2.6, 36.4, BASELINE]},
    }


def rook():
    # A straight tower: battlements wider than its shaft, a corbel under
    # them, a ring and a heavy square plinth.
    top = 9.4
    merlon, gap, outer = 2.4, 6.6, 12.2
    notch = 13.2
    prof = [
        ("L", (merlon, top)),
        ("L", (merlon, notch)),
        ("L", (gap, notch)),
        ("L", (gap, top)),
        ("L", (outer, top)),
        ("L", (outer, 16.4)),
        ("L", (8.8, 19.4)),
        ("L", (9.4, 30.2)),
    ] + disc(30.2, 2.6, 11.8, 11.2, 1.1) + [
        ("L", (13.6, 34.8)),
        ("L", (13.6, 37.2)),
        ("L", (14.6, 37.2)),
        ("L", (14.6, BASELINE)),
    ]
    return {
        "body": [lathe((0, top), prof)],
        "details": [hline(16.4, outer), hline(19.4, 8.8), hline(30.2, 9.4),
                    hline(37.2, 13.6)],
        "hints": {"x": [merlon, gap, outer, 8.8, 11.8, 13.6, 14.6],
                  "y": [top, notch, 16.4, 19.4, 30.2, 32.8, 34.8, 37.2, BASELINE]},
    }


def bishop():
    # A tall teardrop mitre with a diagonal slit and a ball, on a slim
    # stem; second tallest after the king's cross.
    ball_r, ball_y = 2.5, 6.4
    prof = [
        ("C", (2.0, 10.0), (10.2, 12.4), (10.2, 18.0)),
        ("C", (10.2, 20.8), (7.8, 22.4), (5.6, 23.2)),
    ] + disc(23.4, 2.4, 9.0, 4.5, 1.1) + [
        ("C", (4.5, 29.6), (6.2, 32.0), (9.6, 32.8)),
    ] + disc(32.8, 2.2, 10.6, 9.8, 1.1) + skirt(9.8, 13.4, 35.0)
    return {
        "body": [lathe((0, 8.6), prof)],
        "balls": [(CX, ball_y, ball_r)],
        "details": [hline(23.4, 6.0), hline(25.8, 4.5), hline(35.0, 9.8),
                    "M%sL%s" % (pt((29.2, 11.8)), pt((22.2, 18.8)))],
        "hints": {"x": [4.5, 9.0, 10.2, 10.6, 13.4],
                  "y": [ball_y - ball_r, 23.4, 25.8, 32.8, 35.0, BASELINE]},
    }


def queen():
    # A coronet of five balled points, the widest top of the set (wider
    # than her own base) on a slim waisted body: the queen is widest at the
    # top, the king at the bottom.  Her middle ball stands level with the
    # bishop's (FIDE: queen 8.5 cm, bishop 7), and each point is a wedge
    # with a flat top under its ball, not a stalk: at 100 px and more thin
    # stalks under balls read as clip-art.  A rim line joins the points'
    # feet, as the band of a real coronet does.
    tips = [(0, 8.0), (7.0, 8.7), (13.8, 10.4)]
    tops = [1.0, 0.9, 0.8]      # half width of each point's flat top
    radii = [2.3, 2.2, 2.1]
    valleys = [(3.6, 17.0), (10.4, 17.6)]
    waist = 21.4
    prof = [
        ("L", (tops[0], tips[0][1])),
        ("L", valleys[0]),
        ("L", (tips[1][0] - tops[1], tips[1][1])),
        ("L", (tips[1][0] + tops[1], tips[1][1])),
        ("L", valleys[1]),
        ("L", (tips[2][0] - tops[2], tips[2][1])),
        ("Q", (tips[2][0] + 0.6, tips[2][1]), (tips[2][0] + 0.2, tips[2][1] + 1.4)),
        ("C", (12.6, 16.8), (8.6, 19.8), (6.8, waist)),
    ] + disc(waist, 2.2, 8.4, 4.8, 1.1) + [
        ("C", (4.8, 28.4), (6.8, 31.4), (9.2, 32.6)),
    ] + disc(32.6, 2.3, 11.2, 10.4, 1.2) + skirt(10.4, 13.8, 34.9)
    balls = []
    for (dx, y), r in zip(tips, radii):
        balls.append((CX + dx, y - r + 0.5, r))
        if dx:
            balls.append((CX - dx, y - r + 0.5, r))
    return {
        "body": [lathe((0, tips[0][1]), prof)],
        "balls": balls,
        "details": [hline(waist, 6.8), hline(waist + 2.2, 4.8), hline(38.2, 12.4)],
        "hints": {"x": [4.8, 8.4, 11.2, 13.8],
                  "y": [tips[0][1], waist, waist + 2.2, 32.6, 34.9, 38.2, BASELINE]},
    }


def king():
    # Tallest: a bold cross standing clear above a crown of two rounded
    # arches (the cross rises from the dip between them), a crown band, a
    # broad body on a ring, and the broadest base of the set.  Every part
    # tells him from the others at a glance: the cross and arches from the
    # rook's flat battlements and the queen's open points, the band and
    # broad body from her slim waist; his inner lines (the arches' parting,
    # the band, the base) lie at other heights than hers.
    t = 1.2      # half the width of the cross's stem and bar (path)
    arm = 6.6    # half the span of the cross: over a third of the crown's width
    # The bar sits high enough that at 13 px squares (a 120 px board with
    # coordinates) its two hinted edges share a pixel row, leaving a row of
    # stem under it before the crown: stem, bar, stem, crown, as at 14-25 px.
    bar = 7.4    # top of the cross bar: 4 units of stem stand above it
    bar_b = 10.2 # bottom of the cross bar
    dip = 20.4   # the crown's top on the axis, deep between the two lobes
    arch_dx, arch_y = 6.4, 16.2    # crest of each arch, well clear below the arms
    crown, crown_y = 12.8, 20.6    # the crown at its widest
    band_top, band_h, band_dx, band_in = 25.4, 2.6, 10.6, 9.0
    ring_top, ring_h, ring_dx, ring_in = 32.2, 2.4, 14.4, 13.4
    foot_dx = 16.8
    cross_pts = [(t, TOP), (t, bar), (arm, bar), (arm, bar_b),
                 (t, bar_b), (t, dip + 1.0)]
    cross = lathe((0, TOP), [("L", q) for q in cross_pts])
    prof = [
        ("C", (t + 0.6, dip - 2.6), (arch_dx - 3.4, arch_y), (arch_dx, arch_y)),   # a lobe
        ("C", (arch_dx + 3.6, arch_y), (crown, crown_y - 3.8), (crown, crown_y)),
        ("C", (crown, crown_y + 1.6), (band_dx + 0.4, band_top - 1.0),
         (band_dx - 0.8, band_top)),                                             # into the band
    ] + disc(band_top, band_h, band_dx, band_in, 1.1) + [
        ("C", (band_in, band_top + band_h + 2.2), (ring_in - 2.2, ring_top - 0.4),
         (ring_dx - 1.0, ring_top)),                                             # a broad body
    ] + disc(ring_top, ring_h, ring_dx, ring_in, 1.1) + skirt(ring_in, foot_dx, ring_top + ring_h)
    # A bead sits in the V between the lobes and the cross stands on it,
    # so the stem ends on something instead of running into the crown.
    boss_r, boss_y = 2.3, dip - 2.0
    parting = "M%sL%s" % (pt((CX, boss_y + boss_r + 1.2)), pt((CX, band_top - 2.2)))
    return {
        "cross": [cross],
        "body": [lathe((0, dip), prof)],
        "balls": [(CX, boss_y, boss_r)],
        "details": [hline(band_top, band_dx - 0.8), hline(36.6, foot_dx - 1.4), parting],
        "hints": {"x": [t, arm, band_dx, ring_dx, foot_dx],
                  "y": [TOP, bar, bar_b, arch_y, band_top, band_top + band_h,
                        ring_top, ring_top + ring_h, BASELINE]},
    }


KNIGHT_SHIFT = -1.4


def knight():
    # A horse's head facing left, head raised on an arched neck: ear, long
    # face, rounded muzzle with a mouth, jaw and jowl, a mane down the back
    # of the neck; eye, nostril and cheek drawn inside.  Clockwise from the
    # back of the neck where it meets the base.
    horse = (
        "M35.8,33.2"
        "C37.4,29.4 38.0,25.6 37.6,22.2"      # back of the neck
        "Q38.4,20.4 36.8,19.4"                # the mane, in locks
        "Q37.4,17.2 35.6,16.0"
        "Q35.6,13.6 33.6,12.6"
        "Q33.0,10.4 30.6,9.8"
        "Q29.6,9.2 28.8,8.6"                  # poll
        "Q28.8,5.6 26.6,3.8"                  # back of the ear
        "Q24.6,5.4 24.2,8.0"                  # front of the ear
        "C20.2,9.0 16.4,11.8 13.8,15.0"       # forehead
        "C11.6,17.6 9.6,20.2 7.8,22.2"        # nose bridge
        "C6.0,24.0 5.6,26.4 7.4,27.0"         # muzzle
        "L10.4,26.6"                          # mouth
        "L8.8,27.8"
        "Q8.6,29.2 10.4,29.2"                 # chin
        "C13.2,29.2 15.6,27.8 17.6,26.2"      # underside of the jaw
        "C19.4,24.8 21.0,24.0 22.0,22.8"      # jowl
        "C21.0,26.4 17.2,29.2 15.8,33.2"      # throat and chest
        "Z"
    )
    # The head leans left of the axis: moved right so that the ink's mass,
    # not its bounding box, is centred on the square (measured by
    # bench/measure_glyphs.py; the base stays on the axis).
    head = KNIGHT_SHIFT
    horse = shift_x(horse, head)
    prof = [("L", (9.4, 33.0))] + disc(33.0, 2.2, 12.2, 11.2, 1.1) + skirt(11.2, 14.8, 35.2)
    body = lathe((0, 33.0), prof)
    return {
        "under": [horse],
        "body": [body],
        "details": [
            shift_x("M29.6,11.4C33.0,15.0 34.4,22.4 32.8,31.2", head),   # inner edge of the mane
            shift_x("M9.6,22.8Q8.8,24.0 9.8,24.6", head),                # nostril
        ],
        "dots": [(18.8 + head, 13.2, 1.5)],                              # eye
        "hints": {"x": [12.2, 14.8], "y": [33.0, 35.2, BASELINE]},
    }


def shift_x(d, dx):
    """Path data `d` (absolute commands, "x,y" pairs) moved by `dx`."""
    return re.sub(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)",
                  lambda m: "%s,%s" % (f(float(m.group(1)) + dx), m.group(2)), d)


PIECES = {"P": pawn, "N": knight, "R": rook, "B": bishop, "Q": queen, "K": king}


# ---------------------------------------------------------------- output

def render(colour, spec):
    c = COLOURS[colour]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" width="45" height="45">']
    # The king's cross is solid ink in both colours, as in print: a white
    # cross is an outline around a sliver of white, which at small squares
    # closes up into a blob.
    for d in spec.get("cross", []):
        out.append('<path d="%s" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>'
                   % (d, c["line"], c["line"], f(STROKE_W)))
    out.append('<g fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round">'
               % (c["fill"], c["line"], f(STROKE_W)))
    for d in spec.get("under", []):
        out.append('<path d="%s"/>' % d)
    for d in spec["body"]:
        out.append('<path d="%s"/>' % d)
    for (x, y, r) in spec.get("balls", []):
        out.append('<circle cx="%s" cy="%s" r="%s"/>' % (f(x), f(y), f(r)))
    out.append("</g>")
    det = []
    for item in spec.get("details", []):
        if item[0] == "H":
            _, y, half = item
            half -= c["inset"]
            det.append("M%sL%s" % (pt((CX - half, y)), pt((CX + half, y))))
        else:
            det.append(item)
    if det:
        out.append('<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"/>'
                   % ("".join(det), c["detail"], f(STROKE_W)))
    for (x, y, r) in spec.get("dots", []):
        out.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (f(x), f(y), f(r), c["detail"]))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def hint_lines(letter, spec):
    """The hint edges of one piece as absolute glyph coordinates."""
    h = spec["hints"]
    # x edges are distances from the axis (the knight's are on its base).
    xs = sorted({CX + s * dx for dx in h["x"] for s in (1, -1)})
    ys = sorted(set(h["y"]))
    return ["%s x %s" % (letter, " ".join(f(v) for v in xs)),
            "%s y %s" % (letter, " ".join(f(v) for v in ys))]


HINTS_HEADER = """\
# Hint edges of fen2img's built-in pieces, made by tools/gen_pieces.py; do not edit.
# PIECE AXIS EDGE...: glyph coordinates (45 grid) where a stroke's centre runs
# straight along a stem, band, ring or base.  At small squares the renderer
# moves each edge to the nearest pixel centre and the outline between edges
# proportionally, so stems and bars are whole pixels (see src/hinting.rs).
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = os.path.join(os.path.dirname(here), "crates", "render", "assets", "pieces")
    os.makedirs(outdir, exist_ok=True)
    hints = []
    for letter in "PNBRQK":
        spec = PIECES[letter]()
        hints += hint_lines(letter, spec)
        for colour in ("w", "b"):
            path = os.path.join(outdir, colour + letter + ".svg")
            with open(path, "w", newline="\n") as fh:
                fh.write(render(colour, spec))
    with open(os.path.join(outdir, "built_in.hints"), "w", newline="\n") as fh:
        fh.write(HINTS_HEADER + "\n".join(hints) + "\n")


if __name__ == "__main__":
    main()
