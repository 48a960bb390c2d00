//! Chess problem positions: what a problem diagram shows that an ordinary
//! position cannot (neutral pieces, pieces turned by quarter turns, fairy
//! pieces named by letters, markers and short texts on squares) and the
//! caption a problem carries (composers, source, date, award, stipulation).
//!
//! A [`Problem`] is read from Fairy FEN ([`parse_fairy_fen`], the janko.at
//! notation with YACPDB's `(!S2)` tokens) or from a Popeye input file
//! ([`parse_popeye`]). It is a model of its own, beside
//! [`Position`](crate::Position), so the ordinary FEN parser and the 8×8 drawing path
//! stay exactly as they are: nothing here is read unless a caller asks for
//! a problem.
//!
//! ```
//! use fen2img_chess::problem::{parse_fairy_fen, Side, Figure};
//! use fen2img_chess::{Role, Square};
//!
//! // A white king, a black king, a neutral knight and an upside-down
//! // (grasshopper) queen.
//! let p = parse_fairy_fen("4k3/8/8/3-N4/8/8/8/*2Q3K3")?;
//! let g = p.unit(Square::parse("a1").unwrap()).unwrap();
//! assert_eq!((g.side, g.figure.clone(), g.rotation), (Side::White, Figure::Piece(Role::Queen), 2));
//! assert_eq!(p.unit_count(), (2, 1, 1)); // white, black, neutral
//! assert_eq!(p.count_text(), "(2+1+1n)");
//! # Ok::<(), fen2img_chess::problem::ProblemError>(())
//! ```

mod error;
mod fairy_fen;
mod model;
mod popeye;
mod twin;
mod twin_change;
mod unit;

pub use error::{ProblemError, ProblemErrorKind, ProblemField};
pub use fairy_fen::{fairy_fen_fallback, looks_like_fairy_fen, parse_fairy_fen, MAX_TEXT_CHARS};
pub use model::Problem;
pub use popeye::{
    is_popeye, parse_popeye, parse_popeye_each, MAX_AUTHORS, MAX_POPEYE_LEN, MAX_TWINS,
};
pub use twin_change::{Twin, TwinChange};
pub use unit::{Figure, Marker, Side, Unit};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Neither reader panics on any text, and what Fairy FEN reads it
        /// writes back to the same units.
        #[test]
        fn readers_never_panic(text in "[-*(){}!/0-9a-zA-Z KQRBNPkqrbnpSs#=\\n]{0,80}") {
            if let Ok(p) = parse_fairy_fen(&text) {
                prop_assert_eq!(parse_fairy_fen(&p.to_fairy_fen()).unwrap(), p);
            }
            let _ = parse_popeye(&format!("BeginProblem\n{text}"));
            let _ = parse_popeye(&text);
        }
    }
}
