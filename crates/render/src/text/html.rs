//! A board as an HTML table for e-mail: mail clients that block images
//! (Gmail, Outlook, Apple Mail) still draw tables with inline styles.
//!
//! Everything is in `style` attributes (many clients drop `<style>` blocks),
//! the square colours also in `bgcolor` (Outlook's Word engine ignores some
//! CSS backgrounds), and the pieces are the Unicode chess glyphs in black
//! ink: outline glyphs for White, solid ones for Black, as in a newspaper.
//! The table is `role="img"` with the plain description as its label, so a
//! screen reader reads the position, not 64 cells. Number, caption and
//! players are rows above and below the board, as in the text boards, and
//! lead the label.

use std::fmt::Write as _;

use crate::assets::color::Rgba;
use crate::assets::contrast;
use crate::describe::describe_with;
use crate::options::{Around, CaptionPosition};
use fen2img_chess::{Color, Position, Role, Square};

/// How the table is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HtmlBoard {
    /// Black at the bottom.
    pub flip: bool,
    /// Rank numbers on the left, file letters below.
    pub coordinates: bool,
    /// Light square colour.
    pub light: Rgba,
    /// Dark square colour.
    pub dark: Rgba,
    /// The board's width in CSS pixels (an eighth of it per square, within
    /// 16 to 96 pixels).
    pub width: u32,
    /// Number, caption and players.
    pub around: Around,
    /// The annotations on squares in sentences (glyphs and labels, see
    /// `annotation::describe`): a row under the board and the end of the
    /// table's label.
    pub annotations: String,
}

/// Fonts that have the chess glyphs, most common first: Windows, macOS,
/// Linux, Android.
const FONTS: &str = "'Segoe UI Symbol','Apple Symbols','DejaVu Sans','Noto Sans Symbols 2',\
                     'Arial Unicode MS',sans-serif";

/// The smallest and largest square, in CSS pixels.
const SQUARE_RANGE: std::ops::RangeInclusive<u32> = 16..=96;

/// The outline ("white") glyph for White, the solid one for Black; the solid
/// pawn carries U+FE0E so that no client turns it into an emoji.
fn glyph(color: Color, role: Role) -> &'static str {
    match (color, role) {
        (Color::White, Role::King) => "\u{2654}",
        (Color::White, Role::Queen) => "\u{2655}",
        (Color::White, Role::Rook) => "\u{2656}",
        (Color::White, Role::Bishop) => "\u{2657}",
        (Color::White, Role::Knight) => "\u{2658}",
        (Color::White, Role::Pawn) => "\u{2659}",
        (Color::Black, Role::King) => "\u{265A}",
        (Color::Black, Role::Queen) => "\u{265B}",
        (Color::Black, Role::Rook) => "\u{265C}",
        (Color::Black, Role::Bishop) => "\u{265D}",
        (Color::Black, Role::Knight) => "\u{265E}",
        (Color::Black, Role::Pawn) => "\u{265F}\u{FE0E}",
    }
}

/// The table's label: the position described, then its annotations.
fn aria_label(position: &Position, options: &HtmlBoard) -> String {
    let mut label = describe_with(position, &options.around.describe());
    if !options.annotations.is_empty() {
        label.push(' ');
        label.push_str(&options.annotations);
    }
    label
}

/// The dark squares' colour: the theme's, unless it is too close to the
/// light one to see the checkering (print's squares are both white, its
/// dark squares hatched, which a table cannot draw), then the light colour
/// darkened to 1.6:1 (about the grey print's 20 % hatching makes).
fn visible_dark(light: Rgba, dark: Rgba) -> Rgba {
    if contrast::contrast_at_least(light, dark, 13) {
        return dark;
    }
    let flare = contrast::FLARE;
    let target = ((contrast::luminance(light) + flare) * 10 / 16).saturating_sub(flare);
    contrast::clamp_luminance(light, 0, target)
}

