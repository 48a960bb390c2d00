#!/usr/bin/env bash
# HTTP throughput of `fen2img serve` with wrk, over the corpus positions
# (crates/test-support/data/positions.fen) in turn: /diagram.png at 400 px, /board.png
# (web-boardimage's URL, 360 px), /image.gif (lila-gif's, 720 px) and
# /diagram.svg at 400 px asked with `Accept-Encoding: br` and with `gzip`
# (compressed on every request), and `POST /game.gif` of a 100-ply game
# as lila-gif's JSON frames (bench/games.py film; lila-gif's defaults,
# coordinates inside, 720 px), without and with the players' names, at 1
# and 64 connections. One line per
# run: requests/s, p50 and p99 latency, errors (non-2xx answers, socket
# errors and timeouts), the server's CPU time per answer (its threads' CPU
# time over the run divided by the requests: on a shared machine the
# figure that does not count waiting for a core), then each server's peak
# RSS after its 1-connection and 64-connection runs, and the GIF sizes.
#
#   bench/serve.sh [--duration SECS] [--only png,svg-br,svg-gz,board,gif,game]
#                  [--rounds N] [--bin PATH] [--peer] [--lila-gif PATH] [--old PATH]
#
# --old PATH also runs another build of fen2img (say, main's) on the same
# URL mixes, each run right before this build's, for side-by-side figures.
# --rounds N repeats every old/new pair N times, alternating, so that a
# change in the machine's load falls on both builds alike.
# --bin PATH measures that build instead of building this tree.
# --only runs those URL mixes (and their peers) instead of all six.
# --peer also runs web-boardimage (../shared/peers/web-boardimage/server.py,
# or under $PEERS_DIR)
# on the same /board.png URL mix, in the same run. It needs aiohttp,
# python-chess and cairosvg from PyPI (cairosvg needs Debian's libcairo2):
# a virtual environment is made once in target/bench-venv (or give one in
# $PEER_VENV).
# --lila-gif PATH also runs lila-gif (a release build of
# lichess-org/lila-gif; see ../shared/peers/README.md) on the same
# /image.gif URL mix and the /game.gif request, and compares GIF sizes
# over the first 50 positions.
# --record writes the rows to bench/results/DATE-serve.tsv (bench/lib.sh).
# fen2img runs with --response-cache 0: the corpus repeats every few
# hundred requests, and answers from the cache would measure the cache,
# not the drawing (bench/serve_cache.sh measures the cache).
# Needs wrk (apt-get install -y wrk) and curl; the game mix, python3 with
# venv (python-chess in bench/.venv, as bench/game_gif.sh).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$repo_root"

duration=10
peer=""
lila=""
only=""
old=""
rounds=1
bin=""
bench_args="$*"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --peer) peer=1; shift ;;
    --lila-gif) lila=$2; shift 2 ;;
    --old) old=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 [--duration SECS] [--only png,svg-br,svg-gz,board,gif,game] [--rounds N] [--bin PATH] [--peer] [--lila-gif PATH] [--old PATH] [--record]" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk" >&2; exit 1; }
command -v curl >/dev/null || { echo "needs curl" >&2; exit 1; }

[ -n "$bin" ] || bin=$(release_bin fen2img)
scratch_dir
run_header
record_start serve server_url connections requests_per_s p50 p99 errors cpu_ms_per_request

# The corpus, percent-encoded once.
grep -v '^#' crates/test-support/data/positions.fen | grep -v '^$' \
  | python3 -c 'import sys, urllib.parse
for line in sys.stdin: print(urllib.parse.quote(line.rstrip("\n"), safe=""))' > "$work/fens"

# One Lua script per URL template: every request takes the next position.
make_script() { # name template (FEN replaces {}) [Accept-Encoding]
  local out="$work/$1.lua"
  echo "local paths = {" > "$out"
  while IFS= read -r enc; do
    printf '  "%s",\n' "${2//\{\}/$enc}" >> "$out"
  done < "$work/fens"
  echo "}" >> "$out"
  if [ -n "${3:-}" ]; then
    printf 'local headers = { ["Accept-Encoding"] = "%s" }\n' "$3" >> "$out"
  else
    echo 'local headers = nil' >> "$out"
  fi
  cat >> "$out" <<'LUA'
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], headers)
end
LUA
}
make_script diagram '/diagram.png?fen={}&size=400'
make_script svg_br '/diagram.svg?fen={}&size=400' br
make_script svg_gz '/diagram.svg?fen={}&size=400' gzip
make_script board '/board.png?fen={}'
make_script gif '/image.gif?fen={}'
wants() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
# The game mix: one POST of the film's frames, as lila-gif's JSON, without
# and with the players' names (as lichess sends them).
if wants game; then
  bench_games
  "$py" "$bench_dir/games.py" film "$games_pgn" "$work"
  "$py" -c 'import json, sys
frames = json.load(open(sys.argv[1]))
frames.update(white="Magnus Carlsen", black="Hikaru Nakamura")
json.dump(frames, open(sys.argv[2], "w"))' "$work/frames.json" "$work/frames-names.json"
  for name in frames frames-names; do
    cat > "$work/$name.lua" <<LUA
