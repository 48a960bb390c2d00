"""Games: diagrams of a game's positions (PGN, or moves after a position),
its FENs, its diagram markers, and the game as an animated GIF.

The game is read by the same Rust crate as the ``fen2img`` command line
(``fen2img games.pgn --ply 33``), so a diagram here is the command line's
to the byte: the last move tinted, the king in check glowing, the
comments' ``[%cal]`` arrows and ``[%csl]`` circles, the move's glyph
(``!!``, ``?``) as a badge, player bars from the tags with the clocks of
``[%clk]``.
"""

import math
import os
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _native
from ._api import _warn
from ._convert import fen_of, native_options
from ._errors import GameError

__all__ = ["GameDiagram", "animate", "game", "game_diagrams", "game_fen"]

#: The largest PGN text read, in bytes: the command line's limit.
MAX_PGN_BYTES: int = _native.MAX_PGN_BYTES

_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# GIF delays are hundredths of a second; browsers show anything under 2
# as 10 (fen2img_games::animate::MIN_DELAY_CS).
_MIN_DELAY_CS = 2
_MAX_DELAY_CS = 65535

#: A ply (``int``) or a move (``"17w"``, ``"17b"``, ``"17.Rd8"``,
#: ``"17...Qxe3"``).
Bound = Union[int, str]


def _type_name(value: Any) -> str:
    return type(value).__name__


@dataclass(frozen=True)
class GameDiagram:
    """One position of a game, what the game draws on it, and its drawing.

    ``fen2img.game_diagrams`` returns these. In Jupyter a diagram drawn as
    PNG or SVG shows itself.
    """

    ply: int
    """Half-moves from the game's start (0: the start position)."""
    san: Optional[str]
    """The move that led here, numbered: ``"17.Rd8#"``, ``"23...Qxe3"``
    (figurines with ``figurine=True``); ``None`` at the start."""
    fen: str
    """The position as FEN."""
    lastmove: Optional[str]
    """The last move's squares, ``"e2e4"`` (the king's, for castling)."""
    check: Optional[str]
    """The square of the king in check, if any."""
    arrows: Tuple[str, ...]
    """The comment's ``[%cal]`` arrows then ``[%csl]`` circles, as
    ``render(arrows=...)`` takes them (``"Gd1d8"``, ``"Rd8d8"``)."""
    glyph: Optional[Tuple[str, str]]
    """The move's glyph and the square it is drawn on: ``("d8", "!!")``."""
    caption: Optional[str]
    """The caption the game gave (``caption="auto"`` or
    ``caption_source=True``)."""
    comments: Tuple[str, ...]
    """The prose of the comments after the move (commands taken out)."""
    marker: Optional[int]
    """With ``markers=True``: the marker's number, from 1."""
    white_clock: Optional[str]
    """White's clock at this move from ``[%clk]``, as drawn (``"1:02:03"``)."""
    black_clock: Optional[str]
    """Black's clock."""
    alt: str
    """The diagram in words for ``<img alt="...">`` and screen readers, as
    ``fen2img --alt`` prints it: the caption and players, who is to move
    and every piece, then the glyph drawn."""
    format: Optional[str]
    """The format ``data`` is in, or ``None`` when nothing was drawn."""
    data: Optional[bytes] = field(repr=False)
    """The drawing (text formats: UTF-8 text), or ``None``."""

    def __post_init__(self) -> None:
        # Tuples, so a frozen diagram is hashable and cannot be changed
        # through its lists.
        object.__setattr__(self, "arrows", tuple(self.arrows))
        object.__setattr__(self, "comments", tuple(self.comments))
        if self.glyph is not None:
            object.__setattr__(self, "glyph", tuple(self.glyph))

    def _repr_png_(self) -> Optional[bytes]:
        return self.data if self.format == "png" else None

    def _repr_svg_(self) -> Optional[str]:
        return self.data.decode("utf-8") if self.format == "svg" and self.data else None


