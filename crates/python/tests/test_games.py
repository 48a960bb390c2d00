"""Games: positions against python-chess's, selectors, markers, what a
game draws (against render() given the same marks explicitly, and against
the fen2img command line's bytes), animations' frames and delays, errors
with their places, hostile input, python-chess objects, threads."""

import io
import os
import pickle
import random
import shutil
import subprocess
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import chess
import chess.pgn
import fen2img
import pytest

REPO = Path(__file__).resolve().parents[3]
GAMES = [
    REPO / "crates/chess/tests/data/games/famous.pgn",
    REPO / "crates/chess/tests/data/games/generated.pgn",
    REPO / "crates/chess/tests/data/games/generated960.pgn",
    REPO / "tests/data/games/opera.pgn",
    REPO / "tests/data/games/shilling.pgn",
]
OPERA = REPO / "tests/data/games/opera.pgn"
SHILLING = REPO / "tests/data/games/shilling.pgn"
MORPHY, DUKE = "Morphy, Paul", "Duke Karl / Count Isouard"


def python_chess_games(path: Path):
    with open(path, encoding="utf-8-sig") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            yield game


def normal(fen: str, chess960: bool) -> str:
    """A FEN as python-chess writes it (X-FEN castling, the en passant
    square only when a capture is legal), so two spellings of one position
    compare equal."""
    return chess.Board(fen, chess960=chess960).fen(en_passant="legal")


def expected_fens(game: chess.pgn.Game):
    board = game.board()
    fens = [board.fen(en_passant="legal")]
    for move in game.mainline_moves():
        board.push(move)
        fens.append(board.fen(en_passant="legal"))
    return fens, board.chess960


# -- positions -------------------------------------------------------------


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_position_of_every_game_is_python_chess_s(path):
    text = path.read_bytes()
    count = 0
    for number, game in enumerate(python_chess_games(path), start=1):
        fens, chess960 = expected_fens(game)
        got = fen2img.game_diagrams(text, None, game=number)
        assert [d.ply for d in got] == list(range(len(fens)))
        assert [normal(d.fen, chess960) for d in got] == fens, f"{path.name} game {number}"
        # The final position by default, and game_fen agrees.
        assert normal(fen2img.game_fen(text, game=number), chess960) == fens[-1]
        count += 1
    assert count >= 1


def test_numbered_san_is_python_chess_s_san_with_its_glyph():
    game = next(python_chess_games(OPERA))
    board = game.board()
    sans = []
    suffix = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
    for node in game.mainline():
        number = board.fullmove_number
        dots = "." if board.turn == chess.WHITE else "..."
        glyph = "".join(suffix[n] for n in sorted(node.nags) if n in suffix)
        sans.append(f"{number}{dots}{board.san(node.move)}{glyph}")
        board.push(node.move)
    assert any(s.endswith("!!") for s in sans)
    got = fen2img.game_diagrams(OPERA, None)
    assert got[0].san is None and got[0].lastmove is None
    assert [d.san for d in got[1:]] == sans


# -- selectors -------------------------------------------------------------


def test_ply_move_and_game_select_positions():
    games = list(python_chess_games(GAMES[0]))
    fens, _ = expected_fens(games[0])
    text = GAMES[0].read_text(encoding="utf-8")

    def fen(**selector):
        return normal(fen2img.game_fen(text, **selector), False)

    assert fen(ply=0) == fens[0]
    assert fen(ply=5) == fens[5]
    # After White's 17th move is ply 33; after Black's 16th, ply 32.
    assert fen(move="17w") == fens[33]
    assert fen(move="16b") == fens[32]
    assert fen(move="17.Rd8") == fens[33]
    assert fen(move="16...Nxb8") == fens[32]
    second, _ = expected_fens(games[1])
    assert fen(game=2, ply=7) == second[7]
    # format="fen" is render's: the FEN line as bytes.
    assert fen2img.game(text, "fen", ply=5).decode().strip() == fen2img.game_fen(text, ply=5)


def test_a_move_checked_against_the_game_must_be_its_move():
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(OPERA, move="17.Qd8")
    assert e.value.kind == "select"
    assert "Rd8" in str(e.value)


