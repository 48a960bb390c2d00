#!/usr/bin/env python3
"""Pick a fuzz target's seed corpus: the few inputs that cover what a grown
corpus covers.

    python3 tools/fuzz_seeds.py TARGET [--budget N] [--dry-run]

A run (`cargo fuzz run -s none TARGET`) grows fuzz/corpus/TARGET/ with
thousands of inputs named by their SHA-1; git ignores those. The seeds,
named `seed-<SHA-1>`, are the files git keeps (fuzz/README.md, "Seeds").
This script asks the target's own libFuzzer binary (built by `cargo fuzz
build -s none TARGET`) for the coverage features of every input in the
directory, seeds and grown alike (`-set_cover_merge=1 -use_counters=0`:
each input's whole feature set, edges without hit counts, written to a
merge control file), then picks inputs greedily: each time the one that
adds the most features not yet covered, the shorter on a tie, until
`--budget` inputs (default 60) or until nothing adds any. The picked inputs
become the seeds (old seeds that were not picked are deleted, grown inputs
are left as they are), and the script prints how much of the directory's
coverage they keep.

The pick depends only on the features the binary reports (which can differ
by a few from one run to the next where the target's code takes a path by
hashing order). Needs nothing but Python 3 and the built target.
"""

import argparse
import hashlib
import heapq
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "fuzz")


def target_binary(target):
    """The release binary cargo fuzz built for TARGET, on any host triple."""
    base = os.path.join(FUZZ, "target")
    if os.path.isdir(base):
        for triple in sorted(os.listdir(base)):
            path = os.path.join(base, triple, "release", target)
            if os.access(path, os.X_OK):
                return path
    sys.exit(f"fuzz_seeds: no built {target}; run: "
             f"RUSTC_BOOTSTRAP=1 cargo fuzz build -s none {target}")


def features(binary, corpus):
    """{path: set of features} for every input in CORPUS, from the target's
    merge control file."""
    with tempfile.TemporaryDirectory() as scratch:
        control = os.path.join(scratch, "control")
        out = os.path.join(scratch, "out")
        os.mkdir(out)
        # -set_cover_merge writes each input's whole feature set (plain
        # -merge writes only what is new after the inputs before it).
        args = [binary, "-set_cover_merge=1", "-use_counters=0",
                "-timeout=30", "-rss_limit_mb=4096",
                f"-merge_control_file={control}", out, corpus]
        run = subprocess.run(args, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stderr[-2000:])
            sys.exit(f"fuzz_seeds: {os.path.basename(binary)} failed on the corpus")
        with open(control) as f:
            lines = f.read().splitlines()
    count = int(lines[0])
    paths = lines[2:2 + count]
    found = {}
    for line in lines[2 + count:]:
        if line.startswith("FT "):
            fields = line.split()
            found[paths[int(fields[1])]] = set(fields[2:])
    return found


def pick(found, budget):
    """Greedy cover: the input adding the most uncovered features, the
    shorter (then the smaller SHA-1) on a tie. Lazy: an input's gain only
    shrinks as others are picked, so a gain is recomputed only when the
    input comes to the top."""
    heap = []
    for path, feats in found.items():
        heapq.heappush(heap, (-len(feats), os.path.getsize(path), sha1(path), path))
    covered, chosen = set(), []
    while heap and len(chosen) < budget:
        _, size, digest, path = heapq.heappop(heap)
        gain = len(found[path] - covered)
        if gain == 0:
            continue
        if heap and gain < -heap[0][0]:
            heapq.heappush(heap, (-gain, size, digest, path))
            continue
        chosen.append(path)
        covered |= found[path]
    return chosen, covered


def sha1(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target")
    parser.add_argument("--budget", type=int, default=60)
    parser.add_argument("--dry-run", action="store_true",
                        help="print what would be picked, change nothing")
    args = parser.parse_args()
    corpus = os.path.join(FUZZ, "corpus", args.target)
    if not os.path.isdir(corpus):
        sys.exit(f"fuzz_seeds: no directory {corpus}")
    found = features(target_binary(args.target), corpus)
    everything = set().union(*found.values()) if found else set()
    chosen, covered = pick(found, args.budget)
    share = 100 * len(covered) / len(everything) if everything else 100
    print(f"{args.target}: {len(chosen)} seeds of {len(found)} inputs keep "
          f"{len(covered)} of {len(everything)} features ({share:.1f} %), "
          f"{sum(os.path.getsize(p) for p in chosen)} bytes")
    if args.dry_run:
        return
    keep = set()
    for path in chosen:
        name = "seed-" + sha1(path)
        keep.add(name)
        dest = os.path.join(corpus, name)
        if os.path.abspath(path) != os.path.abspath(dest):
            with open(path, "rb") as src, open(dest, "wb") as out:
                out.write(src.read())
    for name in os.listdir(corpus):
        if name.startswith("seed-") and name not in keep:
            os.remove(os.path.join(corpus, name))


if __name__ == "__main__":
    main()
