#!/usr/bin/env bash
# Batch throughput: 10,000 positions (the corpus repeated) rendered by one
# `fen2img batch` call into an empty directory, as PNG (400 px) and as SVG.
# Prints wall time and peak memory (GNU time) for each.
#
#   bench/batch.sh [--count N] [--jobs N]
set -euo pipefail
cd "$(dirname "$0")/.."

count=10000
jobs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --jobs) jobs="-j $2"; shift 2 ;;
    *) echo "usage: $0 [--count N] [--jobs N]" >&2; exit 2 ;;
  esac
done
if [ ! -x /usr/bin/time ]; then
  echo "needs GNU time: apt-get install -y time" >&2
  exit 1
fi

cargo build --release --quiet
bin=target/release/fen2img
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

grep -v '^#' tests/data/positions.fen | grep -v '^$' > "$work/corpus.fen"
: > "$work/input.fen"
while [ "$(wc -l < "$work/input.fen")" -lt "$count" ]; do
  cat "$work/corpus.fen" >> "$work/input.fen"
done
head -n "$count" "$work/input.fen" > "$work/positions.fen"

echo "fen2img batch, $count positions, $(nproc) cores${jobs:+, $jobs}"
printf '%-6s %10s %12s %14s\n' format "wall s" "peak MB" "ms per board"
for format in png svg; do
  rm -rf "$work/out"
  /usr/bin/time -f '%e %M' -o "$work/time" \
    "$bin" batch "$work/positions.fen" --out-dir "$work/out" --format "$format" \
      --name '{n}.{ext}' --quiet $jobs 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  read -r wall rss < "$work/time"
  files=$(find "$work/out" -type f | wc -l)
  [ "$files" -eq "$count" ] || { echo "expected $count files, found $files" >&2; exit 1; }
  awk -v f="$format" -v w="$wall" -v m="$rss" -v n="$count" \
    'BEGIN { printf "%-6s %10.2f %12.1f %14.3f\n", f, w, m / 1024, 1000 * w / n }'
done
