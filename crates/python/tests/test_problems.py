"""Chess problems from Python (issue 36): Fairy FEN and Popeye input read
as the fen2img command line reads them, the same bytes for the same
problem and options, the problem's words from describe(), errors with
their line and column, and ordinary FEN read exactly as before."""

import pickle
import subprocess
import warnings

import fen2img
import pytest

from test_games import REPO, cli

#: Every kind of unit: neutral, turned, YACPDB tokens, a marker, a text.
FAIRY = "k7/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K"

#: N. Shankar Ram, feenschach 1983 (the guide's worked newspaper column).
SHANKAR = """BeginProblem
Author      N. Shankar Ram
Origin      feenschach 65, 15. 5. 1983
Stipulation #4
Condition   Madrasi
Pieces White Qc8 Ke8 Rb7 Pg7 Bb6
       Black Ka8 Bb8 Ra7 Sc6 Pf2
EndProblem
"""

needs_cli = pytest.mark.skipif(
    cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN"
)


def run_cli(args, stdin=None):
    out = subprocess.run([cli(), *args], input=stdin, capture_output=True, check=False)
    assert out.returncode == 0, (args, out.stderr)
    return out.stdout


@needs_cli
@pytest.mark.parametrize("format", ["svg", "png", "ascii", "gif"])
def test_fairy_fen_draws_the_clis_bytes(format):
    kwargs = dict(stipulation="h#2", author=["A. Composer", "B. Composer"], theme="print", size=300)
    flags = ["--stipulation", "h#2", "--author", "A. Composer,B. Composer"]
    flags += ["--theme", "print", "--size", "300"]
    expected = run_cli([FAIRY, "-f", format, "-o", "-", *flags])
    assert fen2img.render(FAIRY, format, **kwargs) == expected
    assert fen2img.render(FAIRY.encode(), format, **kwargs) == expected


@needs_cli
def test_popeye_text_draws_the_clis_bytes_and_options_win():
    expected = run_cli(["-", "-f", "png", "-o", "-", "--size", "360"], stdin=SHANKAR.encode())
    assert fen2img.render(SHANKAR, "png", size=360) == expected
    # A keyword wins over the file, as a flag does.
    flagged = run_cli(["-", "-f", "svg", "-o", "-", "--award", "1st Prize"], stdin=SHANKAR.encode())
    assert fen2img.svg(SHANKAR, award="1st Prize").encode() == flagged
    assert "1st Prize" in fen2img.describe(SHANKAR, award="1st Prize")


def test_describe_names_every_unit_turn_neutral_and_the_count():
    text = fen2img.describe(FAIRY, stipulation="h#2")
    for said in [
        "White: Kh1 Gc3.",
        "Black: Ka8 B1b2.",
        "Neutral: Rb1 S2a1 Sd5.",
        "neutral circle marker turned 270° c2",
        'text "a" e3',
        "h#2 (2+2+3n).",
    ]:
        assert said in text, (said, text)
    # The same words as the SVG's description.
    assert f"<desc>{text}</desc>".replace('"', "&quot;") in fen2img.svg(FAIRY, stipulation="h#2")
    assert fen2img.describe(SHANKAR) == (
        "Chess problem: N. Shankar Ram, feenschach 65, 15. 5. 1983. "
        "White: Ke8 Qc8 Rb7 Bb6 Pg7. Black: Ka8 Ra7 Bb8 Sc6 Pf2. #4 (5+5). Madrasi."
    )
    # An ordinary FEN asked to be a problem is described as one.
    assert fen2img.describe("4k3/8/8/8/8/8/8/4K2R w K - 0 1", stipulation="#2").endswith(
        "White: Ke1 Rh1. Black: Ke8. #2 (2+1)."
    )


def units_said(text):
    """What a problem's description says of its units, side by side."""
    sides = ("White:", "Black:", "Neutral:", "On the squares:")
    return [part for part in text.split(". ") if part.startswith(sides)]


