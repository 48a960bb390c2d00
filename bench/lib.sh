# Shared by the bench/ scripts: `source "$(dirname "$0")/lib.sh"` (bash).
#
# What every benchmark needs the same way: where the repository is, the
# binaries cargo built (wherever CARGO_TARGET_DIR puts them), free ports
# and servers that are up before the clock starts, medians of rounds with
# the tools alternating, the line that dates a run, and the dated data
# files under bench/results/.

# The bench/ directory and the repository's top, whatever the caller's
# working directory.
bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(dirname "$bench_dir")"

# The target directory cargo builds into: CARGO_TARGET_DIR when set (a
# relative one is relative to the repository's top, where cargo runs),
# else target/.
target_dir() {
  local target="${CARGO_TARGET_DIR:-target}"
  [[ $target == /* ]] || target="$repo_root/$target"
  printf '%s\n' "$target"
}

# release_bin NAME [CARGO BUILD ARGS...]: builds NAME in release mode from
# the repository's top (`cargo build --release --quiet ARGS`, by default
# `--bin NAME`) and prints the path of the binary cargo wrote.
#   bin=$(release_bin fen2img)
#   replay=$(release_bin replay_pgn -p measure --bin replay_pgn)
release_bin() {
  local name=$1
  shift
  [[ $# -gt 0 ]] || set -- --bin "$name"
  (cd "$repo_root" && cargo build --release --quiet "$@") >&2
  printf '%s/release/%s\n' "$(target_dir)" "$name"
}

# needs_gnu_time: stops with the line to run when /usr/bin/time is not GNU
# time (wall time, CPU time and peak memory come from its -f).
needs_gnu_time() {
  /usr/bin/time -f %e true >/dev/null 2>&1 \
    || { echo "${0##*/}: needs GNU time: apt-get install -y time" >&2; exit 1; }
}

# run_header [WHAT...]: the line that dates a run, first in every output:
# UTC time, cores, load average, the commit measured, then WHAT.
run_header() {
  local commit
  commit=$(cd "$repo_root" && git rev-parse --short HEAD 2>/dev/null || echo '?')
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), commit $commit${*:+, $*}"
}

# free_port: a TCP port on 127.0.0.1 nobody listens on (the kernel's pick).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_for URL [SECONDS]: waits until URL answers (any HTTP status), at most
# SECONDS (default 10); fails when it never does, so a server that did not
# start stops the benchmark instead of timing refused connections.
wait_for() {
  local url=$1 tries=$(( ${2:-10} * 10 ))
  for _ in $(seq "$tries"); do
    curl -s -o /dev/null "$url" && return 0
    sleep 0.1
  done
  echo "${0##*/}: nothing answers at $url" >&2
  return 1
}

# Background processes (servers) started with `spawn` are killed, and the
# scratch directory made by `scratch_dir` removed, when the script exits.
bench_pids=()
bench_scratch=""
bench_cleanup() {
  local pid
  for pid in "${bench_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${bench_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ -n "$bench_scratch" ]]; then rm -rf "$bench_scratch"; fi
}
trap bench_cleanup EXIT

# spawn CMD...: starts CMD in the background, killed on exit; its pid is in
# $spawned.
spawn() {
  "$@" &
  spawned=$!
  bench_pids+=("$spawned")
}

# serve_fen2img BIN LOG [SERVE FLAGS...]: starts `BIN serve --bind
# 127.0.0.1:0 FLAGS` (any free port; killed on exit), its stderr into LOG,
# and waits for the address it prints: sets $base (http://127.0.0.1:PORT)
# and $spawned (its pid).
serve_fen2img() {
  local bin=$1 log=$2
  shift 2
  : > "$log"
  spawn "$bin" serve --bind 127.0.0.1:0 "$@" 2> "$log"
  for _ in $(seq 200); do
    grep -q listening "$log" && break
    sleep 0.05
  done
  base=$(grep -o 'http://[0-9.:]*' "$log" | head -n 1)
  [[ -n "$base" ]] || { echo "${0##*/}: $bin serve did not start: $(head -n 3 "$log")" >&2; return 1; }
}

