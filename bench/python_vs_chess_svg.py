#!/usr/bin/env python3
"""fen2img's Python package side by side with python-chess's ``chess.svg``
(plus cairosvg for PNG), from Python: boards per second for SVG and PNG,
and fen2img's PNG across threads (the GIL is released while drawing).

Needs, in one venv: the fen2img wheel (``maturin build --release -m
crates/python/Cargo.toml``, then ``pip install target/wheels/fen2img-*.whl``),
``pip install chess cairosvg``, and Cairo (Debian: ``apt-get install
libcairo2``).

    python bench/python_vs_chess_svg.py [--boards 200] [--seconds 3] [--threads 1,2]
                                        [--no-lastmove]

Both draw the same positions (from seeded random games, so every run draws
the same ones) at 400 px with the last move tinted and coordinates on,
each library's defaults otherwise. Prints a Markdown table with the date,
the command and the versions, for docs/guide/python.md.
"""

import argparse
import datetime
import os
import platform
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version

import cairosvg
import chess
import chess.svg
import fen2img


def positions(count, lastmove=True):
    """(board, last move) pairs from seeded random games of up to 80 plies
    (the move ``None`` without ``lastmove``)."""
    rng = random.Random(20261126)
    out = []
    board = chess.Board()
    while len(out) < count:
        moves = list(board.legal_moves)
        if not moves or board.ply() >= 80:
            board = chess.Board()
            continue
        move = rng.choice(moves)
        board.push(move)
        out.append((board.copy(stack=False), move if lastmove else None))
    return out


def rate(draw, work, seconds):
    """Boards per second (wall clock) of ``draw`` over ``work``, repeated
    for at least ``seconds`` (after a short warm-up), and the process's CPU
    milliseconds per board: on a machine shared with other work the CPU
    time is the steadier figure."""
    for board, move in work[:10]:
        draw(board, move)
    done = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    while True:
        for board, move in work:
            draw(board, move)
        done += len(work)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            cpu = time.process_time() - start_cpu
            return done / elapsed, 1000 * cpu / done


def wall_rate(draw, work, seconds, threads):
    """Boards per second, by wall clock, of ``threads`` threads drawing
    ``work`` over and over until ``seconds`` have passed."""
    deadline = time.perf_counter() + seconds
    counts = [0] * threads
    start_cpu = time.process_time()

    def loop(i):
        while time.perf_counter() < deadline:
            for board, move in work:
                draw(board, move)
            counts[i] += len(work)

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(loop, range(threads)))
    done = sum(counts)
    return done / (time.perf_counter() - start), 1000 * (time.process_time() - start_cpu) / done


def fen2img_png(board, move):
    return fen2img.render(board, lastmove=move)


def fen2img_svg(board, move):
    return fen2img.svg(board, lastmove=move)


def chess_svg(board, move):
    return chess.svg.board(board, lastmove=move, size=400)


def chess_svg_cairosvg_png(board, move):
    return cairosvg.svg2png(bytestring=chess.svg.board(board, lastmove=move, size=400))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=200, help="positions drawn (default 200)")
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time per measurement (default 3)"
    )
    parser.add_argument(
        "--threads", default="1,2", help="thread counts for fen2img PNG (default 1,2)"
    )
    parser.add_argument(
        "--no-lastmove",
        action="store_true",
        help="no last move: fen2img's PNG then draws every board on the same background",
    )
    args = parser.parse_args()
    work = positions(args.boards, lastmove=not args.no_lastmove)
    threads = [int(t) for t in args.threads.split(",")]

    rows = [
        ("SVG", "fen2img.svg", rate(fen2img_svg, work, args.seconds)),
        ("SVG", "chess.svg.board", rate(chess_svg, work, args.seconds)),
        ("PNG", "fen2img.render", rate(fen2img_png, work, args.seconds)),
        ("PNG", "chess.svg.board + cairosvg.svg2png", rate(chess_svg_cairosvg_png, work, args.seconds)),
    ]
    for n in threads:
        if n > 1:
            rows.append(
                (f"PNG, {n} threads", "fen2img.render", wall_rate(fen2img_png, work, args.seconds, n))
            )

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"Run {now}: `python bench/python_vs_chess_svg.py {' '.join(sys.argv[1:])}`".rstrip())
    print(
        f"on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"fen2img {version('fen2img')}, chess {version('chess')}, "
        f"cairosvg {version('cairosvg')}; {len(work)} positions at 400 px, "
        + ("no last move." if args.no_lastmove else "last move tinted.")
    )
    print()
    print("| output | library | boards/s (wall) | ms/board (wall) | CPU ms/board |")
    print("| --- | --- | ---: | ---: | ---: |")
    for output, library, (per_second, cpu_ms) in rows:
        print(
            f"| {output} | {library} | {per_second:,.0f} | {1000 / per_second:.3f} "
            f"| {cpu_ms:.3f} |"
        )
    by = {(o, l): 1 / r[1] for o, l, r in rows}
    print()
    print(
        "By CPU time, "
        f"fen2img is {by[('SVG', 'fen2img.svg')] / by[('SVG', 'chess.svg.board')]:.1f}x "
        f"chess.svg for SVG and "
        f"{by[('PNG', 'fen2img.render')] / by[('PNG', 'chess.svg.board + cairosvg.svg2png')]:.0f}x "
        "chess.svg + cairosvg for PNG. Load average during the run: "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
        + "."
    )


if __name__ == "__main__":
    main()
