"""Render a FEN corpus with python-chess + cairosvg, in one process.

The baseline for bench/compare.sh: for each position, time only
chess.svg.board(board, size=N) and cairosvg.svg2png(...), the SVG and PNG
rendering. Building chess.Board from the FEN is not timed, and neither is a
first, untimed warm-up board (imports, caches). Runs on one thread.

The last line of output is machine-readable key=value pairs starting with
"result", in the same form as fen2img's render_corpus example.
"""

import argparse
import os
import statistics
import sys
import time

import cairosvg
import chess
import chess.svg


def load(path, limit):
    boards = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            boards.append(chess.Board(line))
            if limit is not None and len(boards) >= limit:
                break
    if not boards:
        sys.exit(f"{path}: no positions")
    return boards


def render(board, size):
    svg = chess.svg.board(board, size=size)
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=400)
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--corpus", default=os.path.join(here, "..", "tests", "data", "positions.fen"))
    p.add_argument("--out", default=None, help="also write the first pass's PNGs here (not timed)")
    args = p.parse_args()

    boards = load(args.corpus, args.limit)
    render(boards[0], args.size)  # warm-up, untimed

    times = []
    total_bytes = 0
    for rep in range(args.repeat):
        for i, board in enumerate(boards):
            start = time.perf_counter()
            png = render(board, args.size)
            times.append(time.perf_counter() - start)
            if rep == 0:
                total_bytes += len(png)
                if args.out:
                    os.makedirs(args.out, exist_ok=True)
                    with open(os.path.join(args.out, f"{i + 1:03}.png"), "wb") as f:
                        f.write(png)

    mean = statistics.fmean(times) * 1e3
    median = statistics.median(times) * 1e3
    mean_bytes = total_bytes / len(boards)
    print(f"python-chess {chess.__version__} + cairosvg {cairosvg.__version__} png {args.size} px: "
          f"{len(boards)} boards x {args.repeat} pass(es), one thread")
    print(f"  per board: mean {mean:.3f} ms, median {median:.3f} ms, "
          f"min {min(times) * 1e3:.3f} ms, max {max(times) * 1e3:.3f} ms")
    print(f"  size: mean {mean_bytes / 1000:.1f} KB ({mean_bytes:.0f} bytes), total {total_bytes} bytes")
    print(f"result tool=python-chess+cairosvg format=png size={args.size} optimize=false "
          f"boards={len(boards)} repeat={args.repeat} per_board_ms={mean:.4f} "
          f"median_ms={median:.4f} mean_bytes={mean_bytes:.0f} total_bytes={total_bytes}")


if __name__ == "__main__":
    main()
