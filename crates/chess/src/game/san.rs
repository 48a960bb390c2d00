//! Standard algebraic notation: read leniently (PGN's import format), written
//! as PGN's export format does.
//!
//! Read: `Nf3`, `exd5`, `e8=Q`, `O-O`, the null move `--`; and, unless
//! strict, `0-0`, `e8Q`, `e8/Q`, `e8(Q)`, `Ng1-f3`, `Ng1f3`, `ed5`, `Pe4`,
//! `:` for `x`, `e.p.`, figurines (`♘f3`), missing or extra check marks,
//! missing or extra capture marks, trailing `!`/`?` annotations, the null
//! moves `Z0` (ChessBase), `0000` (UCI) and `@@@@` (python-chess), and moves
//! in UCI's form (`g1f3`, `e7e8q`, `e1g1`): a square to a square names the
//! piece standing on the first, as python-chess reads them.

use std::fmt;

use cozy_chess as cz;

use crate::position::{Color, Role, Square};
use fen2img_support::quote;

use super::convert;
use super::legal::LegalPosition;
use super::moves::{CastleSide, Move};
use super::variant::Variant;

/// How SAN is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SanStyle {
    /// Figurines (`♘f3`, `e8=♕`) instead of English letters. The outline
    /// (white) figurines serve both sides, as printed books use them.
    pub figurine: bool,
}

impl SanStyle {
    /// Letters: `Nf3`.
    pub const LETTERS: SanStyle = SanStyle { figurine: false };
    /// Figurines: `♘f3`.
    pub const FIGURINE: SanStyle = SanStyle { figurine: true };
}

/// What is wrong with a move in SAN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SanError {
    /// What kind of problem it is.
    pub kind: SanErrorKind,
    /// The whole sentence, starting with the move as written (escaped):
    /// `Rd8 is not legal here: no rook can reach d8`.
    pub message: String,
}

/// The kinds of [`SanError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SanErrorKind {
    /// The text is not SAN at all.
    Syntax,
    /// Well-formed, but no legal move fits it.
    Illegal,
    /// More than one legal move fits it.
    Ambiguous,
    /// A crazyhouse drop (`N@f3`): not a move of the games we play.
    Unsupported,
    /// Accepted leniently, refused by strict parsing (a missing or wrong
    /// check or capture mark, `0-0`, `e8Q`, ...).
    Strict,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SanError {}

/// The check mark a SAN text ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    None,
    Check,
    Mate,
}

/// What the text said, beyond the move itself, for strict checking.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Written {
    pub mark: Mark,
    /// Written in PGN's export form (apart from the check mark).
    pub canonical_form: bool,
    pub capture_mark: bool,
}

enum Shape {
    Castle(CastleSide),
    /// A pass.
    Null,
    Normal {
        role: Role,
        /// A piece letter was written (`N`, also `P`): else a pawn, or, with
        /// both of its square's coordinates given (`g1f3`), whatever stands
        /// there.
        lettered: bool,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
}

fn figurine_role(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

/// The longest SAN text looked at; longer is not a move.
const MAX_SAN_LEN: usize = 32;

/// A move as messages show it: as written when every character is visible,
/// else quoted with the invisible ones named (see [`fen2img_support::quote`]).
pub(crate) fn shown(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| !c.is_whitespace() && !quote::is_invisible(c))
    {
        text.to_string()
    } else {
        quote::quoted(text)
    }
}

fn syntax(text: &str) -> SanError {
    SanError {
        kind: SanErrorKind::Syntax,
        message: format!("{} is not a move in SAN", shown(text)),
    }
}

/// Splits off the annotation and check marks, then reads the move's shape.
fn parse_shape(text: &str) -> Result<(Shape, Written), SanError> {
    if text.len() > MAX_SAN_LEN || text.is_empty() {
        return Err(syntax(text));
    }
    // On the stack: this runs for every move of every game read.
    let mut buf = [0u8; MAX_SAN_LEN];
    let (body, figurine) = if text.is_ascii() {
        (text, false)
    } else {
        ascii_body(text, &mut buf)?
    };
    let (rest, mark) = strip_marks(body);
    if let Some(shape) = special_shape(text, rest, mark, figurine)? {
        return Ok(shape);
    }
    parse_normal(text, rest, mark, figurine)
}

/// `text` in ASCII in `buf`: figurines become piece letters, the Unicode
/// annotation signs '!' (and '‡' '#'); any other non-ASCII character is a
/// syntax error. Also whether a figurine was met.
fn ascii_body<'b>(text: &str, buf: &'b mut [u8; MAX_SAN_LEN]) -> Result<(&'b str, bool), SanError> {
    let mut len = 0;
    let mut figurine = false;
    for c in text.chars() {
        let b = if let Some(role) = figurine_role(c) {
            figurine = true;
            role.upper_char() as u8
        } else if matches!(c, '‼' | '⁇' | '⁉' | '⁈' | '†' | '‡') {
            if c == '‡' {
                b'#'
            } else {
                b'!'
            }
        } else if c.is_ascii() {
            c as u8
        } else {
            return Err(syntax(text));
        };
        buf[len] = b;
        len += 1;
    }
    let body = std::str::from_utf8(&buf[..len]).map_err(|_| syntax(text))?;
    Ok((body, figurine))
}

