#!/usr/bin/env bash
# Output sizes (issue 37, goal 3), side by side in one run:
#
# - the 720 px PNG of each of the first N corpus positions with lila-gif's
#   look (coordinates inside the board, no margin: 720 x 720), from this
#   build and from --old, against lila-gif's /image.gif of the same
#   position (--lila), and the wall time of each build's N processes
#   (start-up included: bench/oneshot.sh and render_corpus time properly);
# - the start position's SVG, both builds.
#
#   bench/sizes.sh [--count N] [--bin PATH] [--old PATH] [--lila PATH] [--record]
#
# --bin: the fen2img to measure (default: cargo build --release).
# --old: an earlier build, for the before column (say, main's).
# --lila: a lila-gif binary (built from its source, `cargo build --release`),
#   started on a free loopback port.
# --count: how many corpus positions (default 50, as bench/serve.sh).
# --record writes the table to bench/results/ (see bench/results/README.md).
# Needs curl for lila-gif.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_args="$*"
count=50
bin=""
old=""
lila=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --count) count="${2:?--count needs a number}"; shift 2 ;;
        --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
        --old) old="${2:?--old needs a path}"; shift 2 ;;
        --lila) lila="${2:?--lila needs a path}"; shift 2 ;;
        --record) bench_record=1; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "sizes.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done
[[ -n "$bin" ]] || bin=$(release_bin fen2img)
scratch_dir
# (awk reads the file itself: `grep | head` fails under pipefail when head
# stops reading early)
awk -v n="$count" '!/^#/ && NF { print; if (++k == n) exit }' \
    "$repo_root/crates/test-support/data/positions.fen" > "$work/fens"
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

echo "$(run_header "$count positions")"
record_start sizes what build positions total_bytes mean_bytes largest_bytes seconds
# pngs LABEL BIN: every position's 720 px PNG into $work/LABEL/, timed.
pngs() {
    mkdir -p "$work/$1"
    local t0 t1 n=0
    t0=$(date +%s.%N)
    while IFS= read -r fen; do
        n=$((n + 1))
        "$2" "$fen" --size 720 --coords inside -o "$work/$1/$n.png"
    done < "$work/fens"
    t1=$(date +%s.%N)
    report "720 px PNG, coordinates inside" "$1" "$work/$1"/*.png "$(echo "$t1 - $t0" | bc)"
}
# report WHAT LABEL FILES... SECONDS
report() {
    local what=$1 label=$2 seconds=${*: -1}
    local files=("${@:3:$#-3}")
    local sizes
    sizes=$(stat -c %s "${files[@]}")
    read -r total mean largest < <(echo "$sizes" | awk '{ s += $1; if ($1 > m) m = $1 } END { printf "%d %.0f %d\n", s, s / NR, m }')
    printf '%-32s %-10s %4d files: total %9d  mean %7d  largest %7d bytes  %s s\n' \
        "$what" "$label" "${#files[@]}" "$total" "$mean" "$largest" "$seconds"
    record_row "$what" "$label" "${#files[@]}" "$total" "$mean" "$largest" "$seconds"
}
[[ -n "$old" ]] && pngs before "$old"
pngs after "$bin"
if [[ -n "$lila" ]]; then
    port=$(free_port)
    spawn "$lila" --bind "127.0.0.1:$port" 2>/dev/null
    wait_for "http://127.0.0.1:$port/" 30
    mkdir -p "$work/lila"
    n=0
    while IFS= read -r fen; do
        n=$((n + 1))
        enc=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$fen")
        curl -sf -o "$work/lila/$n.gif" "http://127.0.0.1:$port/image.gif?fen=$enc"
    done < "$work/fens"
    # (no time: a request a process of curl and python says nothing of
    # lila-gif's speed; bench/serve.sh measures that)
    report "lila-gif /image.gif (default)" lila-gif "$work/lila"/*.gif -
    # Position by position: how many PNGs are at most lila-gif's GIF.
    for label in before after; do
        [[ -d "$work/$label" ]] || continue
        at_most=0
        for ((i = 1; i <= n; i++)); do
            if (( $(stat -c %s "$work/$label/$i.png") <= $(stat -c %s "$work/lila/$i.gif") )); then
                at_most=$((at_most + 1))
            fi
        done
        echo "$label: $at_most of $n PNGs at most lila-gif's GIF of the same position"
    done
fi
for label in before after; do
    b=$bin
    [[ $label == before ]] && { [[ -n "$old" ]] || continue; b=$old; }
    "$b" "$start" -o "$work/start-$label.svg"
    report "start position SVG" "$label" "$work/start-$label.svg" 0
done
