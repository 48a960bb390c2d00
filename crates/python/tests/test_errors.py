"""Errors: FenError with its field and column, option errors that name the
option, type errors, strict refusals and warnings."""

import pickle
import warnings

import chess
import fen2img
import pytest

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def fen_error(position, **options) -> fen2img.FenError:
    with pytest.raises(fen2img.FenError) as caught:
        fen2img.render(position, **options)
    return caught.value


def test_a_fen_error_is_a_value_error_with_field_and_column():
    bad = START.replace(" w ", " x ")
    e = fen_error(bad)
    assert isinstance(e, ValueError)
    assert e.field == "side to move"
    assert e.column == 45 and bad[e.column - 1] == "x"
    assert "'x'" in e.reason
    lines = str(e).splitlines()
    assert lines[0] == f"invalid FEN: side to move at column 45: {e.reason}"
    # The input, then a caret under the column.
    assert lines[1].strip() == bad
    assert lines[2].index("^") == lines[1].index(bad) + 44


@pytest.mark.parametrize(
    "bad, field, column",
    [
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", 18),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling", 49),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant", 52),
        ("", "input", 1),
    ],
)
def test_the_field_and_column_point_at_the_fault(bad, field, column):
    e = fen_error(bad)
    assert (e.field, e.column) == (field, column)


def test_the_column_counts_characters_in_a_str_and_bytes_in_bytes():
    # 'é' is one character of a str but two bytes of UTF-8.
    bad = START.replace("8/8/8/8", "8/8/é/8")
    e = fen_error(bad)
    assert bad[e.column - 1] == "é"
    e = fen_error(bad.encode())
    assert bad.encode()[e.column - 1] == "é".encode()[0]


def test_a_fen_error_pickles_with_its_attributes():
    e = fen_error(START.replace(" w ", " x "))
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is fen2img.FenError
    assert (again.field, again.column, again.reason, str(again)) == (
        e.field,
        e.column,
        e.reason,
        str(e),
    )


def test_strict_refuses_short_fen_and_illegal_positions():
    placement = START.split()[0]
    fen2img.render(placement)
    assert fen_error(placement, strict=True).field in ("side to move", "input")
    two_kings = "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"
    e = fen_error(two_kings, strict=True)
    assert e.field == "placement" and e.column is None
    assert "2 kings" in e.reason


def test_an_illegal_position_warns_and_still_renders():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = fen2img.render("4k3/8/8/8/8/8/8/3KK3 w - - 0 1")
    assert png.startswith(b"\x89PNG")
    assert [w.category for w in caught] == [fen2img.PositionWarning]
    assert "White has 2 kings" in str(caught[0].message)
    # The warning points at the caller's line, not into the package.
    assert caught[0].filename == __file__


def test_a_legal_position_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fen2img.render(chess.Board())
        fen2img.svg(chess.Board())
        fen2img.describe(chess.Board())


@pytest.mark.parametrize(
    "options, option",
    [
        (dict(size=5), "size"),
        (dict(size=100000), "size"),
        (dict(quality=0), "quality"),
        (dict(dpi=1), "dpi"),
        (dict(theme="violet"), "theme"),
        (dict(coordinates="left"), "coordinates"),
        (dict(lastmove="e9e4"), "lastmove"),
        (dict(lastmove="e2"), "lastmove"),
        (dict(lastmove=("e2", 64)), "lastmove"),
        (dict(check="k9"), "check"),
        (dict(arrows=["Xe2e4"]), "arrows"),
        (dict(arrows=[("e2", "e4", "purple")]), "arrows"),
        (dict(marks=["z1"]), "marks"),
        (dict(fills={"e4": "red"}), "fills"),
        (dict(background="white"), "background"),
        (dict(caption_position="left"), "caption_position"),
        (dict(white_elo=5), "white_elo at column 1: a title or rating needs the player's name too"),
        (dict(white="A", white_elo=-1), "white_elo"),
        (dict(id_prefix="1bad"), "id_prefix"),
    ],
)
def test_a_bad_option_value_is_a_value_error_naming_the_option(options, option):
    with pytest.raises(ValueError) as caught:
        fen2img.render(START, "svg" if "id_prefix" in options else "png", **options)
    assert not isinstance(caught.value, fen2img.FenError)
    assert str(caught.value).startswith(option)


def test_an_unknown_format_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="^format at column 1: unknown format.*'bmp'"):
        fen2img.render(START, "bmp")


@pytest.mark.parametrize(
    "options, option",
    [
        (dict(size=4.5), "size"),
        (dict(size=True), "size"),
        (dict(flip="false"), "flip"),
        (dict(theme=3), "theme"),
        (dict(arrows=3), "arrows"),
        (dict(arrows=[3]), "arrows"),
        (dict(lastmove=3.5), "lastmove"),
        (dict(marks=[1.5]), "marks"),
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_option(options, option):
    with pytest.raises(TypeError, match=f"^{option}:"):
        fen2img.render(START, **options)


def test_unknown_keywords_and_positions_are_type_errors():
    with pytest.raises(TypeError, match="'colour'"):
        fen2img.svg(START, colour="red")
    with pytest.raises(TypeError, match="^position:"):
        fen2img.render(42)


def test_a_missing_theme_file_or_piece_directory_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="^theme"):
        fen2img.render(START, theme=tmp_path / "missing.theme")
    with pytest.raises(OSError, match="^pieces"):
        fen2img.render(START, pieces=tmp_path / "none")


def test_a_file_that_is_not_a_theme_is_a_value_error(tmp_path):
    path = tmp_path / "not-a-theme"
    path.write_text("this is not a theme\n")
    with pytest.raises(ValueError, match="theme"):
        fen2img.render(START, theme=path)
