//! A game as the reader gives it (tags, plies, each ply's notes: arrows,
//! square marks, clocks, markers) and the options it reads with. Beside
//! the reader and the comment commands, which both fill it in, rather
//! than in their parent, which only re-exports.

use crate::position::{Color, Position, Square};

use super::super::legal::GamePosition;
use super::super::moves::Move;
use super::super::variant::Variant;
use super::error::PgnError;
use super::limits;

/// How forgiving the reader is. Build it from [`PgnOptions::default`]
/// (lenient) or [`PgnOptions::STRICT`]: fields may be added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PgnOptions {
    /// Accept only PGN's export format where it matters for the board:
    /// SAN as exported (`O-O`, `e8=Q`, `x` on captures, the right check
    /// marks), every game ending with a result, NAGs in `$0`–`$255`, the
    /// known suffixes only, UTF-8 text, well-formed comment commands, and
    /// every variation's moves legal. Default `false`.
    pub strict: bool,
}

impl PgnOptions {
    /// Strict reading (see [`PgnOptions::strict`]).
    pub const STRICT: PgnOptions = PgnOptions { strict: true };

    /// These options with [`PgnOptions::strict`] set to `strict`.
    pub fn with_strict(self, strict: bool) -> PgnOptions {
        PgnOptions { strict }
    }
}

/// The colours of lichess's and ChessBase's arrows and circles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Brush {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl Brush {
    /// The letter the comment commands and fen2img's arrows use.
    pub fn letter(self) -> char {
        match self {
            Brush::Green => 'G',
            Brush::Red => 'R',
            Brush::Yellow => 'Y',
            Brush::Blue => 'B',
        }
    }
}

/// An arrow from `[%cal Ge2e4]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Its colour.
    pub brush: Brush,
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
}

/// A coloured square from `[%csl Gd4]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareMark {
    /// Its colour.
    pub brush: Brush,
    /// The square.
    pub square: Square,
}

/// What the PGN says about one position of the main line: the NAGs of the
/// move that led to it, and the comments between that move and the next.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notes {
    /// NAGs in input order, suffixes included (`!` is 1, `?!` is 6); at
    /// most [`limits::MAX_NAGS`].
    pub nags: Vec<u8>,
    /// Comment prose, commands and diagram markers taken out, spaces
    /// collapsed; empty comments dropped; at most [`limits::MAX_COMMENTS`].
    pub comments: Vec<String>,
    /// Arrows from `[%cal]` (with `squares`, at most
    /// [`limits::MAX_ARROWS`]).
    pub arrows: Vec<Arrow>,
    /// Coloured squares from `[%csl]`.
    pub squares: Vec<SquareMark>,
    /// `[%clk]`: the clock of the side that just moved, in milliseconds.
    pub clock_ms: Option<u64>,
    /// `[%emt]`: the time the move took, in milliseconds.
    pub elapsed_ms: Option<u64>,
    /// A diagram marker: `[#]`, a lone `#`, `[D]` or `[%diagram]`.
    pub diagram: bool,
}

impl Notes {
    /// The move-quality glyph of the first NAG that is one (`!`, `?`,
    /// `!!`, `??`, `!?`, `?!`, NAGs 1–6), for a badge on the moved piece.
    pub fn glyph(&self) -> Option<&'static str> {
        self.nags.iter().find_map(|&n| match n {
            1..=6 => nag_symbol(n),
            _ => None,
        })
    }
}

/// The usual printed symbol of a NAG, for those that have one: a thin
/// wrapper of [`Nag::symbol`](crate::notation::Nag::symbol), which holds
/// the one table.
pub fn nag_symbol(nag: u8) -> Option<&'static str> {
    crate::notation::Nag(nag).symbol()
}

/// One half-move of a game's main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The move ([`Move::is_null`] for a null move).
    pub mv: Move,
    /// The move in SAN as PGN exports it (`Rd8#`, `--` for a null move),
    /// whatever the file wrote.
    pub san: String,
    /// The move number (`17` for `17. Rd8` and `17... Qxe3`).
    pub move_number: u32,
    /// The side that made the move.
    pub side: Color,
    /// 1-based line of the move in the input.
    pub line: usize,
    /// 1-based column (characters) of the move in the input.
    pub column: usize,
    /// NAGs, comments and commands after the move.
    pub notes: Notes,
}

impl Ply {
    /// `17.Rd8#` or `23...Qxe3`.
    pub fn numbered_san(&self) -> String {
        match self.side {
            Color::White => format!("{}.{}", self.move_number, self.san),
            Color::Black => format!("{}...{}", self.move_number, self.san),
        }
    }
}

