//! FEN syntax: bytes in, [`Record`] or [`FenError`] out; and canonical FEN back.
//!
//! The parser reads bytes, never panics and never allocates more than a small
//! multiple of its (bounded) input. It accepts the six-field FEN of PGN §16.1
//! and, unless [`ParseOptions::strict`] is set, the forms users paste from the
//! web: placement only or the first four fields (missing fields default to
//! `w - - 0 1`), EPD operations, Shredder-FEN and X-FEN castling, crazyhouse
//! pockets and promoted markers, three-check counters, and sloppy whitespace.
//!
//! Only syntax is checked here; see [`Position::warnings`] for legality.

use std::fmt;

use crate::epd::{self, Operation};
use crate::position::{
    castling_letter, Board, Castling, CastlingSide, CheckCounters, Color, Piece, Pockets, Position,
    Role, Square,
};

/// The longest input accepted, in bytes. Longer input is refused before it is
/// read further, so a hostile or mistaken multi-megabyte paste costs nothing.
pub const MAX_INPUT_LEN: usize = 16 * 1024;

/// The largest clock or move number accepted (a game this long is not chess).
const MAX_NUMBER: u32 = 1_000_000;

/// The part of a FEN record an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The input as a whole (empty, too long, bad bytes, too many fields).
    Input,
    /// Field 1, piece placement.
    Placement,
    /// Field 2, the side to move.
    SideToMove,
    /// Field 3, castling availability.
    Castling,
    /// Field 4, the en passant target square.
    EnPassant,
    /// Field 5, the halfmove clock.
    HalfmoveClock,
    /// Field 6, the fullmove number.
    FullmoveNumber,
    /// Crazyhouse pieces in hand.
    Pocket,
    /// Three-check counters.
    CheckCounters,
    /// An EPD operation after the fourth field.
    EpdOperation,
}

impl Field {
    /// The field's name as users know it: `"placement"`, `"side to move"`, ...
    pub fn name(self) -> &'static str {
        match self {
            Field::Input => "input",
            Field::Placement => "placement",
            Field::SideToMove => "side to move",
            Field::Castling => "castling",
            Field::EnPassant => "en passant",
            Field::HalfmoveClock => "halfmove clock",
            Field::FullmoveNumber => "fullmove number",
            Field::Pocket => "pocket",
            Field::CheckCounters => "check counters",
            Field::EpdOperation => "EPD operation",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an input is not a FEN record, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The field the problem is in.
    pub field: Field,
    /// Byte offset into the input (0-based) of the offending character.
    pub offset: usize,
    /// What is wrong and what was expected, e.g. `rank 6 has 9 squares, expected 8`.
    pub message: String,
}

impl FenError {
    pub(crate) fn new(field: Field, offset: usize, message: impl Into<String>) -> FenError {
        FenError {
            field,
            offset,
            message: message.into(),
        }
    }

    /// The 1-based column of the offending byte, as editors count.
    pub fn column(&self) -> usize {
        self.offset + 1
    }

    /// Two lines that show `input` with a caret under the offending column.
    ///
    /// Control characters and non-ASCII bytes are shown as `?` so the caret
    /// stays aligned in any terminal; long inputs are cut to a window around
    /// the column.
    pub fn caret(&self, input: &[u8]) -> String {
        const WINDOW: usize = 72;
        let start = self.offset.saturating_sub(WINDOW / 2);
        let start = if input.len() > WINDOW && start + WINDOW > input.len() {
            input.len() - WINDOW
        } else if input.len() <= WINDOW {
            0
        } else {
            start
        };
        let end = (start + WINDOW).min(input.len());
        let mut line = String::new();
        if start > 0 {
            line.push_str("...");
        }
        let lead = line.len();
        line.extend(input[start..end].iter().map(|&b| {
            if b == b' ' || b.is_ascii_graphic() {
                b as char
            } else {
                '?'
            }
        }));
        if end < input.len() {
            line.push_str("...");
        }
        let pad = lead + self.offset.min(input.len()).saturating_sub(start);
        format!("  {line}\n  {}^", " ".repeat(pad))
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at column {}: {}",
            self.field,
            self.column(),
            self.message
        )
    }
}

