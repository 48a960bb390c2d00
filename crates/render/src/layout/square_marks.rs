//! Annotations on one square: a move-quality glyph's badge in the upper-
//! right corner (as lichess draws them) and a short label in the middle.
//! Both are text from the embedded font, drawn as outlines by every writer,
//! so SVG and pixels agree; the two symbols the font lacks are drawn from
//! the font too (`∓` is `±` upside down) or from circles (`⨀`).

use resvg::tiny_skia::{Path, PathBuilder, Transform};

use super::items::{Rect, INK};
use super::pockets::Disc;
use super::text::{cap_height, width, PlacedText};
use crate::annotation::{label_text, Glyph, Judgement};
use crate::assets::color::Rgba;
use crate::assets::theme::Annotations;
use fen2img_chess::Square;

/// A glyph's badge: a disc with the symbol on it.
#[derive(Debug, Clone)]
pub struct GlyphBadge {
    /// The square it annotates.
    pub square: Square,
    /// The glyph.
    pub glyph: Glyph,
    /// The disc.
    pub disc: Disc,
    /// The symbol, centred on the disc (for `⨀` and `∓`, what the symbol
    /// is drawn from: see `GlyphBadge::outline`).
    pub text: PlacedText,
}

/// A short text on a square, over a casing that keeps it legible on any
/// square and piece.
#[derive(Debug, Clone)]
pub struct SquareLabel {
    /// The square.
    pub square: Square,
    /// The text, centred on the square.
    pub text: PlacedText,
    /// The casing under it: colour and the width of the stroke (half of it
    /// shows outside the letters).
    pub casing: (Rgba, f32),
}

/// The gap between the ink of a label's characters, in ems (at least a
/// pixel): the font's digits are tabular, so a `1` stands in a `2`'s
/// advance and "123" read "1 23".
const LABEL_GAP: f32 = 0.08;

impl SquareLabel {
    /// The label's outlines, in image pixels (`None` for blank text): its
    /// characters set one by one with the same whole-pixel gap between
    /// their ink, centred where the run was (a single character is the
    /// run's own outline).
    pub(crate) fn outline(&self) -> Option<Path> {
        let t = &self.text;
        let chars: Vec<char> = t.text.chars().collect();
        if chars.len() < 2 || chars.iter().any(|c| c.is_whitespace()) {
            return t.outline();
        }
        let parts: Vec<Path> = chars
            .iter()
            .map(|c| {
                PlacedText {
                    text: c.to_string(),
                    x: 0.0,
                    ..t.clone()
                }
                .outline()
            })
            .collect::<Option<_>>()?;
        let gap = (t.size * LABEL_GAP).round().max(1.0);
        let inked: f32 = parts.iter().map(|p| p.bounds().width()).sum();
        let total = inked + gap * (parts.len() - 1) as f32;
        let mut x = (t.x + t.width() / 2.0 - total / 2.0).round();
        let mut pb = PathBuilder::new();
        for part in parts {
            let b = part.bounds();
            let placed = part.transform(Transform::from_translate(x - b.left(), 0.0))?;
            pb.push_path(&placed);
            // The next ink starts a whole number of pixels on.
            x = (x + b.width()).ceil() + gap;
        }
        pb.finish()
    }
}

/// The badge colour of each judgement on screen, white text on it. Each
/// keeps a contrast of at least 3:1 with white (checked by a test): teal
/// brilliant, green good, violet interesting, blue dubious, orange
/// mistake, red blunder, slate for symbols that judge nothing.
pub(super) fn badge_fill(judgement: Judgement) -> Rgba {
    match judgement {
        Judgement::Brilliant => Rgba::rgb(0x0e, 0x83, 0x7e),
        Judgement::Good => Rgba::rgb(0x2b, 0x84, 0x2f),
        Judgement::Interesting => Rgba::rgb(0x9b, 0x3f, 0xb5),
        Judgement::Dubious => Rgba::rgb(0x2f, 0x72, 0xb8),
        Judgement::Mistake => Rgba::rgb(0xc2, 0x5e, 0x00),
        Judgement::Blunder => Rgba::rgb(0xc9, 0x2a, 0x2a),
        Judgement::Neutral => Rgba::rgb(0x4a, 0x55, 0x68),
    }
}

const WHITE: Rgba = Rgba::rgb(255, 255, 255);

