//! Between the crate's position types and cozy-chess's board. The only file
//! besides `legal.rs` that names a cozy-chess type, so an upgrade or a
//! change of move generator stays here.

use cozy_chess as cz;

use crate::position::{Board, Castling, CastlingSide, Color, Piece, Position, Role, Square};

use super::moves::{Castle, CastleSide, Move};
use super::variant::{outermost_rook, Variant};

pub(crate) fn square_to(sq: Square) -> cz::Square {
    cz::Square::index(sq.index())
}

pub(crate) fn square_from(sq: cz::Square) -> Square {
    // cozy-chess numbers squares a1 = 0 .. h8 = 63 rank by rank, as we do.
    Square::from_index(sq as u8).expect("cozy-chess squares are 0..64")
}

pub(crate) fn role_to(role: Role) -> cz::Piece {
    match role {
        Role::Pawn => cz::Piece::Pawn,
        Role::Knight => cz::Piece::Knight,
        Role::Bishop => cz::Piece::Bishop,
        Role::Rook => cz::Piece::Rook,
        Role::Queen => cz::Piece::Queen,
        Role::King => cz::Piece::King,
    }
}

pub(crate) fn role_from(piece: cz::Piece) -> Role {
    match piece {
        cz::Piece::Pawn => Role::Pawn,
        cz::Piece::Knight => Role::Knight,
        cz::Piece::Bishop => Role::Bishop,
        cz::Piece::Rook => Role::Rook,
        cz::Piece::Queen => Role::Queen,
        cz::Piece::King => Role::King,
    }
}

pub(crate) fn color_to(color: Color) -> cz::Color {
    match color {
        Color::White => cz::Color::White,
        Color::Black => cz::Color::Black,
    }
}

pub(crate) fn color_from(color: cz::Color) -> Color {
    match color {
        cz::Color::White => Color::White,
        cz::Color::Black => Color::Black,
    }
}

/// Why a position cannot become a cozy-chess board.
pub(crate) enum BuildError {
    /// Kings, piece counts, pawns on the back rank or the side not to move
    /// in check: the board itself is impossible.
    Board,
}

/// A cozy-chess board for `position`. Castling rights that cannot be used
/// under `variant` (no king or rook where the right needs them) and an en
/// passant square no pawn can have just passed are dropped, as
/// python-chess drops them: they change no legal move of a real game.
pub(crate) fn build(position: &Position, variant: Variant) -> Result<cz::Board, BuildError> {
    let mut builder = cz::BoardBuilder::empty();
    for (sq, piece) in position.board.pieces() {
        *builder.square_mut(square_to(sq)) = Some((role_to(piece.role), color_to(piece.color)));
    }
    builder.side_to_move = color_to(position.turn);
    builder.halfmove_clock = position.halfmove_clock.min(100) as u8;
    builder.fullmove_number = position.fullmove_number.clamp(1, u16::MAX as u32) as u16;
    for color in [Color::White, Color::Black] {
        let rights = castle_rights(position, color, variant);
        *builder.castle_rights_mut(color_to(color)) = rights;
    }
    builder.en_passant = position.en_passant.map(square_to);
    if builder.en_passant.is_some() {
        if let Ok(board) = builder.build() {
            return Ok(board);
        }
        builder.en_passant = None;
    }
    match builder.build() {
        Ok(board) => Ok(board),
        Err(cz::BoardBuilderError::InvalidBoard) => Err(BuildError::Board),
        Err(_) => {
            // Our rights are checked above; drop them rather than fail.
            for color in cz::Color::ALL {
                *builder.castle_rights_mut(color) = cz::CastleRights::EMPTY;
            }
            builder.build().map_err(|_| BuildError::Board)
        }
    }
}

