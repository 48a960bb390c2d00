# The Rust extension (crates/python/src). Private: call fen2img.render,
# fen2img.svg and fen2img.describe, which check and convert their arguments
# and pass them here as a dict with every key of fen2img._convert.DEFAULTS
# (plus "format", "theme_file" and "caption_auto").
from typing import Any, Dict, List, Tuple, Union

def render(position: Union[str, bytes], options: Dict[str, Any]) -> Tuple[bytes, List[str]]:
    """The diagram's bytes, and the warnings to show."""

def describe(position: Union[str, bytes], options: Dict[str, Any]) -> Tuple[str, List[str]]:
    """The position in words, and the warnings to show."""
__version__: str
