#!/usr/bin/env bash
# Two (or more) builds of fen2img side by side on the everyday work (issue
# 37 goal 7, "nothing else slower"), each workload's builds alternating
# within every round so that the machine's drift falls on all alike:
#   oneshot  `fen2img FEN -o board.png`, a new process each time (oneshot.sh's
#            position, 400 px), K runs in a row; figures per run
#   batch    `fen2img batch` of 10,000 FEN lines (batch.sh's: the corpus
#            repeated) to 400 px PNGs in a directory under --tmp (default
#            /dev/shm, so the file system does not hide the drawing)
#   md       `fen2img md` over 100 pages of 10 fen blocks (md.sh's tree,
#            1,000 inline SVG diagrams), a fresh output directory each time
# Each figure is wall and CPU (user + system) time from bash's `time`
# (milliseconds, children included); the
# tables are each build's medians over the rounds, with the load average
# before each run. The server's PNG throughput is bench/serve.sh's
# (`--bin NEW --old OLD --only png --rounds N`), run after these.
#
#   bench/builds_ab.sh [--rounds N] [--oneshot-runs K] [--tmp DIR] [--record] NAME=PATH...
#
# NAME=PATH is a release build of fen2img copied aside, for example the
# commit before a piece of work and today's head:
#
#   bench/builds_ab.sh --rounds 5 --record before=/tmp/fen2img-79ca0fb1 head=target/release/fen2img
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
rounds=5 oneshot_runs=100 tmp_root=/dev/shm
builds=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --oneshot-runs) oneshot_runs=$2; shift 2 ;;
    --tmp) tmp_root=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *=*) builds+=("$1"); shift ;;
    *) echo "usage: $0 [--rounds N] [--oneshot-runs K] [--tmp DIR] [--record] NAME=PATH..." >&2; exit 2 ;;
  esac
done
[[ ${#builds[@]} -gt 0 ]] || { echo "${0##*/}: name at least one NAME=PATH" >&2; exit 2; }
scratch_dir "$tmp_root"
cd "$repo_root"

# Inputs, made once: the batch's 10,000 lines and md's tree of pages.
grep -v '^#' crates/test-support/data/positions.fen | grep -v '^$' > "$work/corpus.fen"
: > "$work/lines.fen"
while [[ $(wc -l < "$work/lines.fen") -lt 10000 ]]; do cat "$work/corpus.fen" >> "$work/lines.fen"; done
head -n 10000 "$work/lines.fen" > "$work/positions.fen"
fens="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4
8/8/8/4k3/8/8/4K3/8 w - - 0 1
r3k2r/pp1n1ppp/2p1pn2/q7/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 9"
for p in $(seq 0 99); do
  mkdir -p "$work/pages/part$((p / 10))"
  f="$work/pages/part$((p / 10))/page$p.md"
  echo "# Page $p" > "$f"
  for i in $(seq 0 9); do
    fen=$(sed -n "$(( (p + i) % 4 + 1 ))p" <<< "$fens")
    flip=""
    [[ $((i % 2)) -eq 1 ]] && flip="flip"
    printf '\nDiagram %s.\n\n```fen %s lastmove=e2e4 caption="No. %s"\n%s\n```\n' "$i" "$flip" "$i" "$fen" >> "$f"
  done
done
oneshot_fen='r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 2 7'

run_header "builds: ${builds[*]}; $rounds rounds, one-shot x$oneshot_runs, outputs under $tmp_root"
record_start builds-ab workload build round load1 wall_s cpu_s
: > "$work/rows"
# timed WORKLOAD NAME ROUND CMD...: one timed run; a failed run stops the
# script (a build that cannot do the work has no figure).
timed() {
  local workload=$1 name=$2 round=$3; shift 3
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  local TIMEFORMAT='%3R %3U %3S'
  if ! { time "$@" > /dev/null 2> "$work/err"; } 2> "$work/time"; then
    echo "$workload, $name: failed" >&2; cat "$work/err" >&2; exit 1
  fi
  read -r wall user sys < "$work/time"
  local cpu; cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')
  echo "$workload $name $round $load $wall $cpu" | tee -a "$work/rows"
  record_row "$workload" "$name" "$round" "$load" "$wall" "$cpu"
}
# K one-shot runs in a row, in one shell (its fork is in every build's figure alike).
oneshots() {
  local bin=$1 out=$2 k=$3 fen=$4
  for ((i = 0; i < k; i++)); do "$bin" "$fen" -o "$out" || return 1; done
}
export -f oneshots
for ((r = 1; r <= rounds; r++)); do
  for build in "${builds[@]}"; do
    name=${build%%=*} bin=${build#*=}
    timed oneshot "$name" "$r" bash -c 'oneshots "$@"' _ "$bin" "$work/board.png" "$oneshot_runs" "$oneshot_fen"
    rm -rf "$work/out"
    timed batch "$name" "$r" "$bin" batch "$work/positions.fen" --out-dir "$work/out" --name '{n}.{ext}' --quiet
    rm -rf "$work/md"
    timed md "$name" "$r" "$bin" md "$work/pages" --out-dir "$work/md"
  done
done
rm -rf "$work/out" "$work/md"

echo
echo "medians over $rounds rounds (one-shot: per run, in ms; the others in s); CPU is user + system"
printf '%-8s %-12s %10s %10s %10s\n' workload build wall cpu "cpu/first"
for workload in oneshot batch md; do
  first=""
  for build in "${builds[@]}"; do
    name=${build%%=*}
    wall=$(awk -v w="$workload" -v b="$name" '$1 == w && $2 == b { print $5 }' "$work/rows" | median)
    cpu=$(awk -v w="$workload" -v b="$name" '$1 == w && $2 == b { print $6 }' "$work/rows" | median)
    if [[ $workload == oneshot ]]; then
      wall=$(awk -v t="$wall" -v k="$oneshot_runs" 'BEGIN { printf "%.2f", 1000 * t / k }')
      cpu=$(awk -v t="$cpu" -v k="$oneshot_runs" 'BEGIN { printf "%.2f", 1000 * t / k }')
    fi
    [[ -n $first ]] || first=$cpu
    printf '%-8s %-12s %10s %10s %9.3fx\n' "$workload" "$name" "$wall" "$cpu" \
      "$(awk -v c="$cpu" -v f="$first" 'BEGIN { print (f > 0) ? c / f : 0 }')"
  done
done
