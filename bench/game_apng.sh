#!/usr/bin/env bash
# A 100-ply game animated at 720 px as APNG and as GIF, side by side in one
# run (the tools alternating within each round): time of the whole
# `fen2img GAME --animate -o game.{png,gif}` process and the file's size,
# with the CLI's default coordinates (outside) and with `--coords inside`.
# The game is the first of bench/games.py's generated games with at least
# 100 plies, cut at 100 (as bench/game_gif.sh takes it).
#
#   bench/game_apng.sh [--rounds R] [--fen2img BIN] [--games PGN] [--record]
#
# --fen2img defaults to a release build (cargo build --release, honouring
# CARGO_TARGET_DIR); --games defaults to bench/.games/games-10000.pgn,
# generated with python-chess 1.11.2 in bench/.venv when missing; --record
# writes the table to bench/results/DATE-game-apng.tsv. Needs python3 with
# venv and GNU time. Times are medians of R rounds (default 5).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
rounds=5
bin=""
pgn=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --fen2img) bin=$2; shift 2 ;;
    --games) pgn=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 [--rounds R] [--fen2img BIN] [--games PGN] [--record]" >&2; exit 2 ;;
  esac
done
needs_gnu_time
if [[ -n "$pgn" ]]; then bench_python; games_pgn=$pgn; else bench_games; fi
[[ -n "$bin" ]] || bin=$(release_bin fen2img)
scratch_dir

"$py" "$bench_dir/games.py" film "$games_pgn" "$work"

run_header
echo "101 frames (100 plies) at 720 px, whole process, medians of $rounds rounds"
rows=(out.gif out.png in.gif in.png)
for _ in $(seq "$rounds"); do
  for r in "${rows[@]}"; do
    coords=outside
    [[ "$r" == in.* ]] && coords=inside
    time_row "$r" "$bin" "$work/game.pgn" --animate --size 720 --coords "$coords" -o "$work/$r"
  done
done
record_start game-apng coords format seconds bytes
for r in "${rows[@]}"; do
  printf '  %-52s %6.3f s  %8s bytes\n' "fen2img GAME --animate --coords ${r%%.*}side -o game.${r#*.}" \
    "$(row_median "$r")" "$(wc -c < "$work/$r")"
  record_row "${r%%.*}side" "${r#*.}" "$(row_median "$r")" "$(wc -c < "$work/$r")"
done
