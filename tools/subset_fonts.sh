#!/usr/bin/env bash
# Rebuilds crates/render/assets/fonts/*.subset.ttf from Debian's Noto Sans with fontTools'
# pyftsubset (in a throwaway virtual environment). See crates/render/assets/fonts/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
src=/usr/share/fonts/truetype/noto
[ -f "$src/NotoSans-Regular.ttf" ] || { echo "apt-get install fonts-noto-core" >&2; exit 1; }
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q fonttools
ranges="U+0020-007E,U+00A0-024F,U+02B0-02FF,U+0300-036F,U+0370-03FF,U+0400-04FF,U+0500-052F,U+1E00-1EFF,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-2193,U+2212,U+25A1,U+FFFD"
for weight in Regular Bold; do
  "$venv/bin/pyftsubset" "$src/NotoSans-$weight.ttf" --unicodes="$ranges" \
    --layout-features='kern,liga,ccmp,locl,mark,mkmk' --no-hinting --desubroutinize \
    --name-IDs='*' --output-file="crates/render/assets/fonts/NotoSans-$weight.subset.ttf"
done
ls -l crates/render/assets/fonts/*.ttf
