//! A position that can be played: legal moves, check, mate, perft.

use std::fmt;

use cozy_chess as cz;

use crate::position::{Color, Position, Role, Square};
use fen2img_support::quote;

use super::convert::{self, BuildError};
use super::moves::Move;
use super::variant::{UnsupportedVariant, Variant};

/// A position whose legal moves are known: built from a [`Position`] by
/// [`LegalPosition::new`], changed by [`LegalPosition::play`].
#[derive(Debug, Clone)]
pub struct LegalPosition {
    pub(crate) board: cz::Board,
    variant: Variant,
    // Ours, not cozy-chess's: it caps the halfmove clock at 100 and the
    // move number at 65,535.
    halfmove_clock: u32,
    fullmove_number: u32,
}

/// Why a position cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The position belongs to a variant we do not play (crazyhouse
    /// pockets, three-check counters).
    Variant(UnsupportedVariant),
    /// The board is impossible (a side without exactly one king, more than
    /// 16 pieces or 8 pawns, a pawn on the first or last rank, the side not
    /// to move in check): the sentence says which.
    Impossible(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Variant(v) => v.fmt(f),
            PlayError::Impossible(why) => write!(f, "this position cannot be played: {why}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A position of a game with the move that led to it: what a diagram of
/// the game draws (the last move marked, the checked king shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePosition {
    /// The position.
    pub position: Position,
    /// The move just played; `None` for a game's first position.
    pub last_move: Option<Move>,
    /// The last move in SAN (`Rd8#`), when there is one.
    pub last_san: Option<String>,
    /// The square of the side to move's king when it is in check.
    pub check: Option<Square>,
    /// Half-moves played since the game's first position (0 there).
    pub ply: usize,
}

impl GamePosition {
    /// The move with its number as a caption shows it: `17.Rd8#` after a
    /// White move, `23...Qxe3` after a Black one; `None` at the start.
    pub fn numbered_san(&self) -> Option<String> {
        let san = self.last_san.as_ref()?;
        // The position is after the move: Black to move means White moved.
        Some(match self.position.turn {
            Color::Black => format!("{}.{san}", self.position.fullmove_number),
            Color::White => format!(
                "{}...{san}",
                self.position.fullmove_number.saturating_sub(1).max(1)
            ),
        })
    }
}

impl LegalPosition {
    /// The standard starting position.
    pub fn startpos() -> LegalPosition {
        LegalPosition {
            board: cz::Board::default(),
            variant: Variant::Standard,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// A playable copy of `position` under `variant`'s rules.
    ///
    /// Castling rights the variant cannot use (no rook or king where the
    /// right needs it; in standard chess a king off e1/e8 or a rook off the
    /// corner) and an en passant square no pawn can have just passed are
    /// dropped, as python-chess drops them. Crazyhouse and three-check
    /// positions are refused, as are impossible boards.
    pub fn new(position: &Position, variant: Variant) -> Result<LegalPosition, PlayError> {
        if position.pockets.is_some() {
            return Err(PlayError::Variant(UnsupportedVariant {
                name: "crazyhouse".into(),
            }));
        }
        if position.checks.is_some() {
            return Err(PlayError::Variant(UnsupportedVariant {
                name: "three-check".into(),
            }));
        }
        match convert::build(position, variant) {
            Ok(board) => Ok(LegalPosition {
                board,
                variant,
                halfmove_clock: position.halfmove_clock,
                fullmove_number: position.fullmove_number.max(1),
            }),
            Err(BuildError::Board) => Err(PlayError::Impossible(impossible_reason(position))),
        }
    }

    /// The rules this position is played by.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        convert::color_from(self.board.side_to_move())
    }

    /// The number of the current full move (1 at the start).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// This position in the crate's model, for FEN and diagrams. Castling
    /// rights are written as X-FEN letters (`K`, `Q`, a file letter only for
    /// an inner Chess960 rook); the en passant square follows PGN §16.1.3.4:
    /// set after every two-square pawn move.
    pub fn to_position(&self) -> Position {
        convert::position(
            &self.board,
            self.variant,
            self.halfmove_clock,
            self.fullmove_number,
        )
    }

    /// Every legal move, in a deterministic order (by origin square, then
    /// destination, then promotion piece).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(48);
        self.board.generate_moves(|moves| {
            out.extend(
                moves
                    .into_iter()
                    .map(|mv| convert::move_from(&self.board, mv)),
            );
            false
        });
        out.sort_by_key(|m| (m.from, m.to, m.promotion.map(|r| r as u8)));
        out
    }

    /// The legal moves of pieces of `role` landing on `to`, by origin
    /// square, then promotion piece; castling is not among them (SAN
    /// writes it `O-O`). What SAN parsing and writing look at.
    ///
    /// Only the pieces that could reach `to` on an empty board are tried,
    /// each move checked with the generator's `is_legal`: generating every
    /// move of every piece of the role looked up slider attacks for each,
    /// and those table reads were a third of reading a game (`perf` over
    /// `replay_pgn`, 10,000 games, 2026-11-27).
    pub(crate) fn moves_to(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        match role {
            Role::King => self.king_moves_to(to, out),
            // En passant (the taken pawn is not on `to`) through the
            // generator's own test.
            Role::Pawn if self.en_passant_square() == Some(convert::square_to(to)) => {
                self.tested_moves_to(role, to, out)
            }
            _ => self.piece_moves_to(role, to, out),
        }
    }

    /// The square a pawn passed over with its last move, when one could be
    /// taken there en passant.
    fn en_passant_square(&self) -> Option<cz::Square> {
        let us = self.board.side_to_move();
        let file = self.board.en_passant()?;
        Some(cz::Square::new(file, cz::Rank::Sixth.relative_to(us)))
    }

    /// [`Self::moves_to`] by the move generator's test of each move, from
    /// the pieces that could reach `to` on an empty board.
    fn tested_moves_to(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        let board = &self.board;
        let us = board.side_to_move();
        let ours = board.colored_pieces(us, convert::role_to(role));
        let target = convert::square_to(to);
        let from = match role {
            Role::Knight => cz::get_knight_moves(target),
            Role::Bishop => cz::get_bishop_rays(target),
            Role::Rook => cz::get_rook_rays(target),
            Role::Queen => cz::get_rook_rays(target) | cz::get_bishop_rays(target),
            Role::King => cz::get_king_moves(target),
            // Captures (en passant too) from the squares a pawn of the other
            // side on `to` would attack; pushes from the same file.
            _ => cz::get_pawn_attacks(target, !us) | target.file().bitboard(),
        };
        let promotions: &[Option<cz::Piece>] =
            if role == Role::Pawn && matches!(target.rank(), cz::Rank::First | cz::Rank::Eighth) {
                &[
                    Some(cz::Piece::Knight),
                    Some(cz::Piece::Bishop),
                    Some(cz::Piece::Rook),
                    Some(cz::Piece::Queen),
                ]
            } else {
                &[None]
            };
        for square in from & ours {
            for &promotion in promotions {
                let mv = cz::Move {
                    from: square,
                    to: target,
                    promotion,
                };
                if board.is_legal(mv) {
                    // A king "taking" its own rook is castling, in the
                    // generator's Chess960 form.
                    let ours = convert::move_from(board, mv);
                    if ours.castle.is_none() {
                        out.push(ours);
                    }
                }
            }
        }
    }

    /// [`Self::moves_to`] for a pawn (but en passant), knight, bishop, rook
    /// or queen: the pieces that reach `to` on this board, each legal
    /// unless it is pinned off the line to its king or the move leaves a
    /// check unanswered. The generator's own test of each move looked up
    /// again what is known here (the piece, its colour, the squares
    /// between), and was a tenth of reading a game (`perf` over `batch
    /// games.pgn -f fen`, 2026-11-29).
    fn piece_moves_to(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        let board = &self.board;
        let us = board.side_to_move();
        let target = convert::square_to(to);
        if board.colors(us).has(target) {
            return;
        }
        let king = board.king(us);
        let checkers = board.checkers();
        let answers_check = match checkers.len() {
            0 => true,
            // Taking the checker or stepping between it and the king.
            1 => checkers.next_square().is_some_and(|checker| {
                checker == target || cz::get_between_rays(checker, king).has(target)
            }),
            // Only the king can answer a double check.
            _ => false,
        };
        if !answers_check {
            return;
        }
        // The pieces that reach `to` on an empty board; for a slider, the
        // squares between are looked at after. (The slider attack tables
        // are large enough that looking `to` up in them missed the cache
        // more often than not.)
        let takes = board.colors(!us).has(target);
        let reach = match role {
            // Takes from the squares a pawn of the other side on `to`
            // would attack; moves on along its file.
            Role::Pawn if takes => cz::get_pawn_attacks(target, !us),
            Role::Pawn => target.file().bitboard(),
            Role::Knight => cz::get_knight_moves(target),
            Role::Bishop => cz::get_bishop_rays(target),
            Role::Rook => cz::get_rook_rays(target),
            _ => cz::get_rook_rays(target) | cz::get_bishop_rays(target),
        } & board.colored_pieces(us, convert::role_to(role));
        if reach.is_empty() {
            return;
        }
        let occupied = board.occupied();
        let pinned = board.pinned();
        let capture = board.piece_on(target).map(convert::role_from);
        let promotions: &[Option<Role>] =
            if role == Role::Pawn && matches!(target.rank(), cz::Rank::First | cz::Rank::Eighth) {
                &PROMOTIONS
            } else {
                &[None]
            };
        for from in reach {
            let reaches = match role {
                Role::Knight => true,
                Role::Pawn => takes || cz::get_pawn_quiets(from, us, occupied).has(target),
                _ => (cz::get_between_rays(from, target) & occupied).is_empty(),
            };
            if !reaches || (pinned.has(from) && !cz::get_line_rays(king, from).has(target)) {
                continue;
            }
            for &promotion in promotions {
                out.push(Move {
                    role,
                    from: convert::square_from(from),
                    to,
                    capture,
                    promotion,
                    castle: None,
                    en_passant: false,
                });
            }
        }
    }

    /// [`Self::moves_to`] for the king: one step to a square no piece of
    /// the other side attacks once the king has left its own (castling is
    /// not among these moves).
    fn king_moves_to(&self, to: Square, out: &mut Vec<Move>) {
        let board = &self.board;
        let us = board.side_to_move();
        let target = convert::square_to(to);
        let king = board.king(us);
        if !cz::get_king_moves(target).has(king) || board.colors(us).has(target) {
            return;
        }
        let theirs = board.colors(!us);
        let attacks = |piece: cz::Piece| board.pieces(piece) & theirs;
        let leapers = (cz::get_knight_moves(target) & attacks(cz::Piece::Knight))
            | (cz::get_king_moves(target) & attacks(cz::Piece::King))
            | (cz::get_pawn_attacks(target, us) & attacks(cz::Piece::Pawn));
        if !leapers.is_empty() {
            return;
        }
        // Sliders on a line to `to` with nothing between, the king gone
        // from its square (it does not shield the square behind it).
        let queens = attacks(cz::Piece::Queen);
        let sliders = (cz::get_bishop_rays(target) & (attacks(cz::Piece::Bishop) | queens))
            | (cz::get_rook_rays(target) & (attacks(cz::Piece::Rook) | queens));
        let blockers = board.occupied() ^ king.bitboard();
        if sliders
            .into_iter()
            .any(|from| (cz::get_between_rays(from, target) & blockers).is_empty())
        {
            return;
        }
        out.push(Move {
            role: Role::King,
            from: convert::square_from(king),
            to,
            capture: board.piece_on(target).map(convert::role_from),
            promotion: None,
            castle: None,
            en_passant: false,
        });
    }

    /// The legal castling move on `side`, if there is one.
    pub(crate) fn castle_move(&self, side: super::CastleSide) -> Option<Move> {
        let us = self.board.side_to_move();
        let mask = self.board.colored_pieces(us, cz::Piece::King);
        let mut found = None;
        self.board.generate_moves_for(mask, |moves| {
            for mv in moves {
                let ours = convert::move_from(&self.board, mv);
                if ours.castle.is_some_and(|c| c.side == side) {
                    found = Some(ours);
                }
            }
            false
        });
        found
    }

    /// The null move (a pass) of the side to move; `None` when it is in
    /// check: passing would leave its king attacked.
    pub fn null_move(&self) -> Option<Move> {
        let king = self.board.king(self.board.side_to_move());
        (!self.is_check()).then(|| Move::null(convert::square_from(king)))
    }

    /// Whether `mv` is legal here (every field as this position would fill
    /// it; a null move when the side to move is not in check).
    pub fn is_legal(&self, mv: &Move) -> bool {
        if mv.is_null() {
            return self.null_move() == Some(*mv);
        }
        let cz_move = convert::move_to(mv);
        self.board.is_legal(cz_move) && convert::move_from(&self.board, cz_move) == *mv
    }

    /// Plays a legal move; an illegal one changes nothing and returns `false`.
    pub fn play(&mut self, mv: &Move) -> bool {
        if !self.is_legal(mv) {
            return false;
        }
        self.play_legal(mv);
        true
    }

    /// Plays a move known to be legal (from this position's own lists).
    pub(crate) fn play_legal(&mut self, mv: &Move) {
        if mv.is_null() {
            // The same board, the other side to move, no en passant; the
            // clocks count on as python-chess counts them.
            if let Some(board) = self.board.null_move() {
                self.halfmove_clock = self.halfmove_clock.saturating_add(1);
                if self.board.side_to_move() == cz::Color::Black {
                    self.fullmove_number = self.fullmove_number.saturating_add(1);
                }
                self.board = board;
            }
            return;
        }
        if mv.role == Role::Pawn || mv.capture.is_some() {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if self.board.side_to_move() == cz::Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.board.play_unchecked(convert::move_to(mv));
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// The square of the side to move's king, when it is in check.
    pub fn checked_king(&self) -> Option<Square> {
        self.is_check()
            .then(|| convert::square_from(self.board.king(self.board.side_to_move())))
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// Checkmate: in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Stalemate: not in check, no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// The number of leaf positions of the legal move tree `depth`
    /// half-moves deep (1 for depth 0): the figure published perft tables
    /// give, which proves a move generator.
    pub fn perft(&self, depth: u32) -> u64 {
        perft(&self.board, depth)
    }
}

fn perft(board: &cz::Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting: the last level's moves are counted, not played.
        1 => {
            let mut n = 0;
            board.generate_moves(|moves| {
                n += moves.len() as u64;
                false
            });
            n
        }
        _ => {
            let mut n = 0;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    n += perft(&child, depth - 1);
                }
                false
            });
            n
        }
    }
}