/// `body` without its trailing annotation ('!', '?') and check or mate
/// marks ('+', '#', the old '++' for mate), and the mark it had.
fn strip_marks(body: &str) -> (&str, Mark) {
    let mut mark = Mark::None;
    let mut rest = body.trim_end_matches(['!', '?']);
    loop {
        if let Some(r) = rest.strip_suffix('#') {
            mark = Mark::Mate;
            rest = r;
        } else if let Some(r) = rest.strip_suffix('+') {
            // `++` is an old mark for mate.
            mark = if mark == Mark::Check || mark == Mark::Mate {
                Mark::Mate
            } else {
                Mark::Check
            };
            rest = r;
        } else {
            break;
        }
    }
    (rest.trim_end_matches(['!', '?']), mark)
}

/// The null move or a castling written as `rest` (the move `text` without
/// its marks), `None` for any other move; a drop is an error.
fn special_shape(
    text: &str,
    rest: &str,
    mark: Mark,
    figurine: bool,
) -> Result<Option<(Shape, Written)>, SanError> {
    // `--` is what PGN writers export (python-chess, ChessBase); the others
    // are read as python-chess reads them.
    if matches!(rest, "--" | "Z0" | "0000" | "@@@@") {
        let written = Written {
            mark,
            canonical_form: rest == "--",
            capture_mark: false,
        };
        return Ok(Some((Shape::Null, written)));
    }
    if rest.contains('@') {
        return Err(SanError {
            kind: SanErrorKind::Unsupported,
            message: format!(
                "{} drops a piece: drops belong to crazyhouse, which fen2img does not play",
                shown(text)
            ),
        });
    }
    let castle = match rest {
        "O-O" => Some((CastleSide::Short, true)),
        "O-O-O" => Some((CastleSide::Long, true)),
        "0-0" | "o-o" | "OO" => Some((CastleSide::Short, false)),
        "0-0-0" | "o-o-o" | "OOO" => Some((CastleSide::Long, false)),
        _ => None,
    };
    Ok(castle.map(|(side, canonical)| {
        let written = Written {
            mark,
            canonical_form: canonical && !figurine,
            capture_mark: false,
        };
        (Shape::Castle(side), written)
    }))
}

