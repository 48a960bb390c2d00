#!/usr/bin/env bash
# Streaming PGN to FEN lines (issue 37 goal 4): the final position of every
# game of bench/games.sh's 10,000 annotated games, replaying every move,
# written one line a game to standard output, whole process, side by side
# in one run:
#   fen2img batch games.pgn -f fen -o -      (every core)
#   pgn-extract -s -F --notags --nocomments --novars --nonags (each game with a FEN comment
#     after its last move: the nearest it has to FEN lines)
#   pgn-extract -s games.pgn -o /dev/null    (the issue's reference: parse and check, write nothing)
#   python-chess: chess.pgn.read_game, board.fen() of each game's end
# Rounds alternate the tools (fen2img, pgn-extract, fen2img, ...); the
# figures are each tool's median wall and CPU (user + system) time over
# the rounds, with the load average before each round. python-chess runs
# once (20 s or more a run).
#
#   bench/pgn_lines.sh [--rounds N] [--games N] [--bin PATH] [--before PATH] [--record]
#
# --before PATH times another build too (an earlier commit's fen2img, row
# fen2img-before) in the same rounds, its lines compared with the others'.
#
# Needs GNU time, pgn-extract (apt-get install -y pgn-extract) and Python 3
# with venv (python-chess 1.11.2 in bench/.venv, as games.sh).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
rounds=5 count=10000 bin="" before=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --games) count=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    --record) bench_record=1; shift ;;
    *) echo "usage: $0 [--rounds N] [--games N] [--bin PATH] [--before PATH] [--record]" >&2; exit 2 ;;
  esac
done
needs_gnu_time
bench_games "$count"
pgn=$games_pgn
extract=/usr/games/pgn-extract
[[ -x "$extract" ]] || extract="$(command -v pgn-extract)" || {
  echo "pgn_lines.sh: pgn-extract not found; apt-get install -y pgn-extract" >&2; exit 1; }
[[ -n "$bin" ]] || bin=$(release_bin fen2img)
scratch_dir
run_header "file: $pgn ($(wc -c < "$pgn") bytes), $rounds rounds"
record_start pgn-lines tool round load1 wall_s cpu_s peak_kb lines

# timed NAME ROUND CMD...: one run, its standard output to $work/NAME.out;
# prints "NAME ROUND LOAD WALL CPU PEAK LINES".
timed() {
  local name=$1 round=$2; shift 2
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -o "$work/time" -f '%e %U %S %M' "$@" > "$work/$name.out" 2>"$work/$name.err" || true
  read -r wall user sys peak < "$work/time"
  local cpu; cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  local lines; lines=$(grep -c . "$work/$name.out" || true)
  echo "$name $round $load $wall $cpu $peak $lines" | tee -a "$work/rows"
  record_row "$name" "$round" "$load" "$wall" "$cpu" "$peak" "$lines"
}
: > "$work/rows"
for ((r = 1; r <= rounds; r++)); do
  timed fen2img "$r" "$bin" batch -q "$pgn" -f fen -o -
  if [[ -n "$before" ]]; then
    timed fen2img-before "$r" "$before" batch -q "$pgn" -f fen -o -
  fi
  timed pgn-extract-fen "$r" "$extract" -s -F --notags --nocomments --novars --nonags "$pgn"
  timed pgn-extract-check "$r" "$extract" -s "$pgn" -o /dev/null
done
py_script='
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as f:
    out = sys.stdout
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.end().board()
        out.write(board.fen(en_passant="fen") + "\n")
'
timed python-chess 1 "$py" -c "$py_script" "$pgn"
# fen2img's lines against python-chess's (the same positions).
if cmp -s "$work/fen2img.out" "$work/python-chess.out"; then
  echo "fen2img and python-chess wrote the same $(wc -l < "$work/fen2img.out") lines"
else
  echo "fen2img and python-chess differ:"; diff "$work/fen2img.out" "$work/python-chess.out" | head -5
fi
if [[ -n "$before" ]] && ! cmp -s "$work/fen2img.out" "$work/fen2img-before.out"; then
  echo "fen2img and fen2img-before differ:"; diff "$work/fen2img.out" "$work/fen2img-before.out" | head -5
fi
echo "medians (tool: wall s, cpu s):"
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
for tool in fen2img fen2img-before pgn-extract-fen pgn-extract-check python-chess; do
  n=$(awk -v t="$tool" '$1 == t' "$work/rows" | wc -l)
  [[ $n -gt 0 ]] || continue
  wall=$(awk -v t="$tool" '$1 == t { print $4 }' "$work/rows" | median)
  cpu=$(awk -v t="$tool" '$1 == t { print $5 }' "$work/rows" | median)
  printf '  %-18s wall %s s, cpu %s s (%d runs)\n' "$tool" "$wall" "$cpu" "$n"
done
