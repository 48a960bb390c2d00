"""Chess diagrams from FEN or python-chess boards, drawn by fen2img's Rust
renderer: PNG, SVG, WebP, JPEG, GIF and text boards.

>>> import fen2img
>>> png = fen2img.render("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
>>> png[:4]
b'\\x89PNG'

``render`` returns a file's bytes, ``svg`` an SVG document, ``describe`` the
position in words (alt text), and ``Diagram`` shows a board in Jupyter.
Games (PGN, python-chess games, or moves after a position): ``game`` draws
one position as the ``fen2img`` command line does (last move, check,
arrows, glyphs, player bars with clocks), ``game_fen`` gives its FEN,
``game_diagrams`` every diagram marker or a range of positions, and
``animate`` an animated GIF; a bad game raises :class:`GameError`.
Positions are FEN strings or python-chess boards; moves, squares and arrows
may be python-chess objects. Chess problems are drawn from Fairy FEN
(neutral ``-``, turned ``*1``-``*3``, ``(G)`` fairy pieces) or a Popeye
file's text with ``problem=True`` or the caption keywords (``stipulation``,
``author``...). Bad FEN raises :class:`FenError` (a ``ValueError``) with the
field and column; a bad problem :class:`ProblemError`, a ``FenError`` with
the line too. The GIL is released while
drawing, so threads render in parallel.
"""

from ._api import Position, Square, describe, render, svg
from ._diagram import Diagram
from ._errors import FenError, GameError, PositionWarning, ProblemError
from ._games import GameDiagram, animate, game, game_diagrams, game_fen
from ._native import __version__

__all__ = [
    "Diagram",
    "FenError",
    "GameDiagram",
    "GameError",
    "Position",
    "PositionWarning",
    "ProblemError",
    "Square",
    "__version__",
    "animate",
    "describe",
    "game",
    "game_diagrams",
    "game_fen",
    "render",
    "svg",
]
