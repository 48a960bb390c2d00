//! Fairy FEN: the placement of a problem in the janko.at notation, with
//! YACPDB's bracketed tokens.
//!
//! - `KQRBNP` / `kqrbnp`: white / black orthodox pieces, digits: empty squares, `/` between ranks;
//! - `CXST` / `cxst`: white / black markers (circle, cross, square, triangle);
//! - `-` before a piece or marker: neutral; `*1`, `*2`, `*3` before it: turned
//!   by one, two, three quarter turns clockwise (either prefix first);
//! - `(` `!`? code digit? `)`: a YACPDB token, a Popeye piece code of one or two
//!   letters (upper case white, lower case black, `!` neutral; `S` is the
//!   knight, other codes fairy pieces: `(G)` grasshopper, `(!S2)` a neutral
//!   knight turned twice);
//! - `{a}`: a letter or short text on the square (up to [`MAX_TEXT_CHARS`]).
//!
//! Only the placement is read: a problem's other words come from options
//! or from a Popeye file. Boards other than 8×8 are refused with the
//! column where the rank runs over or short (the drawing is 8×8 only).

use super::{
    Figure, Marker, Problem, ProblemError, ProblemErrorKind as Kind, ProblemField, Side, Unit,
};
use crate::{Role, Square, MAX_INPUT_LEN};

/// The most characters a text on a square may have.
pub const MAX_TEXT_CHARS: usize = 3;

/// Whether `text`'s first field uses a sign only Fairy FEN has (`*`, `(`,
/// `{`, or `-` before a letter): such text can never be an ordinary FEN
/// placement, so reading it as Fairy FEN changes no ordinary FEN.
///
/// ```
/// use fen2img_chess::problem::looks_like_fairy_fen;
/// assert!(looks_like_fairy_fen("8/8/8/3-N4/8/8/8/8"));
/// assert!(!looks_like_fairy_fen("8/8/8/8/8/8/8/8 w - - 0 1"));
/// ```
pub fn looks_like_fairy_fen(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    let b = first.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        matches!(c, b'*' | b'(' | b'{')
            || (c == b'-' && b.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic()))
    })
}

/// The front ends' one rule for a position the FEN parser refused (the
/// command line, a Markdown fence, the server and Python all read a
/// position so): it is read as Fairy FEN when a problem is `asked` for or
/// when it holds a sign only Fairy FEN has. `None`: it is not a problem,
/// and the FEN parser's error stands (also when, unasked, the Fairy FEN
/// reader refuses it too); `Some(Err)`: asked for, and not Fairy FEN
/// either, so the Fairy FEN reader's error (with its column) is the one
/// to show.
///
/// ```
/// use fen2img_chess::problem::fairy_fen_fallback;
/// // A sign only Fairy FEN has: a problem, asked for or not.
/// assert!(matches!(fairy_fen_fallback("4k3/8/8/3-N4/8/8/8/4K3", false), Some(Ok(_))));
/// // A marker is no FEN sign, nor one only Fairy FEN has: only when asked.
/// assert!(fairy_fen_fallback("4k3/8/8/8/8/8/8/C3K3", false).is_none());
/// assert!(matches!(fairy_fen_fallback("4k3/8/8/8/8/8/8/C3K3", true), Some(Ok(_))));
/// // Neither FEN nor Fairy FEN: the FEN error unasked, the Fairy FEN one asked.
/// assert!(fairy_fen_fallback("8/8/8/8/8/8/8/*4Q7", false).is_none());
/// assert_eq!(fairy_fen_fallback("8/8/8/8/8/8/8/*4Q7", true).unwrap().unwrap_err().column(), 16);
/// ```
pub fn fairy_fen_fallback(text: &str, asked: bool) -> Option<Result<Problem, ProblemError>> {
    if !asked && !looks_like_fairy_fen(text) {
        return None;
    }
    match parse_fairy_fen(text) {
        Ok(problem) => Some(Ok(problem)),
        Err(_) if !asked => None,
        Err(e) => Some(Err(e)),
    }
}

