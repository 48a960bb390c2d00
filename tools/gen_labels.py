#!/usr/bin/env python3
"""Generate the fen2img board-coordinate glyphs (crates/render/assets/templates/labels.txt).

Original design of the fen2img project; licensed MIT OR Apache-2.0.
Standard library only.  Run from anywhere:  python3 tools/gen_labels.py

Each glyph is drawn as centre-line strokes (straight lines and cubic
Beziers).  The script expands every stroke into a filled outline:

* the two sides of a stroke are offset curves of the centre line, first
  fitted closely with many short cubics (Hermite fit, within TOL) as the
  reference outline;
* the pen is slightly wider for vertical than for horizontal strokes
  (WV / WH), which gives round shapes the thin-top/thick-side modulation
  of a grotesque instead of a dead monoline;
* ends are butt caps, either perpendicular or cut along a given direction
  (so a terminal can finish flush with the baseline or with a neighbour);
* corners between straight segments are mitred exactly.

All contours are oriented the same way, and the inner side of a closed
stroke (a ring) the opposite way, so the union of the strokes renders
correctly with fill-rule="nonzero" and every counter stays open.

What is written is an economical refit of the reference outline: collinear
lines merged, smooth runs split at their extrema and fitted with the
fewest cubics within FIT_TOL (see "Economical outlines"), coordinates on a
0.1-unit grid, compact absolute M/L/H/V/C/Z path data.
"""

import math
import os

# --------------------------------------------------------------------------
# Metrics (units per em 100, y grows downward, baseline at y = 100)
BASE = 100.0
CAP = 70.0                  # digit and ascender height
XH = 52.0                   # x-height
DESC = 22.0                 # g descender limit (ink stays at y <= 122)
CAP_TOP = BASE - CAP        # 30
XH_TOP = BASE - XH          # 48
OS = 1.0                    # overshoot of round shapes

WV = 11.6                   # pen width of vertical strokes
WH = 10.0                   # pen width of horizontal strokes
hv = WV / 2.0
hh = WH / 2.0

LETTER_SB = 4.0             # side bearing each side, letters
DIGIT_ADV = 54              # tabular advance of digits

TOL = 0.02                  # reference offset-curve fitting tolerance


def width(tx, ty):
    """Pen width for a unit tangent (tx, ty)."""
    return WH + (WV - WH) * ty * ty


# --------------------------------------------------------------------------
# Small vector helpers

def add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def mul(a, k):
    return (a[0] * k, a[1] * k)


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def norm(a):
    n = math.hypot(a[0], a[1])
    return (a[0] / n, a[1] / n)


def lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def line_isect(p, d, q, e):
    """Intersection of lines p + s d and q + u e."""
    den = cross(d, e)
    s = cross(sub(q, p), e) / den
    return add(p, mul(d, s))


# --------------------------------------------------------------------------
# Centre-line segments

class Seg:
    """A straight line ('L', 2 points) or cubic Bezier ('C', 4 points).

    pt() and d() are polynomials, so they may be evaluated slightly
    outside [0, 1] when a cap cut needs a little extension.
    """

    def __init__(self, *pts):
        self.p = [tuple(float(c) for c in q) for q in pts]
        self.kind = "L" if len(pts) == 2 else "C"

    def pt(self, t):
        p = self.p
        if self.kind == "L":
            return lerp(p[0], p[1], t)
        u = 1.0 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        return (a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0],
                a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1])

    def d(self, t):
        p = self.p
        if self.kind == "L":
            return sub(p[1], p[0])
        u = 1.0 - t
        a, b, c = 3 * u * u, 6 * u * t, 3 * t * t
        return (a * (p[1][0] - p[0][0]) + b * (p[2][0] - p[1][0]) + c * (p[3][0] - p[2][0]),
                a * (p[1][1] - p[0][1]) + b * (p[2][1] - p[1][1]) + c * (p[3][1] - p[2][1]))

    def tan(self, t):
        return norm(self.d(t))

    def split(self, t):
        """De Casteljau split of a cubic at t."""
        p0, p1, p2, p3 = self.p
        a, b, c = lerp(p0, p1, t), lerp(p1, p2, t), lerp(p2, p3, t)
        ab, bc = lerp(a, b, t), lerp(b, c, t)
        m = lerp(ab, bc, t)
        return Seg(p0, a, ab, m), Seg(m, bc, c, p3)

    def sub(self, t0, t1):
        if self.kind == "L":
            return Seg(self.pt(t0), self.pt(t1))
        s = self
        if t1 < 1.0:
            s = s.split(t1)[0]
        if t0 > 0.0:
            s = s.split(t0 / t1)[1]
        return s

    def rev(self):
        return Seg(*reversed(self.p))

    def mirror(self, x0):
        return Seg(*[(2 * x0 - q[0], q[1]) for q in self.p])


