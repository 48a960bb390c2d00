"""The exceptions and warnings fen2img raises."""

from typing import Optional

__all__ = ["FenError", "PositionWarning"]


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


class PositionWarning(UserWarning):
    """A position fen2img draws but that cannot occur in a game (two white
    kings, a pawn on the first rank...), or something the parser filled in.
    ``strict=True`` makes these errors (:class:`FenError`); the ``warnings``
    module filters them as usual."""
