#!/usr/bin/env python3
"""The games benchmark's Python side (see bench/games.sh).

    python bench/games.py generate N OUT.pgn   # N reproducible random games
    python bench/games.py read FILE.pgn        # time chess.pgn.read_game
    python bench/games.py film FILE.pgn DIR    # the 100-ply game of the GIF benchmarks

`film` takes the first game of FILE.pgn with at least 100 half-moves, cut
at 100, and writes it into DIR as game.pgn (plain movetext), as lila-gif's
JSON frames (frames.json with coordinates, frames-nocoords.json without:
the last move and check on each frame, 1 s a frame, 3 s the last) and as
fen2img's `{"pgn": ...}` bodies (pgn.json, pgn-nocoords.json).

`generate` plays seeded random games with python-chess and annotates them as
real annotated files are: comments (prose and [%clk]/[%cal] commands), NAGs,
and nested variations, so every reader pays for the whole import format.
"""

import json
import random
import sys
import time

import chess
import chess.pgn

COMMENTS = ["A fine move.", "[%clk 1:02:03]", "[%cal Ge2e4,Rd1d8] the plan",
            "[%emt 0:00:12]", "Dubious; better was the line below.", "[#]"]


def random_game(rng, number):
    game = chess.pgn.Game()
    game.headers.update(Event="fen2img benchmark", Site="?", Date="2026.11.26",
                        Round=str(number), White=f"Player {rng.randrange(10**4)}",
                        Black=f"Player {rng.randrange(10**4)}")
    board = chess.Board()
    node = game
    for _ in range(rng.randrange(40, 160)):
        if board.is_game_over():
            break
        moves = list(board.legal_moves)
        move = rng.choice(moves)
        if len(moves) > 1 and rng.random() < 0.05:
            side = node.add_variation(rng.choice([m for m in moves if m != move]))
            line = side.board()
            for _ in range(rng.randrange(1, 6)):
                if line.is_game_over():
                    break
                side = side.add_main_variation(rng.choice(list(line.legal_moves)))
                line.push(side.move)
        node = node.add_main_variation(move)
        board.push(move)
        if rng.random() < 0.1:
            node.comment = rng.choice(COMMENTS)
        if rng.random() < 0.05:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14, 16]))
    game.headers["Result"] = board.result()
    return game


def film(pgn, work):
    with open(pgn, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            moves = list(game.mainline_moves())
            if len(moves) >= 100:
                break
    board = game.board()
    frames = [{"fen": board.fen()}]
    for mv in moves[:100]:
        board.push(mv)
        frame = {"fen": board.fen(), "lastMove": mv.uci(), "delay": 100}
        if board.is_check():
            frame["check"] = chess.square_name(board.king(board.turn))
        frames.append(frame)
    frames[-1]["delay"] = 300
    out = chess.pgn.Game()
    node = out
    for mv in moves[:100]:
        node = node.add_variation(mv)
    movetext = str(out.mainline_moves()) + " *"
    with open(f"{work}/game.pgn", "w") as f:
        f.write(movetext + "\n")
    for coords in (True, False):
        suffix = "" if coords else "-nocoords"
        with open(f"{work}/frames{suffix}.json", "w") as f:
            f.write(json.dumps({"frames": frames, "coordinates": coords}))
        with open(f"{work}/pgn{suffix}.json", "w") as f:
            f.write(json.dumps({"pgn": movetext, "coordinates": coords}))


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "generate":
        rng = random.Random(10_000)
        with open(args[2], "w", encoding="utf-8", newline="\n") as f:
            for i in range(int(args[1])):
                print(random_game(rng, i + 1), file=f, end="\n\n")
    elif len(args) == 2 and args[0] == "read":
        start = time.perf_counter()
        games = plies = errors = 0
        with open(args[1], encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                errors += bool(game.errors)
                plies += sum(1 for _ in game.mainline_moves())
        took = time.perf_counter() - start
        print(f"python-chess {chess.__version__}: {games} games, {plies} plies, "
              f"{errors} with errors: {took:.3f} s")
    elif len(args) == 3 and args[0] == "film":
        film(args[1], args[2])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
