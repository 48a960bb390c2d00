//! A board's own marks drawn over a background shared by many boards.
//!
//! Most of a background depends on the options only: margin, frame,
//! squares, hatching, coordinate labels, player discs. A few parts change
//! from board to board in a batch of games: the last move's tinted squares
//! (and `--fill` tints), the check glow, and the text of player bars and
//! captions (names, clocks). Keyed on all of it, the cached background
//! missed for nearly every game and each PNG redrew it whole. So the
//! background is kept without those marks ([`shared_spec`]) and the marks
//! are drawn over a copy of it per board.
//!
//! The result is the same pixels as drawing everything at once: the marks
//! are drawn in their own order, in the same bands with the same calls (a
//! band's height and offset change how tiny-skia flattens a curve), over
//! the same pixels. That holds when nothing the shared background draws
//! after a mark (coordinate labels outside the board, panels and discs
//! around it) reaches the board, where the tints and glows lie; texts come
//! last of all. [`separable`] checks that, and a board where it fails is
//! drawn whole, as before.

use resvg::tiny_skia::Pixmap;

use super::draw::draw_shape;
use super::runs::bands;
use crate::layout::{BoardSpec, Glow, Item, Rect};

/// `board` without its marks: the tints that lie on the board's squares
/// and the texts. What every board drawn with these options shares (the
/// tints outside the board, a transparent frame's casing, stay); labels
/// cased in their square's colour take the untinted square's.
pub(super) fn shared_spec(board: &BoardSpec) -> BoardSpec {
    let mut shared = BoardSpec {
        tints: board
            .tints
            .iter()
            .filter(|t| !within(t.rect, board.board))
            .cloned()
            .collect(),
        texts: Vec::new(),
        ..board.clone()
    };
    shared.case_labels();
    shared
}

/// The marks of a board over `shared` (see [`shared_spec`]), in drawing
/// order: the tints on its squares, the check glows, the texts.
pub(super) fn marks<'a>(board: &'a BoardSpec, glows: &'a [Glow]) -> Vec<Item<'a>> {
    let tints = board.tints.iter().filter(|t| within(t.rect, board.board));
    tints
        .map(|t| Item::Rect(t.rect, t.color))
        .chain(glows.iter().map(Item::Glow))
        .chain(board.texts.iter().map(Item::Text))
        .collect()
}

/// Whether the marks of boards on `shared` can be drawn over it and give
/// the pixels of drawing everything at once: the glows lie on the board,
/// and no label, panel or disc (drawn after the tints and glows) reaches
/// into it.
pub(super) fn separable(shared: &BoardSpec, glows: &[Glow]) -> bool {
    let board = shared.board;
    if !glows.iter().all(|g| within(g.rect, board)) {
        return false;
    }
    let labels_clear = shared.labels_over_pieces
        || shared.labels.iter().all(|l| match l.ink() {
            // The casing's band, the stroke's half width and anti-aliasing.
            Some(ink) => !overlaps(grown(ink, l.casing.map_or(0.0, |h| h.width) + 2.0), board),
            None => true,
        });
    let panels_clear = shared
        .panels
        .iter()
        .all(|p| !overlaps(grown(p.rect, 1.0), board));
    let discs_clear = shared.discs.iter().all(|d| {
        let reach = d.r + d.outline.map_or(0.0, |(_, w)| w) + 1.0;
        let r = Rect {
            x: d.cx - reach,
            y: d.cy - reach,
            w: 2.0 * reach,
            h: 2.0 * reach,
        };
        !overlaps(r, board)
    });
    labels_clear && panels_clear && discs_clear
}

