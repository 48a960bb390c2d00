#!/usr/bin/env bash
# One-shot `fen2img FEN -o board.png` of several builds (or options) side by
# side: in each round hyperfine times every variant in turn (`--runs` new
# processes each, no shell), so the machine's drift falls on all of them
# alike; the figures are each variant's median over the rounds of its
# round's median, and its least single run. On a machine shared with other
# work the wall times drift with the load; the CPU time a call takes
# (`perf stat`'s task-clock, the mean of the same number of runs, when
# perf is installed) drifts much less. Peak RSS is GNU time's %M.
#
#   bench/oneshot_ab.sh [--rounds N] [--runs N] [--fen FEN] [--record] NAME=BIN[,ARG...]...
#
# Each NAME=BIN is a fen2img binary copied aside for each build, with more
# fen2img arguments after commas, for example main's beside a branch's with
# its default set and with the own set:
#
#   bench/oneshot_ab.sh main=/tmp/fen2img-main new=target/release/fen2img \
#       new-own=target/release/fen2img,--pieces,fen2img
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
rounds=5 runs=40
fen='r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 2 7'
variants=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --fen) fen=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *=*) variants+=("$1"); shift ;;
    *) echo "usage: $0 [--rounds N] [--runs N] [--fen FEN] [--record] NAME=BIN[,ARG...]..." >&2; exit 2 ;;
  esac
done
[[ ${#variants[@]} -gt 0 ]] || { echo "${0##*/}: name at least one NAME=BIN" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "${0##*/}: needs hyperfine" >&2; exit 1; }
needs_gnu_time
scratch_dir
run_header "$rounds rounds of $runs runs, hyperfine $(hyperfine --version | awk '{print $2}')"
has_perf=$(command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1 && echo 1 || true)
record_start oneshot-ab variant round load1 median_ms min_ms cpu_ms
# The command of a variant, each word quoted for hyperfine -N.
command_of() {
  local bin=${1#*=} words
  IFS=, read -r -a words <<< "$bin"
  printf '%q ' "${words[0]}" "$fen" -o "$work/board.png" "${words[@]:1}"
}
for ((r = 1; r <= rounds; r++)); do
  for v in "${variants[@]}"; do
    name=${v%%=*}
    load=$(cut -d' ' -f1 /proc/loadavg)
    hyperfine --shell=none --warmup 3 --runs "$runs" --style none \
      --export-csv "$work/t.csv" "$(command_of "$v")" >/dev/null
    # command,mean,stddev,median,user,system,min,max (seconds), counted
    # from the end: the command may hold commas.
    read -r median min < <(awk -F, 'NR == 2 { printf "%.3f %.3f\n", $(NF-4) * 1e3, $(NF-1) * 1e3 }' "$work/t.csv")
    cpu=-
    if [[ -n $has_perf ]]; then
      cpu=$(eval "perf stat -r $runs -x, -e task-clock $(command_of "$v")" 2>&1 >/dev/null \
        | awk -F, '/task-clock/ { printf "%.3f", $1 }')
    fi
    echo "$name $r $load $median $min $cpu" | tee -a "$work/rows"
    record_row "$name" "$r" "$load" "$median" "$min" "$cpu"
  done
done
echo "variant: median of the rounds' medians, least run, median of the rounds' CPU ms, peak RSS (max of 10), PNG bytes"
for v in "${variants[@]}"; do
  name=${v%%=*}
  median=$(awk -v b="$name" '$1 == b { print $4 }' "$work/rows" | median)
  min=$(awk -v b="$name" '$1 == b { print $5 }' "$work/rows" | sort -n | head -n 1)
  cpu=$(awk -v b="$name" '$1 == b { print $6 }' "$work/rows" | median)
  rss=0
  for _ in $(seq 10); do
    kb=$(eval "/usr/bin/time -f %M $(command_of "$v")" 2>&1 >/dev/null | tail -n 1)
    (( kb > rss )) && rss=$kb
  done
  printf '  %-10s %s ms, least %s ms, CPU %s ms, %s KB, %s B\n' "$name" "$median" "$min" "$cpu" "$rss" \
    "$(wc -c < "$work/board.png")"
done
