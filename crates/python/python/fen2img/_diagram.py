"""Diagram: a board that Jupyter (IPython) shows by itself."""

from typing import Any, Dict, Optional

from ._api import Position, _draw, describe
from ._convert import fen_of

__all__ = ["Diagram"]


class Diagram:
    """A position and the options to draw it, shown as a board when it is
    the value of a Jupyter cell (``_repr_svg_``, ``_repr_png_``).

    ``Diagram(board, lastmove=board.peek(), arrows=["Gg1f3"])`` takes the
    keyword arguments of :func:`fen2img.render` (except ``format``). The
    position is read when the diagram is made (a python-chess board may
    change afterwards; the diagram does not), and the SVG is drawn then
    too, so a bad position or option raises here, not later in the
    notebook's display machinery.
    """

    def __init__(self, position: Position, **options: Any) -> None:
        if "format" in options:
            raise TypeError("Diagram() takes no format: call .render(format)")
        self.fen = fen_of(position)
        """The position's FEN text, as it was when the diagram was made."""
        self.options: Dict[str, Any] = dict(options)
        """The keyword arguments for :func:`fen2img.render`."""
        self._svg: str = _draw("Diagram", self.fen, "svg", self.options, stacklevel=2).decode(
            "utf-8"
        )
        self._png: Optional[bytes] = None

    def render(self, format: str = "png") -> bytes:
        """The diagram in ``format`` (see :func:`fen2img.render`)."""
        return _draw("Diagram.render", self.fen, format, self.options, stacklevel=2)

    def svg(self) -> str:
        """The diagram as an SVG document."""
        return self._svg

    def png(self) -> bytes:
        """The diagram as PNG (drawn once, then kept)."""
        if self._png is None:
            self._png = self.render("png")
        return self._png

    def describe(self) -> str:
        """The position in words, with the caption, number and players."""
        keys = (
            "caption",
            "number",
            "number_format",
            "white",
            "white_title",
            "white_elo",
            "black",
            "black_title",
            "black_elo",
            "strict",
        )
        return describe(self.fen, **{k: v for k, v in self.options.items() if k in keys})

    def _repr_svg_(self) -> str:
        return self._svg

    def _repr_png_(self) -> bytes:
        return self.png()

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"Diagram({self.fen!r}{options})"
