//! Building a [`Frame`]: the outer geometry (see `outer`) filled with what
//! the options draw there: labels, tints, the markers, the caption, player
//! bars, pocket trays and the places of three-check signs.

use super::bars::{caption_texts, player_bar};
use super::checks::CheckSpec;
use super::extras::Extras;
use super::frame::{BoardSpec, Frame, GlyphSpec, LabelCasing, MarkupPaint, SpriteSpec};
use super::items::{Halo, MoverMark, PlacedLabel, Rect, Tint, INK};
use super::outer::MIN_LABEL_CAP;
use super::outer::{plan, LabelPlace, Plan};
use super::pockets::{tray_color, tray_frame, PocketSpec};
use super::text::{self, missing_glyphs};
use super::LayoutError;
use super::{hatch, ink, label_ink, og, page};
use crate::assets::color::Rgba;
use crate::assets::labels::{LabelFont, BASELINE};
use crate::assets::theme::Annotations;
use crate::options::{DiagramOptions, Preset, SIZE_RANGE};
use fen2img_chess::{Color, Square};

/// Gap between a corner label and the square's edge, in squares.
const INSIDE_LABEL_INSET: f32 = 0.055;
/// Gap between a file letter (bottom-right corner) and the square's edges,
/// in squares: less than the numbers', beside the pieces' bases.
const INSIDE_FILE_INSET: f32 = 0.03;
/// Size of the file letters against the rank numbers inside the board.
const INSIDE_FILE_SCALE: f32 = 0.88;
/// Width of an inside label's casing beyond its outline, in squares, and
/// at least in pixels: two pixels leave a whole pixel of the square
/// between a label's anti-aliased edge and a piece's.
const INSIDE_LABEL_CASING: f32 = 0.03;
const MIN_INSIDE_CASING: f32 = 2.5;

impl Frame {
    /// The frame `options` draw (everything but the position and its
    /// per-board markup: arrows, X marks and the check glow), for a
    /// position without pockets or check counters.
    pub fn new(options: &DiagramOptions) -> Result<Frame, LayoutError> {
        Frame::with_extras(options, Extras::default())
    }

    /// The frame `options` draw for positions that add `extras` (pockets,
    /// three-check counters, the side to move of an automatic caption).
    pub fn with_extras(options: &DiagramOptions, extras: Extras) -> Result<Frame, LayoutError> {
        check_size(options)?;
        let theme = &options.theme;
        let (plan, panel) = match options.preset {
            Preset::Diagram => (plan(options, extras), None),
            Preset::Og => {
                let (plan, panel) = og::plan(options, extras);
                (plan, Some(panel))
            }
        };
        let square = plan.square;
        let halo = theme.halo.map(|color| Halo {
            color,
            // At least a pixel and a half: a whole paper pixel between a
            // piece and the pixel-grid hatching, whatever the sub-pixel edge.
            width: (theme.halo_width * square).max(1.5),
        });
        let mut spec = board_spec(options, &plan, halo);
        place_tints(&mut spec, options);
        place_labels(&mut spec, options, &plan);
        if options.transparent {
            cased_for_any_page(&mut spec, options, &plan);
        }
        spec.case_labels();
        place_text(&mut spec, options, &plan);
        if let Some(panel) = panel {
            og::place_panel(&mut spec, options, panel, extras.turn);
        }
        let one_ink = theme.annotations == Annotations::Ink;
        let pockets = place_trays(&mut spec, options, &plan, one_ink);
        let checks = check_spec(options, &plan, extras);
        let movers = movers(&spec, options, &plan, one_ink);
        Ok(Frame {
            sprites: SpriteSpec {
                glyphs: GlyphSpec {
                    pieces: options.piece_set(),
                    size: square as u32,
                    min_stroke: theme.outline_min,
                },
                halo,
                hatch: halo.and(spec.hatch),
            },
            movers,
            markup: MarkupPaint {
                check: theme.check,
                mark: theme.mark,
                mark_width_ratio: 0.09,
                mark_casing: halo,
                arrows: theme.arrows,
                annotations: theme.annotations,
                lastmove: theme.lastmove,
            },
            board: spec,
            pockets,
            checks,
            missing_glyphs: missing_around_glyphs(options),
            lead: options.around.describe(),
        })
    }
}

