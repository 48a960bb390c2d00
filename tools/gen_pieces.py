#!/usr/bin/env python3
"""Generate the fen2img chess piece glyphs (crates/render/assets/pieces/*.svg and built_in.hints).

Original design of the fen2img project; licensed MIT OR Apache-2.0.
Standard library only.  Run from anywhere:  python3 tools/gen_pieces.py
(or with --out DIR to write the files there instead, for example to look at
a change with `fen2img --pieces DIR` before building).

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
import sys

CX = 22.5          # vertical axis of every piece
BASELINE = 40.1    # bottom of every base (path; the ink reaches 1 unit lower)
# Highest point of any path.  In print the renderer draws a halo under each
# piece: its filled shapes stroked outline/2 + 4% of a square (1.8 units,
# more below 19 px squares) wider, clipped to the piece's square in raster
# output but not in SVG.  Keeping every path at least 3.2 units inside the
# square keeps the halo inside it too, so both outputs agree.  At 20 px
# squares 3.2 units less the half outline leaves the ink 1 px clear.
TOP = 3.4
# One stroke weight for outlines and inner lines alike: the lightest that
# print allows.  1.8 units are 1.04 px at a 207 px board (newsprint, 35 mm
# at 150 dpi), so wherever the line falls on the pixel grid some pixel is
# more than half covered and a 1-bit threshold at 128 keeps it unbroken
# (cburnett's 1.5 units, 0.86 px, break there).  The 2 units used before
# read heavy beside cburnett at 100 px squares and more; at 25 px and less
# the renderer rounds every stroke to a whole pixel anyway (hinting).
STROKE_W = 1.8

COLOURS = {
    "w": {"fill": "#ffffff", "line": "#000000", "detail": "#000000", "inset": 0.0},
    "b": {"fill": "#000000", "line": "#000000", "detail": "#ffffff", "inset": 1.4},
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


def disc(top, h, outer, inner_below):
    """A turned disc (collar, ring): from wherever the profile is, out to
    `outer` at `top`, down the rim to `top + h` and back in to
    `inner_below`.  Ends at (inner_below, top + h).  Its corners are
    square in the path and rounded only by the outline's round join, a
    crisply turned edge: a further radius in the path read as soft,
    moulded plastic at 100 px and more, and cost SVG bytes."""
    return [("L", (outer, top)), ("L", (outer, top + h)), ("L", (inner_below, top + h))]


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


def bezier_points(p0, seg, n=64):
    """Points along one profile segment from p0 (for measuring)."""
    k = seg[0]
    pts = []
    for i in range(1, n + 1):
        s = i / n
        if k == "L":
            p = seg[1]
            pts.append((p0[0] + (p[0] - p0[0]) * s, p0[1] + (p[1] - p0[1]) * s))
        elif k == "Q":
            c, p = seg[1], seg[2]
            pts.append(tuple((1 - s) ** 2 * a + 2 * s * (1 - s) * b + s * s * d
                             for a, b, d in zip(p0, c, p)))
        else:
            c1, c2, p = seg[1], seg[2], seg[3]
            pts.append(tuple((1 - s) ** 3 * a + 3 * s * (1 - s) ** 2 * b
                             + 3 * s * s * (1 - s) * c + s ** 3 * d
                             for a, b, c, d in zip(p0, c1, c2, p)))
    return pts


def dx_at(start, segs, y):
    """Where a profile last crosses height `y` (its distance from the
    axis): an inner line across the piece ends on the outline there."""
    found, cur = None, start
    for seg in segs:
        pts = [cur] + bezier_points(cur, seg)
        for a, b in zip(pts, pts[1:]):
            if (a[1] - y) * (b[1] - y) <= 0 and a[1] != b[1]:
                found = a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1])
        cur = seg[-1]
    return found


def band(y, sag, half):
    """An inner line across a turned body, seen a little from above: a
    circle round the body shows as an arc whose middle hangs `sag` lower
    than its ends (at `half` from the axis, height `y`)."""
    return ("A", y, sag, half)


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
    prof = arc(r, 0, cy, -90.0, neck, 2) + disc(ny + 0.2, 2.4, 7.4, 4.3) + [
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
    ] + disc(30.2, 2.6, 11.8, 11.2) + [
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
        ("C", (2.0, 10.0), (10.8, 12.2), (10.8, 18.0)),
        ("C", (10.8, 20.8), (8.0, 22.4), (5.6, 23.2)),
    ] + disc(23.4, 2.4, 9.0, 4.5) + [
        ("C", (4.5, 29.6), (6.2, 32.0), (9.6, 32.8)),
    ] + disc(32.8, 2.2, 10.6, 9.8) + skirt(9.8, 13.4, 35.0)
    return {
        "body": [lathe((0, 8.6), prof)],
        "balls": [(CX, ball_y, ball_r)],
        "details": [hline(23.4, 6.0), hline(25.8, 4.5), hline(35.0, 9.8),
                    "M%sL%s" % (pt((29.2, 11.8)), pt((22.2, 18.8)))],
        "hints": {"x": [4.5, 9.0, 10.6, 10.8, 13.4],
                  "y": [ball_y - ball_r, 23.4, 25.8, 32.8, 35.0, BASELINE]},
    }


def queen():
    # A crown of five balled points on a cup that flares from a slim waist
    # and a foot that flares again below it: one hourglass of curves, no
    # straight stem.  Each point is a spike whose curved sides leave its
    # valley nearly level and rise steeply into the middle of its ball, so
    # it is broad at its foot, slim under the ball.  Two bands hang across
    # the cup (the rim under the points and one lower down) as a circle
    # round a turned piece looks seen a little from above; the waist's line
    # and the base line are straight and hinted.  Her middle ball stands
    # higher than the bishop's (FIDE: queen 8.5 cm, bishop 7) and lower than
    # the king's cross.  A promoted queen's sign (layout/pockets.rs) keeps
    # clear of her: her outer balls stay inside the corner it avoids, and
    # the cup narrows fast enough that its flank keeps 9 units (path) from
    # where the sign sits at small squares, on the square's right edge 25.2
    # units down (a fuller cup touched it at 22 and 26 px squares).  The
    # spiky coronet on a straight stem drawn before read as clip-art beside
    # cburnett at 100 px and more.
    balls = [(0, 5.8, 2.1), (7.2, 6.6, 2.0), (14.2, 8.8, 1.9)]
    valleys = [(3.4, 17.0), (10.2, 17.8)]
    (m, my, _), (i, iy, _), (o, oy, _) = balls
    waist, waist_dx = 28.4, 5.8
    prof = [
        ("Q", (m + 2.2, my + 8.6), valleys[0]),
        ("Q", (i - 2.2, iy + 7.2), (i, iy)),
        ("Q", (i + 2.2, iy + 7.8), valleys[1]),
        ("Q", (o - 2.6, oy + 6.0), (o, oy)),
        ("C", (o - 0.4, oy + 5.2), (12.4, 16.6), (10.4, 19.4)),
        ("C", (8.6, 21.8), (waist_dx, 23.4), (waist_dx, waist)),
        ("C", (waist_dx, 31.6), (8.2, 33.8), (12.0, 34.6)),
        ("Q", (13.4, 34.9), (13.4, 36.2)),
        ("L", (13.4, BASELINE)),
    ]
    out = []
    for dx, y, r in balls:
        out.append((CX + dx, y, r))
        if dx:
            out.append((CX - dx, y, r))
    start = (0, my)
    rim, band2 = 20.2, 23.8
    return {
        "body": [lathe(start, prof)],
        "balls": out,
        "details": [band(rim, 1.1, dx_at(start, prof, rim)),
                    band(band2, 0.9, dx_at(start, prof, band2)), hline(waist, waist_dx),
                    hline(38.2, 12.4)],
        # The bands are hinted at their middles, where they run level: at
        # 20 px squares most of each lies on one pixel row instead of two
        # grey ones.
        "hints": {"x": [waist_dx, 13.4],
                  "y": [rim + 1.1, band2 + 0.9, waist, 38.2, BASELINE]},
    }


def king():
    # Tallest: a slim cross standing on a bead in the V between the two
    # round lobes of his crown (circles, each swept from the V over its
    # crest and out to the crown's widest), which then tucks in to a
    # waist and flares onto the broadest foot of the set, as the queen's
    # body does, so the two share a line but not a silhouette: his top is
    # closed and round where hers is open and pointed.  A band hangs across
    # the crown's foot (seen a little from above, as the queen's); the
    # waist's line and the base line are straight and hinted.  The flat,
    # boxy crown and the heavy cross drawn before read as clip-art beside
    # cburnett at 100 px and more.
    #
    # At 13 px squares (a 120 px board with coordinates outside) the
    # hinted rows must read stem, bar, stem, crown from the top
    # (crates/render/tests/integration/thumbnails.rs): the top is kept on
    # row 1, the bar's two edges share row 2 and the lobes' crest falls on
    # row 4, leaving row 3 to the stem; the arms show two pixels beyond the
    # stem on each side.  These numbers are the lightest cross and the
    # lowest crest that keep that order at every size from 13 to 25 px
    # (a shorter stem above the bar, a thicker bar or a higher crest each
    # lose a row somewhere in that range).
    t = 0.9      # half the width of the cross's stem and bar (path)
    arm = 6.6    # half the span of the cross: 15 units of ink
    bar, bar_b = 7.2, 8.8
    bead_r, bead_y = 2.1, 17.2
    lobe_dx, lobe_y, lobe_r = 8.0, 21.8, 7.2    # crest at 14.6, widest 15.2
    waist, waist_dx = 30.6, 11.0
    foot_dx, foot_top = 16.2, 35.4
    base_line = 37.2
    cross_pts = [(t, TOP), (t, bar), (arm, bar), (arm, bar_b), (t, bar_b), (t, bead_y)]
    cross = lathe((0, TOP), [("L", q) for q in cross_pts])
    dip = 20.6
    start = (0, dip)
    prof = [("L", (lobe_dx - lobe_r * 0.966, lobe_y - lobe_r * 0.259))]
    # In three parts, so that the crest and the widest point (both hinted)
    # are points of the path.
    prof += (arc(lobe_r, lobe_dx, lobe_y, -165.0, -90.0, 2)
             + arc(lobe_r, lobe_dx, lobe_y, -90.0, 0.0, 2)
             + arc(lobe_r, lobe_dx, lobe_y, 0.0, 40.0, 1))
    e = prof[-1][-1]
    prof += [
        ("C", (e[0] - 1.8, e[1] + 1.8), (waist_dx, waist - 3.0), (waist_dx, waist)),
        ("C", (waist_dx, waist + 2.6), (foot_dx - 4.0, foot_top - 0.4), (foot_dx - 1.0, foot_top)),
        ("Q", (foot_dx, foot_top + 0.2), (foot_dx, foot_top + 1.2)),
        ("L", (foot_dx, BASELINE)),
    ]
    y1 = 26.6
    return {
        "cross": [cross],
        "body": [lathe(start, prof)],
        "balls": [(CX, bead_y, bead_r)],
        "details": [band(y1, 1.2, dx_at(start, prof, y1)), hline(waist, waist_dx),
                    hline(base_line, foot_dx - 1.4)],
        "hints": {"x": [t, arm, lobe_dx + lobe_r, waist_dx, foot_dx],
                  "y": [TOP, bar, bar_b, lobe_y - lobe_r, y1 + 1.2, waist,
                        foot_top, base_line, BASELINE]},
    }


KNIGHT_SHIFT = -1.0


def knight():
    # A horse's head facing left, raised on a full arched neck: a pricked
    # ear over the poll, a broad forehead, a straight face down to a round
    # muzzle, a firm jaw, and a chest that swells forward onto the base;
    # the mane falls in locks down the crest.  The silhouette is long
    # curves meeting without kinks (the old chain of small bumps read as a
    # toy at 100 px and more); the features are inner lines and shapes:
    # the mane's edge, an almond eye, a nostril and the mouth.  Clockwise
    # from the back of the neck where it meets the base.
    horse = (
        "M35.8,33.2"
        "C36.4,31.8 36.8,30.4 37.0,29.0"      # back of the neck
        "Q38.0,29.8 38.6,29.4"                # the mane, in four locks
        "C37.6,27.6 37.2,25.6 37.0,23.6"
        "Q38.2,23.8 38.6,23.0"
        "C37.2,21.2 36.4,19.4 35.6,17.8"
        "Q36.6,17.6 37.0,16.6"
        "C35.8,15.0 34.4,13.6 33.4,12.2"
        "Q34.4,11.6 34.6,10.6"
        "C32.2,10.0 30.0,9.2 27.8,8.4"        # the poll
        "C28.0,6.6 27.2,4.8 25.8,3.6"         # back of the ear
        "C24.4,4.8 23.4,6.4 23.0,8.2"         # front of the ear
        "C19.0,8.8 15.4,11.0 13.2,14.0"       # forehead
        "C11.0,17.0 8.4,20.4 6.6,23.0"        # face
        "C5.0,25.4 5.4,28.2 7.6,28.8"         # muzzle
        "C8.8,30.0 10.8,30.0 12.0,29.4"       # chin
        "C15.0,28.0 19.2,24.6 22.0,21.8"      # under the jaw, up to the throat
        "C22.8,25.6 15.6,27.6 15.0,33.2"      # neck and chest
        "Z"
    )
    # The head leans left of the axis: moved right so that the ink's mass,
    # not its bounding box, is centred on the square (measured by
    # bench/measure_glyphs.py; the base stays on the axis).
    head = KNIGHT_SHIFT
    horse = shift_x(horse, head)
    prof = [("L", (9.4, 33.0))] + disc(33.0, 2.2, 12.2, 11.2) + skirt(11.2, 14.8, 35.2)
    body = lathe((0, 33.0), prof)
    return {
        "under": [horse],
        "body": [body],
        "details": [
            shift_x("M28.6,11.0C32.2,13.8 34.0,20.6 33.4,31.0", head),    # mane
            shift_x("M7.8,27.6Q9.4,27.6 10.8,26.8", head),                # mouth
            hline(35.2, 11.2),                                            # base
        ],
        "shapes": [shift_x("M14.8,16.2Q16.4,12.8 20.0,12.4Q18.6,15.8 14.8,16.2Z", head),  # eye
                   shift_x("M7.6,25.0Q7.8,22.6 10.2,22.2Q10.2,24.6 7.6,25.0Z", head)],   # nostril
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
        elif item[0] == "A":
            det.append(arched(item, c["inset"]))
        else:
            det.append(item)
    if det:
        out.append('<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"/>'
                   % ("".join(det), c["detail"], f(STROKE_W)))
    for d in spec.get("shapes", []):
        out.append('<path d="%s" fill="%s"/>' % (d, c["detail"]))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def arched(item, inset):
    """Path data of a band (`band`): a quadratic arc from (-half, y) to
    (half, y) through (0, y + sag), less `inset` at each end (measured
    across), so that a black piece's light band stops short of the
    outline as its straight lines do.  Drawn as two halves meeting at its
    middle, so that the middle, where it runs level and is hinted, is a
    point of the path."""
    _, y, sag, half = item
    p0, p1, p2 = (CX - half, y), (CX, y + 2 * sag), (CX + half, y)
    t = inset / (2 * half)

    def at(s):
        return tuple((1 - s) ** 2 * a + 2 * s * (1 - s) * b + s * s * d
                     for a, b, d in zip(p0, p1, p2))

    def ctrl(s, u):
        # The control point of the part of the arc from s to u (blossom).
        return tuple((1 - s) * (1 - u) * a + ((1 - s) * u + s * (1 - u)) * b + s * u * d
                     for a, b, d in zip(p0, p1, p2))
    return "M%sQ%s %sQ%s %s" % (pt(at(t)), pt(ctrl(t, 0.5)), pt(at(0.5)),
                                pt(ctrl(0.5, 1 - t)), pt(at(1 - t)))


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
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--out":
        outdir = args[1]
    elif args:
        sys.exit("usage: gen_pieces.py [--out DIR]")
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
