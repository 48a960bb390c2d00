#!/usr/bin/env bash
# Final-position PNGs of N games (`fen2img batch games.pgn`: last move,
# check, player bars with clocks, [%cal] arrows) against the same N
# positions as FEN lines (`fen2img batch final.fen`), for two fen2img
# binaries side by side in one run (the machine's speed drifts with its
# load): the ratio the issue 22 "Speed" goal is about (at most 2x), and
# whether the two binaries write the same bytes.
#
#   bench/game_marks.sh BEFORE_BIN AFTER_BIN [--games N] [--rounds R] [--jobs J]
#
# Games are the first N of bench/.games/games-10000.pgn (bench/games.sh
# or bench/game_outputs.sh generate it). Times are medians of R rounds,
# user CPU seconds and wall seconds, the binaries alternating per round.
# Run with TMPDIR=/dev/shm (or another tmpfs) so that creating thousands
# of files does not drown the figures in file-system time.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
[[ $# -ge 2 ]] || { echo "usage: $0 BEFORE AFTER [--games N] [--rounds R] [--jobs J] [--record]" >&2; exit 2; }
before=$1; after=$2; shift 2
games=2000; rounds=3; jobs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 BEFORE AFTER [--games N] [--rounds R] [--jobs J] [--record]" >&2; exit 2 ;;
  esac
done
needs_gnu_time
bench_games
all=$games_pgn
scratch_dir
# The first N games: each starts at its [Event tag.
awk -v n="$games" '/^\[Event /{g++} g<=n' "$all" > "$work/games.pgn"
"$after" batch "$work/games.pgn" --out-dir "$work/first" --manifest "$work/games.jsonl" --quiet 2>/dev/null
sed -n 's/.*"fen":"\([^"]*\)".*/\1/p' "$work/games.jsonl" > "$work/final.fen"
run_header "$(wc -l < "$work/final.fen") games, --jobs $jobs"
for r in $(seq "$rounds"); do
  for which in before after; do
    bin=$before; [[ $which == after ]] && bin=$after
    for input in games.pgn final.fen; do
      rm -rf "$work/out"
      /usr/bin/time -f "%U %e" -o "$work/t" "$bin" batch "$work/$input" --out-dir "$work/out" --quiet -j "$jobs" 2>/dev/null
      read -r user wall < "$work/t"
      echo "$user" >> "$work/$which-$input.user"; echo "$wall" >> "$work/$which-$input.wall"
    done
    [[ $r == 1 ]] && cp -r "$work/out" "$work/$which-fen" && rm -rf "$work/out" && \
      "$bin" batch "$work/games.pgn" --out-dir "$work/$which-pgn" --quiet -j "$jobs" 2>/dev/null
  done
done
printf '%-7s %14s %14s %12s %12s %8s\n' binary "pgn user s" "fen user s" "pgn wall s" "fen wall s" "ratio"
record_start game-marks games jobs binary pgn_user_s fen_user_s pgn_wall_s fen_wall_s
for which in before after; do
  pu=$(median < "$work/$which-games.pgn.user"); fu=$(median < "$work/$which-final.fen.user")
  pw=$(median < "$work/$which-games.pgn.wall"); fw=$(median < "$work/$which-final.fen.wall")
  printf '%-7s %14s %14s %12s %12s %7.1fx\n' "$which" "$pu" "$fu" "$pw" "$fw" "$(echo "$pu / $fu" | bc -l)"
  record_row "$(wc -l < "$work/final.fen")" "$jobs" "$which" "$pu" "$fu" "$pw" "$fw"
done
if diff -rq "$work/before-pgn" "$work/after-pgn" >/dev/null && diff -rq "$work/before-fen" "$work/after-fen" >/dev/null; then
  echo "same bytes: every PNG of both binaries is identical"
else
  echo "DIFFERENT bytes: $(diff -rq "$work/before-pgn" "$work/after-pgn" | wc -l) game PNGs differ"
fi