def test_a_range_is_every_position_between_its_bounds():
    got = fen2img.game_diagrams(OPERA, None, start="10w", end=25)
    assert [d.ply for d in got] == list(range(19, 26))
    assert fen2img.game_diagrams(OPERA, None, start="30")[-1].ply == 33
    with pytest.raises(fen2img.GameError, match="starts after it ends"):
        fen2img.game_diagrams(OPERA, None, start=20, end=10)


def test_markers_give_one_diagram_each_in_game_order():
    got = fen2img.game_diagrams(OPERA, "svg", markers=True)
    assert [(d.marker, d.ply, d.san) for d in got] == [(1, 30, "15...Nxd7"), (2, 33, "17.Rd8#")]
    assert all(d.format == "svg" and d.data.startswith(b"<svg") for d in got)
    # Each is the drawing game() makes of its ply.
    assert got[1].data == fen2img.game(OPERA, "svg", ply=33)
    # All the marker conventions.
    pgn = "1. e4 {[#]} e5 {#} 2. Nf3 {[D]} Nc6 {[%diagram]} 3. Bb5 *"
    assert [d.ply for d in fen2img.game_diagrams(pgn, None, markers=True)] == [1, 2, 3, 4]
    with pytest.raises(fen2img.GameError, match="no diagram markers"):
        fen2img.game_diagrams("1. e4 e5 *", None, markers=True)


# -- what a game draws -----------------------------------------------------


def test_a_game_s_diagram_is_render_with_the_game_s_marks():
    # 16.Qb8+!! {[%cal Gb3b8]}: last move, check, the arrow, the glyph,
    # the players from the tags.
    d = fen2img.game_diagrams(OPERA, None, ply=31)[0]
    assert (d.san, d.lastmove, d.check, d.arrows, d.glyph) == (
        "16.Qb8+!!",
        "b3b8",
        "e8",
        ("Gb3b8",),
        ("b8", "!!"),
    )
    explicit = dict(lastmove="b3b8", check="e8", white=MORPHY, black=DUKE)
    for format in ("png", "svg"):
        drawn = fen2img.game(OPERA, format, ply=31)
        assert drawn == fen2img.render(
            d.fen, format, arrows=["Gb3b8"], glyphs={"b8": "!!"}, **explicit
        )
        # The arrow and the glyph are drawn: without either it differs.
        assert drawn != fen2img.render(d.fen, format, glyphs={"b8": "!!"}, **explicit)
        assert drawn != fen2img.render(d.fen, format, arrows=["Gb3b8"], **explicit)


def test_the_final_mate_draws_arrows_circles_and_the_move_caption():
    d = fen2img.game_diagrams(OPERA, None, caption="auto")[-1]
    assert d.arrows == ("Gd1d8", "Rd8d8", "Re8e8") and d.caption == "17.Rd8#"
    drawn = fen2img.game(OPERA, "svg", caption="auto")
    assert drawn == fen2img.render(
        d.fen,
        "svg",
        lastmove="d1d8",
        check="e8",
        arrows=d.arrows,
        caption="17.Rd8#",
        white=MORPHY,
        black=DUKE,
    )
    # The source caption names the game from its tags.
    source = fen2img.game_diagrams(OPERA, None, caption_source=True)[-1].caption
    assert source.startswith("Morphy") and "Paris 1858" in source and source.endswith("17.Rd8#")
    figurine = fen2img.game_diagrams(OPERA, None, caption="auto", figurine=True)
    assert figurine[-1].caption == "17.\u2656d8#"


def test_each_diagram_has_its_words_for_alt_text():
    d = fen2img.game_diagrams(OPERA, None, ply=31, caption="auto")[0]
    assert d.alt.startswith("16.Qb8+!!") and "Morphy" in d.alt and "Black to move" in d.alt
    assert "Qb8" in d.alt and "!!" in d.alt.split("Black to move")[1]
    # The position part is describe()'s.
    assert fen2img.describe(d.fen) in d.alt


def test_what_the_caller_gives_wins_over_the_game():
    d = fen2img.game_diagrams(OPERA, None)[-1]
    mine = fen2img.game(OPERA, "svg", lastmove="a2a3", white="W", black="B", caption="Mate")
    assert mine == fen2img.render(
        d.fen, "svg", lastmove="a2a3", check="e8", arrows=d.arrows, white="W", black="B",
        caption="Mate",
    )