impl std::error::Error for FenError {}

/// How forgiving the parser is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Accept only the six-field FEN of PGN §16.1, fields separated by single
    /// spaces, castling as `KQkq` in that order. Refuses placement-only and
    /// four-field input, EPD operations, Chess960 and variant extensions and
    /// surrounding whitespace. Default `false`.
    pub strict: bool,
}

/// A parsed FEN or EPD line: the position and any EPD operations after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The position.
    pub position: Position,
    /// EPD operations in input order (`bm`, `id`, `c0`, ...); empty for FEN.
    pub operations: Vec<Operation>,
}

impl Record {
    /// The first operand of the first operation with this opcode.
    pub fn operand(&self, opcode: &str) -> Option<&str> {
        self.operations
            .iter()
            .find(|op| op.opcode == opcode)
            .and_then(|op| op.operands.first())
            .map(String::as_str)
    }

    /// The EPD `id` operand, used for file names.
    pub fn id(&self) -> Option<&str> {
        self.operand("id")
    }

    /// The EPD `c0` comment, used as a caption.
    pub fn caption(&self) -> Option<&str> {
        self.operand("c0")
    }
}

/// Parses one FEN or EPD record.
pub fn parse(input: &[u8], options: ParseOptions) -> Result<Record, FenError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(FenError::new(
            Field::Input,
            MAX_INPUT_LEN,
            // The CLI reads at most a little past the limit, so the input's
            // own length may be unknown: say what matters.
            format!("input is longer than the limit of {MAX_INPUT_LEN} bytes"),
        ));
    }
    let text = match std::str::from_utf8(input) {
        Ok(text) => text,
        Err(e) => {
            let at = e.valid_up_to();
            return Err(FenError::new(
                Field::Input,
                at,
                format!("byte 0x{:02x} is not valid UTF-8 text", input[at]),
            ));
        }
    };
    if let Some(at) = text
        .bytes()
        .position(|b| b.is_ascii_control() && !matches!(b, b'\t' | b'\n' | b'\r'))
    {
        return Err(FenError::new(
            Field::Input,
            at,
            format!("control character 0x{:02x} in the input", input[at]),
        ));
    }
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let begin = input.iter().position(|&b| !is_space(b));
    let Some(begin) = begin else {
        return Err(FenError::new(
            Field::Input,
            0,
            "the input is empty; expected a FEN such as \
             'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
        ));
    };
    let end = input
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(0, |e| e + 1);
    if options.strict && (begin > 0 || end < input.len()) {
        let at = if begin > 0 { 0 } else { end };
        return Err(FenError::new(
            Field::Input,
            at,
            "whitespace before or after the FEN (refused by --strict)",
        ));
    }
    if let Some(at) = input[begin..end]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
    {
        return Err(FenError::new(
            Field::Input,
            begin + at,
            "line break inside the input; give one position per line",
        ));
    }
    Parser {
        text: &text[..end],
        pos: begin,
        strict: options.strict,
    }
    .record()
}

/// Writes the canonical FEN of `position`: six fields separated by single
/// spaces, castling in standard order, variant fields where the position has
/// them (pockets in brackets, three-check counters in the form they came in).
pub fn write(position: &Position) -> String {
    position.to_string()
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::new(file, rank).expect("file and rank are in 0..8");
                match self.board.get(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.fen_char())?;
                        if piece.promoted {
                            f.write_str("~")?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        if let Some(pockets) = &self.pockets {
            f.write_str("[")?;
            for color in [Color::White, Color::Black] {
                for role in [
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                    Role::Pawn,
                ] {
                    let c = Piece::new(color, role).fen_char();
                    for _ in 0..pockets.count(color, role) {
                        write!(f, "{c}")?;
                    }
                }
            }
            f.write_str("]")?;
        }
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_str("-")?;
        }
        for &(color, side) in self.castling.rights() {
            write!(f, "{}", castling_letter(color, side))?;
        }
        match self.en_passant {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        if let Some(CheckCounters::Remaining { white, black }) = self.checks {
            write!(f, " {white}+{black}")?;
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)?;
        if let Some(CheckCounters::Given { white, black }) = self.checks {
            write!(f, " +{white}+{black}")?;
        }
        Ok(())
    }
}

