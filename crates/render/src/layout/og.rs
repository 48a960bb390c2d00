//! The social-preview page (`--preset og`): 1200×630 pixels, the 1.91:1
//! that link previews crop to, with the board on the left and, beside it,
//! the caption, the players and the side to move.
//!
//! The board is planned exactly as a diagram of its own (coordinates,
//! frame, marker, pockets) and moved onto the page; the text beside it is
//! placed text and discs in the frame, so every writer draws the page.

use super::bars::player_bar;
use super::extras::{caption_text, Extras, Turn};
use super::frame::BoardSpec;
use super::items::Rect;
use super::outer::{plan as plan_diagram, Plan};
use super::text::{cap_height, clip, PlacedText};
use crate::assets::color::Rgba;
use crate::assets::font::wrap::fit_lines;
use crate::assets::font::{font, Weight};
use crate::options::{Around, Caption, DiagramOptions, Player};
use fen2img_chess::Color;

/// The page's width in pixels.
pub const OG_WIDTH: u32 = 1200;
/// The page's height in pixels.
pub const OG_HEIGHT: u32 = 630;

/// Room between the page's edge and what is on it, in pixels.
const PAD: f32 = 35.0;
/// Room between the board and the text.
const GAP: f32 = 45.0;
/// Caption size, pixels per em, and its most lines.
const CAPTION_EM: f32 = 46.0;
const CAPTION_LINES: usize = 4;
/// Size of the player and side-to-move lines, pixels per em.
const LINE_EM: f32 = 32.0;
/// The least size those lines shrink to, so that a long name (with its
/// title, rating and clock) is written whole rather than cut.
const LEAST_LINE_EM: f32 = 24.0;

/// The board's plan moved onto the page, and the panel beside it for the
/// text. The board block is as large as the page's height allows (less
/// when pockets make it taller than wide).
pub(super) fn plan(options: &DiagramOptions, extras: Extras) -> (Plan, Rect) {
    let room = OG_HEIGHT - 2 * PAD as u32;
    // The caption, players and side to move go beside the board.
    let mut inner = DiagramOptions {
        size: room,
        around: Around::default(),
        ..options.clone()
    };
    let extras = Extras {
        turn: None,
        ..extras
    };
    let mut p = plan_diagram(&inner, extras);
    // Pockets add two trays: a narrower block until it fits (a few steps).
    while p.height > room && inner.size > 200 {
        inner.size -= 16;
        p = plan_diagram(&inner, extras);
    }
    let dx = PAD;
    let dy = ((OG_HEIGHT as f32 - p.height as f32) / 2.0)
        .floor()
        .max(0.0);
    shift(&mut p, dx, dy);
    let panel_x = dx + inner.size as f32 + GAP;
    let panel = Rect {
        x: panel_x,
        y: PAD,
        w: OG_WIDTH as f32 - PAD - panel_x,
        h: OG_HEIGHT as f32 - 2.0 * PAD,
    };
    p.width = OG_WIDTH;
    p.height = OG_HEIGHT;
    (p, panel)
}

/// Moves every band of `p` by whole pixels, so squares stay on the grid.
fn shift(p: &mut Plan, dx: f32, dy: f32) {
    let by = |r: &mut Rect| {
        r.x += dx;
        r.y += dy;
    };
    by(&mut p.board);
    by(&mut p.rank_band);
    by(&mut p.file_band);
    by(&mut p.right_band);
    for tray in p.pockets.iter_mut().flatten() {
        by(tray);
    }
    for (band, _) in p.bars.iter_mut().flatten() {
        by(band);
    }
    if let Some(c) = &mut p.caption {
        by(&mut c.band);
    }
}

/// The text beside the board, centred in `panel` as one block: the
/// caption (bold, up to four lines), a line per player (disc, title, name,
/// rating, clock, as in a player bar) and the side to move (a disc in its
/// colour), each line cut with an ellipsis to fit.
pub(super) fn place_panel(
    spec: &mut BoardSpec,
    options: &DiagramOptions,
    panel: Rect,
    turn: Option<Turn>,
) {
    let ink = options.theme.coordinates;
    let around = &options.around;
    let caption_em = CAPTION_EM;
    let mut caption: Vec<String> = Vec::new();
    if let Some(n) = around.number_text() {
        caption.extend(fit_lines(font(Weight::Bold), clip(&n), caption_em, panel.w, 1).lines);
    }
    if let Some(text) = caption_text(around, turn) {
        let room = CAPTION_LINES.saturating_sub(caption.len()).max(1);
        let fitted = fit_lines(font(Weight::Bold), clip(&text), caption_em, panel.w, room);
        caption.extend(fitted.lines);
    }
    // What the rows say: each player named, then the side to move (unless
    // the caption already says it).
    let mut rows: Vec<(Player, Color)> = Vec::new();
    for color in [Color::White, Color::Black] {
        if let Some(p) = around.player(color) {
            rows.push((p.clone(), color));
        }
    }
    let caption_says_turn = matches!(around.caption, Some(Caption::Auto));
    if let (Some(turn), false) = (turn, caption_says_turn) {
        // After mate, the result (its disc in the winner's colour).
        let mover = Player {
            name: turn.words(),
            ..Player::default()
        };
        rows.push((mover, turn.disc()));
    }
    // One size for every row: the largest at which each is written whole.
    let one_ink = options.theme.annotations == crate::assets::theme::Annotations::Ink;
    let line_em = row_em(&rows, panel.w, ink, one_ink);
    let line_h = (line_em * 1.7).round();
    let caption_step = (caption_em * 1.25).round();
    let gap = if caption.is_empty() || rows.is_empty() {
        0.0
    } else {
        (line_em * 0.8).round()
    };
    let total = caption_step * caption.len() as f32 + gap + line_h * rows.len() as f32;
    let mut y = (panel.y + (panel.h - total) / 2.0).round().max(panel.y);
    let cap = cap_height(caption_em);
    for line in caption {
        spec.texts.push(PlacedText {
            text: line,
            bold: true,
            size: caption_em,
            x: panel.x,
            y: y + (caption_step + cap) / 2.0,
            color: ink,
            casing: None,
        });
        y += caption_step;
    }
    y += gap;
    for (player, color) in rows {
        let band = Rect {
            x: panel.x,
            y,
            w: panel.w,
            h: line_h,
        };
        let (disc, texts) = player_bar(&player, color, band, line_em, ink, one_ink);
        spec.discs.push(disc);
        spec.texts.extend(texts);
        y += line_h;
    }
}

