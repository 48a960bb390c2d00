#!/usr/bin/env python3
"""Generate the fen2img chess piece glyphs (pieces/*.svg).

Original design of the fen2img project; licensed MIT OR Apache-2.0.
Standard library only.  Run from anywhere:  python3 tools/gen_pieces.py
"""

import math
import os

CX = 22.5          # vertical axis of every piece
BASELINE = 39.5    # bottom of every base
# Highest point of any path.  In print the renderer draws a halo under each
# piece: its filled shapes stroked outline/2 + 4% of a square (1.8 units,
# more below 19 px squares) wider, clipped to the piece's square in raster
# output but not in SVG.  Keeping every path at least 3.2 units inside the
# square keeps the halo inside it too, so both outputs agree.
TOP = 3.2
# Outline 2 units: 1.15 px at a 207 px board (newsprint), so wherever the
# line falls on the pixel grid some pixel is more than half covered and a
# 1-bit threshold at 128 keeps the outline unbroken.
OUTLINE_W = 2.0    # outline stroke width
DETAIL_W = 1.5     # inner detail stroke width

COLOURS = {
    "w": {"fill": "#ffffff", "line": "#000000", "detail": "#000000", "inset": 0.0},
    "b": {"fill": "#000000", "line": "#000000", "detail": "#ffffff", "inset": 1.9},
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
# A profile is the RIGHT half of a lathe-turned piece, in (dx, y) where
# dx is the distance from the axis.  It starts on the axis at the top and
# ends at the bottom-right corner of the base.  Segments:
#   ("L", p) ("Q", c, p) ("C", c1, c2, p)
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
    """Closed path: right half as given, then mirrored left half."""
    assert abs(start[0]) < 1e-9, "profile must start on the axis"
    # Drop zero-length line segments (e.g. a body ending where the base
    # begins) so the output stays clean.
    clean, cur = [], start
    for s in segs:
        if not (s[0] == "L" and s[1] == cur):
            clean.append(s)
        cur = s[-1]
    segs = clean
    d = "M" + pt(abs_pt(start))
    d += "".join(seg_cmd(s, 1) for s in segs)
    # Mirrored left half, walked back up to the top.
    rev = reverse(start, segs)
    end = segs[-1][-1]
    d += "L" + pt(abs_pt(end, -1))
    for s in rev:
        d += seg_cmd(s, -1)
    return d + "Z"


def arc(r, cy, a0, a1, pieces):
    """Cubic Bezier segments for a circular arc (centre on the axis at cy),
    from angle a0 to a1 in degrees, screen coordinates (y down)."""
    out = []
    step = (a1 - a0) / pieces
    for i in range(pieces):
        a = math.radians(a0 + i * step)
        b = math.radians(a0 + (i + 1) * step)
        k = 4.0 / 3.0 * math.tan((b - a) / 4.0)
        p0 = (r * math.cos(a), cy + r * math.sin(a))
        p3 = (r * math.cos(b), cy + r * math.sin(b))
        c1 = (p0[0] - k * r * math.sin(a), p0[1] + k * r * math.cos(a))
        c2 = (p3[0] + k * r * math.sin(b), p3[1] - k * r * math.cos(b))
        out.append(("C", c1, c2, p3))
    return out


def hline(y, half):
    return ("H", y, half)


def collar(y, inner, outer, h=2.0):
    """A flat turned disc (collar) of height h whose top is at y."""
    return [
        ("L", (outer - 1.0, y)),
        ("Q", (outer, y), (outer, y + h / 2)),
        ("Q", (outer, y + h), (outer - 1.0, y + h)),
        ("L", (inner, y + h)),
    ]


# ---------------------------------------------------------------- pieces
# All numbers are units of the 45 grid.  Widths quoted in comments are ink
# widths (path + half the outline on each side).

def base(w):
    """The shared base: a turned ring on a broad plinth, `w` the plinth's
    half width.  Continues a profile from where the body ends, which should
    be (w - 2.6, 32.6), the top of the ring."""
    r = w - 1.4          # half width of the ring
    return [
        ("L", (w - 2.6, 32.6)),
        ("Q", (r, 32.6), (r, 34.3)),
        ("L", (r, 36.0)),
        ("L", (w - 0.8, 36.0)),
        ("Q", (w, 36.0), (w, 37.2)),
        ("L", (w, BASELINE)),
    ]


def base_details(w):
    return [hline(36.0, w - 1.4)]


def pawn():
    # Smallest and lowest: a round head on a broad collar.  The head sits
    # low (top at y = 15.8) so that pawn and bishop differ by outline, not
    # only by the bishop's finial, even at 20 px squares.
    w = 11.4
    r, cy = 5.5, 21.3
    nx = 3.2
    ny = cy + (r * r - nx * nx) ** 0.5
    neck = math.degrees(math.atan2(ny - cy, nx))
    prof = arc(r, cy, -90.0, neck, 2) + [
        ("L", (7.4, ny + 0.3)),
        ("Q", (8.7, ny + 0.3), (8.7, ny + 1.4)),
        ("Q", (8.7, ny + 2.5), (7.4, ny + 2.5)),
        ("L", (5.6, ny + 2.5)),
        ("C", (5.6, 29.8), (7.4, 31.8), (w - 2.6, 32.6)),
    ] + base(w)
    return {
        "body": [lathe((0, cy - r), prof)],
        "details": [hline(ny + 2.5, 5.6)] + base_details(w),
    }


def rook():
    # A straight tower: battlements wider than the shaft, so its top
    # corners set it apart from the king's crown and the bishop's mitre.
    w = 15.0
    top = 9.0
    prof = [
        ("L", (2.3, top)),
        ("L", (2.3, 12.8)),
        ("L", (7.1, 12.8)),
        ("L", (7.1, top)),
        ("L", (12.8, top)),
        ("L", (12.8, 16.2)),
        ("L", (9.2, 18.2)),
        ("L", (9.2, 29.4)),
        ("L", (w - 2.6, 31.4)),
    ] + base(w)
    return {
        "body": [lathe((0, top), prof)],
        "details": [hline(16.2, 12.8), hline(29.4, 9.2)] + base_details(w),
    }


def bishop():
    # A tall teardrop mitre with a diagonal slit and a ball, on a slim stem;
    # second tallest after the king.
    w = 14.8
    prof = [
        ("C", (4.2, 11.0), (11.0, 14.0), (11.0, 18.6)),
        ("C", (11.0, 21.4), (8.4, 23.0), (6.8, 24.0)),
    ] + collar(24.0, 4.3, 10.4, 2.6) + [
        ("C", (4.3, 29.2), (6.6, 31.8), (w - 2.6, 32.6)),
    ] + base(w)
    return {
        "body": [lathe((0, 9.2), prof)],
        "balls": [(CX, 6.4, 2.6)],
        "details": [hline(24.0, 6.8), hline(26.6, 4.3),
                    "M%sL%s" % (pt((29.2, 12.6)), pt((22.4, 19.4)))] + base_details(w),
    }


def queen():
    # A coronet of five points with balls, wider than the base: the queen
    # is widest at the top, the king at the bottom.
    w = 15.2
    tips = [(0, 8.6), (7.6, 7.8), (14.6, 9.0)]
    prof = [
        ("L", (3.7, 17.6)),
        ("L", tips[1]),
        ("L", (10.6, 17.8)),
        ("L", tips[2]),
        ("C", (13.4, 14.6), (11.8, 18.4), (10.6, 20.6)),
    ] + collar(20.6, 7.6, 11.6, 2.4) + [
        ("C", (7.6, 27.0), (9.6, 31.2), (w - 2.6, 32.6)),
    ] + base(w)
    balls = []
    for dx, y in tips:
        balls.append((CX + dx, y - 2.2, 2.2))
        if dx:
            balls.append((CX - dx, y - 2.2, 2.2))
    return {
        "body": [lathe((0, tips[0][1]), prof)],
        "balls": balls,
        "details": [hline(20.6, 10.6), hline(23.0, 7.6)] + base_details(w),
    }


def king():
    # Tallest: a bell-shaped body that tapers from the broadest base of the
    # set up to a crown band, a dome and a cross.
    w = 16.2
    t = 1.4      # half the width of a cross bar
    arm = 4.4    # half the span of the cross
    bar = 5.2    # top of the cross bar
    cross_pts = [(t, TOP), (t, bar), (arm, bar), (arm, bar + 2 * t),
                 (t, bar + 2 * t), (t, 11.0)]
    cross = lathe((0, TOP), [("L", q) for q in cross_pts])
    prof = [
        ("C", (6.6, 11.0), (11.0, 11.6), (11.0, 14.4)),
        ("L", (12.2, 14.4)),
        ("Q", (13.2, 14.4), (13.2, 15.8)),
        ("Q", (13.2, 17.2), (12.2, 17.2)),
        ("L", (10.6, 17.2)),
        ("C", (10.6, 23.0), (11.8, 29.0), (w - 2.6, 32.6)),
    ] + base(w)
    return {
        "under": [cross],
        "body": [lathe((0, 11.0), prof)],
        "details": [hline(14.4, 11.0), hline(17.2, 10.6)] + base_details(w),
    }


def knight():
    # Horse head facing left, drawn on the 45 grid; clockwise from the back
    # of the neck where it meets the base.
    horse = (
        "M36.0,32.8"
        "C37.8,25.0 37.0,16.0 31.6,10.6"      # back of the neck (mane)
        "C30.4,9.4 29.4,8.8 28.2,8.4"         # poll
        "Q27.6,6.2 25.0,4.0"                  # back of the ear
        "Q22.8,6.0 22.4,8.4"                  # front of the ear
        "C18.2,9.0 15.0,11.0 12.6,14.2"       # forehead
        "C10.6,16.8 8.0,19.6 6.2,21.6"        # nose bridge
        "Q4.2,23.4 5.2,25.0"                  # muzzle
        "L11.2,26.2"                          # mouth notch
        "L7.0,27.8"
        "Q6.8,29.2 8.8,29.4"                  # chin
        "C12.4,29.8 15.8,28.6 18.2,26.6"      # underside of the jaw
        "Q20.4,24.6 21.0,22.8"                # jowl
        "C19.4,27.0 16.0,29.4 15.4,32.8"      # throat and chest
        "Z"
    )
    w = 15.0
    prof = [("L", (w - 2.6, 32.6))] + base(w)[1:]
    return {
        "under": [horse],
        "body": [lathe((0, 32.6), prof)],
        "details": [
            "M29.4,10.8C33.0,15.2 34.0,23.0 32.6,31.0",   # inner edge of the mane
            "M21.0,22.8C22.4,19.8 21.4,16.8 18.6,15.8",   # cheek
        ] + base_details(w),
        "dots": [(18.8, 12.8, 1.4), (7.6, 21.6, 0.9)],   # eye, nostril
    }


PIECES = {"P": pawn, "N": knight, "R": rook, "B": bishop, "Q": queen, "K": king}


# ---------------------------------------------------------------- output

def render(colour, spec):
    c = COLOURS[colour]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" width="45" height="45">']
    out.append('<g fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round">'
               % (c["fill"], c["line"], f(OUTLINE_W)))
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
                   % ("".join(det), c["detail"], f(DETAIL_W)))
    for (x, y, r) in spec.get("dots", []):
        out.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (f(x), f(y), f(r), c["detail"]))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = os.path.join(os.path.dirname(here), "pieces")
    os.makedirs(outdir, exist_ok=True)
    for letter in sorted(PIECES):
        spec = PIECES[letter]()
        for colour in ("w", "b"):
            path = os.path.join(outdir, colour + letter + ".svg")
            with open(path, "w", newline="\n") as fh:
                fh.write(render(colour, spec))


if __name__ == "__main__":
    main()
