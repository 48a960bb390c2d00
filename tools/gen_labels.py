#!/usr/bin/env python3
"""Generate the fen2img board-coordinate glyphs (templates/labels.txt).

Original design of the fen2img project; licensed MIT OR Apache-2.0.
Standard library only.  Run from anywhere:  python3 tools/gen_labels.py

Each glyph is drawn as centre-line strokes (straight lines and cubic
Beziers).  The script expands every stroke into a filled outline:

* the two sides of a stroke are offset curves of the centre line, fitted
  with cubic Beziers (Hermite fit, refined until within 0.01 units);
* the pen is slightly wider for vertical than for horizontal strokes
  (WV / WH), which gives round shapes the thin-top/thick-side modulation
  of a grotesque instead of a dead monoline;
* ends are butt caps, either perpendicular or cut along a given direction
  (so a terminal can finish flush with the baseline or with a neighbour);
* corners between straight segments are mitred exactly.

All contours are oriented the same way, and the inner side of a closed
stroke (a ring) the opposite way, so the union of the strokes renders
correctly with fill-rule="nonzero" and every counter stays open.
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
DIGIT_ADV = 50              # tabular advance of digits

TOL = 0.01                  # offset-curve fitting tolerance


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
            fit_offset(offs[i], t0, t1, out)
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
BW = 41.0
BOWL_TOP = XH_TOP - OS + hh         # centre line of the top of a bowl
BOWL_BOT = BASE + OS - hh           # centre line of the bottom of a bowl
BOWL_CY = (BOWL_TOP + BOWL_BOT) / 2.0
BOWL_RY = (BOWL_BOT - BOWL_TOP) / 2.0


def stem_bowl(stem_x, right_x, y_a, y_b, k=0.56):
    """Bowl of b (stem on the left).  Leaves the stem at y_a going up-right,
    returns to it at y_b going up-left.  right_x: centre line of the right
    side."""
    top, bot = BOWL_TOP, BOWL_BOT
    cx = stem_x + (right_x - stem_x) * 0.46
    ry = (bot - top) / 2.0
    cy = (top + bot) / 2.0
    rx = right_x - cx
    a = (stem_x, y_a)
    b = (stem_x, y_b)
    return chain(
        a,
        ((1.2, -(y_a - top) * 0.55), (-(cx - stem_x) * 0.55, 0.0), (cx, top)),
        ((rx * k, 0.0), (0.0, -ry * k), (right_x, cy)),
        ((0.0, ry * k), (rx * k, 0.0), (cx, bot)),
        ((-(cx - stem_x) * 0.55, 0.0), (1.2, (bot - y_b) * 0.55), b),
    )


# --------------------------------------------------------------------------
# Glyph designs (before horizontal placement)

def g_a():
    sx = 37.0 - hv                      # right stem centre line
    stem = Stroke(L((sx, BASE), (sx, 65.0)) + chain(
        (sx, 65.0),
        ((0.0, -8.5), (7.5, 0.0), (18.5, BOWL_TOP)),
        ((-6.5, 0.0), (3.2, -4.8), (5.2, 59.0)),
    ))
    ytop = 71.0                          # centre line of the bowl's top
    bowl = Stroke(chain(
        (sx + 1.0, ytop),
        ((-9.0, 0.0), (0.0, -7.5), (hv, 85.0)),
        ((0.0, 6.8), (-6.5, 0.0), (16.5, BOWL_BOT)),
        ((7.5, 0.0), (-3.0, 4.5), (sx, 87.0)),
    ))
    return [stem, bowl]


def g_b():
    sx = hv
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    bowl = Stroke(stem_bowl(sx, BW - hv, 61.0, 89.0))
    return [stem, bowl]


def g_c():
    o = Oval(19.5, BOWL_CY, 19.5 - hv, BOWL_RY, 0.57)
    return [Stroke(o.arc(0.40, 3.62))]


def g_d():
    return [s.mirror(BW / 2.0) for s in g_b()]


def g_e():
    cx = BW / 2.0
    rx = cx - hv
    o = Oval(cx, BOWL_CY, rx, BOWL_RY, 0.57)
    ybar = 72.5
    u0 = o.solve(lambda p: p[1] - ybar, 0.0, 0.9)
    bowl = Stroke(o.arc(u0, 3.66), cap0=(1.0, 0.0))
    # bar reaches the outer edge of the bowl at its own height
    xr = o.at(u0)[0] + hv
    bar = Stroke(L((hv, ybar), (xr, ybar)), wscale=0.95)
    return [bowl, bar]


def g_f():
    sx = 6.0 + hv
    top = CAP_TOP + hh
    stem = Stroke(L((sx, BASE), (sx, 45.0)) + chain(
        (sx, 45.0),
        ((0.0, -6.5), (-6.0, 0.0), (sx + 10.5, top)),
        ((4.0, 0.0), (-2.6, -1.2), (sx + 17.5, top + 1.6)),
    ))
    bar = Stroke(L((0.0, XH_TOP + hh), (sx + 16.0, XH_TOP + hh)))
    return [stem, bar]


def g_g():
    sx = BW - hv
    stem = Stroke(L((sx, XH_TOP), (sx, 102.0)) + chain(
        (sx, 102.0),
        ((0.0, 10.0), (9.0, 0.0), (20.0, BASE + DESC - OS - hh)),
        ((-7.0, 0.0), (3.0, -4.0), (6.0, 110.5)),
    ))
    bowl = Stroke(stem_bowl(hv, BW - hv, 61.0, 89.0)).mirror(BW / 2.0)
    return [stem, bowl]


def g_h():
    sx = hv
    rx = 39.0 - hv
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    arch = Stroke(chain(
        (sx, 61.0),
        ((1.2, -4.8), (-8.0, 0.0), (22.0, BOWL_TOP)),
        ((7.5, 0.0), (0.0, -8.5), (rx, 66.0)),
    ) + L((rx, 66.0), (rx, BASE)))
    return [stem, arch]


def g_1():
    sx = 26.0
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    d = norm((-1.0, 0.62))              # flag direction, down-left
    w = dia_width(d)
    nrm = (-d[1], -d[0]) if d[1] < 0 else (d[1], -d[0])
    nrm = (abs(nrm[0]), abs(nrm[1]))    # into the flag body: down-right
    p = (sx - hv, CAP_TOP)              # stem's top-left corner
    s = add(p, mul(nrm, w / 2.0))
    e = add(s, mul(d, 16.0))
    flag = Stroke(L(s, e))
    return [stem, flag]


def g_2():
    top = CAP_TOP - OS + hh
    rx = 40.0 - hv
    e = (7.0, BASE - hh)
    c2 = (15.5, 79.0)
    upper = Stroke(chain(
        (5.6, 45.0),
        ((0.9, -6.0), (-8.0, 0.0), (20.5, top)),
        ((8.0, 0.0), (0.0, -8.0), (rx, 48.0)),
    ) + [C((rx, 48.0), (rx, 60.0), c2, e)])
    d = norm(sub(e, c2))
    x0 = cut_point(e, d, dia_width(d), BASE - hh, -1)
    base = Stroke(L(x0, (40.0, BASE - hh)), cap0=d)
    return [upper, base]


def g_3():
    top = CAP_TOP - OS + hh
    bot = BASE + OS - hh
    ym = 62.0
    upper = Stroke(chain(
        (5.6, 43.0),
        ((0.9, -5.5), (-7.5, 0.0), (20.0, top)),
        ((7.5, 0.0), (0.0, -7.0), (38.0 - hv, 47.5)),
        ((0.0, 8.5), (7.0, 0.0), (21.5, ym)),
    ) + L((21.5, ym), (14.0, ym)))
    lower = Stroke(L((14.0, ym), (22.0, ym)) + chain(
        (22.0, ym),
        ((8.0, 0.0), (0.0, -9.0), (40.0 - hv, 79.5)),
        ((0.0, 10.0), (8.5, 0.0), (20.5, bot)),
        ((-8.0, 0.0), (2.5, 5.5), (5.2, 86.0)),
    ))
    return [upper, lower]


def g_4():
    sx = 29.5
    ybar = 81.0
    stem = Stroke(L((sx, CAP_TOP), (sx, BASE)))
    left = (4.0, ybar)
    # top of the diagonal: its right edge meets the stem's right edge at
    # cap height, so the top is one flat cut.
    guess = (sx - 4.0, CAP_TOP)
    for _ in range(20):
        d = norm(sub(guess, left))
        w = dia_width(d)
        off = (w / 2.0) / abs(d[1])     # horizontal half-width at y const
        guess = (sx + hv - off, CAP_TOP)
    diag = Stroke(L((40.0, ybar), left, guess), cap1=(1.0, 0.0))
    return [stem, diag]


def g_5():
    top = CAP_TOP + hh
    bot = BASE + OS - hh
    xl = 8.8
    bar = Stroke(L((38.5, top), (xl + 0.8, top), (xl, 65.5)))
    bowl = Stroke(chain(
        (xl + 0.2, 62.0),
        ((2.8, -3.6), (-7.0, 0.0), (21.0, 55.5)),
        ((9.0, 0.0), (0.0, -10.0), (40.5 - hv, 76.5)),
        ((0.0, 11.0), (9.0, 0.0), (20.5, bot)),
        ((-8.0, 0.0), (2.5, 5.5), (5.2, 86.0)),
    ))
    return [bar, bowl]


def g_6():
    top = CAP_TOP - OS + hh
    bot = BASE + OS - hh
    cx = 20.5
    ry = (bot - 58.5) / 2.0
    cy = bot - ry
    o = Oval(cx, cy, cx - hv, ry, 0.57)
    ring = Stroke(o.ring(), closed=True)
    upper = Stroke(chain(
        (hv, cy),
        ((0.0, -24.0), (-10.0, 0.0), (22.0, top)),
        ((7.0, 0.0), (-2.2, -4.6), (35.2, 42.0)),
    ))
    return [ring, upper]


def g_7():
    top_edge = CAP_TOP
    bot = (15.5, BASE)
    tr = (40.0, top_edge)               # top-right corner of the ink
    # diagonal: right edge passes through tr, centre line ends at bot
    d = norm(sub((32.0, top_edge), bot))
    for _ in range(20):
        w = dia_width(d)
        off = (w / 2.0) / abs(d[1])
        topc = (tr[0] - off, top_edge)
        d = norm(sub(topc, bot))
    diag = Stroke(L(topc, bot), cap0=(1.0, 0.0), cap1=(1.0, 0.0))
    yb = CAP_TOP + hh
    xe = line_isect(tr, d, (0.0, yb), (1.0, 0.0))
    bar = Stroke(L((1.0, yb), xe), cap1=d)
    return [bar, diag]


def g_8():
    top = CAP_TOP - OS + hh
    bot = BASE + OS - hh
    cx = 20.25
    waist = 60.5
    up = Oval(cx, (top + waist) / 2.0, 13.2, (waist - top) / 2.0, 0.56)
    lo = Oval(cx, (waist + bot) / 2.0, cx - hv, (bot - waist) / 2.0, 0.57)
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
# Output

def fmt(v):
    s = "%.2f" % (round(v + 0.0, 2) + 0.0)
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def pt(p, dx):
    return fmt(p[0] + dx) + " " + fmt(p[1])


def path_data(contours, dx):
    out = []
    for c in contours:
        cmd = ["M " + pt(c[0].p[0], dx)]
        last = pt(c[0].p[0], dx)
        for i, s in enumerate(c):
            end = pt(s.p[-1], dx)
            if s.kind == "L":
                if end == last:
                    continue
                if i == len(c) - 1 and end == pt(c[0].p[0], dx):
                    break               # Z closes it
                cmd.append("L " + end)
            else:
                cmd.append("C " + pt(s.p[1], dx) + " " + pt(s.p[2], dx) + " " + end)
            last = end
        cmd.append("Z")
        out.append(" ".join(cmd))
    return " ".join(out)


def bbox(contours):
    pts = [q for c in contours for q in sample(c, 48)]
    xs = [q[0] for q in pts]
    ys = [q[1] for q in pts]
    return min(xs), min(ys), max(xs), max(ys)


def build():
    lines = [
        "# fen2img coordinate glyphs. Generated by tools/gen_labels.py; do not edit.",
        "# units-per-em 100; baseline y=100; cap/digit height and x-height given below",
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
        lines.append("glyph %s %d %s" % (ch, adv, path_data(contours, dx)))
    return "\n".join(lines) + "\n"


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "templates", "labels.txt")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    data = build()
    with open(out, "w", newline="\n") as fh:
        fh.write(data)
    print("wrote", out)


if __name__ == "__main__":
    main()
