//! The outer geometry: how big a square is, and how much room each side of
//! the board gets for what is drawn there (rank labels left, file labels
//! below, the side-to-move marker and three-check marks right, pockets and
//! player bars at each player's side, the caption above or below). A side
//! where nothing is drawn gets no margin. The image is `size` pixels wide;
//! its height follows.
//!
//! Every band edge is a whole pixel, so square edges stay on the pixel grid.
//!
//! Coordinate labels are never smaller than [`MIN_LABEL_CAP`] pixels (cap
//! height): the margin grows to hold them. At tiny sizes they move, by one
//! rule: inside labels go outside when a square is under
//! [`MIN_INSIDE_SQUARE`] pixels (a 7 px label would cover a third of the
//! square), and outside labels are dropped when a square is under
//! [`MIN_OUTSIDE_SQUARE`] pixels (a 7 px digit would not fit its rank).

use super::extras::Extras;
use super::items::Rect;
use super::text::clip;
use crate::assets::font::wrap::fit_lines;
use crate::assets::font::{font, Weight};
use crate::assets::theme::Annotations;
use crate::options::{CaptionPosition, Coordinates, DiagramOptions};
use fen2img_chess::Color;

/// Width of the margin that holds rank labels (and height of the band that
/// holds file labels), in squares.
pub(super) const MARGIN: f32 = 0.40;
/// Width of the column right of the board (marker, three-check marks), in
/// squares.
const RIGHT_MARGIN: f32 = 0.40;
/// Least width of the right-hand column, in pixels: a 7 px marker (disc,
/// or print's box) and 2 px clear on each side. (At 6 px a 160 px board's
/// disc was 3 px across: a dot, not a sign.)
const MIN_RIGHT: f32 = 11.0;
/// Cap height of outside labels, in squares.
pub(super) const OUTSIDE_LABEL_CAP: f32 = 0.24;
/// Cap height of inside (corner) labels, in squares.
pub(super) const INSIDE_LABEL_CAP: f32 = 0.19;
/// The smallest cap height of a coordinate label, in pixels.
pub const MIN_LABEL_CAP: f32 = 7.0;
/// The smallest cap height of print's outside labels, in pixels: what a
/// 1-bit threshold leaves of smaller ones is wrong letterforms (TeX's
/// diagrams print theirs about 12 px tall at 35 mm and 150 dpi).
pub(super) const PRINT_MIN_LABEL_CAP: f32 = 9.0;
/// Print's labels as a share of the image's width, cap height: 1.54 mm at
/// 35 mm, the cap height of 6.2 pt type (the label font's capitals are
/// 0.7 em), whatever the resolution. Smaller type thins to broken strokes
/// on newsprint.
pub(super) const PRINT_CAP_SHARE: f32 = 0.044;
/// Print's least text size (caption, number, player bars), pixels per
/// em, as a share of the image's width: 6 pt type at 35 mm.
pub(super) const PRINT_EM_SHARE: f32 = 0.0605;
/// Print's right-hand column (the side-to-move box), as a share of the
/// image's width.
const PRINT_RIGHT_SHARE: f32 = 0.055;
/// Print's paper above the board's frame (and right of it without a
/// column there), as a share of the image's width: the frame stays off
/// the image's edge, where a trim or a plate's edge would take it.
const PRINT_PAD_SHARE: f32 = 0.012;
/// Print's room above a file letter's cap and below its descender, in
/// cap heights: the band under the board holds the `g`'s tail too.
const PRINT_LETTER_GAP: f32 = 0.3;
/// Below this square size (pixels) inside labels move outside.
pub const MIN_INSIDE_SQUARE: f32 = 24.0;
/// Below this square size (pixels) outside labels are dropped.
pub const MIN_OUTSIDE_SQUARE: f32 = 12.0;
/// Caption and number size, pixels per em, in squares.
const CAPTION_EM: f32 = 0.36;
/// Player bar text size, pixels per em, in squares.
const BAR_EM: f32 = 0.34;
/// The smallest text size, pixels per em: a cap height of 7 px.
const MIN_EM: f32 = 10.0;
/// Line height of captions, in ems.
const LINE_HEIGHT: f32 = 1.3;
/// Room above and below a caption's lines, in ems.
const CAPTION_PAD: f32 = 0.35;
/// Height of a player bar, in ems of its text.
const BAR_HEIGHT: f32 = 1.7;
/// Gap between the board (or its labels) and a pocket tray, in squares.
const POCKET_GAP: f32 = 0.2;
/// At most this many caption lines (the last one ends with an ellipsis
/// when the text is longer).
const CAPTION_LINES: usize = 3;

