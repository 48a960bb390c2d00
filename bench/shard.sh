#!/usr/bin/env bash
# What splitting a batch costs: the same 20,000 positions rendered by one
# `fen2img batch` run, and by N shards (`--shard K/N`) run one after the
# other, then their manifests merged. Each shard reads the whole input and
# renders its share, so the sum of the shards' CPU time over the single
# run's is the price of sharding; the wall time of N shards side by side is
# what a scheduler sees on one machine.
#
#   bench/shard.sh [--count N] [--shards N] [--tmp DIR]
#
# CPU time (user + system, GNU time) is the figure to compare on a shared
# machine; wall time only on an idle one.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$repo_root"

count=20000
shards=4
tmp_root="${TMPDIR:-/tmp}"
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --tmp) tmp_root=$2; shift 2 ;;
    *) echo "usage: $0 [--count N] [--shards N] [--tmp DIR]" >&2; exit 2 ;;
  esac
done
needs_gnu_time
bin=$(release_bin fen2img)
scratch_dir "$tmp_root"

grep -v '^#' crates/test-support/data/positions.fen | grep -v '^$' > "$work/corpus.fen"
: > "$work/input.fen"
while [ "$(wc -l < "$work/input.fen")" -lt "$count" ]; do
  cat "$work/corpus.fen" >> "$work/input.fen"
done
head -n "$count" "$work/input.fen" > "$work/positions.fen"

run_header "$count positions, PNG 400 px, names {n}"

# Each run in its own directory with the same relative names, so that the
# manifests (which record the paths given) can be compared byte for byte.
mkdir -p "$work/single" "$work/sharded"
read -r wall user sys < <(cd "$work/single" && cpu_wall "$bin" batch ../positions.fen --out-dir img \
  --name '{n}.png' --manifest manifest.jsonl --quiet)
single_cpu=$(echo "$user + $sys" | bc)
echo "single run: wall ${wall} s, CPU ${single_cpu} s"

# The shards one after the other: their CPU summed.
sum=0
for k in $(seq 1 "$shards"); do
  read -r wall user sys < <(cd "$work/sharded" && cpu_wall "$bin" batch ../positions.fen --out-dir img \
    --name '{n}.png' --shard "$k/$shards" \
    --manifest "part-$(printf %03d "$k").jsonl" --quiet)
  cpu=$(echo "$user + $sys" | bc)
  echo "shard $k/$shards: wall ${wall} s, CPU ${cpu} s"
  sum=$(echo "$sum + $cpu" | bc)
done
echo "shards summed: CPU ${sum} s ($(echo "scale=1; 100 * ($sum - $single_cpu) / $single_cpu" | bc)% over the single run)"

(cd "$work/sharded" && "$bin" merge-manifests part-*.jsonl -o manifest.jsonl)
if cmp -s "$work/single/manifest.jsonl" "$work/sharded/manifest.jsonl" \
  && diff -rq "$work/single/img" "$work/sharded/img" >/dev/null; then
  echo "merged manifest and files: identical to the single run"
else
  echo "merged manifest or files differ from the single run" >&2
  exit 1
fi