def L(*pts):
    """Polyline through the points, as line segments."""
    return [Seg(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]


def C(p0, c1, c2, p1):
    return Seg(p0, c1, c2, p1)


def chain(start, *specs):
    """Tangent-continuous Bezier chain.

    specs are (out_handle, in_handle, point): out_handle is relative to the
    previous point, in_handle relative to the new point.
    """
    segs = []
    p = start
    for a, b, q in specs:
        segs.append(Seg(p, add(p, a), add(q, b), q))
        p = q
    return segs


class Oval:
    """Superellipse-like oval as four cubics.

    Parameter u: 0 right, 1 top, 2 left, 3 bottom, 4 right again (this is
    counter-clockwise on screen).  k is the Bezier handle ratio (0.552 is a
    circle, larger is squarer).
    """

    def __init__(self, cx, cy, rx, ry, k=0.58):
        r, tp, lf, bt = (cx + rx, cy), (cx, cy - ry), (cx - rx, cy), (cx, cy + ry)
        self.q = [
            Seg(r, (cx + rx, cy - k * ry), (cx + k * rx, cy - ry), tp),
            Seg(tp, (cx - k * rx, cy - ry), (cx - rx, cy - k * ry), lf),
            Seg(lf, (cx - rx, cy + k * ry), (cx - k * rx, cy + ry), bt),
            Seg(bt, (cx + k * rx, cy + ry), (cx + rx, cy + k * ry), r),
        ]

    def at(self, u):
        i = int(math.floor(u)) % 4
        return self.q[i].pt(u - math.floor(u))

    def arc(self, u0, u1):
        """Segments from parameter u0 to u1 (either direction)."""
        if u1 < u0:
            return [s.rev() for s in reversed(self.arc(u1, u0))]
        out = []
        u = u0
        while u < u1 - 1e-9:
            i = int(math.floor(u + 1e-9))
            end = min(float(i + 1), u1)
            out.append(self.q[i % 4].sub(u - i, end - i))
            u = end
        return out

    def ring(self):
        return list(self.q)

    def solve(self, f, ua, ub):
        """Bisection for f(point(u)) == 0 on [ua, ub]."""
        fa = f(self.at(ua))
        for _ in range(80):
            um = 0.5 * (ua + ub)
            fm = f(self.at(um))
            if (fm < 0) == (fa < 0):
                ua, fa = um, fm
            else:
                ub = um
        return 0.5 * (ua + ub)


# --------------------------------------------------------------------------
# Stroke expansion

class Stroke:
    def __init__(self, segs, closed=False, cap0=None, cap1=None, wscale=1.0):
        self.segs = segs
        self.closed = closed
        self.cap0 = cap0        # None: perpendicular butt; else cut direction
        self.cap1 = cap1
        self.wscale = wscale

    def mirror(self, x0):
        f = lambda c: None if c is None else (-c[0], c[1])
        return Stroke([s.mirror(x0) for s in self.segs], self.closed,
                      f(self.cap0), f(self.cap1), self.wscale)


def offset_fn(seg, side, wscale):
    def o(t):
        p = seg.pt(t)
        tx, ty = seg.tan(t)
        w = width(tx, ty) * wscale * 0.5 * side
        return (p[0] - ty * w, p[1] + tx * w)
    return o


def deriv(f, t, h=1e-5):
    a, b = f(t - h), f(t + h)
    return ((b[0] - a[0]) / (2 * h), (b[1] - a[1]) / (2 * h))


def fit_offset(o, t0, t1, out, depth=0):
    """Append cubic pieces approximating curve o on [t0, t1]."""
    p0, p3 = o(t0), o(t1)
    dt = (t1 - t0) / 3.0
    p1 = add(p0, mul(deriv(o, t0), dt))
    p2 = sub(p3, mul(deriv(o, t1), dt))
    cand = Seg(p0, p1, p2, p3)
    err = 0.0
    for s in (0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875):
        a = cand.pt(s)
        b = o(t0 + (t1 - t0) * s)
        err = max(err, math.hypot(a[0] - b[0], a[1] - b[1]))
    if err > TOL and depth < 12:
        tm = 0.5 * (t0 + t1)
        fit_offset(o, t0, tm, out, depth + 1)
        fit_offset(o, tm, t1, out, depth + 1)
    else:
        out.append(cand)


def corner(a, b):
    return abs(cross(a.tan(1.0), b.tan(0.0))) > 1e-6 or dot(a.tan(1.0), b.tan(0.0)) < 0


def side_path(st, side):
    """Outline segments for one side of a stroke, in centre-line order."""
    segs = st.segs
    n = len(segs)
    rng = [[0.0, 1.0] for _ in segs]
    offs = [offset_fn(s, side, st.wscale) for s in segs]
    pairs = list(range(n - 1)) + ([n - 1] if st.closed else [])
    for i in pairs:
        j = (i + 1) % n
        if not corner(segs[i], segs[j]):
            continue
        a, b = segs[i], segs[j]
        assert a.kind == "L" and b.kind == "L", "corners only between lines"
        a0, a1, b0, b1 = offs[i](0), offs[i](1), offs[j](0), offs[j](1)
        da, db = sub(a1, a0), sub(b1, b0)
        x = line_isect(a0, da, b0, db)
        rng[i][1] = dot(sub(x, a0), da) / dot(da, da)
        rng[j][0] = dot(sub(x, b0), db) / dot(db, db)
    if not st.closed:
        for cap, i, t in ((st.cap0, 0, 0.0), (st.cap1, n - 1, 1.0)):
            if cap is None:
                continue
            c = segs[i].pt(t)
            g = lambda tt: cross(cap, sub(offs[i](tt), c))
            tt = t
            for _ in range(60):
                gv = g(tt)
                if abs(gv) < 1e-12:
                    break
                gd = (g(tt + 1e-6) - g(tt - 1e-6)) / 2e-6
                tt -= gv / gd
            rng[i][0 if t == 0.0 else 1] = tt
    out = []
    for i, s in enumerate(segs):
        t0, t1 = rng[i]
        if s.kind == "L":
            out.append(Seg(offs[i](t0), offs[i](t1)))
        else:
            o = offs[i]
            for k in range(65):     # no cusp: the pen never outruns the curve
                t = t0 + (t1 - t0) * k / 64.0
                assert dot(deriv(o, t), s.d(t)) > 0, "offset cusp"
            fit_offset(o, t0, t1, out)
    return out


def rev_path(segs):
    return [s.rev() for s in reversed(segs)]


def sample(contour, n=24):
    pts = []
    for s in contour:
        k = 1 if s.kind == "L" else n
        for i in range(k):
            pts.append(s.pt(i / k))
    return pts


def area(contour):
    pts = sample(contour)
    a = 0.0
    for i in range(len(pts)):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % len(pts)]
        a += x0 * y1 - x1 * y0
    return a / 2.0


