//! Labels' casings: each label's band resolved from the board's
//! [`LabelCasing`]. Inside the board a label is drawn over the pieces
//! (the corners reach under a rook's plinth or the king's base), so its
//! casing, in the colour of the ground it stands on, cuts a gap between
//! the label and any piece it would touch, as a map's lettering is cased
//! where it crosses a road.

use crate::assets::color::Rgba;
use fen2img_chess::Square;

use super::frame::{BoardSpec, LabelCasing};
use super::items::{Halo, PlacedLabel, Rect};

impl BoardSpec {
    /// Sets each label's casing from [`BoardSpec::label_casing`]: none,
    /// the one paint, or the ground of the square the label stands on (its
    /// colour with the tints over the whole square, in order). Called once
    /// the labels and tints are placed, and again by whoever takes tints
    /// away (a background shared by boards that differ in their marks).
    pub fn case_labels(&mut self) {
        let casings: Vec<Option<Halo>> = self
            .labels
            .iter()
            .map(|label| match self.label_casing {
                LabelCasing::None => None,
                LabelCasing::Paint(halo) => Some(halo),
                LabelCasing::Ground(width) => Some(Halo {
                    color: self.ground_under(label),
                    width,
                }),
            })
            .collect();
        for (label, casing) in self.labels.iter_mut().zip(casings) {
            label.casing = casing;
        }
    }

    /// The opaque colour under `label`: the square its ink is centred on
    /// with every tint covering that square over it; the light squares'
    /// colour for a label off the board.
    fn ground_under(&self, label: &PlacedLabel) -> Rgba {
        let (cx, cy) = label.ink_centre();
        let on = |r: Rect| (r.x..r.x + r.w).contains(&cx) && (r.y..r.y + r.h).contains(&cy);
        let Some(square) = Square::all().find(|&s| on(self.square_rect(s))) else {
            return self.light;
        };
        let r = self.square_rect(square);
        let base = if square.is_dark() {
            self.dark
        } else {
            self.light
        };
        self.tints
            .iter()
            .filter(|t| covers(t.rect, r))
            .fold(base, |under, t| over(t.color, under))
    }
}

/// Whether `outer` covers `inner`, within a hundredth of a pixel.
fn covers(outer: Rect, inner: Rect) -> bool {
    outer.x <= inner.x + 0.01
        && outer.y <= inner.y + 0.01
        && outer.x + outer.w >= inner.x + inner.w - 0.01
        && outer.y + outer.h >= inner.y + inner.h - 0.01
}

/// `top` (its alpha as opacity) over the opaque `base`, rounded as a
/// filled rectangle blends.
fn over(top: Rgba, base: Rgba) -> Rgba {
    let a = top.opacity();
    let mix = |t: u8, b: u8| (t as f32 * a + b as f32 * (1.0 - a)).round() as u8;
    Rgba::rgb(mix(top.r, base.r), mix(top.g, base.g), mix(top.b, base.b))
}