def test_clocks_come_from_the_tags_and_the_move():
    got = fen2img.game_diagrams(SHILLING, None)
    assert (got[7].white_clock, got[7].black_clock) == ("2:40", "2:57")
    assert (got[8].white_clock, got[8].black_clock) == ("2:40", "2:50")
    assert got[8].glyph == ("g5", "!") and got[8].arrows == ("Gd8g5", "Rg5g2", "Rg2g2")
    # The clock is drawn: the bar differs from a clockless one.
    d = got[8]
    without = fen2img.render(
        d.fen, "svg", lastmove=d.lastmove, arrows=d.arrows, glyphs=[d.glyph],
        white="Greedy, Gus", white_elo=1500, black="Trapper, Tina", black_elo=2250,
        black_title="FM",
    )
    drawn = fen2img.game(SHILLING, "svg", ply=8)
    assert "2:50" in drawn.decode() and "2:50" not in without.decode()


def test_a_character_the_font_lacks_warns_once_as_the_command_line_does():
    # 7...Nf3#: the knight's figurine is not in the embedded font.
    with pytest.warns(fen2img.PositionWarning) as caught:
        fen2img.game(SHILLING, "svg", caption="auto", figurine=True)
    messages = [str(w.message) for w in caught]
    assert messages == [
        "the game's caption: the font has no glyph for U+2658 '\u2658'; it is drawn as <U+FFFD>"
    ]
    # Text formats draw no font.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fen2img.game(SHILLING, "ascii", caption="auto", figurine=True)


def cli():
    """The fen2img command built beside this package (CI's `cargo test`
    builds target/debug/fen2img), or FEN2IMG_BIN."""
    given = os.environ.get("FEN2IMG_BIN")
    if given and not os.access(given, os.X_OK):
        # CI names it: its tests must run, not be skipped.
        raise RuntimeError(f"FEN2IMG_BIN={given} is not an executable")
    candidates = [given]
    target = os.environ.get("CARGO_TARGET_DIR")
    for base in ([Path(target)] if target else []) + [REPO / "target"]:
        candidates += [str(base / "debug" / "fen2img"), str(base / "release" / "fen2img")]
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    return shutil.which("fen2img")


@pytest.mark.skipif(cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN")
@pytest.mark.filterwarnings("ignore::fen2img.PositionWarning")
@pytest.mark.parametrize(
    "path, flags, kwargs",
    [
        (OPERA, ["--ply", "31"], dict(ply=31)),
        (OPERA, ["--caption", "auto"], dict(caption="auto")),
        (
            SHILLING,
            ["--move", "4b", "--size", "300", "--flip"],
            dict(move="4b", flip=True, size=300),
        ),
        (
            SHILLING,
            ["--caption-source", "--theme", "blue"],
            dict(caption_source=True, theme="blue"),
        ),
        (SHILLING, ["--caption", "auto", "--figurine"], dict(caption="auto", figurine=True)),
    ],
)
def test_the_same_bytes_as_the_command_line(tmp_path, path, flags, kwargs):
    out = tmp_path / "x.png"
    subprocess.run([cli(), str(path), *flags, "-o", str(out)], check=True, timeout=120)
    assert fen2img.game(path, **kwargs) == out.read_bytes()


# -- inputs ----------------------------------------------------------------


def test_python_chess_games_and_boards_are_games():
    game = next(python_chess_games(OPERA))
    fens, _ = expected_fens(game)
    assert fen2img.game_fen(game) == fens[-1]
    assert fen2img.game(game, "svg", ply=31) == fen2img.game(OPERA, "svg", ply=31)
    # A board: its moves from its root, with the last move tinted.
    board = game.end().board()
    assert fen2img.game_fen(board, ply=10) == fens[10]
    assert fen2img.game_diagrams(board, None)[-1].lastmove == "d1d8"


def test_moves_after_a_position():
    start = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"
    assert fen2img.game_fen(start, moves="Kd7 e4 Kc6") == "8/8/2k5/8/4P3/8/8/4K3 w - - 1 42"
    assert fen2img.game_fen(None, moves=["e2e4", chess.Move.from_uci("e7e5"), "Nf3"]) == (
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    )
    board = chess.Board()
    board.push_san("d4")
    d = fen2img.game_diagrams(board, None, moves="d5 c4")[-1]
    assert (d.san, d.lastmove) == ("2.c4", "c2c4")


def test_chess960_games_from_python_chess_boards():
    # python-chess writes Chess960 castling as the king taking its rook.
    for scharnagl in (0, 100, 959):
        board = chess.Board.from_chess960_pos(scharnagl)
        rng = random.Random(scharnagl)
        for _ in range(40):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        assert normal(fen2img.game_fen(board), True) == board.fen(en_passant="legal")


def test_bytes_paths_and_file_names(tmp_path):
    path = tmp_path / "g.pgn"
    path.write_bytes(b"\xef\xbb\xbf[White \"A\"]\r\n\r\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\r\n")
    assert fen2img.game_fen(path) == fen2img.game_fen(path.read_bytes())
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(path, ply=9)
    assert e.value.source == str(path) and str(e.value).startswith(str(path) + ": game 1 (A")


# -- errors ----------------------------------------------------------------

BAD = (
    '[Event "Paris"]\n[White "Morphy"]\n[Black "Allies"]\n\n'
    "1. e4 e5 2. Nf3 d6 3. Rd8 *\n"
)


def test_an_illegal_move_is_a_game_error_with_its_place():
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(BAD)
    error = e.value
    assert isinstance(error, ValueError)
    first = str(error).splitlines()[0]
    assert first == (
        "<pgn>:5:23: game 1 (Morphy – Allies), move 3 White: Rd8 is not legal here: "
        "no rook can reach d8"
    )
    assert (error.source, error.line, error.column, error.game) == ("<pgn>", 5, 23, 1)
    assert (error.players, error.move_number, error.side) == ("Morphy – Allies", 3, "white")
    assert error.kind == "pgn" and error.reason.startswith("Rd8 is not legal here")
    assert error.caret.splitlines()[1].index("^") == error.caret.splitlines()[0].index("Rd8")
    assert str(error).splitlines()[1:] == error.caret.splitlines()
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.line, copy.column, copy.side, str(copy)) == (5, 23, "white", str(error))


