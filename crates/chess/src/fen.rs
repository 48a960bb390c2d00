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
use std::str::FromStr;

use crate::epd::{self, Operation};
pub use crate::fen_error::{FenError, FenErrorKind, Field};
use crate::number::parse_number_text;
use crate::position::Warning;
use crate::position::{
    castling_letter, Board, Castling, CastlingSide, CheckCounters, Color, Piece, Pockets, Position,
    Role, Square,
};
use fen2img_support::quote;

/// The longest input accepted, in bytes. Longer input is refused before it is
/// read further, so a hostile or mistaken multi-megabyte paste costs nothing.
pub const MAX_INPUT_LEN: usize = 16 * 1024;

/// How forgiving the parser is.
///
/// More options may come, so outside this crate build it from
/// [`ParseOptions::default`] (lenient) or [`ParseOptions::STRICT`], or with
/// [`ParseOptions::with_strict`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Accept only the six-field FEN of PGN §16.1, fields separated by single
    /// spaces, castling as `KQkq` in that order. Refuses placement-only and
    /// four-field input, EPD operations, Chess960 and variant extensions,
    /// `-` for a clock and surrounding whitespace. Default `false`.
    pub strict: bool,
}

impl ParseOptions {
    /// Strict FEN (see [`ParseOptions::strict`]).
    pub const STRICT: ParseOptions = ParseOptions { strict: true };

    /// These options with [`ParseOptions::strict`] set to `strict`.
    pub fn with_strict(self, strict: bool) -> ParseOptions {
        ParseOptions { strict }
    }
}

/// A parsed FEN or EPD line: the position, any EPD operations after it and
/// what the parser accepted only leniently.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The position.
    pub position: Position,
    /// EPD operations in input order (`bm`, `id`, `c0`, ...); empty for FEN.
    pub operations: Vec<Operation>,
    /// What the input left unknown and the parser filled in (a `-` for a
    /// clock); always empty under `--strict`, which refuses such input.
    pub parse_warnings: Vec<Warning>,
}

impl Record {
    /// Everything worth telling the user about this record: first what the
    /// parser filled in ([`Record::parse_warnings`]), then the legality
    /// warnings of the position ([`Position::warnings`]).
    pub fn warnings(&self) -> Vec<Warning> {
        let mut all = self.parse_warnings.clone();
        all.extend(self.position.warnings());
        all
    }

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
            FenErrorKind::TooLong,
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
                FenErrorKind::InvalidUtf8,
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
            FenErrorKind::ControlCharacter,
            at,
            format!("control character 0x{:02x} in the input", input[at]),
        ));
    }
    // A byte order mark is how some editors start a UTF-8 file; it is not
    // part of the record.
    let begin_search = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    if let Some((at, c)) = invisible_outside_quotes(text, begin_search) {
        let (kind, hint) = if c.is_control() {
            (FenErrorKind::ControlCharacter, "")
        } else {
            (
                FenErrorKind::UnexpectedText,
                "; FEN fields are separated by plain spaces",
            )
        };
        return Err(FenError::new(
            Field::Input,
            kind,
            at,
            format!("{} in the input{hint}", quote::char_name(c)),
        ));
    }
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let begin = input[begin_search..]
        .iter()
        .position(|&b| !is_space(b))
        .map(|b| b + begin_search);
    let Some(begin) = begin else {
        return Err(FenError::new(
            Field::Input,
            FenErrorKind::Empty,
            begin_search,
            "the input is empty; expected a FEN such as \
             'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
        ));
    };
    let end = input
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(0, |e| e + 1);
    if options.strict && (begin > begin_search || end < input.len()) {
        let at = if begin > begin_search {
            begin_search
        } else {
            end
        };
        return Err(FenError::new(
            Field::Input,
            FenErrorKind::Whitespace,
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
            FenErrorKind::LineBreak,
            begin + at,
            "line break inside the input; give one position per line",
        ));
    }
    Parser {
        text: &text[..end],
        pos: begin,
        strict: options.strict,
        warnings: Vec::new(),
    }
    .record()
}

