"""The options table from Python: every option it gives Python is a
keyword of ``fen2img.render``, and every example of every row draws the
same SVG bytes through Python as through the command line (which
tests/cli/serve.rs and tests/cli/md.rs hold to the server and to a
Markdown fence: one option, the same bytes from all four)."""

import inspect
import subprocess

import pytest

import fen2img
from fen2img import _native

from test_games import cli

FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"

#: Fairy FEN with every kind of unit (neutral, turned, YACPDB tokens, a
#: marker, a text): the problem rows are compared on it too (issue 36).
FAIRY = "k7/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K"

#: The rows that ask for the problem layout.
PROBLEM_ROWS = {"problem", "stipulation", "author", "source", "award"}

#: Rows not compared here, and why.
NOT_COMPARED = {
    "format": "the function's own argument: the bytes compared are SVG",
}

#: The example of rows whose own needs a test directory.
EXAMPLES = {"pieces": ["cburnett"]}


def keywords():
    return set(inspect.signature(fen2img.render).parameters) - {"position", "format"}


def test_every_python_name_of_the_table_is_a_keyword_and_back():
    names = {name for row in _native.OPTIONS for name in row[4]}
    assert "labels" in names and "straight_knight_arrows" in names
    # `strict` is how the FEN is read, not an option of the drawing.
    assert names | {"strict"} == keywords() | {"format"}


def python_value(row, example):
    """The example as a Python caller gives it."""
    name, value, repeats = row[0], row[1], row[2]
    if value == "BOOL":
        return example == "true"
    if value in ("N", "1-100") or (name == "size" and example.isdigit()):
        return int(example)
    if repeats == "commas":
        return [example]
    if repeats == "square_items":
        square, text = example.split(":", 1)
        return {square: text}
    return example


def cli_flag(flags, example):
    """The command line's argument for the example, ``None`` when it is a
    switch's default (nothing to give)."""
    name, form, on = flags[0]
    if form == "switch":
        return f"--{name}" if example == on else None
    return f"--{name}={example}"


@pytest.mark.skipif(cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN")
def test_every_table_example_draws_the_same_svg_from_python_and_the_cli():
    compared = 0
    for row in _native.OPTIONS:
        name, cli_flags, python_names = row[0], row[3], row[4]
        if name in NOT_COMPARED or not cli_flags or not python_names:
            continue
        # A title or rating belongs to a named player.
        side = next((s for s in ("white", "black") if name.startswith(s + "_")), None)
        positions = (FEN, FAIRY) if name in PROBLEM_ROWS else (FEN,)
        for example, fen in ((e, f) for e in EXAMPLES.get(name, row[5]) for f in positions):
            flag = cli_flag(cli_flags, example)
            if flag is None:
                continue
            args = [cli(), fen, "-f", "svg", "-o", "-", flag]
            kwargs = {python_names[0]: python_value(row, example)}
            if side:
                args.append(f"--{side}=Name")
                kwargs[side] = "Name"
            out = subprocess.run(args, capture_output=True, check=False)
            assert out.returncode == 0, (name, example, out.stderr)
            drawn = fen2img.render(fen, "svg", **kwargs)
            assert drawn == out.stdout, f"{name}={example} on {fen}: Python's SVG differs"
            compared += 1
    assert compared >= 40, compared
