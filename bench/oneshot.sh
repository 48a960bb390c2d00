#!/usr/bin/env bash
# Wall time and peak memory of one-shot `fen2img '<FEN>' -o board.png`:
# a new process per board, as a shell script or a web handler calling the
# command would see it (start-up, parse, render, encode, write the file).
#
#   bench/oneshot.sh
#   bench/oneshot.sh --runs 500 --fen '8/8/8/4k3/8/8/4K3/8 w - - 0 1' -- --size 720
#
# Options:
#   --runs N     timed runs (default 200)
#   --fen FEN    the position (default: a middlegame from the test corpus)
#   --out FILE   output file name, whose extension picks the format (default board.png)
#   -- ARGS...   more fen2img options, e.g. -- --size 720 --optimize
#
# Uses hyperfine if it is installed (apt-get install hyperfine, or
# cargo install hyperfine), else a bash loop timed with `date +%s%N`.
# Peak RSS comes from GNU time (/usr/bin/time; apt-get install time).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

runs=200
fen='r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 2 7'
name=board.png
extra=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a value}"; shift 2 ;;
        --fen) fen="${2:?--fen needs a value}"; shift 2 ;;
        --out) name="${2:?--out needs a value}"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "oneshot.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done

echo "== building fen2img (release)" >&2
bin=$(release_bin fen2img)

scratch_dir
tmp=$work
out="$tmp/$name"
cmd=("$bin" "$fen" -o "$out" "${extra[@]}")

# One run first: checks the command works and warms the page cache.
"${cmd[@]}"
bytes="$(wc -c <"$out")"

# --- Wall time -------------------------------------------------------------------
if command -v hyperfine >/dev/null; then
    tool="hyperfine $(hyperfine --version | awk '{print $2}')"
    # hyperfine -N (no shell) splits the command like a shell: quote each word.
    quoted="$(printf '%q ' "${cmd[@]}")"
    hyperfine --shell=none --warmup 10 --runs "$runs" --style basic \
        --export-csv "$tmp/times.csv" "$quoted" >&2
    # command,mean,stddev,median,user,system,min,max (seconds); the command
    # may hold commas, so count fields from the end.
    read -r mean median min max < <(awk -F, 'NR == 2 {
        printf "%.3f %.3f %.3f %.3f\n", $(NF-6) * 1e3, $(NF-4) * 1e3, $(NF-1) * 1e3, $NF * 1e3 }' "$tmp/times.csv")
else
    tool="bash loop, date +%s%N (hyperfine not installed)"
    for _ in $(seq 10); do "${cmd[@]}"; done  # warm-up
    : >"$tmp/times"
    for _ in $(seq "$runs"); do
        t0=$(date +%s%N)
        "${cmd[@]}"
        t1=$(date +%s%N)
        echo $(( t1 - t0 )) >>"$tmp/times"
    done
    read -r mean median min max < <(sort -n "$tmp/times" | awk '
        { t[NR] = $1; s += $1 }
        END {
            m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
            printf "%.3f %.3f %.3f %.3f\n", s / NR / 1e6, m / 1e6, t[1] / 1e6, t[NR] / 1e6 }')
fi

# --- Peak memory -----------------------------------------------------------------
if /usr/bin/time -f %M true 2>/dev/null; then
    rss_kb=0
    for _ in $(seq 20); do
        kb="$( { /usr/bin/time -f %M "${cmd[@]}" ; } 2>&1 >/dev/null | tail -n 1)"
        (( kb > rss_kb )) && rss_kb=$kb
    done
    rss="$(awk -v kb="$rss_kb" 'BEGIN { printf "%.1f MB (%d KB)", kb / 1024, kb }')"
else
    rss="unknown (GNU time missing: sudo apt-get install -y time)"
fi

printf '\n%s\n' "$(run_header)"
printf 'one-shot: fen2img %s -o %s %s\n' "'$fen'" "$name" "${extra[*]:-}"
printf '  timing:    %s, %s runs\n' "$tool" "$runs"
printf '  wall time: mean %s ms, median %s ms, min %s ms, max %s ms\n' "$mean" "$median" "$min" "$max"
printf '  peak RSS:  max %s over 20 runs (GNU time %%M)\n' "$rss"
printf '  output:    %s bytes\n' "$bytes"
printf 'result tool=fen2img-oneshot runs=%s mean_ms=%s median_ms=%s max_rss_kb=%s bytes=%s\n' \
    "$runs" "$mean" "$median" "${rss_kb:-}" "$bytes"