/// Where coordinate labels go, after the size rules.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum LabelPlace {
    /// In the margins; cap height in pixels.
    Outside { cap: f32 },
    /// In the corner squares; cap height in pixels.
    Inside { cap: f32 },
    /// Not drawn.
    None,
}

/// The caption block: its band, lines (text, bold) and text size.
#[derive(Debug, Clone)]
pub(super) struct CaptionPlan {
    pub band: Rect,
    pub lines: Vec<(String, bool)>,
    pub size: f32,
}

/// The geometry of one frame.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    pub width: u32,
    pub height: u32,
    pub square: f32,
    /// Width of the frame around the board, pixels (0 without one).
    pub frame: f32,
    /// The 8×8 area.
    pub board: Rect,
    pub labels: LabelPlace,
    /// The column left of the frame, beside the board's rows.
    pub rank_band: Rect,
    /// The band under the frame, beside the board's files.
    pub file_band: Rect,
    /// The column right of the frame, beside the board's rows (zero wide
    /// when nothing is drawn there).
    pub right_band: Rect,
    /// Pocket trays by [`Color`]: five slots in a row, the board's width
    /// (each a square for the piece and room beside it for its count).
    pub pockets: [Option<Rect>; 2],
    /// Player bars by [`Color`].
    pub bars: [Option<(Rect, f32)>; 2],
    pub caption: Option<CaptionPlan>,
}

/// Pixel widths of the columns for square size `sq`.
struct Columns {
    left: f32,
    frame: f32,
    right: f32,
}

impl Columns {
    fn total(&self, sq: f32) -> f32 {
        self.left + 2.0 * self.frame + self.right + 8.0 * sq
    }
}

/// How the room beside the board is measured.
#[derive(Debug, Clone, Copy)]
enum Sizing {
    /// In squares, labels at least `min_cap` pixels tall (screens).
    Squares { min_cap: f32 },
    /// In shares of the image's width, `size` pixels (print, one ink): a
    /// printed width then gives the same layout at every resolution, to
    /// the pixel (the squares stay whole pixels, for the hatching).
    Print { size: f32 },
}

impl Sizing {
    /// The least text size around the board, pixels per em.
    fn min_em(self) -> f32 {
        match self {
            Sizing::Squares { .. } => MIN_EM,
            Sizing::Print { size } => (PRINT_EM_SHARE * size).max(MIN_EM),
        }
    }

    /// The cap height of outside labels on squares of `sq` pixels.
    fn outside_cap(self, sq: f32) -> f32 {
        match self {
            Sizing::Squares { min_cap } => (OUTSIDE_LABEL_CAP * sq).max(min_cap),
            Sizing::Print { size } => print_cap(size),
        }
    }
}

/// Print's cap height of every label at an image `size` pixels wide.
fn print_cap(size: f32) -> f32 {
    (PRINT_CAP_SHARE * size).max(PRINT_MIN_LABEL_CAP)
}

/// `right` is the least width of the right-hand column (the side-to-move
/// marker's and the check counters'), `None` for no column.
fn columns(sq: f32, left: bool, right: Option<f32>, frame_ratio: f32, sizing: Sizing) -> Columns {
    let right_share = match sizing {
        Sizing::Squares { .. } => RIGHT_MARGIN * sq,
        Sizing::Print { size } => PRINT_RIGHT_SHARE * size,
    };
    Columns {
        left: if left { label_margin(sq, sizing) } else { 0.0 },
        frame: if frame_ratio > 0.0 {
            (frame_ratio * sq).round().max(1.0)
        } else {
            0.0
        },
        right: right.map_or(0.0, |least| right_share.round().max(least)),
    }
}

