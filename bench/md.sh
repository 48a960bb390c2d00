#!/bin/sh
# fen2img md on a generated Markdown tree: 100 pages of 10 diagrams each
# (1,000 diagrams), inline SVG. The first run renders everything; the second,
# with nothing changed, must write nothing. Targets: < 2 s and < 0.3 s.
# Usage: bench/md.sh [path/to/fen2img]   (default target/release/fen2img)
set -eu
BIN=${1:-target/release/fen2img}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
FENS="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4
8/8/8/4k3/8/8/4K3/8 w - - 0 1
r3k2r/pp1n1ppp/2p1pn2/q7/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 9"
mkdir -p "$DIR/src"
p=0
while [ $p -lt 100 ]; do
    d=$((p / 10))
    mkdir -p "$DIR/src/part$d"
    f="$DIR/src/part$d/page$p.md"
    echo "# Page $p" > "$f"
    i=0
    while [ $i -lt 10 ]; do
        fen=$(echo "$FENS" | sed -n "$(( (p + i) % 4 + 1 ))p")
        flip=""
        [ $((i % 2)) -eq 1 ] && flip="flip"
        printf '\nDiagram %s.\n\n```fen %s lastmove=e2e4 caption="No. %s"\n%s\n```\n' "$i" "$flip" "$i" "$fen" >> "$f"
        i=$((i + 1))
    done
    p=$((p + 1))
done
now() { date +%s.%N; }
t0=$(now)
"$BIN" md "$DIR/src" --out-dir "$DIR/out" 2>"$DIR/log1"
t1=$(now)
"$BIN" md "$DIR/src" --out-dir "$DIR/out" 2>"$DIR/log2"
t2=$(now)
echo "first run:  $(echo "$t1 - $t0" | bc) s  ($(cat "$DIR/log1"))"
echo "second run: $(echo "$t2 - $t1" | bc) s  ($(cat "$DIR/log2"))"
