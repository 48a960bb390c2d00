"""The exceptions and warnings fen2img raises."""

from typing import Optional

__all__ = ["FenError", "GameError", "PositionWarning", "ProblemError"]


class FenError(ValueError):
    """The position is not FEN that fen2img can read.

    ``str(error)`` is one line naming the field and column, then the input
    with a caret under that column (what the ``fen2img`` command prints).

    Attributes:
        field: The FEN field at fault, as users know it: ``"placement"``,
            ``"side to move"``, ``"castling"``, ``"en passant"``,
            ``"halfmove clock"``, ``"fullmove number"``, ``"pocket"``,
            ``"check counters"``, ``"EPD operation"`` or ``"input"`` (the
            input as a whole).
        column: The 1-based column of the offending character in the string
            given (``fen[column - 1]``), counted in bytes for a ``bytes``
            position; ``None`` when ``strict=True`` refuses a position that
            parses but cannot occur in a game.
        reason: What is wrong, without where.
    """

    field: str
    column: Optional[int]
    reason: str

    def __init__(self, message: str, field: str, column: Optional[int], reason: str) -> None:
        # All four in args, so the error pickles (multiprocessing, logging
        # handlers) and copies with its attributes.
        super().__init__(message, field, column, reason)
        self.field = field
        self.column = column
        self.reason = reason

    def __str__(self) -> str:
        return str(self.args[0])


class GameError(ValueError):
    """A game (PGN, or moves after a position) that cannot give the diagram
    asked for: a syntax error, an illegal move, a variant fen2img does not
    play, a ply past the game's end, a game number the text does not have.

    ``str(error)`` is the line the ``fen2img`` command prints, e.g.
    ``<pgn>:41:17: game 3 (Morphy – Allies), move 17 White: Rd8 is not legal
    here: no rook can reach d8``, then (when the error has a place) the
    offending line with a caret under the token.

    Attributes:
        source: What the text is called: ``"<pgn>"``, the ``filename``
            given, or ``"moves"``.
        line: The 1-based line of the offending token; ``None`` when the
            error has no place in the text (a ply past the game's end) or
            the text is a list of moves (one line).
        column: The 1-based column (characters) of the offending token;
            ``None`` when unplaced.
        game: The game's number in the text, from 1 (``None`` for moves).
        players: ``"White – Black"`` from the game's tags, when it has them.
        move_number: The move number of the offending move, or ``None``.
        side: ``"white"`` or ``"black"``: who played it, or ``None``.
        kind: ``"pgn"`` (the text: syntax, an illegal move, an unsupported
            variant, a bound on hostile input), ``"moves"`` (a move of a
            list), or ``"select"`` (the position asked for is not in the
            game).
        reason: Why, without where: ``"Rd8 is not legal here: ..."``.
        caret: The offending line and a caret under the token (two lines),
            or ``None``.
    """

    source: str
    line: Optional[int]
    column: Optional[int]
    game: Optional[int]
    players: Optional[str]
    move_number: Optional[int]
    side: Optional[str]
    kind: str
    reason: str
    caret: Optional[str]

    def __init__(
        self,
        message: str,
        source: str,
        line: Optional[int],
        column: Optional[int],
        game: Optional[int],
        players: Optional[str],
        move_number: Optional[int],
        side: Optional[str],
        kind: str,
        reason: str,
        caret: Optional[str],
    ) -> None:
        # Everything in args, so the error pickles with its attributes.
        super().__init__(
            message, source, line, column, game, players, move_number, side, kind, reason, caret
        )
        self.source = source
        self.line = line
        self.column = column
        self.game = game
        self.players = players
        self.move_number = move_number
        self.side = side
        self.kind = kind
        self.reason = reason
        self.caret = caret

    def __str__(self) -> str:
        return str(self.args[0])


class PositionWarning(UserWarning):
    """A position fen2img draws but that cannot occur in a game (two white
    kings, a pawn on the first rank...), or something the parser filled in;
    for games, what the lenient PGN reader accepted but noted (``0-0`` for
    ``O-O``, a missing move number...), placed as errors are.
    ``strict=True`` makes these errors (:class:`FenError`); the ``warnings``
    module filters them as usual."""


class ProblemError(FenError):
    """A chess problem's text that fen2img cannot read: Fairy FEN (read when
    a problem option is given, or when the text holds a sign only Fairy FEN
    has: ``-`` before a letter, ``*``, ``(`` or ``{``), or Popeye input
    (text starting with ``BeginProblem``). A :class:`FenError`, so one
    ``except`` catches a bad position of either kind.

    ``str(error)`` is what the ``fen2img`` command prints, e.g. ``invalid
    Fairy FEN: placement at line 1, column 16: 'E' is not a Fairy FEN piece
    or marker ...``, then the line with a caret under the column.

    Attributes:
        field: ``"placement"`` (Fairy FEN), ``"input"`` (the text as a
            whole), or the Popeye command at fault
            (``"Popeye command 'pieces'"``).
        line: The 1-based line (1 for Fairy FEN).
        column: The 1-based column in that line (characters, or bytes for a
            ``bytes`` position).
        reason: What is wrong, without where.
    """

    line: int

    def __init__(
        self, message: str, field: str, line: int, column: Optional[int], reason: str
    ) -> None:
        # All five in args, so the error pickles with its attributes.
        ValueError.__init__(self, message, field, line, column, reason)
        self.field = field
        self.line = line
        self.column = column
        self.reason = reason
