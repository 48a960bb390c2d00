//! Hatching laid on the pixel grid.
//!
//! A hatched square is drawn in whole pixels: a pixel is ink or paper,
//! never grey, so a 1-bit threshold (a photocopier, a newspaper plate)
//! keeps every line, and every dark square gets exactly the same pixels,
//! so the same ink. The lines run '/' (bottom-left to top-right): pixel
//! `(u, v)` of a square, counted from its top-left corner, is ink when
//! `u + v` falls in a band of `width` out of every `period`. One band runs
//! corner to corner along the square's own '/' diagonal, which continues
//! the line into the next dark square along that diagonal, so the lines
//! run unbroken across the board as in a printed book.

use crate::assets::theme::Hatch;

/// The theme's hatch (line width and spacing as fractions of a square,
/// measured along a row) made whole pixels for squares of `square` pixels.
///
/// The width is rounded to whole pixels (at least one) and the period is
/// the width divided by the theme's ink share, rounded, so the share of ink
/// stays the theme's at every size (`width / spacing`, 20 % in `print`).
/// `None` when the theme's lines have no width.
pub fn on_pixels(theme: Hatch, square: f32) -> Option<Hatch> {
    if theme.width <= 0.0 || theme.spacing <= 0.0 || square < 1.0 {
        return None;
    }
    let share = (theme.width / theme.spacing).min(1.0);
    let width = (theme.width * square).round().max(1.0);
    let period = (width / share).round().max(width + 1.0);
    Some(Hatch {
        width,
        spacing: period,
        ..theme
    })
}

/// Whether pixel `(u, v)` of a square `side` pixels wide, counted from its
/// top-left corner, is ink under `hatch` (whole-pixel width and spacing,
/// as [`on_pixels`] makes them): the definition [`tile_row`] and
/// [`tile_bands`], which the writers draw from, are tested against.
#[cfg(test)]
pub fn inked(hatch: &Hatch, side: u32, u: u32, v: u32) -> bool {
    let (period, width) = whole(hatch);
    (u + v + phase(period, width, side)) % period < width
}

/// The inked runs of row `v` of one period of the pattern: `(start, len)`
/// with `start` in `0..period`, the runs of a tile `period` pixels wide
/// whose left edge is a whole number of periods from the square's.
pub fn tile_row(hatch: &Hatch, side: u32, v: u32) -> Vec<(u32, u32)> {
    let (period, width) = whole(hatch);
    // Ink where (u + v + phase) mod period < width: u from `first` on.
    let first = (period - (v + phase(period, width, side)) % period) % period;
    if first + width <= period {
        vec![(first, width)]
    } else {
        vec![(0, first + width - period), (first, period - first)]
    }
}

/// The inked bands of one tile as smooth lines: `(a, b)` for each band
/// `a ≤ x + y ≤ b` that crosses the tile (`period` square, left edge a
/// whole number of periods from the square's). Sampled at pixel centres
/// (`shape-rendering: crispEdges`), they ink exactly the pixels of
/// `inked`; scaled up, they stay straight lines instead of stairs.
pub fn tile_bands(hatch: &Hatch, side: u32) -> Vec<(f32, f32)> {
    let (period, width) = whole(hatch);
    let ph = phase(period, width, side) as f32;
    // Pixel (u, v) has its centre at x + y = u + v + 1, and is ink when
    // u + v + ph is within `width` after a multiple of the period.
    (-1..=2)
        .map(|k| {
            let a = (k * period as i32) as f32 - ph + 0.5;
            (a, a + width as f32)
        })
        .collect()
}

/// The hatching of one square `side` pixels wide as polygons, in pixels
/// from its top-left corner: each band of [`tile_bands`] repeated across
/// the square and cut at its edges. Plain filled polygons, which every SVG
/// renderer draws alike: a `<pattern>` tile is drawn by some (CairoSVG)
/// into a bitmap and resampled, blurring the lines into grey dashes.
/// Sampled at pixel centres (`crispEdges`), they ink exactly the pixels
/// of `inked` (the tests' definition of a hatch's ink).
pub fn square_bands(hatch: &Hatch, side: u32) -> Vec<Vec<(f32, f32)>> {
    let (period, _) = whole(hatch);
    let s = side as f32;
    let square = vec![(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)];
    // A tile's bands start a period before its edge and neighbouring
    // tiles list some of the same ones: each band once, in order. The
    // square holds x + y up to twice its side.
    let tiles = (2 * side) / period + 2;
    let mut bands: Vec<(f32, f32)> = (0..tiles)
        .flat_map(|tile| {
            let shift = (tile * period) as f32;
            tile_bands(hatch, side)
                .into_iter()
                .map(move |(a, b)| (a + shift, b + shift))
        })
        .filter(|&(lo, hi)| hi > 0.0 && lo < 2.0 * s)
        .collect();
    bands.sort_by(|p, q| p.0.total_cmp(&q.0));
    bands.dedup();
    // Each edge a hundredth of a pixel inside its half-pixel line: at 1:1
    // the same pixel centres fall inside, but scaled (0.4 of 112.5 is 45)
    // no edge lands exactly on a pixel centre, a tie that Chromium broke
    // one way inline and the other in an <img>.
    bands
        .into_iter()
        .map(|(lo, hi)| (lo + EDGE_INSET, hi - EDGE_INSET))
        .map(|(lo, hi)| {
            let cut = clip(&square, |(x, y)| x + y - lo);
            clip(&cut, |(x, y)| hi - x - y)
        })
        .filter(|cut| cut.len() >= 3)
        .collect()
}