/// The badge of `glyph` on square `r`: on screen a coloured disc ringed in
/// white with the symbol in white; in ink a paper disc ringed in ink with
/// the symbol in ink. Never smaller than 8 px text, so it stays readable
/// on small boards (where it covers more of its square).
pub(super) fn badge(
    square: Square,
    glyph: Glyph,
    r: Rect,
    kind: Annotations,
    paper: Option<Rgba>,
) -> GlyphBadge {
    // In ink at least 10 px: bold "??" at 8 px closed up into a blot
    // after a 1-bit threshold.
    let least = match kind {
        Annotations::Tint => 8.0,
        Annotations::Ink => 10.0,
    };
    let size = (r.w * 0.3).max(least);
    let symbol = drawn_symbol(glyph);
    let text_width = width(symbol, true, size);
    let radius = (size * 0.62).max(text_width / 2.0 + size * 0.22);
    let inset = (r.w * 0.03).max(1.0);
    let (cx, cy) = (r.x + r.w - radius - inset, r.y + radius + inset);
    let ring = (size * 0.09).max(1.0);
    let (fill, outline, ink) = match kind {
        Annotations::Tint => (badge_fill(glyph.judgement()), WHITE, WHITE),
        Annotations::Ink => (
            Rgba {
                a: 255,
                ..paper.unwrap_or(WHITE)
            },
            Rgba::rgb(0, 0, 0),
            Rgba::rgb(0, 0, 0),
        ),
    };
    // Centred on the ink of capitals: `!` and `?` stand on the baseline
    // and reach cap height.
    let cap = cap_height(size);
    GlyphBadge {
        square,
        glyph,
        disc: Disc {
            cx,
            cy,
            r: radius,
            fill,
            square: false,
            outline: Some((outline, ring)),
        },
        text: PlacedText {
            text: symbol.to_string(),
            bold: true,
            size,
            x: cx - text_width / 2.0,
            y: cy + cap / 2.0,
            color: ink,
            casing: None,
        },
    }
}

/// Moves `badge` (of square `r`) so its disc is centred on the square's
/// upper-right corner, where pieces leave paper on both squares, but no
/// nearer the board's edge (`board`) than its radius.
pub(super) fn to_corner(badge: &mut GlyphBadge, r: Rect, board: Rect) {
    let d = &mut badge.disc;
    let cx = (r.x + r.w).min(board.x + board.w - d.r - 1.0);
    let cy = r.y.max(board.y + d.r + 1.0);
    let (dx, dy) = (cx - d.cx, cy - d.cy);
    d.cx = cx;
    d.cy = cy;
    badge.text.x += dx;
    badge.text.y += dy;
}

/// What the font draws for `glyph`, or measures it by: `∓` is drawn as `±`
/// turned over, `⨀` as a ring and `□` as a square frame the size of an `O`
/// (see [`GlyphBadge::outline`]; the bold face has neither).
fn drawn_symbol(glyph: Glyph) -> &'static str {
    match glyph {
        Glyph::BlackBetter => "\u{B1}",
        Glyph::Zugzwang | Glyph::OnlyMove => "O",
        // The bold face has no U+2212; the en dash is its width.
        Glyph::WhiteWinning => "+\u{2013}",
        Glyph::BlackWinning => "\u{2013}+",
        g => g.symbol(),
    }
}

impl GlyphBadge {
    /// The symbol's outlines, in image pixels.
    pub(crate) fn outline(&self) -> Option<Path> {
        let t = &self.text;
        match self.glyph {
            Glyph::BlackBetter => {
                // ± turned over about the middle of its ink.
                let path = t.outline()?;
                let b = path.bounds();
                let mid = b.top() + b.height() / 2.0;
                path.transform(Transform::from_row(1.0, 0.0, 0.0, -1.0, 0.0, 2.0 * mid))
            }
            Glyph::Zugzwang => {
                // A ring with a dot, the size of a bold capital O.
                let (cx, cy) = (self.disc.cx, self.disc.cy);
                let outer = cap_height(t.size) / 2.0 + t.size * 0.02;
                let line = t.size * 0.13;
                Some(ring_with_dot(cx, cy, outer, outer - line, line * 0.9))
            }
            Glyph::OnlyMove => {
                // A square frame the height of a capital.
                let (cx, cy) = (self.disc.cx, self.disc.cy);
                let half = cap_height(t.size) / 2.0;
                let line = t.size * 0.12;
                Some(square_frame(cx, cy, half, half - line))
            }
            _ => t.outline(),
        }
    }
}

/// A square frame centred at `(cx, cy)` from half-side `outer` in to
/// `inner`, the inner edge running against the outer one (non-zero rule).
fn square_frame(cx: f32, cy: f32, outer: f32, inner: f32) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(cx - outer, cy - outer);
    pb.line_to(cx + outer, cy - outer);
    pb.line_to(cx + outer, cy + outer);
    pb.line_to(cx - outer, cy + outer);
    pb.close();
    pb.move_to(cx - inner, cy - inner);
    pb.line_to(cx - inner, cy + inner);
    pb.line_to(cx + inner, cy + inner);
    pb.line_to(cx + inner, cy - inner);
    pb.close();
    pb.finish().expect("two closed squares")
}

