#!/usr/bin/env bash
# Batch throughput: 10,000 positions (the corpus repeated) rendered by one
# `fen2img batch` call into an empty directory, as PNG (400 px) and as SVG.
# Prints wall time and peak memory (GNU time) for each.
#
#   bench/batch.sh [--count N] [--jobs N] [--tmp DIR]
#
# --tmp chooses where the files go (default: a new directory under $TMPDIR
# or /tmp). Writing 10,000 files is often bound by the file system rather
# than by rendering; --tmp /dev/shm (memory) shows the rendering cost alone.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$repo_root"

count=10000
jobs=""
tmp_root="${TMPDIR:-/tmp}"
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --jobs) jobs="-j $2"; shift 2 ;;
    --tmp) tmp_root=$2; shift 2 ;;
    *) echo "usage: $0 [--count N] [--jobs N] [--tmp DIR]" >&2; exit 2 ;;
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

run_header
echo "fen2img batch, $count positions, $(nproc) cores${jobs:+, $jobs}, files in $tmp_root ($(df --output=fstype "$tmp_root" | tail -1))"
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
