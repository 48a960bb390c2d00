#!/usr/bin/env bash
# Reading time and peak memory of `fen2img FILE.pgn -f fen` on hostile games
# at 1x, 4x and 16x their size: each should grow in proportion (issue 32).
#
#   bench/pgn_linear.sh
#   bench/pgn_linear.sh --runs 9 --bin path/to/fen2img
#
# The inputs are generated here (nothing is committed), in a temporary
# directory:
#   comment    1. e4 {[[[...]} e5 *     a comment full of '[' (60,000 bytes at 1x;
#                                       16x stays under the 1 MiB comment limit)
#   stray      1. e4 ))))... e5 *      one line of stray ')' (262,144 at 1x): a
#                                       warning each, all on one line
#   warnings   1. e4 / ) / ) / ...     one ')' a line (262,144 lines at 1x): a
#                                       warning each, kept up to a bound
# Warnings go to /dev/null (printing them is not what is measured).
#
# Options:
#   --runs N     runs per input, the median reported (default 5)
#   --bin PATH   the fen2img to measure (default: cargo build --release)
#
# CPU time (user + system) and wall time of the process, in milliseconds,
# the median of the runs; a first row gives what a process costs on a
# short game (start-up), and "per MB" is the CPU time beyond it per
# megabyte of input, which stays level when reading is linear. Peak memory
# is GNU time's maximum resident set size (/usr/bin/time -f %M; apt-get
# install time). Needs python3 (for the child's CPU time). Prints a
# Markdown table on standard output.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

runs=5
bin=
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a value}"; shift 2 ;;
        --bin) bin="${2:?--bin needs a value}"; shift 2 ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "pgn_linear.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done

if [[ -z $bin ]]; then
    echo "== building fen2img (release)" >&2
    (cd "$root" && cargo build --release --quiet --bin fen2img)
    target="${CARGO_TARGET_DIR:-target}"
    [[ $target == /* ]] || target="$root/$target"  # cargo ran in $root
    bin="$target/release/fen2img"
fi
[[ -x /usr/bin/time ]] || { echo "pgn_linear.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# chars C N: the byte C written N times (no newline).
chars() { head -c "$2" /dev/zero | tr '\0' "$1"; }

make_input() {
    local kind="$1" scale="$2" file="$3"
    case "$kind" in
        comment)
            { printf '1. e4 {'; chars '[' $((60000 * scale)); printf ']} e5 *\n'; } >"$file" ;;
        stray)
            { printf '1. e4 '; chars ')' $((262144 * scale)); printf ' e5 *\n'; } >"$file" ;;
        warnings)
            { printf '1. e4\n'; chars '\n' $((262144 * scale)) | sed 's/^/)/'; printf 'e5 *\n'; } >"$file" ;;
    esac
}

# One run: "cpu_ms wall_ms max_rss_kb"; the game must be read (exit code
# 0). CPU time (user + system, from the kernel's accounting of the child,
# microseconds) moves far less than wall time when the machine is shared.
measure() {
    python3 - "$tmp/rss.txt" "$bin" "$1" <<'PY' ||
import os, resource, subprocess, sys, time
rss_file, binary, pgn = sys.argv[1:]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
start = time.perf_counter()
# /dev/null opened write-only, as a shell's `>/dev/null` is: fen2img takes
# a read-write /dev/null on standard output (subprocess.DEVNULL) for the
# runtime's stand-in for a closed one, and refuses to write there.
with open(os.devnull, "wb") as sink:
    code = subprocess.call(["/usr/bin/time", "-f", "%M", "-o", rss_file, binary, pgn, "-f", "fen"],
                           stdout=sink, stderr=sink)
wall = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
rss = open(rss_file).read().split()[-1]
print(f"{cpu * 1000:.1f} {wall * 1000:.1f} {rss}")
sys.exit(code)
PY
        { echo "pgn_linear.sh: fen2img failed on $1" >&2; exit 1; }
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "fen2img: $("$bin" --version 2>/dev/null | head -n 1)" >&2
echo "| input | scale | bytes | CPU time, ms | wall time, ms | CPU ms per MB beyond the baseline | peak RSS |"
echo "|---|---:|---:|---:|---:|---:|---:|"

# Medians of $runs runs of FILE: sets cpu, wall, rss (KB).
run_file() {
    : >"$tmp/cpu"; : >"$tmp/wall"; : >"$tmp/rssk"
    for ((i = 0; i < runs; i++)); do
        read -r c w r < <(measure "$1")
        echo "$c" >>"$tmp/cpu"; echo "$w" >>"$tmp/wall"; echo "$r" >>"$tmp/rssk"
    done
    cpu="$(median <"$tmp/cpu")"; wall="$(median <"$tmp/wall")"; rss="$(median <"$tmp/rssk")"
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f MB", k / 1024 }'; }

# What a process costs whatever it reads (start-up, one short game).
printf '1. e4 e5 *\n' >"$tmp/baseline.pgn"
run_file "$tmp/baseline.pgn"
baseline="$cpu"
echo "| baseline: \`1. e4 e5 *\` | | 10 | $cpu | $wall | | $(mb "$rss") |"
for kind in comment stray warnings; do
    for scale in 1 4 16; do
        file="$tmp/$kind-$scale.pgn"
        make_input "$kind" "$scale" "$file"
        bytes="$(wc -c <"$file")"
        run_file "$file"
        per_mb="$(awk -v t="$cpu" -v b="$baseline" -v n="$bytes" 'BEGIN { printf "%.0f", (t - b) / (n / 1e6) }')"
        echo "| $kind | ${scale}x | $bytes | $cpu | $wall | $per_mb | $(mb "$rss") |"
        rm -f "$file"
    done
done