/// A ring from radius `outer` in to `inner` with a dot of radius `dot`
/// in the middle, as one path filled by the non-zero rule (both writers'
/// rule): the inner edge runs against the outer one, so the ring is hollow.
fn ring_with_dot(cx: f32, cy: f32, outer: f32, inner: f32, dot: f32) -> Path {
    let mut pb = PathBuilder::new();
    let mut circle = |r: f32, turn: f32| {
        // 48 sides: within 0.22 % of the radius of a circle (a few
        // hundredths of a pixel at badge sizes).
        const SIDES: usize = 48;
        for i in 0..SIDES {
            let a = turn * i as f32 * std::f32::consts::TAU / SIDES as f32;
            let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        pb.close();
    };
    circle(outer, 1.0);
    circle(inner, -1.0);
    circle(dot, 1.0);
    pb.finish().expect("three closed polygons")
}

/// The label `text` on square `r`: bold, about half the square tall, made
/// narrower to fit three characters, at least 8 px; the pieces' ink on a
/// casing of white, or black on the paper of an ink theme (one ink: a
/// plate has no grey). In the `corner` (a piece's square in print) it is
/// a badge's size in the upper-left corner, where pieces leave paper (a
/// glyph's badge takes the upper-right one).
pub(super) fn label(
    square: Square,
    text: &str,
    r: Rect,
    paper: Option<Rgba>,
    corner: bool,
) -> SquareLabel {
    let text = label_text(text);
    let (share, room) = if corner { (0.34, 0.45) } else { (0.5, 0.8) };
    let mut size = (r.w * share).max(8.0);
    let w = width(&text, true, size);
    let room = r.w * room;
    if w > room && w > 0.0 {
        size = (size * room / w).max(8.0);
    }
    let w = width(&text, true, size);
    let cap = cap_height(size);
    let casing = (size * 0.22).max(2.0);
    let (cx, cy) = if corner {
        // The casing's outer edge a pixel inside the square's corner.
        let inset = casing / 2.0 + (r.w * 0.03).max(1.0);
        (r.x + inset + w / 2.0, r.y + inset + cap / 2.0)
    } else {
        (r.x + r.w / 2.0, r.y + r.h / 2.0)
    };
    SquareLabel {
        square,
        text: PlacedText {
            text,
            bold: true,
            size,
            x: cx - w / 2.0,
            y: cy + cap / 2.0,
            color: if paper.is_some() {
                Rgba::rgb(0, 0, 0)
            } else {
                INK
            },
            casing: None,
        },
        casing: (
            Rgba {
                a: 255,
                ..paper.unwrap_or(WHITE)
            },
            casing,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::contrast::contrast_at_least;

    #[test]
    fn badge_text_keeps_three_to_one_on_every_colour() {
        for j in [
            Judgement::Brilliant,
            Judgement::Good,
            Judgement::Interesting,
            Judgement::Dubious,
            Judgement::Mistake,
            Judgement::Blunder,
            Judgement::Neutral,
        ] {
            assert!(contrast_at_least(badge_fill(j), WHITE, 30), "{j:?}");
        }
    }

    #[test]
    fn every_symbol_is_drawn_from_the_font() {
        for g in Glyph::ALL {
            assert_eq!(
                crate::layout::missing_glyphs(drawn_symbol(g)),
                Vec::<char>::new(),
                "{g:?}"
            );
        }
    }

    #[test]
    fn badges_sit_in_the_upper_right_corner_and_labels_fit() {
        let r = Rect {
            x: 100.0,
            y: 200.0,
            w: 50.0,
            h: 50.0,
        };
        for g in Glyph::ALL {
            let b = badge(Square::parse("e4").unwrap(), g, r, Annotations::Tint, None);
            let d = b.disc;
            assert!(
                d.cx - d.r > r.x + r.w / 2.0 - 8.0 && d.cx + d.r <= r.x + r.w,
                "{g:?}"
            );
            assert!(
                d.cy - d.r >= r.y && d.cy + d.r < r.y + r.h / 2.0 + 8.0,
                "{g:?}"
            );
            let ink = b.outline().expect("ink").bounds();
            assert!(
                ink.left() >= d.cx - d.r && ink.right() <= d.cx + d.r,
                "{g:?} {ink:?} {d:?}"
            );
        }
        for corner in [false, true] {
            let l = label(Square::parse("e4").unwrap(), "888", r, None, corner);
            let ink = l.text.outline().unwrap().bounds();
            assert!(ink.left() >= r.x && ink.right() <= r.x + r.w, "{ink:?}");
            assert!(ink.top() >= r.y && ink.bottom() <= r.y + r.h, "{ink:?}");
            if corner {
                // In the upper-left quarter, clear of the piece's middle.
                assert!(ink.right() <= r.x + r.w * 0.55, "{ink:?}");
                assert!(ink.bottom() <= r.y + r.h * 0.5, "{ink:?}");
            }
        }
    }
}
