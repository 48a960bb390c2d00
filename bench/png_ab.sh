#!/usr/bin/env bash
# Palette PNG encoding, builds side by side (issue 37 goal 7): each build's
# `render_corpus` renders the 300 corpus boards in one process, one thread,
# `--repeat` times, and says the median time of a board and the mean size;
# the builds alternate within each round, so the machine's drift falls on
# all of them alike. The figures are each build's median over the rounds.
#
#   bench/png_ab.sh [--size N] [--rounds N] [--repeat K] [--record] NAME=PATH...
#
# Each NAME=PATH is a render_corpus binary (`cargo build --release -p
# measure --bin render_corpus`, copied aside for each build), for example
# main's and a branch's:
#
#   bench/png_ab.sh --size 400 --rounds 5 main=/tmp/rc-main new=target/release/render_corpus
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
size=400 rounds=5 repeat=3
builds=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --size) size=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *=*) builds+=("$1"); shift ;;
    *) echo "usage: $0 [--size N] [--rounds N] [--repeat K] [--record] NAME=PATH..." >&2; exit 2 ;;
  esac
done
[[ ${#builds[@]} -gt 0 ]] || { echo "${0##*/}: name at least one NAME=PATH" >&2; exit 2; }
scratch_dir
run_header "$size px, $rounds rounds of --repeat $repeat"
record_start png-ab build size round load1 median_ms mean_bytes
# field KEY LINE: the value of KEY=... in render_corpus's last line.
field() { tr ' ' '\n' <<< "$2" | sed -n "s/^$1=//p"; }
for ((r = 1; r <= rounds; r++)); do
  for build in "${builds[@]}"; do
    name=${build%%=*} bin=${build#*=}
    load=$(cut -d' ' -f1 /proc/loadavg)
    last=$("$bin" --size "$size" --format png --repeat "$repeat" | tail -n 1)
    ms=$(field median_ms "$last") bytes=$(field mean_bytes "$last")
    echo "$name $r $load $ms $bytes" | tee -a "$work/rows"
    record_row "$name" "$size" "$r" "$load" "$ms" "$bytes"
  done
done
echo "medians (build: ms a board, mean bytes):"
for build in "${builds[@]}"; do
  name=${build%%=*}
  ms=$(awk -v b="$name" '$1 == b { print $4 }' "$work/rows" | median)
  bytes=$(awk -v b="$name" '$1 == b { print $5 }' "$work/rows" | head -n 1)
  printf '  %-10s %s ms, %s B\n' "$name" "$ms" "$bytes"
done