/// Reads a Fairy FEN placement into a [`Problem`] (with no caption).
///
/// ```
/// use fen2img_chess::problem::parse_fairy_fen;
/// let e = parse_fairy_fen("8/8/8/8/8/8/8/7E").unwrap_err();
/// assert_eq!(e.column(), 16);
/// assert_eq!(parse_fairy_fen("k7/8/8/8/8/8/8/(!S2)6K").unwrap().count_text(), "(1+1+1n)");
/// ```
pub fn parse_fairy_fen(text: &str) -> Result<Problem, ProblemError> {
    // Every error of the board's shape; the signs' own are read_unit's.
    let at = |column: usize, message: String| {
        ProblemError::new(ProblemField::Placement, Kind::BoardSize, 1, column, message)
    };
    if text.len() > MAX_INPUT_LEN {
        return Err(ProblemError::new(
            ProblemField::Input,
            Kind::TooLong,
            1,
            1,
            format!("longer than {MAX_INPUT_LEN} bytes"),
        ));
    }
    let chars: Vec<char> = text.chars().collect();
    let start = chars.iter().take_while(|c| c.is_whitespace()).count();
    let end = chars[start..]
        .iter()
        .position(|c| c.is_whitespace())
        .map_or(chars.len(), |p| start + p);
    if start == end {
        return Err(ProblemError::new(
            ProblemField::Input,
            Kind::Empty,
            1,
            1,
            "no placement".to_owned(),
        ));
    }
    if let Some(extra) = (end..chars.len()).find(|&i| !chars[i].is_whitespace()) {
        return Err(ProblemError::new(
            ProblemField::Input,
            Kind::Extra,
            1,
            extra + 1,
            "Fairy FEN is the placement only: give the stipulation and caption as options"
                .to_owned(),
        ));
    }
    let mut problem = Problem::new();
    let mut rank: u8 = 7;
    let mut file: u8 = 0;
    let mut i = start;
    while i < end {
        let c = chars[i];
        let col = i + 1;
        if c == '/' {
            if file != 8 {
                return Err(at(
                    col,
                    format!("rank {} has {file} squares, not 8", rank + 1),
                ));
            }
            if rank == 0 {
                return Err(at(
                    col,
                    "more than 8 ranks (only 8×8 boards are drawn)".to_owned(),
                ));
            }
            rank -= 1;
            file = 0;
            i += 1;
            continue;
        }
        if let Some(d) = c.to_digit(10) {
            if d == 0 {
                return Err(ProblemError::new(
                    ProblemField::Placement,
                    Kind::Malformed,
                    1,
                    col,
                    "0 is not a count of empty squares",
                ));
            }
            file += d as u8;
            if file > 8 {
                return Err(at(
                    col,
                    format!(
                        "rank {} has more than 8 squares (only 8×8 boards are drawn)",
                        rank + 1
                    ),
                ));
            }
            i += 1;
            continue;
        }
        let (unit, next) = read_unit(&chars, i, end)?;
        if file >= 8 {
            return Err(at(
                col,
                format!(
                    "rank {} has more than 8 squares (only 8×8 boards are drawn)",
                    rank + 1
                ),
            ));
        }
        if let Some(sq) = Square::new(file, rank) {
            problem.set(sq, Some(unit));
        }
        file += 1;
        i = next;
    }
    if rank != 0 || file != 8 {
        return Err(at(
            end + 1,
            format!(
                "the placement ends at rank {} after {file} squares (an 8×8 board needs 8 ranks of 8)",
                rank + 1
            ),
        ));
    }
    Ok(problem)
}

/// Reads one unit (with its prefixes) starting at `i`; returns it and the
/// index after it.
fn read_unit(chars: &[char], mut i: usize, end: usize) -> Result<(Unit, usize), ProblemError> {
    let at = |i: usize, message: String| {
        ProblemError::new(ProblemField::Placement, Kind::Malformed, 1, i + 1, message)
    };
    let mut neutral = false;
    let mut rotation: Option<u8> = None;
    loop {
        match chars.get(i).copied().filter(|_| i < end) {
            Some('-') if !neutral => {
                neutral = true;
                i += 1;
            }
            Some('*') if rotation.is_none() => {
                let r = chars.get(i + 1).and_then(|c| c.to_digit(10));
                match r {
                    Some(r @ 1..=3) if i + 1 < end => rotation = Some(r as u8),
                    _ => {
                        return Err(at(
                            i + 1,
                            "'*' must be followed by 1, 2 or 3 (quarter turns)".to_owned(),
                        ))
                    }
                }
                i += 2;
            }
            _ => break,
        }
    }
    let Some(c) = chars.get(i).copied().filter(|_| i < end) else {
        return Err(at(i, "a piece must follow '-' or '*N'".to_owned()));
    };
    let side_of = |upper: bool| match (neutral, upper) {
        (true, _) => Side::Neutral,
        (false, true) => Side::White,
        (false, false) => Side::Black,
    };
    let rotation = rotation.unwrap_or(0);
    if c == '(' {
        let (mut unit, next) = read_bracket(chars, i, end)?;
        if neutral {
            unit.side = Side::Neutral;
        }
        if rotation != 0 {
            unit.rotation = rotation;
        }
        return Ok((unit, next));
    }
    if c == '{' {
        if neutral || rotation != 0 {
            return Err(at(i, "a text on a square takes no '-' or '*N'".to_owned()));
        }
        return read_text(chars, i, end);
    }
    let figure = if let Some(role) = Role::from_char(c) {
        Figure::Piece(role)
    } else if let Some(m) = Marker::from_char(c) {
        Figure::Marker(m)
    } else {
        return Err(ProblemError::new(
            ProblemField::Placement,
            Kind::Unknown,
            1,
            i + 1,
            format!(
                "{} is not a Fairy FEN piece or marker (K Q R B N P, C X S T); write a fairy piece as (G), a text as {{a}}",
                fen2img_support::quote::quoted(&c.to_string())
            ),
        ));
    };
    Ok((
        Unit {
            side: side_of(c.is_ascii_uppercase()),
            figure,
            rotation,
        },
        i + 1,
    ))
}

