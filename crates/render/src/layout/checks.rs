//! Three-check counters: a small plus sign per check a side may still give,
//! in the column right of the board at that side (beside its marker),
//! with the checks already given drawn faint, so "2 of 3 left" reads at a
//! glance. Ink-only themes (print), where grey would vanish in a
//! photocopy, draw given checks hollow instead: an ink outline round paper.

use super::items::{ArrowShape, Rect, INK};
use crate::assets::color::Rgba;
use fen2img_chess::{Color, Position};

/// The checks that win a three-check game.
const CHECKS_TO_WIN: u8 = 3;
/// At most this many signs per side (counters above three, from other
/// variants' FEN, show as five).
const MAX_SIGNS: u8 = 5;
/// A check already given.
const GIVEN: Rgba = Rgba::rgb(0xb8, 0xb8, 0xb8);

/// Where each side's signs go, decided by the frame.
#[derive(Debug, Clone, Default)]
pub struct CheckSpec {
    /// Per side ([`Color`] as index): the centre of its first sign (the
    /// one nearest its own edge of the board) and the step to the next
    /// (towards the board's middle), when counters are drawn.
    pub columns: [Option<(f32, f32, f32)>; 2],
    /// Half the length of a sign's arm.
    pub arm: f32,
    /// Thickness of a sign's bars.
    pub bar: f32,
    /// Ink-only themes: the paper inside a hollow sign for a check given.
    /// `None`: given checks are faint.
    pub hollow: Option<Rgba>,
}

super::keyed::keyed!(CheckSpec, |c| (
    c.columns
        .map(|o| o.map(|(x, y, d)| [x, y, d].map(f32::to_bits))),
    [c.arm, c.bar].map(f32::to_bits),
    c.hollow
));

pub use crate::describe::remaining_checks as remaining;

impl CheckSpec {
    /// The frame's columns: in `right` (the column right of the board),
    /// starting a square from the side's own edge (its marker's row is
    /// the edge row), going towards the middle.
    /// `hollow` is the paper colour of an ink-only theme (see
    /// [`CheckSpec::hollow`]).
    pub fn new(
        right: Rect,
        square: f32,
        bottom: Color,
        marker: bool,
        hollow: Option<Rgba>,
    ) -> CheckSpec {
        let cx = right.x + right.w / 2.0;
        let arm = (square * 0.12).min(right.w * 0.32).max(2.0);
        let step = (arm * 3.0).max(square * 0.34);
        // The first sign sits a marker's row away from the edge, or on the
        // edge row without a marker.
        let first = if marker { square * 1.0 } else { square * 0.5 };
        let mut columns = [None, None];
        columns[bottom as usize] = Some((cx, right.y + right.h - first, -step));
        columns[bottom.opponent() as usize] = Some((cx, right.y + first, step));
        CheckSpec {
            columns,
            arm,
            bar: (arm * 0.55).max(1.0),
            hollow,
        }
    }

    /// The signs for `position`: remaining checks in ink, given ones faint
    /// or hollow.
    pub fn place(&self, position: &Position) -> Vec<ArrowShape> {
        let Some(counters) = position.checks else {
            return Vec::new();
        };
        let left = remaining(counters);
        let mut out = Vec::new();
        for color in [Color::White, Color::Black] {
            let Some((cx, cy, step)) = self.columns[color as usize] else {
                continue;
            };
            let n = left[color as usize];
            let signs = n.clamp(CHECKS_TO_WIN, MAX_SIGNS);
            for i in 0..signs {
                let y = cy + step * i as f32;
                match self.hollow {
                    _ if i < n => out.push(plus(cx, y, self.arm, self.bar, INK)),
                    None => out.push(plus(cx, y, self.arm, self.bar, GIVEN)),
                    Some(paper) => {
                        // A whole pixel of ink at least, and paper inside
                        // as wide as the ink at least.
                        let line = (self.bar / 4.0).max(1.0);
                        let (arm, bar) = (self.arm + line, self.bar + 2.0 * line);
                        out.push(plus(cx, y, arm, bar, INK));
                        out.push(plus(cx, y, arm - line, bar - 2.0 * line, paper));
                    }
                }
            }
        }
        out
    }
}

/// A plus sign as one polygon (twelve corners).
fn plus(cx: f32, cy: f32, arm: f32, bar: f32, color: Rgba) -> ArrowShape {
    let (a, b) = (arm, bar / 2.0);
    let corners = [
        (-b, -a),
        (b, -a),
        (b, -b),
        (a, -b),
        (a, b),
        (b, b),
        (b, a),
        (-b, a),
        (-b, b),
        (-a, b),
        (-a, -b),
        (-b, -b),
    ];
    ArrowShape {
        points: corners
            .iter()
            .map(|&(x, y)| {
                (
                    super::geometry::round2(cx + x),
                    super::geometry::round2(cy + y),
                )
            })
            .collect(),
        color,
        hole: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_chess::{parse, ParseOptions};

    /// The start position with two checks left for White and three for
    /// Black, and a column right of a 400 px board of 50 px squares.
    fn two_and_three_left() -> (Position, Rect) {
        let p = parse(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        let right = Rect {
            x: 400.0,
            y: 0.0,
            w: 20.0,
            h: 400.0,
        };
        (p, right)
    }

    #[test]
    fn remaining_checks_are_ink_and_given_ones_faint() {
        let (p, right) = two_and_three_left();
        let spec = CheckSpec::new(right, 50.0, Color::White, true, None);
        let signs = spec.place(&p);
        assert_eq!(signs.len(), 6);
        let inked = |c: Color| {
            let (_, cy, step) = spec.columns[c as usize].unwrap();
            signs
                .iter()
                .filter(|s| {
                    let y = s.points[0].1 + spec.arm;
                    (0..3).any(|i| (y - (cy + step * i as f32)).abs() < 0.1) && s.color == INK
                })
                .count()
        };
        assert_eq!((inked(Color::White), inked(Color::Black)), (2, 3));
        // White's signs are in the lower half (White at the bottom).
        assert!(spec.columns[Color::White as usize].unwrap().1 > 200.0);
        assert_eq!(
            remaining(fen2img_chess::CheckCounters::Given { white: 1, black: 4 }),
            [2, 0]
        );
    }

    #[test]
    fn ink_themes_draw_given_checks_hollow_not_grey() {
        let (p, right) = two_and_three_left();
        let paper = Rgba::rgb(255, 255, 255);
        let spec = CheckSpec::new(right, 50.0, Color::White, true, Some(paper));
        let signs = spec.place(&p);
        // White gave one check: two signs in ink, and one given, drawn as
        // ink with paper inside; Black's three all in ink.
        assert!(signs.iter().all(|s| s.color == INK || s.color == paper));
        assert_eq!(signs.iter().filter(|s| s.color == paper).count(), 1);
        assert_eq!(signs.iter().filter(|s| s.color == INK).count(), 6);
        let extent = |s: &ArrowShape| {
            let xs = s.points.iter().map(|p| p.0);
            xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min)
        };
        let at = signs.iter().position(|s| s.color == paper).unwrap();
        // The paper lies inside the ink drawn just before it, a pixel in.
        assert!(extent(&signs[at - 1]) >= extent(&signs[at]) + 2.0);
    }
}
