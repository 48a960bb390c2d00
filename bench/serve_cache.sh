#!/usr/bin/env bash
# The server's response cache (issue 37, goals 6 and 7), with wrk, side by
# side in one run:
#
# - one URL asked again and again (a forum post's diagram, a puzzle of the
#   day: /diagram.png at 400 px) at 1 and 64 connections: nginx serving the
#   same PNG as a static file, fen2img with its cache (the default 64 MiB),
#   fen2img with --response-cache 0, and --old (a build without the cache)
#   when given;
# - distinct URLs (every request another position, size or marked square,
#   so the cache only misses and evicts) at 1 and 64 connections: --old
#   against this build with its cache on.
#
#   bench/serve_cache.sh [--duration SECS] [--rounds N] [--bin PATH] [--old PATH] [--record]
#
# --old PATH: a build of fen2img without the cache (say, the commit before
# it), for the before/after rows. --rounds N repeats the whole table N
# times, every row once per round. --record writes the table to
# bench/results/ (see bench/results/README.md). Loopback only. Needs wrk,
# nginx and curl (apt-get install -y wrk nginx curl).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$repo_root"

bench_args="$*"
duration=10
rounds=1
bin=""
old=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --old) old=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 [--duration SECS] [--rounds N] [--bin PATH] [--old PATH] [--record]" >&2; exit 2 ;;
  esac
done
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "${0##*/}: needs $tool: apt-get install -y wrk nginx curl" >&2; exit 1; }
done

[[ -n "$bin" ]] || bin=$(release_bin fen2img)
scratch_dir
run_header "old ${old:-none}"
record_start serve-cache round server urls connections requests_per_s p50 p99 errors

# The repeated URL: the corpus's first position at 400 px.
# (awk, not grep | head: under pipefail a grep cut off by head fails the run)
fen=$(awk '!/^#/ && NF { print; exit }' crates/test-support/data/positions.fen)
fen_q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$fen")
hot="/diagram.png?fen=$fen_q&size=400"

# fen2img with its cache, without, and the old build.
serve_fen2img "$bin" "$work/cache.err" --queue 4096
cache_base=$base cache_pid=$spawned
serve_fen2img "$bin" "$work/nocache.err" --queue 4096 --response-cache 0
nocache_base=$base
if [[ -n "$old" ]]; then
  serve_fen2img "$old" "$work/old.err" --queue 4096
  old_base=$base
fi

# nginx: the same PNG as a static file, keep-alive without a request cap
# (as fen2img's), no access log.
mkdir -p "$work/www" "$work/nginx"
curl -sf -o "$work/www/hot.png" "$cache_base$hot"
png_bytes=$(stat -c %s "$work/www/hot.png")
nginx_port=$(free_port)
cat > "$work/nginx.conf" <<CONF
user root;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000000;
  types { image/png png; }
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
  }
}
CONF
spawn nginx -c "$work/nginx.conf" -p "$work/nginx" -g 'daemon off;'
nginx_base="http://127.0.0.1:$nginx_port"
wait_for "$nginx_base/hot.png"
echo "repeated URL: $hot ($png_bytes bytes)"

# wrk scripts: the repeated URL, and distinct URLs (each wrk thread its
# own marked squares, so two threads never ask for the same URL).
printf 'request = function() return wrk.format("GET", "%s") end\n' "$hot" > "$work/hot.lua"
printf 'request = function() return wrk.format("GET", "/hot.png") end\n' > "$work/static.lua"
{
  echo "local fens = {"
  grep -v '^#' crates/test-support/data/positions.fen | grep -v '^$' \
    | python3 -c 'import sys, urllib.parse
for line in sys.stdin: print("  \"%s\"," % urllib.parse.quote(line.rstrip("\n"), safe=""))'
  cat <<'LUA'
}
local threads, tid, i = 0, 0, 0
setup = function(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
init = function() tid = wrk.thread:get("tid") or 0 end
request = function()
  local n = i
  i = i + 1
  local fen = fens[n % #fens + 1]
  local size = 380 + math.floor(n / #fens) % 41
  local sq = tid * 32 + math.floor(n / (#fens * 41)) % 32
  local mark = string.char(97 + sq % 8) .. (1 + math.floor(sq / 8))
  return wrk.format("GET", "/diagram.png?fen=" .. fen .. "&size=" .. size .. "&mark=" .. mark)
end
LUA
} > "$work/distinct.lua"

printf '%-5s %-28s %-9s %5s %10s %10s %10s %7s\n' round server urls conns req/s p50 p99 errors
run() { # round label urls base script connections
  local out row
  out=$(wrk -t "$(( $6 < 2 ? 1 : 2 ))" -c "$6" -d "${duration}s" --timeout 10s \
    --latency -s "$work/$5.lua" "$4")
  row=$(echo "$out" | awk '
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = $2 }
    /^ +99%/ { p99 = $2 }
    /Non-2xx/ { errors += $NF }
    /Socket errors/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
    END { printf "%.0f %s %s %d", rps, p50, p99, errors }')
  read -r rps p50 p99 errors <<< "$row"
  printf '%-5s %-28s %-9s %5d %10s %10s %10s %7s\n' "$1" "$2" "$3" "$6" "$rps" "$p50" "$p99" "$errors"
  record_row "$1" "$2" "$3" "$6" "$rps" "$p50" "$p99" "$errors"
}

for round in $(seq "$rounds"); do
  for c in 1 64; do
    run "$round" "nginx static file" repeated "$nginx_base" static "$c"
    run "$round" "fen2img cache" repeated "$cache_base" hot "$c"
    run "$round" "fen2img --response-cache 0" repeated "$nocache_base" hot "$c"
    [[ -z "$old" ]] || run "$round" "fen2img old" repeated "$old_base" hot "$c"
  done
  for c in 1 64; do
    [[ -z "$old" ]] || run "$round" "fen2img old" distinct "$old_base" distinct "$c"
    run "$round" "fen2img cache" distinct "$cache_base" distinct "$c"
  done
done
echo "fen2img with the cache: peak RSS $(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$cache_pid/status")"
