//! Text around the board placed in the bands the outer geometry made:
//! the caption's lines, centred under (or over) the board, and the player
//! bars, as lichess writes them: a title such as GM in a distinct colour,
//! the name in bold, the rating in regular weight, after a small disc in
//! the player's colour, and the clock, if any, at the bar's right end.

use super::items::{Rect, INK};
use super::outer::{caption_baselines, CaptionPlan};
use super::pockets::Disc;
use super::text::{cap_height, clip, width, PlacedText};
use crate::assets::color::Rgba;
use crate::assets::font::wrap::cut_to_width;
use crate::assets::font::{font, Weight};
use crate::options::Player;
use fen2img_chess::Color;

/// The colour of a title (GM, IM, FM, WGM, …): lichess's gold.
pub const TITLE_COLOR: Rgba = Rgba::rgb(0x9d, 0x6a, 0x18);

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
                casing: None,
            }
        })
        .collect()
}

/// A player's bar in `band` with text of `size` pixels per em: the disc
/// and the runs of text, left to right. The title and the rating are kept
/// whole; the name gives way, cut after a word with an ellipsis (by
/// characters only when its first word does not fit). Only
/// when not even a letter of the name fits beside them does the title go.
/// In one ink (print) the disc is a square on whole pixels.
pub(super) fn player_bar(
    player: &Player,
    color: Color,
    band: Rect,
    size: f32,
    ink: Rgba,
    one_ink: bool,
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
        square: false,
    };
    let disc = if one_ink { disc.on_pixels() } else { disc };
    let space = width(" ", false, size);
    let start = band.x + 2.0 * r + inset + space;
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
            casing: None,
        });
    }
    let title = player
        .title
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| clip(t).to_string());
    let name = clip(player.name.trim()).to_string();
    let elo = player.elo.map(|e| e.to_string());
    let run_width =
        |t: &Option<String>, bold: bool| t.as_ref().map_or(0.0, |t| width(t, bold, size) + space);
    // The shortest name worth showing: one letter and the ellipsis.
    let least = width("M…", true, size);
    let mut title = title;
    let mut elo = elo;
    let room = |title: &Option<String>, elo: &Option<String>| {
        end - start - run_width(title, true) - run_width(elo, false)
    };
    if !name.is_empty() && room(&title, &elo) < least {
        title = None;
    }
    if !name.is_empty() && room(&title, &elo) < least {
        elo = None;
    }
    let name = cut_to_width(font(Weight::Bold), &name, size, room(&title, &elo).max(0.0));
    let mut runs: Vec<(String, bool, Rgba)> = Vec::new();
    if let Some(title) = title {
        // Print has one ink: the title is told apart by its place only.
        runs.push((title, true, if one_ink { ink } else { TITLE_COLOR }));
    }
    if !name.is_empty() && name != "…" {
        runs.push((name, true, ink));
    }
    if let Some(elo) = elo {
        runs.push((elo, false, ink));
    }
    let mut x = start;
    for (text, bold, color) in runs {
        let w = width(&text, bold, size);
        if x + w > end + 0.01 {
            break;
        }
        texts.push(PlacedText {
            text,
            bold,
            size,
            x,
            y: baseline,
            color,
            casing: None,
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
        let (_, texts) = player_bar(&player, Color::White, band, 14.0, INK, false);
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
        let (_, texts) = player_bar(&long, Color::Black, narrow, 14.0, INK, false);
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
        let (_, texts) = player_bar(&timed, Color::White, narrow, 14.0, INK, false);
        let clock = texts.iter().find(|t| t.text == "1:02:03").expect("clock");
        assert!(clock.x + clock.width() <= 170.0 && clock.x + clock.width() > 160.0);
        for t in texts.iter().filter(|t| t.text != "1:02:03") {
            assert!(t.x + t.width() < clock.x, "{t:?} overlaps {clock:?}");
        }
    }

    /// Issue 21: "GM Maximilian Alexander Fitzgerald-Montgomery 2801"
    /// became "… Maximilian Alexander… 2801" at 240 to 400 px.
    #[test]
    fn a_long_name_keeps_title_and_rating_and_is_cut_after_a_word() {
        let player = Player {
            name: "Maximilian Alexander Fitzgerald-Montgomery".into(),
            title: Some("GM".into()),
            elo: Some(2801),
            clock: None,
        };
        for (w, size) in [(220.0, 12.0), (300.0, 14.0), (380.0, 16.0)] {
            let band = Rect {
                x: 0.0,
                y: 0.0,
                w,
                h: 2.0 * size,
            };
            let (_, texts) = player_bar(&player, Color::White, band, size, INK, false);
            let words: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
            assert_eq!(words.len(), 3, "{w}: {words:?}");
            assert_eq!((words[0], words[2]), ("GM", "2801"), "{w}");
            let name = words[1].strip_suffix('…').expect("cut");
            assert!(player.name.starts_with(name), "{name}");
            // Cut after a whole word (issue 35: "Carlsen, Ma…"), as many
            // words as fit, so one more word would not.
            let rest = &player.name[name.len()..];
            assert!(rest.starts_with(' '), "{w}: {name:?} cuts a word");
            let next_word = rest.trim_start().split(' ').next().unwrap();
            let longer = width(&format!("{name} {next_word}…"), true, size);
            let room = w - texts[1].x - width(" 2801", false, size);
            assert!(longer > room - 0.01, "{w}: {name:?} could be longer");
            for t in &texts {
                assert!(t.x + t.width() <= w + 0.01, "{t:?}");
            }
        }
    }
}