/// A piece or pawn move written as `rest` (the move `text` without its
/// marks): piece letter, disambiguation, capture sign, target square and
/// promotion, and whether it was written in SAN's canonical form.
fn parse_normal(
    text: &str,
    rest: &str,
    mark: Mark,
    figurine: bool,
) -> Result<(Shape, Written), SanError> {
    let bytes = rest.as_bytes();
    let mut canonical = !figurine;
    let (role, mut i) = match bytes.first() {
        Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K')) => {
            (Role::from_char(c as char).expect("a piece letter"), 1)
        }
        Some(b'P') => {
            canonical = false;
            (Role::Pawn, 1)
        }
        _ => (Role::Pawn, 0),
    };
    let lettered = i == 1;
    let mut end = bytes.len();
    // `e.p.` after an en passant capture.
    for suffix in [&b"e.p."[..], b"ep"] {
        if bytes[i..end].ends_with(suffix) && end - suffix.len() > i {
            end -= suffix.len();
            canonical = false;
        }
    }
    let promotion =
        strip_promotion(bytes, i, &mut end, &mut canonical).ok_or_else(|| syntax(text))?;
    if end < i + 2 {
        return Err(syntax(text));
    }
    let to = Square::parse(&rest[end - 2..end]).ok_or_else(|| syntax(text))?;
    end -= 2;
    let mut capture_mark = false;
    if end > i && matches!(bytes[end - 1], b'x' | b':' | b'-') {
        capture_mark = bytes[end - 1] != b'-';
        canonical &= bytes[end - 1] == b'x';
        end -= 1;
    }
    let mut file = None;
    let mut rank = None;
    if i < end && (b'a'..=b'h').contains(&bytes[i]) {
        file = Some(bytes[i] - b'a');
        i += 1;
    }
    if i < end && (b'1'..=b'8').contains(&bytes[i]) {
        rank = Some(bytes[i] - b'1');
        i += 1;
    }
    if i != end {
        return Err(syntax(text));
    }
    // A pawn's SAN never names its rank (`e2e4` is UCI's form).
    canonical &= role != Role::Pawn || rank.is_none();
    Ok((
        Shape::Normal {
            role,
            lettered,
            file,
            rank,
            to,
            promotion,
        },
        Written {
            mark,
            canonical_form: canonical,
            capture_mark,
        },
    ))
}

/// The promotion at the end of `bytes[i..*end]` (`=Q`, `Q`, `/Q`, `(Q)`,
/// either case), taken off `end`, with `canonical` cleared for all but
/// `=Q`: `Some(None)` when there is none, `None` when the letter names no
/// piece a pawn becomes.
fn strip_promotion(
    bytes: &[u8],
    i: usize,
    end: &mut usize,
    canonical: &mut bool,
) -> Option<Option<Role>> {
    if *end > i && bytes[*end - 1] == b')' && *end >= i + 3 && bytes[*end - 3] == b'(' {
        let promotion = promotion_role(bytes[*end - 2])?;
        *end -= 3;
        *canonical = false;
        return Some(Some(promotion));
    }
    if *end > i && bytes[*end - 1].is_ascii_alphabetic() {
        let promotion = promotion_role(bytes[*end - 1])?;
        *canonical &= bytes[*end - 1].is_ascii_uppercase();
        *end -= 1;
        if *end > i && matches!(bytes[*end - 1], b'=' | b'/') {
            *canonical &= bytes[*end - 1] == b'=';
            *end -= 1;
        } else {
            *canonical = false;
        }
        return Some(Some(promotion));
    }
    Some(None)
}

fn promotion_role(b: u8) -> Option<Role> {
    match b.to_ascii_uppercase() {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        _ => None,
    }
}