def _moves_text(value: Any) -> str:
    """Moves as the command line's ``--moves`` takes them: a string (``"e4
    e5 Nf3"``, ``"1. e2e4 e7e5"``), or an iterable of SAN or UCI strings and
    python-chess ``Move`` objects."""
    if isinstance(value, str):
        return value
    try:
        items = list(value)
    except TypeError:
        raise TypeError(
            f"moves: expected a string or a list of moves, found {_type_name(value)}"
        ) from None
    out = []
    for move in items:
        uci = getattr(move, "uci", None)
        if callable(uci):
            move = uci()
        if not isinstance(move, str):
            raise TypeError(
                f"moves: expected SAN or UCI strings or python-chess Moves, "
                f"found {_type_name(move)}"
            )
        out.append(move)
    return " ".join(out)


def _refuse_variant(board: Any, source: str) -> None:
    """A python-chess variant board whose FEN reads as standard chess
    (atomic, antichess, king of the hill, racing kings, horde) would be
    replayed by the rules of chess: a wrong board. Refused, as the PGN
    reader refuses such a game's ``[Variant]`` tag."""
    variant = getattr(board, "uci_variant", None)
    if not isinstance(variant, str) or variant == "chess":
        return
    aliases = getattr(board, "aliases", None)
    name = aliases[0] if isinstance(aliases, (list, tuple)) and aliases else variant
    reason = (
        f"{str(name).lower()} games cannot be played: fen2img plays standard chess and "
        "Chess960 only"
    )
    message = f"{source}: {reason}"
    raise GameError(message, source, None, None, None, None, None, None, "moves", reason, None)


def _game_text(
    pgn: Any, moves: Any, filename: Optional[str]
) -> Tuple[Union[str, bytes, None], Optional[str], str, Optional[str]]:
    """(text, moves, source name, path): PGN text and no moves, or a start
    position's FEN and the moves played from it, or no text and the path
    of a PGN file. The file is read by the Rust half as the command line
    reads one: a FIFO or a device is refused before it is opened, and at
    most ``MAX_PGN_BYTES`` are read."""
    if filename is not None and not isinstance(filename, str):
        raise TypeError(f"filename: expected a str, found {_type_name(filename)}")
    if moves is not None:
        _refuse_variant(pgn, filename or "moves")
        start = _START if pgn is None else fen_of(pgn)
        return start, _moves_text(moves), filename or "moves", None
    if isinstance(pgn, (str, bytes)):
        return pgn, None, filename or "<pgn>", None
    if isinstance(pgn, (bytearray, memoryview)):
        return bytes(pgn), None, filename or "<pgn>", None
    if isinstance(pgn, os.PathLike):
        path = os.fspath(pgn)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return None, None, filename or path, path
    if hasattr(pgn, "headers") and callable(getattr(pgn, "accept", None)):
        # A python-chess chess.pgn.Game: its PGN export keeps the comments
        # ([%cal], [%clk], [#]), NAGs, variations and set-up tags.
        text = str(pgn)
        if not isinstance(text, str):
            raise TypeError(f"pgn: str() of {_type_name(pgn)} is not a str")
        return text, None, filename or "<pgn>", None
    stack = getattr(pgn, "move_stack", None)
    root = getattr(pgn, "root", None)
    if stack is not None and callable(root):
        # A python-chess Board: the game is its moves from its root.
        _refuse_variant(pgn, filename or "moves")
        return fen_of(root()), _moves_text(stack), filename or "moves", None
    raise TypeError(
        "pgn: expected PGN text (str or bytes), a pathlib.Path of a PGN file, a "
        f"chess.pgn.Game or a chess.Board with moves played, found {_type_name(pgn)}"
    )


# Plies and game numbers beyond any text fen2img reads (and beyond what
# the Rust half's integers hold).
_MAX_NUMBER = 2**32 - 1


def _number(option: str, value: Any, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{option}: expected an int ({what}), found {_type_name(value)}")
    if not least <= value <= _MAX_NUMBER:
        raise ValueError(f"{option}: expected {what} from {least} to {_MAX_NUMBER}, found {value}")
    return value


def _ply(option: str, value: Any) -> Optional[int]:
    return None if value is None else _number(option, value, "a ply", 0)


def _move(value: Any) -> Optional[str]:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(
            f"move: expected a move such as '17w', '17b' or '17.Rd8', found {_type_name(value)}"
        )
    return value


def _bound(option: str, value: Any) -> Optional[Bound]:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            f"{option}: expected a ply (int) or a move such as '12w', found {_type_name(value)}"
        )
    return _ply(option, value)


