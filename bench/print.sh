#!/usr/bin/env bash
# The print theme's photocopy figures (README, "Pieces and themes"): hatch
# ink per dark square, white outlines through a 1-bit threshold, hatch
# clearance, at the given sizes (default 207 and 720 px).
#   bench/print.sh [SIZES...]
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --release --quiet -p measure --bin print_figures -- "$@"