impl LegalPosition {
    /// The legal move `text` names, read leniently (see the module docs).
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        self.parse_san_written(text, false).map(|(mv, _)| mv)
    }

    /// Like [`LegalPosition::parse_san`], but only PGN's export form is
    /// accepted: `O-O` with letter O, `=` before a promotion, `x` on every
    /// capture and only there, and the right check or mate mark.
    pub fn parse_san_strict(&self, text: &str) -> Result<Move, SanError> {
        let (mv, written) = self.parse_san_written(text, true)?;
        self.check_mark(text, &mv, written.mark)?;
        Ok(mv)
    }

    /// A strict error when `mark` is not what `mv` gives.
    pub(crate) fn check_mark(&self, text: &str, mv: &Move, mark: Mark) -> Result<(), SanError> {
        let mut after = self.clone();
        after.play_legal(mv);
        let actual = if !after.is_check() {
            Mark::None
        } else if after.has_legal_move() {
            Mark::Check
        } else {
            Mark::Mate
        };
        if actual == mark {
            return Ok(());
        }
        let shown = shown(text);
        let why = match actual {
            Mark::None => "it gives no check".to_string(),
            Mark::Check => "it gives check: end it with '+'".to_string(),
            Mark::Mate => "it gives mate: end it with '#'".to_string(),
        };
        Err(SanError {
            kind: SanErrorKind::Strict,
            message: format!("{shown} has the wrong check mark: {why}"),
        })
    }

    /// The move and what the text said around it. `strict` refuses the
    /// import-format spellings (the check mark is checked by the caller,
    /// which plays the move anyway).
    pub(crate) fn parse_san_written(
        &self,
        text: &str,
        strict: bool,
    ) -> Result<(Move, Written), SanError> {
        self.parse_san_into(text, strict, &mut Vec::new())
    }

    /// [`Self::parse_san_written`] leaving in `rivals` every legal move of
    /// the same role to the same square (for the SAN written back, without
    /// generating them again); empty for castling.
    pub(crate) fn parse_san_into(
        &self,
        text: &str,
        strict: bool,
        rivals: &mut Vec<Move>,
    ) -> Result<(Move, Written), SanError> {
        rivals.clear();
        let (shape, written) = parse_shape(text)?;
        let shown = || shown(text);
        if strict && !written.canonical_form {
            return Err(SanError {
                kind: SanErrorKind::Strict,
                message: format!(
                    "{} is not in PGN's export form (write {})",
                    shown(),
                    match &shape {
                        Shape::Castle(CastleSide::Short) => "O-O".to_string(),
                        Shape::Castle(CastleSide::Long) => "O-O-O".to_string(),
                        Shape::Null => "-- for a null move".to_string(),
                        _ => "e.g. Nf3, exd5, e8=Q".to_string(),
                    }
                ),
            });
        }
        let mv = match shape {
            Shape::Castle(side) => self.castle_move(side).ok_or_else(|| SanError {
                kind: SanErrorKind::Illegal,
                message: format!(
                    "{} is not legal here: {}",
                    shown(),
                    self.why_no_castle(side)
                ),
            })?,
            Shape::Null => self.null_move().ok_or_else(|| SanError {
                kind: SanErrorKind::Illegal,
                message: format!(
                    "{} is not legal here: the {} king is in check, and a null move (a pass) would leave it there",
                    shown(),
                    self.turn().name().to_lowercase()
                ),
            })?,
            Shape::Normal {
                role,
                lettered,
                file,
                rank,
                to,
                promotion,
            } => {
                let role = match (lettered, file, rank) {
                    (false, Some(f), Some(r)) => {
                        let from = Square::new(f, r).expect("a square's coordinates");
                        if let Some(castle) = self.castle_written_as_king_move(from, to) {
                            return Ok((castle, written));
                        }
                        self.role_on(text, from)?
                    }
                    _ => role,
                };
                self.find_normal(text, role, (file, rank), to, promotion, rivals)?
            }
        };
        if strict && mv.castle.is_none() && written.capture_mark != mv.capture.is_some() {
            return Err(SanError {
                kind: SanErrorKind::Strict,
                message: if written.capture_mark {
                    format!("{} is written as a capture but takes nothing", shown())
                } else {
                    format!("{} takes a piece: write it with 'x'", shown())
                },
            });
        }
        Ok((mv, written))
    }

    /// The role of the side to move's piece on `from`, for a move written
    /// square to square (`g1f3`); an error naming the square when it holds
    /// none of that side's pieces.
    fn role_on(&self, text: &str, from: Square) -> Result<Role, SanError> {
        let b = &self.board;
        let sq = convert::square_to(from);
        let (Some(piece), Some(color)) = (b.piece_on(sq), b.color_on(sq)) else {
            return Err(SanError {
                kind: SanErrorKind::Illegal,
                message: format!("{} is not legal here: {from} is empty", shown(text)),
            });
        };
        if color != b.side_to_move() {
            let color = convert::color_from(color);
            return Err(SanError {
                kind: SanErrorKind::Illegal,
                message: format!(
                    "{} is not legal here: {from} holds a {} {}, and it is {}'s move",
                    shown(text),
                    color.name().to_lowercase(),
                    convert::role_from(piece).name(),
                    self.turn().name()
                ),
            });
        }
        Ok(convert::role_from(piece))
    }

    /// The castling a king move written square to square names, as UCI
    /// writes castling (and python-chess reads it): the king taking its own
    /// rook (`e1h1`), and in standard chess also the king's two squares
    /// (`e1g1`).
    fn castle_written_as_king_move(&self, from: Square, to: Square) -> Option<Move> {
        [CastleSide::Short, CastleSide::Long]
            .into_iter()
            .filter_map(|side| self.castle_move(side))
            .find(|m| {
                let castle = m.castle.expect("a castling move");
                m.from == from
                    && (castle.rook_from == to
                        || (self.variant() == Variant::Standard && m.to == to))
            })
    }

    fn find_normal(
        &self,
        text: &str,
        role: Role,
        (file, rank): (Option<u8>, Option<u8>),
        to: Square,
        promotion: Option<Role>,
        all: &mut Vec<Move>,
    ) -> Result<Move, SanError> {
        let illegal = |why: String| SanError {
            kind: SanErrorKind::Illegal,
            message: format!("{} is not legal here: {why}", shown(text)),
        };
        if promotion.is_some() && role != Role::Pawn {
            return Err(illegal(format!(
                "only a pawn promotes, not a {}",
                role.name()
            )));
        }
        let last_rank = match self.turn() {
            Color::White => 7,
            Color::Black => 0,
        };
        if role == Role::Pawn && promotion.is_some() && to.rank() != last_rank {
            return Err(illegal(format!(
                "a pawn promotes only on the {} rank",
                if last_rank == 7 { "eighth" } else { "first" }
            )));
        }
        self.moves_to(role, to, all);
        let fits = |m: &&Move| {
            file.is_none_or(|f| m.from.file() == f) && rank.is_none_or(|r| m.from.rank() == r)
        };
        if role == Role::Pawn
            && to.rank() == last_rank
            && promotion.is_none()
            && all.iter().any(|m| fits(&m))
        {
            return Err(illegal(format!(
                "a pawn reaching {to} must promote: write {}=Q (or =R, =B, =N)",
                text.trim_end_matches(['+', '#', '!', '?'])
            )));
        }
        let mut candidates = all.iter().filter(fits).filter(|m| m.promotion == promotion);
        let (Some(&first), second) = (candidates.next(), candidates.next()) else {
            return Err(illegal(self.why_not(role, file, rank, to)));
        };
        let Some(_) = second else {
            return Ok(first);
        };
        let candidates: Vec<Move> = all
            .iter()
            .filter(fits)
            .filter(|m| m.promotion == promotion)
            .copied()
            .collect();
        match candidates.len() {
            1 => Ok(candidates[0]),
            0 => Err(illegal(self.why_not(role, file, rank, to))),
            _ => {
                let froms: Vec<String> = candidates.iter().map(|m| m.from.to_string()).collect();
                Err(SanError {
                    kind: SanErrorKind::Ambiguous,
                    message: format!(
                        "{} is ambiguous: the {}s on {} can all move to {to}",
                        shown(text),
                        role.name(),
                        froms.join(" and ")
                    ),
                })
            }
        }
    }

    /// Why no `role` (on the given file or rank) can go to `to`.
    fn why_not(&self, role: Role, file: Option<u8>, rank: Option<u8>, to: Square) -> String {
        let b = &self.board;
        let us = b.side_to_move();
        let color = convert::color_from(us);
        let target = convert::square_to(to);
        if b.colors(us).has(target) {
            let own = b
                .piece_on(target)
                .map(convert::role_from)
                .unwrap_or(Role::Pawn);
            return format!(
                "{to} holds a {} {}",
                color.name().to_lowercase(),
                own.name()
            );
        }
        let ours = b.colored_pieces(us, convert::role_to(role));
        if ours.is_empty() {
            return format!("{} has no {}", color.name(), role.name());
        }
        let occupied = b.occupied();
        let reaches = |from: cz::Square| -> bool {
            match role {
                Role::Pawn => {
                    let quiet = cz::get_pawn_quiets(from, us, occupied);
                    let takes = cz::get_pawn_attacks(from, us);
                    quiet.has(target) || takes.has(target)
                }
                Role::Knight => cz::get_knight_moves(from).has(target),
                Role::Bishop => cz::get_bishop_moves(from, occupied).has(target),
                Role::Rook => cz::get_rook_moves(from, occupied).has(target),
                Role::Queen => (cz::get_rook_moves(from, occupied)
                    | cz::get_bishop_moves(from, occupied))
                .has(target),
                Role::King => cz::get_king_moves(from).has(target),
            }
        };
        let place = match (file, rank) {
            (Some(f), Some(r)) => format!(" on {}", Square::new(f, r).expect("in range")),
            (Some(f), None) => format!(" on the {}-file", (b'a' + f) as char),
            (None, Some(r)) => format!(" on the {} rank", ordinal(r)),
            (None, None) => String::new(),
        };
        let reachers: Vec<cz::Square> = ours
            .into_iter()
            .filter(|&sq| {
                let s = convert::square_from(sq);
                file.is_none_or(|f| s.file() == f) && rank.is_none_or(|r| s.rank() == r)
            })
            .filter(|&sq| reaches(sq))
            .collect();
        let Some(&first) = reachers.first() else {
            return format!("no {}{place} can reach {to}", role.name());
        };
        let from = convert::square_from(first);
        if role == Role::Pawn && b.piece_on(target).is_none() && from.file() != to.file() {
            return format!("the pawn on {from} has nothing to take on {to}");
        }
        if role == Role::Pawn && b.piece_on(target).is_some() && from.file() == to.file() {
            return format!("a pawn cannot take straight ahead ({to} is occupied)");
        }
        if !b.checkers().is_empty() {
            return format!(
                "the {} king is in check and the move does not answer it",
                color.name().to_lowercase()
            );
        }
        if role == Role::King {
            return format!("{to} is attacked");
        }
        format!("the {} on {from} is pinned to its king", role.name())
    }

    fn why_no_castle(&self, side: CastleSide) -> String {
        let us = self.board.side_to_move();
        let rights = self.board.castle_rights(us);
        let has_right = match side {
            CastleSide::Short => rights.short.is_some(),
            CastleSide::Long => rights.long.is_some(),
        };
        let name = convert::color_from(us).name();
        if !has_right {
            format!("{name} has no right to castle on that side")
        } else if !self.board.checkers().is_empty() {
            format!("{name} is in check")
        } else {
            "the squares between king and rook are not empty, or the king passes an attacked square"
                .into()
        }
    }

    /// `mv` in SAN with its check or mate mark (`Rd8#`, `exd6`, `O-O`).
    pub fn san(&self, mv: &Move) -> String {
        self.san_with(mv, SanStyle::LETTERS)
    }

    /// `mv` in SAN written in `style`.
    pub fn san_with(&self, mv: &Move, style: SanStyle) -> String {
        let mut out = self.san_body(mv, style);
        let mut after = self.clone();
        after.play_legal(mv);
        push_mark(&mut out, &after);
        out
    }

    /// SAN without the check mark.
    pub(crate) fn san_body(&self, mv: &Move, style: SanStyle) -> String {
        let mut others = Vec::new();
        if mv.castle.is_none() && mv.role != Role::Pawn && !mv.is_null() {
            self.moves_to(mv.role, mv.to, &mut others);
        }
        san_body_among(mv, &others, style)
    }
}

