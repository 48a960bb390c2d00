//! Paint for transparent backgrounds (`--background none`): a diagram may
//! land on white paper or on a near-black page, so what lies on the page
//! itself (outside labels, the frame, the side-to-move marker) must read on
//! both. Ink that falls below 3:1 against either page gets a casing, a
//! band of white (around dark ink) or black (around light ink) that stands
//! out from the page where the ink does not.

use crate::assets::color::Rgba;
use crate::assets::contrast::contrast_at_least;

use super::items::{Halo, MoverMark, Rect, Tint};
use super::pockets::Disc;

/// The pages a transparent diagram is checked against: white and `#111`.
pub const PAGES: [Rgba; 2] = [Rgba::rgb(255, 255, 255), Rgba::rgb(0x11, 0x11, 0x11)];

/// The least contrast of the ink against a page, in tenths: WCAG's 4.5:1
/// for text, so that small anti-aliased labels, whose pixels rarely reach
/// the full ink, still stand out at 3:1 (WCAG's ratio for graphics).
const MIN_CONTRAST_TENTHS: u32 = 45;

/// Width of a casing, as a fraction of a square (at least a pixel).
const CASING: f32 = 0.03;

const WHITE: Rgba = Rgba::rgb(255, 255, 255);
const BLACK: Rgba = Rgba::rgb(0, 0, 0);

/// The casing colour ink `c` needs, if it falls below 3:1 on a page: white
/// around dark ink (lost on the dark page), black around light ink.
pub fn casing_for(c: Rgba) -> Option<Rgba> {
    if PAGES
        .iter()
        .all(|&page| contrast_at_least(c, page, MIN_CONTRAST_TENTHS))
    {
        None
    } else if contrast_at_least(c, WHITE, MIN_CONTRAST_TENTHS) {
        Some(WHITE)
    } else {
        Some(BLACK)
    }
}

/// The casing width for squares of `square` pixels.
fn casing_width(square: f32) -> f32 {
    (CASING * square).round().max(1.0)
}

/// The halo outside labels need on a transparent page, if any.
pub(super) fn label_casing(ink: Rgba, square: f32) -> Option<Halo> {
    casing_for(ink).map(|color| Halo {
        color,
        width: casing_width(square),
    })
}

/// A casing just outside the frame `outer` of colour `ink`, as four
/// whole-pixel rectangles, if the ink needs one.
pub(super) fn frame_casing(outer: Rect, ink: Rgba, square: f32) -> Vec<Tint> {
    let Some(color) = casing_for(ink) else {
        return Vec::new();
    };
    let w = casing_width(square);
    let tint = |x, y, w, h| Tint {
        rect: Rect { x, y, w, h },
        color,
    };
    vec![
        tint(outer.x - w, outer.y - w, outer.w + 2.0 * w, w),
        tint(outer.x - w, outer.y + outer.h, outer.w + 2.0 * w, w),
        tint(outer.x - w, outer.y, w, outer.h),
        tint(outer.x + outer.w, outer.y, w, outer.h),
    ]
}

/// The casing a run of text of ink `c` at `size` pixels per em needs on a
/// transparent page, if any: a stroke wide enough to show a pixel or more
/// around the letters.
pub(super) fn text_casing(c: Rgba, size: f32) -> Option<(Rgba, f32)> {
    casing_for(c).map(|casing| (casing, 2.0 * (size * 0.08).round().max(1.0)))
}

/// A player's disc on a transparent page: outlined in white when it is too
/// dark for the dark page (Black's), as the side-to-move marker is.
pub(super) fn disc(d: Disc) -> Disc {
    match (casing_for(d.fill), d.outline) {
        (Some(WHITE), Some((_, w))) => Disc {
            outline: Some((WHITE, w)),
            ..d
        },
        _ => d,
    }
}

/// `ink`, or black or white (whichever contrasts more with `paper`) when
/// `ink` has less than 3:1 against `paper`: labels on a `--background`
/// colour stay readable.
pub(super) fn readable_on(ink: Rgba, paper: Rgba) -> Rgba {
    if contrast_at_least(ink, paper, 30) {
        return ink;
    }
    if contrast_at_least(BLACK, paper, 30) && !contrast_at_least(WHITE, paper, 45) {
        BLACK
    } else if contrast_at_least(WHITE, paper, 30) {
        WHITE
    } else {
        BLACK
    }
}

/// The marker with an outline that reads on both pages: a disc too dark
/// for the dark page (Black's) is outlined in white; White's disc keeps its
/// dark outline, which reads on white paper while the disc reads on black.
pub(super) fn mover(m: MoverMark) -> MoverMark {
    match casing_for(m.fill) {
        Some(WHITE) => MoverMark {
            outline: WHITE,
            ..m
        },
        _ => m,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casings_go_where_ink_is_lost_on_a_page() {
        // Black and dark brown are lost on the dark page.
        assert_eq!(casing_for(BLACK), Some(WHITE));
        assert_eq!(casing_for(Rgba::rgb(0x6e, 0x51, 0x37)), Some(WHITE));
        // White and pale grey are lost on paper.
        assert_eq!(casing_for(WHITE), Some(BLACK));
        assert_eq!(casing_for(Rgba::rgb(0xcc, 0xcc, 0xcc)), Some(BLACK));
        // No ink reaches 4.5:1 on both pages: mid grey is cased too, in
        // white where it is nearer the dark page.
        assert_eq!(casing_for(Rgba::rgb(0x76, 0x76, 0x76)), Some(WHITE));
    }
}
