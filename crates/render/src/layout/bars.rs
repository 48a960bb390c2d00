//! Text around the board placed in the bands the outer geometry made:
//! the caption's lines, centred under (or over) the board, and the player
//! bars, as lichess writes them: a title such as GM in a distinct colour,
//! the name in bold, the rating in regular weight, after a small disc in
//! the player's colour, and the clock, if any, at the bar's right end.

use super::outer::{caption_baselines, CaptionPlan};
use super::pockets::Disc;
use super::text::{cap_height, clip, width, PlacedText};
use super::{Player, Rect, INK};
use crate::assets::color::Rgba;
use crate::assets::font::wrap::fit_lines;
use crate::assets::font::{font, Weight};
use fen2img_chess::Color;

/// The colour of a title (GM, IM, FM, WGM, …): lichess's gold.
pub const TITLE_COLOR: Rgba = Rgba::rgb(0xbf, 0x81, 0x1d);

/// The caption's lines, each centred on `centre` (the board's middle).
pub(super) fn caption_texts(plan: &CaptionPlan, centre: f32, ink: Rgba) -> Vec<PlacedText> {
    plan.lines
        .iter()
        .zip(caption_baselines(plan))
        .map(|((line, bold), y)| {
            let w = width(line, *bold, plan.size);
            // Centred on the board, but never past the image's edges.
            let x = (centre - w / 2.0)
                .min(plan.band.x + plan.band.w - w)
                .max(plan.band.x);
            PlacedText {
                text: line.clone(),
                bold: *bold,
                size: plan.size,
                x,
                y,
                color: ink,
            }
        })
        .collect()
}

/// A player's bar in `band` with text of `size` pixels per em: the disc
/// and the runs of text, left to right, cut with an ellipsis to fit.
pub(super) fn player_bar(
    player: &Player,
    color: Color,
    band: Rect,
    size: f32,
    ink: Rgba,
) -> (Disc, Vec<PlacedText>) {
    let cap = cap_height(size);
    let baseline = band.y + (band.h + cap) / 2.0;
    let r = cap * 0.5;
    // The outline is centred on the circle: inset by half of it and a
    // pixel, so the disc never touches a frameless image's edge.
    let stroke = (size * 0.07).max(1.0);
    let inset = stroke / 2.0 + 1.0;
    let disc = Disc {
        cx: band.x + r + inset,
        cy: baseline - cap / 2.0,
        r,
        fill: match color {
            Color::White => Rgba::rgb(255, 255, 255),
            Color::Black => INK,
        },
        outline: Some((INK, stroke)),
    };
    let space = width(" ", false, size);
    let mut x = band.x + 2.0 * r + inset + space;
    let mut end = band.x + band.w;
    let mut texts = Vec::new();
    if let Some(clock) = player.clock_text() {
        // Right-aligned as lichess sets clocks, in bold so a glance reads
        // it; the name gives way to it.
        let w = width(&clock, true, size);
        let right = end - inset - space / 2.0;
        end = right - w - space;
        texts.push(PlacedText {
            text: clock,
            bold: true,
            size,
            x: right - w,
            y: baseline,
            color: ink,
        });
    }
    let mut runs: Vec<(String, bool, Rgba)> = Vec::new();
    if let Some(title) = player.title.as_deref().filter(|t| !t.trim().is_empty()) {
        runs.push((clip(title.trim()).to_string(), true, TITLE_COLOR));
    }
    let name_at = runs.len();
    runs.push((clip(player.name.trim()).to_string(), true, ink));
    if let Some(elo) = player.elo {
        runs.push((elo.to_string(), false, ink));
    }
    for (i, (text, bold, color)) in runs.iter().enumerate() {
        // What the later runs need: the name gives way to the title and
        // the rating (a title is short, and cut it says nothing), down to
        // its ellipsis.
        let after: f32 = runs[i + 1..]
            .iter()
            .enumerate()
            .map(|(k, (t, b, _))| {
                let shown = if i + 1 + k == name_at { "\u{2026}" } else { t };
                space + width(shown, *b, size)
            })
            .sum();
        let room = (end - x - after).max(0.0);
        let weight = if *bold { Weight::Bold } else { Weight::Regular };
        let fitted = fit_lines(font(weight), text, size, room, 1);
        let Some(line) = fitted.lines.into_iter().next() else {
            continue;
        };
        let w = width(&line, *bold, size);
        if x + w > end + 0.01 {
            break;
        }
        texts.push(PlacedText {
            text: line,
            bold: *bold,
            size,
            x,
            y: baseline,
            color: *color,
        });
        x += w + space;
    }
    (disc, texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_reads_title_name_rating_and_fits() {
        let player = Player {
            name: "Magnus Carlsen".into(),
            title: Some("GM".into()),
            elo: Some(2830),
            clock: None,
        };
        let band = Rect {
            x: 10.0,
            y: 0.0,
            w: 300.0,
            h: 24.0,
        };
        let (_, texts) = player_bar(&player, Color::White, band, 14.0, INK);
        let words: Vec<(&str, bool)> = texts.iter().map(|t| (t.text.as_str(), t.bold)).collect();
        assert_eq!(
            words,
            [("GM", true), ("Magnus Carlsen", true), ("2830", false)]
        );
        assert_eq!(texts[0].color, TITLE_COLOR);
        // A long name is cut, the rating kept, nothing past the band.
        let long = Player {
            name: "Pneumonoultramicroscopicsilicovolcanoconiosis Bartholomew".into(),
            ..player
        };
        let narrow = Rect { w: 160.0, ..band };
        let (_, texts) = player_bar(&long, Color::Black, narrow, 14.0, INK);
        assert!(texts[1].text.ends_with('…'), "{:?}", texts[1].text);
        assert_eq!(texts.last().unwrap().text, "2830");
        for t in &texts {
            assert!(t.x + t.width() <= 170.01, "{t:?}");
        }
        // A clock sits at the right end; the name gives way to it.
        let timed = Player {
            clock: Some(372_300),
            ..long
        };
        let (_, texts) = player_bar(&timed, Color::White, narrow, 14.0, INK);
        let clock = texts.iter().find(|t| t.text == "1:02:03").expect("clock");
        assert!(clock.x + clock.width() <= 170.0 && clock.x + clock.width() > 160.0);
        for t in texts.iter().filter(|t| t.text != "1:02:03") {
            assert!(t.x + t.width() < clock.x, "{t:?} overlaps {clock:?}");
        }
    }
}