def expand(st):
    """Closed outline contours of a stroke, correctly oriented."""
    left, right = side_path(st, +1), side_path(st, -1)
    if st.closed:
        c1, c2 = left, right
        outer, inner = (c1, c2) if abs(area(c1)) > abs(area(c2)) else (c2, c1)
        if area(outer) < 0:
            outer = rev_path(outer)
        if area(inner) > 0:
            inner = rev_path(inner)
        return [outer, inner]
    contour = left + [Seg(left[-1].p[-1], right[-1].p[-1])] + rev_path(right)
    contour.append(Seg(contour[-1].p[-1], left[0].p[0]))
    if area(contour) < 0:
        contour = rev_path(contour)
    return [contour]


# --------------------------------------------------------------------------
# Shared construction helpers

def cut_point(p, d, w, y, side):
    """Where an edge of a straight stroke through p (direction d, width w)
    crosses the horizontal line at height y.  side=+1 the edge to the
    right on screen, -1 the edge to the left."""
    d = norm(d)
    n = (-d[1], d[0])
    if n[0] * side < 0:
        n = (-n[0], -n[1])
    q = add(p, mul(n, w / 2.0))
    return line_isect(q, d, (0.0, y), (1.0, 0.0))


def dia_width(d):
    d = norm(d)
    return width(d[0], d[1])


# Lower-case bowl: outer edge from x=0 to x=BW, overshooting x-height and
# baseline by OS.
BW = 46.0
BOWL_TOP = XH_TOP - OS + hh         # centre line of the top of a bowl
BOWL_BOT = BASE + OS - hh           # centre line of the bottom of a bowl
BOWL_CY = (BOWL_TOP + BOWL_BOT) / 2.0
BOWL_RY = (BOWL_BOT - BOWL_TOP) / 2.0

# Digits: ink about DW wide, round digits overshoot cap height and baseline.
DW = 44.0
D_TOP = CAP_TOP - OS + hh           # centre line of a round top
D_BOT = BASE + OS - hh              # centre line of a round bottom


def stem_bowl(stem_x, right_x, y_a, y_b, k=0.57):
    """Bowl of b (stem on the left).  Leaves the stem at y_a going up-right,
    returns to it at y_b going down-left... i.e. up-left when read from the
    stem.  right_x: centre line of the right side."""
    top, bot = BOWL_TOP, BOWL_BOT
    cx = stem_x + (right_x - stem_x) * 0.47
    ry = (bot - top) / 2.0
    cy = (top + bot) / 2.0
    rx = right_x - cx
    a = (stem_x, y_a)
    b = (stem_x, y_b)
    return chain(
        a,
        ((1.5, -(y_a - top) * 0.55), (-(cx - stem_x) * 0.55, 0.0), (cx, top)),
        ((rx * k, 0.0), (0.0, -ry * k), (right_x, cy)),
        ((0.0, ry * k), (rx * k, 0.0), (cx, bot)),
        ((-(cx - stem_x) * 0.55, 0.0), (1.5, (bot - y_b) * 0.55), b),
    )


# --------------------------------------------------------------------------
# Glyph designs (before horizontal placement)

def g_a():
    wa = 42.0
    sx = wa - hv                        # right stem centre line
    stem = Stroke(L((sx, BASE), (sx, 65.0)) + chain(
        (sx, 65.0),
        ((0.0, -8.8), (8.5, 0.0), (20.5, BOWL_TOP)),
        ((-7.0, 0.0), (3.0, -4.2), (5.6, 59.0)),
    ))
    ytop = 72.0                         # centre line of the bowl's top
    cxb = 19.5
    bowl = Stroke(L((sx + 1.0, ytop), (cxb + 2.0, ytop)) + chain(
        (cxb + 2.0, ytop),
        ((-(cxb + 2.0 - hv) * 0.56, 0.0), (0.0, -(85.0 - ytop) * 0.6), (hv, 85.0)),
        ((0.0, (BOWL_BOT - 85.0) * 0.6), (-(cxb - hv) * 0.58, 0.0), (cxb, BOWL_BOT)),
        ((8.5, 0.0), (-3.5, 5.0), (sx, 86.0)),
    ))
    return [stem, bowl]


def g_b():
    sx = hv
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    bowl = Stroke(stem_bowl(sx, BW - hv, 61.0, 89.0))
    return [stem, bowl]


def g_c():
    wc = 42.5
    o = Oval(wc / 2.0, BOWL_CY, wc / 2.0 - hv, BOWL_RY, 0.57)
    return [Stroke(o.arc(0.40, 3.62))]


