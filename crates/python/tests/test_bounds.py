"""What the package refuses before doing work the input should not cost:
values Rust cannot hold (the package's ValueError naming the keyword, not
pyo3's TypeError), more arrows or marks than the command line's limit,
and PGN paths that are not regular files (read as the command line reads
them: a FIFO is never opened, /dev/zero never read)."""

import os
import pathlib
import threading

import fen2img
import pytest
from fen2img import _native

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
GAME = "1. e4 e5 2. Nf3 *"


# -- values Rust cannot hold -------------------------------------------------


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(size=2**64), r"^size: the number is out of range, found 18446744073709551616$"),
        (dict(size=-(2**70)), r"^size: the number is out of range, found -1180591620717411303424$"),
        (dict(quality=2**64), r"^quality: the number is out of range, found 1844"),
        (dict(number=2**64), r"^number: the number is out of range, found 1844"),
        (dict(white="A", white_elo=2**64), r"^white_elo: the number is out of range"),
        (dict(dpi=2**64), r"^dpi: the number is out of range"),
        (dict(size=10**100), r"^size: .*found 1000000000000000000000000000000000000000\.\.\. \(101 digits\)$"),
        # Within 64 bits, the options table's words.
        (dict(quality=2**40), r"^quality at column 1: expected a whole number from 1 to 100, found '1099511627776'$"),
    ],
)
def test_a_number_too_large_for_rust_is_a_value_error_naming_it(options, message):
    with pytest.raises(ValueError, match=message):
        fen2img.render(START, **options)


@pytest.mark.parametrize(
    "options, name",
    [
        (dict(white="Morphy\ud800"), "white"),
        (dict(caption="\udc00"), "caption"),
        (dict(arrows=["Ge2e4", "G\ud800e4"]), "arrows"),
        (dict(fills={"e4": "#ff0000\udfff"}), "fills"),
        (dict(number_format="Diagram \ud83d{n}"), "number_format"),
    ],
)
def test_a_lone_surrogate_is_a_value_error_naming_the_keyword(options, name):
    with pytest.raises(ValueError) as caught:
        fen2img.render(START, **options)
    assert type(caught.value) is ValueError
    message = str(caught.value)
    assert message.startswith(f"{name}: the text holds a lone surrogate U+D"), message
    assert "failed to extract" not in message


def test_a_lone_surrogate_in_a_position_or_a_game_names_its_argument():
    with pytest.raises(ValueError, match=r"^position: the text holds a lone surrogate U\+D800 at index 56"):
        fen2img.render(START + "\ud800")
    with pytest.raises(ValueError, match=r"^pgn: the text holds a lone surrogate U\+DC80"):
        fen2img.game("1. e4 \udc80")
    with pytest.raises(ValueError, match=r"^filename: the text holds a lone surrogate"):
        fen2img.game(GAME, filename="\ud800.pgn")
    with pytest.raises(ValueError, match=r"^move: the text holds a lone surrogate"):
        fen2img.game(GAME, move="1\ud800")
    with pytest.raises(ValueError, match=r"^start: the text holds a lone surrogate"):
        fen2img.animate(GAME, start="1\ud800")


def test_the_native_module_names_the_field_for_every_bad_value():
    # What gets past the Python layer (a call of _native itself) is still
    # the package's exception naming the field, never pyo3's text.
    from fen2img._convert import native_options

    options = native_options("render", "svg", {})
    options["options"].append(("size", 1.5))
    with pytest.raises(TypeError, match=r"^size: expected a str, int, bool or None, found float$") as caught:
        _native.render(START, options)
    assert "failed to extract" not in str(caught.value)
    options = native_options("render", "svg", {})
    del options["strict"]
    with pytest.raises(TypeError, match=r"^strict: missing$"):
        _native.render(START, options)


# -- the command line's limits on markup ------------------------------------


def counting(items, counter):
    for item in items:
        counter[0] += 1
        if counter[0] > 10_000:
            raise AssertionError("read far past the limit")
        yield item