/// SAN of `mv` without a check mark, disambiguated against `others` (the
/// legal moves of the same role to the same square, `mv` among them or not);
/// `--` for a null move, as PGN writers export it.
pub(crate) fn san_body_among(mv: &Move, others: &[Move], style: SanStyle) -> String {
    if mv.is_null() {
        return "--".into();
    }
    if let Some(castle) = mv.castle {
        return match castle.side {
            CastleSide::Short => "O-O".into(),
            CastleSide::Long => "O-O-O".into(),
        };
    }
    let mut out = String::with_capacity(8);
    let letter = |out: &mut String, role: Role| {
        if style.figurine {
            out.push(match role {
                Role::King => '♔',
                Role::Queen => '♕',
                Role::Rook => '♖',
                Role::Bishop => '♗',
                Role::Knight => '♘',
                Role::Pawn => '♙',
            });
        } else {
            out.push(role.upper_char());
        }
    };
    let file_char = |sq: Square| (b'a' + sq.file()) as char;
    let rank_char = |sq: Square| (b'1' + sq.rank()) as char;
    if mv.role == Role::Pawn {
        if mv.capture.is_some() {
            out.push(file_char(mv.from));
        }
    } else {
        letter(&mut out, mv.role);
        let rivals = others
            .iter()
            .filter(|o| o.from != mv.from && o.castle.is_none() && o.promotion == mv.promotion);
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for o in rivals {
            any = true;
            same_file |= o.from.file() == mv.from.file();
            same_rank |= o.from.rank() == mv.from.rank();
        }
        if any {
            if !same_file {
                out.push(file_char(mv.from));
            } else if !same_rank {
                out.push(rank_char(mv.from));
            } else {
                out.push(file_char(mv.from));
                out.push(rank_char(mv.from));
            }
        }
    }
    if mv.capture.is_some() {
        out.push('x');
    }
    out.push(file_char(mv.to));
    out.push(rank_char(mv.to));
    if let Some(p) = mv.promotion {
        out.push('=');
        letter(&mut out, p);
    }
    out
}