/// A cursor over the trimmed input; `pos` is a byte offset into the original.
struct Parser<'a> {
    text: &'a str,
    pos: usize,
    strict: bool,
}

/// One whitespace-separated field and where it starts.
#[derive(Clone, Copy)]
struct Token<'a> {
    at: usize,
    text: &'a str,
}

impl<'a> Parser<'a> {
    fn record(mut self) -> Result<Record, FenError> {
        let mut position = Position::default();
        let placement = self.next_token().expect("input is not blank");
        let (board, pockets) = parse_placement(placement, self.strict)?;
        position.board = board;
        position.pockets = pockets;

        for field in [Field::SideToMove, Field::Castling, Field::EnPassant] {
            let Some(tok) = self.next_token_for(field)? else {
                return self.missing(field, position);
            };
            match field {
                Field::SideToMove => position.turn = parse_side(tok)?,
                Field::Castling => position.castling = parse_castling(tok, self.strict)?,
                _ => position.en_passant = parse_en_passant(tok)?,
            }
        }

        // After the fourth field: EPD operations, or the clocks (with
        // three-check counters before or after them).
        let rest = self.text[self.pos..].trim_start_matches([' ', '\t']);
        let rest_at = self.text.len() - rest.len();
        if rest.is_empty() {
            return self.missing(Field::HalfmoveClock, position);
        }
        if rest.contains(';') && rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            if self.strict {
                return Err(FenError::new(
                    Field::EpdOperation,
                    rest_at,
                    "EPD operations are not part of FEN (refused by --strict)",
                ));
            }
            let operations = epd::parse_operations(rest, rest_at)?;
            epd::apply_clocks(&operations, &mut position)?;
            return Ok(Record {
                position,
                operations: operations.into_iter().map(|(_, op)| op).collect(),
            });
        }

        let mut tok = self.next_token_for(Field::HalfmoveClock)?;
        if let Some(t) = tok.filter(|t| t.text.contains('+') && !t.text.starts_with('+')) {
            let (white, black) = self.check_counters(t, false)?;
            position.checks = Some(CheckCounters::Remaining { white, black });
            tok = self.next_token_for(Field::HalfmoveClock)?;
        }
        let Some(tok) = tok else {
            return self.missing(Field::HalfmoveClock, position);
        };
        position.halfmove_clock = parse_number(tok, Field::HalfmoveClock, 0)?;
        let Some(tok) = self.next_token_for(Field::FullmoveNumber)? else {
            return self.missing(Field::FullmoveNumber, position);
        };
        position.fullmove_number =
            parse_number(tok, Field::FullmoveNumber, if self.strict { 1 } else { 0 })?;