def g_d():
    return [s.mirror(BW / 2.0) for s in g_b()]


def g_e():
    we = 45.0
    cx = we / 2.0
    rx = cx - hv
    o = Oval(cx, BOWL_CY, rx, BOWL_RY, 0.57)
    ybar = 72.5
    u0 = o.solve(lambda p: p[1] - ybar, 0.0, 0.9)
    bowl = Stroke(o.arc(u0, 3.64), cap0=(1.0, 0.0))
    # bar reaches the outer edge of the bowl at its own height
    segs = o.arc(u0, 3.64)
    c0, t0 = segs[0].pt(0.0), segs[0].tan(0.0)
    n = (-t0[1], t0[0]) if -t0[1] > 0 else (t0[1], -t0[0])
    edge = add(c0, mul(n, width(*t0) / 2.0))
    xr = line_isect(edge, t0, (0.0, ybar), (1.0, 0.0))[0]
    bar = Stroke(L((hv, ybar), (xr, ybar)), wscale=0.95)
    return [bowl, bar]


def g_f():
    sx = 6.0 + hv
    top = CAP_TOP + hh
    stem = Stroke(L((sx, BASE), (sx, 46.0)) + chain(
        (sx, 46.0),
        ((0.0, -7.0), (-6.5, 0.0), (sx + 11.0, top)),
        ((4.0, 0.0), (-2.8, -1.0), (sx + 18.5, top + 1.4)),
    ))
    bar = Stroke(L((0.0, XH_TOP + hh), (sx + 16.5, XH_TOP + hh)))
    return [stem, bar]


def g_g():
    sx = BW - hv
    bot = BASE + DESC - OS - hh
    cx = BW / 2.0 - 1.0
    stem = Stroke(L((sx, XH_TOP), (sx, 101.0)) + chain(
        (sx, 101.0),
        ((0.0, (bot - 101.0) * 0.6), ((sx - cx) * 0.58, 0.0), (cx, bot)),
        ((-(cx - 6.0) * 0.5, 0.0), (4.5, 3.6), (6.0, 109.5)),
    ))
    bowl = Stroke(stem_bowl(hv, BW - hv, 61.0, 89.0)).mirror(BW / 2.0)
    return [stem, bowl]


def g_h():
    sx = hv
    rx = 42.0 - hv
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    arch = Stroke(chain(
        (sx, 61.0),
        ((1.5, -5.0), (-8.5, 0.0), (23.0, BOWL_TOP)),
        ((8.0, 0.0), (0.0, -8.8), (rx, 66.0)),
    ) + L((rx, 66.0), (rx, BASE)))
    return [stem, arch]


def g_1():
    sx = 26.0
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    d = norm((-1.0, 0.62))              # flag direction, down-left
    w = dia_width(d)
    nrm = (abs(d[1]), abs(d[0]))        # into the flag body: down-right
    p = (sx - hv, CAP_TOP)              # stem's top-left corner
    s = add(p, mul(nrm, w / 2.0))
    e = add(s, mul(d, 17.5))
    flag = Stroke(L(s, e))
    return [stem, flag]


def g_2():
    rx = DW - hv
    cx = DW / 2.0
    e = (7.5, BASE - hh)
    c2 = (16.5, 79.0)
    upper = Stroke(chain(
        (5.8, 45.5),
        ((0.9, -6.5), (-9.0, 0.0), (cx, D_TOP)),
        ((9.0, 0.0), (0.0, -8.5), (rx, 48.5)),
    ) + [C((rx, 48.5), (rx, 61.0), c2, e)])
    d = norm(sub(e, c2))
    x0 = cut_point(e, d, dia_width(d), BASE - hh, -1)
    base = Stroke(L(x0, (DW, BASE - hh)), cap0=d)
    return [upper, base]


def g_3():
    ym = 62.0
    cx = DW / 2.0
    upper = Stroke(chain(
        (5.8, 43.5),
        ((0.9, -6.0), (-8.5, 0.0), (cx - 0.5, D_TOP)),
        ((8.5, 0.0), (0.0, -7.0), (DW - 2.0 - hv, 47.5)),
        ((0.0, 8.5), (8.0, 0.0), (cx + 1.0, ym)),
    ) + L((cx + 1.0, ym), (15.0, ym)))
    lower = Stroke(L((15.0, ym), (cx + 1.0, ym)) + chain(
        (cx + 1.0, ym),
        ((9.0, 0.0), (0.0, -9.5), (DW - hv, 80.0)),
        ((0.0, 10.0), (9.5, 0.0), (cx, D_BOT)),
        ((-9.0, 0.0), (3.5, 5.0), (5.5, 86.5)),
    ))
    return [upper, lower]


def g_4():
    sx = 31.5
    ybar = 81.0
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    left = (4.5, ybar)
    # top of the diagonal: its right edge meets the stem's right edge at
    # cap height, so the top is one flat cut.
    guess = (sx - 4.0, CAP_TOP)
    for _ in range(20):
        d = norm(sub(guess, left))
        w = dia_width(d)
        off = (w / 2.0) / abs(d[1])     # horizontal half-width at y const
        guess = (sx + hv - off, CAP_TOP)
    diag = Stroke(L((DW, ybar), left, guess), cap1=(1.0, 0.0))
    return [stem, diag]


