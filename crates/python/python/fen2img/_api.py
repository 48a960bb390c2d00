"""render, svg and describe: the functions most callers need."""

import warnings
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from . import _native
from ._convert import fen_of, native_options
from ._errors import PositionWarning

__all__ = ["render", "svg", "describe", "Square", "Position"]

#: A square: a name such as ``"e4"`` or a python-chess square (``chess.E4``).
Square = Union[str, int]
#: A position: FEN text, or anything with a ``.fen()`` method (a
#: python-chess ``Board``, Chess960 and variant boards included).
Position = Any


def _warn(messages: List[str], stacklevel: int) -> None:
    for message in messages:
        warnings.warn(message, PositionWarning, stacklevel=stacklevel + 1)


def _draw(
    function: str, position: Position, format: str, given: Mapping[str, Any], stacklevel: int
) -> bytes:
    """The work of render() and svg(); ``stacklevel`` counts from the
    public function, so warnings point at the caller's line."""
    options = native_options(function, format, given)
    data, messages = _native.render(fen_of(position), options)
    _warn(messages, stacklevel + 1)
    return bytes(data)


def render(
    position: Position,
    format: str = "png",
    *,
    size: Union[int, str] = 400,
    theme: Any = "brown",
    pieces: Any = None,
    flip: bool = False,
    coordinates: Union[bool, str] = True,
    side_to_move: bool = True,
    border: bool = True,
    background: Optional[str] = None,
    transparent: bool = False,
    lastmove: Any = None,
    check: Union[None, bool, str, int] = None,
    arrows: Optional[Iterable[Any]] = None,
    marks: Optional[Iterable[Square]] = None,
    fills: Union[None, Mapping[Square, str], Iterable[Tuple[Square, str]]] = None,
    glyphs: Union[None, Mapping[Square, str], Iterable[Tuple[Square, str]]] = None,
    labels: Union[None, Mapping[Square, str], Iterable[Tuple[Square, str]]] = None,
    straight_knight_arrows: bool = False,
    preset: Optional[str] = None,
    caption: Union[None, bool, str] = None,
    caption_position: str = "below",
    number: Optional[int] = None,
    number_format: Optional[str] = None,
    white: Optional[str] = None,
    white_title: Optional[str] = None,
    white_elo: Optional[int] = None,
    black: Optional[str] = None,
    black_title: Optional[str] = None,
    black_elo: Optional[int] = None,
    quality: int = 90,
    optimize: bool = False,
    swap_glyphs: bool = False,
    dpi: Optional[int] = None,
    id_prefix: Optional[str] = None,
    problem: bool = False,
    stipulation: Optional[str] = None,
    author: Union[None, str, Iterable[str]] = None,
    problem_source: Optional[str] = None,
    award: Optional[str] = None,
    strict: bool = False,
) -> bytes:
    """Draws ``position`` and returns the file's bytes.

    Args:
        position: FEN text (``str`` or ``bytes``; placement-only, four-field
            and EPD lines are read too), or anything with a ``.fen()`` method:
            a python-chess ``Board``, Chess960 and variant boards (crazyhouse
            pockets, three-check counters) included. A chess problem as
            Fairy FEN (``"4k3/8/8/3-N4/8/8/8/*2Q3K3"``: ``-`` neutral,
            ``*1``-``*3`` turned, ``(G)``/``(!S2)`` YACPDB tokens, ``{a}`` a
            text on a square), read when a problem keyword is given or the
            text holds one of those signs, or a Popeye input file's text
            (starting with ``BeginProblem``: its pieces, stipulation,
            authors, source and twins), drawn with the problem layout as
            ``fen2img --problem`` draws it. An ordinary FEN reads as FEN.
        format: ``"png"``, ``"svg"``, ``"webp"`` (lossless), ``"jpeg"``,
            ``"gif"``, or a text board: ``"ascii"``, ``"unicode"``,
            ``"ansi"``, ``"font"`` (diagram fonts), ``"html"`` (a table for
            e-mail), ``"fen"`` (canonical FEN); a terminal picture
            (``"kitty"``, ``"iterm"``, ``"sixel"``, ``"blocks"``); or
            ``"pdf"``: a one-page tagged vector PDF, a printed ``size``
            its exact page width (the command line's bytes).
        size: Image width in pixels, 32 to 4096 (the height follows what is
            drawn around the board), or a printed width such as ``"35mm"``,
            ``"3.5cm"`` or ``"1.5in"``, made pixels at ``dpi`` (96 if not
            given, and then recorded).
        theme: A built-in theme by name (``"brown"``, ``"blue"``,
            ``"green"``, ``"print"``), or a ``pathlib.Path`` to a theme file.
        pieces: A bundled piece set by name (``"cburnett"``, ``"chessnut"``
            ...: ``fen2img --list-pieces`` lists them), or a directory of
            piece drawings ``wK.svg`` ... ``bP.svg`` (read on every call);
            ``None`` for the built-in set.
        flip: Black at the bottom.
        coordinates: ``True``/``"outside"`` (a margin), ``"inside"`` (in the
            edge squares' corners) or ``False``/``"none"``.
        side_to_move: The side-to-move marker beside the board.
        border: The frame around the board.
        background: The margin's colour, ``"#rrggbb"``; ``None`` keeps the
            theme's.
        transparent: A transparent margin (PNG, WebP, SVG).
        lastmove: The move to tint: a python-chess ``Move`` (``board.peek()``),
            a UCI string (``"e2e4"``, ``"e7e8q"``, ``"N@f3"``), or a pair of
            squares.
        check: A glow under a king: ``True`` or ``"auto"`` for the side to
            move's king when it is attacked, or the square of the piece.
        arrows: Arrows and circles: specs such as ``"Ge2e4"`` (colour ``G``,
            ``R``, ``Y`` or ``B``; one square or the same square twice draws a
            circle), ``(tail, head)`` or ``(tail, head, "red")`` tuples, or
            python-chess ``chess.svg.Arrow`` objects (colours green, red,
            yellow, blue).
        marks: Squares to mark with an X (names, python-chess squares, a
            ``SquareSet``).
        fills: Squares to fill with a colour: ``{"e4": "#ff000080"}``, as
            ``chess.svg.board(fill=...)`` takes.
        glyphs: Move-quality glyphs as badges in squares' corners, as
            lichess shows them: ``{"d8": "!!"}`` (``!!``, ``!``, ``!?``,
            ``?!``, ``?``, ``??``, ``□``, ``⨀``, ``=``, ``±``, ``∓``,
            ``+−``, ``−+``, their ASCII spellings, or a NAG such as
            ``"$3"``).
        labels: Labels of 1 to 3 characters on squares: ``{"e4": "A"}``.
        straight_knight_arrows: Draw arrows a knight's move long straight,
            not as an L.
        preset: ``"og"``: a 1200x630 social preview (a link's
            ``og:image``), the board left and the caption, players and side
            to move beside it (``size`` is not used); ``"diagram"`` (the
            default) the board alone.
        caption: Text under (or over) the board; ``True`` or ``"auto"`` writes
            who is to move.
        caption_position: ``"below"`` or ``"above"``.
        number: A diagram number, drawn before the caption.
        number_format: How the number is written; ``{n}`` stands for it
            (default ``"Diagram {n}"``).
        white, black: Players' names, in bars at their sides of the board.
        white_title, black_title: Titles (``"GM"``...), before the names.
        white_elo, black_elo: Ratings, after the names.
        quality: JPEG quality, 1 to 100.
        optimize: PNG: spend more time for the smallest file.
        swap_glyphs: Unicode boards: swap the white and black glyphs (for
            dark terminals).
        dpi: PNG: the resolution to record, so documents place the image at
            its printed size.
        id_prefix: SVG: what every id starts with (default: derived from the
            content, so many diagrams can be inlined into one page).
        problem: Draw the position as a chess problem: composers, source
            and award above the board, the stipulation and the unit count
            ``(8+10)`` below (also turned on by any of the four below, by
            Fairy FEN's own signs and by Popeye input); ``position`` is read
            as Fairy FEN if it is not FEN. The four below win over what a
            Popeye file says.
        stipulation: A problem's stipulation (``"#2"``, ``"h#3"``).
        author: A problem's composer, or a list of them.
        problem_source: Where the problem was published (``source`` names
            a game's file elsewhere in this package).
        award: The problem's award (``"1st Prize"``).
        strict: Read only six-field FEN, and refuse positions that cannot
            occur in a game instead of warning. Not for a chess problem
            (asked for by a problem keyword, Fairy FEN or Popeye input),
            which is no game: its position is neither refused nor warned
            about, as on the command line.

    Returns:
        The bytes of the file (text formats: UTF-8 text).

    Raises:
        FenError: ``position`` is not FEN fen2img can read (a ``ValueError``
            with ``field`` and ``column``).
        ProblemError: ``position`` is Fairy FEN or Popeye input fen2img
            cannot read (a ``FenError`` with ``line`` too).
        ValueError: An option's value is out of range or not understood; the
            message starts with the option's name, in the words the command
            line, the server and Markdown fences use for the same option
            (the options table reads them all).
        TypeError: An option of the wrong type.
        OSError: A theme file or piece directory could not be read.

    Warns:
        PositionWarning: The position cannot occur in a game (unless
            ``strict``).

    The GIL is released while the position is parsed and drawn, so threads
    render in parallel.
    """
    given = dict(locals())
    del given["position"], given["format"]
    return _draw("render", position, format, given, stacklevel=2)


