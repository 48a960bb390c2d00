//! The chess position model and its legality warnings.
//!
//! This module knows nothing about text: [`crate::fen`] builds a [`Position`]
//! from FEN and writes it back. What is *syntactically* valid but *semantically*
//! odd (no king, a pawn on the back rank, castling rights without a rook) is
//! reported by [`Position::warnings`] rather than refused, because diagrams of
//! studies, puzzles and teaching positions break those rules on purpose.

use std::fmt;
use std::str::FromStr;

use crate::fen_error::Field;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The player who moves first.
    White,
    /// The player who moves second.
    Black,
}

impl Color {
    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `"White"` or `"Black"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The rank (0-based) on which this side's pieces start.
    pub fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// `'w'` or `'b'`, the prefix used by piece-set file names such as `wK.svg`.
    pub fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// The kind of a piece, regardless of its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The upper-case English letter (`P N B R Q K`).
    pub fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of an English piece letter, either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The English name, lower case (`"knight"`).
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
    /// Crazyhouse: the piece is a promoted pawn (`~` in FEN) and returns to
    /// the pocket as a pawn when captured.
    pub promoted: bool,
}

impl Piece {
    /// A piece that is not a promoted pawn.
    pub fn new(color: Color, role: Role) -> Piece {
        Piece {
            color,
            role,
            promoted: false,
        }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The twelve pieces that are not promoted, in [`Piece::index`] order.
    pub const ALL: [Piece; 12] = {
        let mut all = [Piece {
            color: Color::White,
            role: Role::Pawn,
            promoted: false,
        }; 12];
        let mut i = 0;
        while i < 12 {
            all[i].color = if i < 6 { Color::White } else { Color::Black };
            all[i].role = Role::ALL[i % 6];
            i += 1;
        }
        all
    };

    /// 0 to 11: White's pawn, knight, bishop, rook, queen, king, then
    /// Black's. The one index every per-piece table uses (glyphs, sprites,
    /// tiles); promoted pieces share their role's index.
    pub fn index(self) -> usize {
        self.color as usize * 6 + self.role as usize
    }

    /// The piece-set file stem used by published sets: `wK`, `bN`, ...
    pub fn asset_name(self) -> &'static str {
        const NAMES: [[&str; 6]; 2] = [
            ["wP", "wN", "wB", "wR", "wQ", "wK"],
            ["bP", "bN", "bB", "bR", "bQ", "bK"],
        ];
        NAMES[self.color as usize][self.role as usize]
    }
}

/// A square of the board, `a1` = 0 up to `h8` = 63, rank by rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = first rank), if both are in 0..8.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then_some(Square(rank * 8 + file))
    }

    /// The square with this index (0..64).
    pub fn from_index(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// Parses a square name such as `e4`.
    pub fn parse(name: &str) -> Option<Square> {
        match name.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::new(f - b'a', r - b'1'),
            _ => None,
        }
    }

    /// All 64 squares, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// 0 = a-file .. 7 = h-file.
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 = first rank .. 7 = eighth rank.
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The index 0..64.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Dark squares are those where file + rank is even (`a1` is dark).
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square((r * 8 + f) as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// A text that is not a square name (see [`Square::from_str`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError {
    shown: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected a square such as 'e4' (file a-h, rank 1-8), found {}",
            self.shown
        )
    }
}

impl std::error::Error for ParseSquareError {}

/// Parses a square name such as `e4` (lower-case file, as FEN writes it).
impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse(s).ok_or_else(|| ParseSquareError {
            shown: fen2img_support::quote::quoted(s),
        })
    }
}

/// The placement of pieces on the 64 squares.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub fn empty() -> Board {
        Board {
            squares: [None; 64],
        }
    }

    /// The piece on `sq`, if any.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on `sq` (or clears it with `None`).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.squares[sq.index()] = piece;
    }

    /// Every occupied square with its piece, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.get(sq).map(|p| (sq, p)))
    }

    /// The squares holding a king of `color`.
    pub fn kings(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |(_, p)| p.color == color && p.role == Role::King)
            .map(|(sq, _)| sq)
    }

    /// Whether any piece of `by` attacks `target` (pins and legality ignored).
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        let holds = |sq: Option<Square>, roles: &[Role]| {
            sq.and_then(|s| self.get(s))
                .is_some_and(|p| p.color == by && roles.contains(&p.role))
        };
        // A pawn of `by` attacks diagonally forward, so look backward from the target.
        let back: i8 = if by == Color::White { -1 } else { 1 };
        if holds(target.offset(-1, back), &[Role::Pawn])
            || holds(target.offset(1, back), &[Role::Pawn])
        {
            return true;
        }
        const KNIGHT: [(i8, i8); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        const KING: [(i8, i8); 8] = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        if KNIGHT
            .iter()
            .any(|&(df, dr)| holds(target.offset(df, dr), &[Role::Knight]))
            || KING
                .iter()
                .any(|&(df, dr)| holds(target.offset(df, dr), &[Role::King]))
        {
            return true;
        }
        KING.iter().any(|&(df, dr)| {
            let diagonal = df != 0 && dr != 0;
            let sliders: &[Role] = if diagonal {
                &[Role::Bishop, Role::Queen]
            } else {
                &[Role::Rook, Role::Queen]
            };
            let mut sq = target.offset(df, dr);
            while let Some(s) = sq {
                if self.get(s).is_some() {
                    return holds(Some(s), sliders);
                }
                sq = s.offset(df, dr);
            }
            false
        })
    }
}

/// Which rook a castling right refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastlingSide {
    /// `K`/`k`: the outermost rook on the king's h-side.
    King,
    /// `Q`/`q`: the outermost rook on the king's a-side.
    Queen,
    /// Shredder-FEN / X-FEN: the rook on this file (0 = a).
    File(u8),
}

/// The castling rights still available, kept in canonical order
/// (White before Black; `K`, `Q`, then rook files from h to a).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Castling {
    rights: Vec<(Color, CastlingSide)>,
}

impl Castling {
    /// No castling rights (`-`).
    pub fn none() -> Castling {
        Castling::default()
    }

    /// The most rights one side can have: one king, a rook on each side.
    pub const MAX_PER_SIDE: usize = 2;

    /// Adds a right; returns `false` (and adds nothing) if it was already
    /// present or `color` already has [`Castling::MAX_PER_SIDE`] rights.
    pub fn insert(&mut self, color: Color, side: CastlingSide) -> bool {
        if self.rights.contains(&(color, side)) || self.count(color) >= Self::MAX_PER_SIDE {
            return false;
        }
        self.rights.push((color, side));
        self.rights.sort_by_key(|&(c, s)| {
            let order = match s {
                CastlingSide::King => 0,
                CastlingSide::Queen => 1,
                CastlingSide::File(f) => 10 - f as i32,
            };
            (c, order)
        });
        true
    }

    /// How many rights `color` has.
    pub fn count(&self, color: Color) -> usize {
        self.rights.iter().filter(|&&(c, _)| c == color).count()
    }

    /// The rights in canonical order.
    pub fn rights(&self) -> &[(Color, CastlingSide)] {
        &self.rights
    }

    /// Whether there are no rights.
    pub fn is_empty(&self) -> bool {
        self.rights.is_empty()
    }
}

/// Crazyhouse pockets: pieces in hand, counted by role (king never in hand).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Pockets {
    counts: [[u8; 5]; 2],
}

impl Pockets {
    /// The roles a pocket holds, strongest first: the order FEN writes
    /// them (`[QRBNPqrbnp]`) and people list them.
    pub const ROLES: [Role; 5] = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    /// How many pieces of `role` `color` holds (always 0 for kings).
    pub fn count(&self, color: Color, role: Role) -> u8 {
        if role == Role::King {
            0
        } else {
            self.counts[color as usize][role as usize]
        }
    }

    /// Adds one piece to a pocket; returns `false` for a king or on overflow.
    pub fn add(&mut self, color: Color, role: Role) -> bool {
        if role == Role::King {
            return false;
        }
        let slot = &mut self.counts[color as usize][role as usize];
        match slot.checked_add(1) {
            Some(n) if n <= 64 => {
                *slot = n;
                true
            }
            _ => false,
        }
    }

    /// Total pieces in `color`'s pocket.
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color as usize].iter().map(|&n| n as u32).sum()
    }
}

/// Three-check counters, in the form the input used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckCounters {
    /// `3+3` before the clocks (Stockfish, lichess): the checks each side
    /// still has to give, White first.
    Remaining {
        /// Checks White still has to give.
        white: u8,
        /// Checks Black still has to give.
        black: u8,
    },
    /// `+0+0` after the fullmove number: checks given so far.
    Given {
        /// Checks given by White.
        white: u8,
        /// Checks given by Black.
        black: u8,
    },
}

/// A complete position: what a FEN record describes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces on the board.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: Castling,
    /// The en passant target square, if a pawn just moved two squares.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The number of the full move, starting at 1.
    pub fullmove_number: u32,
    /// Crazyhouse pockets, when the input had them.
    pub pockets: Option<Pockets>,
    /// Three-check counters, when the input had them.
    pub checks: Option<CheckCounters>,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            board: Board::empty(),
            turn: Color::White,
            castling: Castling::none(),
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            pockets: None,
            checks: None,
        }
    }
}

/// A semantic problem with a syntactically valid position, or something
/// the parser filled in (see [`crate::fen::Record::warnings`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Which FEN field the problem is about.
    pub field: Field,
    /// A sentence describing the problem.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl Position {
    /// The square of the king of `color` when there is exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        let mut kings = self.board.kings(color);
        let first = kings.next()?;
        kings.next().is_none().then_some(first)
    }

    /// The king of the side to move, if it is attacked.
    pub fn checked_king(&self) -> Option<Square> {
        let king = self.king(self.turn)?;
        self.board
            .is_attacked(king, self.turn.opponent())
            .then_some(king)
    }

    /// Everything that makes this position impossible in a real game.
    ///
    /// The list is empty for every position reachable by legal play (and for
    /// some that are not: this is a sanity check, not a proof of legality).
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        let mut warn = |field: Field, message: String| out.push(Warning { field, message });

        for color in [Color::White, Color::Black] {
            let kings = self.board.kings(color).count();
            if kings == 0 {
                warn(Field::Placement, format!("{} has no king", color.name()));
            } else if kings > 1 {
                warn(
                    Field::Placement,
                    format!("{} has {kings} kings", color.name()),
                );
            }
            let pieces: Vec<Piece> = self
                .board
                .pieces()
                .map(|(_, p)| p)
                .filter(|p| p.color == color)
                .collect();
            if pieces.len() > 16 {
                warn(
                    Field::Placement,
                    format!(
                        "{} has {} pieces, at most 16 are possible",
                        color.name(),
                        pieces.len()
                    ),
                );
            }
            let pawns = pieces.iter().filter(|p| p.role == Role::Pawn).count();
            if pawns > 8 {
                warn(
                    Field::Placement,
                    format!("{} has {pawns} pawns, at most 8 are possible", color.name()),
                );
            }
        }
        for (sq, p) in self.board.pieces() {
            if p.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                warn(
                    Field::Placement,
                    format!(
                        "{} pawn on {sq}: pawns cannot stand on the first or last rank",
                        p.color.name()
                    ),
                );
            }
        }
        if let Some(king) = self.king(self.turn.opponent())
            && self.board.is_attacked(king, self.turn)
        {
            warn(
                Field::SideToMove,
                format!(
                    "{} is in check but it is {}'s move",
                    self.turn.opponent().name(),
                    self.turn.name()
                ),
            );
        }
        self.castling_warnings(&mut warn);
        if let Some(ep) = self.en_passant {
            self.en_passant_warning(ep, &mut warn);
        }
        out
    }

    fn castling_warnings(&self, warn: &mut impl FnMut(Field, String)) {
        for &(color, side) in self.castling.rights() {
            let rank = color.back_rank();
            let letter = castling_letter(color, side);
            let Some(king) = self
                .board
                .kings(color)
                .find(|sq| sq.rank() == rank && sq.file() > 0 && sq.file() < 7)
            else {
                warn(
                    Field::Castling,
                    format!(
                        "right '{letter}' but the {} king is not on its first rank",
                        color.name().to_lowercase()
                    ),
                );
                continue;
            };
            let rook_at = |file: u8| {
                Square::new(file, rank)
                    .and_then(|sq| self.board.get(sq))
                    .is_some_and(|p| p.color == color && p.role == Role::Rook)
            };
            let ok = match side {
                CastlingSide::King => (king.file() + 1..8).any(rook_at),
                CastlingSide::Queen => (0..king.file()).any(rook_at),
                CastlingSide::File(f) => f != king.file() && rook_at(f),
            };
            if !ok {
                warn(
                    Field::Castling,
                    format!(
                        "right '{letter}' but there is no {} rook to castle with",
                        color.name().to_lowercase()
                    ),
                );
            }
        }
    }

    fn en_passant_warning(&self, ep: Square, warn: &mut impl FnMut(Field, String)) {
        // The side that just moved is the opponent of the side to move; its pawn
        // passed over `ep` and now stands one rank further on.
        let mover = self.turn.opponent();
        let (expected_rank, forward): (u8, i8) = match mover {
            Color::White => (2, 1),
            Color::Black => (5, -1),
        };
        if ep.rank() != expected_rank {
            warn(
                Field::EnPassant,
                format!(
                    "square {ep} is on rank {}, but with {} to move it must be on rank {}",
                    ep.rank() + 1,
                    self.turn.name(),
                    expected_rank + 1
                ),
            );
            return;
        }
        let pawn_there = ep
            .offset(0, forward)
            .and_then(|sq| self.board.get(sq))
            .is_some_and(|p| p.color == mover && p.role == Role::Pawn);
        let path_clear = self.board.get(ep).is_none()
            && ep
                .offset(0, -forward)
                .is_some_and(|sq| self.board.get(sq).is_none());
        if !pawn_there || !path_clear {
            warn(
                Field::EnPassant,
                format!(
                    "square {ep}, but no {} pawn can just have moved past it",
                    mover.name().to_lowercase()
                ),
            );
        }
    }
}

/// The FEN letter of a castling right (`K`, `q`, `H`, `a`, ...).
pub(crate) fn castling_letter(color: Color, side: CastlingSide) -> char {
    let c = match side {
        CastlingSide::King => 'K',
        CastlingSide::Queen => 'Q',
        CastlingSide::File(f) => (b'A' + f) as char,
    };
    match color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(
            Square::parse("e4").map(|s| (s.file(), s.rank())),
            Some((4, 3))
        );
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert!(Square::parse("a1").unwrap().is_dark());
        assert!(!Square::parse("h1").unwrap().is_dark());
    }

    #[test]
    fn squares_parse_with_from_str() {
        assert_eq!("e4".parse::<Square>(), Ok(Square::new(4, 3).unwrap()));
        let e = "E4".parse::<Square>().unwrap_err();
        assert!(e.to_string().contains("found 'E4'"), "{e}");
        let e = "\u{200b}".parse::<Square>().unwrap_err();
        assert!(e.to_string().contains("U+200B (zero width space)"), "{e}");
    }

    #[test]
    fn warnings_name_their_field() {
        let mut p = Position::default();
        p.castling.insert(Color::White, CastlingSide::King);
        let fields: Vec<Field> = p.warnings().iter().map(|w| w.field).collect();
        assert_eq!(
            fields,
            [Field::Placement, Field::Placement, Field::Castling],
            "{:?}",
            p.warnings()
        );
    }

    #[test]
    fn attacks_see_through_empty_squares_only() {
        let mut board = Board::empty();
        let rook = Piece::new(Color::Black, Role::Rook);
        board.set(Square::parse("e8").unwrap(), Some(rook));
        let e1 = Square::parse("e1").unwrap();
        assert!(board.is_attacked(e1, Color::Black));
        board.set(
            Square::parse("e4").unwrap(),
            Some(Piece::new(Color::White, Role::Pawn)),
        );
        assert!(!board.is_attacked(e1, Color::Black));
        let pawn = Piece::new(Color::White, Role::Pawn);
        board.set(Square::parse("d2").unwrap(), Some(pawn));
        assert!(board.is_attacked(Square::parse("e3").unwrap(), Color::White));
        assert!(!board.is_attacked(Square::parse("e1").unwrap(), Color::White));
    }

    #[test]
    fn castling_rights_are_kept_in_canonical_order() {
        let mut c = Castling::none();
        assert!(c.insert(Color::Black, CastlingSide::Queen));
        assert!(c.insert(Color::White, CastlingSide::File(0)));
        assert!(c.insert(Color::White, CastlingSide::King));
        assert!(!c.insert(Color::White, CastlingSide::King));
        assert!(c.insert(Color::Black, CastlingSide::File(7)));
        let letters: String = c
            .rights()
            .iter()
            .map(|&(col, s)| castling_letter(col, s))
            .collect();
        assert_eq!(letters, "KAqh");
    }

    #[test]
    fn a_side_has_at_most_two_castling_rights() {
        let mut c = Castling::none();
        assert!(c.insert(Color::White, CastlingSide::King));
        assert!(c.insert(Color::White, CastlingSide::Queen));
        assert!(!c.insert(Color::White, CastlingSide::File(1)));
        assert_eq!(c.count(Color::White), 2);
        assert!(c.insert(Color::Black, CastlingSide::File(1)));
    }

    #[test]
    fn pockets_never_hold_kings() {
        let mut p = Pockets::default();
        assert!(!p.add(Color::White, Role::King));
        assert!(p.add(Color::White, Role::Knight));
        assert_eq!(p.count(Color::White, Role::Knight), 1);
        assert_eq!(p.total(Color::Black), 0);
    }

    #[test]
    fn piece_index_is_the_position_in_all() {
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            assert_eq!(piece.index(), i);
            assert!(!piece.promoted);
        }
        let promoted = Piece {
            promoted: true,
            ..Piece::new(Color::Black, Role::Queen)
        };
        assert_eq!(
            promoted.index(),
            Piece::new(Color::Black, Role::Queen).index()
        );
    }
}
