#!/usr/bin/env python3
"""Generate the fen2img chess piece glyphs (pieces/*.svg).

Original design of the fen2img project; licensed MIT OR Apache-2.0.
Standard library only.  Run from anywhere:  python3 tools/gen_pieces.py
"""

import math
import os

CX = 22.5          # vertical axis of every piece
BASELINE = 39.5    # bottom of every base
OUTLINE_W = 1.5    # outline stroke width
DETAIL_W = 1.1     # inner detail stroke width

COLOURS = {
    "w": {"fill": "#ffffff", "line": "#1a1a1a", "detail": "#1a1a1a", "inset": 0.0},
    "b": {"fill": "#1a1a1a", "line": "#1a1a1a", "detail": "#ececec", "inset": 1.1},
}


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


def base(s=1.0):
    """The shared base: a turned ring sitting on a broad plinth.

    Continues a profile from wherever the body ends; the body should end
    at (8.6 * s, 33.6), the top of the ring."""
    return [
        ("L", (8.6 * s, 33.6)),
        ("Q", (10.6 * s, 33.6), (10.6 * s, 35.0)),
        ("L", (10.6 * s, 36.3)),
        ("L", (11.6 * s, 36.3)),
        ("Q", (12.6 * s, 36.3), (12.6 * s, 37.3)),
        ("L", (12.6 * s, BASELINE)),
    ]


def base_details(s=1.0):
    return [hline(36.3, 10.6 * s)]


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

def pawn():
    s = 0.9
    r = 5.7
    cy = 16.8
    nx = 2.9
    ny = cy + (r * r - nx * nx) ** 0.5
    neck = math.degrees(math.atan2(ny - cy, nx))
    prof = arc(r, cy, -90.0, neck, 2) + [
        ("Q", (7.3, ny - 0.1), (7.3, 23.4)),
        ("Q", (7.3, 24.6), (4.6, 24.6)),
        ("C", (4.6, 28.8), (5.8, 32.4), (8.6 * s, 33.6)),
    ] + base(s)
    return {
        "body": [lathe((0, cy - r), prof)],
        "details": [hline(24.6, 4.6)] + base_details(s),
    }


def rook():
    top = 9.0
    prof = [
        ("L", (1.8, top)),
        ("L", (1.8, 11.9)),
        ("L", (4.8, 11.9)),
        ("L", (4.8, top)),
        ("L", (9.4, top)),
        ("L", (9.4, 14.6)),
        ("L", (7.2, 16.6)),
        ("L", (7.6, 29.2)),
        ("L", (8.6, 30.6)),
    ] + base()
    return {
        "body": [lathe((0, top), prof)],
        "details": [hline(14.6, 9.4), hline(29.2, 7.6)] + base_details(),
    }


def bishop():
    prof = [
        ("C", (2.8, 12.2), (7.2, 15.2), (7.2, 19.3)),
        ("C", (7.2, 22.0), (5.8, 23.8), (4.8, 24.6)),
    ] + collar(24.6, 4.4, 7.8) + [
        ("C", (4.4, 29.8), (5.8, 32.6), (8.6, 33.6)),
    ] + base()
    return {
        "body": [lathe((0, 10.4), prof)],
        "balls": [(CX, 8.2, 2.2)],
        "details": [hline(24.6, 4.8),
                    "M%sL%s" % (pt((27.9, 14.4)), pt((22.2, 20.1)))] + base_details(),
    }


def queen():
    tips = [(0, 9.2), (5.7, 9.7), (10.9, 11.2)]
    prof = [
        ("L", (2.9, 16.6)),
        ("L", tips[1]),
        ("L", (8.3, 17.0)),
        ("L", tips[2]),
        ("C", (9.8, 16.5), (7.8, 21.5), (6.9, 24.6)),
    ] + collar(24.6, 5.2, 8.2) + [
        ("C", (5.0, 29.6), (6.2, 32.6), (8.6, 33.6)),
    ] + base()
    balls = []
    for dx, y in tips:
        balls.append((CX + dx, y - 1.6, 2.1))
        if dx:
            balls.append((CX - dx, y - 1.6, 2.1))
    return {
        "body": [lathe((0, tips[0][1]), prof)],
        "balls": balls,
        "details": [hline(21.0, 7.8), hline(24.6, 6.9)] + base_details(),
    }


def king():
    t = 1.2      # half the width of a cross bar
    arm = 3.6    # half the span of the cross
    bar = 5.4    # top of the cross bar
    cross_pts = [(t, 3.0), (t, bar), (arm, bar), (arm, bar + 2 * t),
                 (t, bar + 2 * t), (t, 11.0)]
    cross = lathe((0, 3.0), [("L", q) for q in cross_pts])
    prof = [
        ("C", (1.4, 9.6), (2.0, 10.2), (2.0, 11.0)),
        ("C", (5.6, 11.1), (9.6, 11.8), (10.8, 13.6)),
        ("Q", (11.6, 14.8), (10.8, 15.8)),
        ("C", (9.8, 19.8), (6.8, 22.4), (5.8, 24.6)),
    ] + collar(24.6, 5.0, 8.2) + [
        ("C", (5.0, 29.6), (6.2, 32.6), (8.6, 33.6)),
    ] + base()
    return {
        "under": [cross],
        "body": [lathe((0, 9.6), prof)],
        "details": [hline(15.8, 10.8), hline(24.6, 5.8)] + base_details(),
    }


def knight():
    # Horse head facing left, hand drawn on the 45 grid.  The outline runs
    # clockwise from the bottom of the chest.
    horse = (
        "M14.2,34.4"
        "C13.6,30.8 15.4,27.8 18.6,25.2"      # chest / front of neck
        "C16.0,26.4 13.0,27.0 10.6,27.0"      # underside of the jaw
        "Q9.0,26.9 9.0,25.6"                  # chin
        "L12.8,24.2"                          # mouth notch
        "L8.0,23.8"                           # upper lip
        "Q6.8,23.2 7.2,21.6"                  # muzzle front
        "C8.8,19.6 10.8,17.6 12.4,15.8"       # nose bridge
        "C14.0,14.0 14.6,11.0 17.8,10.4"      # brow
        "L20.2,10.0"
        "Q21.0,7.6 23.2,5.8"                  # front of the ear
        "Q24.6,8.0 26.8,10.4"                 # back of the ear
        # the mane, in tufts down the back of the neck
        "Q29.6,10.2 30.4,12.4"
        "Q32.6,12.8 32.6,15.6"
        "Q34.8,17.0 34.0,20.2"
        "Q35.6,22.4 34.4,25.4"
        "Q35.4,28.4 33.2,30.6"
        "Q33.2,32.8 31.0,34.4"
        "Z"
    )
    prof = [("L", (8.6, 33.6))] + base()[1:]
    return {
        "under": [horse],
        "body": [lathe((0, 33.6), prof)],
        "details": [
            "M27.3,11.9C29.0,15.4 30.4,21.0 29.6,30.4",   # inner edge of the mane
            "M19.5,23.9C21.1,21.7 20.7,19.0 18.6,17.6",   # cheek
        ] + base_details(),
        "dots": [(17.6, 14.2, 1.1), (10.0, 20.4, 0.8)],   # eye, nostril
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