/// Appends `+` or `#` as the position after the move calls for.
pub(crate) fn push_mark(out: &mut String, after: &LegalPosition) {
    if after.is_check() {
        out.push(if after.has_legal_move() { '+' } else { '#' });
    }
}

fn ordinal(rank: u8) -> &'static str {
    [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    ][rank as usize % 8]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse, ParseOptions};
    use crate::game::Variant;

    fn at(fen: &str) -> LegalPosition {
        let pos = parse(fen.as_bytes(), ParseOptions::default())
            .unwrap()
            .position;
        LegalPosition::new(&pos, Variant::for_position(&pos)).unwrap()
    }

    fn san_round_trip(fen: &str, written: &str, canonical: &str) {
        let p = at(fen);
        let mv = p
            .parse_san(written)
            .unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(p.san(&mv), canonical, "{written}");
    }

    #[test]
    fn lenient_spellings_name_the_right_move() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        san_round_trip(start, "Nf3", "Nf3");
        san_round_trip(start, "Ng1-f3", "Nf3");
        san_round_trip(start, "Ng1f3", "Nf3");
        san_round_trip(start, "♘f3", "Nf3");
        san_round_trip(start, "Pe4", "e4");
        san_round_trip(start, "e2-e4!?", "e4");
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        san_round_trip(castle, "0-0", "O-O");
        san_round_trip(castle, "O-O-O+", "O-O-O");
        let promo = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
        san_round_trip(promo, "e8Q", "e8=Q+");
        san_round_trip(promo, "e8=q", "e8=Q+");
        san_round_trip(promo, "e8(N)", "e8=N");
        san_round_trip(promo, "e8/R", "e8=R");
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        san_round_trip(ep, "exd6e.p.", "exd6");
        san_round_trip(ep, "ed6", "exd6");
    }

    #[test]
    fn strict_parsing_wants_the_export_form() {
        let p = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(p.parse_san_strict("O-O").is_ok());
        assert_eq!(
            p.parse_san_strict("0-0").unwrap_err().kind,
            SanErrorKind::Strict
        );
        let e = p.parse_san_strict("Rxa8").unwrap_err();
        assert!(
            e.message.contains("wrong check mark: it gives check"),
            "{e}"
        );
        assert!(p.parse_san_strict("Rxa8+").is_ok());
        let e = p.parse_san_strict("Ra8+").unwrap_err();
        assert!(e.message.contains("takes a piece"), "{e}");
    }

    #[test]
    fn disambiguation_is_written_only_when_needed() {
        let p = at("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        let mv = p.parse_san("Rd1").unwrap_err();
        assert_eq!(mv.kind, SanErrorKind::Ambiguous);
        assert_eq!(
            mv.message,
            "Rd1 is not legal here: it is ambiguous: the rooks on a1 and h1 can all move to d1"
                .replace("is not legal here: it is ", "is ")
        );
        assert_eq!(p.san(&p.parse_san("Rad1").unwrap()), "Rad1");
        assert_eq!(p.san(&p.parse_san("Ra1d1").unwrap()), "Rad1");
        let q = at("8/8/6k1/Q7/8/8/7K/Q1Q5 w - - 0 1");
        assert_eq!(q.san(&q.parse_san("Qa1a3").unwrap()), "Qa1a3");
        assert_eq!(q.san(&q.parse_san("Qc1a3").unwrap()), "Qca3");
        assert_eq!(q.san(&q.parse_san("Qa5a3").unwrap()), "Q5a3");
        assert_eq!(
            q.parse_san("Qa3").unwrap_err().kind,
            SanErrorKind::Ambiguous
        );
    }

    #[test]
    fn errors_say_why() {
        let p = at("3qk3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(
            p.parse_san("Nd8").unwrap_err().message,
            "Nd8 is not legal here: White has no knight"
        );
        assert_eq!(
            p.parse_san("Rb8").unwrap_err().to_string(),
            "Rb8 is not legal here: no rook can reach b8"
        );
        assert_eq!(
            p.parse_san("Rfa8").unwrap_err().to_string(),
            "Rfa8 is not legal here: no rook on the f-file can reach a8"
        );
        let pinned = at("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
        let e = pinned.parse_san("Ra2").unwrap_err();
        assert_eq!(
            e.message,
            "Ra2 is not legal here: the rook on e2 is pinned to its king"
        );
        let e = p.parse_san("N@f3").unwrap_err();
        assert_eq!(e.kind, SanErrorKind::Unsupported);
        assert!(e.message.contains("crazyhouse"), "{e}");
        assert_eq!(p.parse_san("Xy9").unwrap_err().kind, SanErrorKind::Syntax);
        let promo = at("8/4P3/8/8/k7/8/8/4K3 w - - 0 1");
        let e = promo.parse_san("e8").unwrap_err();
        assert!(e.message.contains("must promote"), "{e}");
    }

    #[test]
    fn figurine_san_is_written_on_request() {
        let p = at("8/4P3/8/8/k7/8/8/4K1N1 w - - 0 1");
        let mv = p.parse_san("Nf3").unwrap();
        assert_eq!(p.san_with(&mv, SanStyle::FIGURINE), "♘f3");
        let mv = p.parse_san("e8=Q").unwrap();
        assert_eq!(p.san_with(&mv, SanStyle::FIGURINE), "e8=♕+");
    }

    #[test]
    fn moves_written_square_to_square_name_the_piece_standing_there() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        san_round_trip(start, "g1f3", "Nf3");
        san_round_trip(start, "e2e4", "e4");
        san_round_trip("8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+");
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        san_round_trip(castle, "e1g1", "O-O");
        san_round_trip(castle, "e1c1", "O-O-O");
        san_round_trip(castle, "e1h1", "O-O");
        // python-chess refuses a piece letter before the squares of a
        // castling: so does fen2img.
        assert!(at(castle).parse_san("Ke1g1").is_err());
        // Chess960 writes castling as the king taking its own rook only.
        let c960 = at("1r2k2r/8/8/8/8/8/8/1R2K1R1 w GBhb - 0 1");
        assert_eq!(c960.san(&c960.parse_san("e1g1").unwrap()), "O-O");
        assert_eq!(c960.san(&c960.parse_san("e1b1").unwrap()), "O-O-O");
        assert!(c960.parse_san("e1c1").is_err());
        // Errors name the square, not a pawn that was never meant.
        let p = at(start);
        assert_eq!(
            p.parse_san("g3f3").unwrap_err().message,
            "g3f3 is not legal here: g3 is empty"
        );
        assert_eq!(
            p.parse_san("g8f6").unwrap_err().message,
            "g8f6 is not legal here: g8 holds a black knight, and it is White's move"
        );
        assert_eq!(
            p.parse_san("g1g3").unwrap_err().message,
            "g1g3 is not legal here: no knight on g1 can reach g3"
        );
        // Not the export form.
        assert_eq!(
            p.parse_san_strict("e2e4").unwrap_err().kind,
            SanErrorKind::Strict
        );
        assert_eq!(
            p.parse_san_strict("g1f3").unwrap_err().kind,
            SanErrorKind::Strict
        );
    }

    #[test]
    fn null_moves_pass_unless_in_check() {
        let p = at("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        for spelling in ["--", "Z0", "0000", "@@@@"] {
            let mv = p.parse_san(spelling).unwrap();
            assert!(mv.is_null(), "{spelling}");
            assert_eq!(p.san(&mv), "--");
            assert_eq!(p.uci(&mv), "0000");
            assert_eq!(p.parse_uci("0000").unwrap(), mv);
            let mut after = p.clone();
            assert!(after.play(&mv));
            assert_eq!(
                after.to_position().to_string(),
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
            );
        }
        assert!(p.parse_san_strict("--").is_ok());
        assert_eq!(
            p.parse_san_strict("Z0").unwrap_err().kind,
            SanErrorKind::Strict
        );
        assert_eq!(p.parse_san("null").unwrap_err().kind, SanErrorKind::Syntax);
        let checked = at("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
        let e = checked.parse_san("--").unwrap_err();
        assert_eq!(e.kind, SanErrorKind::Illegal);
        assert_eq!(
            e.message,
            "-- is not legal here: the black king is in check, and a null move (a pass) would leave it there"
        );
        assert!(checked.parse_uci("0000").is_err());
        let king = checked.to_position().king(Color::Black).unwrap();
        assert!(!checked.is_legal(&Move::null(king)));
    }
}