def test_every_real_problem_reads_from_popeye_and_fairy_fen_alike():
    data = (REPO / "crates/render/tests/integration/data/problems.txt").read_text()
    blocks = data.split("\n=== ")[1:]
    assert len(blocks) >= 20
    for block in blocks:
        lines = block.splitlines()
        count = lines[1].removeprefix("count ")
        fairy = lines[2].removeprefix("fairy ")
        popeye = "\n".join(lines[3:]) + "\n"
        with warnings.catch_warnings():
            # A problem is not a game: no legality warnings (as the CLI).
            warnings.simplefilter("error")
            said = fen2img.describe(popeye)
            fen_said = fen2img.describe(fairy, problem=True)
        assert units_said(said) == units_said(fen_said) != [], lines[0]
        assert said.endswith(f" {count}.") or f" {count}. " in said, (lines[0], said)


def test_bad_fairy_fen_raises_a_problem_error_with_the_column():
    with pytest.raises(fen2img.ProblemError) as caught:
        fen2img.render("8/8/8/8/8/8/8/7E", problem=True)
    e = caught.value
    assert isinstance(e, fen2img.FenError) and isinstance(e, ValueError)
    assert (e.field, e.line, e.column) == ("placement", 1, 16)
    assert e.reason.startswith("'E' is not a Fairy FEN piece or marker")
    assert str(e).splitlines() == [
        "invalid Fairy FEN: placement at line 1, column 16: 'E' is not a Fairy FEN piece or "
        "marker (K Q R B N P, C X S T); write a fairy piece as (G), a text as {a}",
        "  8/8/8/8/8/8/8/7E",
        "                 ^",
    ]
    again = pickle.loads(pickle.dumps(e))
    assert (type(again), again.line, again.column, str(again)) == (type(e), 1, 16, str(e))
    # A column counts characters in a str and bytes in bytes, as FEN's does.
    with pytest.raises(fen2img.ProblemError) as caught:
        fen2img.render("8/8/8/8/8/8/8/{é!/}6", problem=True)
    assert caught.value.column == 18
    with pytest.raises(fen2img.ProblemError) as caught:
        fen2img.render("8/8/8/8/8/8/8/{é!/}6".encode(), problem=True)
    assert caught.value.column == 19


def test_bad_popeye_input_raises_with_the_command_line_and_column():
    with pytest.raises(fen2img.ProblemError) as caught:
        fen2img.render("BeginProblem\npieces white royal Ke1\nEndProblem\n")
    e = caught.value
    assert (e.field, e.line, e.column) == ("Popeye command 'pieces'", 2, 14)
    assert str(e).splitlines()[1:] == ["  pieces white royal Ke1", "               ^"]


def test_several_popeye_problems_draw_the_first_and_warn():
    two = SHANKAR.replace("EndProblem", "NextProblem\nPieces White Ke1 Black Ke8\nEndProblem")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        drawn = fen2img.render(two, "svg")
    assert [str(w.message) for w in caught] == ["the input holds 2 problems; drawing the first"]
    assert drawn == fen2img.render(SHANKAR, "svg")


def test_ordinary_fen_reads_as_before():
    # Unasked, a FEN error stays the FEN parser's, even for a marker letter.
    for fen in ["8/8/8/8/8/8/8/7E", "k7/8/8/8/8/8/8/C6K", "8/8/8/8/8/8/8/*4Q7"]:
        with pytest.raises(fen2img.FenError) as caught:
            fen2img.render(fen)
        assert type(caught.value) is fen2img.FenError, fen
        assert str(caught.value).startswith("invalid FEN: placement"), fen
    # A bad position is told before a bad option, as always.
    with pytest.raises(fen2img.FenError):
        fen2img.render("8/8/8/8/8/8/8/7E", size=1)
    # Fairy FEN's own signs draw a problem unasked; a marker only asked.
    assert "Chess problem" in fen2img.svg("4k3/8/8/3-N4/8/8/8/4K3")
    assert "Chess problem" in fen2img.svg("k7/8/8/8/8/8/8/C6K", problem=True)
    plain = fen2img.svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert "Chess problem" not in plain
