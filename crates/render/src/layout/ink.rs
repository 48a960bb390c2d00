//! Ink-only annotations, for themes with `annotations = ink` (print): what
//! a photocopier or a 1-bit plate keeps. Nothing relies on grey or on
//! transparency: the last move is a frame of opaque ink inside its squares,
//! check a ring around the king, arrows and circles opaque. Without colour,
//! the four brushes differ in shape: G solid, R hollow (a circle: a double
//! line), Y dashed, B hollow and dashed.

use crate::assets::color::Rgba;
use crate::assets::theme::Annotations;
use fen2img_chess::Square;

use super::frame::BoardSpec;
use super::items::{ArrowShape, Halo, Rect, Ring, Tint};
use crate::options::Brush;

/// Width of the last move's frame, as a fraction of a square.
const FRAME_WIDTH: f32 = 0.07;
/// Width of the check ring, as a fraction of a square.
const RING_WIDTH: f32 = 0.075;

/// `color` as annotations of this kind paint it: opaque for ink.
pub(super) fn paint(kind: Annotations, color: Rgba) -> Rgba {
    match kind {
        Annotations::Tint => color,
        Annotations::Ink => Rgba { a: 255, ..color },
    }
}

/// A frame of opaque `color` just inside square `r`: four rectangles of
/// whole pixels (the square's edges are whole pixels), so it stays crisp.
pub(super) fn frame(r: Rect, color: Rgba) -> [Tint; 4] {
    let w = frame_width(r);
    let color = paint(Annotations::Ink, color);
    let tint = |x, y, w, h| Tint {
        rect: Rect { x, y, w, h },
        color,
    };
    [
        tint(r.x, r.y, r.w, w),
        tint(r.x, r.y + r.h - w, r.w, w),
        tint(r.x, r.y + w, w, r.h - 2.0 * w),
        tint(r.x + r.w - w, r.y + w, w, r.h - 2.0 * w),
    ]
}

/// The frame of [`frame`] as one closed box (a square with a square hole),
/// drawn over a piece: the piece's halo is drawn over the frame's four
/// rectangles and would leave the box open at the bottom (LaTeX's skak
/// draws it closed). Its ink lies in the outer band of the square, where
/// no glyph reaches, so the piece stays whole.
pub(super) fn closed_frame(r: Rect, color: Rgba) -> ArrowShape {
    let w = frame_width(r);
    let corners = |x0: f32, y0: f32, x1: f32, y1: f32| vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    ArrowShape {
        points: corners(r.x, r.y, r.x + r.w, r.y + r.h),
        color: paint(Annotations::Ink, color),
        hole: corners(r.x + w, r.y + w, r.x + r.w - w, r.y + r.h - w),
    }
}

/// The width of the last move's frame in square `r`, whole pixels.
fn frame_width(r: Rect) -> f32 {
    (FRAME_WIDTH * r.w).round().max(1.0)
}

/// The ring that marks a king in check on `sq`, in opaque `color`.
pub(super) fn check_ring(board: &BoardSpec, sq: Square, color: Rgba) -> Ring {
    let r = board.square_rect(sq);
    let width = (RING_WIDTH * r.w).max(1.5);
    Ring {
        cx: r.x + r.w / 2.0,
        cy: r.y + r.h / 2.0,
        r: r.w / 2.0 - width / 2.0 - 0.02 * r.w,
        width,
        color: paint(Annotations::Ink, color),
        dash: None,
    }
}

/// A circle of `brush` in ink, from the solid `ring`: dashed for Y and B
/// (eight dashes and eight gaps round it), and for R and B a double line:
/// the ring's middle third in paper (the casing's colour, else white),
/// each third at least a pixel, so small circles widen to stay double.
pub(super) fn circle(brush: Brush, ring: Ring, casing: Option<Halo>) -> Vec<Ring> {
    let (hollow, dashed) = arrow_style(brush);
    let dash = dashed.then(|| std::f32::consts::TAU * ring.r / 16.0);
    let ink = Ring { dash, ..ring };
    if !hollow {
        return vec![ink];
    }
    let line = (ring.width / 3.0).max(1.0);
    let paper = casing.map_or(Rgba::rgb(255, 255, 255), |h| h.color);
    let middle = Ring {
        width: line,
        color: Rgba { a: 255, ..paper },
        ..ink
    };
    let ink = Ring {
        width: ring.width.max(3.0 * line),
        ..ink
    };
    vec![ink, middle]
}