/// The first thing that makes `position` impossible to play, in words.
fn impossible_reason(position: &Position) -> String {
    let warnings = position.warnings();
    let fatal = warnings.iter().find(|w| {
        let m = &w.message;
        m.contains("king")
            || m.contains("pieces")
            || m.contains("pawns")
            || m.contains("pawn on")
            || m.contains("in check")
    });
    match fatal {
        Some(w) => quote::escape(&w.message).into_owned(),
        None => "the side to move is checked by more pieces than a move can give".into(),
    }
}

/// What a pawn on the last rank may become, in the order moves are listed.
const PROMOTIONS: [Option<Role>; 4] = [
    Some(Role::Knight),
    Some(Role::Bishop),
    Some(Role::Rook),
    Some(Role::Queen),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{parse, ParseOptions};

    fn legal(fen: &str) -> LegalPosition {
        let pos = parse(fen.as_bytes(), ParseOptions::default())
            .unwrap()
            .position;
        LegalPosition::new(&pos, Variant::for_position(&pos)).unwrap()
    }

    /// `moves_to` tries only the pieces that could reach the square: it
    /// must find what the generator's full move list has, in its order,
    /// in every position of the game corpus (standard and Chess960: en
    /// passant, every promotion, castling, pins and checks).
    #[test]
    fn moves_to_finds_what_the_full_move_list_has() {
        use crate::game::pgn::{read_games, PgnOptions};
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ];
        let mut checked = 0;
        for file in ["famous.pgn", "generated.pgn", "generated960.pgn"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/games")
                .join(file);
            let input = std::fs::read(path).unwrap();
            for game in read_games(&input, PgnOptions::default()) {
                let game = game.unwrap();
                for at in game.positions() {
                    let board = LegalPosition::new(&at.position, game.variant).unwrap();
                    let all = board.legal_moves();
                    for role in roles {
                        for to in Square::all() {
                            let mut found = Vec::new();
                            board.moves_to(role, to, &mut found);
                            let want: Vec<Move> = all
                                .iter()
                                .filter(|m| m.role == role && m.to == to && m.castle.is_none())
                                .copied()
                                .collect();
                            assert_eq!(found, want, "{role:?} to {to} in {}", at.position);
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 5_000, "{checked} positions");
    }

    /// The PGN reader starts a game without `[FEN]` from `startpos()`
    /// instead of building the board from the position: the same board.
    #[test]
    fn the_start_position_is_the_one_built_from_it() {
        let start = LegalPosition::startpos();
        let built = LegalPosition::new(&start.to_position(), Variant::Standard).unwrap();
        assert_eq!(built.board, start.board);
        assert_eq!(built.variant, start.variant);
        assert_eq!(
            (built.halfmove_clock, built.fullmove_number),
            (start.halfmove_clock, start.fullmove_number)
        );
    }

    #[test]
    fn the_start_position_round_trips() {
        let p = LegalPosition::startpos();
        assert_eq!(
            p.to_position().to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(p.legal_moves().len(), 20);
        assert_eq!(p.perft(2), 400);
    }

    #[test]
    fn variants_and_impossible_boards_are_refused_by_name() {
        let pos = parse(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        let e = LegalPosition::new(&pos, Variant::Standard).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("crazyhouse games cannot be played"),
            "{e}"
        );
        let pos = parse(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        let e = LegalPosition::new(&pos, Variant::Standard).unwrap_err();
        assert!(e.to_string().starts_with("three-check games"), "{e}");
        let pos = parse(b"8/8/8/8/8/8/8/K7 w - - 0 1", ParseOptions::default())
            .unwrap()
            .position;
        let e = LegalPosition::new(&pos, Variant::Standard).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this position cannot be played: Black has no king"
        );
    }

    #[test]
    fn clocks_are_not_capped() {
        let p = legal("4k3/8/8/8/8/8/8/4K2R w K - 250 70000");
        let pos = p.to_position();
        assert_eq!((pos.halfmove_clock, pos.fullmove_number), (250, 70000));
    }

    #[test]
    fn unusable_rights_and_en_passant_are_dropped() {
        let p = legal("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1");
        assert_eq!(p.to_position().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }
}
