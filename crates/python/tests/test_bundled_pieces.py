"""pieces= takes a bundled set by name as well as a directory."""

import pathlib

import fen2img
import pytest

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SETS = pathlib.Path(__file__).resolve().parents[2] / "render" / "assets" / "pieces"
NAMES = sorted(p.name for p in SETS.iterdir() if p.is_dir())


@pytest.mark.parametrize("name", NAMES)
def test_a_bundled_set_by_name_is_drawn(name):
    own = fen2img.render(START, format="png", size=320, pieces="fen2img")
    assert fen2img.render(START, format="png", size=320, pieces=name) != own
    assert fen2img.svg(START, pieces=name) != fen2img.svg(START, pieces="fen2img")


def test_each_theme_draws_its_own_set_unless_one_is_asked_for():
    # brown's set is cburnett, print's the project's own (docs/guide/pieces.md).
    assert fen2img.svg(START) == fen2img.svg(START, pieces="cburnett")
    print_own = fen2img.svg(START, theme="print", pieces="fen2img")
    assert fen2img.svg(START, theme="print") == print_own
    assert fen2img.svg(START, theme="print", pieces="kosal") != print_own


def test_a_name_and_its_directory_differ_where_the_name_is_hinted():
    # 160 px: 20 px squares, where a bundled set is hinted and a directory's
    # set is drawn as its files are.
    by_name = fen2img.render(START, format="png", size=160, coordinates=False, pieces="cburnett")
    by_dir = fen2img.render(
        START, format="png", size=160, coordinates=False, pieces=SETS / "cburnett"
    )
    assert by_name != by_dir


def test_an_unknown_name_lists_the_bundled_sets():
    with pytest.raises(OSError, match="^pieces") as caught:
        fen2img.render(START, pieces="merida")
    for name in NAMES:
        assert name in str(caught.value)
