#!/usr/bin/env bash
# Redraws the README's sample diagrams in docs/ with the current build, so
# the pictures always show what the code draws. Needs ImageMagick (convert)
# for the photocopy picture. Usage: tools/make_docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
f2i=target/release/fen2img
opera='1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17'
$f2i "$opera" --size 360 --lastmove d1d8 --check -o docs/opera.png
$f2i "$opera" --size 360 --lastmove d1d8 --check -o docs/opera.svg
italian='r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
$f2i "$italian" --theme print --size 360 --arrow h5f7 --mark f7 -o docs/print.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$f2i "$italian" --theme print --size 35mm --dpi 150 --lastmove d1h5 --arrow h5f7 --mark f7 \
    -o "$tmp/p.png"
convert "$tmp/p.png" \( "$tmp/p.png" -colorspace gray -threshold 50% \) \
    +append -filter point -resize 200% -strip docs/print-photocopy.png
