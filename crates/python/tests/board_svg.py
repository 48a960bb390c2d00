"""Reads back what a plain diagram's SVG draws, to compare it with what
python-chess says the position is.

A "plain" diagram is drawn with ``PLAIN`` (400 px, no coordinates, frame
or side-to-move marker): each square is then 50 px, a1's corner at
(0, 350) (or h8's, flipped), and the SVG places every piece as
``<use xlink:href="#wK" x=".." y=".."/>`` and every tinted square as a
50 by 50 ``<rect>``.
"""

import re
from typing import Dict, Set

PLAIN = dict(size=400, coordinates=False, border=False, side_to_move=False, id_prefix="")

_PIECE = re.compile(r'<use xlink:href="#([wb])([KQRBNP])" x="(\d+)" y="(\d+)"/>')
_SQUARE_RECT = re.compile(r'<rect x="(\d+)" y="(\d+)" width="50" height="50" fill="#(?:[0-9a-f]{3}){1,2}"')


def square_at(x: int, y: int, flip: bool = False) -> str:
    """The name of the square whose top-left corner is (x, y)."""
    file, rank = x // 50, 7 - y // 50
    if flip:
        file, rank = 7 - file, 7 - rank
    return "abcdefgh"[file] + str(rank + 1)


def pieces(svg: str, flip: bool = False) -> Dict[str, str]:
    """Square name to FEN letter of every piece drawn."""
    out = {}
    for color, role, x, y in _PIECE.findall(svg):
        letter = role if color == "w" else role.lower()
        out[square_at(int(x), int(y), flip)] = letter
    return out


def tinted(svg: str, flip: bool = False) -> Set[str]:
    """The squares drawn with a tint of their own (last move, fills)."""
    return {square_at(int(x), int(y), flip) for x, y in _SQUARE_RECT.findall(svg)}


def png_size(png: bytes):
    """(width, height) from a PNG's header."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
