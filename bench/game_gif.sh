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
# 5), the tools alternating within each round. Each server row also gives
# the server's CPU time per request (its threads' CPU time around the
# request, mean of the rounds): on a shared machine the wall time counts the
# time the server waited for a core, the CPU time does not.
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
record_start game-gif what median_seconds bytes server_cpu_seconds
echo "gif: 101 frames (100 plies) at 720 px, medians of $rounds rounds"
port=$(free_port)
spawn "$bin" serve --bind "127.0.0.1:$port" 2>/dev/null
pid=$spawned
if [[ -n "$before" ]]; then
  bport=$(free_port)
  spawn "$before" serve --bind "127.0.0.1:$bport" 2>/dev/null
  bpid=$spawned
fi
if [[ -n "$lila" ]]; then
  lport=$(free_port)
  spawn "$lila" --bind "127.0.0.1:$lport" >/dev/null 2>&1
  lpid=$spawned
fi
for p in $port ${bport:-}; do
  wait_for "http://127.0.0.1:$p/"
done
# lila-gif draws its sprite sheets before it listens: seconds on a busy machine.
[[ -z "$lila" ]] || wait_for "http://127.0.0.1:$lport/image.gif" 60
sleep 0.5

post() { # body url out [pid row]: with a server's pid, its CPU time for the request goes to $work/ROW.cpu
  local type=application/x-chess-pgn before
  [[ "$1" == *.json ]] && type=application/json
  [[ -z "${4:-}" ]] || before=$(cpu_ns "$4")
  curl -s -o "$3" -w "%{time_total}\n" -H "Content-Type: $type" --data-binary "@$1" "$2"
  [[ -z "${4:-}" ]] || echo "$(( $(cpu_ns "$4") - before ))" >> "$work/$5.cpu"
}
# post_row ROW BODY PORT PID: one request of ROW to the server on PORT.
post_row() {
  post "$2" "http://127.0.0.1:$3/game.gif" "$work/$1.gif" "$4" "$1" >> "$work/$1.t"
}
rows=(cli cli-in cli-out pgn-in pgn-out frames-in frames-out)
[[ -n "$before" ]] && rows+=(before-cli before-cli-in before-cli-out before-pgn-in before-frames-in before-frames-out)
[[ -n "$lila" ]] && rows+=(lila-in lila-out)
for r in "${rows[@]}"; do : > "$work/$r.t"; : > "$work/$r.cpu"; done
for _ in $(seq "$rounds"); do
  wall "$bin" "$work/game.pgn" --animate --size 720 -o "$work/cli.gif" >> "$work/cli.t"
  wall "$bin" "$work/game.pgn" --animate --size 720 --coords inside -o "$work/cli-in.gif" >> "$work/cli-in.t"
  wall "$bin" "$work/game.pgn" --animate --size 720 --coords none -o "$work/cli-out.gif" >> "$work/cli-out.t"
  post_row pgn-in "$work/pgn.json" "$port" "$pid"
  post_row pgn-out "$work/pgn-nocoords.json" "$port" "$pid"
  post_row frames-in "$work/frames.json" "$port" "$pid"
  post_row frames-out "$work/frames-nocoords.json" "$port" "$pid"
  if [[ -n "$before" ]]; then
    wall "$before" "$work/game.pgn" --animate --size 720 -o "$work/before-cli.gif" >> "$work/before-cli.t"
    wall "$before" "$work/game.pgn" --animate --size 720 --coords inside -o "$work/before-cli-in.gif" >> "$work/before-cli-in.t"
    wall "$before" "$work/game.pgn" --animate --size 720 --coords none -o "$work/before-cli-out.gif" >> "$work/before-cli-out.t"
    post_row before-pgn-in "$work/pgn.json" "$bport" "$bpid"
    post_row before-frames-in "$work/frames.json" "$bport" "$bpid"
    post_row before-frames-out "$work/frames-nocoords.json" "$bport" "$bpid"
  fi
  if [[ -n "$lila" ]]; then
    post_row lila-in "$work/frames.json" "$lport" "$lpid"
    post_row lila-out "$work/frames-nocoords.json" "$lport" "$lpid"
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
# Mean server CPU seconds per request of a row ("-" for whole processes).
cpu_of() {
  [[ -s "$work/$1.cpu" ]] || { echo -; return; }
  awk '{s += $1} END {printf "%.3f\n", s / NR / 1e9}' "$work/$1.cpu"
}
printf '  %-74s %8s  %8s  %s\n' "" "wall" "bytes" "server CPU"
for r in "${rows[@]}"; do
  printf '  %-74s %6.3f s  %8s  %s\n' "$(label "$r")" "$(median < "$work/$r.t")" "$(wc -c < "$work/$r.gif")" "$(cpu_of "$r")"
  record_row "$(label "$r")" "$(median < "$work/$r.t")" "$(wc -c < "$work/$r.gif")" "$(cpu_of "$r")"
done
if [[ -n "$keep" ]]; then
  mkdir -p "$keep"
  cp "$work"/*.gif "$keep"/
fi