/// The first non-ASCII character (after `from`) that would not show as
/// itself in a message: a control character anywhere, an invisible one
/// outside EPD string operands (a `c0` comment may hold any text). ASCII
/// control characters are refused before.
fn invisible_outside_quotes(text: &str, from: usize) -> Option<(usize, char)> {
    let mut in_quotes = false;
    text[from..]
        .char_indices()
        .map(|(i, c)| (i + from, c))
        .find(|&(_, c)| {
            if c == '"' {
                in_quotes = !in_quotes;
            }
            // C1 controls (U+0080..U+009F) can drive a terminal: never
            // allowed, not even in a comment.
            !c.is_ascii() && (c.is_control() || (!in_quotes && quote::is_invisible(c)))
        })
}

/// Parses FEN leniently (as [`parse`] with default options), keeping only
/// the position.
impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        parse(s.as_bytes(), ParseOptions::default()).map(|r| r.position)
    }
}

/// The longest placement field written: every square a promoted piece
/// (`Q~`), and seven `/`.
const PLACEMENT_MAX_LEN: usize = 64 * 2 + 7;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The placement is put together here and written at once: a write
        // through the formatter for each square was most of writing a FEN
        // line, which `batch games.pgn -f fen` does for every game.
        let mut placement = [0u8; PLACEMENT_MAX_LEN];
        let mut len = 0;
        let mut push = |b: u8| {
            placement[len] = b;
            len += 1;
        };
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::new(file, rank).expect("file and rank are in 0..8");
                match self.board.get(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            push(b'0' + empty);
                            empty = 0;
                        }
                        push(piece.fen_char() as u8);
                        if piece.promoted {
                            push(b'~');
                        }
                    }
                }
            }
            if empty > 0 {
                push(b'0' + empty);
            }
            if rank > 0 {
                push(b'/');
            }
        }
        f.write_str(std::str::from_utf8(&placement[..len]).map_err(|_| fmt::Error)?)?;
        if let Some(pockets) = &self.pockets {
            f.write_str("[")?;
            for color in [Color::White, Color::Black] {
                for role in Pockets::ROLES {
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
    /// What lenient parsing filled in, for [`Record::parse_warnings`].
    warnings: Vec<Warning>,
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
        // three-check counters before or after them). EPD suites such as
        // ERET write '-' for clocks they do not know, before their
        // operations: lenient parsing reads it as the default.
        let mut unknown_clocks = 0;
        while !self.strict && unknown_clocks < 2 {
            let before = self.pos;
            match self.next_token() {
                Some(tok) if tok.text == "-" => {
                    let field = [Field::HalfmoveClock, Field::FullmoveNumber][unknown_clocks];
                    self.unknown_clock(field);
                    unknown_clocks += 1;
                }
                _ => {
                    self.pos = before;
                    break;
                }
            }
        }
        let rest = self.text[self.pos..].trim_start_matches([' ', '\t']);
        let rest_at = self.text.len() - rest.len();
        if rest.is_empty() {
            return self.missing(Field::HalfmoveClock, position);
        }
        if rest.contains(';') && rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            if self.strict {
                return Err(FenError::new(
                    Field::EpdOperation,
                    FenErrorKind::RefusedByStrict,
                    rest_at,
                    "EPD operations are not part of FEN (refused by --strict)",
                ));
            }
            let operations = epd::parse_operations(rest, rest_at)?;
            epd::apply_clocks(&operations, &mut position)?;
            return Ok(Record {
                position,
                operations: operations.into_iter().map(|(_, op)| op).collect(),
                parse_warnings: self.warnings,
            });
        }

        if unknown_clocks == 0 {
            let mut tok = self.next_token_for(Field::HalfmoveClock)?;
            if let Some(t) = tok.filter(|t| t.text.contains('+') && !t.text.starts_with('+')) {
                let (white, black) = self.check_counters(t, false)?;
                position.checks = Some(CheckCounters::Remaining { white, black });
                tok = self.next_token_for(Field::HalfmoveClock)?;
            }
            let Some(tok) = tok else {
                return self.missing(Field::HalfmoveClock, position);
            };
            if let Some(n) = self.clock(tok, Field::HalfmoveClock, 0)? {
                position.halfmove_clock = n;
            }
        }
        if unknown_clocks < 2 {
            let Some(tok) = self.next_token_for(Field::FullmoveNumber)? else {
                return self.missing(Field::FullmoveNumber, position);
            };
            let min = if self.strict { 1 } else { 0 };
            if let Some(n) = self.clock(tok, Field::FullmoveNumber, min)? {
                position.fullmove_number = n;
            }
        }

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
            parse_warnings: self.warnings,
        })
    }

    /// A clock field: its number, or `None` for a lenient `-` (unknown; the
    /// default stays and a warning says so).
    fn clock(&mut self, tok: Token<'_>, field: Field, min: u32) -> Result<Option<u32>, FenError> {
        if tok.text == "-" {
            if self.strict {
                return Err(FenError::new(
                    field,
                    FenErrorKind::RefusedByStrict,
                    tok.at,
                    format!("'-' for an unknown {field} is refused by --strict"),
                ));
            }
            self.unknown_clock(field);
            return Ok(None);
        }
        parse_number(tok, field, min).map(Some)
    }

    fn unknown_clock(&mut self, field: Field) {
        let default = if field == Field::HalfmoveClock { 0 } else { 1 };
        self.warnings.push(Warning {
            field,
            message: format!("'-' (unknown) read as {default}"),
        });
    }

    /// The input ended before `field`: fine when lenient (defaults apply).
    fn missing(self, field: Field, position: Position) -> Result<Record, FenError> {
        if self.strict {
            return Err(FenError::new(
                field,
                FenErrorKind::MissingField,
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
            parse_warnings: self.warnings,
        })
    }

    fn extra_field(&self, tok: Token<'_>) -> FenError {
        FenError::new(
            Field::Input,
            FenErrorKind::ExtraField,
            tok.at,
            format!(
                "unexpected {} after the fullmove number; a FEN has six fields",
                quote::quoted(tok.text)
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
                FenErrorKind::Whitespace,
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
        let err =
            |kind, message: String| Err(FenError::new(Field::CheckCounters, kind, tok.at, message));
        if self.strict {
            return err(
                FenErrorKind::RefusedByStrict,
                "three-check counters are not part of FEN (refused by --strict)".into(),
            );
        }
        let body = if given { &tok.text[1..] } else { tok.text };
        let expected = if given {
            "checks given as '+W+B' such as '+0+0'"
        } else {
            "checks remaining as 'W+B' such as '3+3'"
        };
        let mut parts = body.split('+');
        let (Some(w), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
            return err(
                FenErrorKind::InvalidCheckCounters,
                format!("expected {expected}, found {}", quote::quoted(tok.text)),
            );
        };
        let digit = |s: &str| match s.as_bytes() {
            [d @ b'0'..=b'9'] => Some(d - b'0'),
            _ => None,
        };
        match (digit(w), digit(b)) {
            (Some(w), Some(b)) if w <= 3 && b <= 3 => Ok((w, b)),
            _ => err(
                FenErrorKind::InvalidCheckCounters,
                format!(
                    "expected {expected} with counts 0 to 3, found {}",
                    quote::quoted(tok.text)
                ),
            ),
        }
    }
}

fn parse_side(tok: Token<'_>) -> Result<Color, FenError> {
    match tok.text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::new(
            Field::SideToMove,
            FenErrorKind::UnexpectedText,
            tok.at,
            format!("expected 'w' or 'b', found {}", quote::quoted(other)),
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
                    FenErrorKind::UnexpectedText,
                    at,
                    format!("'-' must stand alone, found {}", quote::quoted(tok.text)),
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
                    FenErrorKind::UnexpectedText,
                    at,
                    format!("unexpected {}, expected {expected}", quote::char_name(c)),
                ));
            }
        };
        if strict
            && let Some(&(last_color, last_side)) = castling.rights().last()
            && (last_color, last_side) > (color, side)
        {
            return Err(FenError::new(
                Field::Castling,
                FenErrorKind::RefusedByStrict,
                at,
                "rights must be in the order KQkq (refused by --strict)",
            ));
        }
        if castling.rights().contains(&(color, side)) {
            return Err(FenError::new(
                Field::Castling,
                FenErrorKind::Duplicate,
                at,
                format!("right '{c}' is given twice"),
            ));
        }
        if castling.count(color) >= Castling::MAX_PER_SIDE {
            // A side has one king and castles with at most two rooks.
            let mut letters: String = castling
                .rights()
                .iter()
                .filter(|&&(col, _)| col == color)
                .map(|&(col, s)| castling_letter(col, s))
                .collect();
            letters.push(c);
            return Err(FenError::new(
                Field::Castling,
                FenErrorKind::TooManyCastlingRights,
                at,
                format!(
                    "{} has three castling rights ('{letters}'); a side has at most two, \
                     one on each side of its king",
                    color.name()
                ),
            ));
        }
        castling.insert(color, side);
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
            FenErrorKind::UnexpectedText,
            tok.at,
            format!(
                "expected a square such as 'e3' or '-', found {}",
                quote::quoted(tok.text)
            ),
        )
    })
}

