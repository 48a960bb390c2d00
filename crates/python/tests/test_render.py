"""render(), svg() and describe() on FEN text: formats, sizes, options,
determinism."""

import fen2img
import pytest
from board_svg import PLAIN, pieces, png_size, tinted

ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"


@pytest.mark.parametrize(
    "format, magic",
    [
        ("png", b"\x89PNG\r\n\x1a\n"),
        ("svg", b"<svg "),
        ("webp", b"RIFF"),
        ("jpeg", b"\xff\xd8\xff"),
        ("jpg", b"\xff\xd8\xff"),
        ("gif", b"GIF89a"),
        ("PNG", b"\x89PNG\r\n\x1a\n"),
    ],
)
def test_each_image_format_starts_with_its_signature(format, magic):
    assert fen2img.render(ITALIAN, format).startswith(magic)


def test_png_is_the_default_format_and_size_sets_the_width():
    assert png_size(fen2img.render(ITALIAN))[0] == 400
    assert png_size(fen2img.render(ITALIAN, size=240))[0] == 240


def test_text_boards_are_utf8_text():
    ascii_board = fen2img.render(ITALIAN, "ascii").decode("ascii")
    assert "| r |   | b | q | k | b | n | r |" in ascii_board
    assert "Black to move" in ascii_board
    assert "♞" in fen2img.render(ITALIAN, "unicode").decode("utf-8")
    assert fen2img.render(ITALIAN, "fen") == (ITALIAN + "\n").encode()


def test_svg_returns_the_document_as_str():
    svg = fen2img.svg(ITALIAN)
    assert isinstance(svg, str)
    assert svg.startswith("<svg ") and svg.rstrip().endswith("</svg>")
    assert svg.encode() == fen2img.render(ITALIAN, "svg")


def test_the_svg_draws_the_pieces_of_the_fen_on_their_squares():
    drawn = pieces(fen2img.svg(ITALIAN, **PLAIN))
    assert drawn["c6"] == "n" and drawn["c4"] == "B" and drawn["f3"] == "N"
    assert drawn["e1"] == "K" and drawn["e8"] == "k"
    assert len(drawn) == 32


def test_flip_puts_black_at_the_bottom():
    plain = fen2img.svg(ITALIAN, **PLAIN)
    flipped = fen2img.svg(ITALIAN, flip=True, **PLAIN)
    assert flipped != plain
    # The same pieces on the same squares, read with the board turned.
    assert pieces(flipped, flip=True) == pieces(plain)


def test_output_is_byte_identical_for_the_same_input_and_options():
    options = dict(size=333, theme="blue", arrows=["Rc4f7"], caption="Italian", lastmove="f1c4")
    for format in ("png", "svg", "webp", "gif"):
        first = fen2img.render(ITALIAN, format, **options)
        # Other options in between must not leak into the next diagram.
        fen2img.render(ITALIAN, format, size=200, flip=True)
        assert fen2img.render(ITALIAN, format, **options) == first


def test_options_change_the_picture():
    base = fen2img.render(ITALIAN)
    for options in [
        dict(theme="green"),
        dict(coordinates="inside"),
        dict(coordinates=False),
        dict(border=False),
        dict(side_to_move=False),
        dict(background="#123456"),
        dict(transparent=True),
        dict(marks=["f7"]),
        dict(fills={"f7": "#ff000080"}),
        dict(caption="The Italian"),
        dict(caption=True),
        dict(number=3),
        dict(white="Carlsen, Magnus", white_title="GM", white_elo=2830),
    ]:
        assert fen2img.render(ITALIAN, **options) != base, options


def test_lastmove_tints_its_two_squares_and_fills_theirs():
    svg = fen2img.svg(ITALIAN, lastmove="f1c4", **PLAIN)
    assert tinted(svg) == {"f1", "c4"}
    svg = fen2img.svg(ITALIAN, fills={"d5": "#ff000080", "a1": "#00ff00"}, **PLAIN)
    assert tinted(svg) == {"d5", "a1"}
    assert tinted(fen2img.svg(ITALIAN, **PLAIN)) == set()


def test_a_lastmove_as_uci_as_squares_and_as_promotion_agree():
    by_uci = fen2img.svg(ITALIAN, lastmove="f1c4", **PLAIN)
    assert fen2img.svg(ITALIAN, lastmove=("f1", "c4"), **PLAIN) == by_uci
    assert fen2img.svg(ITALIAN, lastmove=(5, 26), **PLAIN) == by_uci
    promoted = "4k3/2Q5/8/8/8/8/8/4K3 b - - 0 1"
    assert tinted(fen2img.svg(promoted, lastmove="c7c8q", **PLAIN)) == {"c7", "c8"}
    # A drop tints the one square it lands on; the null move tints nothing.
    assert tinted(fen2img.svg(promoted, lastmove="Q@c7", **PLAIN)) == {"c7"}
    assert tinted(fen2img.svg(promoted, lastmove="0000", **PLAIN)) == set()


def test_arrow_forms_agree():
    spec = fen2img.svg(ITALIAN, arrows=["Rc4f7", "Gd2d4"], **PLAIN)
    assert spec != fen2img.svg(ITALIAN, **PLAIN)
    assert fen2img.svg(ITALIAN, arrows="Rc4f7,Gd2d4", **PLAIN) == spec
    assert fen2img.svg(ITALIAN, arrows=[("c4", "f7", "red"), ("d2", "d4")], **PLAIN) == spec
    assert fen2img.svg(ITALIAN, arrows=[(26, 53, "R"), "d2d4"], **PLAIN) == spec


def test_describe_lists_side_to_move_and_pieces_after_caption_and_players():
    text = fen2img.describe("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    assert text == "White to move. White: Ke1, pawn e2. Black: Ke8."
    text = fen2img.describe(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", caption="An easy win", number=7, white="Ann"
    )
    assert text.startswith("Diagram 7: An easy win.")
    assert "Ann" in text and text.endswith("White to move. White: Ke1, pawn e2. Black: Ke8.")


def test_the_svg_carries_the_description_for_screen_readers():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert f"<desc>{fen2img.describe(fen)}</desc>" in fen2img.svg(fen)


def test_positions_as_bytes_and_placement_only_are_read():
    assert fen2img.render(ITALIAN.encode(), "fen") == (ITALIAN + "\n").encode()
    placement = ITALIAN.split()[0]
    assert pieces(fen2img.svg(placement, **PLAIN)) == pieces(fen2img.svg(ITALIAN, **PLAIN))


def test_a_theme_file_is_read_from_a_path(tmp_path):
    theme = tmp_path / "mine.theme"
    theme.write_text("light = #e1e2e3\ndark = #313233\n")
    svg = fen2img.svg(ITALIAN, theme=theme)
    assert "#e1e2e3" in svg and "#313233" in svg


def test_any_object_with_a_fen_method_or_property_is_a_position():
    class Method:
        def fen(self):
            return ITALIAN

    class Property:
        fen = ITALIAN

    expected = fen2img.render(ITALIAN, "fen")
    assert fen2img.render(Method(), "fen") == expected
    assert fen2img.render(Property(), "fen") == expected