/// A diagram's width must be in [`SIZE_RANGE`] (the social preview's page
/// has its own size).
fn check_size(options: &DiagramOptions) -> Result<(), LayoutError> {
    if options.preset == Preset::Diagram && !SIZE_RANGE.contains(&options.size) {
        return Err(LayoutError(format!(
            "size {} is out of range: give a width from {} to {} pixels",
            options.size,
            SIZE_RANGE.start(),
            SIZE_RANGE.end()
        )));
    }
    Ok(())
}

/// The board's geometry and colours from `plan`, with nothing placed on it
/// yet (tints, labels, panels, discs and texts come after).
fn board_spec(options: &DiagramOptions, plan: &Plan, halo: Option<Halo>) -> BoardSpec {
    let theme = &options.theme;
    let (square, frame, board) = (plan.square, plan.frame, plan.board);
    let inside = matches!(plan.labels, LabelPlace::Inside { .. });
    BoardSpec {
        width: plan.width,
        height: plan.height,
        background: if options.transparent {
            None
        } else {
            theme.background
        },
        border: (frame > 0.0).then_some({
            (
                Rect {
                    x: board.x - frame,
                    y: board.y - frame,
                    w: board.w + 2.0 * frame,
                    h: board.h + 2.0 * frame,
                },
                theme.border,
            )
        }),
        board,
        square,
        flipped: options.flip,
        light: theme.light,
        dark: theme.dark,
        hatch: theme.hatch.and_then(|h| hatch::on_pixels(h, square)),
        tints: Vec::new(),
        labels: Vec::new(),
        labels_over_pieces: inside,
        // Inside, labels lie over the pieces: cased in the paper colour on
        // haloed themes (print stays one ink), else in their square's.
        label_casing: match (inside, halo) {
            (true, Some(halo)) => LabelCasing::Paint(halo),
            (true, None) => {
                LabelCasing::Ground((INSIDE_LABEL_CASING * square).max(MIN_INSIDE_CASING))
            }
            (false, _) => LabelCasing::None,
        },
        panels: Vec::new(),
        discs: Vec::new(),
        texts: Vec::new(),
    }
}

/// The pocket trays' backgrounds (a frame in one ink, else a tint) into
/// `spec`'s panels, and where the pocket pieces go.
fn place_trays(
    spec: &mut BoardSpec,
    options: &DiagramOptions,
    plan: &Plan,
    one_ink: bool,
) -> PocketSpec {
    let coordinates = options.theme.coordinates;
    for tray in plan.pockets.iter().flatten() {
        if one_ink {
            spec.panels
                .extend(tray_frame(*tray, coordinates, plan.square));
        } else {
            spec.panels.push(Tint {
                rect: *tray,
                color: tray_color(coordinates),
            });
        }
    }
    PocketSpec {
        trays: plan.pockets,
        square: plan.square,
        one_ink,
    }
}

/// Where three-check counters' signs go, if the position has them.
fn check_spec(options: &DiagramOptions, plan: &Plan, extras: Extras) -> CheckSpec {
    if !extras.checks {
        return CheckSpec::default();
    }
    let bottom = if options.flip {
        Color::Black
    } else {
        Color::White
    };
    // Ink-only themes draw given checks hollow, on the page's paper.
    let paper = (options.theme.annotations == Annotations::Ink)
        .then(|| options.theme.background.unwrap_or(Rgba::rgb(255, 255, 255)));
    CheckSpec::new(
        plan.right_band,
        plan.square,
        bottom,
        options.side_to_move,
        paper,
    )
}