        if let Some(tok) = self.next_token_for(Field::Input)? {
            if tok.text.starts_with('+') && position.checks.is_none() {
                let (white, black) = self.check_counters(tok, true)?;
                position.checks = Some(CheckCounters::Given { white, black });
            } else {
                return Err(self.extra_field(tok));
            }
        }
        if let Some(tok) = self.next_token_for(Field::Input)? {
            return Err(self.extra_field(tok));
        }
        Ok(Record {
            position,
            operations: Vec::new(),
        })
    }

    /// The input ended before `field`: fine when lenient (defaults apply).
    fn missing(&self, field: Field, position: Position) -> Result<Record, FenError> {
        if self.strict {
            return Err(FenError::new(
                field,
                self.text.len(),
                format!(
                    "the {field} field is missing; --strict needs all six fields \
                     (lenient parsing fills in 'w - - 0 1')"
                ),
            ));
        }
        Ok(Record {
            position,
            operations: Vec::new(),
        })
    }

    fn extra_field(&self, tok: Token<'_>) -> FenError {
        FenError::new(
            Field::Input,
            tok.at,
            format!(
                "unexpected '{}' after the fullmove number; a FEN has six fields",
                tok.text
            ),
        )
    }

    /// The next field, checking the separator in front of it under `strict`.
    fn next_token_for(&mut self, field: Field) -> Result<Option<Token<'a>>, FenError> {
        let sep_at = self.pos;
        let Some(tok) = self.next_token() else {
            return Ok(None);
        };
        if self.strict && &self.text[sep_at..tok.at] != " " {
            return Err(FenError::new(
                field,
                sep_at,
                "fields must be separated by a single space (refused by --strict)",
            ));
        }
        Ok(Some(tok))
    }

    fn next_token(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && matches!(bytes[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
        let at = self.pos;
        while self.pos < bytes.len() && !matches!(bytes[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
        (self.pos > at).then(|| Token {
            at,
            text: &self.text[at..self.pos],
        })
    }

    /// `3+3` (remaining, before the clocks) or `+0+0` (given, after them).
    fn check_counters(&self, tok: Token<'_>, given: bool) -> Result<(u8, u8), FenError> {
        let err = |message: String| Err(FenError::new(Field::CheckCounters, tok.at, message));
        if self.strict {
            return err("three-check counters are not part of FEN (refused by --strict)".into());
        }
        let body = if given { &tok.text[1..] } else { tok.text };
        let expected = if given {
            "checks given as '+W+B' such as '+0+0'"
        } else {
            "checks remaining as 'W+B' such as '3+3'"
        };
        let mut parts = body.split('+');
        let (Some(w), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
            return err(format!("expected {expected}, found '{}'", tok.text));
        };
        let digit = |s: &str| match s.as_bytes() {
            [d @ b'0'..=b'9'] => Some(d - b'0'),
            _ => None,
        };
        match (digit(w), digit(b)) {
            (Some(w), Some(b)) if w <= 3 && b <= 3 => Ok((w, b)),
            _ => err(format!(
                "expected {expected} with counts 0 to 3, found '{}'",
                tok.text
            )),
        }
    }
}

fn parse_side(tok: Token<'_>) -> Result<Color, FenError> {
    match tok.text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::new(
            Field::SideToMove,
            tok.at,
            format!("expected 'w' or 'b', found '{other}'"),
        )),
    }
}

fn parse_castling(tok: Token<'_>, strict: bool) -> Result<Castling, FenError> {
    let mut castling = Castling::none();
    if tok.text == "-" {
        return Ok(castling);
    }
    for (i, c) in tok.text.char_indices() {
        let at = tok.at + i;
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::King),
            'Q' => (Color::White, CastlingSide::Queen),
            'k' => (Color::Black, CastlingSide::King),
            'q' => (Color::Black, CastlingSide::Queen),
            'A'..='H' if !strict => (Color::White, CastlingSide::File(c as u8 - b'A')),
            'a'..='h' if !strict => (Color::Black, CastlingSide::File(c as u8 - b'a')),
            '-' => {
                return Err(FenError::new(
                    Field::Castling,
                    at,
                    format!("'-' must stand alone, found '{}'", tok.text),
                ))
            }
            _ => {
                let expected = if strict {
                    "K, Q, k, q or '-'"
                } else {
                    "K, Q, k, q, a rook file A-H or a-h, or '-'"
                };
                return Err(FenError::new(
                    Field::Castling,
                    at,
                    format!("unexpected '{c}', expected {expected}"),
                ));
            }
        };
        if strict {
            if let Some(&(last_color, last_side)) = castling.rights().last() {
                if (last_color, last_side) > (color, side) {
                    return Err(FenError::new(
                        Field::Castling,
                        at,
                        "rights must be in the order KQkq (refused by --strict)",
                    ));
                }
            }
        }
        if !castling.insert(color, side) {
            return Err(FenError::new(
                Field::Castling,
                at,
                format!("right '{c}' is given twice"),
            ));
        }
    }
    Ok(castling)
}

