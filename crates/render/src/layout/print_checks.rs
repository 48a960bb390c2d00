//! Print's pictures as a plate keeps them: the print theme drawn at
//! newspaper sizes, thresholded to one bit as a photocopier or a 1-bit
//! plate does, and measured in pixels, millimetres and points.

use fen2img_chess::Square;

use crate::assets::theme::Theme;
use crate::layout::{Layout, Rect};
use crate::options::{DiagramOptions, Markup};
use crate::raster::Rasterizer;
use crate::test_support::{layout, sq};

/// The print theme at `size` pixels with `markup`.
pub(super) fn print_options(size: u32, markup: Markup) -> DiagramOptions {
    DiagramOptions {
        size,
        theme: Theme::built_in("print").unwrap(),
        markup,
        ..DiagramOptions::default()
    }
}

/// A picture thresholded at 128 (on luminance): `true` is ink.
pub(super) struct Plate {
    pub width: u32,
    pub height: u32,
    ink: Vec<bool>,
}

impl Plate {
    /// `layout` rasterized and thresholded.
    pub fn of(layout: &Layout) -> Plate {
        let pixmap = Rasterizer::new().render(layout);
        let ink = pixmap
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                // Over white paper: a transparent pixel is paper.
                let a = c.alpha() as u32;
                let lum = |v: u8| (v as u32 * a + 255 * (255 - a)) / 255;
                let y = 299 * lum(c.red()) + 587 * lum(c.green()) + 114 * lum(c.blue());
                y < 128 * 1000
            })
            .collect();
        Plate {
            width: pixmap.width(),
            height: pixmap.height(),
            ink,
        }
    }

    /// Whether pixel (`x`, `y`) is ink.
    pub fn at(&self, x: u32, y: u32) -> bool {
        self.ink[(y * self.width + x) as usize]
    }

    /// The ink pixels in `r` (whole pixels).
    pub fn ink_in(&self, r: Rect) -> usize {
        let (x0, y0) = (r.x as u32, r.y as u32);
        let (x1, y1) = ((r.x + r.w) as u32, (r.y + r.h) as u32);
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y))
            .count()
    }
}

/// The pixels of the outermost ring of square `r` (one pixel wide) that
/// are paper: none where the last move's box is closed.
fn gaps_in_box(plate: &Plate, r: Rect) -> Vec<(u32, u32)> {
    let (x0, y0) = (r.x as u32, r.y as u32);
    let (x1, y1) = ((r.x + r.w) as u32 - 1, (r.y + r.h) as u32 - 1);
    let ring = (x0..=x1)
        .flat_map(|x| [(x, y0), (x, y1)])
        .chain((y0..=y1).flat_map(|y| [(x0, y), (x1, y)]));
    ring.filter(|&(x, y)| !plate.at(x, y)).collect()
}

#[test]
fn the_last_move_box_stays_closed_around_the_piece_that_moved() {
    // After castling: the king on g1, the rook on f1, e1 and h1 empty; and
    // a pawn's move (the pawn's base and halo reach the square's foot).
    for (fen, from, to) in [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4",
            "e1",
            "g1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "e2",
            "e4",
        ),
    ] {
        // 35 mm at 150, 300 and 600 dpi, and 50 mm at 150.
        for size in [207, 295, 413, 827] {
            let markup = Markup {
                lastmove: Some((sq(from), sq(to))),
                ..Markup::default()
            };
            let l = layout(fen, &print_options(size, markup));
            let plate = Plate::of(&l);
            for s in [from, to] {
                let square: Square = sq(s);
                let gaps = gaps_in_box(&plate, l.square_rect(square));
                assert!(
                    gaps.is_empty(),
                    "{size} px, {s}: the box is open at {gaps:?}"
                );
            }
            // Without the box drawn again over the piece (as before), the
            // halo opens it where the piece stands: the check sees that.
            let open = Layout {
                frames: Vec::new(),
                ..l.clone()
            };
            let gaps = gaps_in_box(&Plate::of(&open), l.square_rect(sq(to)));
            assert!(!gaps.is_empty(), "{size} px, {to}: closed without the fix");
        }
    }
}