/// One game of a PGN file, its main line replayed and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Its number in the file, from 1.
    pub number: usize,
    /// 1-based line where the game starts.
    pub line: usize,
    /// Tag pairs in file order, values unescaped (not escaped for a
    /// terminal: escape control characters before printing them).
    pub tags: Vec<(String, String)>,
    /// The rules: from `[Variant]`, or Chess960 when `[FEN]`'s castling
    /// rights need it.
    pub variant: Variant,
    /// The first position: the standard one, or `[FEN]`'s.
    pub start: Position,
    /// Comments, commands and markers before the first move.
    pub start_notes: Notes,
    /// The main line.
    pub plies: Vec<Ply>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// What the lenient reader accepted but strict reading would refuse
    /// that changed what was kept: a variation skipped from its first
    /// illegal move, a malformed comment command ignored, ...; the first
    /// [`limits::MAX_WARNINGS`] of them.
    pub warnings: Vec<PgnError>,
    /// How many warnings there were beyond [`Game::warnings`] (counted,
    /// not kept).
    pub warnings_not_kept: usize,
    /// The position after the main line's last move as the reader left
    /// it, so that a diagram of the final position (a batch's) needs no
    /// second replay of the moves. `None` for a game put together by hand:
    /// [`Game::select`] then replays. Whoever changes `plies` or `start`
    /// sets it to `None`.
    pub end: Option<GamePosition>,
}

impl Game {
    /// The value of a tag, its name matched without regard to case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }

    /// `White – Black` from the tags (`?` for a missing name), escaped for
    /// a terminal; `None` when the game has neither tag.
    pub fn players(&self) -> Option<String> {
        players(&self.tags)
    }

    /// The notes of the position after `ply` half-moves (0: before the
    /// first move).
    pub fn notes(&self, ply: usize) -> Option<&Notes> {
        match ply {
            0 => Some(&self.start_notes),
            n => self.plies.get(n - 1).map(|p| &p.notes),
        }
    }

    /// The plies after which a diagram marker stands (0: the start).
    pub fn markers(&self) -> Vec<usize> {
        (0..=self.plies.len())
            .filter(|&n| self.notes(n).is_some_and(|notes| notes.diagram))
            .collect()
    }
}

/// A game read for where it ends ([`Games::next_end`](super::Games::next_end)):
/// what [`Game`] holds but the half-moves, each of which was replayed and
/// checked but not kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// Its number in the file, from 1.
    pub number: usize,
    /// 1-based line where the game starts.
    pub line: usize,
    /// Tag pairs in file order, values unescaped (as [`Game::tags`]).
    pub tags: Vec<(String, String)>,
    /// The rules it was played by.
    pub variant: Variant,
    /// The game termination marker, if any (as [`Game::result`]).
    pub result: Option<String>,
    /// The reader's warnings (as [`Game::warnings`]).
    pub warnings: Vec<PgnError>,
    /// How many warnings there were beyond [`GameEnd::warnings`].
    pub warnings_not_kept: usize,
    /// The final position, with the last move, its SAN, and in
    /// [`GamePosition::ply`] the number of half-moves of the main line.
    pub end: GamePosition,
}

impl GameEnd {
    /// What a reading that kept nothing of the half-moves gave. The
    /// reader always sets `game.end`; were it not set, the game would be
    /// said to end where it starts.
    pub(super) fn from_read(game: Game) -> GameEnd {
        let end = match game.end {
            Some(end) => end,
            None => GamePosition {
                position: game.start,
                last_move: None,
                last_san: None,
                check: None,
                ply: 0,
            },
        };
        GameEnd {
            number: game.number,
            line: game.line,
            tags: game.tags,
            variant: game.variant,
            result: game.result,
            warnings: game.warnings,
            warnings_not_kept: game.warnings_not_kept,
            end,
        }
    }

    /// The value of a tag, its name matched without regard to case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }

    /// `White – Black` from the tags, escaped for a terminal, as
    /// [`Game::players`].
    pub fn players(&self) -> Option<String> {
        players(&self.tags)
    }
}

/// The value of the tag `name` in `tags`, matched without regard to case.
fn tag<'t>(tags: &'t [(String, String)], name: &str) -> Option<&'t str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// `White – Black` from tags, escaped; `None` when neither is there.
pub(crate) fn players(tags: &[(String, String)]) -> Option<String> {
    let find = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    let (white, black) = (find("White"), find("Black"));
    if white.is_none() && black.is_none() {
        return None;
    }
    let clip = |name: Option<&str>| {
        let cut = fen2img_support::quote::clip(name.unwrap_or("?"), limits::MAX_NAME_CHARS);
        fen2img_support::quote::escape(&cut).into_owned()
    };
    Some(format!("{} – {}", clip(white), clip(black)))
}
