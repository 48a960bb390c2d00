#!/usr/bin/env bash
# Hostile games against `fen2img serve` (issue 32, items 1-4), one build
# after another, each on a fresh server on loopback:
#   1. with --deadline 5000 --workers 2 --io-threads 2 --shutdown-grace 3,
#      two 1 MiB PGN bodies posted at once, `1. e4 {[[[…]} e5 *` and
#      `1. e4 ) ) ) … *`, and `curl -m 10 /healthz` once a second meanwhile:
#      each /healthz status and time, each body's status and time, the
#      server's CPU seconds at the answers and 10 s later;
#   2. two more such bodies in flight, then SIGTERM: the time to exit (a
#      server still running 30 s later is killed, and said so);
#   3. with one render thread, 160,000 `[%cal]` arrows on one ply, then a
#      plain /diagram.png: both statuses and times, the CPU seconds.
# The inputs are generated. Needs curl, python3 and bc.
#
#   bench/serve_hostile_games.sh BIN [BIN...]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BIN [BIN...]" >&2; exit 2; }
for tool in curl python3 bc; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done
work=$(mktemp -d)
pid=""
cleanup() {
  [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
limit = 1 << 20
head, tail = "1. e4 {", "} e5 *\n"
open(f"{work}/comment.pgn", "w").write(head + "[" * (limit - len(head) - len(tail)) + tail)
open(f"{work}/strays.pgn", "w").write("1. e4 " + ") " * ((limit - 10) // 2) + "*\n")
cal = ",".join(["Ge2e4", "Gd2d4", "Gc2c4", "Gb1c3"] * 40000)
open(f"{work}/arrows.pgn", "w").write("1. e4 e5 {[%cal " + cal + "]} *\n")
PY

port=18390
post() { # file -> "status seconds"
  curl -s -o /dev/null -m 300 -w '%{http_code} %{time_total}s' \
    -H 'Content-Type: application/x-chess-pgn' --data-binary @"$work/$1" \
    "http://127.0.0.1:$port/game.gif" || true
}
cpu() { awk '{printf "%.1f", ($14 + $15) / 100}' "/proc/$1/stat"; }
start() { # bin flags...
  local bin=$1
  shift
  port=$((port + 1))
  "$bin" serve --bind "127.0.0.1:$port" "$@" 2>/dev/null &
  pid=$!
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && return 0
    sleep 0.05
  done
}
stop() { # prints the time SIGTERM takes, or that it was killed
  local t0 t1
  t0=$(date +%s.%N)
  kill -TERM "$pid"
  for _ in $(seq 300); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null || true
    echo "still running 30 s after SIGTERM (killed)"
  else
    wait "$pid" 2>/dev/null || true
    t1=$(date +%s.%N)
    echo "exit after $(echo "$t1 - $t0" | bc) s"
  fi
  pid=""
}

for bin in "$@"; do
  echo "== $bin ($(date -u '+%Y-%m-%d %H:%M UTC'))"
  start "$bin" --workers 2 --io-threads 2 --deadline 5000 --shutdown-grace 3
  post comment.pgn > "$work/c.out" &
  c=$!
  post strays.pgn > "$work/s.out" &
  s=$!
  h=""
  for _ in 1 2 3 4 5 6 7 8; do
    sleep 1
    h="$h $(curl -s -o /dev/null -m 10 -w '%{http_code}/%{time_total}s' "http://127.0.0.1:$port/healthz" || true)"
  done
  echo "  /healthz once a second:$h"
  wait "$c" "$s"
  echo "  '[' comment: $(cat "$work/c.out"); ')' line: $(cat "$work/s.out"); server CPU $(cpu "$pid") s"
  sleep 10
  echo "  server CPU 10 s later: $(cpu "$pid") s"
  post comment.pgn > /dev/null &
  post strays.pgn > /dev/null &
  sleep 1
  printf '  SIGTERM with two bodies in flight: '
  stop
  wait 2>/dev/null || true

  start "$bin" --workers 1 --deadline 5000
  a=$(post arrows.pgn)
  p=$(curl -s -o /dev/null -m 60 -w '%{http_code} %{time_total}s' \
    "http://127.0.0.1:$port/diagram.png?fen=8/8/8/8/8/8/8/K6k%20w%20-%20-%200%201" || true)
  echo "  160,000 arrows on a ply: $a; then /diagram.png: $p; server CPU $(cpu "$pid") s"
  sleep 10
  echo "  server CPU 10 s later: $(cpu "$pid") s"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
done
