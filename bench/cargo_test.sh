#!/usr/bin/env bash
# A fresh clone's `cargo test --locked`, as a new contributor runs it: each
# COMMIT (default HEAD) cloned into a scratch directory of its own with an
# empty target/ (the Cargo registry stays warm: no downloads are timed),
# built and tested, timed with GNU time. Several commits run side by side,
# started together, so that the load of a shared machine falls on each
# alike (compare their CPU time: user + sys); `--one-at-a-time` runs them
# one after the other, for the wall time of a quiet machine.
#
#   bench/cargo_test.sh                          # HEAD alone
#   bench/cargo_test.sh main HEAD --record       # before and after, side by side
#   bench/cargo_test.sh --one-at-a-time HEAD     # wall time on a quiet machine
#   bench/cargo_test.sh --keep main HEAD         # clones and targets kept, to rerun tests
#
# Prints, for each commit, wall, user and sys seconds of the whole run and
# whether every test passed, then each test binary's own run time (libtest's
# "finished in", doctests' included) and, from `--timings`, the compile
# time of the slowest units. With --record: bench/results/DATE-cargo-test.tsv.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
needs_gnu_time

bench_args="$*"
commits=()
apart=""
keep=""
for arg in "$@"; do
  case $arg in
    --record) bench_record=1 ;;
    --one-at-a-time) apart=1 ;;
    --keep) keep=1 ;;
    -*) echo "${0##*/}: unknown option $arg" >&2; exit 2 ;;
    *) commits+=("$arg") ;;
  esac
done
[[ ${#commits[@]} -gt 0 ]] || commits=(HEAD)

scratch_dir
if [[ -n $keep ]]; then
  bench_scratch=""
  echo "# kept in $work/0, $work/1..." >&2
fi
echo "# $(run_header)"

# run_one N COMMIT: clone, then `cargo test --locked --timings` in it; the
# log and GNU time's line in $work/N.log and $work/N.time.
run_one() {
  local n=$1 commit=$2 dir="$work/$1"
  git -c init.defaultBranch=main clone -q --no-checkout "$repo_root" "$dir"
  git -C "$dir" -c advice.detachedHead=false checkout -q "$(cd "$repo_root" && git rev-parse "$commit")"
  (cd "$dir" && CARGO_TARGET_DIR="$dir/target" /usr/bin/time -o "$work/$n.time" -f "%e %U %S" \
    cargo test --locked --timings > "$work/$n.log" 2>&1) || true
}

pids=()
for i in "${!commits[@]}"; do
  if [[ -n $apart ]]; then
    run_one "$i" "${commits[$i]}"
  else
    run_one "$i" "${commits[$i]}" &
    pids+=($!)
  fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
echo "# finished $(date -u '+%H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"

record_start cargo-test commit what wall_s user_s sys_s result
printf 'commit\twhat\twall_s\tuser_s\tsys_s\tresult\n'
for i in "${!commits[@]}"; do
  commit=$(git -C "$work/$i" rev-parse --short HEAD)
  read -r wall_s user_s sys_s < <(tail -n 1 "$work/$i.time")
  if grep -q '^test result: FAILED\|^error' "$work/$i.log"; then result=failed; else result=passed; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$commit" "cargo test --locked" "$wall_s" "$user_s" "$sys_s" "$result"
  record_row "$commit" "cargo test --locked" "$wall_s" "$user_s" "$sys_s" "$result"
  # Each test binary's run: the line naming it, then its "finished in"
  # (for edition 2024's merged doctests, "all doctests ran in", which
  # counts their compilation as a 2021 doctest's own time does).
  awk -v c="$commit" '
    function flush() { if (name != "") printf "%s\trun %s\t%s\t-\t-\t%s\n", c, name, t, r; name = "" }
    /^ *Running / { flush(); name = $2 }
    /^ *Doc-tests / { flush(); name = "doctests " $2 }
    /^test result:/ { t = $NF; sub(/s$/, "", t); r = $3; sub(/\.$/, "", r) }
    /^all doctests ran in / { t = $5; sub(/s;$/, "", t) }
    END { flush() }
  ' "$work/$i.log" | tee -a "${record_file:-/dev/null}"
  # The slowest compile units (wall seconds each, from cargo's timings).
  python3 - "$work/$i/target/cargo-timings/cargo-timing.html" "$commit" <<'EOF' | tee -a "${record_file:-/dev/null}"
import json, re, sys
html = open(sys.argv[1]).read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);\n", html, re.S).group(1))
units.sort(key=lambda u: -u["duration"])
for u in units[:12]:
    target = u["target"].strip() or "lib"
    print(f"{sys.argv[2]}\tcompile {u['name']} {target}\t{u['duration']:.1f}\t-\t-\t-")
EOF
done
