# The Rust extension (crates/python/src). Private: call fen2img.render,
# fen2img.svg and fen2img.describe, which check and convert their arguments
# and pass them here as a dict: "format", "theme_file" (theme= was a path),
# "caption_auto", "strict", and "options", the (keyword, value) pairs the
# options table reads (one a list item; values str, int, bool or None). The games functions
# (fen2img.game, game_fen, game_diagrams, animate; fen2img/_games.py) also
# pass the game as a dict: text (None for a file), path (a PGN file's, read
# here as the command line reads it), moves, source, game, pick, ply,
# move_text, start, end, caption_source, figurine.
from typing import Any, Dict, List, Optional, Tuple, Union

def render(position: Union[str, bytes], options: Dict[str, Any]) -> Tuple[bytes, List[str]]:
    """The diagram's bytes, and the warnings to show."""

def describe(position: Union[str, bytes], options: Dict[str, Any]) -> Tuple[str, List[str]]:
    """The position in words, and the warnings to show."""
def game_diagrams(
    game: Dict[str, Any], options: Dict[str, Any], draw: bool
) -> Tuple[List[Dict[str, Any]], List[Tuple[str, str]], List[str]]:
    """The picked positions of the game as dicts with the fields of
    fen2img.GameDiagram (except format; data is None unless draw), the
    game's tags, and the warnings to show."""

def animate(
    game: Dict[str, Any], options: Dict[str, Any], timing: Tuple[int, int, Optional[float]]
) -> Tuple[bytes, List[str]]:
    """The animated GIF (timing: delay and last delay in hundredths of a
    second, clock scale), and the warnings to show."""

__version__: str
# The most arrows, marks, fills or glyphs a diagram takes (the server's).
MAX_MARKUP: int
# The options table's rows: (name, the value's shape, how it repeats:
# "once" | "commas" | "square_items", the command line's flags as (flag,
# "value" | "optional" | "switch", the bare or on value), Python's keywords,
# the examples).
OPTIONS: List[
    Tuple[str, str, str, List[Tuple[str, str, Optional[str]]], List[str], List[str]]
]
# The largest PGN text read, in bytes (the command line's).
MAX_PGN_BYTES: int