def g_5():
    top = CAP_TOP + hh
    xl = 9.0
    yv = 63.5                           # foot of the vertical
    h0 = (3.4, -3.4)                    # first handle of the bowl
    t0 = norm(h0)
    n_in = (-t0[1], t0[0])              # counter side of the bowl's start
    if n_in[1] < 0:
        n_in = (-n_in[0], -n_in[1])
    # The bowl's inner edge starts exactly at the vertical's foot corner.
    k = (xl + hv, yv)
    p0 = sub(k, mul(n_in, width(*t0) / 2.0))
    bowl = Stroke(chain(
        p0,
        (h0, (-8.0, 0.0), (DW / 2.0 + 1.0, 54.5)),
        ((10.0, 0.0), (0.0, -10.5), (DW - hv, 77.0)),
        ((0.0, 11.0), (10.0, 0.0), (DW / 2.0, D_BOT)),
        ((-9.0, 0.0), (3.5, 5.0), (5.5, 86.5)),
    ))
    bar = Stroke(L((DW - 1.5, top), (xl, top), (xl, yv)))
    return [bar, bowl]


def g_6():
    cx = DW / 2.0
    ry = (D_BOT - 58.0) / 2.0
    cy = D_BOT - ry
    o = Oval(cx, cy, cx - hv, ry, 0.57)
    ring = Stroke(o.ring(), closed=True)
    upper = Stroke(chain(
        (hv, cy),
        ((0.0, -25.0), (-11.0, 0.0), (cx + 1.5, D_TOP)),
        ((8.0, 0.0), (-2.6, -4.4), (DW - 5.0, 42.5)),
    ))
    return [ring, upper]


def g_7():
    top_edge = CAP_TOP
    bot = (17.0, BASE)
    tr = (DW, top_edge)                 # top-right corner of the ink
    # diagonal: right edge passes through tr, centre line ends at bot
    d = norm(sub((36.0, top_edge), bot))
    for _ in range(20):
        w = dia_width(d)
        off = (w / 2.0) / abs(d[1])
        topc = (tr[0] - off, top_edge)
        d = norm(sub(topc, bot))
    diag = Stroke(L(topc, bot), cap0=(1.0, 0.0), cap1=(1.0, 0.0))
    yb = CAP_TOP + hh
    xe = line_isect(tr, d, (0.0, yb), (1.0, 0.0))
    bar = Stroke(L((0.5, yb), xe), cap1=d)
    return [bar, diag]


def g_8():
    cx = DW / 2.0
    waist = 60.5
    up = Oval(cx, (D_TOP + waist) / 2.0, cx - 2.0 - hv, (waist - D_TOP) / 2.0, 0.56)
    lo = Oval(cx, (waist + D_BOT) / 2.0, cx - hv, (D_BOT - waist) / 2.0, 0.57)
    return [Stroke(up.ring(), closed=True), Stroke(lo.ring(), closed=True)]


GLYPHS = [
    ("a", g_a), ("b", g_b), ("c", g_c), ("d", g_d),
    ("e", g_e), ("f", g_f), ("g", g_g), ("h", g_h),
    ("1", g_1), ("2", g_2), ("3", g_3), ("4", g_4),
    ("5", g_5), ("6", g_6), ("7", g_7), ("8", g_8),
]

# Optical nudges (units) applied after centring digits in their advance.
DIGIT_NUDGE = {"1": 1.5, "4": -0.5, "7": -0.5}


# --------------------------------------------------------------------------
# Economical outlines
#
# expand() gives exact outlines made of many short cubics (within TOL of
# the true offset curves).  They are the reference; what is written out is
# a refit of them with as few segments as possible:
#
# * collinear lines are merged;
# * each smooth run of curves (between corners, or between a corner and a
#   tangent line) is split at its horizontal and vertical extrema, so the
#   on-curve points sit at extrema with axis-aligned handles (this is what
#   keeps the outline smooth after rounding), and each piece is fitted with
#   the fewest cubics within FIT_TOL (least-squares fit with the exact end
#   tangents, Newton reparameterisation, split at the worst point:
#   Schneider's algorithm);
# * coordinates are rounded to 0.1 unit, handle lengths along an axis to
#   whole units where that stays within FIT_TOL.
#
# Self-checks: every written segment lies within FIT_TOL of the reference
# and runs the same way as it (no loops or cusps), every contour keeps its
# orientation, and the nonzero fill of every glyph equals the reference's
# everywhere farther than FIT_TOL from its edge (counters stay open).

FIT_TOL = 0.2               # max distance of the written outline (units)
SMOOTH = 1e-3               # |sin| of the angle below which a joint is smooth


def bz_pt(P, t):
    u = 1.0 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * P[0][0] + b * P[1][0] + c * P[2][0] + d * P[3][0],
            a * P[0][1] + b * P[1][1] + c * P[2][1] + d * P[3][1])


def bz_d(P, t):
    u = 1.0 - t
    a, b, c = 3 * u * u, 6 * u * t, 3 * t * t
    return (a * (P[1][0] - P[0][0]) + b * (P[2][0] - P[1][0]) + c * (P[3][0] - P[2][0]),
            a * (P[1][1] - P[0][1]) + b * (P[2][1] - P[1][1]) + c * (P[3][1] - P[2][1]))