/// Draws `marks` over `pixmap` (the shared background, `breaks` its band
/// breaks) band by band, as the whole background is drawn: each band the
/// marks can reach is copied out into a band-sized pixmap, drawn into with
/// the band's offset, and copied back.
pub(super) fn draw(pixmap: &mut Pixmap, breaks: &[u32], marks: &[Item]) {
    let (width, height) = (pixmap.width(), pixmap.height());
    let row_bytes = width as usize * 4;
    draw_bands(width, height, breaks, marks, |step, band, top, end| {
        let rows = top as usize * row_bytes..end as usize * row_bytes;
        let len = rows.len();
        match step {
            BandStep::Fill => band.data_mut()[..len].copy_from_slice(&pixmap.data()[rows]),
            BandStep::Drawn(_) => pixmap.data_mut()[rows].copy_from_slice(&band.data()[..len]),
        }
    });
}

/// What [`draw_bands`] asks of its caller for one band.
pub(super) enum BandStep<'m, 'a> {
    /// Fill the band's first rows with the image rows from `top` to `end`
    /// of the shared background.
    Fill,
    /// The band's first rows are the image rows from `top` to `end` with
    /// these marks (those that reach the band) drawn.
    Drawn(&'m [Item<'a>]),
}

/// The banding of [`draw`] for any holder of the shared background (an
/// image `width`×`height` broken at `breaks`): for each band `marks` can
/// reach, `each(BandStep::Fill, band, top, end)` fills a band-sized
/// pixmap, the marks are drawn into it with the band's offset, and
/// `each(BandStep::Drawn(marks), band, top, end)` takes the result. The
/// one place the marks are drawn, so a caller that keeps only some of a
/// band (a game frame's changed squares) gets the pixels [`draw`] gives.
pub(super) fn draw_bands(
    width: u32,
    height: u32,
    breaks: &[u32],
    marks: &[Item],
    mut each: impl FnMut(BandStep, &mut Pixmap, u32, u32),
) {
    if marks.is_empty() {
        return;
    }
    let bands = bands(height, breaks);
    let band_rows = bands.iter().map(|(t, e)| e - t).max().unwrap_or(height);
    let mut band = Pixmap::new(width, band_rows).expect("image sizes are at least 1");
    let reaches: Vec<(f32, f32)> = marks.iter().map(rows_reached).collect();
    for (top, end) in bands {
        let here: Vec<Item> = marks
            .iter()
            .zip(&reaches)
            .filter(|&(_, &(y0, y1))| y1 >= top as f32 && y0 < end as f32)
            .map(|(&m, _)| m)
            .collect();
        if here.is_empty() {
            continue;
        }
        each(BandStep::Fill, &mut band, top, end);
        for &item in &here {
            draw_shape(&mut band, item, top);
        }
        each(BandStep::Drawn(&here), &mut band, top, end);
    }
}

/// The image rows (from, to) a mark (or a badge over the pieces) can
/// touch, generously: a band it does not touch is left alone, and drawing
/// it into a band it cannot reach would change nothing there.
pub(super) fn rows_reached(item: &Item) -> (f32, f32) {
    let disc = |d: &crate::layout::Disc| {
        let r = d.r + d.outline.map_or(0.0, |o| o.1) + 2.0;
        (d.cy - r, d.cy + r)
    };
    match item {
        Item::Rect(r, _) => (r.y - 1.0, r.y + r.h + 1.0),
        Item::Glow(g) => (g.rect.y - 1.0, g.rect.y + g.rect.h + 1.0),
        Item::Text(t) => {
            // Two ems above the baseline and one below cover accents and
            // descenders; the casing's stroke reaches further.
            let casing = t.casing.map_or(0.0, |(_, w)| w);
            (
                t.y - 2.0 * t.size - casing - 2.0,
                t.y + t.size + casing + 2.0,
            )
        }
        // Opaque markup drawn over a board's pieces (`marked_tiles`).
        Item::GlyphBadge(b) => disc(&b.disc),
        Item::PromotedSign(d) => disc(d),
        // Anything else: every row.
        _ => (f32::NEG_INFINITY, f32::INFINITY),
    }
}

/// Whether `r` lies inside `area` (edges included).
fn within(r: Rect, area: Rect) -> bool {
    r.x >= area.x && r.y >= area.y && r.x + r.w <= area.x + area.w && r.y + r.h <= area.y + area.h
}