/// The margin that holds outside labels (see [`Sizing`]).
fn label_margin(sq: f32, sizing: Sizing) -> f32 {
    let cap = sizing.outside_cap(sq);
    match sizing {
        Sizing::Squares { .. } => (MARGIN * sq).max(cap / OUTSIDE_LABEL_CAP * MARGIN),
        Sizing::Print { .. } => cap / OUTSIDE_LABEL_CAP * MARGIN,
    }
    .round()
}

/// The largest whole square size whose columns fit in `size` pixels.
fn solve(size: f32, left: bool, right: Option<f32>, frame_ratio: f32, sizing: Sizing) -> f32 {
    let guess = (size / (8.0 + 2.0 * frame_ratio)).floor() + 1.0;
    let mut sq = guess.max(1.0);
    while sq > 1.0 && columns(sq, left, right, frame_ratio, sizing).total(sq) > size {
        sq -= 1.0;
    }
    sq
}

/// The label rules, in order: inside labels too small move outside,
/// outside labels too small are dropped. The mode the labels of a board
/// `size` pixels wide get when `asked` is what the options ask for.
fn label_mode(
    asked: Coordinates,
    size: f32,
    right: Option<f32>,
    frame_ratio: f32,
    sizing: Sizing,
) -> Coordinates {
    let mut mode = asked;
    if mode == Coordinates::Inside
        && solve(size, false, right, frame_ratio, sizing) < MIN_INSIDE_SQUARE
    {
        mode = Coordinates::Outside;
    }
    if mode == Coordinates::Outside
        && solve(size, true, right, frame_ratio, sizing) < MIN_OUTSIDE_SQUARE
    {
        mode = Coordinates::None;
    }
    mode
}

/// Where the labels of `mode` go on squares of `sq` pixels, and their
/// cap height.
fn label_place(mode: Coordinates, sizing: Sizing, sq: f32) -> LabelPlace {
    match mode {
        Coordinates::Outside => LabelPlace::Outside {
            cap: sizing.outside_cap(sq),
        },
        Coordinates::Inside => LabelPlace::Inside {
            cap: match sizing {
                Sizing::Squares { .. } => (INSIDE_LABEL_CAP * sq).max(MIN_LABEL_CAP),
                // A 6 pt label inside a 4 mm square would cover the
                // pieces: inside labels keep a fifth of a square, at least
                // print's least label (outside labels are for small print).
                Sizing::Print { .. } => (INSIDE_LABEL_CAP * sq).max(PRINT_MIN_LABEL_CAP),
            },
        },
        Coordinates::None => LabelPlace::None,
    }
}

/// The margins beside the board and the padding around it, in pixels.
struct Margins {
    left: f32,
    right: f32,
    pad_left: f32,
    pad_top: f32,
    pad_bottom: f32,
}

/// Spreads the `extra` pixels left over from whole squares: they widen the
/// margins that exist (`left`, `right`); without any, they pad the board
/// evenly on all sides.
fn spread_extra(extra: f32, left: f32, right: f32) -> Margins {
    let mut m = Margins {
        left,
        right,
        pad_left: 0.0,
        pad_top: 0.0,
        pad_bottom: 0.0,
    };
    if left > 0.0 && right > 0.0 {
        m.left += (extra / 2.0).floor();
        m.right += extra - (extra / 2.0).floor();
    } else if left > 0.0 {
        m.left += extra;
    } else if right > 0.0 {
        m.right += extra;
    } else {
        m.pad_left = (extra / 2.0).floor();
        m.pad_top = m.pad_left;
        m.pad_bottom = extra - m.pad_left;
    }
    m
}

/// The height of the band of file letters below the board: none without
/// outside labels, the rank column's width on screen.
fn file_band_height(outside: bool, sizing: Sizing, labels: LabelPlace, rank_column: f32) -> f32 {
    match (outside, sizing, labels) {
        (false, ..) => 0.0,
        // Print: the letters' caps and the g's tail, with room above and
        // below, so no descender reaches the image's last row.
        (true, Sizing::Print { .. }, LabelPlace::Outside { cap }) => {
            let font = crate::assets::labels::LabelFont::get();
            let tail = font.descender / font.cap_height;
            (cap * (1.0 + tail + 2.0 * PRINT_LETTER_GAP)).round()
        }
        (true, ..) => rank_column,
    }
}

