#!/usr/bin/env bash
# What drawing games costs, side by side in one run (issue 22's "Speed"):
#
# 1. `fen2img batch games.pgn`: the final position of each of N generated
#    games (comments, NAGs, variations; bench/games.py) as a 400 px PNG,
#    against `fen2img batch` of the same N final positions as FEN lines.
#    The goal: at most twice the time of the FEN lines.
# 2. A 100-ply game as an animated GIF at 720 px: `fen2img GAME --animate`,
#    fen2img's `POST /game.gif` with the game as PGN, and with the same
#    frames as lila-gif's JSON, and lila-gif's own `POST /game.gif` with
#    those frames (built from its source, see bench/lilagif_compare.sh; the
#    lila-gif row is skipped when no binary is given).
#
#   bench/game_outputs.sh [--games N] [--rounds R] [--lila-gif BIN]
#
# Needs: python3 with venv (python-chess 1.11.2 in bench/.venv, as
# games.sh makes it), curl, GNU time. Wall times are medians of R rounds,
# the tools alternating within each round.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
games=10000
rounds=3
lila=""
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --lila-gif) lila=$2; shift 2 ;;
    *) echo "usage: $0 [--games N] [--rounds R] [--lila-gif BIN]" >&2; exit 2 ;;
  esac
done
needs_gnu_time
bench_games "$games"
pgn=$games_pgn
bin=$(release_bin fen2img)
scratch_dir

run_header

# 1. Batch: PGN games against FEN lines of the same final positions.
"$bin" batch "$pgn" --out-dir "$work/first" --manifest "$work/games.jsonl" --quiet 2>/dev/null || true
"$py" -c '
import json, sys
for line in open(sys.argv[1]):
    print(json.loads(line)["fen"])
' "$work/games.jsonl" > "$work/final.fen"
echo "batch: $(wc -l < "$work/final.fen") games of $pgn ($(wc -c < "$pgn") bytes), final positions as 400 px PNG"
: > "$work/pgn.t"; : > "$work/fen.t"
for _ in $(seq "$rounds"); do
  rm -rf "$work/a" "$work/b"
  wall "$bin" batch "$pgn" --out-dir "$work/a" --quiet >> "$work/pgn.t"
  wall "$bin" batch "$work/final.fen" --out-dir "$work/b" --quiet >> "$work/fen.t"
done
pgn_s=$(median < "$work/pgn.t"); fen_s=$(median < "$work/fen.t")
echo "  batch games.pgn:  $pgn_s s"
echo "  batch final.fen:  $fen_s s"
echo "  ratio: $(echo "scale=2; $pgn_s / $fen_s" | bc)x"

# 2. A 100-ply game (the first generated game with at least 100 plies, cut
#    at 100) as a 720 px animated GIF.
"$py" "$bench_dir/games.py" film "$pgn" "$work"
echo "gif: 101 frames (100 plies) at 720 px"
port=$(free_port)
spawn "$bin" serve --bind "127.0.0.1:$port" 2>/dev/null
if [[ -n "$lila" ]]; then
  lport=$(free_port)
  spawn "$lila" --bind "127.0.0.1:$lport" >/dev/null 2>&1
fi
# Until each server answers (any status): lila-gif can take over a second
# to start, and a refused connection would end the run.
wait_for "http://127.0.0.1:$port/"
if [[ -n "$lila" ]]; then wait_for "http://127.0.0.1:$lport/"; fi
post() {
  local type=application/x-chess-pgn
  [[ "$1" == *.json ]] && type=application/json
  curl -s -o "$work/out.gif" -w "%{time_total}\n" -H "Content-Type: $type" --data-binary "@$1" "$2"
}
: > "$work/cli.t"; : > "$work/pgnpost.t"; : > "$work/framespost.t"; : > "$work/lila.t"
for _ in $(seq "$rounds"); do
  wall "$bin" "$work/game.pgn" --animate --size 720 -o "$work/cli.gif" >> "$work/cli.t"
  post "$work/game.pgn" "http://127.0.0.1:$port/game.gif" >> "$work/pgnpost.t"
  post "$work/frames.json" "http://127.0.0.1:$port/game.gif" >> "$work/framespost.t"
  cp "$work/out.gif" "$work/ours.gif"
  if [[ -n "$lila" ]]; then
    post "$work/frames.json" "http://127.0.0.1:$lport/game.gif" >> "$work/lila.t"
    cp "$work/out.gif" "$work/lila.gif"
  fi
done
echo "  fen2img GAME --animate (CLI, whole process): $(median < "$work/cli.t") s, $(wc -c < "$work/cli.gif") bytes"
echo "  fen2img POST /game.gif, PGN body:            $(median < "$work/pgnpost.t") s"
echo "  fen2img POST /game.gif, lila-gif frames:     $(median < "$work/framespost.t") s, $(wc -c < "$work/ours.gif") bytes"
if [[ -n "$lila" ]]; then
  echo "  lila-gif POST /game.gif, same frames:        $(median < "$work/lila.t") s, $(wc -c < "$work/lila.gif") bytes"
fi
