//! The alt text of a whole diagram (the SVG's `<desc>`, `--alt`, the
//! documents' `alt=`): what is drawn around the board, the position, then
//! every annotation drawn on it, in words, so a reader who cannot see the
//! picture misses nothing it shows.

use crate::annotation::describe as describe_squares;
use crate::describe::describe_with;
use fen2img_chess::{Position, Square};

use crate::options::{Brush, CheckMark, DiagramOptions, Markup};

/// The whole alt text of `position` drawn with `options`.
pub fn alt_text(position: &Position, options: &DiagramOptions) -> String {
    with_lead(position, &options.around.describe(), &options.markup)
}

/// The alt text after `lead` (number, caption and players in words).
pub(super) fn with_lead(position: &Position, lead: &str, markup: &Markup) -> String {
    let mut out = describe_with(position, lead);
    let marks = describe_markup(position, markup);
    if !marks.is_empty() {
        out.push(' ');
        out.push_str(&marks);
    }
    out
}

/// The annotations in sentences, in the order they are drawn: "Last move
/// e2 to e4. Check on e8. Arrows: green e2 to e4. Circles: red d5. Marked
/// with an X: f7. Filled squares: c3. e4: brilliant move, marked !!. d5:
/// label A." (empty without annotations).
pub fn describe_markup(position: &Position, markup: &Markup) -> String {
    let mut out: Vec<String> = Vec::new();
    match markup.lastmove {
        Some((from, to)) if from == to => out.push(format!("Last move to {to}.")),
        Some((from, to)) => out.push(format!("Last move {from} to {to}.")),
        None => {}
    }
    let checked = match markup.check {
        CheckMark::None => None,
        CheckMark::Auto => position.checked_king(),
        CheckMark::Square(sq) => Some(sq),
    };
    if let Some(sq) = checked {
        out.push(format!("Check on {sq}."));
    }
    let brush = |b: Brush| match b {
        Brush::Green => "green",
        Brush::Red => "red",
        Brush::Yellow => "yellow",
        Brush::Blue => "blue",
    };
    let arrows: Vec<String> = markup
        .arrows
        .iter()
        .filter(|a| a.from != a.to)
        .map(|a| format!("{} {} to {}", brush(a.brush), a.from, a.to))
        .collect();
    if !arrows.is_empty() {
        let noun = if arrows.len() == 1 { "Arrow" } else { "Arrows" };
        out.push(format!("{noun}: {}.", arrows.join(", ")));
    }
    let circles: Vec<String> = markup
        .arrows
        .iter()
        .filter(|a| a.from == a.to)
        .map(|a| format!("{} {}", brush(a.brush), a.from))
        .collect();
    if !circles.is_empty() {
        let noun = if circles.len() == 1 {
            "Circle"
        } else {
            "Circles"
        };
        out.push(format!("{noun}: {}.", circles.join(", ")));
    }
    let list = |squares: &mut dyn Iterator<Item = Square>| {
        let mut names: Vec<String> = Vec::new();
        for sq in squares {
            let name = sq.to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.join(", ")
    };
    if !markup.marks.is_empty() {
        let squares = list(&mut markup.marks.iter().copied());
        out.push(format!("Marked with an X: {squares}."));
    }
    if !markup.fills.is_empty() {
        let squares = list(&mut markup.fills.iter().map(|(sq, _)| *sq));
        out.push(format!("Filled squares: {squares}."));
    }
    let squares = describe_squares(&markup.glyphs, &markup.labels);
    if !squares.is_empty() {
        out.push(squares);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotation::Glyph;
    use crate::layout::Layout;
    use crate::options::ArrowSpec;
    use crate::test_support::{position, sq};
    use crate::Rgba;

    #[test]
    fn every_annotation_is_said() {
        let markup = Markup {
            lastmove: Some((sq("d1"), sq("h5"))),
            check: CheckMark::Auto,
            arrows: vec![
                ArrowSpec::parse("Gh5f7").unwrap(),
                ArrowSpec::parse("Bg1f3").unwrap(),
                ArrowSpec::parse("Rf7").unwrap(),
            ],
            marks: vec![sq("e5"), sq("e5"), sq("d4")],
            fills: vec![(sq("c3"), Rgba::rgb(255, 0, 0))],
            glyphs: vec![(sq("h5"), Glyph::Blunder)],
            labels: vec![(sq("a1"), "A".into())],
            straight_knight_arrows: false,
        };
        // Black to move after Qxf7#: the king on e8 is in check.
        let mated = position("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
        let said = describe_markup(&mated, &markup);
        assert_eq!(
            said,
            "Last move d1 to h5. Check on e8. Arrows: green h5 to f7, blue g1 to f3. \
             Circle: red f7. Marked with an X: e5, d4. Filled squares: c3. \
             h5: blunder, marked ??. a1: label A."
        );
        // The SVG's <desc> says the same after the position.
        let options = DiagramOptions {
            markup: markup.clone(),
            ..DiagramOptions::default()
        };
        let layout = Layout::new(&mated, &options).unwrap();
        assert!(
            layout.description.ends_with(&said),
            "{}",
            layout.description
        );
        assert_eq!(layout.description, alt_text(&mated, &options));
        assert_eq!(describe_markup(&mated, &Markup::default()), "");
    }
}