def test_the_game_number_and_file_name_are_named():
    text = "1. e4 e5 *\n\n" + BAD
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(text, game=2, filename="games.pgn")
    assert str(e.value).startswith("games.pgn:7:23: game 2 (Morphy – Allies), move 3 White")
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(text, game=5)
    assert e.value.kind == "pgn" and "2" in e.value.reason


def test_a_ply_beyond_the_game_names_its_length():
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(OPERA, ply=40)
    assert e.value.kind == "select" and e.value.line is None
    assert "33 half-moves" in str(e.value) and "17.Rd8#" in str(e.value)


def test_a_bad_move_of_a_list_is_placed_by_column():
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(None, moves="e4 e5 Ke3")
    assert str(e.value).splitlines()[0] == (
        "moves at column 7: move 2 White: Ke3 is not legal here: no king can reach e3"
    )
    assert (e.value.line, e.value.column, e.value.kind) == (None, 7, "moves")


@pytest.mark.parametrize("variant", ["Crazyhouse", "Three-check", "Atomic"])
def test_unsupported_variants_are_refused_in_one_line(variant):
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(f'[Variant "{variant}"]\n\n1. e4 e5 *')
    line = str(e.value).splitlines()[0]
    assert line.startswith("<pgn>:1:") and "cannot be played" in line


@pytest.mark.parametrize(
    "board", ["CrazyhouseBoard", "ThreeCheckBoard", "AtomicBoard", "HordeBoard"]
)
def test_python_chess_variant_boards_are_refused_not_played_as_chess(board):
    import chess.variant

    played = getattr(chess.variant, board)()
    played.push(next(iter(played.legal_moves)))
    for call in (
        lambda: fen2img.game_fen(played),
        lambda: fen2img.game_fen(played, moves=[]),
    ):
        with pytest.raises(fen2img.GameError) as e:
            call()
        line = str(e.value)
        assert line.startswith("moves: ") and "games cannot be played" in line
        assert "\n" not in line and e.value.kind == "moves"