/// Writes `position` as an HTML `<table>` for e-mail. Ends with a newline.
pub fn render(position: &Position, options: &HtmlBoard) -> String {
    let square = (options.width / 8).clamp(*SQUARE_RANGE.start(), *SQUARE_RANGE.end());
    let glyph_px = square * 4 / 5;
    let label_px = (square * 2 / 5).max(11);
    let dark = visible_dark(options.light, options.dark);
    let (light, dark) = (options.light.hex6(), dark.hex6());
    let mut out = String::with_capacity(12_000);
    let _ = writeln!(
        out,
        "<table role=\"img\" aria-label=\"{}\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" \
         style=\"border-collapse:collapse;border-spacing:0;font-family:{FONTS};\">",
        fen2img_support::quote::markup(&aria_label(position, options)),
    );
    let colspan = if options.coordinates { 9 } else { 8 };
    // A row of text across the table: caption, players, side to move.
    let text_row = |out: &mut String, text: &str, top_padding: u32| {
        let _ = writeln!(
            out,
            "<tr><td colspan=\"{colspan}\" style=\"padding:{top_padding}px 0 0;font-size:{label_px}px;\
             color:#000000;text-align:left;\">{}</td></tr>",
            fen2img_support::quote::markup(text)
        );
    };
    let around = &options.around;
    let (top, bottom) = if options.flip {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let caption = around.caption_line();
    if let Some(line) = caption.as_deref()
        && around.caption_position == CaptionPosition::Above
    {
        text_row(&mut out, line, 0);
    }
    if let Some(line) = around.player_line(top) {
        text_row(&mut out, &line, 2);
    }
    let ranks: [u8; 8] = if options.flip {
        [0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        [7, 6, 5, 4, 3, 2, 1, 0]
    };
    let files: Vec<u8> = ranks.iter().rev().copied().collect();
    let label_style = format!(
        "padding:0 4px;font-size:{label_px}px;line-height:{square}px;color:#555555;\
         text-align:center;vertical-align:middle;"
    );
    for rank in ranks {
        out.push_str("<tr>");
        if options.coordinates {
            let _ = write!(out, "<td style=\"{label_style}\">{}</td>", rank + 1);
        }
        for &file in &files {
            let sq = Square::new(file, rank).expect("file and rank are in 0..8");
            let bg = if sq.is_dark() { &dark } else { &light };
            let piece = position
                .board
                .get(sq)
                .map_or("", |p| glyph(p.color, p.role));
            let _ = write!(
                out,
                "<td bgcolor=\"{bg}\" style=\"width:{square}px;height:{square}px;min-width:{square}px;\
                 padding:0;background-color:{bg};color:#000000;text-align:center;\
                 vertical-align:middle;font-size:{glyph_px}px;line-height:{square}px;\">{piece}</td>"
            );
        }
        out.push_str("</tr>\n");
    }
    if options.coordinates {
        out.push_str("<tr><td></td>");
        for &file in &files {
            let _ = write!(
                out,
                "<td style=\"padding:2px 0 0;font-size:{label_px}px;color:#555555;text-align:center;\">{}</td>",
                (b'a' + file) as char
            );
        }
        out.push_str("</tr>\n");
    }
    if let Some(line) = around.player_line(bottom) {
        text_row(&mut out, &line, 2);
    }
    if let Some(line) = caption.as_deref()
        && around.caption_position == CaptionPosition::Below
    {
        text_row(&mut out, line, 6);
    }
    if !options.annotations.is_empty() {
        text_row(&mut out, &options.annotations, 6);
    }
    text_row(&mut out, &crate::outcome::turn_words(position), 6);
    // Pockets and three-check counters, a row each, as in the text boards.
    for line in crate::describe::variant_lines(position) {
        text_row(&mut out, &line, 2);
    }
    out.push_str("</table>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::position;
    use crate::text::TextOptions;

    fn board(text: &TextOptions, width: u32) -> HtmlBoard {
        HtmlBoard {
            annotations: String::new(),
            flip: text.flip,
            coordinates: text.coordinates,
            light: text.light,
            dark: text.dark,
            width,
            around: text.around.clone(),
        }
    }

    fn render(p: &Position, text: &TextOptions, width: u32) -> String {
        super::render(p, &board(text, width))
    }

    /// The glyphs of the squares, row by row as drawn.
    fn squares(html: &str) -> Vec<String> {
        html.split("<td bgcolor=")
            .skip(1)
            .map(|cell| {
                let start = cell.find(";\">").unwrap() + 3;
                cell[start..cell.find("</td>").unwrap()].to_string()
            })
            .collect()
    }

    #[test]
    fn sixty_four_squares_with_the_pieces_in_place() {
        let p = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let html = render(&p, &TextOptions::default(), 400);
        let cells = squares(&html);
        assert_eq!(cells.len(), 64);
        assert_eq!(cells[0], "\u{265C}", "a8: black rook, solid glyph");
        assert_eq!(
            cells[8], "\u{265F}\u{FE0E}",
            "a7: black pawn, never an emoji"
        );
        assert_eq!(cells[36], "\u{2659}", "e4: white pawn, outline glyph");
        assert_eq!(cells[60], "\u{2654}", "e1: white king");
        assert_eq!(cells[52], "", "e2 is empty");
        assert!(html.contains("Black to move</td>"));
        assert!(html.ends_with("</table>\n"));
    }

    /// Issue 21: `-f html --theme print` had no checkerboard (both square
    /// colours white). Every built-in theme's table shows two colours at
    /// least 1.3:1 apart.
    #[test]
    fn every_theme_gets_visible_dark_squares() {
        for name in crate::assets::theme::Theme::built_in_names() {
            let theme = crate::assets::theme::Theme::built_in(name).unwrap();
            let text = TextOptions {
                light: theme.light,
                dark: theme.dark,
                ..TextOptions::default()
            };
            let html = render(&Position::default(), &text, 320);
            let colours: Vec<&str> = html
                .split("<td bgcolor=\"")
                .skip(1)
                .map(|c| &c[..7])
                .collect();
            let (dark, light) = (colours[56], colours[0]);
            let parse = |h: &str| {
                let v = u32::from_str_radix(&h[1..], 16).unwrap();
                Rgba::rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
            };
            assert!(
                contrast::contrast_at_least(parse(light), parse(dark), 13),
                "{name}: {light} and {dark}"
            );
        }
    }

    #[test]
    fn squares_alternate_theme_colours_with_a1_dark() {
        let options = TextOptions::default();
        let html = render(&Position::default(), &options, 400);
        let colours: Vec<&str> = html
            .split("<td bgcolor=\"")
            .skip(1)
            .map(|c| &c[..7])
            .collect();
        assert_eq!(colours[56], options.dark.hex6(), "a1 is dark");
        assert_eq!(colours[0], options.light.hex6(), "a8 is light");
        assert_eq!(colours[1], options.dark.hex6());
    }

    #[test]
    fn flip_and_coordinates() {
        let p = position("8/8/8/8/8/8/8/K7 w - - 0 1");
        let flipped = TextOptions {
            flip: true,
            ..TextOptions::default()
        };
        let html = render(&p, &flipped, 400);
        assert_eq!(
            squares(&html)[7],
            "\u{2654}",
            "a1 is top right when flipped"
        );
        let files: String = html
            .split("text-align:center;\">")
            .skip(1)
            .filter_map(|s| s.chars().next().filter(|c| c.is_ascii_lowercase()))
            .collect();
        assert_eq!(files, "hgfedcba");
        let bare = TextOptions {
            coordinates: false,
            ..TextOptions::default()
        };
        let html = render(&p, &bare, 400);
        assert!(!html.contains(">8</td>") && !html.contains(">a</td>"));
        assert!(html.contains("colspan=\"8\""));
    }

    #[test]
    fn mail_safe_markup_only() {
        let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let html = render(&start, &TextOptions::default(), 400);
        for banned in ["<style", "<script", "class=", "<img", "url("] {
            assert!(!html.contains(banned), "{banned}");
        }
        assert!(
            html.starts_with("<table role=\"img\" aria-label=\"White to move. White: Ke1, Qd1"),
            "{html}"
        );
    }

    #[test]
    fn caption_and_players_are_rows_and_lead_the_label() {
        let around = Around {
            caption: Some(crate::options::Caption::Text("Fischer <3 & co".into())),
            number: Some(12),
            white: Some(crate::options::Player {
                name: "Fischer".into(),
                ..Default::default()
            }),
            ..Around::default()
        };
        let text = TextOptions {
            around,
            ..TextOptions::default()
        };
        let html = render(
            &position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            &text,
            400,
        );
        assert!(
            html.starts_with(
                "<table role=\"img\" aria-label=\"Diagram 12: Fischer &lt;3 &amp; co. \
                 White player: Fischer. White to move."
            ),
            "{html}"
        );
        // Rows in the image's order: White's bar under the board, then the
        // caption, then the side to move.
        let white = html.find(">White: Fischer</td>").expect("White's row");
        let caption = html
            .find(">Diagram 12: Fischer &lt;3 &amp; co</td>")
            .expect("caption row");
        let mover = html.find(">White to move</td>").expect("side to move");
        let last_square = html.rfind("bgcolor=").unwrap();
        assert!(last_square < white && white < caption && caption < mover);
    }

    #[test]
    fn square_size_follows_width_within_limits() {
        let p = Position::default();
        assert!(render(&p, &TextOptions::default(), 400).contains("width:50px;height:50px"));
        assert!(render(&p, &TextOptions::default(), 32).contains("width:16px;"));
        assert!(render(&p, &TextOptions::default(), 4096).contains("width:96px;"));
    }
}