fn parse_en_passant(tok: Token<'_>) -> Result<Option<Square>, FenError> {
    if tok.text == "-" {
        return Ok(None);
    }
    Square::parse(tok.text).map(Some).ok_or_else(|| {
        FenError::new(
            Field::EnPassant,
            tok.at,
            format!(
                "expected a square such as 'e3' or '-', found '{}'",
                tok.text
            ),
        )
    })
}

/// A whole number in `min..=MAX_NUMBER`, digits only.
pub(crate) fn parse_number_text(text: &str, min: u32) -> Result<u32, String> {
    let what = if min == 0 {
        "a whole number (0 or more)"
    } else {
        "a whole number (1 or more)"
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        let hint = if text.starts_with(|c: char| c.is_ascii_alphabetic()) {
            " (EPD operations must end with ';')"
        } else {
            ""
        };
        return Err(format!("expected {what}, found '{text}'{hint}"));
    }
    match text.parse::<u32>() {
        Ok(n) if n > MAX_NUMBER => Err(format!("{n} is larger than {MAX_NUMBER}")),
        Ok(n) if n < min => Err(format!("expected {what}, found '{text}'")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is larger than {MAX_NUMBER}")),
    }
}

fn parse_number(tok: Token<'_>, field: Field, min: u32) -> Result<u32, FenError> {
    parse_number_text(tok.text, min).map_err(|m| FenError::new(field, tok.at, m))
}

/// Field 1: eight ranks from the eighth down, plus crazyhouse pockets either
/// in brackets after the last rank or as a ninth `/` segment.
fn parse_placement(tok: Token<'_>, strict: bool) -> Result<(Board, Option<Pockets>), FenError> {
    let err = |at: usize, message: String| Err(FenError::new(Field::Placement, at, message));
    let bytes = tok.text.as_bytes();
    let (ranks_text, pocket) = match tok.text.find('[') {
        Some(i) => (&tok.text[..i], Some((i, &tok.text[i..]))),
        None => (tok.text, None),
    };

    let mut board = Board::empty();
    let mut pockets = None;
    let segments: Vec<(usize, &str)> = {
        let mut start = 0;
        let mut out = Vec::new();
        for (i, b) in ranks_text.bytes().enumerate() {
            if b == b'/' {
                out.push((start, &ranks_text[start..i]));
                start = i + 1;
            }
        }
        out.push((start, &ranks_text[start..]));
        out
    };
    let rank_count = segments.len();
    let has_ninth = rank_count == 9 && pocket.is_none() && !strict;
    if rank_count != 8 && !has_ninth {
        let at = if rank_count > 8 {
            segments[8].0.saturating_sub(1)
        } else {
            ranks_text.len()
        };
        return err(
            tok.at + at,
            format!(
                "found {rank_count} {}, expected 8 separated by '/'",
                if rank_count == 1 { "rank" } else { "ranks" }
            ),
        );
    }
    for (index, &(start, text)) in segments.iter().take(8).enumerate() {
        let rank = 7 - index as u8;
        let rank_name = rank + 1;
        if text.is_empty() {
            return err(
                tok.at + start,
                format!("rank {rank_name} is empty; write 8 for a rank with no pieces"),
            );
        }
        let mut file: u32 = 0;
        let mut last_was_digit = false;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            let at = tok.at + start + i;
            match b {
                b'1'..=b'8' => {
                    if last_was_digit {
                        return err(
                            at,
                            format!("two digits in a row on rank {rank_name}; write their sum"),
                        );
                    }
                    file += (b - b'0') as u32;
                    last_was_digit = true;
                }
                b'0' | b'9' => {
                    return err(
                        at,
                        format!(
                            "digit {} on rank {rank_name}; runs of empty squares are 1 to 8",
                            b as char
                        ),
                    )
                }
                b'~' => {
                    let previous = (i > 0)
                        .then(|| bytes[start + i - 1])
                        .and_then(|p| Role::from_char(p as char));
                    match previous {
                        _ if strict => {
                            return err(
                                at,
                                "'~' (crazyhouse promoted piece) is refused by --strict".into(),
                            )
                        }
                        Some(Role::Pawn | Role::King) | None => {
                            return err(
                                at,
                                "'~' marks a promoted piece and must follow N, B, R or Q".into(),
                            )
                        }
                        Some(_) => {
                            let sq = Square::new(file as u8 - 1, rank).expect("placed above");
                            if let Some(mut piece) = board.get(sq) {
                                if piece.promoted {
                                    return err(at, "'~' given twice".into());
                                }
                                piece.promoted = true;
                                board.set(sq, Some(piece));
                            }
                        }
                    }
                    continue;
                }
                _ => {
                    let Some(role) = Role::from_char(b as char) else {
                        let shown = text[i..].chars().next().unwrap_or('?');
                        return err(
                            at,
                            format!(
                                "unexpected '{shown}' on rank {rank_name}; expected a piece \
                                 letter (KQRBNP, kqrbnp) or a digit 1-8"
                            ),
                        );
                    };
                    let color = if b.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if file < 8 {
                        let sq = Square::new(file as u8, rank).expect("file < 8");
                        board.set(sq, Some(Piece::new(color, role)));
                    }
                    file += 1;
                    last_was_digit = false;
                }
            }
            if file > 8 {
                let total: u32 = file + count_squares(&text.as_bytes()[i + 1..]);
                return err(
                    at,
                    format!("rank {rank_name} has {total} squares, expected 8"),
                );
            }
        }
        if file < 8 {
            return err(
                tok.at + start + text.len(),
                format!("rank {rank_name} has {file} squares, expected 8"),
            );
        }
    }
    if has_ninth {
        let (start, text) = segments[8];
        pockets = Some(parse_pocket_letters(text, tok.at + start)?);
    }
    if let Some((i, text)) = pocket {
        if strict {
            return Err(FenError::new(
                Field::Pocket,
                tok.at + i,
                "crazyhouse pockets are refused by --strict",
            ));
        }
        let Some(inner) = text[1..].strip_suffix(']') else {
            let at = text
                .find(']')
                .map_or(tok.at + tok.text.len(), |j| tok.at + i + j + 1);
            return Err(FenError::new(
                Field::Pocket,
                at,
                "expected the pocket to end with ']' right after its pieces",
            ));
        };
        pockets = Some(parse_pocket_letters(inner, tok.at + i + 1)?);
    }
    Ok((board, pockets))
}

/// How many squares the rest of a rank spans (for the error message only).
fn count_squares(rest: &[u8]) -> u32 {
    rest.iter()
        .map(|&b| match b {
            b'1'..=b'9' => (b - b'0') as u32,
            b'~' => 0,
            _ => 1,
        })
        .sum()
}

fn parse_pocket_letters(text: &str, at: usize) -> Result<Pockets, FenError> {
    let mut pockets = Pockets::default();
    if text == "-" {
        return Ok(pockets);
    }
    for (i, c) in text.char_indices() {
        let err = |m: String| Err(FenError::new(Field::Pocket, at + i, m));
        let Some(role) = Role::from_char(c) else {
            return err(format!(
                "unexpected '{c}' in the pocket; expected piece letters QRBNP or qrbnp"
            ));
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if role == Role::King {
            return err("a king cannot be in the pocket".into());
        }
        if !pockets.add(color, role) {
            return err("more pieces in the pocket than a game can have".into());
        }
    }
    Ok(pockets)
}