/// A YACPDB token `(!S2)` at `i` (the `(`).
fn read_bracket(chars: &[char], i: usize, end: usize) -> Result<(Unit, usize), ProblemError> {
    let at = |i: usize, message: &str| {
        ProblemError::new(
            ProblemField::Placement,
            Kind::Malformed,
            1,
            i + 1,
            message.to_owned(),
        )
    };
    let Some(close) = (i + 1..end.min(i + 6)).find(|&j| chars[j] == ')') else {
        return Err(at(
            i,
            "'(' opens a piece token like (G) or (!S2) that is not closed by ')'",
        ));
    };
    let mut j = i + 1;
    let neutral = chars[j] == '!';
    if neutral {
        j += 1;
    }
    let letters: String = chars[j..close]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let after = j + letters.len();
    if letters.is_empty() || letters.len() > 2 {
        return Err(at(j, "a piece token holds a code of one or two letters"));
    }
    let upper = letters.chars().all(|c| c.is_ascii_uppercase());
    let lower = letters.chars().all(|c| c.is_ascii_lowercase());
    if !upper && !lower {
        return Err(at(
            j,
            "a piece code is all upper case (white) or all lower case (black)",
        ));
    }
    let rotation = match &chars[after..close] {
        [] => 0,
        [d @ '1'..='3'] => *d as u8 - b'0',
        _ => {
            return Err(at(
                after,
                "after the piece code only a turn 1, 2 or 3 may follow",
            ))
        }
    };
    let code = letters.to_ascii_uppercase();
    let figure = match code.as_str() {
        "K" => Figure::Piece(Role::King),
        "Q" => Figure::Piece(Role::Queen),
        "R" => Figure::Piece(Role::Rook),
        "B" => Figure::Piece(Role::Bishop),
        "S" => Figure::Piece(Role::Knight),
        "P" => Figure::Piece(Role::Pawn),
        _ => Figure::Fairy(code),
    };
    let side = match (neutral, upper) {
        (true, _) => Side::Neutral,
        (false, true) => Side::White,
        (false, false) => Side::Black,
    };
    Ok((
        Unit {
            side,
            figure,
            rotation,
        },
        close + 1,
    ))
}