fn parse_number(tok: Token<'_>, field: Field, min: u32) -> Result<u32, FenError> {
    parse_number_text(tok.text, min)
        .map_err(|m| FenError::new(field, FenErrorKind::InvalidNumber, tok.at, m))
}

/// Field 1: eight ranks from the eighth down, plus crazyhouse pockets either
/// in brackets after the last rank or as a ninth `/` segment.
fn parse_placement(tok: Token<'_>, strict: bool) -> Result<(Board, Option<Pockets>), FenError> {
    let (ranks_text, pocket) = match tok.text.find('[') {
        Some(i) => (&tok.text[..i], Some((i, &tok.text[i..]))),
        None => (tok.text, None),
    };
    let segments = rank_segments(ranks_text);
    let has_ninth = segments.len() == 9 && pocket.is_none() && !strict;
    if segments.len() != 8 && !has_ninth {
        return Err(rank_count_error(tok, ranks_text, &segments));
    }
    let mut board = Board::empty();
    for (index, &(start, text)) in segments.iter().take(8).enumerate() {
        parse_rank(&mut board, 7 - index as u8, text, tok.at + start, strict)?;
    }
    let mut pockets = None;
    if has_ninth {
        let (start, text) = segments[8];
        pockets = Some(parse_pocket_letters(text, tok.at + start)?);
    }
    if let Some((i, text)) = pocket {
        pockets = Some(parse_bracketed_pocket(tok, i, text, strict)?);
    }
    Ok((board, pockets))
}

