#!/usr/bin/env bash
# fen2img against python-chess + cairosvg, each rendering the same corpus
# positions to PNG inside one process, on one core.
#
#   bench/compare.sh                      # 400 and 720 px, all 300 positions
#   bench/compare.sh --size 720 --limit 50
#
# Options:
#   --size N     only this size (repeatable; default: 400 and 720)
#   --limit N    only the first N corpus positions (default: all)
#   --repeat K   render the positions K times in each tool (default 1)
#   --keep       also write every image to bench/out/<tool>-<size>/
#   --no-pin     do not pin the runs to one CPU with taskset
#
# Environment: PY_PACKAGES overrides the pinned baseline packages
# (default "chess==1.11.2 cairosvg==2.9.1").
#
# Needs: the Rust toolchain, Python 3 with venv and pip, the system library
# libcairo2, and network access to crates.io and PyPI. Creates bench/.venv.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
here=$bench_dir
root=$repo_root
venv="$here/.venv"
corpus="$root/crates/test-support/data/positions.fen"

sizes=()
limit=""
repeat=1
keep=0
pin=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --size) sizes+=("${2:?--size needs a value}"); shift 2 ;;
        --limit) limit="${2:?--limit needs a value}"; shift 2 ;;
        --repeat) repeat="${2:?--repeat needs a value}"; shift 2 ;;
        --keep) keep=1; shift ;;
        --no-pin) pin=0; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "compare.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done
[[ ${#sizes[@]} -gt 0 ]] || sizes=(400 720)

say() { printf '\n== %s\n' "$*" >&2; }

# --- Prerequisites -----------------------------------------------------------
command -v cargo >/dev/null || { echo "compare.sh: cargo not found; install Rust from https://rustup.rs" >&2; exit 1; }
command -v python3 >/dev/null || { echo "compare.sh: python3 not found; sudo apt-get install -y python3 python3-venv python3-pip" >&2; exit 1; }

have_cairo() {
    local ldconfig
    ldconfig="$(command -v ldconfig || echo /sbin/ldconfig)"
    if [[ -x "$ldconfig" ]] && "$ldconfig" -p 2>/dev/null | grep -q 'libcairo\.so\.2 '; then
        return 0
    fi
    compgen -G '/usr/lib/*/libcairo.so.2' >/dev/null || compgen -G '/usr/lib/libcairo.so.2' >/dev/null \
        || compgen -G '/usr/local/lib/libcairo.so.2' >/dev/null
}
if ! have_cairo; then
    echo "compare.sh: cairosvg needs the system library libcairo2, which is missing. Install it with:" >&2
    echo "    sudo apt-get install -y libcairo2" >&2
    exit 1
fi

# --- (a) Build fen2img ----------------------------------------------------------
say "building fen2img (release) and the render_corpus example"
render_corpus=$(release_bin render_corpus -p measure --bin render_corpus)

# --- (b) Python environment -----------------------------------------------------
if [[ ! -x "$venv/bin/python" ]]; then
    say "creating $venv"
    if ! python3 -m venv "$venv"; then
        rm -rf "$venv"
        pyver="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
        echo "compare.sh: 'python3 -m venv' failed. On Debian/Ubuntu install the venv module with:" >&2
        echo "    sudo apt-get install -y python3-venv    # or python${pyver}-venv" >&2
        exit 1
    fi
fi
py="$venv/bin/python"
# Pinned so that the baseline stays put; override with PY_PACKAGES="chess cairosvg".
py_packages="${PY_PACKAGES:-chess==1.11.2 cairosvg==2.9.1}"
if [[ -n "${PY_PACKAGES:-}" ]] || ! "$py" -c 'import chess.svg, cairosvg' 2>/dev/null; then
    say "installing chess and cairosvg into $venv"
    "$py" -m pip install --quiet --disable-pip-version-check --upgrade pip
    "$py" -m pip install --quiet --disable-pip-version-check $py_packages
fi
if ! err="$("$py" -c 'import cairosvg' 2>&1)"; then
    echo "$err" >&2
    echo "compare.sh: cairosvg cannot load libcairo. Install it with:" >&2
    echo "    sudo apt-get install -y libcairo2" >&2
    exit 1
fi

# --- (c) Run both ---------------------------------------------------------------
pin_cmd=()
if [[ $pin -eq 1 ]] && command -v taskset >/dev/null; then
    pin_cmd=(taskset -c 0)
fi
common=(--repeat "$repeat" --corpus "$corpus")
[[ -n "$limit" ]] && common+=(--limit "$limit")

# field LINE KEY: the value of KEY=VALUE in a result line.
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }

run() { # run NAME SIZE CMD...: runs CMD, echoes its output to stderr, keeps the result line
    local name="$1" size="$2"; shift 2
    local out_args=()
    [[ $keep -eq 1 ]] && out_args=(--out "$here/out/$name-$size")
    local output
    output="$("${pin_cmd[@]}" "$@" "${common[@]}" "${out_args[@]}")"
    printf '%s\n' "$output" | grep -v '^result ' >&2
    printf '%s\n' "$output" | grep '^result '
}

declare -A ms bytes
tools=(python fen2img fen2img-optimize)
declare -A label=(
    [python]="python-chess + cairosvg"
    [fen2img]="fen2img (default)"
    [fen2img-optimize]="fen2img --optimize"
)
for size in "${sizes[@]}"; do
    say "rendering at $size px"
    r="$(run python "$size" "$py" "$here/python_render.py" --size "$size")"
    ms[python,$size]="$(field "$r" per_board_ms)"; bytes[python,$size]="$(field "$r" mean_bytes)"
    r="$(run fen2img "$size" "$render_corpus" --size "$size" --format png)"
    ms[fen2img,$size]="$(field "$r" per_board_ms)"; bytes[fen2img,$size]="$(field "$r" mean_bytes)"
    r="$(run fen2img-optimize "$size" "$render_corpus" --size "$size" --format png --optimize)"
    ms[fen2img-optimize,$size]="$(field "$r" per_board_ms)"; bytes[fen2img-optimize,$size]="$(field "$r" mean_bytes)"
done

# --- (d) Table ------------------------------------------------------------------
boards="${limit:-all}"
printf '\n%s\n' "$(run_header)"
printf 'PNG, one process, one thread; %s corpus positions x %s pass(es)%s\n' \
    "$boards" "$repeat" "$([[ ${#pin_cmd[@]} -gt 0 ]] && echo ', pinned to CPU 0')"
printf '%-6s  %-24s  %10s  %10s  %9s  %10s\n' size tool "ms/board" "KB/board" speed-up "size ratio"
for size in "${sizes[@]}"; do
    for t in "${tools[@]}"; do
        awk -v size="$size" -v tool="${label[$t]}" \
            -v ms="${ms[$t,$size]}" -v b="${bytes[$t,$size]}" \
            -v pms="${ms[python,$size]}" -v pb="${bytes[python,$size]}" 'BEGIN {
            printf "%-6s  %-24s  %10.3f  %10.1f  %8.1fx  %10.2f\n", size "px", tool, ms, b / 1000, pms / ms, b / pb
        }'
    done
done
echo "speed-up = python ms / tool ms; size ratio = tool bytes / python bytes (below 1: smaller)"