def bz_dd(P, t):
    u = 1.0 - t
    return (6 * u * (P[2][0] - 2 * P[1][0] + P[0][0]) + 6 * t * (P[3][0] - 2 * P[2][0] + P[1][0]),
            6 * u * (P[2][1] - 2 * P[1][1] + P[0][1]) + 6 * t * (P[3][1] - 2 * P[2][1] + P[1][1]))


def seg_dist(p, a, b):
    """Distance from p to the segment ab."""
    d = sub(b, a)
    dd = dot(d, d)
    t = 0.0 if dd == 0 else max(0.0, min(1.0, dot(sub(p, a), d) / dd))
    q = add(a, mul(d, t))
    return math.hypot(p[0] - q[0], p[1] - q[1])


def poly_dist(p, poly):
    return min(seg_dist(p, poly[i], poly[i + 1]) for i in range(len(poly) - 1))


def smooth_joint(a, b):
    ta, tb = a.tan(1.0), b.tan(0.0)
    return abs(cross(ta, tb)) < SMOOTH and dot(ta, tb) > 0


def merge_lines(contour):
    """Drop empty lines, merge collinear ones, start at a corner if any."""
    segs = [s for s in contour
            if not (s.kind == "L" and math.hypot(*sub(s.p[1], s.p[0])) < 1e-9)]
    out = []
    for s in segs:
        if out and s.kind == "L" and out[-1].kind == "L" and smooth_joint(out[-1], s):
            out[-1] = Seg(out[-1].p[0], s.p[1])
        else:
            out.append(s)
    if len(out) > 1 and out[0].kind == "L" and out[-1].kind == "L" \
            and smooth_joint(out[-1], out[0]):
        out = [Seg(out[-1].p[0], out[0].p[1])] + out[1:-1]
    # start at a corner (so Z can stand for the closing line)
    n = len(out)
    for k in range(n):
        if not smooth_joint(out[k - 1], out[k]):
            return out[k:] + out[:k]
    return out


