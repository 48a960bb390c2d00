"""Threads render at once (the GIL is released while drawing), each with
its own renderer: what each thread gets must be exactly what one thread
gets alone, whatever the other threads draw meanwhile."""

import random
from concurrent.futures import ThreadPoolExecutor

import chess
import fen2img


def positions(count: int):
    rng = random.Random(2026)
    out = []
    board = chess.Board()
    while len(out) < count:
        moves = list(board.legal_moves)
        if not moves or board.ply() > 60:
            board = chess.Board()
            continue
        move = rng.choice(moves)
        board.push(move)
        out.append((board.fen(), move.uci()))
    return out


# Different options in each job, so every thread switches its renderer's
# options between boards.
OPTIONS = [
    dict(format="png"),
    dict(format="png", size=256, flip=True, theme="blue"),
    dict(format="svg", arrows=["Ge2e4"]),
    dict(format="webp", coordinates="inside"),
    dict(format="gif", size=200),
    dict(format="png", caption=True, check=True),
]


def job(i, fen, uci):
    options = dict(OPTIONS[i % len(OPTIONS)])
    return fen2img.render(fen, options.pop("format"), lastmove=uci, **options)


def test_parallel_threads_draw_what_one_thread_draws():
    work = [(i, fen, uci) for i, (fen, uci) in enumerate(positions(240))]
    alone = [job(*w) for w in work]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda w: job(*w), work))
        # And again in another order, so each thread meets other neighbours.
        backwards = list(pool.map(lambda w: job(*w), reversed(work)))
    assert together == alone
    assert backwards == alone[::-1]
    assert len(set(alone)) == len(alone)


def test_threads_report_errors_of_their_own():
    bad = ["8/8/8/8/8/8/8/8 x - - 0 1", "not fen at all"] * 20

    def attempt(fen):
        try:
            fen2img.render(fen)
        except fen2img.FenError as e:
            return e.field
        return None

    with ThreadPoolExecutor(max_workers=4) as pool:
        fields = list(pool.map(attempt, bad))
    assert fields == [attempt(fen) for fen in bad]
    assert None not in fields
