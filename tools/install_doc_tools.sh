#!/bin/sh
# Installs the document tools that tests/md.rs runs when they are on PATH:
# pandoc (Debian package) and mdbook (crates.io, without its server and
# search features: about a minute and a half on two cores; .ci/run does the
# same). Usage: tools/install_doc_tools.sh [ROOT]
# mdbook goes to ROOT/bin (default ~/.cargo/bin); put it on PATH.
set -eu
if ! command -v pandoc >/dev/null 2>&1; then
    apt-get install -y pandoc
fi
if ! command -v mdbook >/dev/null 2>&1; then
    if [ $# -gt 0 ]; then
        nice cargo install mdbook --locked --no-default-features --root "$1"
    else
        nice cargo install mdbook --locked --no-default-features
    fi
fi
pandoc --version | head -n 1
mdbook --version 2>/dev/null || echo "mdbook installed under ${1:-~/.cargo}/bin: add it to PATH"
