"""Against real python-chess: boards (standard, Chess960, variants), moves
(castling, promotion, drops, the null move), squares, SquareSets and
chess.svg arrows."""

import random

import chess
import chess.svg
import chess.variant
import fen2img
import pytest
from board_svg import PLAIN, pieces, tinted


def piece_map(board: chess.BaseBoard):
    """python-chess's own idea of the board, as square name to letter."""
    return {chess.square_name(sq): p.symbol() for sq, p in board.piece_map().items()}


def random_game(seed: int, plies: int, board: chess.Board) -> chess.Board:
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def test_a_board_renders_as_its_fen():
    board = chess.Board()
    board.push_san("e4")
    board.push_san("c5")
    assert fen2img.render(board) == fen2img.render(board.fen())
    assert fen2img.render(board, "fen").decode().strip() == board.fen()


@pytest.mark.parametrize("seed", range(12))
def test_pieces_drawn_are_python_chess_pieces_after_random_play(seed):
    board = random_game(seed, 20 + seed * 7, chess.Board())
    assert pieces(fen2img.svg(board, **PLAIN)) == piece_map(board)
    assert pieces(fen2img.svg(board, flip=True, **PLAIN), flip=True) == piece_map(board)


@pytest.mark.parametrize("scharnagl", [0, 100, 518, 959])
def test_chess960_boards_render_their_starting_and_played_positions(scharnagl):
    board = chess.Board.from_chess960_pos(scharnagl)
    assert pieces(fen2img.svg(board, **PLAIN)) == piece_map(board)
    random_game(scharnagl, 30, board)
    assert pieces(fen2img.svg(board, **PLAIN)) == piece_map(board)
    # X-FEN or Shredder-FEN castling, both read back as the same position.
    shredder = board.fen(shredder=True)
    assert pieces(fen2img.svg(shredder, **PLAIN)) == piece_map(board)


def test_chess960_castling_move_tints_king_and_rook_squares():
    # King b1, rook a1: castling queenside is the king taking its own rook
    # in python-chess's Chess960 notation (b1a1).
    board = chess.Board("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1", chess960=True)
    move = board.parse_san("O-O-O")
    board.push(move)
    assert move.uci() == "b1a1"
    assert tinted(fen2img.svg(board, lastmove=move, **PLAIN)) == {"b1", "a1"}
    assert pieces(fen2img.svg(board, **PLAIN)) == piece_map(board)


def test_standard_castling_and_promotion_moves_tint_from_and_to():
    board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    castle = board.parse_san("O-O")
    assert tinted(fen2img.svg(board, lastmove=castle, **PLAIN)) == {"e1", "g1"}
    promote = board.parse_san("bxa8=Q")
    board.push(promote)
    assert tinted(fen2img.svg(board, lastmove=board.peek(), **PLAIN)) == {"b7", "a8"}
    assert pieces(fen2img.svg(board, **PLAIN))["a8"] == "Q"
    assert fen2img.svg(board, lastmove=promote) == fen2img.svg(board, lastmove="b7a8q")


def test_the_null_move_tints_nothing():
    board = chess.Board()
    board.push(chess.Move.null())
    assert tinted(fen2img.svg(board, lastmove=board.peek(), **PLAIN)) == set()


def test_python_chess_squares_and_square_sets():
    board = chess.Board()
    by_name = fen2img.svg(board, marks=["e4", "d5"], check="e1", **PLAIN)
    squares = chess.SquareSet([chess.E4, chess.D5])
    assert fen2img.svg(board, marks=squares, check=chess.E1, **PLAIN) == by_name
    fills = {chess.E4: "#ff000080"}
    assert tinted(fen2img.svg(board, fills=fills, **PLAIN)) == {"e4"}


def test_chess_svg_arrows_are_taken_as_they_are():
    board = chess.Board()
    ours = fen2img.svg(board, arrows=["Ge2e4", "Rg1f3", "Bd2d2"], **PLAIN)
    theirs = [
        chess.svg.Arrow(chess.E2, chess.E4),
        chess.svg.Arrow(chess.G1, chess.F3, color="red"),
        chess.svg.Arrow(chess.D2, chess.D2, color="blue"),
    ]
    assert fen2img.svg(board, arrows=theirs, **PLAIN) == ours


def test_a_chess_svg_arrow_colour_fen2img_lacks_is_a_value_error():
    with pytest.raises(ValueError, match="^arrows: .*colour"):
        fen2img.render(chess.Board(), arrows=[chess.svg.Arrow(0, 9, color="#cc0000cc")])


def test_check_auto_glows_only_when_the_king_is_attacked():
    board = chess.Board()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]:
        board.push_san(san)
    assert board.is_check()
    assert fen2img.svg(board, check=True) == fen2img.svg(board, check=board.king(board.turn))
    quiet = chess.Board()
    assert fen2img.svg(quiet, check=True) == fen2img.svg(quiet)


def test_crazyhouse_and_three_check_boards_render_their_extras():
    house = chess.variant.CrazyhouseBoard()
    for san in ["e4", "d5", "exd5", "Qxd5"]:
        house.push_san(san)
    assert "[" in house.fen()
    assert fen2img.render(house, "fen").decode().strip() == house.fen()
    drop = chess.Move.from_uci("P@e6")
    assert fen2img.svg(house, lastmove=drop) == fen2img.svg(house, lastmove=("e6", "e6"))
    assert fen2img.svg(house, lastmove=drop) != fen2img.svg(house)
    # Pockets and counters add room to the picture.
    assert fen2img.svg(house) != fen2img.svg(house.board_fen())
    three = chess.variant.ThreeCheckBoard()
    assert fen2img.svg(three) != fen2img.svg(chess.Board())


def test_a_base_board_without_fen_renders_its_placement():
    base = chess.BaseBoard("8/8/8/4k3/8/8/8/4K2R")
    assert pieces(fen2img.svg(base, **PLAIN)) == piece_map(base)


def test_describe_a_board():
    board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1")
    assert fen2img.describe(board) == "Black to move. White: Ke1, pawn e2. Black: Ke8."
