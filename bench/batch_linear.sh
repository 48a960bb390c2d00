#!/usr/bin/env bash
# Time and peak memory at 1x, 4x and 16x input for what issue 32 found
# quadratic or unbounded in batch and the document steps, each input
# generated here:
#
#   games   `fen2img batch` of N bad games (an illegal move each), LF and
#           CR-only line ends: one error and excerpt per game
#   markers `fen2img batch --markers` of 6 games of M markers each (PNG
#           400 px): peak memory must not follow M
#   carets  `fen2img md --check` of a page of B bad fen blocks, LF and CR
#   inline  `fen2img md` (inline) of a page of K animate blocks of one
#           400-ply game: the page's size must stop at the inline budget
#   merge   `fen2img merge-manifests` of 4 parts of a sharded run of P lines
#   python  `fen2img.render(arrows=...)` of a stream of A arrows (the
#           package installed in $FEN2IMG_PYTHON, default python3): refused
#           after 65, whatever A
#
#   bench/batch_linear.sh [--only NAME] [--tmp DIR]
#
# Wall and CPU time and peak RSS from GNU time; compare the rows of one
# run (the machine's speed drifts between runs), CPU on a busy machine. Linear means 4x input, about 4x
# time; bounded memory means the peak stays put.
set -euo pipefail
cd "$(dirname "$0")/.."

only=""
tmp_root="${TMPDIR:-/tmp}"
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=$2; shift 2 ;;
    --tmp) tmp_root=$2; shift 2 ;;
    *) echo "usage: $0 [--only games|markers|carets|inline|merge|python] [--tmp DIR]" >&2; exit 2 ;;
  esac
done
if [ ! -x /usr/bin/time ]; then
  echo "needs GNU time: apt-get install -y time" >&2
  exit 1
fi