local f = assert(io.open("$work/$name.json", "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.path = "/game.gif"
LUA
  done
fi

rss() { # pid
  awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$1/status"
}

printf '%-44s %5s %10s %10s %10s %7s %8s\n' server/URL conns req/s p50 p99 errors cpu/req
run() { # label base script connections pid
  local out before after
  before=$(cpu_ns "$5")
  out=$(wrk -t "$(( $4 < 2 ? 1 : 2 ))" -c "$4" -d "${duration}s" --timeout 10s \
    --latency -s "$work/$3.lua" "$2")
  after=$(cpu_ns "$5")
  echo "$out" | awk -v label="$1" -v c="$4" -v cpu="$((after - before))" '
    /requests in/ { requests = $1 }
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = $2 }
    /^ +99%/ { p99 = $2 }
    /Non-2xx/ { errors += $NF }
    /Socket errors/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
    END { printf "%-44s %5d %10.0f %10s %10s %7d %6.3fms\n", label, c, rps, p50, p99, errors, cpu / 1e6 / (requests ? requests : 1) }' \
    | tee "$work/row"
  read -r -a f < <(awk '{ n = NF; sub("ms", "", $n); printf "%s %s %s %s %s %s\n", $(n-5), $(n-4), $(n-3), $(n-2), $(n-1), $n }' "$work/row")
  record_row "$1" "${f[@]}"
}

if [ -n "$old" ]; then
  serve_fen2img "$old" "$work/old.err" --queue 4096 --response-cache 0
  old_pid=$spawned
  old_base=$base
fi
serve_fen2img "$bin" "$work/serve.err" --queue 4096 --response-cache 0
fen2img_pid=$spawned

if [ -n "$peer" ]; then
  venv=${PEER_VENV:-target/bench-venv}
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet aiohttp chess cairosvg
  fi
  # The shared peers sit beside the main checkout (../shared) or beside
  # the directory of worktrees (../../shared); $PEERS_DIR overrides.
  peers=${PEERS_DIR:-}
  for d in ../shared/peers ../../shared/peers; do
    [ -z "$peers" ] && [ -f "$d/web-boardimage/server.py" ] && peers=$d
  done
  [ -n "$peers" ] || { echo "web-boardimage not found: set PEERS_DIR" >&2; exit 1; }
  venv=$(cd "$venv" && pwd)
  spawn bash -c 'cd "$1" && exec "$2" server.py --port 18080' _ "$peers/web-boardimage" \
    "$venv/bin/python" > "$work/peer.log" 2>&1
  peer_pid=$spawned
  wait_for "http://127.0.0.1:18080/board.svg?fen=8/8/8/8/8/8/8/8" 30
fi
if [ -n "$lila" ]; then
  spawn "$lila" --bind 127.0.0.1:16175 > "$work/lila.log" 2>&1
  lila_pid=$spawned
  wait_for "http://127.0.0.1:16175/image.gif" 30
fi

pair() { # label script connections: old (if any) then this build, --rounds times
  for _ in $(seq "$rounds"); do
    [ -n "$old" ] && run "old $1" "$old_base" "$2" "$3" "$old_pid"
    run "fen2img $1" "$base" "$2" "$3" "$fen2img_pid"
  done
}
for c in 1 64; do
  wants png && pair "/diagram.png 400 px" diagram "$c"
  wants svg-br && pair "/diagram.svg 400 px, br" svg_br "$c"
  wants svg-gz && pair "/diagram.svg 400 px, gzip" svg_gz "$c"
  if wants board; then
    pair "/board.png (web-boardimage URL)" board "$c"
    [ -n "$peer" ] && run "web-boardimage /board.png" "http://127.0.0.1:18080" board "$c" "$peer_pid"
  fi
  if wants gif; then
    pair "/image.gif 720 px (lila-gif URL)" gif "$c"
    [ -n "$lila" ] && run "lila-gif /image.gif" "http://127.0.0.1:16175" gif "$c" "$lila_pid"
  fi
  if wants game; then
    pair "POST /game.gif 100 plies 720 px" frames "$c"
    [ -n "$lila" ] && run "lila-gif POST /game.gif" "http://127.0.0.1:16175" frames "$c" "$lila_pid"
    pair "POST /game.gif, players' names" frames-names "$c"
    [ -n "$lila" ] && run "lila-gif POST /game.gif, names" "http://127.0.0.1:16175" frames-names "$c" "$lila_pid"
  fi
  echo "peak RSS after $c connection(s): fen2img $(rss "$fen2img_pid")" \
    "${old:+, old $(rss "$old_pid")}" \
    "${peer:+, web-boardimage $(rss "$peer_pid")}" \
    "${lila:+, lila-gif $(rss "$lila_pid")}" | tee "$work/rss"
  record_row "# $(cat "$work/rss")"
done

# GIF sizes: the same /image.gif URLs from each server, first 50 positions.
gif_sizes() { # label base
  head -n 50 "$work/fens" | while IFS= read -r enc; do
    curl -s -o /dev/null -w '%{size_download}\n' "$2/image.gif?fen=$enc"
  done | awk -v label="$1" '{ s += $1; if ($1 > m) m = $1 }
    END { printf "%s /image.gif, 50 positions: mean %.0f bytes, largest %d\n", label, s / NR, m }' \
    | tee "$work/sizes"
  record_row "# $(cat "$work/sizes")"
}
if wants gif; then
  gif_sizes fen2img "$base"
  [ -n "$lila" ] && gif_sizes lila-gif "http://127.0.0.1:16175"
fi
exit 0