/// The size of the rows, from [`LINE_EM`] down to [`LEAST_LINE_EM`] in
/// whole pixels: the largest at which every row keeps its title, whole
/// name and rating in `width` (below it, names are cut at a word).
fn row_em(rows: &[(Player, Color)], width: f32, ink: Rgba, one_ink: bool) -> f32 {
    let whole = |em: f32| {
        rows.iter().all(|(player, color)| {
            let band = Rect {
                x: 0.0,
                y: 0.0,
                w: width,
                h: (em * 1.7).round(),
            };
            let (_, texts) = player_bar(player, *color, band, em, ink, one_ink);
            let said = |s: &str| s.is_empty() || texts.iter().any(|t| t.text == s);
            let title = player.title.as_deref().map_or("", str::trim);
            let elo = player.elo.map(|e| e.to_string()).unwrap_or_default();
            said(clip(
                &player.name.split_whitespace().collect::<Vec<_>>().join(" "),
            )) && said(clip(title))
                && said(&elo)
        })
    };
    let mut em = LINE_EM;
    while em > LEAST_LINE_EM && !whole(em) {
        em -= 1.0;
    }
    em
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::options::{Caption, Preset};
    use crate::test_support::position;

    fn og(around: Around, fen: &str) -> Layout {
        let options = DiagramOptions {
            preset: Preset::Og,
            around,
            ..DiagramOptions::default()
        };
        Layout::new(&position(fen), &options).unwrap()
    }

    #[test]
    fn the_page_is_1200_by_630_with_the_board_left_and_text_right() {
        let around = Around {
            caption: Some(Caption::Text(
                "Mate in two: a long caption that has to wrap".into(),
            )),
            white: Some(Player {
                name: "Ljubojević".into(),
                title: Some("GM".into()),
                elo: Some(2620),
                clock: None,
            }),
            black: Some(Player {
                name: "Широв".into(),
                ..Player::default()
            }),
            ..Around::default()
        };
        for fen in [
            "8/8/8/8/8/8/8/K6k b - - 0 1",
            // Crazyhouse pockets make the block taller than wide.
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNp] w KQkq - 0 1",
        ] {
            let l = og(around.clone(), fen);
            assert_eq!((l.frame.width(), l.frame.height()), (1200, 630));
            let b = l.frame.board.board;
            assert_eq!((b.x.fract(), b.y.fract(), b.w.fract()), (0.0, 0.0, 0.0));
            assert!(b.x >= PAD && b.y >= 0.0 && b.y + b.h <= 630.0, "{b:?}");
            let texts = &l.frame.board.texts;
            let words: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
            assert!(
                words.contains(&"GM") && words.contains(&"Широв"),
                "{words:?}"
            );
            let to_move = if fen.contains(" b ") {
                "Black to move"
            } else {
                "White to move"
            };
            assert!(words.contains(&to_move), "{words:?}");
            for t in texts {
                assert!(t.x >= b.x + b.w + GAP - 0.01, "{t:?} beside the board");
                assert!(
                    t.x + t.width() <= 1200.0 - PAD + 0.01,
                    "{t:?} inside the page"
                );
                assert!(t.y > PAD && t.y < 630.0 - PAD, "{t:?}");
            }
            // The caption wrapped onto more than one line.
            assert!(texts.iter().filter(|t| t.size == CAPTION_EM).count() >= 2);
        }
    }

    #[test]
    fn an_automatic_caption_is_not_said_twice() {
        let around = Around {
            caption: Some(Caption::Auto),
            ..Around::default()
        };
        let l = og(around, "8/8/8/8/8/8/8/K6k b - - 0 1");
        let said = l
            .frame
            .board
            .texts
            .iter()
            .filter(|t| t.text.contains("to move"))
            .count();
        assert_eq!(said, 1);
        // A bare position still says who is to move.
        let l = og(Around::default(), "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(l.frame.board.texts[0].text, "White to move");
    }
}