/// The side-to-move disc for each colour, when the options ask for one.
fn movers(
    spec: &BoardSpec,
    options: &DiagramOptions,
    plan: &Plan,
    one_ink: bool,
) -> [Option<MoverMark>; 2] {
    // A social preview says whose move it is in its panel, in words:
    // the disc beside the board would say it twice.
    let marked = options.side_to_move && options.preset == Preset::Diagram;
    let mover = |turn| marked.then(|| mover_mark(spec, plan, turn, one_ink));
    [mover(Color::White), mover(Color::Black)].map(|m| {
        m.map(|m| {
            if options.transparent {
                page::mover(m)
            } else {
                m
            }
        })
    })
}

/// The characters of the caption and player texts that the diagram font
/// lacks, each once, in order of first use.
fn missing_around_glyphs(options: &DiagramOptions) -> Vec<char> {
    let mut missing: Vec<char> = Vec::new();
    for text in options.around.texts() {
        for c in missing_glyphs(&text) {
            if !missing.contains(&c) {
                missing.push(c);
            }
        }
    }
    missing
}

/// The caption's lines and the player bars. On a transparent background
/// each run of text and each disc gets the casing labels get, so that it
/// reads on a white page and on a dark one.
fn place_text(spec: &mut BoardSpec, options: &DiagramOptions, plan: &Plan) {
    let ink = page_ink(options);
    let one_ink = options.theme.annotations == Annotations::Ink;
    let first = spec.texts.len();
    if let Some(caption) = &plan.caption {
        let centre = spec.board.x + spec.board.w / 2.0;
        spec.texts.extend(caption_texts(caption, centre, ink));
    }
    for color in [Color::White, Color::Black] {
        let (Some(player), Some((band, size))) =
            (options.around.player(color), plan.bars[color as usize])
        else {
            continue;
        };
        let (disc, texts) = player_bar(player, color, band, size, ink, one_ink);
        spec.discs.push(if options.transparent {
            page::disc(disc)
        } else {
            disc
        });
        spec.texts.extend(texts);
    }
    if options.transparent {
        for t in &mut spec.texts[first..] {
            t.casing = page::text_casing(t.color, t.size);
        }
    } else if one_ink {
        // As print's labels: a band of the text's own ink around it, so a
        // threshold keeps every stem (the B of "Black" lost its stem).
        // Bold runs (a title, a number) are heavy enough: emboldened too,
        // "GM" closed up into a blot.
        for t in &mut spec.texts[first..] {
            if text::cap_height(t.size) < PRINT_TEXT_BOLD_BELOW && !t.bold {
                t.casing = Some((t.color, 2.0 * PRINT_TEXT_BOLD));
            }
        }
    }
}

/// The ink of what lies on the page (outside labels, caption, player
/// bars): the theme's, unless a background (a `--background` colour) leaves
/// it under 3:1, then black or white, whichever stands out more.
fn page_ink(options: &DiagramOptions) -> Rgba {
    let ink = options.theme.coordinates;
    match options.theme.background {
        Some(paper) if !options.transparent => page::readable_on(ink, paper),
        _ => ink,
    }
}

/// Last-move and `--fill` tints: they depend on the options only.
fn place_tints(spec: &mut BoardSpec, options: &DiagramOptions) {
    let markup = &options.markup;
    if let Some((from, to)) = markup.lastmove {
        for sq in [from, to] {
            let rect = spec.square_rect(sq);
            match options.theme.annotations {
                Annotations::Tint => spec.tints.push(Tint {
                    rect,
                    color: options.theme.lastmove,
                }),
                Annotations::Ink => {
                    spec.tints.extend(ink::frame(rect, options.theme.lastmove));
                }
            }
        }
    }
    for &(sq, color) in &markup.fills {
        spec.tints.push(Tint {
            rect: spec.square_rect(sq),
            color,
        });
    }
}

/// On a transparent background: casings for what lies on the page (the
/// outside labels and the frame), so it reads on white and dark pages.
fn cased_for_any_page(spec: &mut BoardSpec, options: &DiagramOptions, plan: &Plan) {
    if matches!(plan.labels, LabelPlace::Outside { .. }) {
        spec.label_casing = page::label_casing(options.theme.coordinates, spec.square)
            .map_or(LabelCasing::None, LabelCasing::Paint);
    }
    if let Some((outer, ink)) = spec.border {
        let casing = page::frame_casing(outer, ink, spec.square);
        spec.tints.splice(0..0, casing);
    }
}

