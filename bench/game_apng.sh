#!/usr/bin/env bash
# A 100-ply game animated at 720 px as APNG and as GIF, side by side in one
# run (the tools alternating within each round): time of the whole
# `fen2img GAME --animate -o game.{png,gif}` process and the file's size,
# with the CLI's default coordinates (outside) and with `--coords inside`.
# The game is the first of bench/games.py's generated games with at least
# 100 plies, cut at 100 (as bench/game_gif.sh takes it).
#
#   bench/game_apng.sh [--rounds R] [--fen2img BIN] [--games PGN]
#
# --fen2img defaults to a release build (cargo build --release, honouring
# CARGO_TARGET_DIR); --games defaults to bench/.games/games-10000.pgn,
# generated with python-chess 1.11.2 in bench/.venv when missing. Needs
# python3 with venv and GNU time. Times are medians of R rounds (default 5).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
rounds=5
bin=""
pgn="$here/.games/games-10000.pgn"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --fen2img) bin=$2; shift 2 ;;
    --games) pgn=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds R] [--fen2img BIN] [--games PGN]" >&2; exit 2 ;;
  esac
done
venv="$here/.venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
py="$venv/bin/python"
"$py" -c 'import chess' 2>/dev/null || "$py" -m pip install --quiet --disable-pip-version-check chess==1.11.2
if [[ ! -s "$pgn" ]]; then
  mkdir -p "$(dirname "$pgn")"
  "$py" "$here/games.py" generate 10000 "$pgn.tmp" && mv "$pgn.tmp" "$pgn"
fi
if [[ -z "$bin" ]]; then
  (cd "$root" && cargo build --quiet --release --bin fen2img)
  bin="${CARGO_TARGET_DIR:-$root/target}/release/fen2img"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$py" "$here/games.py" film "$pgn" "$work"

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), commit $(cd "$root" && git rev-parse --short HEAD)"
echo "101 frames (100 plies) at 720 px, whole process, medians of $rounds rounds"
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
wall() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -n 1; }
rows=(out.gif out.png in.gif in.png)
for r in "${rows[@]}"; do : > "$work/$r.t"; done
for _ in $(seq "$rounds"); do
  for r in "${rows[@]}"; do
    coords=outside
    [[ "$r" == in.* ]] && coords=inside
    wall "$bin" "$work/game.pgn" --animate --size 720 --coords "$coords" -o "$work/$r" >> "$work/$r.t"
  done
done
for r in "${rows[@]}"; do
  printf '  %-52s %6.3f s  %8s bytes\n' "fen2img GAME --animate --coords ${r%%.*}side -o game.${r#*.}" \
    "$(median < "$work/$r.t")" "$(wc -c < "$work/$r")"
done
