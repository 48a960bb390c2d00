#!/usr/bin/env bash
# The games benchmark: read and replay a reproducibly generated PGN of
# 10,000 annotated games (comments, comment commands, NAGs, variations) with
# fen2img's reader, python-chess's chess.pgn.read_game and Debian's
# pgn-extract, one after the other in one run.
#
#   bench/games.sh [GAMES]        # default 10000
#
# Needs: the Rust toolchain; Python 3 with venv (creates bench/.venv with
# python-chess 1.11.2, as compare.sh does); pgn-extract
# (`apt-get install -y pgn-extract`, installed as /usr/games/pgn-extract).
# The PGN is generated once into bench/.games/ and reused.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
games="${1:-10000}"
pgn="$bench_dir/.games/games-$games.pgn"
mkdir -p "$bench_dir/.games"
needs_gnu_time
bench_python
extract=/usr/games/pgn-extract
[[ -x "$extract" ]] || extract="$(command -v pgn-extract)" || {
    echo "games.sh: pgn-extract not found; apt-get install -y pgn-extract" >&2; exit 1; }

if [[ ! -s "$pgn" ]]; then
    echo "generating $games games into $pgn"
    "$py" "$bench_dir/games.py" generate "$games" "$pgn.tmp" && mv "$pgn.tmp" "$pgn"
fi
run_header "file: $pgn ($(wc -c < "$pgn") bytes)"
replay=$(release_bin replay_pgn -p measure --bin replay_pgn)

scratch_dir
# Each reader once under /usr/bin/time: wall time, and CPU time (user +
# system), which is the fair figure on a shared machine.
measure() {
    local name=$1; shift
    /usr/bin/time -f "$name: wall %e s, cpu %U s user + %S s sys, peak %M KB" "$@" >"$work/out" 2>&1 || true
    # pgn-extract counts games on stderr without newlines: drop the count.
    sed 's/Games: [0-9]*//g' "$work/out"
}
measure fen2img "$replay" "$pgn" 1
measure python-chess "$py" "$bench_dir/games.py" read "$pgn"
# -s silent, -o /dev/null: parse every game and check every move, write nothing.
measure "pgn-extract $(dpkg-query -W -f '${Version}' pgn-extract 2>/dev/null || echo '?')" "$extract" -s "$pgn" -o /dev/null