/// The placement's ranks split at each '/', each with its byte offset in
/// `ranks_text`.
fn rank_segments(ranks_text: &str) -> Vec<(usize, &str)> {
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
}

/// The error for a placement of other than 8 ranks (9 with the pocket as
/// a ninth): at the ninth rank's '/' when there are too many, at the end
/// when too few.
fn rank_count_error(tok: Token<'_>, ranks_text: &str, segments: &[(usize, &str)]) -> FenError {
    let rank_count = segments.len();
    let at = if rank_count > 8 {
        segments[8].0.saturating_sub(1)
    } else {
        ranks_text.len()
    };
    FenError::new(
        Field::Placement,
        FenErrorKind::RankCount,
        tok.at + at,
        format!(
            "found {rank_count} {}, expected 8 separated by '/'",
            if rank_count == 1 { "rank" } else { "ranks" }
        ),
    )
}

/// Reads one rank's `text` (which starts at byte `at0` of the line) onto
/// `board` at `rank` (0 for the first): piece letters, runs of empty
/// squares, and '~' after a promoted piece; exactly 8 squares.
fn parse_rank(
    board: &mut Board,
    rank: u8,
    text: &str,
    at0: usize,
    strict: bool,
) -> Result<(), FenError> {
    let err =
        |kind, at: usize, message: String| Err(FenError::new(Field::Placement, kind, at, message));
    let rank_name = rank + 1;
    if text.is_empty() {
        return err(
            FenErrorKind::SquareCount,
            at0,
            format!("rank {rank_name} is empty; write 8 for a rank with no pieces"),
        );
    }
    let mut file: u32 = 0;
    let mut last_was_digit = false;
    for (i, &b) in text.as_bytes().iter().enumerate() {
        let at = at0 + i;
        match b {
            b'1'..=b'8' => {
                if last_was_digit {
                    return err(
                        FenErrorKind::BadDigit,
                        at,
                        format!("two digits in a row on rank {rank_name}; write their sum"),
                    );
                }
                file += (b - b'0') as u32;
                last_was_digit = true;
            }
            b'0' | b'9' => {
                return err(
                    FenErrorKind::BadDigit,
                    at,
                    format!(
                        "digit {} on rank {rank_name}; runs of empty squares are 1 to 8",
                        b as char
                    ),
                )
            }
            b'~' => {
                let previous = (i > 0)
                    .then(|| text.as_bytes()[i - 1])
                    .and_then(|p| Role::from_char(p as char));
                mark_promoted(board, previous, file, rank, at, strict)?;
                continue;
            }
            _ => {
                let Some(role) = Role::from_char(b as char) else {
                    let shown = text[i..].chars().next().unwrap_or('?');
                    return err(
                        FenErrorKind::UnexpectedText,
                        at,
                        format!(
                            "unexpected {} on rank {rank_name}; expected a piece \
                             letter (KQRBNP, kqrbnp) or a digit 1-8",
                            quote::char_name(shown)
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
                FenErrorKind::SquareCount,
                at,
                format!("rank {rank_name} has {total} squares, expected 8"),
            );
        }
    }
    if file < 8 {
        return err(
            FenErrorKind::SquareCount,
            at0 + text.len(),
            format!("rank {rank_name} has {file} squares, expected 8"),
        );
    }
    Ok(())
}

/// A '~' at byte `at` after the piece letter `previous` (whose square is
/// the file before `file` on `rank`): marks that piece promoted, or the
/// error when strict, after no piece, a pawn or a king, or twice.
fn mark_promoted(
    board: &mut Board,
    previous: Option<Role>,
    file: u32,
    rank: u8,
    at: usize,
    strict: bool,
) -> Result<(), FenError> {
    let err = |kind, message: &str| Err(FenError::new(Field::Placement, kind, at, message));
    match previous {
        _ if strict => err(
            FenErrorKind::RefusedByStrict,
            "'~' (crazyhouse promoted piece) is refused by --strict",
        ),
        Some(Role::Pawn | Role::King) | None => err(
            FenErrorKind::UnexpectedText,
            "'~' marks a promoted piece and must follow N, B, R or Q",
        ),
        Some(_) => {
            let sq = Square::new(file as u8 - 1, rank).expect("placed above");
            if let Some(mut piece) = board.get(sq) {
                if piece.promoted {
                    return err(FenErrorKind::Duplicate, "'~' given twice");
                }
                piece.promoted = true;
                board.set(sq, Some(piece));
            }
            Ok(())
        }
    }
}

/// The crazyhouse pocket written after the ranks as `[...]` (`text`, at
/// byte `i` of the placement), or the error when strict or unclosed.
fn parse_bracketed_pocket(
    tok: Token<'_>,
    i: usize,
    text: &str,
    strict: bool,
) -> Result<Pockets, FenError> {
    if strict {
        return Err(FenError::new(
            Field::Pocket,
            FenErrorKind::RefusedByStrict,
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
            FenErrorKind::InvalidPocket,
            at,
            "expected the pocket to end with ']' right after its pieces",
        ));
    };
    parse_pocket_letters(inner, tok.at + i + 1)
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
        let err = |kind, m: String| Err(FenError::new(Field::Pocket, kind, at + i, m));
        let Some(role) = Role::from_char(c) else {
            return err(
                FenErrorKind::UnexpectedText,
                format!(
                    "unexpected {} in the pocket; expected piece letters QRBNP or qrbnp",
                    quote::char_name(c)
                ),
            );
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if role == Role::King {
            return err(
                FenErrorKind::InvalidPocket,
                "a king cannot be in the pocket".into(),
            );
        }
        if !pockets.add(color, role) {
            return err(
                FenErrorKind::InvalidPocket,
                "more pieces in the pocket than a game can have".into(),
            );
        }
    }
    Ok(pockets)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ERET_001: &str = "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - - \
                            bm Rxf4; id \"ERET 001 - Entlastung\";";

    fn lenient(input: &str) -> Result<Record, FenError> {
        parse(input.as_bytes(), ParseOptions::default())
    }

    fn strict(input: &str) -> Result<Record, FenError> {
        parse(input.as_bytes(), ParseOptions::STRICT)
    }

    #[test]
    fn epd_with_a_dash_for_the_clocks_is_read_leniently_with_a_warning() {
        let record = lenient(ERET_001).unwrap();
        assert_eq!(record.id(), Some("ERET 001 - Entlastung"));
        assert_eq!(record.operand("bm"), Some("Rxf4"));
        assert_eq!(record.position.halfmove_clock, 0);
        assert_eq!(record.position.fullmove_number, 1);
        assert_eq!(
            record.parse_warnings.len(),
            1,
            "{:?}",
            record.parse_warnings
        );
        assert_eq!(record.parse_warnings[0].field, Field::HalfmoveClock);
        assert!(record.warnings()[0].message.contains("unknown"));

        let e = strict(ERET_001).unwrap_err();
        assert_eq!(
            (e.field, e.kind),
            (Field::HalfmoveClock, FenErrorKind::RefusedByStrict)
        );
        assert_eq!(e.column(), 63, "{e}");
    }

    #[test]
    fn dashes_for_both_clocks_or_one() {
        let r = lenient("8/8/8/8/8/8/8/8 w - - - -").unwrap();
        let fields: Vec<Field> = r.parse_warnings.iter().map(|w| w.field).collect();
        assert_eq!(fields, [Field::HalfmoveClock, Field::FullmoveNumber]);
        let r = lenient("8/8/8/8/8/8/8/8 b - - 7 -").unwrap();
        assert_eq!(r.position.halfmove_clock, 7);
        assert_eq!(r.parse_warnings[0].field, Field::FullmoveNumber);
        let r = lenient("8/8/8/8/8/8/8/8 w - - - 12").unwrap();
        assert_eq!(r.position.fullmove_number, 12);
        assert!(lenient("8/8/8/8/8/8/8/8 w - - 0 1")
            .unwrap()
            .parse_warnings
            .is_empty());
        // A third dash is not a clock.
        let e = lenient("8/8/8/8/8/8/8/8 w - - - - -").unwrap_err();
        assert_eq!((e.field, e.kind), (Field::Input, FenErrorKind::ExtraField));
        let e = strict("8/8/8/8/8/8/8/8 w - - 0 -").unwrap_err();
        assert_eq!((e.field, e.column()), (Field::FullmoveNumber, 25));
    }

    #[test]
    fn a_side_cannot_have_three_castling_rights() {
        let e = lenient("4k3/8/8/8/8/8/8/RR2K2R w KBQk - 0 1").unwrap_err();
        assert_eq!(e.field, Field::Castling);
        assert_eq!(e.kind, FenErrorKind::TooManyCastlingRights);
        // K B Q k: the third white right, 'Q', is at column 28.
        assert_eq!(e.column(), 28, "{e}");
        assert!(e.message.contains("at most two"), "{e}");
        let ok = lenient("4k3/8/8/8/8/8/8/RR2K2R w KBk - 0 1").unwrap();
        assert_eq!(ok.position.castling.count(Color::White), 2);
    }

    #[test]
    fn errors_have_kinds() {
        let kind = |input: &str| lenient(input).unwrap_err().kind;
        assert_eq!(kind(""), FenErrorKind::Empty);
        assert_eq!(kind("8/8/8/8/8/8/8"), FenErrorKind::RankCount);
        assert_eq!(kind("9/8/8/8/8/8/8/8"), FenErrorKind::BadDigit);
        assert_eq!(kind("8/8/8/8/8/8/8/7"), FenErrorKind::SquareCount);
        assert_eq!(kind("8/8/8/8/8/8/8/8 x"), FenErrorKind::UnexpectedText);
        assert_eq!(kind("8/8/8/8/8/8/8/8 w KK"), FenErrorKind::Duplicate);
        assert_eq!(
            kind("8/8/8/8/8/8/8/8 w - - x 1"),
            FenErrorKind::InvalidNumber
        );
        assert_eq!(
            kind("8/8/8/8/8/8/8/8 w - - 0 1 2"),
            FenErrorKind::ExtraField
        );
        assert_eq!(
            kind("8/8/8/8/8/8/8/8 w - - 9+9 0 1"),
            FenErrorKind::InvalidCheckCounters
        );
        assert_eq!(
            kind("8/8/8/8/8/8/8/8 w - - bm \"x;"),
            FenErrorKind::InvalidEpd
        );
        assert_eq!(kind("8/8/8/8/8/8/8/8[K]"), FenErrorKind::InvalidPocket);
        assert_eq!(kind("8/8\n/8/8/8/8/8/8"), FenErrorKind::LineBreak);
        assert_eq!(kind("8/8/8/8/8/8/8/8\u{1}"), FenErrorKind::ControlCharacter);
        let e = parse(b"8/8/8/8/8/8/8/8 w \xff", ParseOptions::default()).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::InvalidUtf8);
        let e = strict("8/8/8/8/8/8/8/8 w HAha - 0 1").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::UnexpectedText);
        let e = strict("8/8/8/8/8/8/8/8 w qk - 0 1").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::RefusedByStrict);
        let e = strict(" 8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::Whitespace);
        let e = strict("8/8/8/8/8/8/8/8 w - -").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::MissingField);
    }

    #[test]
    fn invisible_characters_are_named_by_code_point() {
        let e = lenient("8/8/8/8/8/8/8/8 w\u{a0}- - 0 1").unwrap_err();
        assert_eq!((e.field, e.column()), (Field::Input, 18));
        assert!(e.message.starts_with("U+00A0 (no-break space)"), "{e}");
        let e = lenient("8/8/8/8/8/8/8/8\u{200b} w - - 0 1").unwrap_err();
        assert!(e.message.contains("U+200B (zero width space)"), "{e}");
        // A C1 control is refused even inside a comment, and never echoed.
        let e = lenient("8/8/8/8/8/8/8/8 w - - c0 \"a\u{9b}2J\";").unwrap_err();
        assert!(e.message.contains("U+009B (control character)"), "{e}");
        assert_eq!(e.kind, FenErrorKind::ControlCharacter);
        assert!(!e.to_string().contains('\u{9b}'));
        // Other text in comments is the user's business.
        let r = lenient("8/8/8/8/8/8/8/8 w - - c0 \"a\u{a0}b\";").unwrap();
        assert_eq!(r.caption(), Some("a\u{a0}b"));
    }

    #[test]
    fn user_text_in_messages_is_escaped() {
        let e = lenient("8/8/8/8/8/8/8/8 w - - 0 1 \u{2028}x").unwrap_err();
        assert!(!e.message.contains('\u{2028}'), "{e}");
        let e = lenient("8/8/8/8/8/8/8/8 wé").unwrap_err();
        assert!(e.message.contains("found 'wé'"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_not_part_of_the_record() {
        for options in [ParseOptions::default(), ParseOptions::STRICT] {
            let input = "\u{feff}4k3/8/8/8/8/8/8/4K3 w - - 0 1";
            let r = parse(input.as_bytes(), options).unwrap();
            assert_eq!(r.position.to_string(), &input[3..]);
            // Offsets still count the mark's three bytes.
            let e = parse("\u{feff}4k3/8/8/8/8/8/8/4K3 x - - 0 1".as_bytes(), options).unwrap_err();
            assert_eq!((e.field, e.offset), (Field::SideToMove, 23));
        }
        let e = lenient("\u{feff}").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::Empty);
        let e = lenient("8/8/8/8/8/8/8/8 \u{feff}w").unwrap_err();
        assert!(e.message.contains("U+FEFF (byte order mark)"), "{e}");
    }

    #[test]
    fn positions_parse_with_from_str() {
        let p: Position = "4k3/8/8/8/8/8/8/4K3 b - -".parse().unwrap();
        assert_eq!(p.turn, Color::Black);
        assert_eq!(
            "4k3/8/8/8/8/8/8/4K4".parse::<Position>().unwrap_err().field,
            Field::Placement
        );
    }

    #[test]
    fn options_are_built_without_struct_literals() {
        assert!(!ParseOptions::default().strict);
        assert_eq!(
            ParseOptions::default().with_strict(true),
            ParseOptions::STRICT
        );
    }
}