def _flag(option: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{option}: expected True or False, found {_type_name(value)}")
    return value


def _native_game(
    pgn: Any,
    moves: Any,
    filename: Optional[str],
    game: Any,
    pick: str,
    ply: Any = None,
    move: Any = None,
    start: Any = None,
    end: Any = None,
    caption_source: Any = False,
    figurine: Any = False,
) -> Dict[str, Any]:
    game = _number("game", game, "a game number", 1)
    ply, move = _ply("ply", ply), _move(move)
    if ply is not None and move is not None:
        raise TypeError("give ply or move, not both")
    text, moves_text, source, path = _game_text(pgn, moves, filename)
    return {
        "text": text,
        "path": path,
        "moves": moves_text,
        "source": source,
        "game": game,
        "pick": pick,
        "ply": ply,
        "move_text": move,
        "start": _bound("start", start),
        "end": _bound("end", end),
        "caption_source": _flag("caption_source", caption_source),
        "figurine": _flag("figurine", figurine),
    }


def _diagrams(
    function: str,
    native: Dict[str, Any],
    format: Optional[str],
    options: Dict[str, Any],
    stacklevel: int,
) -> List[GameDiagram]:
    draw = format is not None
    rendering = native_options(function, "png" if format is None else format, options)
    found, _tags, messages = _native.game_diagrams(native, rendering, draw)
    _warn(messages, stacklevel + 1)
    shown = rendering["format"] if draw else None
    return [GameDiagram(format=shown, **d) for d in found]


def game(
    pgn: Any,
    format: str = "png",
    *,
    game: int = 1,
    ply: Optional[int] = None,
    move: Optional[str] = None,
    moves: Any = None,
    caption_source: bool = False,
    figurine: bool = False,
    filename: Optional[str] = None,
    **options: Any,
) -> bytes:
    """Draws one position of a game and returns the file's bytes: by
    default the final position; ``ply`` or ``move`` pick another.

    The position is drawn as the ``fen2img`` command line draws it
    (``fen2img games.pgn --ply 33 -o x.png``, the same bytes): the last
    move tinted, a king in check glowing, the comment's ``[%cal]`` arrows
    and ``[%csl]`` circles, the move's glyph (from ``!!``, ``?``... or NAGs
    ``$1``-``$6``) as a badge on its square, and player bars from the tags
    (White, Black, WhiteElo, WhiteTitle...) with the clocks of ``[%clk]``.
    What you pass wins: ``lastmove``, ``check``, ``white``/``black`` and a
    ``caption`` text replace the game's; ``arrows`` and ``glyphs`` are
    drawn over the game's.

    Args:
        pgn: PGN text (``str`` or ``bytes``; several games, comments,
            variations, NAGs, ``[SetUp]``/``[FEN]``, Chess960), a
            ``pathlib.Path`` of a PGN file, a python-chess
            ``chess.pgn.Game``, or a python-chess ``Board`` whose moves
            are the game (its ``move_stack`` from its ``root()``). With
            ``moves``: the position the moves start from (FEN or board;
            ``None`` for the standard start).
        format: As :func:`fen2img.render`: ``"png"``, ``"svg"``,
            ``"fen"`` (the position's FEN, as bytes), ``"ascii"``...
        game: Which game of the text, from 1.
        ply: The position after this many half-moves (0: the start).
        move: The position after a move: ``"17w"``, ``"17b"``, or checked
            against the game, ``"17.Rd8"``, ``"17...Qxe3"``.
        moves: Moves played from ``pgn``'s position instead of a PGN: a
            string (``"e4 e5 Nf3"``, ``"e2e4 e7e5"``, numbers allowed) or
            a list of SAN or UCI strings or python-chess ``Move`` objects.
        caption_source: Caption the diagram with the game's source from its
            tags and the move (``Morphy – Duke Karl / Count Isouard, Paris
            1858: 17.Rd8#``). ``caption="auto"`` (or ``True``) captions it
            with the numbered move alone (``17.Rd8#``).
        figurine: Captions in figurine SAN (``♘f3``).
        filename: What error messages call the text (default ``<pgn>``,
            the path for a ``Path``, ``moves`` for moves).
        **options: Every keyword argument of :func:`fen2img.render`
            (``size``, ``theme``, ``flip``, ``coordinates``, ``arrows``,
            ``glyphs``, ``caption``, ``strict``...). ``strict=True`` reads
            PGN in its strict export format and refuses what the lenient
            reader would warn about.

    Returns:
        The bytes of the file (text formats: UTF-8 text).

    Raises:
        GameError: The game cannot be read (syntax, an illegal move, a
            variant fen2img does not play: crazyhouse, three-check...), or
            has no such game, ply or move. A ``ValueError`` with the line,
            column, game, move and a caret.
        FenError: With ``moves``, the start position is not FEN.
        ValueError, TypeError, OSError: As :func:`fen2img.render`.

    Warns:
        PositionWarning: What the lenient PGN reader accepted but noted
            (``0-0``, a missing move number...), placed in the text.

    The GIL is released while the game is read and drawn.
    """
    native = _native_game(
        pgn, moves, filename, game, "one", ply, move, None, None, caption_source, figurine
    )
    found = _diagrams("game", native, format, options, stacklevel=2)
    if len(found) != 1 or found[0].data is None:
        # The reader refuses a game with an illegal move on its main line,
        # so one position is always there: this would be fen2img's bug.
        raise RuntimeError(f"fen2img: the game gave {len(found)} diagrams, not one")
    return found[0].data


def game_fen(
    pgn: Any,
    *,
    game: int = 1,
    ply: Optional[int] = None,
    move: Optional[str] = None,
    moves: Any = None,
    filename: Optional[str] = None,
    strict: bool = False,
) -> str:
    """The FEN of one position of a game (default the final one): PGN to
    FEN for scripts. Takes :func:`game`'s ``pgn``, ``game``, ``ply``,
    ``move``, ``moves``, ``filename`` and ``strict``.

    >>> fen2img.game_fen("1. e4 e5 2. Nf3 *", ply=1)
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'

    Raises:
        GameError: As :func:`game`.
    """
    native = _native_game(pgn, moves, filename, game, "one", ply, move)
    found = _diagrams("game_fen", native, None, {"strict": strict}, stacklevel=2)
    if len(found) != 1:
        raise RuntimeError(f"fen2img: the game gave {len(found)} positions, not one")
    return found[0].fen


def game_diagrams(
    pgn: Any,
    format: Optional[str] = "png",
    *,
    game: int = 1,
    markers: bool = False,
    start: Optional[Bound] = None,
    end: Optional[Bound] = None,
    ply: Optional[int] = None,
    move: Optional[str] = None,
    moves: Any = None,
    caption_source: bool = False,
    figurine: bool = False,
    filename: Optional[str] = None,
    **options: Any,
) -> List[GameDiagram]:
    """Several positions of a game, each as a :class:`GameDiagram` with its
    ply, numbered move, FEN, marks and drawing.

    Which positions:

    - ``markers=True``: one at each diagram marker of the game, in game
      order: the comments ``{[#]}`` (ChessBase), ``{#}``, ``{[D]}`` and
      ``[%diagram]``. A game without markers raises :class:`GameError`.
    - ``ply`` or ``move``: that one position (as :func:`game`).
    - otherwise every position from ``start`` to ``end`` (both included;
      by default the start position to the final one), each a ply
      (``int``) or a move (``"12w"``, ``"12...Nf6"``).

    ``format=None`` draws nothing (``data`` is ``None``): the fast way to
    every FEN of a game, ``[d.fen for d in game_diagrams(pgn, None)]``.

    Takes :func:`game`'s other arguments and every keyword argument of
    :func:`fen2img.render`; raises and warns as :func:`game`.
    """
    if _flag("markers", markers):
        if any(v is not None for v in (start, end, ply, move)):
            raise TypeError("markers=True picks the positions: give no start, end, ply or move")
        pick = "markers"
    elif ply is not None or move is not None:
        if start is not None or end is not None:
            raise TypeError("give ply or move, or start and end, not both")
        pick = "one"
    else:
        pick = "range"
    native = _native_game(
        pgn, moves, filename, game, pick, ply, move, start, end, caption_source, figurine
    )
    return _diagrams("game_diagrams", native, format, options, stacklevel=2)


_TIME = re.compile(r"\s*(\d{0,6})(?:\.(\d{0,3}))?\s*(ms|s)?\s*")


def _centiseconds(option: str, value: Any) -> int:
    """A delay in hundredths of a second (GIF's unit) from seconds (an
    ``int`` or ``float``) or the command line's text (``"800ms"``,
    ``"1.5s"``, ``"1200"`` milliseconds)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TypeError(
            f"{option}: expected seconds (a number) or '800ms', found {_type_name(value)}"
        )
    if isinstance(value, str):
        m = _TIME.fullmatch(value)
        if m is None or not (m.group(1) or m.group(2)):
            raise ValueError(
                f"{option}: expected a time such as 800ms, 1.5s or 1200 (milliseconds), "
                f"found {value!r}"
            )
        thousandths = int(m.group(1) or 0) * 1000 + int((m.group(2) or "").ljust(3, "0"))
        ms = thousandths if m.group(3) == "s" else thousandths // 1000
        cs = (ms + 5) // 10
    else:
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{option}: expected seconds from 0, found {value!r}")
        cs = round(value * 100)
    if cs > _MAX_DELAY_CS:
        raise ValueError(f"{option}: {value!r} is longer than a GIF frame can show (655.35 s)")
    return max(cs, _MIN_DELAY_CS)


def animate(
    pgn: Any,
    format: str = "gif",
    *,
    game: int = 1,
    start: Optional[Bound] = None,
    end: Optional[Bound] = None,
    delay: Union[float, str] = 1.0,
    last_delay: Union[float, str] = 3.0,
    clock_scale: Optional[float] = None,
    moves: Any = None,
    caption_source: bool = False,
    figurine: bool = False,
    filename: Optional[str] = None,
    **options: Any,
) -> bytes:
    """The game as an animated GIF (or PNG) that loops, one frame per half-move
    from ``start`` to ``end`` (as the command line's ``--animate``): every
    frame with the last move, check, arrows, glyph and player bars with
    running clocks; frames after the first hold only what changed.

    Args:
        pgn: As :func:`game`.
        format: ``"gif"``, or ``"png"`` for an animated PNG (APNG: the
            same frames, with real partial transparency over a
            transparent margin).
        game: Which game of the text, from 1.
        start, end: The first and last positions shown (both included;
            default the start and final positions): a ply (``int``) or a
            move (``"12w"``, ``"12...Nf6"``).
        delay: How long each frame shows: seconds (``0.8``), or text as the
            command line takes it (``"800ms"``, ``"1.5s"``). At least 0.02 s.
        last_delay: How long the last frame shows (default 3 s).
        clock_scale: Frames show for the game's own thinking times
            (``[%emt]``, or the fall of ``[%clk]``) times this scale
            (``0.05``: a minute of thought shows 3 s), within 0.02 s to
            20 s; frames without a time keep ``delay``.
        moves, caption_source, figurine, filename: As :func:`game`.
        **options: Every keyword argument of :func:`fen2img.render`. Every
            frame must be the same size: a caption that wraps to more lines
            on some moves is refused.

    Raises:
        GameError: As :func:`game` (also for a ``start`` after ``end``).
        ValueError: A bad option, or frames of different sizes.
    """
    if clock_scale is not None:
        if isinstance(clock_scale, bool) or not isinstance(clock_scale, (int, float)):
            raise TypeError(f"clock_scale: expected a number, found {_type_name(clock_scale)}")
        if not (math.isfinite(clock_scale) and clock_scale > 0):
            raise ValueError(f"clock_scale: expected a number above 0, found {clock_scale!r}")
        clock_scale = float(clock_scale)
    timing = (_centiseconds("delay", delay), _centiseconds("last_delay", last_delay), clock_scale)
    native = _native_game(
        pgn, moves, filename, game, "range", None, None, start, end, caption_source, figurine
    )
    rendering = native_options("animate", format, options)
    data, messages = _native.animate(native, rendering, timing)
    _warn(messages, stacklevel=2)
    return bytes(data)