/// Whether `a` and `b` share any area.
pub(super) fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// `r` grown by `by` on every side.
fn grown(r: Rect, by: f32) -> Rect {
    Rect {
        x: r.x - by,
        y: r.y - by,
        w: r.w + 2.0 * by,
        h: r.h + 2.0 * by,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::color::Rgba;
    use crate::options::Coordinates;
    use crate::raster::Rasterizer;
    use crate::test_support::game_board;

    /// Every theme and placement of labels a game is drawn in.
    fn cases() -> Vec<(&'static str, Coordinates, bool)> {
        let mut cases = Vec::new();
        for theme in ["brown", "print", "blue"] {
            for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
                for transparent in [false, true] {
                    cases.push((theme, coordinates, transparent));
                }
            }
        }
        cases
    }

    #[test]
    fn marks_over_the_shared_background_give_the_board_drawn_whole() {
        for (theme, coordinates, transparent) in cases() {
            let board = game_board(theme, coordinates, transparent, 1);
            assert!(!marks(&board.frame.board, &board.glows).is_empty());
            let mut raster = Rasterizer::new();
            // Once over the shared background, then (the same board again)
            // drawn and cached whole.
            let shared = raster.render(&board);
            let whole = raster.render(&board);
            let case = format!("{theme} {coordinates:?} transparent={transparent}");
            let keys: Vec<_> = raster.parts.backgrounds.keys().collect();
            assert_eq!(keys.len(), 2, "{case}: the shared and the whole background");
            assert_eq!(keys[0].0, shared_spec(&board.frame.board), "{case}");
            assert!(keys[0].1.is_empty(), "{case}: no glow in the shared one");
            assert_eq!(shared.data(), whole.data(), "{case}");
        }
    }

    #[test]
    fn a_board_after_differently_marked_ones_is_drawn_as_by_a_fresh_rasterizer() {
        for (theme, coordinates, transparent) in cases() {
            let case = format!("{theme} {coordinates:?} transparent={transparent}");
            let mut used = Rasterizer::new();
            for n in 0..3 {
                used.render(&game_board(theme, coordinates, transparent, n));
            }
            let last = game_board(theme, coordinates, transparent, 3);
            let fresh = Rasterizer::new().render(&last);
            assert_eq!(used.render(&last).data(), fresh.data(), "{case}");
            // The shared background was drawn once for all four boards.
            let shared = shared_spec(&last.frame.board);
            let count = used
                .parts
                .backgrounds
                .keys()
                .filter(|k| k.0 == shared)
                .count();
            assert_eq!(count, 1, "{case}");
            // And the palette path, whose tiles are drawn over it.
            let mut used = Rasterizer::new();
            for n in 0..3 {
                used.render_indexed(&game_board(theme, coordinates, transparent, n));
            }
            // (None where print's check ring is drawn over the pieces.)
            let picture = |img: Option<crate::pixels::IndexedImage>| {
                img.map(|i| (i.indices, i.palette.colors.clone()))
            };
            let fresh = picture(Rasterizer::new().render_indexed(&last));
            assert_eq!(fresh.is_some(), theme != "print", "{case}");
            assert_eq!(picture(used.render_indexed(&last)), fresh, "{case}");
        }
    }

    #[test]
    fn a_board_whose_marks_cannot_be_separated_is_drawn_whole() {
        let board = game_board("brown", Coordinates::Outside, false, 1);
        let mut shared = shared_spec(&board.frame.board);
        assert!(separable(&shared, &board.glows));
        // A panel reaching into the board would be drawn after the tints.
        shared.panels.push(crate::layout::Tint {
            rect: Rect {
                x: shared.board.x + 10.0,
                y: shared.board.y - 5.0,
                w: 20.0,
                h: 20.0,
            },
            color: Rgba::rgb(0, 0, 0),
        });
        assert!(!separable(&shared, &board.glows));
    }
}
