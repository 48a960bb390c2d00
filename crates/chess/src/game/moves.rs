//! One move, as a diagram needs to know it.

use crate::position::{Role, Square};

/// Which way a king castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// `O-O`: the king ends on the g-file, its rook on the f-file.
    Short,
    /// `O-O-O`: the king ends on the c-file, its rook on the d-file.
    Long,
}

/// The rook's part of a castling move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Castle {
    /// Short or long.
    pub side: CastleSide,
    /// Where the rook stood (in Chess960 UCI, the square the king "takes").
    pub rook_from: Square,
    /// Where the rook ends.
    pub rook_to: Square,
}

/// A legal move in the position it was made in.
///
/// Moves come from [`LegalPosition`](super::LegalPosition) (parsing SAN or
/// UCI, or listing legal moves), which fills every field consistently;
/// [`LegalPosition::play`](super::LegalPosition::play) checks a move
/// against the legal moves before playing it.
///
/// A null move (a pass: `--` or `Z0` in PGN, `0000` in UCI) is the king
/// standing still: `from == to` on the mover's king, no castling
/// ([`Move::is_null`]); playing it gives the same board with the other
/// side to move and no en passant square. No real move has `from == to`
/// but a Chess960 castling whose king stays put, which has its `castle`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece that moves (the king when castling).
    pub role: Role,
    /// The square it leaves.
    pub from: Square,
    /// The square it lands on (for castling, the king's square: `g1`, `c8`).
    /// The two squares a diagram marks as the last move are `from` and `to`.
    pub to: Square,
    /// The piece taken, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// The piece a pawn becomes on the last rank.
    pub promotion: Option<Role>,
    /// The rook's move, when this is a castling.
    pub castle: Option<Castle>,
    /// An en passant capture: the taken pawn stood beside `from`, not on `to`.
    pub en_passant: bool,
}

impl Move {
    /// The null move of the side whose king stands on `king`.
    ///
    /// ```
    /// use fen2img_chess::game::Move;
    /// use fen2img_chess::Square;
    /// let pass = Move::null("e1".parse::<Square>().unwrap());
    /// assert!(pass.is_null());
    /// ```
    pub fn null(king: Square) -> Move {
        Move {
            role: Role::King,
            from: king,
            to: king,
            capture: None,
            promotion: None,
            castle: None,
            en_passant: false,
        }
    }

    /// Whether this is a null move (a pass; see [`Move`]).
    pub fn is_null(&self) -> bool {
        self.from == self.to && self.castle.is_none()
    }

    /// The square of the piece this move takes: `to`, except en passant.
    pub fn capture_square(&self) -> Option<Square> {
        self.capture?;
        if self.en_passant {
            Square::new(self.to.file(), self.from.rank())
        } else {
            Some(self.to)
        }
    }
}