# scratch_dir [PARENT]: a new directory (under PARENT, default $TMPDIR or
# /tmp), removed on exit; sets $work.
scratch_dir() {
  work=$(mktemp -d -p "${1:-${TMPDIR:-/tmp}}")
  bench_scratch=$work
}

# median: the median of the numbers on standard input, one a line.
median() {
  sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}

# wall CMD...: runs CMD (its output discarded) and prints its wall time in
# seconds (GNU time).
wall() {
  /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -n 1
}

# cpu_wall CMD...: runs CMD (output discarded) and prints "WALL USER SYS"
# in seconds; on a shared machine CPU time is the figure to compare.
cpu_wall() {
  /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -n 1
}

# cpu_ns PID: the CPU time all threads of process PID have used so far, in
# nanoseconds (the first field of each /proc/PID/task/*/schedstat). A
# server's CPU per request, measured around the request, does not count the
# time its threads waited for a core, which a shared machine's wall times do.
# A thread that exits between two readings is not counted (fen2img's and
# lila-gif's servers keep theirs). awk's %d would stop at 2^31 (mawk).
cpu_ns() {
  cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.0f\n", s}'
}

# Side by side: each row of a table is timed once per round, every row in
# turn within a round, so that the machine's drift (up to 40% from one
# hour to the next here) falls on all rows alike.
#   for _ in $(seq "$rounds"); do
#     time_row gif "$bin" game.pgn --animate -o "$work/a.gif"
#     time_row png "$bin" game.pgn --animate -o "$work/a.png"
#   done
#   row_median gif    # the median of the row's rounds
time_row() {
  local row=$1
  shift
  wall "$@" >> "$work/row-$row.t"
}
row_median() {
  median < "$work/row-$1.t"
}

# The Python environment of the games benchmarks, python-chess 1.11.2 in
# bench/.venv (sets $py); and `bench_games [COUNT]`, a PGN of COUNT games
# (default 10,000) generated once by bench/games.py (seeded) into
# bench/.games/ (sets $games_pgn).
bench_python() {
  local venv="$bench_dir/.venv"
  [[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
  py="$venv/bin/python"
  "$py" -c 'import chess' 2>/dev/null \
    || "$py" -m pip install --quiet --disable-pip-version-check chess==1.11.2
}
bench_games() {
  local count=${1:-10000}
  bench_python
  games_pgn="$bench_dir/.games/games-$count.pgn"
  if [[ ! -s "$games_pgn" ]]; then
    mkdir -p "$bench_dir/.games"
    echo "generating $count games into $games_pgn" >&2
    "$py" "$bench_dir/games.py" generate "$count" "$games_pgn.tmp" && mv "$games_pgn.tmp" "$games_pgn"
  fi
}

# Dated results (bench/results/README.md): with --record (or
# BENCH_RECORD=1), a script writes its table as
# bench/results/YYYY-MM-DD-NAME.tsv (-2, -3... for a day's later runs),
# comment lines first (the run header and the command), then a header row
# and one row per figure.
#   record_start NAME COLUMN...   # no-op unless recording
#   record_row VALUE...
bench_record="${BENCH_RECORD:-}"
record_file=""
record_start() {
  [[ -n "$bench_record" ]] || return 0
  local name=$1
  shift
  mkdir -p "$bench_dir/results"
  local stem n=1
  stem="$bench_dir/results/$(date -u +%F)-$name"
  record_file="$stem.tsv"
  while [[ -e "$record_file" ]]; do
    n=$((n + 1))
    record_file="$stem-$n.tsv"
  done
  {
    echo "# $(run_header)"
    echo "# bench/${0##*/} ${bench_args:-}"
    (IFS=$'\t'; echo "$*")
  } > "$record_file"
  echo "recording into ${record_file#"$repo_root"/}" >&2
}
record_row() {
  [[ -n "$record_file" ]] || return 0
  (IFS=$'\t'; echo "$*") >> "$record_file"
}
