#!/usr/bin/env bash
# PDF beside PNG, release build: one diagram (the whole process, and per
# diagram inside one process: `batch -j 1` over N positions), and puzzle
# sheets of 12 and of N puzzles (default 1,000) as one PDF and as PNG
# pages. Wall time, CPU time (user) and peak memory (GNU time); the
# one-diagram rows are medians of R rounds (default 5), the rows of a
# round run in turn so the machine's drift falls on all alike.
#
#   bench/pdf.sh [--rounds R] [--puzzles N] [--fen2img BIN] [--record]
#
# With --record (or BENCH_RECORD=1) the table is also written to
# bench/results/YYYY-MM-DD-pdf.tsv. Without --fen2img it builds and times
# the release binary (CARGO_TARGET_DIR, else target/).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
needs_gnu_time

rounds=5
n=1000
bin=""
bench_args="$*"
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --puzzles) n=$2; shift 2 ;;
    --fen2img) bin=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 [--rounds R] [--puzzles N] [--fen2img BIN] [--record]" >&2; exit 2 ;;
  esac
done
bin=${bin:-$(release_bin fen2img)}
scratch_dir
trap 'rm -rf "$work"' EXIT

# N distinct puzzles: the corpus's positions, each an EPD line with `bm`
# and `id` (repeated past the corpus, told apart by the id).
corpus="$repo_root/crates/test-support/data/positions.fen"
book() {
  awk -v n="$1" '!/^#/ && NF>=4 {fen[++k]=$1" "$2" "$3" "$4}
    END{for(i=1;i<=n;i++) printf "%s bm e4; id \"Puzzle %d\";\n", fen[(i-1)%k+1], i}' "$corpus"
}
book 12 > "$work/12.epd"
book "$n" > "$work/$n.epd"
cut -d' ' -f1-4 "$work/$n.epd" > "$work/$n.fen"
one="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"

# measure NAME CMD...: runs CMD once (output discarded), appending
# "WALL USER PEAK_KB" to the row's file.
measure() {
  local row=$1
  shift
  /usr/bin/time -f "%e %U %M" "$@" 2>&1 >/dev/null | tail -n 1 >> "$work/row-$row.t"
}
# column ROW K: the median of the row's K-th figure.
column() { awk -v k="$2" '{print $k}' "$work/row-$1.t" | median; }

run_header "$bin, $rounds rounds, $n puzzles"
record_start pdf run rounds wall_s user_s peak_kb output_bytes files

print=(--theme print --size 35mm)
for _ in $(seq "$rounds"); do
  measure one-pdf "$bin" "$one" "${print[@]}" -o "$work/one.pdf"
  measure one-png "$bin" "$one" "${print[@]}" --dpi 300 -o "$work/one.png"
  measure one-png-plain "$bin" "$one" --size 35mm --dpi 300 -o "$work/plain.png"
  measure one-pdf-plain "$bin" "$one" --size 35mm -o "$work/plain.pdf"
  rm -rf "$work/s12" && mkdir "$work/s12"
  measure sheet12-pdf "$bin" sheet "$work/12.epd" -o "$work/12.pdf" --title Twelve --theme print
  measure sheet12-png "$bin" sheet "$work/12.epd" -o "$work/s12/p.png" --title Twelve --theme print --dpi 150
done
# One round of the long rows: each is seconds, its drift small against it.
for format in pdf png; do
  rm -rf "$work/b-$format"
  measure "batch-$format" "$bin" batch "$work/$n.fen" -j 1 -f "$format" --out-dir "$work/b-$format" "${print[@]}" --dpi 300
done
measure "sheet$n-pdf" "$bin" sheet "$work/$n.epd" -o "$work/$n.pdf" --title Book --theme print
mkdir -p "$work/s$n"
measure "sheet$n-png" "$bin" sheet "$work/$n.epd" -o "$work/s$n/p.png" --title Book --theme print --dpi 150

size() { du -cb "$@" | tail -n 1 | cut -f1; }
count() { ls "$@" | wc -l; }
printf '%-58s %7s %8s %9s %10s %s\n' run "wall s" "user s" "peak KB" bytes files
row() {
  local name=$1 label=$2 rounds_used=$3 bytes=$4 files=$5
  local w u m
  w=$(column "$name" 1) u=$(column "$name" 2) m=$(column "$name" 3)
  printf '%-58s %7s %8s %9s %10s %s\n' "$label" "$w" "$u" "$m" "$bytes" "$files"
  record_row "$label" "$rounds_used" "$w" "$u" "$m" "$bytes" "$files"
}
row one-pdf "one diagram, PDF, print theme, 35mm" "$rounds" "$(size "$work/one.pdf")" 1
row one-png "one diagram, PNG, print theme, 35mm at 300 dpi" "$rounds" "$(size "$work/one.png")" 1
row one-pdf-plain "one diagram, PDF, brown theme, 35mm" "$rounds" "$(size "$work/plain.pdf")" 1
row one-png-plain "one diagram, PNG, brown theme, 35mm at 300 dpi" "$rounds" "$(size "$work/plain.png")" 1
row batch-pdf "batch -j 1 -f pdf, $n diagrams, print, 35mm" 1 "$(size "$work"/b-pdf/*)" "$(count "$work/b-pdf")"
row batch-png "batch -j 1 -f png, $n diagrams, print, 35mm at 300 dpi" 1 "$(size "$work"/b-png/*)" "$(count "$work/b-png")"
row sheet12-pdf "sheet, 12 puzzles, PDF (2x3 A4, key), print" "$rounds" "$(size "$work/12.pdf")" 1
row sheet12-png "sheet, 12 puzzles, PNG pages at 150 dpi, print" "$rounds" "$(size "$work"/s12/*)" "$(count "$work/s12")"
row "sheet$n-pdf" "sheet, $n puzzles, PDF (2x3 A4, key), print" 1 "$(size "$work/$n.pdf")" 1
row "sheet$n-png" "sheet, $n puzzles, PNG pages at 150 dpi, print" 1 "$(size "$work"/s"$n"/*)" "$(count "$work/s$n")"