class Run:
    """A smooth run of reference cubics, sampled densely.

    pts/tans: points and unit tangents; marks: indices that must be on-curve
    points (the ends and the extrema)."""

    def __init__(self, segs, per=8):
        self.pts, self.tans = [], []
        for s in segs:
            for k in range(per):
                t = k / float(per)
                self.pts.append(s.pt(t))
                self.tans.append(s.tan(t))
        self.pts.append(segs[-1].pt(1.0))
        self.tans.append(segs[-1].tan(1.0))
        # extrema: a tangent component changes sign between samples; refine
        # the sample in place (bisection on the reference segment)
        n = len(self.pts)
        self.marks = [0, n - 1]
        arc = [0.0]
        for i in range(1, n):
            arc.append(arc[-1] + math.hypot(*sub(self.pts[i], self.pts[i - 1])))
        for i in range(1, n - 1):
            for c in (0, 1):
                a, b = self.tans[i - 1][c], self.tans[i][c]
                exact = abs(b) < 1e-6 and a * self.tans[i + 1][c] < 0
                if not exact and (a * b >= 0 or abs(a) < 1e-6):
                    continue
                # an extremum too close to an end or to another one is left
                # to the fit (it is then a flat stretch)
                if min(arc[i], arc[-1] - arc[i]) <= 2.0 or \
                        any(abs(arc[i] - arc[m]) <= 2.0 for m in self.marks):
                    continue
                self.marks.append(i)
                if exact:
                    t = list(self.tans[i])
                    t[c] = 0.0
                    self.tans[i] = norm(t)
                    continue
                s = segs[(i - 1) // per]
                t0 = ((i - 1) % per) / float(per)
                t1 = t0 + 1.0 / per
                for _ in range(60):
                    tm = 0.5 * (t0 + t1)
                    if (s.d(tm)[c] < 0) == (a < 0):
                        t0 = tm
                    else:
                        t1 = tm
                tm = 0.5 * (t0 + t1)
                tn = s.tan(tm)
                self.pts[i] = s.pt(tm)
                self.tans[i] = (0.0, math.copysign(1.0, tn[1])) if c == 0 \
                    else (math.copysign(1.0, tn[0]), 0.0)
        self.marks.sort()


def chord_params(P):
    u = [0.0]
    for i in range(1, len(P)):
        u.append(u[-1] + math.hypot(*sub(P[i], P[i - 1])))
    return [v / u[-1] for v in u]


def lsq_bezier(P, u, t1, t2):
    """Least-squares cubic through P[0], P[-1] with tangents t1 (forward at
    the start) and t2 (forward at the end)."""
    p0, p3 = P[0], P[-1]
    c00 = c01 = c11 = x0 = x1 = 0.0
    for p, t in zip(P, u):
        v = 1.0 - t
        b0, b1, b2, b3 = v * v * v, 3 * v * v * t, 3 * v * t * t, t * t * t
        a1 = mul(t1, b1)
        a2 = mul(t2, -b2)
        c00 += dot(a1, a1)
        c01 += dot(a1, a2)
        c11 += dot(a2, a2)
        tmp = sub(p, add(mul(p0, b0 + b1), mul(p3, b2 + b3)))
        x0 += dot(a1, tmp)
        x1 += dot(a2, tmp)
    det = c00 * c11 - c01 * c01
    chord = math.hypot(*sub(p3, p0))
    al = ar = 0.0
    if abs(det) > 1e-12:
        al = (x0 * c11 - x1 * c01) / det
        ar = (c00 * x1 - c01 * x0) / det
    if al < 1e-3 * chord or ar < 1e-3 * chord:
        al = ar = chord / 3.0
    return [p0, add(p0, mul(t1, al)), sub(p3, mul(t2, ar)), p3]


def newton_reparam(P, B, u):
    out = []
    for p, t in zip(P, u):
        q, d1, d2 = bz_pt(B, t), bz_d(B, t), bz_dd(B, t)
        diff = sub(q, p)
        num = dot(diff, d1)
        den = dot(d1, d1) + dot(diff, d2)
        if den != 0:
            t = t - num / den
        out.append(min(1.0, max(0.0, t)))
    return out


def max_error(P, B, u):
    err, at = 0.0, len(P) // 2
    for i in range(1, len(P) - 1):
        q = bz_pt(B, u[i])
        e = math.hypot(q[0] - P[i][0], q[1] - P[i][1])
        if e > err:
            err, at = e, i
    return err, at


def fit_span(run, i0, i1, out):
    """Schneider's fit of run samples i0..i1 (with the exact tangents)."""
    P = run.pts[i0:i1 + 1]
    t1, t2 = run.tans[i0], run.tans[i1]
    u = chord_params(P)
    B = lsq_bezier(P, u, t1, t2)
    err, at = max_error(P, B, u)
    for _ in range(30):
        if err <= FIT_TOL:
            break
        u = newton_reparam(P, B, u)
        B = lsq_bezier(P, u, t1, t2)
        err, at = max_error(P, B, u)
    if err <= FIT_TOL or i1 - i0 < 4:
        out.append((i0, i1, B))
        return
    at = min(max(at, 2), len(P) - 3)
    fit_span(run, i0, i0 + at, out)
    fit_span(run, i0 + at, i1, out)


def span_error(B, ref, chk_dir=None):
    """Two-sided distance between cubic B and the reference polyline ref;
    also checks B runs the same way as the reference."""
    bpoly = [bz_pt(B, k / 48.0) for k in range(49)]
    e = max(poly_dist(p, bpoly) for p in ref)
    e = max(e, max(poly_dist(q, ref) for q in bpoly))
    if chk_dir is not None:
        # the cubic's direction never turns against the reference's chord
        # direction nearby: no loops, no cusps
        for k in range(49):
            d = bz_d(B, k / 48.0)
            q = bpoly[k]
            j = min(range(len(ref) - 1), key=lambda i: seg_dist(q, ref[i], ref[i + 1]))
            if dot(d, sub(ref[j + 1], ref[j])) <= 0:
                return float("inf")
    return e


def q1(v):
    return round(v * 10.0) / 10.0


def quantise(B, ref, free0=False, free1=False):
    """Round a fitted cubic to 0.1 units; then try whole units for handle
    lengths along an axis, and for handles at corners (free0: the start is
    a corner, free1: the end is), where the tangent may move a little."""
    B = [(q1(x), q1(y)) for x, y in B]
    for k, end, free in ((1, 0, free0), (2, 3, free1)):
        h = B[k]
        if free:
            cands = sorted(((x, y) for x in (math.floor(h[0]), math.ceil(h[0]))
                            for y in (math.floor(h[1]), math.ceil(h[1]))),
                           key=lambda q: (abs(q[0] - h[0]) + abs(q[1] - h[1]), q))
        else:
            cands = []
            for c in (0, 1):
                if h[1 - c] != B[end][1 - c]:
                    continue            # handle not along axis c
                for v in (math.floor(h[c]), math.ceil(h[c])):
                    cands.append((v, h[1]) if c == 0 else (h[0], v))
        for q in cands:
            if q == h:
                break
            # the handle keeps (about) its direction
            d0, d1 = sub(h, B[end]), sub(q, B[end])
            if dot(d0, d1) <= 0.9 * math.hypot(*d0) * math.hypot(*d1):
                continue
            T = list(B)
            T[k] = q
            if span_error(T, ref, True) <= FIT_TOL:
                B = T
                break
    return B


def simplify(contour):
    """Economical version of a reference contour: list of ('L', p0, p1) and
    ('C', p0, c1, c2, p1) with coordinates on the 0.1 grid."""
    segs = merge_lines(contour)
    n = len(segs)
    out = []
    smooth = []                 # smooth[k]: out[k] joins out[k + 1] smoothly
    i = 0
    while i < n:
        s = segs[i]
        if s.kind == "L":
            out.append(("L", (q1(s.p[0][0]), q1(s.p[0][1])), (q1(s.p[1][0]), q1(s.p[1][1]))))
            smooth.append(smooth_joint(s, segs[(i + 1) % n]))
            i += 1
            continue
        j = i
        while j + 1 < n and segs[j + 1].kind == "C" and smooth_joint(segs[j], segs[j + 1]):
            j += 1
        run = Run(segs[i:j + 1])
        first = not smooth_joint(segs[i - 1], segs[i])
        last = not smooth_joint(segs[j], segs[(j + 1) % n])
        for a, b in zip(run.marks, run.marks[1:]):
            pieces = []
            fit_span(run, a, b, pieces)
            for p0, p1, B in pieces:
                ref = run.pts[p0:p1 + 1]
                Bq = quantise(B, ref, first and p0 == 0,
                              last and p1 == len(run.pts) - 1)
                e = span_error(Bq, ref, True)
                assert e <= FIT_TOL + 0.08, ("fit", e)
                out.append(("C",) + tuple(Bq))
                smooth.append(True)
        smooth[-1] = smooth_joint(segs[j], segs[(j + 1) % n])
        i = j + 1
    for k in range(len(out)):
        a, b = out[k], out[(k + 1) % len(out)]
        # joints: consecutive segments share their end points exactly
        assert a[-1] == b[1], "open contour"
        # smooth joints stay smooth after rounding (no kinks)
        if smooth[k]:
            ta, tb = sub(a[-1], a[-2]), sub(b[2], b[1])
            ang = math.atan2(abs(cross(ta, tb)), dot(ta, tb))
            assert ang < math.radians(1.0), ("kink", a[-1], math.degrees(ang))
    assert area_of(out) * area(contour) > 0, "orientation"
    return out


def poly_of(simple, per=16):
    pts = []
    for s in simple:
        if s[0] == "L":
            pts.append(s[1])
        else:
            for k in range(per):
                pts.append(bz_pt(s[1:], k / float(per)))
    return pts


def area_of(simple):
    pts = poly_of(simple)
    return sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
               for i in range(len(pts))) / 2.0