/// How the room around the board is sized. One ink (print): a threshold
/// breaks letters of 7 px into wrong shapes, so print's labels are never
/// smaller than 9 px, and the room beside the board is a share of the
/// width, the same on paper at every resolution.
fn sizing(options: &DiagramOptions) -> Sizing {
    if options.theme.annotations == Annotations::Ink {
        Sizing::Print {
            size: options.size as f32,
        }
    } else {
        Sizing::Squares {
            min_cap: MIN_LABEL_CAP,
        }
    }
}

/// Plans the frame for `options` and what the position adds.
pub(super) fn plan(options: &DiagramOptions, extras: Extras) -> Plan {
    let size = options.size as f32;
    let frame_ratio = if options.border {
        options.theme.border_width
    } else {
        0.0
    };
    // The column is wide enough for a 7 px marker at every size.
    let right = (options.side_to_move || extras.checks).then_some(MIN_RIGHT);
    let sizing = sizing(options);
    let mode = label_mode(options.coordinates, size, right, frame_ratio, sizing);
    let outside = mode == Coordinates::Outside;
    // Print's paper above the frame and, without a column there, right
    // of it (taken before the squares are fitted).
    let print_pad = match sizing {
        Sizing::Print { size } => (PRINT_PAD_SHARE * size).round().max(1.0),
        Sizing::Squares { .. } => 0.0,
    };
    let pad_right_print = if right.is_none() { print_pad } else { 0.0 };
    let room = size - pad_right_print;
    let sq = solve(room, outside, right, frame_ratio, sizing);
    let cols = columns(sq, outside, right, frame_ratio, sizing);
    let labels = label_place(mode, sizing, sq);
    let Margins {
        left,
        right: right_w,
        pad_left,
        pad_top,
        pad_bottom,
    } = spread_extra((room - cols.total(sq)).max(0.0), cols.left, cols.right);
    let frame = cols.frame;
    let outer_x = pad_left + left;
    let outer_w = 8.0 * sq + 2.0 * frame;
    let top_side = if options.flip {
        Color::White
    } else {
        Color::Black
    };
    let bottom_side = top_side.opponent();
    let around = &options.around;
    let caption = caption_lines(options, extras, sq, outer_w, sizing.min_em());
    let caption_h = caption
        .as_ref()
        .map_or(0.0, |(lines, em)| caption_height(lines.len(), *em));
    let bar_em = (BAR_EM * sq).max(sizing.min_em());
    let bar_h = (bar_em * BAR_HEIGHT).round();
    let gap = pocket_gap(sq);

    let mut y = pad_top + print_pad;
    let mut caption_band = None;
    let above = around.caption_position == CaptionPosition::Above;
    if above && caption.is_some() {
        caption_band = Some(Rect {
            x: 0.0,
            y,
            w: size,
            h: caption_h,
        });
        y += caption_h;
    }
    let mut bars = [None, None];
    let mut pockets = [None, None];
    if around.player(top_side).is_some() {
        bars[top_side as usize] = Some((band(outer_x, y, outer_w, bar_h), bar_em));
        y += bar_h;
    }
    if extras.pockets {
        // A gap on both sides of a tray: from the board and from the edge
        // (or the player bar).
        pockets[top_side as usize] = Some(band(outer_x, y + gap, outer_w, sq));
        y += sq + 2.0 * gap;
    }
    let board = Rect {
        x: outer_x + frame,
        y: y + frame,
        w: 8.0 * sq,
        h: 8.0 * sq,
    };
    y += outer_w;
    let file_h = file_band_height(outside, sizing, labels, cols.left);
    let file_band = band(board.x, y, board.w, file_h);
    y += file_h;
    if extras.pockets {
        pockets[bottom_side as usize] = Some(band(outer_x, y + gap, outer_w, sq));
        y += sq + 2.0 * gap;
    }
    if around.player(bottom_side).is_some() {
        bars[bottom_side as usize] = Some((band(outer_x, y, outer_w, bar_h), bar_em));
        y += bar_h;
    }
    if !above && caption.is_some() {
        caption_band = Some(band(0.0, y, size, caption_h));
        y += caption_h;
    }
    y += pad_bottom;
    Plan {
        width: options.size,
        height: y as u32,
        square: sq,
        frame,
        board,
        labels,
        rank_band: band(pad_left, board.y, left, board.h),
        file_band,
        right_band: band(outer_x + outer_w, board.y, right_w, board.h),
        pockets,
        bars,
        caption: caption
            .zip(caption_band)
            .map(|((lines, size), band)| CaptionPlan { band, lines, size }),
    }
}

