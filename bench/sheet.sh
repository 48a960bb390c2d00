#!/usr/bin/env bash
# A puzzle book: `fen2img sheet` over N positions (default 1,000) into one
# PDF, against the same positions as PNG files through `fen2img batch`;
# wall time, CPU time and peak memory of each (GNU time), and the PDF's
# size and pages. Also one diagram as PDF against one as PNG.
#
#   bench/sheet.sh            # the release binary cargo builds
#   FEN2IMG=target/debug/fen2img bench/sheet.sh 1000   # a binary at hand
set -euo pipefail
source "$(dirname "$0")/lib.sh"
needs_gnu_time

n=${1:-1000}
bin=${FEN2IMG:-$(release_bin fen2img)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# N distinct positions: the corpus lines repeated with a different id.
corpus="$repo_root/crates/test-support/data/positions.fen"
awk -v n="$n" 'BEGIN{srand(1)} !/^#/ && NF>=4 {fen[++k]=$1" "$2" "$3" "$4}
  END{for(i=1;i<=n;i++) printf "%s bm e4; id \"Puzzle %d\";\n", fen[(i-1)%k+1], i}' \
  "$corpus" > "$work/book.epd"

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $bin, $n puzzles"
t() { /usr/bin/time -f "%e s wall, %U s user, %M KB peak" "$@" 2>&1 >/dev/null | tail -1; }
echo "sheet PDF (2x3, A4, key, print theme):  $(t "$bin" sheet "$work/book.epd" -o "$work/book.pdf" --title Book --theme print)"
echo "  $(stat -c %s "$work/book.pdf") bytes, $(pdfinfo "$work/book.pdf" 2>/dev/null | awk '/^Pages/{print $2}') pages"
echo "sheet PDF (4x5):           $(t "$bin" sheet "$work/book.epd" -o "$work/book45.pdf" --grid 4x5 --theme print)"
mkdir -p "$work/svg" "$work/png-pages"
echo "sheet SVG pages (2x3):     $(t "$bin" sheet "$work/book.epd" -o "$work/svg/book.svg" --title Book)"
echo "  $(ls "$work/svg" | wc -l) files, $(du -sb "$work/svg" | cut -f1) bytes"
echo "sheet PNG pages (150 dpi): $(t "$bin" sheet "$work/book.epd" -o "$work/png-pages/book.png" --title Book --dpi 150)"
echo "  $(ls "$work/png-pages" | wc -l) files, $(du -sb "$work/png-pages" | cut -f1) bytes"
# N markers in N/10 games of ten marked positions each (a knight's tour
# back and forth), from PGN.
awk -v n="$n" 'BEGIN{for(g=1;g<=n/10;g++){printf "[White \"W%d\"]\n[Black \"B%d\"]\n\n", g, g;
  for(m=1;m<=10;m++){w=(m%2)?"Nf3":"Ng1"; b=(m%2)?"Nf6":"Ng8"; printf "%d. %s {[#] marker %d} %s ", m, w, m, b}
  print "*\n"}}' > "$work/book.pgn"
echo "sheet PDF from PGN markers: $(t "$bin" sheet "$work/book.pgn" --markers -o "$work/pgn.pdf")"
cut -d' ' -f1-4 "$work/book.epd" > "$work/book.fen"
echo "batch PNG (same, 400 px):  $(t "$bin" batch "$work/book.fen" --out-dir "$work/png" --theme print)"
one="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
echo "one diagram, PDF 35mm:     $(t "$bin" "$one" --theme print --size 35mm -o "$work/one.pdf")"
echo "one diagram, PNG 35mm:     $(t "$bin" "$one" --theme print --size 35mm --dpi 300 -o "$work/one.png")"