@pytest.mark.parametrize("keyword", ["arrows", "marks", "fills", "glyphs"])
def test_markup_past_the_command_lines_limit_is_refused_before_it_is_read(keyword):
    most = _native.MAX_MARKUP
    assert most == 64
    one = {"arrows": "Ge2e4", "marks": "e4", "fills": ("e4", "#ff000080"), "glyphs": ("e4", "!")}[keyword]
    # At the limit: drawn.
    assert fen2img.render(START, "svg", **{keyword: [one] * most}).startswith(b"<svg")
    # Past it: refused, having taken one more than the limit from a stream
    # of ten million (which took 140 s to draw before).
    counter = [0]
    with pytest.raises(ValueError, match=rf"^{keyword}: at most {most} a diagram"):
        fen2img.render(START, "svg", **{keyword: counting(iter([one] * 10_000_000), counter)})
    assert counter[0] == most + 1


def test_arrows_as_one_string_are_limited_too():
    with pytest.raises(ValueError, match=r"^arrows: at most 64"):
        fen2img.render(START, arrows=",".join(["Ge2e4"] * 65))
    with pytest.raises(ValueError, match=r"^marks: at most 64"):
        fen2img.render(START, marks=",".join(["e4"] * 65))


def test_the_native_module_applies_the_limit_itself():
    from fen2img._convert import native_options

    options = native_options("render", "svg", {})
    options["options"] += [("arrows", "Ge2e4")] * 65
    with pytest.raises(ValueError, match=r"^arrows: at most 64 a diagram .*found 65$"):
        _native.render(START, options)


def test_the_limits_come_from_the_rust_half():
    assert fen2img._games.MAX_PGN_BYTES == _native.MAX_PGN_BYTES == 64 * 1024 * 1024


# -- PGN paths that are not regular files -----------------------------------


def test_a_fifo_is_refused_without_being_opened(tmp_path):
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    outcome = []

    def call():
        try:
            fen2img.game(pathlib.Path(fifo))
            outcome.append("returned")
        except Exception as e:  # noqa: BLE001 - the outcome is what is tested
            outcome.append(e)

    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():
        # Opening the FIFO blocked: give it a writer so the thread ends.
        with open(fifo, "wb"):
            pass
        worker.join(30)
        pytest.fail("fen2img.game opened the FIFO and waited for a writer")
    [error] = outcome
    assert isinstance(error, OSError) and not isinstance(error, FileNotFoundError), error
    assert str(error) == f"pgn: '{fifo}': it is a FIFO (named pipe), not a regular file"


def test_a_device_is_refused_without_being_read():
    with pytest.raises(OSError) as caught:
        fen2img.game(pathlib.Path("/dev/zero"))
    assert str(caught.value) == "pgn: '/dev/zero': it is a device, not a regular file"
    with pytest.raises(OSError, match="a directory, not a regular file"):
        fen2img.game_fen(pathlib.Path("/"))


def test_a_missing_or_too_large_file_is_refused_as_before(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"^pgn: '.*missing\.pgn': "):
        fen2img.game(tmp_path / "missing.pgn")
    big = tmp_path / "big.pgn"
    with open(big, "wb") as f:
        f.truncate(_native.MAX_PGN_BYTES + 1)
    with pytest.raises(ValueError, match=r"^pgn: '.*big\.pgn' is more than fen2img reads \(64 MiB\)$"):
        fen2img.game(big)


def test_a_file_through_a_link_is_read(tmp_path):
    real = tmp_path / "real.pgn"
    real.write_text('[White "A"]\n\n' + GAME + "\n")
    link = tmp_path / "link.pgn"
    link.symlink_to(real)
    assert fen2img.game_fen(link) == fen2img.game_fen(GAME)
    with pytest.raises(fen2img.GameError) as caught:
        fen2img.game(link, ply=9)
    assert caught.value.source == str(link)