cargo build --release --quiet
target="${CARGO_TARGET_DIR:-target}"
[[ $target == /* ]] || target="$PWD/$target"
bin="$target/release/fen2img"
work=$(mktemp -d -p "$tmp_root")
trap 'rm -rf "$work"' EXIT

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)," \
  "commit $(git rev-parse --short HEAD)"

# `measure LABEL COMMAND...`: one row, wall and CPU (user + system)
# seconds and peak MB; the command's exit code is not checked (bad inputs
# exit 2 on purpose). On a shared machine compare CPU.
measure() {
  local label=$1
  shift
  local wall user sys kb
  /usr/bin/time -f "%e %U %S %M" "$@" >/dev/null 2>"$work/stderr" || true
  read -r wall user sys kb < <(tail -n 1 "$work/stderr")
  printf '%-26s wall %7s s  CPU %7s s  peak %6s MB\n' "$label" "$wall" \
    "$(echo "$user + $sys" | bc)" "$((kb / 1024))"
}

want() { [ -z "$only" ] || [ "$only" = "$1" ]; }

if want games; then
  echo "== batch: N bad games, one error and excerpt each"
  for n in 5000 20000 80000; do
    python3 - "$work" "$n" <<'EOF'
import sys
work, n = sys.argv[1], int(sys.argv[2])
game = '[Event "x"]\n[White "a"]\n[Black "b"]\n\n1. e4 Ke5 *\n\n'
open(f"{work}/lf.pgn", "w").write(game * n)
open(f"{work}/cr.pgn", "w").write((game * n).replace("\n", "\r"))
EOF
    for ends in lf cr; do
      measure "games $n ($ends)" "$bin" batch "$work/$ends.pgn" --out-dir "$work/out" -f svg --quiet
    done
  done
fi

if want markers; then
  echo "== batch --markers: 6 games of M markers, PNG 400 px"
  for m in 750 3000 12000; do
    python3 - "$work" "$m" <<'EOF'
import sys
work, m = sys.argv[1], int(sys.argv[2])
knights = ["Nf3", "Nf6", "Ng1", "Ng8"]
games = []
for g in range(6):
    moves = []
    for i in range(m):
        moves.append((f"{i // 2 + 1}. " if i % 2 == 0 else "") + knights[i % 4] + " {[#]}")
    games.append(f'[White "w{g}"]\n[Black "b"]\n\n' + " ".join(moves) + " *\n\n")
open(f"{work}/markers.pgn", "w").write("".join(games))
EOF
    rm -rf "$work/markers"
    measure "markers 6 x $m" "$bin" batch "$work/markers.pgn" --markers --out-dir "$work/markers" \
      --name '{n}-{ply}.{ext}' --quiet
    echo "  $(find "$work/markers" -type f | wc -l) files, $(du -sm "$work/markers" | cut -f1) MB on disk"
  done
  rm -rf "$work/markers"
fi

if want carets; then
  echo "== md --check: a page of B bad fen blocks"
  for b in 5000 20000 80000; do
    python3 - "$work" "$b" <<'EOF'
import sys
work, b = sys.argv[1], int(sys.argv[2])
block = "```fen\n8/8/8/8/8/8/8/K6kk w - - 0 1\n```\n\n"
open(f"{work}/lf.md", "w").write(block * b)
open(f"{work}/cr.md", "w").write((block * b).replace("\n", "\r"))
EOF
    for ends in lf cr; do
      measure "carets $b ($ends)" "$bin" md "$work/$ends.md" --check
    done
  done
fi

if want inline; then
  echo "== md (inline): a page of K animate blocks of one 400-ply game, 400 px"
  for k in 25 100 400; do
    python3 - "$work" "$k" <<'EOF'
import sys
work, k = sys.argv[1], int(sys.argv[2])
knights = ["Nf3", "Nf6", "Ng1", "Ng8"]
moves = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + knights[i % 4] for i in range(400))
block = f"```pgn animate size=400\n{moves} *\n```\n\n"
open(f"{work}/anim.md", "w").write("# Many\n\n" + block * k)
EOF
    rm -rf "$work/site"
    measure "inline $k blocks" "$bin" md "$work/anim.md" --out-dir "$work/site"
    echo "  page $(($(wc -c < "$work/site/anim.md") / 1024)) KiB," \
      "$(find "$work/site/diagrams" -type f 2>/dev/null | wc -l) file(s) beside it"
  done
fi

if want merge; then
  echo "== merge-manifests: 4 parts of P lines in all"
  for p in 100000 400000 1600000; do
    python3 - "$work" "$p" <<'EOF'
import sys
work, p = sys.argv[1], int(sys.argv[2])
parts = [open(f"{work}/part-{k}.jsonl", "w") for k in range(1, 5)]
for i in range(p):
    k = i % 4 + 1
    parts[k - 1].write(
        f'{{"source":"in.fen","line":{i + 1},"input":"8/8/8/8/8/8/8/K6k w - - 0 1",'
        f'"status":"written","shard":"{k}/4"}}\n'
    )
EOF
    measure "merge $p lines" "$bin" merge-manifests "$work"/part-1.jsonl "$work"/part-2.jsonl \
      "$work"/part-3.jsonl "$work"/part-4.jsonl -o "$work/merged.jsonl"
  done
fi

if want python; then
  echo "== Python: render(arrows=<a stream of A arrows>), refused past 64"
  python="${FEN2IMG_PYTHON:-python3}"
  if ! "$python" -c 'import fen2img' 2>/dev/null; then
    echo "  skipped: fen2img is not installed for $python (set FEN2IMG_PYTHON)"
  else
    for a in 1000000 4000000 16000000; do
      measure "python $a arrows" "$python" -c "
import itertools, fen2img
try:
    fen2img.render('8/8/8/8/8/8/8/K6k w - - 0 1', arrows=itertools.repeat('Ge2e4', $a))
except ValueError as e:
    assert str(e).startswith('arrows: at most 64'), e
"
    done
  fi
fi
