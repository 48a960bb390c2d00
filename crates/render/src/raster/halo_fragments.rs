//! The hatch fragments a piece's halo would leave, covered by the halo.
//!
//! In print the dark squares are hatched on whole pixels and each piece
//! stands in a paper halo. Where the halo's curved edge cuts a hatch line
//! it can leave a piece of the line one pixel long: after a 1-bit
//! threshold (a plate, a photocopier) a lone dot beside the piece. The
//! hatching is the same on every dark square, so each halo sprite knows
//! which pixels of its square are hatched: this widens the halo over every
//! piece of a line it leaves shorter than two pixels, so lines end clean.

use resvg::tiny_skia::Pixmap;

use crate::assets::color::Rgba;
use crate::assets::theme::Hatch;
use crate::layout::hatch;

/// Paints `paper` (opaque) over the hatch fragments shorter than two
/// pixels that the halo in `sprite` (one square, `hatch` on whole pixels)
/// leaves on a dark square. A hatch pixel is left when the halo covers
/// less than half of it (what a threshold at 128 keeps black). Fragments
/// the bare pattern has too (where the square's own edges cut a line) are
/// left alone: every empty dark square has them.
pub(super) fn cover(sprite: &mut Pixmap, hatch: &Hatch, paper: Rgba) {
    let side = sprite.width();
    if side == 0 || sprite.height() != side {
        return;
    }
    let n = side as usize;
    let period = hatch::period(hatch);
    let mut bare = vec![false; n * n];
    for v in 0..side {
        for (start, len) in hatch::tile_row(hatch, side, v) {
            let mut u = start;
            while u < side {
                for k in u..(u + len).min(side) {
                    bare[v as usize * n + k as usize] = true;
                }
                u += period;
            }
        }
    }
    let alpha = |i: usize| sprite.data()[4 * i + 3];
    let left: Vec<bool> = (0..n * n).map(|i| bare[i] && alpha(i) < 128).collect();
    // A fragment shorter than 2 px along the line has fewer pixels than
    // two rows of the line's width.
    let short = 2 * (hatch.width.round().max(1.0) as usize);
    let bare_short = short_parts(&bare, n, short);
    let [r, g, b, _] = [paper.r, paper.g, paper.b, paper.a];
    let data = sprite.data_mut();
    for part in parts(&left, n) {
        if part.len() < short && !part.iter().all(|i| bare_short[*i]) {
            for i in part {
                data[4 * i..4 * i + 4].copy_from_slice(&[r, g, b, 255]);
            }
        }
    }
}

/// Which pixels of `bits` (an `n` × `n` picture) lie in 8-connected parts
/// of fewer than `short` pixels.
fn short_parts(bits: &[bool], n: usize, short: usize) -> Vec<bool> {
    let mut out = vec![false; n * n];
    for part in parts(bits, n) {
        if part.len() < short {
            for i in part {
                out[i] = true;
            }
        }
    }
    out
}

/// The 8-connected parts of the true pixels of an `n` × `n` picture, each
/// as the indices of its pixels.
fn parts(bits: &[bool], n: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for start in 0..n * n {
        if !bits[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut part) = (vec![start], Vec::new());
        while let Some(i) = stack.pop() {
            part.push(i);
            let (x, y) = (i % n, i / n);
            for ny in y.saturating_sub(1)..=(y + 1).min(n - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(n - 1) {
                    let j = ny * n + nx;
                    if bits[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        out.push(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> Hatch {
        Hatch {
            color: Rgba::rgb(0, 0, 0),
            spacing: 5.0,
            width: 1.0,
        }
    }

    #[test]
    fn a_lone_hatch_pixel_under_the_halo_edge_is_covered() {
        let h = line();
        let side = 10;
        let mut sprite = Pixmap::new(side, side).unwrap();
        // Cover every hatched pixel but one: a one-pixel fragment.
        let mut kept = None;
        for v in 0..side {
            for (start, len) in hatch::tile_row(&h, side, v) {
                let mut u = start;
                while u < side {
                    for k in u..(u + len).min(side) {
                        let i = 4 * (v * side + k) as usize;
                        if kept.is_none() && v == 5 {
                            kept = Some(i);
                            continue;
                        }
                        sprite.data_mut()[i..i + 4].copy_from_slice(&[255, 255, 255, 255]);
                    }
                    u += hatch::period(&h);
                }
            }
        }
        let i = kept.expect("row 5 is hatched");
        assert_eq!(sprite.data()[i + 3], 0);
        cover(&mut sprite, &h, Rgba::rgb(255, 255, 255));
        assert_eq!(sprite.data()[i + 3], 255, "the lone pixel is covered");
    }

    #[test]
    fn whole_lines_and_the_bare_patterns_own_ends_are_left_alone() {
        let h = line();
        let mut sprite = Pixmap::new(10, 10).unwrap();
        cover(&mut sprite, &h, Rgba::rgb(255, 255, 255));
        assert!(
            sprite.data().iter().all(|&b| b == 0),
            "no halo, nothing to cover"
        );
    }
}
