#!/usr/bin/env bash
# A 100-ply game as an animated GIF at 720 px, side by side in one run:
# `fen2img GAME --animate` (whole process), fen2img's `POST /game.gif` with
# the game as PGN and as lila-gif's JSON frames, and lila-gif's own
# `POST /game.gif` with the same frames; each with lila-gif's default
# coordinates (inside the board) and without. The game is the first of
# bench/games.py's generated games with at least 100 plies, cut at 100
# (as bench/game_outputs.sh takes it).
#
#   bench/game_gif.sh [--rounds R] [--fen2img BIN] [--before BIN] [--lila-gif BIN] [--keep DIR] [--record]
#
# --fen2img defaults to a release build (cargo build --release, honouring
# CARGO_TARGET_DIR); --lila-gif is lila-gif built from its source (see
# bench/lilagif_compare.sh), its rows skipped when not given; --before BIN
# adds rows for another fen2img binary (an earlier build); --keep DIR
# keeps the GIFs written; --record writes the rows to
# bench/results/DATE-game-gif.tsv (bench/lib.sh). Needs: python3 with venv (python-chess 1.11.2
# in bench/.venv), curl, GNU time. Times are medians of R rounds (default
# 5), the tools alternating within each round.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
rounds=5
bin=""
before=""
lila=""
keep=""
bench_args="$*"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --fen2img) bin=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    --lila-gif) lila=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 [--rounds R] [--fen2img BIN] [--before BIN] [--lila-gif BIN] [--keep DIR] [--record]" >&2; exit 2 ;;
  esac
done
needs_gnu_time
bench_games
[[ -n "$bin" ]] || bin=$(release_bin fen2img)
scratch_dir

"$py" "$bench_dir/games.py" film "$games_pgn" "$work"

run_header
record_start game-gif what median_seconds bytes
echo "gif: 101 frames (100 plies) at 720 px, medians of $rounds rounds"
port=$(free_port)
spawn "$bin" serve --bind "127.0.0.1:$port" 2>/dev/null
if [[ -n "$before" ]]; then
  bport=$(free_port)
  spawn "$before" serve --bind "127.0.0.1:$bport" 2>/dev/null
fi
if [[ -n "$lila" ]]; then
  lport=$(free_port)
  spawn "$lila" --bind "127.0.0.1:$lport" >/dev/null 2>&1
fi
for p in $port ${bport:-}; do
  wait_for "http://127.0.0.1:$p/"
done
# lila-gif draws its sprite sheets before it listens: seconds on a busy machine.
[[ -z "$lila" ]] || wait_for "http://127.0.0.1:$lport/image.gif" 60
sleep 0.5

post() { # body url out
  local type=application/x-chess-pgn
  [[ "$1" == *.json ]] && type=application/json
  curl -s -o "$3" -w "%{time_total}\n" -H "Content-Type: $type" --data-binary "@$1" "$2"
}
rows=(cli cli-in cli-out pgn-in pgn-out frames-in frames-out)
[[ -n "$before" ]] && rows+=(before-cli before-cli-in before-cli-out before-pgn-in before-frames-in before-frames-out)
[[ -n "$lila" ]] && rows+=(lila-in lila-out)
for r in "${rows[@]}"; do : > "$work/$r.t"; done
for _ in $(seq "$rounds"); do
  wall "$bin" "$work/game.pgn" --animate --size 720 -o "$work/cli.gif" >> "$work/cli.t"
  wall "$bin" "$work/game.pgn" --animate --size 720 --coords inside -o "$work/cli-in.gif" >> "$work/cli-in.t"
  wall "$bin" "$work/game.pgn" --animate --size 720 --coords none -o "$work/cli-out.gif" >> "$work/cli-out.t"
  post "$work/pgn.json" "http://127.0.0.1:$port/game.gif" "$work/pgn-in.gif" >> "$work/pgn-in.t"
  post "$work/pgn-nocoords.json" "http://127.0.0.1:$port/game.gif" "$work/pgn-out.gif" >> "$work/pgn-out.t"
  post "$work/frames.json" "http://127.0.0.1:$port/game.gif" "$work/frames-in.gif" >> "$work/frames-in.t"
  post "$work/frames-nocoords.json" "http://127.0.0.1:$port/game.gif" "$work/frames-out.gif" >> "$work/frames-out.t"
  if [[ -n "$before" ]]; then
    wall "$before" "$work/game.pgn" --animate --size 720 -o "$work/before-cli.gif" >> "$work/before-cli.t"
    wall "$before" "$work/game.pgn" --animate --size 720 --coords inside -o "$work/before-cli-in.gif" >> "$work/before-cli-in.t"
    wall "$before" "$work/game.pgn" --animate --size 720 --coords none -o "$work/before-cli-out.gif" >> "$work/before-cli-out.t"
    post "$work/pgn.json" "http://127.0.0.1:$bport/game.gif" "$work/before-pgn-in.gif" >> "$work/before-pgn-in.t"
    post "$work/frames.json" "http://127.0.0.1:$bport/game.gif" "$work/before-frames-in.gif" >> "$work/before-frames-in.t"
    post "$work/frames-nocoords.json" "http://127.0.0.1:$bport/game.gif" "$work/before-frames-out.gif" >> "$work/before-frames-out.t"
  fi
  if [[ -n "$lila" ]]; then
    post "$work/frames.json" "http://127.0.0.1:$lport/game.gif" "$work/lila-in.gif" >> "$work/lila-in.t"
    post "$work/frames-nocoords.json" "http://127.0.0.1:$lport/game.gif" "$work/lila-out.gif" >> "$work/lila-out.t"
  fi
done
label() {
  case "$1" in
    cli) echo "fen2img GAME --animate (CLI defaults: coordinates outside; whole process)" ;;
    cli-in) echo "fen2img GAME --animate --coords inside" ;;
    cli-out) echo "fen2img GAME --animate --coords none" ;;
    pgn-in) echo "fen2img POST /game.gif, PGN, coordinates (default)" ;;
    pgn-out) echo "fen2img POST /game.gif, PGN, coordinates: false" ;;
    frames-in) echo "fen2img POST /game.gif, lila-gif frames, coordinates (default)" ;;
    frames-out) echo "fen2img POST /game.gif, lila-gif frames, coordinates: false" ;;
    before-*) echo "before: $(label "${1#before-}")" ;;
    lila-in) echo "lila-gif POST /game.gif, same frames, coordinates (default)" ;;
    lila-out) echo "lila-gif POST /game.gif, same frames, coordinates: false" ;;
  esac
}
for r in "${rows[@]}"; do
  printf '  %-74s %6.3f s  %8s bytes\n' "$(label "$r")" "$(median < "$work/$r.t")" "$(wc -c < "$work/$r.gif")"
  record_row "$(label "$r")" "$(median < "$work/$r.t")" "$(wc -c < "$work/$r.gif")"
done
if [[ -n "$keep" ]]; then
  mkdir -p "$keep"
  cp "$work"/*.gif "$keep"/
fi
