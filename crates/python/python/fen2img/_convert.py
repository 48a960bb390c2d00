"""Python values to the plain strings and numbers the Rust half takes.

python-chess objects are used through what they offer (``.fen()``,
``.uci()``, ``.tail``/``.head``, squares as integers), so fen2img does not
import python-chess and works with anything shaped the same. Wrong Python
types raise ``TypeError``; values are checked by the Rust half, whose
``ValueError`` messages name the keyword argument (numbers too large for
it and text that is not Unicode, such as a lone surrogate, included).
Lists of arrows, marks, fills and glyphs are cut off past the command
line's limit before they are built.
"""

import itertools
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from . import _native

__all__ = ["DEFAULTS", "fen_of", "native_options"]

_FILES = "abcdefgh"

# Arrow colours: python-chess's names (chess.svg.Arrow's `color`) and
# fen2img's letters (`--arrow Ge2e4`).
_BRUSHES = {"green": "G", "red": "R", "yellow": "Y", "blue": "B"}


def _type_name(value: Any) -> str:
    return type(value).__name__


def _at_most(option: str, items: Iterable[Any]) -> List[Any]:
    """The items of ``option``, refused past ``_native.MAX_MARKUP`` (64, the
    command line's and server's limit) before more are taken: a diagram
    of ten million arrows is minutes of drawing."""
    most = _native.MAX_MARKUP
    taken = list(itertools.islice(items, most + 1))
    if len(taken) > most:
        raise ValueError(f"{option}: at most {most} a diagram (as the server's query)")
    return taken


def fen_of(position: Any) -> Union[str, bytes]:
    """The FEN text of ``position``: a ``str`` or ``bytes`` as it is, else
    what its ``.fen()`` method returns (a python-chess ``Board``; a ``fen``
    string attribute is taken too), else its ``.board_fen()`` (a
    python-chess ``BaseBoard``: placement only)."""
    if isinstance(position, (str, bytes)):
        return position
    if isinstance(position, (bytearray, memoryview)):
        return bytes(position)
    for method in ("fen", "board_fen"):
        get = getattr(position, method, None)
        if isinstance(get, str):
            # A `fen` property rather than a method (other chess libraries).
            return get
        if callable(get):
            fen = get()
            if not isinstance(fen, str):
                raise TypeError(
                    f"position: {_type_name(position)}.{method}() returned "
                    f"{_type_name(fen)}, expected str"
                )
            return fen
    raise TypeError(
        "position: expected a FEN string or an object with a .fen() method "
        f"(a python-chess Board), found {_type_name(position)}"
    )


def _flag(option: str, value: Any) -> bool:
    # Strict: `flip="false"` must not flip the board.
    if not isinstance(value, bool):
        raise TypeError(f"{option}: expected True or False, found {_type_name(value)}")
    return value


