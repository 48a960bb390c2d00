//! Ink-only annotations, for themes with `annotations = ink` (print): what
//! a photocopier or a 1-bit plate keeps. Nothing relies on grey or on
//! transparency: the last move is a frame of opaque ink inside its squares,
//! check a ring around the king, arrows and circles opaque. Without colour,
//! the four arrow brushes differ in shape: G solid, R hollow, Y dashed,
//! B hollow and dashed.

use crate::color::Rgba;
use crate::position::Square;
use crate::theme::Annotations;

use super::{BoardSpec, Brush, Rect, Ring, Tint};

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
    let w = (FRAME_WIDTH * r.w).round().max(1.0);
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
    }
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
/// least a pixel): about a fifth of the shaft's width, drawn outside it,
/// so the hollow keeps the arrow's own size.
pub(super) fn hollow_outline(square: f32) -> f32 {
    (0.035 * square).max(1.0)
}

/// Length of a dash and of the gap after it, as fractions of a square.
pub(super) const DASH: f32 = 0.26;
pub(super) const GAP: f32 = 0.14;

#[cfg(test)]
mod tests {
    use super::*;

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