def svg(position: Position, **options: Any) -> str:
    """Draws ``position`` as SVG and returns the document as a ``str``.

    Takes the keyword arguments of :func:`render` (except ``format``). The
    SVG carries a ``<title>`` and a ``<desc>`` (the position in words) for
    screen readers, and ids that do not clash when many diagrams are
    inlined into one HTML page.
    """
    if "format" in options:
        raise TypeError("svg() takes no format: use render(position, format=...)")
    return _draw("svg", position, "svg", options, stacklevel=2).decode("utf-8")


def describe(
    position: Position,
    *,
    caption: Union[None, bool, str] = None,
    number: Optional[int] = None,
    number_format: Optional[str] = None,
    white: Optional[str] = None,
    white_title: Optional[str] = None,
    white_elo: Optional[int] = None,
    black: Optional[str] = None,
    black_title: Optional[str] = None,
    black_elo: Optional[int] = None,
    problem: bool = False,
    stipulation: Optional[str] = None,
    author: Union[None, str, Iterable[str]] = None,
    problem_source: Optional[str] = None,
    award: Optional[str] = None,
    strict: bool = False,
) -> str:
    """The position in plain English, for an ``<img alt="...">`` or a screen
    reader: number, caption and players first when given, then who is to
    move and every piece ("White to move. White: Ke1, Qd1, ...").

    A chess problem (the problem keywords, Fairy FEN or Popeye input, as
    :func:`render` reads them) is said as its diagram's alt text and SVG
    ``<desc>`` say it: the caption, every unit by side as a problem column
    lists them (``S`` the knight, a turned piece's quarter turns after its
    letter, neutral units under "Neutral"), the stipulation and the count
    ("Chess problem: Sam Loyd. White: Kc6 Qd1. Black: Kc8. #2 (2+1).").

    Raises:
        FenError: ``position`` is not FEN fen2img can read.
        ProblemError: ``position`` is Fairy FEN or Popeye input fen2img
            cannot read.
    """
    given = dict(locals())
    del given["position"]
    options = native_options("describe", "svg", given)
    text, messages = _native.describe(fen_of(position), options)
    _warn(messages, stacklevel=2)
    return str(text)
