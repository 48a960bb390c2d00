#!/usr/bin/env python3
"""Test data for fen2img's game reader, made and checked with python-chess.

    python tools/games_fixtures.py generate   # rewrite crates/chess/tests/data/games/generated*.pgn
    python tools/games_fixtures.py expected   # rewrite crates/chess/tests/data/games/expected.tsv
    python tools/games_fixtures.py expected - # print it (crates/chess/tests/games.rs compares)

`generate` plays reproducible random games (seeded) that favour what a move
generator gets wrong: mates, both castlings, en passant, every promotion,
and annotates them with comments, comment commands, NAGs and nested
variations. `expected` replays every game of every crates/chess/tests/data/games/*.pgn
with python-chess (an independent implementation) and writes, per ply, the
SAN and the FEN with the en passant square as PGN section 16.1.3.4 defines it
(after every two-square pawn move). Needs `pip install chess==1.11.2`.
"""

import io
import random
import sys
from pathlib import Path

import chess
import chess.pgn

DATA = Path(__file__).resolve().parent.parent / "crates" / "chess" / "tests" / "data" / "games"
COMMENTS = [
    "A fine move.",
    "[%cal Ge2e4,Rd1d8]",
    "[%csl Gd4,Rf7] the centre",
    "[%clk 1:02:03]",
    "[%emt 0:00:12]",
    "[#]",
    "Dubious; see the line below.",
    "[%clk 0:00:59.5] time trouble",
]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19]


def pick(rng, board):
    """A random legal move, preferring mates, castling, en passant and
    promotions so that every special move is covered."""
    moves = list(board.legal_moves)
    mates = [m for m in moves if board.is_checkmate() or gives_mate(board, m)]
    if mates:
        return rng.choice(mates)
    for kind in (board.is_castling, board.is_en_passant):
        special = [m for m in moves if kind(m)]
        if special and rng.random() < 0.7:
            return rng.choice(special)
    promos = [m for m in moves if m.promotion]
    if promos and rng.random() < 0.8:
        return rng.choice(promos)
    return rng.choice(moves)


def gives_mate(board, move):
    board.push(move)
    mate = board.is_checkmate()
    board.pop()
    return mate


def random_game(rng, board, max_plies, number):
    game = chess.pgn.Game()
    game.headers["Event"] = "fen2img generated"
    game.headers["Site"] = "?"
    game.headers["Date"] = "2026.11.26"
    game.headers["Round"] = str(number)
    game.headers["White"] = f"Random {rng.randrange(1000)}"
    game.headers["Black"] = f"Random {rng.randrange(1000)}"
    if board != chess.Board():
        game.setup(board)
    node = game
    board = board.copy()
    for _ in range(max_plies):
        if board.is_game_over():
            break
        move = pick(rng, board)
        if rng.random() < 0.08 and len(list(board.legal_moves)) > 1:
            add_variation(rng, node, board, move, depth=0)
        node = node.add_main_variation(move)
        board.push(move)
        if rng.random() < 0.15:
            node.comment = rng.choice(COMMENTS)
        if rng.random() < 0.1:
            node.nags.add(rng.choice(NAGS))
    game.headers["Result"] = board.result(claim_draw=False)
    return game


def add_variation(rng, node, board, main_move, depth):
    """A short side line replacing `main_move`, sometimes with its own."""
    others = [m for m in board.legal_moves if m != main_move]
    if not others:
        return
    line = board.copy()
    first = rng.choice(others)
    child = node.add_variation(first)
    line.push(first)
    for _ in range(rng.randrange(0, 4)):
        if line.is_game_over():
            break
        move = pick(rng, line)
        if depth < 3 and rng.random() < 0.3:
            add_variation(rng, child, line, move, depth + 1)
        child = child.add_main_variation(move)
        line.push(move)
        if rng.random() < 0.2:
            child.comment = "side line"


def generate():
    rng = random.Random(22)
    games = [random_game(rng, chess.Board(), 160, i + 1) for i in range(60)]
    write_games(DATA / "generated.pgn", games)
    games = []
    for i in range(30):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        games.append(random_game(rng, board, 160, i + 1))
    write_games(DATA / "generated960.pgn", games)


def write_games(path, games):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for game in games:
            print(game, file=f, end="\n\n")


def fen(board):
    return board.fen(en_passant="fen")


def expected(out):
    out.write("# file\tgame\tply\tsan\tfen (python-chess %s)\n" % chess.__version__)
    for path in sorted(DATA.glob("*.pgn")):
        text = path.read_text(encoding="utf-8-sig")
        stream = io.StringIO(text)
        number = 0
        while True:
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            number += 1
            if game.errors:
                raise SystemExit(f"{path.name} game {number}: {game.errors[0]}")
            board = game.board()
            out.write(f"{path.name}\t{number}\t0\t-\t{fen(board)}\n")
            for ply, move in enumerate(game.mainline_moves(), start=1):
                san = board.san(move)
                board.push(move)
                out.write(f"{path.name}\t{number}\t{ply}\t{san}\t{fen(board)}\n")


def main():
    args = sys.argv[1:]
    if args == ["generate"]:
        generate()
    elif args == ["expected"]:
        with open(DATA / "expected.tsv", "w", encoding="utf-8", newline="\n") as f:
            expected(f)
    elif args == ["expected", "-"]:
        expected(sys.stdout)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