/// The gap between a pocket tray and what is next to it (the board, a
/// player bar, the image's edge), in pixels.
pub(super) fn pocket_gap(sq: f32) -> f32 {
    (POCKET_GAP * sq).round().max(2.0)
}

fn band(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect { x, y, w, h }
}

fn caption_height(lines: usize, em: f32) -> f32 {
    (em * (2.0 * CAPTION_PAD + LINE_HEIGHT * lines as f32)).round()
}

/// The caption's lines (number first, in bold; then the caption wrapped to
/// `width`) and their size, or `None` when there is no caption.
fn caption_lines(
    options: &DiagramOptions,
    extras: Extras,
    sq: f32,
    width: f32,
    min_em: f32,
) -> Option<(Vec<(String, bool)>, f32)> {
    let around = &options.around;
    let em = (CAPTION_EM * sq).max(min_em);
    let mut lines = Vec::new();
    if let Some(number) = around.number_text() {
        let fitted = fit_lines(font(Weight::Bold), clip(&number), em, width, 1);
        lines.extend(fitted.lines.into_iter().map(|l| (l, true)));
    }
    let caption = super::extras::caption_text(around, extras.turn);
    if let Some(text) = caption {
        let room = CAPTION_LINES.saturating_sub(lines.len()).max(1);
        let fitted = balanced(clip(&text), em, width, room);
        lines.extend(fitted.into_iter().map(|l| (l, false)));
    }
    (!lines.is_empty()).then_some((lines, em))
}

