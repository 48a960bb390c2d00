//! A problem as a text board. Unicode has no turned or neutral chess
//! pieces, so every text format writes the same ASCII board, each square
//! four columns wide:
//!
//! - a piece is its problemist's letter (`K Q R B S P`, `S` the knight), upper
//!   case for White, lower case for Black, a fairy piece its Popeye code (`G`, `CA`);
//! - a `-` before it: neutral (its letter upper case);
//! - a digit after it: turned by that many quarter turns clockwise;
//! - `@` before a letter: a marker (`C` circle, `X` cross, `S` square,
//!   `T` triangle); `'` before a text: the text on the square;
//! - `.` an empty square.
//!
//! The caption lines come above, the stipulation and count below.

use std::fmt::Write as _;

use fen2img_chess::problem::{Figure, Problem, Side, Unit};
use fen2img_chess::Square;

use super::{caption, letters};

/// `problem` as a text board (see the module documentation for the signs).
///
/// ```
/// use fen2img_render::problem::text_board;
/// use fen2img_render::chess::problem::parse_fairy_fen;
/// let board = text_board(&parse_fairy_fen("4k3/8/8/3-N4/8/8/8/*2Q3K3")?);
/// assert!(board.contains(" .   .   .  -S   .   .   .   .  "));
/// assert!(board.contains(" Q2  .   .   .   K   .   .   .  "));
/// # Ok::<(), fen2img_render::chess::problem::ProblemError>(())
/// ```
pub fn text_board(problem: &Problem) -> String {
    let mut out = String::new();
    for line in caption::header_lines(problem) {
        let _ = writeln!(out, "{}", fen2img_support::quote::shown(&line));
    }
    for rank in (0..8u8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8u8 {
            let unit = Square::new(file, rank).and_then(|sq| problem.unit(sq));
            out.push_str(&cell(unit));
        }
        out.push('\n');
    }
    out.push_str("   a   b   c   d   e   f   g   h\n");
    let stip = caption::stipulation(problem);
    let _ = writeln!(
        out,
        "{}  {}",
        fen2img_support::quote::shown(&stip),
        problem.count_text()
    );
    for line in caption::footer_lines(problem) {
        let _ = writeln!(out, "{}", fen2img_support::quote::shown(&line));
    }
    out
}

/// One square, four columns.
fn cell(unit: Option<&Unit>) -> String {
    let Some(u) = unit else {
        return " .  ".to_owned();
    };
    let case = |s: &str| match u.side {
        Side::Black => s.to_ascii_lowercase(),
        _ => s.to_owned(),
    };
    let (prefix, body) = match &u.figure {
        Figure::Marker(m) => ('@', case(&m.upper_char().to_string())),
        Figure::Text(t) => ('\'', t.chars().take(3).collect()),
        piece => (
            neutral(u),
            case(&letters::piece_letters(piece).unwrap_or_default()),
        ),
    };
    let turn = letters::turn_digit(u.rotation);
    let mut s = format!("{prefix}{body}{turn}");
    while s.chars().count() < 4 {
        s.push(' ');
    }
    s
}

fn neutral(u: &Unit) -> char {
    if u.side == Side::Neutral {
        '-'
    } else {
        ' '
    }
}
