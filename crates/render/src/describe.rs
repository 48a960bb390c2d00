//! The plain-language description of a position, for screen readers.
//!
//! It goes in the SVG's `<desc>`, and `--alt` prints it so a static-site build
//! can put it in an `<img alt="...">`: "White to move. White: Ke1, Qd1, ...".

use crate::annotation::Glyph;
use fen2img_chess::{CheckCounters, Color, Pockets, Position, Role, Square};

/// Roles in the order a reader expects: king first, pawns last.
const ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Describes `position` after `lead` (what is drawn around the board:
/// number, caption, players, already in sentences), in one paragraph.
pub fn describe_with(position: &Position, lead: &str) -> String {
    if lead.is_empty() {
        describe(position)
    } else {
        format!("{lead} {}", describe(position))
    }
}

/// Describes `position` after `lead`, then the annotations on its squares
/// ("e4: brilliant move, marked !!. d5: label A."): the whole alt text of
/// a diagram with glyphs and labels.
pub fn describe_annotated(
    position: &Position,
    lead: &str,
    glyphs: &[(Square, Glyph)],
    labels: &[(Square, String)],
) -> String {
    let mut out = describe_with(position, lead);
    let marks = crate::annotation::describe(glyphs, labels);
    if !marks.is_empty() {
        out.push(' ');
        out.push_str(&marks);
    }
    out
}

/// Describes `position` in one paragraph of plain English.
pub fn describe(position: &Position) -> String {
    // "White to move", or the result when the game is over on the board.
    let mut out = format!("{}.", crate::outcome::turn_words(position));
    for color in [Color::White, Color::Black] {
        out.push(' ');
        out.push_str(color.name());
        out.push_str(": ");
        let mut items: Vec<String> = Vec::new();
        for role in ORDER {
            let squares: Vec<String> = position
                .board
                .pieces()
                .filter(|(_, p)| p.color == color && p.role == role)
                .map(|(sq, _)| sq.to_string())
                .collect();
            if role == Role::Pawn {
                match squares.len() {
                    0 => {}
                    1 => items.push(format!("pawn {}", squares[0])),
                    _ => items.push(format!("pawns {}", squares.join(", "))),
                }
            } else {
                items.extend(
                    squares
                        .iter()
                        .map(|sq| format!("{}{sq}", role.upper_char())),
                );
            }
        }
        if items.is_empty() {
            out.push_str("no pieces");
        } else {
            out.push_str(&items.join(", "));
        }
        out.push('.');
        if let Some(pockets) = &position.pockets {
            let held: Vec<String> = Pockets::ROLES
                .into_iter()
                .filter(|&role| pockets.count(color, role) > 0)
                .map(|role| {
                    let n = pockets.count(color, role);
                    let letter = role.upper_char();
                    if n == 1 {
                        letter.to_string()
                    } else {
                        format!("{n}×{letter}")
                    }
                })
                .collect();
            if !held.is_empty() {
                out.push_str(&format!(" In hand: {}.", held.join(", ")));
            }
        }
    }
    if let Some(counters) = position.checks {
        let [white, black] = remaining_checks(counters);
        out.push_str(&format!(
            " Checks still to give: White {white}, Black {black}."
        ));
    }
    out
}

/// Crazyhouse pockets (`White in hand: Q N P P`, strongest first) and
/// three-check counters (`Checks to give: White +2, Black +3`), one line
/// each, when the position has them.
pub fn variant_lines(position: &Position) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(pockets) = &position.pockets {
        for color in [Color::White, Color::Black] {
            let mut held: Vec<char> = Vec::new();
            for role in Pockets::ROLES {
                let n = pockets.count(color, role);
                held.extend(std::iter::repeat_n(role.upper_char(), n as usize));
            }
            let list = if held.is_empty() {
                "none".to_string()
            } else {
                held.iter()
                    .map(char::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            lines.push(format!("{} in hand: {list}", color.name()));
        }
    }
    if let Some(counters) = position.checks {
        let [white, black] = remaining_checks(counters);
        lines.push(format!("Checks to give: White +{white}, Black +{black}"));
    }
    lines
}

/// The checks each side may still give in three-check (counters written
/// as checks given count down from three).
pub fn remaining_checks(counters: CheckCounters) -> [u8; 2] {
    const CHECKS_TO_WIN: u8 = 3;
    match counters {
        CheckCounters::Remaining { white, black } => [white, black],
        CheckCounters::Given { white, black } => [
            CHECKS_TO_WIN.saturating_sub(white),
            CHECKS_TO_WIN.saturating_sub(black),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_chess::{parse, ParseOptions};

    #[test]
    fn describes_the_start_position() {
        let p = parse(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        assert_eq!(
            describe(&p),
            "White to move. White: Ke1, Qd1, Ra1, Rh1, Bc1, Bf1, Nb1, Ng1, \
             pawns a2, b2, c2, d2, e2, f2, g2, h2. Black: Ke8, Qd8, Ra8, Rh8, \
             Bc8, Bf8, Nb8, Ng8, pawns a7, b7, c7, d7, e7, f7, g7, h7."
        );
    }

    #[test]
    fn text_boards_list_pockets_and_checks() {
        let p = parse(
            b"8/8/8/8/8/8/8/4K2k[QNPPn] w - - 2+3 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        assert_eq!(
            variant_lines(&p),
            [
                "White in hand: Q N P P",
                "Black in hand: N",
                "Checks to give: White +2, Black +3"
            ]
        );
        assert!(describe(&p).ends_with("Checks still to give: White 2, Black 3."));
        let plain = parse(b"8/8/8/8/8/8/8/4K2k w - - 0 1", ParseOptions::default())
            .unwrap()
            .position;
        assert!(variant_lines(&plain).is_empty());
        let lead = describe_with(&plain, "Diagram 3: Mate in two.");
        assert!(
            lead.starts_with("Diagram 3: Mate in two. White to move."),
            "{lead}"
        );
    }

    #[test]
    fn describes_empty_sides_and_pockets() {
        let p = parse(b"8/8/8/8/8/8/8/4K3[NNp] b - - 0 1", ParseOptions::default())
            .unwrap()
            .position;
        assert_eq!(
            describe(&p),
            "Black to move. White: Ke1. In hand: 2×N. Black: no pieces. In hand: P."
        );
    }
}