/// How far each band edge of [`square_bands`] lies inside its half-pixel
/// line, in pixels (two decimals survive the SVG's numbers).
const EDGE_INSET: f32 = 0.01;

/// The convex polygon `poly` cut to where `side_of` is not negative
/// (one step of Sutherland and Hodgman's clipping).
fn clip(poly: &[(f32, f32)], side_of: impl Fn((f32, f32)) -> f32) -> Vec<(f32, f32)> {
    let mut out = Vec::with_capacity(poly.len() + 2);
    for (i, &p) in poly.iter().enumerate() {
        let q = poly[(i + 1) % poly.len()];
        let (dp, dq) = (side_of(p), side_of(q));
        if dp >= 0.0 {
            out.push(p);
        }
        if (dp >= 0.0) != (dq >= 0.0) {
            let t = dp / (dp - dq);
            out.push((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)));
        }
    }
    out.dedup();
    out
}

/// The period of `hatch` (whole-pixel width and spacing) in pixels: the
/// width of one tile of [`tile_row`]s.
pub fn period(hatch: &Hatch) -> u32 {
    whole(hatch).0
}

/// The period and width in whole pixels (the period at least 2, the width
/// from 1 to period - 1).
fn whole(hatch: &Hatch) -> (u32, u32) {
    let period = (hatch.spacing.round() as u32).max(2);
    let width = (hatch.width.round() as u32).clamp(1, period - 1);
    (period, width)
}

/// The offset that centres a band on the square's '/' diagonal
/// (`u + v = side - 1`).
fn phase(period: u32, width: u32, side: u32) -> u32 {
    let centre = (side.max(1) - 1) % period;
    (period + width / 2 - centre % period) % period
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::color::Rgba;

    fn print_hatch() -> Hatch {
        crate::assets::theme::Theme::built_in("print")
            .unwrap()
            .hatch
            .unwrap()
    }

    fn ink_share(h: &Hatch, side: u32) -> f64 {
        let inked = (0..side)
            .flat_map(|v| (0..side).map(move |u| (u, v)))
            .filter(|&(u, v)| inked(h, side, u, v))
            .count();
        inked as f64 / (side * side) as f64
    }

    #[test]
    fn print_hatching_is_book_light_at_every_size() {
        for side in 4..=512 {
            let h = on_pixels(print_hatch(), side as f32).unwrap();
            assert_eq!(h.width.fract(), 0.0);
            assert_eq!(h.spacing.fract(), 0.0);
            let share = ink_share(&h, side);
            assert!(
                (0.15..=0.25).contains(&share),
                "{side} px squares: {share:.3} ink"
            );
        }
    }

    #[test]
    fn tile_rows_are_the_inked_pixels() {
        let theme = Hatch {
            color: Rgba::rgb(0, 0, 0),
            spacing: 0.1,
            width: 0.03,
        };
        for side in [7, 23, 50, 91, 125] {
            let h = on_pixels(theme, side as f32).unwrap();
            let period = h.spacing as u32;
            for v in 0..side {
                let mut row = vec![false; period as usize];
                for (start, len) in tile_row(&h, side, v) {
                    for u in start..start + len {
                        row[u as usize] = true;
                    }
                }
                for u in 0..side {
                    assert_eq!(row[(u % period) as usize], inked(&h, side, u, v));
                }
            }
        }
    }

    #[test]
    fn bands_hold_the_centres_of_the_inked_pixels() {
        for side in [7, 23, 50, 91, 125] {
            let h = on_pixels(print_hatch(), side as f32).unwrap();
            let period = h.spacing as u32;
            let bands = tile_bands(&h, side);
            for v in 0..period {
                for u in 0..period {
                    let centre = (u + v + 1) as f32;
                    let inside = bands.iter().any(|&(a, b)| a < centre && centre < b);
                    assert_eq!(inside, inked(&h, side, u, v), "{side}: ({u}, {v})");
                }
            }
        }
    }

    /// Whether the point is inside the convex polygon (counter-clockwise or
    /// clockwise), strictly.
    fn inside(poly: &[(f32, f32)], (x, y): (f32, f32)) -> bool {
        let cross = |i: usize| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)
        };
        let signs: Vec<f32> = (0..poly.len()).map(cross).collect();
        signs.iter().all(|&c| c > 0.0) || signs.iter().all(|&c| c < 0.0)
    }

    #[test]
    fn square_bands_hold_the_centres_of_the_inked_pixels() {
        for side in [7, 22, 23, 46, 94] {
            let h = on_pixels(print_hatch(), side as f32).unwrap();
            let bands = square_bands(&h, side);
            for v in 0..side {
                for u in 0..side {
                    let centre = (u as f32 + 0.5, v as f32 + 0.5);
                    let hits = bands.iter().filter(|b| inside(b, centre)).count();
                    assert!(hits <= 1, "{side}: ({u}, {v}) in {hits} bands");
                    assert_eq!(hits == 1, inked(&h, side, u, v), "{side}: ({u}, {v})");
                }
            }
        }
    }

    #[test]
    fn the_diagonal_line_runs_corner_to_corner() {
        for side in [20, 23, 45, 90] {
            let h = on_pixels(print_hatch(), side as f32).unwrap();
            assert!(inked(&h, side, side - 1, 0), "top-right corner, {side}");
            assert!(inked(&h, side, 0, side - 1), "bottom-left corner, {side}");
        }
    }

    #[test]
    fn no_width_is_no_hatching() {
        let h = Hatch {
            width: 0.0,
            ..print_hatch()
        };
        assert_eq!(on_pixels(h, 50.0), None);
    }
}
