#!/usr/bin/env bash
# fen2img md on a generated Markdown tree: 100 pages of 10 diagrams each
# (1,000 diagrams), inline SVG. The first run renders everything; the second,
# with nothing changed, must write nothing. Targets: < 2 s and < 0.3 s.
#
#   bench/md.sh [path/to/fen2img]   (default: a release build, cargo build --release)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=${1:-$(release_bin fen2img)}
scratch_dir
fens="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4
8/8/8/4k3/8/8/4K3/8 w - - 0 1
r3k2r/pp1n1ppp/2p1pn2/q7/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 9"
mkdir -p "$work/src"
for p in $(seq 0 99); do
  d=$((p / 10))
  mkdir -p "$work/src/part$d"
  f="$work/src/part$d/page$p.md"
  echo "# Page $p" > "$f"
  for i in $(seq 0 9); do
    fen=$(echo "$fens" | sed -n "$(( (p + i) % 4 + 1 ))p")
    flip=""
    [ $((i % 2)) -eq 1 ] && flip="flip"
    printf '\nDiagram %s.\n\n```fen %s lastmove=e2e4 caption="No. %s"\n%s\n```\n' "$i" "$flip" "$i" "$fen" >> "$f"
  done
done
run_header "100 pages, 1,000 diagrams, inline SVG"
now() { date +%s.%N; }
t0=$(now)
"$bin" md "$work/src" --out-dir "$work/out" 2>"$work/log1"
t1=$(now)
"$bin" md "$work/src" --out-dir "$work/out" 2>"$work/log2"
t2=$(now)
echo "first run:  $(echo "$t1 - $t0" | bc) s  ($(cat "$work/log1"))"
echo "second run: $(echo "$t2 - $t1" | bc) s  ($(cat "$work/log2"))"