/// How an arrow of `brush` is drawn in ink: `(hollow, dashed)`.
pub(super) fn arrow_style(brush: Brush) -> (bool, bool) {
    match brush {
        Brush::Green => (false, false),
        Brush::Red => (true, false),
        Brush::Yellow => (false, true),
        Brush::Blue => (true, true),
    }
}

/// The ink line around a hollow arrow, as a fraction of a square (at
/// least a pixel and a half): about a fifth of the shaft's width, drawn
/// outside it, so the hollow keeps the arrow's own size. A diagonal line of
/// one pixel is grey on every pixel it crosses, and a threshold at 128
/// (a plate, a photocopier) broke it into dots at 207 px.
pub(super) fn hollow_outline(square: f32) -> f32 {
    (0.035 * square).max(1.5)
}

/// Half the reach of an X mark on an occupied square, in squares: nearly
/// corner to corner, so its arms show beside the piece it lies under.
pub(super) const CROSS_BEHIND_HALF: f32 = 0.46;

/// How much shorter an arrow onto a piece is, in squares: its head lies
/// under the piece with the other marks, and would be hidden there; so
/// its tip stops at the piece's edge, as book diagrams draw it.
pub(super) const HEAD_BEFORE_PIECE: f32 = 0.24;

/// Length of a dash and of the gap after it, as fractions of a square.
pub(super) const DASH: f32 = 0.26;
pub(super) const GAP: f32 = 0.14;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_tell_their_brushes_apart_by_shape() {
        let ring = Ring {
            cx: 50.0,
            cy: 50.0,
            r: 20.0,
            width: 3.0,
            color: Rgba::rgb(0, 0, 0),
            dash: None,
        };
        let paper = Some(Halo {
            color: Rgba::rgb(250, 250, 240),
            width: 2.0,
        });
        let g = circle(Brush::Green, ring, paper);
        assert_eq!(g, vec![ring]);
        let r = circle(Brush::Red, ring, paper);
        assert_eq!(r.len(), 2);
        assert_eq!(
            (r[0], r[1].color, r[1].width),
            (ring, Rgba::rgb(250, 250, 240), 1.0)
        );
        // A thin ring widens so that both of its lines keep a pixel.
        let thin = circle(Brush::Red, Ring { width: 1.5, ..ring }, paper);
        assert_eq!((thin[0].width, thin[1].width), (3.0, 1.0));
        let y = circle(Brush::Yellow, ring, paper);
        assert_eq!(y.len(), 1);
        // Eight dashes and eight gaps close the circle evenly.
        let dash = y[0].dash.expect("dashed");
        assert!((dash * 16.0 - std::f32::consts::TAU * ring.r).abs() < 1e-3);
        let b = circle(Brush::Blue, ring, None);
        assert_eq!(b.len(), 2);
        assert!(b.iter().all(|r| r.dash == Some(dash)));
        assert_eq!(
            b[1].color,
            Rgba::rgb(255, 255, 255),
            "white without a casing"
        );
    }

    #[test]
    fn the_frame_is_opaque_whole_pixels_inside_the_square() {
        let r = Rect {
            x: 23.0,
            y: 46.0,
            w: 23.0,
            h: 23.0,
        };
        let tints = frame(r, Rgba::rgb(0, 0, 0).with_alpha(0x26));
        let area: f32 = tints.iter().map(|t| t.rect.w * t.rect.h).sum();
        // A 2 px frame: the square less its 19 × 19 inside.
        assert_eq!(area, 23.0 * 23.0 - 19.0 * 19.0);
        for t in tints {
            assert_eq!(t.color.a, 255);
            for v in [t.rect.x, t.rect.y, t.rect.w, t.rect.h] {
                assert_eq!(v.fract(), 0.0);
            }
            assert!(t.rect.x >= r.x && t.rect.x + t.rect.w <= r.x + r.w);
            assert!(t.rect.y >= r.y && t.rect.y + t.rect.h <= r.y + r.h);
        }
    }
}
