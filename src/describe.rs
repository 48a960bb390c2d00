//! The plain-language description of a position, for screen readers.
//!
//! It goes in the SVG's `<desc>`, and `--alt` prints it so a static-site build
//! can put it in an `<img alt="...">`: "White to move. White: Ke1, Qd1, ...".

use crate::position::{Color, Position, Role};

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

/// Describes `position` in one paragraph of plain English.
pub fn describe(position: &Position) -> String {
    let mut out = format!("{} to move.", position.turn.name());
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
            let held: Vec<String> = ORDER
                .iter()
                .filter(|&&role| pockets.count(color, role) > 0)
                .map(|&role| {
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse, ParseOptions};

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
