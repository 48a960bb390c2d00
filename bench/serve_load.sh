#!/usr/bin/env bash
# `fen2img serve` under attack, with a normal client measured through it:
#
#   1. the normal client alone: wrk, one connection, /diagram.png at 400 px
#      over the corpus positions (requests/s, p50, p99, errors);
#   2. the same client while a flood (wrk, 256 keep-alive connections on
#      the same URLs), slowloris heads and slow request bodies
#      (bench/attack.py) hold the server past its connection limit; and 20
#      new clients one after another (curl): their slowest answer and the
#      status codes they got;
#   3. SIGTERM during the attack: seconds until the process has exited;
#   4. on a fresh server, the largest POST /game.gif the defaults allow
#      (1,000 frames of 720 px with player bars, a body under --max-body;
#      --deadline raised so that it completes on a loaded machine):
#      status, time and the server's peak RSS.
#
#   bench/serve_load.sh [--duration SECS] [--slowloris N] [--slow-bodies N]
#                       [--flood N] [--old PATH] [--bin PATH]
#
# --old PATH runs the same steps against another build (e.g. main's
# target/release/fen2img), first, in the same run. --bin PATH measures that
# build as "this build" instead of building this tree. Needs wrk
# (apt-get install -y wrk), curl and python3.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$repo_root"

duration=10
slowloris=600
slow_bodies=300
flood=256
old=""
new=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --slowloris) slowloris=$2; shift 2 ;;
    --slow-bodies) slow_bodies=$2; shift 2 ;;
    --flood) flood=$2; shift 2 ;;
    --old) old=$2; shift 2 ;;
    --bin) new=$2; shift 2 ;;
    *) echo "usage: $0 [--duration SECS] [--slowloris N] [--slow-bodies N] [--flood N] [--old PATH] [--bin PATH]" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
command -v curl >/dev/null || { echo "needs curl" >&2; exit 1; }

[ -n "$new" ] || new=$(release_bin fen2img)
scratch_dir
run_header

grep -v '^#' crates/test-support/data/positions.fen | grep -v '^$' \
  | python3 -c 'import sys, urllib.parse
for line in sys.stdin: print(urllib.parse.quote(line.rstrip("\n"), safe=""))' > "$work/fens"
{
  echo "local paths = {"
  while IFS= read -r enc; do printf '  "/diagram.png?fen=%s&size=400",\n' "$enc"; done < "$work/fens"
  cat <<'LUA'
}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
LUA
} > "$work/diagram.lua"

# The largest game the defaults allow: 1,000 frames (the frame limit),
# alternating two positions, with player names (bars above and below).
python3 - "$work/game.json" <<'PY'
import json, sys
a = {"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "lastMove": "e2e4"}
b = {"fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "lastMove": "e7e5"}
game = {"white": "Alice", "black": "Bob", "frames": [a if i % 2 == 0 else b for i in range(1000)]}
open(sys.argv[1], "w").write(json.dumps(game))
PY

start_server() { # bin log [flags...] -> sets pid and base
  serve_fen2img "$@"
  pid=$spawned
}

wrk_line() { # label connections duration
  wrk -t1 -c "$2" -d "$3s" --timeout 10s --latency -s "$work/diagram.lua" "$base" \
    | awk -v label="$1" '
      /Requests\/sec/ { rps = $2 }
      /^ +50%/ { p50 = $2 }
      /^ +99%/ { p99 = $2 }
      /Non-2xx/ { errors += $NF }
      /Socket errors/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
      END { printf "  %-40s %9.0f req/s  p50 %8s  p99 %8s  errors %d\n", label, rps, p50, p99, errors }'
}

# New clients, one after another: the slowest answer and each status.
new_clients() {
  local slowest=0 codes=""
  for _ in $(seq 20); do
    out=$(curl -s -o /dev/null -m 15 -w '%{http_code} %{time_total}' "$base/healthz" || true)
    codes="$codes ${out%% *}"
    slowest=$(awk -v a="$slowest" -v b="${out##* }" 'BEGIN { print (b > a) ? b : a }')
  done
  echo "  20 new clients (curl /healthz): slowest ${slowest}s; statuses:$codes"
}

measure() { # label bin
  echo "== $1 ($2)"
  start_server "$2" "$work/serve.log"
  wrk_line "normal client alone" 1 "$duration"

  local port=${base##*:}
  python3 bench/attack.py 127.0.0.1 "$port" --slowloris "$slowloris" \
    --slow-bodies "$slow_bodies" --chunked 2> "$work/attack.log" &
  local attack=$!
  bench_pids+=("$attack")
  wrk -t1 -c "$flood" -d "$((duration * 3 + 60))s" --timeout 10s -s "$work/diagram.lua" "$base" \
    > /dev/null 2>&1 &
  local flooder=$!
  bench_pids+=("$flooder")
  sleep 3
  wrk_line "normal client under attack" 1 "$duration"
  new_clients

  local t0 t1
  t0=$(date +%s.%N)
  kill -TERM "$pid"
  wait "$pid" 2>/dev/null || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "  drain on SIGTERM under attack: %.2f s\n", b - a }'
  grep -q 'still open' "$work/serve.log" && echo "  (the server reported requests still open at the end of its grace period)"
  kill "$flooder" "$attack" 2>/dev/null || true
  wait "$flooder" "$attack" 2>/dev/null || true
  sed 's/^/  /' "$work/attack.log"

  # The game's time is the render's, not the attack's: a deadline long
  # enough that the figure is the memory of a game that completes.
  start_server "$2" "$work/serve.log" --deadline 120000
  out=$(curl -s -o "$work/game.gif" -m 120 -w '%{http_code} %{time_total}' \
    -H 'Content-Type: application/json' --data-binary "@$work/game.json" "$base/game.gif")
  printf '  POST /game.gif, 1000 frames (%d-byte body): status %s in %ss, %d bytes; server peak RSS %s\n' \
    "$(wc -c < "$work/game.json")" "${out%% *}" "${out##* }" "$(wc -c < "$work/game.gif")" \
    "$(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$pid/status")"
  kill -TERM "$pid"
  wait "$pid" 2>/dev/null || true
}

echo "flood $flood connections, $slowloris slowloris, $slow_bodies slow bodies; wrk ${duration}s"
[ -n "$old" ] && measure "old" "$old"
measure "this build" "$new"
exit 0
