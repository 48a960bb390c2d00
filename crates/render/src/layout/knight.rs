//! Knight arrows as an L, the path a knight takes, as lichess draws them:
//! first the long leg (two squares), then the short one (one square) with
//! the head. One polygon for the whole arrow, so a translucent arrow has no
//! darker overlap at the corner; the same sizes as a straight arrow
//! (`arrow_polygon` in the parent module).

use super::geometry::round2;
use super::ink;

/// The corner of the L from centre `a` to centre `b`, when they are a
/// knight's move apart on a board of `sq`-pixel squares (the end of the
/// long leg, in line with `a`).
pub(super) fn corner(a: (f32, f32), b: (f32, f32), sq: f32) -> Option<(f32, f32)> {
    let (dx, dy) = (((b.0 - a.0) / sq).round(), ((b.1 - a.1) / sq).round());
    match (dx.abs() as u8, dy.abs() as u8) {
        (2, 1) => Some((b.0, a.1)),
        (1, 2) => Some((a.0, b.1)),
        _ => None,
    }
}

/// The axes of an L: `u` along the long leg (from the start to the
/// corner), `v` along the short one (from the corner to the end).
struct Frame {
    c: (f32, f32),
    u: (f32, f32),
    v: (f32, f32),
}

impl Frame {
    fn new(a: (f32, f32), c: (f32, f32), b: (f32, f32)) -> Frame {
        let unit = |p: (f32, f32), q: (f32, f32)| {
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
            (dx / len, dy / len)
        };
        Frame {
            c,
            u: unit(a, c),
            v: unit(c, b),
        }
    }

    /// The point `s` along the long leg's axis and `t` along the short
    /// one's, both from the corner.
    fn at(&self, s: f32, t: f32) -> (f32, f32) {
        (
            round2(self.c.0 + self.u.0 * s + self.v.0 * t),
            round2(self.c.1 + self.u.1 * s + self.v.1 * t),
        )
    }
}

/// The sizes of a straight arrow (see `arrow_polygon`): half the shaft,
/// half the head, the head's length, the tip's and the tail's distances
/// from the square centres.
fn sizes(sq: f32) -> (f32, f32, f32, f32, f32) {
    (sq * 0.08, sq * 0.21, sq * 0.42, sq * 0.18, sq * 0.12)
}

/// The outline of the L arrow from `a` by corner `c` to `b`, grown by
/// `grow` pixels on every side (0 for the arrow; more for a casing).
pub(super) fn polygon(
    a: (f32, f32),
    c: (f32, f32),
    b: (f32, f32),
    sq: f32,
    grow: f32,
) -> Vec<(f32, f32)> {
    let f = Frame::new(a, c, b);
    let (shaft, head_half, head_len, tip_inset, tail) = sizes(sq);
    let long = 2.0 * sq;
    let w = shaft + grow;
    let tip = sq - tip_inset;
    let base = tip - head_len - grow;
    let (tip, head_half) = (tip + 2.236 * grow, head_half + 1.618 * grow);
    let start = -(long - tail) - grow;
    vec![
        f.at(start, w),
        f.at(-w, w),
        f.at(-w, base),
        f.at(-head_half, base),
        f.at(0.0, tip),
        f.at(head_half, base),
        f.at(w, base),
        f.at(w, -w),
        f.at(start, -w),
    ]
}

/// The L arrow dashed (ink themes' Y and B brushes): dashes laid back from
/// the head along the short leg, then along the long leg from the corner,
/// and the head; each grown by `grow`.
pub(super) fn dashed(
    a: (f32, f32),
    c: (f32, f32),
    b: (f32, f32),
    sq: f32,
    grow: f32,
) -> Vec<Vec<(f32, f32)>> {
    let f = Frame::new(a, c, b);
    let (shaft, head_half, head_len, tip_inset, tail) = sizes(sq);
    let (dash, gap) = (ink::DASH * sq, ink::GAP * sq);
    let w = shaft + grow;
    let tip = sq - tip_inset;
    let base = tip - head_len;
    let mut parts = Vec::new();
    // The short leg, back from the head's base to the corner's far edge
    // (a dash there also covers the corner).
    let mut end = base;
    while end > -shaft {
        let s = (end - dash).max(-shaft);
        parts.push(vec![
            f.at(-w, s - grow),
            f.at(-w, end + grow),
            f.at(w, end + grow),
            f.at(w, s - grow),
        ]);
        end = s - gap;
    }
    // The long leg, a gap back from the corner's dash.
    let mut end = -shaft - gap;
    let start = -(2.0 * sq - tail);
    while end > start {
        let s = (end - dash).max(start);
        parts.push(vec![
            f.at(s - grow, w),
            f.at(end + grow, w),
            f.at(end + grow, -w),
            f.at(s - grow, -w),
        ]);
        end = s - gap;
    }
    let (base, tip, half) = (base - grow, tip + 2.236 * grow, head_half + 1.618 * grow);
    parts.push(vec![f.at(-half, base), f.at(0.0, tip), f.at(half, base)]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_knight_moves_have_a_corner_and_it_ends_the_long_leg() {
        let sq = 50.0;
        // g1 to f3 on an unflipped board: up two, left one.
        let (a, b) = ((325.0, 375.0), (275.0, 275.0));
        assert_eq!(corner(a, b, sq), Some((325.0, 275.0)));
        // b1 to d2: right two, up one.
        assert_eq!(
            corner((75.0, 375.0), (175.0, 325.0), sq),
            Some((175.0, 375.0))
        );
        assert_eq!(corner((75.0, 375.0), (175.0, 275.0), sq), None);
        assert_eq!(corner((75.0, 375.0), (75.0, 275.0), sq), None);
    }

    #[test]
    fn the_l_turns_at_the_corner_and_ends_at_the_tip() {
        let sq = 50.0;
        let (a, b) = ((325.0, 375.0), (275.0, 275.0));
        let c = corner(a, b, sq).unwrap();
        let p = polygon(a, c, b, sq, 0.0);
        // The tip stops 0.18 of a square short of f3's centre, going left.
        assert_eq!(p[4], (275.0 + 0.18 * sq, 275.0));
        // The long leg runs up along x = 325 (±4), the short one left.
        assert_eq!((p[0], p[8]), ((321.0, 369.0), (329.0, 369.0)));
        // A casing is bigger everywhere.
        let grown = polygon(a, c, b, sq, 2.0);
        let xs = |p: &[(f32, f32)]| p.iter().map(|q| q.0).fold(f32::MAX, f32::min);
        assert!(xs(&grown) < xs(&p));
        let dashes = dashed(a, c, b, sq, 0.0);
        assert!(dashes.len() >= 5, "{dashes:?}");
    }
}
