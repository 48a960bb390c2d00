//! Plane geometry the layout's parts share: a square's rectangle and the
//! rounding that keeps coordinates short. Beside the parts (frame, checks,
//! knight arrows) rather than in their parent, which uses them too.

use fen2img_chess::Square;

use super::items::Rect;

pub(super) fn square_rect(board: Rect, square: f32, flipped: bool, sq: Square) -> Rect {
    let (col, row) = if flipped {
        (7 - sq.file(), sq.rank())
    } else {
        (sq.file(), 7 - sq.rank())
    };
    Rect {
        x: board.x + col as f32 * square,
        y: board.y + row as f32 * square,
        w: square,
        h: square,
    }
}

/// Rounds to 1/100 pixel: keeps SVG output short and identical everywhere.
pub(super) fn round2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}