/// A text `{a}` at `i` (the `{`).
fn read_text(chars: &[char], i: usize, end: usize) -> Result<(Unit, usize), ProblemError> {
    let limit = end.min(i + MAX_TEXT_CHARS + 2);
    let Some(close) = (i + 1..limit).find(|&j| chars[j] == '}') else {
        return Err(ProblemError::new(
            ProblemField::Placement,
            Kind::Malformed,
            1,
            i + 1,
            format!("'{{' opens a text of 1 to {MAX_TEXT_CHARS} characters not closed by '}}'"),
        ));
    };
    let text: String = chars[i + 1..close].iter().collect();
    if let Some(k) = chars[i + 1..close]
        .iter()
        .position(|&c| !(c.is_alphanumeric() || matches!(c, '+' | '=' | '?' | '!' | '#')))
    {
        return Err(ProblemError::new(
            ProblemField::Placement,
            Kind::Malformed,
            1,
            i + 2 + k,
            "a text on a square is letters, digits and + = ? ! # only".to_owned(),
        ));
    }
    if text.is_empty() {
        return Err(ProblemError::new(
            ProblemField::Placement,
            Kind::Malformed,
            1,
            i + 2,
            "an empty text {}".to_owned(),
        ));
    }
    Ok((
        Unit {
            side: Side::White,
            figure: Figure::Text(text),
            rotation: 0,
        },
        close + 1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn reads_every_kind_of_unit() {
        let p = parse_fairy_fen("k7/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K").unwrap();
        assert_eq!(p.unit(sq("d5")).unwrap().describe(), "neutral knight");
        assert_eq!(p.unit(sq("c3")).unwrap().describe(), "white fairy piece G");
        assert_eq!(p.unit(sq("e3")).unwrap().describe(), "text \"a\"");
        assert_eq!(
            p.unit(sq("b2")).unwrap().describe(),
            "black bishop turned 90°"
        );
        assert_eq!(
            p.unit(sq("c2")).unwrap().describe(),
            "neutral circle marker turned 270°"
        );
        assert_eq!(
            p.unit(sq("a1")).unwrap().describe(),
            "neutral knight turned 180°"
        );
        assert_eq!(p.unit(sq("b1")).unwrap().describe(), "neutral rook");
        assert_eq!(p.unit_count(), (2, 2, 3));
    }

    #[test]
    fn writes_back_what_it_reads() {
        for text in [
            "k7/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K",
            "8/8/8/8/8/8/8/(ca3)7",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ] {
            let p = parse_fairy_fen(text).unwrap();
            let again = parse_fairy_fen(&p.to_fairy_fen()).unwrap();
            assert_eq!(p, again, "{text}");
        }
        assert_eq!(
            parse_fairy_fen("8/8/8/8/8/8/8/(!S2)7")
                .unwrap()
                .to_fairy_fen(),
            "8/8/8/8/8/8/8/-*2N7"
        );
    }

    #[test]
    fn errors_name_the_column() {
        let cases: [(&str, usize, &str); 11] = [
            ("8/8/8/8/8/8/8/7E", 16, "not a Fairy FEN piece"),
            ("8/8/8/8/8/8/8/*4Q7", 16, "followed by 1, 2 or 3"),
            ("8/8/8/8/8/8/8/(G7", 15, "not closed"),
            ("8/8/8/8/8/8/8/(Gg)7", 16, "upper case"),
            ("8/8/8/8/8/8/8/(G5)7", 17, "only a turn"),
            ("8/8/8/8/8/8/8/{ab/}7", 18, "letters, digits"),
            ("8/8/8/8/8/8/8/9", 15, "more than 8 squares"),
            ("8/8/8/8/8/8/8/8/8", 16, "more than 8 ranks"),
            ("8/8/8/8/8/8/7/8", 14, "7 squares"),
            ("8/8/8/8/8/8/8", 14, "ends at rank 2"),
            ("8/8/8/8/8/8/8/8 w", 17, "placement only"),
        ];
        for (text, column, words) in cases {
            let e = parse_fairy_fen(text).unwrap_err();
            assert_eq!(e.column(), column, "{text}: {e}");
            assert!(e.message().contains(words), "{text}: {e}");
        }
        // The kind of each, as a caller matches on it.
        let kind = |text: &str| parse_fairy_fen(text).unwrap_err().kind();
        assert_eq!(kind("8/8/8/8/8/8/8/7E"), Kind::Unknown);
        assert_eq!(kind("8/8/8/8/8/8/8/*4Q7"), Kind::Malformed);
        assert_eq!(kind("8/8/8/8/8/8/8/(G7"), Kind::Malformed);
        assert_eq!(kind("8/8/8/8/8/8/8/{ab/}7"), Kind::Malformed);
        assert_eq!(kind("8/8/8/8/8/8/8/0"), Kind::Malformed);
        assert_eq!(kind("8/8/8/8/8/8/8/8/8"), Kind::BoardSize);
        assert_eq!(kind("8/8/8/8/8/8/7/8"), Kind::BoardSize);
        assert_eq!(kind("8/8/8/8/8/8/8/8 w"), Kind::Extra);
        assert_eq!(kind("   "), Kind::Empty);
        assert_eq!(kind(&"8".repeat(MAX_INPUT_LEN + 1)), Kind::TooLong);
    }

    #[test]
    fn ordinary_fen_never_looks_fairy() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/8 b - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w - - 0 1",
        ] {
            assert!(!looks_like_fairy_fen(fen), "{fen}");
        }
    }

    #[test]
    fn no_byte_string_panics() {
        for text in [
            "", "(", "{", "-", "*", "*9", "(!)", "({", "-*", "ü(ü)", "(!S2", "{}",
        ] {
            let _ = parse_fairy_fen(text);
        }
    }
}