fn place_labels(spec: &mut BoardSpec, options: &DiagramOptions, plan: &Plan) {
    match plan.labels {
        LabelPlace::None => {}
        LabelPlace::Outside { cap } => place_outside_labels(spec, options, plan, cap),
        LabelPlace::Inside { cap } => place_inside_labels(spec, options, cap),
    }
}

/// Which file is the `i`th from the left and which rank the `i`th from the
/// top, in `spec`'s orientation.
fn orientation(spec: &BoardSpec) -> (impl Fn(u8) -> u8 + use<>, impl Fn(u8) -> u8 + use<>) {
    let flipped = spec.flipped;
    let files = move |i: u8| if flipped { 7 - i } else { i };
    let ranks = move |i: u8| if flipped { i } else { 7 - i };
    (files, ranks)
}

/// Labels in the margins: rank numbers left, file letters below, `cap`
/// pixels tall.
fn place_outside_labels(spec: &mut BoardSpec, options: &DiagramOptions, plan: &Plan, cap: f32) {
    let font = LabelFont::get();
    let sq = spec.square;
    let board = spec.board;
    let (files, ranks) = orientation(spec);
    let scale = cap / font.cap_height;
    let color = page_ink(options);
    // Rank numbers: centred in the left margin, cap height
    // centred on the rank.
    let column = plan.rank_band;
    for row in 0..8u8 {
        let ch = (b'1' + ranks(row)) as char;
        let Some(g) = font.glyph(ch) else { continue };
        let cx = column.x + column.w / 2.0;
        let cy = board.y + sq * (row as f32 + 0.5);
        spec.labels.push(PlacedLabel {
            ch,
            x: cx - g.advance * scale / 2.0,
            y: cy + font.cap_height * scale / 2.0 - BASELINE * scale,
            scale,
            color,
            casing: None,
        });
    }
    // File letters: centred under each file, the cap-height band
    // centred in the bottom band (the same band as the digits,
    // so letters with and without ascenders share a baseline).
    let band = plan.file_band;
    for col in 0..8u8 {
        let ch = (b'a' + files(col)) as char;
        let Some(g) = font.glyph(ch) else { continue };
        let cx = board.x + sq * (col as f32 + 0.5);
        let band_mid = band.y + band.h / 2.0;
        let baseline = band_mid + font.cap_height * scale / 2.0;
        spec.labels.push(PlacedLabel {
            ch,
            x: cx - g.advance * scale / 2.0,
            y: baseline - BASELINE * scale,
            scale,
            color,
            casing: None,
        });
    }
}

