#!/usr/bin/env bash
# The print theme's photocopy figures (README, "Pieces and themes"): hatch
# ink per dark square, white outlines through a 1-bit threshold, hatch
# clearance, at the given sizes (default 207 and 720 px).
#   bench/print.sh [SIZES...]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
run_header "print_figures $*"
cd "$repo_root"   # print_figures writes beside the repository's files
"$(release_bin print_figures -p measure --bin print_figures)" "$@"