def test_lenient_reading_warns_and_strict_refuses():
    # An illegal move inside a variation: the rest of it is skipped, with
    # a warning placed as errors are.
    text = "1. e4 e5 (1... Kd5 2. d4) 2. Nf3 *"
    placed = r"^<pgn>:1:16: game 1, move 1 Black: Kd5 is not legal here"
    with pytest.warns(fen2img.PositionWarning, match=placed):
        assert fen2img.game_fen(text, ply=3).startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/")
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game(text, strict=True)
    assert (e.value.line, e.value.column) == (1, 16)
    # 0-0 for O-O: read leniently, refused strictly.
    castled = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *"
    assert " b kq - 5 4" in fen2img.game_fen(castled)
    with pytest.raises(fen2img.GameError):
        fen2img.game(castled, strict=True)


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: fen2img.game(OPERA, ply=1, move="1w"), TypeError),
        (lambda: fen2img.game(OPERA, ply="3"), TypeError),
        (lambda: fen2img.game(OPERA, ply=-1), ValueError),
        (lambda: fen2img.game(OPERA, move="w17"), ValueError),
        (lambda: fen2img.game(OPERA, game=0), ValueError),
        (lambda: fen2img.game(OPERA, game=True), TypeError),
        (lambda: fen2img.game(42), TypeError),
        (lambda: fen2img.game(OPERA, sise=3), TypeError),
        (lambda: fen2img.game_diagrams(OPERA, markers=True, ply=3), TypeError),
        (lambda: fen2img.animate(OPERA, "webp"), ValueError),
        (lambda: fen2img.animate(OPERA, delay="fast"), ValueError),
        (lambda: fen2img.animate(OPERA, delay=-1), ValueError),
        (lambda: fen2img.animate(OPERA, delay=700), ValueError),
        (lambda: fen2img.animate(OPERA, clock_scale=0), ValueError),
        (lambda: fen2img.game(OPERA, ply=10**30), ValueError),
        (lambda: fen2img.game(OPERA, game=10**30), ValueError),
        (lambda: fen2img.render("8/8/8/8/8/8/8/K6k w - - 0 1", glyphs={"a1": "!!!"}), ValueError),
    ],
)
def test_bad_arguments_are_type_or_value_errors(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize(
    "hostile",
    [
        b"1. e4 \x00 e5 *",
        b"\x00" * 1000,
        b"1. e4 { never closed " + b"x" * 100_000,
        b"1. e4 " + b"(" * 100_000 + b"e5",
        b"1. e4 " + b"( 1... e5 " * 20_000 + b")" * 20_000 + b" *",
        b'[White "' + b"A" * 2_000_000 + b'"]\n\n1. e4 *',
        b'[White "unterminated\n\n1. e4 *',
        b"\xff\xfe\x80 1. e4 *",
        b"1. e4 $999999999999 e5 *",
        b"{[%cal Zz9z9,Ge2]} 1. e4 {[%clk 99999999:99:99]} *",
        b"1. " + b"Nf3 Nf6 Ng1 Ng8 " * 5_000 + b"*",
    ],
)
def test_hostile_pgn_is_read_or_refused_never_a_crash(hostile):
    # (Each is read in well under a second; a loop or a quadratic reading
    # would show here as a hung test, which CI's time limit stops.)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fens = [d.fen for d in fen2img.game_diagrams(hostile, None, end=30)]
        except fen2img.GameError as e:
            assert str(e).splitlines()[0].startswith("<pgn>")
        else:
            assert fens and all(fen.count("/") == 7 for fen in fens)


@pytest.mark.parametrize(
    "moves",
    ["e4 \x00 e5", "e4 " * 100_000, "\u202e e4", "1. e4 { x", "(e4)", "e4 e5 " + "!" * 9999],
)
def test_hostile_moves_are_refused_in_one_placed_line(moves):
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game_fen(None, moves=moves)
    first = str(e.value).splitlines()[0]
    assert first.startswith("moves at column ") and e.value.column >= 1
    # Control and invisible characters are shown escaped, never raw.
    assert "\x00" not in str(e.value) and "\u202e" not in str(e.value)


def test_a_file_name_is_escaped_in_messages():
    with pytest.raises(fen2img.GameError) as e:
        fen2img.game("1. e4 Kd5 *", filename="a\x1b[31m\u202eb.pgn")
    assert str(e.value).startswith("a<U+001B>[31m<U+202E>b.pgn:1:7: game 1, move 1 Black: Kd5")


# -- animation -------------------------------------------------------------


def gif_frames(data: bytes):
    """(width, height) and each frame's delay in hundredths of a second,
    read from the GIF's blocks (no image library needed)."""
    assert data[:6] == b"GIF89a"
    width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    flags, at = data[10], 13
    if flags & 0x80:
        at += 3 << ((flags & 7) + 1)

    def skip_blocks(at):
        while data[at]:
            at += data[at] + 1
        return at + 1

    delays, delay = [], None
    while data[at] != 0x3B:
        if data[at] == 0x21:
            if data[at + 1] == 0xF9:
                delay = int.from_bytes(data[at + 4 : at + 6], "little")
            at = skip_blocks(at + 2)
        elif data[at] == 0x2C:
            local = data[at + 9]
            at += 10
            if local & 0x80:
                at += 3 << ((local & 7) + 1)
            at = skip_blocks(at + 1)
            delays.append(delay)
            delay = None
        else:
            raise AssertionError(f"unexpected GIF block {data[at]:#x} at {at}")
    return (width, height), delays


def test_an_animation_has_a_frame_per_position_and_its_delays():
    data = fen2img.animate(OPERA, size=200, delay=0.5, last_delay="2s")
    size, delays = gif_frames(data)
    assert size[0] == 200
    assert delays == [50] * 33 + [200]
    # A range, and the command line's time syntax.
    _, delays = gif_frames(fen2img.animate(OPERA, size=160, start="16w", end=33, delay="800ms"))
    assert delays == [80, 80, 300]
    # Deterministic.
    assert fen2img.animate(OPERA, size=200, delay=0.5, last_delay="2s") == data


def test_clock_delays_follow_the_game_s_thinking_times():
    _, delays = gif_frames(fen2img.animate(SHILLING, size=160, clock_scale=0.1))
    # 3. Bc4 took 5 s ([%emt]): the position before it stood 5 s; at 0.1
    # that is 0.5 s. The last frame keeps last_delay.
    assert delays[4] == 50
    assert delays[-1] == 300 and len(delays) == 15
    assert delays != [100] * 14 + [300]


@pytest.mark.skipif(cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN")
@pytest.mark.parametrize("ply", [0, 7, 31, 33])
def test_the_alt_text_is_the_command_line_s(ply):
    said = subprocess.run(
        [cli(), str(OPERA), "--ply", str(ply), "--caption", "auto", "--alt"],
        check=True,
        capture_output=True,
        timeout=120,
    ).stdout.decode()
    d = fen2img.game_diagrams(OPERA, None, ply=ply, caption="auto")[0]
    assert d.alt + "\n" == said


@pytest.mark.skipif(cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN")
def test_the_animation_is_the_command_line_s(tmp_path):
    out = tmp_path / "g.gif"
    subprocess.run(
        [cli(), str(SHILLING), "--animate", "--size", "240", "--delay", "600ms", "-o", str(out)],
        check=True,
        timeout=300,
    )
    assert fen2img.animate(SHILLING, size=240, delay=0.6) == out.read_bytes()


def apng_frames(data):
    """The frame count acTL announces and each fcTL's delay in hundredths
    of a second, read from the PNG's chunks."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, frames, delays = 8, None, []
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"acTL":
            frames = int.from_bytes(body[0:4], "big")
        elif kind == b"fcTL":
            num, den = int.from_bytes(body[20:22], "big"), int.from_bytes(body[22:24], "big")
            delays.append(num * 100 // (den or 100))
        at += 12 + length
    return frames, delays


@pytest.mark.skipif(cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN")
def test_an_animated_png_is_the_command_line_s(tmp_path):
    out = tmp_path / "g.png"
    subprocess.run(
        [cli(), str(SHILLING), "--animate", "--size", "240", "--delay", "600ms", "-o", str(out)],
        check=True,
        timeout=300,
    )
    data = fen2img.animate(SHILLING, "png", size=240, delay=0.6)
    assert data == out.read_bytes()
    frames, delays = apng_frames(data)
    assert frames == 15 and delays == [60] * 14 + [300]


# -- threads ---------------------------------------------------------------


def test_threads_draw_games_as_one_thread_does():
    jobs = [
        (path, ply, fmt)
        for path in (OPERA, SHILLING)
        for ply in range(0, 14, 3)
        for fmt in ("png", "svg")
    ]
    alone = [fen2img.game(p, f, ply=ply) for p, ply, f in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda j: fen2img.game(j[0], j[2], ply=j[1]), jobs * 3))
    assert together == alone * 3