def _whole(option: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{option}: expected an int, found {_type_name(value)}")
    return value


def _size(value: Any) -> Union[int, str]:
    """Pixels (an ``int``), or a printed width such as ``"35mm"`` (made
    pixels at ``dpi``, or 96)."""
    return value if isinstance(value, str) else _whole("size", value)


def _optional_whole(option: str, value: Any) -> Optional[int]:
    return None if value is None else _whole(option, value)


def _text(option: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{option}: expected a str, found {_type_name(value)}")
    return value


def _optional_text(option: str, value: Any) -> Optional[str]:
    return None if value is None else _text(option, value)


def _square(option: str, value: Any) -> str:
    """A square name from a name (``"e4"``) or a python-chess square
    (an int, ``a1`` = 0 ... ``h8`` = 63, as ``chess.E4``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < 64:
            return _FILES[value % 8] + str(value // 8 + 1)
        raise ValueError(
            f"{option}: expected a square from 0 (a1) to 63 (h8), as python-chess "
            f"numbers them, found {value}"
        )
    raise TypeError(
        f"{option}: expected a square such as 'e4' or chess.E4, found {_type_name(value)}"
    )


def _squares(option: str, value: Any) -> List[str]:
    """Square names from ``"e4,d5"``, or any iterable of squares (a list,
    a python-chess ``SquareSet``)."""
    if value is None:
        return []
    if isinstance(value, str):
        return _at_most(option, (s for s in value.split(",") if s.strip()))
    try:
        items = _at_most(option, iter(value))
    except TypeError:
        raise TypeError(
            f"{option}: expected squares such as ['e4', 'd5'], found {_type_name(value)}"
        ) from None
    return [_square(option, s) for s in items]


def _lastmove(value: Any) -> Optional[str]:
    """UCI text from a python-chess ``Move`` (anything with ``.uci()``), a
    UCI string, or a pair of squares; ``None`` for no move (and for the
    null move ``0000``, which moves nothing)."""
    if value is None:
        return None
    uci = getattr(value, "uci", None)
    if callable(uci):
        value = uci()
    if isinstance(value, str):
        return None if value.strip() == "0000" else value
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return _square("lastmove", value[0]) + _square("lastmove", value[1])
    raise TypeError(
        "lastmove: expected a python-chess Move, a UCI string such as 'e2e4' or a "
        f"pair of squares, found {_type_name(value)}"
    )


def _check(value: Any) -> Optional[str]:
    """``"auto"`` (the side to move's king, when attacked), a square, or
    ``None``."""
    if value is None or value is False:
        return None
    if value is True or value == "auto":
        return "auto"
    return _square("check", value)


def _brush(value: Any) -> str:
    if isinstance(value, str):
        name = value.strip().lower()
        if name in _BRUSHES:
            return _BRUSHES[name]
        if name in ("g", "r", "y", "b"):
            return name.upper()
    raise ValueError(
        "arrows: expected a colour green, red, yellow or blue (or G, R, Y, B), "
        f"found {value!r}"
    )


def _arrows(value: Any) -> List[str]:
    """Arrow specs (``Ge2e4``) from specs, ``(tail, head)`` or ``(tail,
    head, colour)`` tuples, and python-chess ``chess.svg.Arrow`` objects;
    a string holds specs separated by commas."""
    if value is None:
        return []
    if isinstance(value, str):
        return _at_most("arrows", (a for a in value.split(",") if a.strip()))
    try:
        items = _at_most("arrows", iter(value))
    except TypeError:
        raise TypeError(
            f"arrows: expected a list of arrows such as ['Ge2e4'], found {_type_name(value)}"
        ) from None
    specs = []
    for arrow in items:
        if isinstance(arrow, str):
            specs.append(arrow)
        elif hasattr(arrow, "tail") and hasattr(arrow, "head"):
            color = getattr(arrow, "color", "green")
            specs.append(
                _brush(color) + _square("arrows", arrow.tail) + _square("arrows", arrow.head)
            )
        elif isinstance(arrow, (tuple, list)) and len(arrow) in (2, 3):
            color = arrow[2] if len(arrow) == 3 else "green"
            specs.append(
                _brush(color) + _square("arrows", arrow[0]) + _square("arrows", arrow[1])
            )
        else:
            raise TypeError(
                "arrows: expected 'Ge2e4', (tail, head[, colour]) or a chess.svg.Arrow, "
                f"found {_type_name(arrow)}"
            )
    return specs


def _fills(value: Any) -> List[Tuple[str, str]]:
    """(square, colour) pairs from a dict ``{square: colour}`` (as
    ``chess.svg.board(fill=...)`` takes) or an iterable of pairs."""
    return _square_pairs("fills", value, "{'e4': '#ff000080'}", "colour")


def _glyphs(value: Any) -> List[Tuple[str, str]]:
    """(square, glyph) pairs from a dict ``{"d8": "!!"}`` or pairs."""
    return _square_pairs("glyphs", value, "{'d8': '!!'}", "glyph")


def _labels(value: Any) -> List[Tuple[str, str]]:
    """(square, text) pairs from a dict ``{"e4": "A"}`` or pairs."""
    return _square_pairs("labels", value, "{'e4': 'A'}", "label")


def _square_pairs(option: str, value: Any, example: str, what: str) -> List[Tuple[str, str]]:
    """(square, text) pairs from a dict or an iterable of pairs, for
    ``option`` (``example`` shows the dict, ``what`` names the text)."""
    if value is None:
        return []
    pairs = value.items() if hasattr(value, "items") else value
    try:
        pairs = _at_most(option, iter(pairs))
    except TypeError:
        raise TypeError(
            f"{option}: expected a dict such as {example}, found {_type_name(value)}"
        ) from None
    out = []
    for pair in pairs:
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
            raise TypeError(f"{option}: expected (square, {what}) pairs or a dict")
        out.append((_square(option, pair[0]), _text(option, pair[1])))
    return out


def _coordinates(value: Any) -> str:
    if value is True:
        return "outside"
    if value is False or value is None:
        return "none"
    return _text("coordinates", value)


def _theme(value: Any) -> Tuple[str, bool]:
    """(name or path, whether it is a file): a ``str`` names a built-in
    theme, a path (``pathlib.Path``, any ``os.PathLike``) is a theme file.
    Only an explicit path reads a file, so a theme name taken from a web
    form cannot make a server read one."""
    if isinstance(value, str):
        return value, False
    if isinstance(value, os.PathLike):
        return os.fspath(value), True
    raise TypeError(
        "theme: expected a built-in theme's name or a pathlib.Path of a theme file, "
        f"found {_type_name(value)}"
    )


def _pieces(value: Any) -> Optional[str]:
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    raise TypeError(
        f"pieces: expected a bundled set's name or a directory path, found {_type_name(value)}"
    )


def _caption(value: Any) -> Tuple[Optional[str], bool]:
    """(text, automatic): ``True`` or ``"auto"`` writes the side to move."""
    if value is True or value == "auto":
        return None, True
    if value is None or value is False:
        return None, False
    return _text("caption", value), False


#: The keyword arguments of :func:`fen2img.render` and their defaults.
#: Each but ``strict`` is an option of the Rust half's options table (its
#: Python name), which reads the values.
DEFAULTS: Dict[str, Any] = {
    "size": 400,
    "theme": "brown",
    "pieces": None,
    "flip": False,
    "coordinates": True,
    "side_to_move": True,
    "border": True,
    "background": None,
    "transparent": False,
    "lastmove": None,
    "check": None,
    "arrows": None,
    "marks": None,
    "fills": None,
    "glyphs": None,
    "labels": None,
    "straight_knight_arrows": False,
    "preset": None,
    "caption": None,
    "caption_position": "below",
    "number": None,
    "number_format": None,
    "white": None,
    "white_title": None,
    "white_elo": None,
    "black": None,
    "black_title": None,
    "black_elo": None,
    "quality": 90,
    "optimize": False,
    "swap_glyphs": False,
    "dpi": None,
    "id_prefix": None,
    "problem": False,
    "stipulation": None,
    "author": None,
    "problem_source": None,
    "award": None,
    "strict": False,
}

_NUMBERS = ("quality",)
_OPTIONAL_NUMBERS = ("dpi", "number", "white_elo", "black_elo")
_FLAGS = (
    "flip", "side_to_move", "border", "straight_knight_arrows", "optimize", "swap_glyphs", "problem",
)
_TEXTS = (
    "background", "preset", "caption_position", "number_format", "white", "white_title",
    "black", "black_title", "id_prefix", "stipulation", "problem_source", "award",
)


def _authors(value: Any) -> List[str]:
    """``author``: one name, or a list of names (each its own composer)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Iterable):
        raise TypeError(f"author must be a str or a list of str, not {type(value).__name__}")
    names = list(value)
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"author must be a str or a list of str, found {type(name).__name__}")
    return names


def native_options(function: str, format: str, given: Mapping[str, Any]) -> Dict[str, Any]:
    """The keyword arguments ``given`` to ``function`` (the rest at their
    defaults) as the Rust half takes them: ``(keyword, value)`` pairs of
    the options table, each value text, a number, a bool, or ``None``,
    and one pair per item of a list (an arrow, a mark, a fill...)."""
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"{function}() got an unexpected keyword argument {unknown[0]!r}")
    options = {**DEFAULTS, **given}
    theme, theme_file = _theme(options["theme"])
    caption, caption_auto = _caption(options["caption"])
    pairs: List[Tuple[str, Any]] = [("theme", theme)]
    pieces = _pieces(options["pieces"])
    if pieces is not None:
        pairs.append(("pieces", pieces))
    pairs.append(("size", _size(options["size"])))
    pairs += [(k, _whole(k, options[k])) for k in _NUMBERS]
    pairs += [(k, n) for k in _OPTIONAL_NUMBERS if (n := _optional_whole(k, options[k])) is not None]
    pairs += [(k, _flag(k, options[k])) for k in _FLAGS]
    pairs += [(k, t) for k in _TEXTS if (t := _optional_text(k, options[k])) is not None]
    pairs.append(("coordinates", _coordinates(options["coordinates"])))
    # After the background: transparent wins over a colour.
    if _flag("transparent", options["transparent"]):
        pairs.append(("transparent", True))
    lastmove = _lastmove(options["lastmove"])
    if lastmove is not None:
        pairs.append(("lastmove", lastmove))
    check = _check(options["check"])
    if check is not None:
        pairs.append(("check", check))
    pairs += [("arrows", a) for a in _arrows(options["arrows"])]
    pairs += [("marks", m) for m in _squares("marks", options["marks"])]
    pairs += [("fills", f"{s}:{c}") for s, c in _fills(options["fills"])]
    pairs += [("glyphs", f"{s}:{g}") for s, g in _glyphs(options["glyphs"])]
    pairs += [("labels", f"{s}:{t}") for s, t in _labels(options["labels"])]
    pairs += [("author", name) for name in _authors(options["author"])]
    if caption_auto:
        pairs.append(("caption", "auto"))
    elif caption is not None:
        pairs.append(("caption", caption))
    return {
        "format": _text("format", format).lower(),
        "theme_file": theme_file,
        "options": pairs,
        "caption_auto": caption_auto,
        "strict": _flag("strict", options["strict"]),
    }
