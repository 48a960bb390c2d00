//! A move in UCI notation as text: `e2e4`, `e7e8q`, a crazyhouse drop
//! `N@f3`, the null move `0000`. Syntax only: whether the move is legal is
//! for a position to say ([`LegalPosition::parse_uci`]).
//!
//! [`LegalPosition::parse_uci`]: crate::game::LegalPosition::parse_uci

use std::fmt;
use std::str::FromStr;

use super::{square_at, ValueError};
use crate::position::{Role, Square};
use fen2img_support::quote::escape;

/// A move in UCI notation, read for its squares: the last move a diagram
/// tints, or a move a position will check.
///
/// Promotion letters are read in either case and written in lower case
/// (`e7e8Q` reads as `e7e8q`); drop letters are written in upper case.
/// `k` is read as a promotion (antichess writes it; no position fen2img
/// plays allows it).
///
/// ```
/// use fen2img_chess::notation::UciMove;
/// use fen2img_chess::{Role, Square};
///
/// let m: UciMove = "e7e8Q".parse()?;
/// assert_eq!(m, UciMove::Normal {
///     from: Square::parse("e7").unwrap(),
///     to: Square::parse("e8").unwrap(),
///     promotion: Some(Role::Queen),
/// });
/// assert_eq!(m.to_string(), "e7e8q");
/// let drop: UciMove = "N@f3".parse()?;
/// assert_eq!(drop.squares().map(|(a, b)| (a.to_string(), b.to_string())),
///            Some(("f3".into(), "f3".into())));
/// assert_eq!("0000".parse::<UciMove>()?.squares(), None);
/// # Ok::<(), fen2img_chess::notation::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A piece moves from one square to another (castling is the king's
    /// move, `e1g1`, or the king taking its rook, `e1h1`).
    Normal {
        /// Where the piece stood.
        from: Square,
        /// Where it goes.
        to: Square,
        /// The piece a pawn becomes on the last rank.
        promotion: Option<Role>,
    },
    /// A crazyhouse drop: a piece in hand put on a square (`N@f3`).
    Put {
        /// The piece dropped.
        role: Role,
        /// Where.
        to: Square,
    },
    /// The null move `0000`: a pass, with no square.
    Null,
}

impl UciMove {
    /// The two squares a diagram tints for this move: from and to, or the
    /// drop's square twice; none for the null move.
    pub fn squares(self) -> Option<(Square, Square)> {
        match self {
            UciMove::Normal { from, to, .. } => Some((from, to)),
            UciMove::Put { to, .. } => Some((to, to)),
            UciMove::Null => None,
        }
    }
}

/// The example every message about a move's shape gives.
const EXAMPLES: &str = "e2e4, e7e8q or N@f3";

impl FromStr for UciMove {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<UciMove, ValueError> {
        if text.is_empty() {
            return Err(ValueError::new(
                1,
                format!("expected a move in UCI notation such as {EXAMPLES}, found nothing"),
            ));
        }
        // Squares and letters are ASCII: anything else is refused where it
        // stands, before any slicing.
        if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return Err(ValueError::at_byte(
                text,
                i,
                format!(
                    "'{}' has no place in a move in UCI notation (such as {EXAMPLES})",
                    escape(&c.to_string())
                ),
            ));
        }
        let b = text.as_bytes();
        if text == "0000" {
            return Ok(UciMove::Null);
        }
        if b.len() >= 2 && b[1] == b'@' {
            let role = Role::from_char(b[0] as char).ok_or_else(|| {
                ValueError::new(
                    1,
                    format!(
                        "'{}' is not a piece to drop (P, N, B, R, Q)",
                        escape(&text[..1])
                    ),
                )
            })?;
            let to = square_at(text, 2)?;
            if b.len() > 4 {
                return Err(too_long(4));
            }
            return Ok(UciMove::Put { role, to });
        }
        let from = square_at(text, 0)?;
        let to = square_at(text, 2)?;
        let promotion = match b.get(4) {
            None => None,
            Some(&letter) => Some(
                Role::from_char(letter as char)
                    .filter(|r| !matches!(r, Role::Pawn))
                    .ok_or_else(|| {
                        ValueError::new(
                            5,
                            format!(
                                "'{}' is not a promotion (q, r, b or n)",
                                escape(&text[4..5])
                            ),
                        )
                    })?,
            ),
        };
        if b.len() > 5 {
            return Err(too_long(5));
        }
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }
}

/// The error for characters after a whole move of `len` characters.
fn too_long(len: usize) -> ValueError {
    ValueError::new(
        len + 1,
        format!("the move ends before this (a move in UCI notation is such as {EXAMPLES})"),
    )
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(role) = promotion {
                    write!(f, "{}", role.upper_char().to_ascii_lowercase())?;
                }
                Ok(())
            }
            UciMove::Put { role, to } => write!(f, "{}@{to}", role.upper_char()),
            UciMove::Null => f.write_str("0000"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn error(text: &str) -> (usize, String) {
        let e = text.parse::<UciMove>().unwrap_err();
        (e.column(), e.message().to_string())
    }

    #[test]
    fn every_form_reads() {
        let e2 = Square::parse("e2").unwrap();
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(
            "e2e4".parse(),
            Ok(UciMove::Normal {
                from: e2,
                to: e4,
                promotion: None
            })
        );
        assert_eq!(
            "q@e4".parse(),
            Ok(UciMove::Put {
                role: Role::Queen,
                to: e4
            })
        );
        assert_eq!("0000".parse(), Ok(UciMove::Null));
        assert_eq!("e7e8N".parse::<UciMove>().unwrap().to_string(), "e7e8n");
    }

    #[test]
    fn errors_point_at_what_is_wrong() {
        assert_eq!(error("").0, 1);
        assert_eq!(error("e9e4").0, 1);
        assert_eq!(error("e2x4").0, 3);
        assert_eq!(error("e2e").0, 3);
        assert_eq!(
            error("e7e8x"),
            (5, "'x' is not a promotion (q, r, b or n)".into())
        );
        assert_eq!(error("e7e8p").0, 5);
        assert_eq!(error("e7e8qq").0, 6);
        assert_eq!(error("X@e4").0, 1);
        assert_eq!(error("N@e44").0, 5);
        assert_eq!(error("N@").0, 3);
        assert_eq!(error("é2e4").0, 1);
        assert_eq!(error("e2é4").0, 3);
        assert!(error("e2\u{1b}4").1.contains("<U+001B>"));
    }

    fn any_move() -> impl Strategy<Value = UciMove> {
        let square = (0u8..64).prop_map(|i| Square::from_index(i).unwrap());
        let role = prop::sample::select(Role::ALL.to_vec());
        prop_oneof![
            (
                square.clone(),
                square.clone(),
                prop::option::of(role.clone())
            )
                .prop_filter_map("no pawn promotions", |(from, to, promotion)| {
                    (promotion != Some(Role::Pawn)).then_some(UciMove::Normal {
                        from,
                        to,
                        promotion,
                    })
                }),
            (role, square).prop_map(|(role, to)| UciMove::Put { role, to }),
            Just(UciMove::Null),
        ]
    }

    proptest! {
        #[test]
        fn what_is_written_reads_back(m in any_move()) {
            prop_assert_eq!(m.to_string().parse::<UciMove>(), Ok(m));
        }

        #[test]
        fn any_text_reads_or_errs_within_it(text in "\\PC{0,8}") {
            if let Err(e) = text.parse::<UciMove>() {
                prop_assert!(e.column() <= text.chars().count() + 1);
            }
        }
    }
}