/// Labels in the corners of the edge squares, drawn over the pieces:
/// numbers top-left, letters bottom-right, `cap` pixels tall.
fn place_inside_labels(spec: &mut BoardSpec, options: &DiagramOptions, cap: f32) {
    let font = LabelFont::get();
    let sq = spec.square;
    let (files, ranks) = orientation(spec);
    let scale = cap / font.cap_height;
    // A label's casing stays inside its square (off the board's
    // frame and its neighbour).
    let casing = match spec.label_casing {
        LabelCasing::None => 0.0,
        LabelCasing::Paint(halo) => halo.width,
        LabelCasing::Ground(width) => width,
    }
    .ceil();
    let inset = (INSIDE_LABEL_INSET * sq).max(1.0).max(casing);
    let theme = &options.theme;
    // On a square, a label takes the other square colour, made to
    // read against it; on hatched (print) squares the ink colour.
    let ink = |sq: Square| {
        let ground = if sq.is_dark() {
            theme.dark
        } else {
            theme.light
        };
        label_ink::inside_label(theme, ground, sq.is_dark())
    };
    for row in 0..8u8 {
        let rank = ranks(row);
        let ch = (b'1' + rank) as char;
        let Some(g) = font.glyph(ch) else { continue };
        let file = files(0);
        let Some(square) = Square::new(file, rank) else {
            continue;
        };
        let r = spec.square_rect(square);
        // Top-left corner; the glyph's own side bearing is
        // removed so the ink sits `inset` from the edge.
        let bearing = g.path.bounds().left() * scale;
        spec.labels.push(PlacedLabel {
            ch,
            x: r.x + inset - bearing,
            y: r.y + inset + font.cap_height * scale - BASELINE * scale,
            scale,
            color: ink(square),
            casing: None,
        });
    }
    // The letters share the bottom row of squares with the pieces'
    // bases, which reach almost to the square's right edge: smaller
    // than the numbers and closer to the corner, so that they stand
    // clear of the rook's plinth and the knight's base.
    let scale = (cap * INSIDE_FILE_SCALE).max(MIN_LABEL_CAP.min(cap)) / font.cap_height;
    let inset = (INSIDE_FILE_INSET * sq).max(1.0).max(casing);
    for col in 0..8u8 {
        let file = files(col);
        let ch = (b'a' + file) as char;
        let Some(g) = font.glyph(ch) else { continue };
        let rank = ranks(7);
        let Some(square) = Square::new(file, rank) else {
            continue;
        };
        let r = spec.square_rect(square);
        // Bottom-right corner, aligned on the ink's right edge; one
        // baseline for all letters, high enough for the g's tail.
        let ink_right = g.path.bounds().right() * scale;
        let baseline = r.y + r.h - inset - font.descender * scale;
        spec.labels.push(PlacedLabel {
            ch,
            x: r.x + r.w - inset - ink_right,
            y: baseline - BASELINE * scale,
            scale,
            color: ink(square),
            casing: None,
        });
    }
}

/// How much bolder print's small caption and player-bar text is drawn,
/// each side of a stem, in pixels; and below which cap height.
const PRINT_TEXT_BOLD: f32 = 0.3;
const PRINT_TEXT_BOLD_BELOW: f32 = 12.0;

/// Clear pixels kept between the side-to-move marker's ink and the edges
/// of its column (the image's edge on the right).
const MOVER_MARGIN: f32 = 2.0;

fn mover_mark(spec: &BoardSpec, plan: &Plan, turn: Color, one_ink: bool) -> MoverMark {
    let sq = spec.square;
    let column = plan.right_band;
    let at_bottom = (turn == Color::White) != spec.flipped;
    let stroke_width = if one_ink {
        // A whole pixel or more, so the threshold keeps the frame whole.
        (sq * 0.05).round().max(1.0)
    } else {
        (sq * 0.035).max(1.0)
    };
    // The outline reaches half its width beyond the radius; a margin
    // stays clear on both sides of the column, whatever its width.
    let room = column.w / 2.0 - stroke_width / 2.0 - MOVER_MARGIN;
    // At least a 7 px disc or box (its column is made wide enough): a
    // 3 px one at 160 px boards is a dot, not a sign.
    let r = (sq * 0.17).max(3.0).min(room).max(1.0);
    let cx = column.x + column.w / 2.0;
    let cy = if at_bottom {
        spec.board.y + spec.board.h - sq / 2.0
    } else {
        spec.board.y + sq / 2.0
    };
    let (fill, outline) = match turn {
        Color::White => (Rgba::rgb(255, 255, 255), INK),
        Color::Black => (INK, INK),
    };
    if one_ink {
        // A square on whole pixels, its frame inside the box; the box
        // stays inside the margin (its side no more than the disc's
        // diameter with the outline).
        let side = (2.0 * r + stroke_width).floor().max(3.0);
        let left = (cx - side / 2.0).floor();
        let top = (cy - side / 2.0).round();
        let ink = Rgba::rgb(0, 0, 0);
        return MoverMark {
            cx: left + side / 2.0,
            cy: top + side / 2.0,
            r: side / 2.0,
            stroke_width,
            color: turn,
            fill: if turn == Color::White { fill } else { ink },
            outline: ink,
            square: true,
        };
    }
    MoverMark {
        cx,
        cy,
        r,
        stroke_width,
        color: turn,
        fill,
        outline,
        square: false,
    }
}