/// A caption wrapped into at most `max_lines` lines of `width`, balanced:
/// when it takes several lines and all of it fits, the narrowest width
/// that keeps the same number of lines is used, so the last line is not a
/// lone word ("1995") under a full one, as a typesetter balances a
/// centred caption.
fn balanced(text: &str, em: f32, width: f32, max_lines: usize) -> Vec<String> {
    let regular = font(Weight::Regular);
    let fitted = fit_lines(regular, text, em, width, max_lines);
    let n = fitted.lines.len();
    if n < 2 || fitted.truncated {
        return fitted.lines;
    }
    // Bisect on the width: the narrowest that still fits in `n` lines.
    let (mut lo, mut hi) = (width / n as f32, width);
    for _ in 0..12 {
        let mid = (lo + hi) / 2.0;
        let f = fit_lines(regular, text, em, mid, max_lines);
        if f.truncated || f.lines.len() > n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    fit_lines(regular, text, em, hi, max_lines).lines
}

/// The baselines of a caption's lines in its band: each line's cap height
/// centred in its line box.
pub(super) fn caption_baselines(plan: &CaptionPlan) -> Vec<f32> {
    let em = plan.size;
    let cap = crate::assets::font::font(Weight::Regular).cap_height(em);
    (0..plan.lines.len())
        .map(|i| {
            let top = plan.band.y + em * (CAPTION_PAD + LINE_HEIGHT * i as f32);
            top + (LINE_HEIGHT * em + cap) / 2.0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 21: a 160 px caption left "1995" alone on its last line.
    #[test]
    fn caption_lines_are_balanced() {
        let text = "Ljubojević – Širov, Linares 1995";
        let regular = font(Weight::Regular);
        for (width, em) in [(140.0, 10.0), (200.0, 12.0), (300.0, 16.0)] {
            let plain = fit_lines(regular, text, em, width, 3);
            let lines = balanced(text, em, width, 3);
            assert_eq!(lines.len(), plain.lines.len(), "{width}");
            assert_eq!(lines.join(" "), text, "{width}: all of it");
            if lines.len() > 1 {
                let widths: Vec<f32> = lines.iter().map(|l| regular.shape(l, em).width).collect();
                let (short, long) = widths
                    .iter()
                    .fold((f32::MAX, 0.0f32), |(a, b), &w| (a.min(w), b.max(w)));
                // No lone last word: the shortest line at least half the
                // longest, and the longest within the width.
                assert!(short >= long / 2.0, "{width}: {lines:?}");
                assert!(long <= width, "{width}");
            }
        }
    }

    fn options(size: u32, coordinates: Coordinates, side_to_move: bool) -> DiagramOptions {
        DiagramOptions {
            size,
            coordinates,
            side_to_move,
            ..DiagramOptions::default()
        }
    }

    #[test]
    fn bare_boards_have_no_margin() {
        for size in [32, 100, 256, 399, 400, 720] {
            let mut o = options(size, Coordinates::None, false);
            o.border = false;
            let p = plan(&o, Extras::default());
            let slack = size as f32 - p.board.w;
            assert!(slack < 8.0, "{size}: {slack}");
            assert!(p.board.x <= slack / 2.0 && p.board.y == p.board.x);
            assert_eq!(p.height, size, "a bare board stays square");
        }
    }

    #[test]
    fn margins_only_where_something_is_drawn() {
        let p = plan(&options(400, Coordinates::None, true), Extras::default());
        assert_eq!(p.rank_band.w, 0.0);
        assert!(p.right_band.w > 0.0);
        assert_eq!(p.board.y, p.frame, "nothing above the frame");
        assert_eq!(p.height as f32, p.board.h + 2.0 * p.frame);
        let p = plan(
            &options(400, Coordinates::Outside, false),
            Extras::default(),
        );
        assert!(p.rank_band.w > 0.0 && p.file_band.h > 0.0);
        assert_eq!(p.right_band.w, 0.0);
        assert_eq!(p.board.x + p.board.w + p.frame, 400.0, "nothing right");
    }

    #[test]
    fn labels_keep_seven_pixels_or_follow_the_rule() {
        for size in 32..=720 {
            for coordinates in [Coordinates::Outside, Coordinates::Inside] {
                let p = plan(&options(size, coordinates, true), Extras::default());
                assert_eq!(p.square.fract(), 0.0);
                assert_eq!(p.board.x.fract() + p.board.y.fract(), 0.0);
                assert!(p.board.x + p.board.w + p.frame + p.right_band.w <= size as f32);
                match p.labels {
                    LabelPlace::Outside { cap } => {
                        assert!(cap >= MIN_LABEL_CAP);
                        assert!(p.square >= MIN_OUTSIDE_SQUARE, "{size}");
                        assert!(p.rank_band.w >= cap, "{size}: margin holds the label");
                    }
                    LabelPlace::Inside { cap } => {
                        assert!(cap >= MIN_LABEL_CAP);
                        assert!(p.square >= MIN_INSIDE_SQUARE, "{size}");
                    }
                    LabelPlace::None => {
                        // Dropped only when they would not fit their ranks.
                        let ratio = DiagramOptions::default().theme.border_width;
                        assert!(
                            solve(
                                size as f32,
                                true,
                                Some(MIN_RIGHT),
                                ratio,
                                Sizing::Squares {
                                    min_cap: MIN_LABEL_CAP
                                }
                            ) < MIN_OUTSIDE_SQUARE
                        );
                    }
                }
            }
        }
        // The rule at its edges: tiny boards drop labels, small inside
        // labels move out.
        let tiny = plan(&options(64, Coordinates::Outside, true), Extras::default());
        assert_eq!(tiny.labels, LabelPlace::None);
        let small = plan(&options(180, Coordinates::Inside, true), Extras::default());
        assert!(matches!(small.labels, LabelPlace::Outside { .. }));
        let big = plan(&options(400, Coordinates::Inside, true), Extras::default());
        assert!(matches!(big.labels, LabelPlace::Inside { .. }));
    }
}
