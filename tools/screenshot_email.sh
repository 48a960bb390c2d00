#!/usr/bin/env bash
# Rebuilds docs/email.png: the -f html board as headless Chromium (Debian's
# chromium package) draws it, for the README.
set -euo pipefail
cd "$(dirname "$0")/.."
fen='r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo '<!doctype html><html><body style="margin:12px;background:#fff;font-family:sans-serif">'
  cargo run -q --release -- "$fen" -f html --size 320
  echo '</body></html>'
} > "$work/email.html"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --hide-scrollbars --user-data-dir="$work/profile" --window-size=380,400 \
  --screenshot="$PWD/docs/email.png" "file://$work/email.html"