/// `color`'s usable castling rights, as rook files.
fn castle_rights(position: &Position, color: Color, variant: Variant) -> cz::CastleRights {
    let mut rights = cz::CastleRights::EMPTY;
    let rank = color.back_rank();
    let mut kings = position.board.kings(color);
    let (Some(king), None) = (kings.next(), kings.next()) else {
        return rights;
    };
    if king.rank() != rank || (variant == Variant::Standard && king.file() != 4) {
        return rights;
    }
    let rook_at = |f: u8| {
        Square::new(f, rank)
            .and_then(|sq| position.board.get(sq))
            .is_some_and(|p| p.color == color && p.role == Role::Rook)
    };
    for &(c, side) in position.castling.rights() {
        if c != color {
            continue;
        }
        let file = match (side, variant) {
            (CastlingSide::King, Variant::Standard) => Some(7).filter(|&f| rook_at(f)),
            (CastlingSide::Queen, Variant::Standard) => Some(0).filter(|&f| rook_at(f)),
            (CastlingSide::File(f), Variant::Standard) => {
                Some(f).filter(|&f| (f == 0 || f == 7) && rook_at(f))
            }
            (CastlingSide::King, Variant::Chess960) => outermost_rook(position, color, true),
            (CastlingSide::Queen, Variant::Chess960) => outermost_rook(position, color, false),
            (CastlingSide::File(f), Variant::Chess960) => Some(f).filter(|&f| rook_at(f)),
        };
        let Some(file) = file else { continue };
        let slot = if file > king.file() {
            &mut rights.short
        } else if file < king.file() {
            &mut rights.long
        } else {
            continue;
        };
        if slot.is_none() {
            *slot = Some(cz::File::index(file as usize));
        }
    }
    rights
}

/// The crate's position for a cozy-chess board; the clocks are ours
/// (cozy-chess caps the halfmove clock at 100).
pub(crate) fn position(
    board: &cz::Board,
    variant: Variant,
    halfmove_clock: u32,
    fullmove_number: u32,
) -> Position {
    let mut squares = Board::empty();
    for sq in board.occupied() {
        let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) else {
            continue;
        };
        squares.set(
            square_from(sq),
            Some(Piece::new(color_from(color), role_from(piece))),
        );
    }
    let mut position = Position {
        board: squares,
        turn: color_from(board.side_to_move()),
        halfmove_clock,
        fullmove_number,
        ..Position::default()
    };
    let mut castling = Castling::none();
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color_to(color));
        for (file, h_side) in [(rights.short, true), (rights.long, false)] {
            let Some(file) = file else { continue };
            let file = file as u8;
            let side = if variant == Variant::Standard
                || outermost_rook(&position, color, h_side) == Some(file)
            {
                // X-FEN: K and Q name the outermost rook; a file letter
                // only when an inner rook keeps the right.
                if h_side {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                }
            } else {
                CastlingSide::File(file)
            };
            castling.insert(color, side);
        }
    }
    position.castling = castling;
    position.en_passant = board.en_passant().map(|file| {
        let rank = match position.turn {
            Color::White => 5,
            Color::Black => 2,
        };
        Square::new(file as u8, rank).expect("file and rank in range")
    });
    position
}

/// Our move for a legal cozy-chess move on `board`.
pub(crate) fn move_from(board: &cz::Board, mv: cz::Move) -> Move {
    let us = board.side_to_move();
    let role = board.piece_on(mv.from).map(role_from).unwrap_or(Role::Pawn);
    let from = square_from(mv.from);
    let target = square_from(mv.to);
    if role == Role::King && board.color_on(mv.to) == Some(us) {
        let short = mv.to.file() > mv.from.file();
        let rank = from.rank();
        let (king_file, rook_file) = if short { (6, 5) } else { (2, 3) };
        let sq = |f| Square::new(f, rank).expect("file and rank in range");
        return Move {
            role,
            from,
            to: sq(king_file),
            capture: None,
            promotion: None,
            castle: Some(Castle {
                side: if short {
                    CastleSide::Short
                } else {
                    CastleSide::Long
                },
                rook_from: target,
                rook_to: sq(rook_file),
            }),
            en_passant: false,
        };
    }
    let victim = board.piece_on(mv.to).map(role_from);
    let en_passant = role == Role::Pawn && victim.is_none() && mv.from.file() != mv.to.file();
    Move {
        role,
        from,
        to: target,
        capture: if en_passant { Some(Role::Pawn) } else { victim },
        promotion: mv.promotion.map(role_from),
        castle: None,
        en_passant,
    }
}

/// The cozy-chess encoding of our move (castling as king takes rook).
pub(crate) fn move_to(mv: &Move) -> cz::Move {
    cz::Move {
        from: square_to(mv.from),
        to: square_to(mv.castle.map_or(mv.to, |c| c.rook_from)),
        promotion: mv.promotion.map(role_to),
    }
}
