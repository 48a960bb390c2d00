#!/usr/bin/env bash
# The same position as TeX's `chessboard` package (texlive-games, with the
# skak fonts) draws it and as `fen2img --theme print` draws it, both 35 mm
# wide, each rasterized by poppler at 300 dpi (grey) and at 150 dpi
# thresholded to one bit (a newspaper's plate), side by side:
#
#   tools/print_vs_tex.sh [OUT.png]   # default docs/images/print-vs-tex.png
#
# Needs pdflatex with texlive-games and texlive-latex-extra (chessboard
# wants xifthen), poppler-utils and ImageMagick; FEN2IMG names the binary
# (default target/release/fen2img, else target/debug/fen2img). The size
# compared is the whole image, coordinates included, as `--size` measures;
# the TeX board is set near that size (boardfontsize=11pt, its labels at
# their own 10 pt) and scaled the last few per cent by the rasterizer.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$repo/docs/images/print-vs-tex.png}")
bin=${FEN2IMG:-$repo/target/release/fen2img}
[[ -x $bin ]] || bin=$repo/target/debug/fen2img
fen="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
mm=35
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bin" "$fen" --theme print --size "${mm}mm" -o fen2img.pdf
cat > tex.tex <<TEX
\documentclass{article}
\usepackage{chessboard}
\pagestyle{empty}
\begin{document}
\noindent\chessboard[setfen=$fen,showmover=false,boardfontsize=11pt]
\end{document}
TEX
pdflatex -interaction=nonstopmode tex.tex > tex.log || { tail -20 tex.log >&2; exit 1; }

# TeX's page is a whole sheet: the diagram's width is measured on a
# 300 dpi rendering (trimmed; a whole sheet at more dpi is more pixels
# than ImageMagick's default policy takes), and the page rendered again at the
# resolution that makes that width $mm mm at the resolution asked.
pdftoppm -r 300 -gray -singlefile tex.pdf probe
tex_px=$(convert probe.pgm -trim -format %w info:)
tex_mm=$(awk -v px="$tex_px" 'BEGIN{print px / 300 * 25.4}')
echo "TeX's chessboard at boardfontsize=11pt: $tex_mm mm wide, scaled to $mm mm; fen2img's page: $mm mm" >&2
for dpi in 300 150; do
  pdftoppm -r "$dpi" -gray -singlefile fen2img.pdf "f$dpi"
  convert "f$dpi.pgm" "f$dpi.png"
  tex_dpi=$(awk -v d="$dpi" -v w="$tex_mm" -v m="$mm" 'BEGIN{printf "%.3f", d * m / w}')
  pdftoppm -r "$tex_dpi" -gray -singlefile tex.pdf "t$dpi"
  convert "t$dpi.pgm" -trim +repage "t$dpi.png"
done
# One bit at 150 dpi, as a newspaper's imagesetter would make it.
for f in f150 t150; do convert "$f.png" -threshold 50% "$f-1bit.png"; done
# The 150 dpi cells at twice their pixels (nearest neighbour): the same
# size as the 300 dpi ones, each bit a visible 2x2 block.
for f in f150-1bit t150-1bit; do convert "$f.png" -filter point -resize 200% "$f-x.png"; done
montage -font DejaVu-Sans -pointsize 14 -background white \
  -label "fen2img --theme print, 35 mm, 300 dpi" f300.png \
  -label "TeX chessboard (skak fonts), 35 mm, 300 dpi" t300.png \
  -label "fen2img, 35 mm, 150 dpi, 1 bit (x2)" f150-1bit-x.png \
  -label "TeX chessboard, 35 mm, 150 dpi, 1 bit (x2)" t150-1bit-x.png \
  -tile 2x2 -geometry +12+12 "$out"
echo "wrote $out" >&2
