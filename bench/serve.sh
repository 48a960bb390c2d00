#!/usr/bin/env bash
# HTTP throughput of `fen2img serve` with wrk, over the corpus positions
# (tests/data/positions.fen) in turn: /diagram.png at 400 px, /board.png
# (web-boardimage's URL, 360 px) and /image.gif (lila-gif's, 720 px), at 1
# and 64 connections. Prints wrk's requests/s, latency percentiles and
# errors, and the server's peak RSS.
#
#   bench/serve.sh [--duration SECS] [--peer]
#
# --peer also runs web-boardimage (../shared/peers/web-boardimage/server.py,
# in a virtual environment with aiohttp, python-chess and cairosvg from PyPI;
# cairosvg needs the system's libcairo2) on the same /board.png mix.
# Needs wrk (apt-get install -y wrk).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10
peer=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --peer) peer=1; shift ;;
    *) echo "usage: $0 [--duration SECS] [--peer]" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }

cargo build --release --quiet
bin=target/release/fen2img
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# One Lua script per URL template: every request takes the next position.
urlencode() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
make_script() { # name template (FEN replaces {})
  local out="$work/$1.lua"
  echo "local paths = {" > "$out"
  grep -v '^#' tests/data/positions.fen | grep -v '^$' | while IFS= read -r fen; do
    local enc; enc=$(urlencode "$fen")
    printf '  "%s",\n' "${2//\{\}/$enc}" >> "$out"
  done
  cat >> "$out" <<'LUA'
}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
LUA
}
make_script diagram '/diagram.png?fen={}&size=400'
make_script board '/board.png?fen={}'
make_script gif '/image.gif?fen={}'

start_fen2img() {
  "$bin" serve --bind 127.0.0.1:0 --queue 4096 2> "$work/serve.err" &
  pids+=($!)
  server_pid=$!
  for _ in $(seq 100); do
    grep -q listening "$work/serve.err" && break
    sleep 0.05
  done
  base=$(grep -o 'http://[0-9.:]*' "$work/serve.err")
}

run() { # label base script connections
  echo "== $1, $4 connection(s)"
  wrk -t "$(( $4 < 2 ? 1 : 2 ))" -c "$4" -d "${duration}s" --latency -s "$work/$3.lua" "$2" \
    | grep -E 'Requests/sec|Transfer/sec|50%|99%|Non-2xx|Socket errors|requests in'
}

start_fen2img
for c in 1 64; do
  run "fen2img /diagram.png 400 px" "$base" diagram "$c"
  run "fen2img /board.png (web-boardimage URL)" "$base" board "$c"
  run "fen2img /image.gif 720 px (lila-gif URL)" "$base" gif "$c"
done
echo "fen2img peak RSS: $(grep VmHWM /proc/"$server_pid"/status | awk '{print $2, $3}')"

if [ -n "$peer" ]; then
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install --quiet aiohttp chess cairosvg
  "$work/venv/bin/python" ../shared/peers/web-boardimage/server.py --port 18080 &
  pids+=($!)
  peer_pid=$!
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:18080/board.svg?fen=8/8/8/8/8/8/8/8" && break
    sleep 0.1
  done
  for c in 1 64; do
    run "web-boardimage /board.png" "http://127.0.0.1:18080" board "$c"
  done
  echo "web-boardimage peak RSS: $(grep VmHWM /proc/"$peer_pid"/status | awk '{print $2, $3}')"
fi
