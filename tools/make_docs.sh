#!/usr/bin/env bash
# Redraws the sample diagrams in docs/ with the current build, so the
# pictures always show what the code draws. The ones one fen2img command
# draws are listed, with their commands, in docs/PICTURES.md and redrawn by
# their test (which fails whenever they differ from the build's); the
# photocopy picture is fen2img then ImageMagick's threshold (needs convert).
# Usage: tools/make_docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
FEN2IMG_BLESS=1 cargo test --quiet --test cli doc_pictures
cargo build --release --quiet
f2i=target/release/fen2img
italian='r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$f2i "$italian" --theme print --size 35mm --dpi 150 --lastmove d1h5 --arrow h5f7 --mark f7 \
    -o "$tmp/p.png"
convert "$tmp/p.png" \( "$tmp/p.png" -colorspace gray -threshold 50% \) \
    +append -filter point -resize 200% -strip docs/print-photocopy.png