def winding_rows(polys, ys, xs):
    """Nonzero fill on the grid xs x ys for closed polygons."""
    rows = []
    for y in ys:
        cr = []
        for poly in polys:
            m = len(poly)
            for i in range(m):
                (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % m]
                if (y0 <= y) != (y1 <= y):
                    x = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                    cr.append((x, 1 if y1 > y0 else -1))
        cr.sort()
        row, w, k = [], 0, 0
        for x in xs:
            while k < len(cr) and cr[k][0] < x:
                w += cr[k][1]
                k += 1
            row.append(w != 0)
        rows.append(row)
    return rows


def check_fill(ch, ref_contours, simple_contours):
    """The nonzero fill of the written glyph equals the reference's at every
    grid point not within a unit of the reference's edge."""
    step = 0.5
    ys = [20.25 + step * k for k in range(216)]
    xs = [-4.75 + step * k for k in range(136)]
    ref = winding_rows([sample(c, 12) for c in ref_contours], ys, xs)
    new = winding_rows([poly_of(c) for c in simple_contours], ys, xs)
    r = int(round(1.0 / step))
    for j in range(r, len(ys) - r):
        for i in range(r, len(xs) - r):
            if ref[j][i] == new[j][i]:
                continue
            near = any(ref[j + a][i + b] != ref[j][i]
                       for a in range(-r, r + 1) for b in range(-r, r + 1))
            assert near, ("fill differs", ch, xs[i], ys[j])


# --------------------------------------------------------------------------
# Output

def fmt(v):
    s = "%.1f" % (round(v + 0.0, 1) + 0.0)
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def path_data(contours):
    """Absolute M/L/H/V/C/Z path data without redundant separators."""
    toks = []

    def emit(cmd, *nums):
        toks.append(cmd)
        first = True
        for v in nums:
            s = fmt(v)
            if not first and not s.startswith("-"):
                toks.append(" ")
            toks.append(s)
            first = False

    for c in contours:
        start = c[0][1]
        emit("M", *start)
        last = start
        for k, s in enumerate(c):
            end = s[-1]
            if s[0] == "L":
                if k == len(c) - 1 and end == start:
                    break               # Z closes it
                if end[1] == last[1]:
                    emit("H", end[0])
                elif end[0] == last[0]:
                    emit("V", end[1])
                else:
                    emit("L", *end)
            else:
                emit("C", *(s[2] + s[3] + s[4]))
            last = end
        toks.append("Z")
    return "".join(toks)


def bbox(contours):
    pts = [q for c in contours for q in sample(c, 48)]
    xs = [q[0] for q in pts]
    ys = [q[1] for q in pts]
    return min(xs), min(ys), max(xs), max(ys)


def shift(contours, dx):
    return [[Seg(*[(q[0] + dx, q[1]) for q in s.p]) for s in c] for c in contours]


def build():
    lines = [
        "# fen2img coordinate glyphs. Generated by tools/gen_labels.py; do not edit.",
        "# units-per-em 100; baseline y=100; cap/digit height and x-height given below",
        "# path data: absolute M L H V C Z only, no separator before a command or a '-'",
        "metrics cap %s xheight %s descender %s" % (fmt(CAP), fmt(XH), fmt(DESC)),
    ]
    for ch, fn in GLYPHS:
        contours = [c for st in fn() for c in expand(st)]
        x0, y0, x1, y1 = bbox(contours)
        assert y0 >= CAP_TOP - OS - 0.05 and y1 <= BASE + DESC + 0.05, (ch, y0, y1)
        ink = x1 - x0
        if ch.isdigit():
            adv = DIGIT_ADV
            assert ink < adv - 4, (ch, ink)
            dx = (adv - ink) / 2.0 - x0 + DIGIT_NUDGE.get(ch, 0.0)
        else:
            adv = int(round(ink + 2 * LETTER_SB))
            dx = (adv - ink) / 2.0 - x0
        contours = shift(contours, dx)
        simple = [simplify(c) for c in contours]
        check_fill(ch, contours, simple)
        lines.append("glyph %s %d %s" % (ch, adv, path_data(simple)))
    return "\n".join(lines) + "\n"


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "crates", "render", "assets", "templates", "labels.txt")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    data = build()
    with open(out, "w", newline="\n") as fh:
        fh.write(data)
    print("wrote", out)


if __name__ == "__main__":
    main()
