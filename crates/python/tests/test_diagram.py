"""Diagram: what Jupyter calls to show a board."""

import chess
import fen2img
import pytest


def test_a_diagram_shows_as_svg_and_png():
    board = chess.Board()
    board.push_san("d4")
    diagram = fen2img.Diagram(board, lastmove=board.peek(), size=300)
    assert diagram._repr_svg_() == fen2img.svg(board, lastmove="d2d4", size=300)
    png = diagram._repr_png_()
    assert png == fen2img.render(board, lastmove="d2d4", size=300)
    assert diagram.render("ascii") == fen2img.render(board, "ascii")
    assert diagram.describe() == fen2img.describe(board)


def test_a_diagram_keeps_the_position_it_was_made_with():
    board = chess.Board()
    diagram = fen2img.Diagram(board)
    before = diagram._repr_svg_()
    board.push_san("e4")
    assert diagram.fen == chess.STARTING_FEN
    assert diagram._repr_svg_() == before == fen2img.svg(chess.STARTING_FEN)
    assert diagram._repr_png_() == fen2img.render(chess.STARTING_FEN)


def test_bad_input_fails_when_the_diagram_is_made():
    with pytest.raises(fen2img.FenError):
        fen2img.Diagram("not a position")
    with pytest.raises(ValueError, match="^size"):
        fen2img.Diagram(chess.Board(), size=1)
    with pytest.raises(TypeError):
        fen2img.Diagram(chess.Board(), format="png")


def test_the_caption_and_players_reach_the_description():
    diagram = fen2img.Diagram(chess.Board(), caption="Start", white="Ann", black="Bo")
    assert diagram.describe().startswith("Start.")
    assert "Ann" in diagram.describe() and "Bo" in diagram.describe()
    assert "Diagram('rnbqkbnr" in repr(diagram) and "caption='Start'" in repr(diagram)
