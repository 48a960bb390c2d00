#!/usr/bin/env python3
"""Run the README's recipes as written, in a scratch directory.

    python3 tools/readme_recipes.py [--bin PATH] [--readme README.md] [--keep] [--list]

Every ```sh block of the README runs, in order, in one bash session (so a
variable set by one block, such as `FEN`, is there for the next), with
`set -euo pipefail`, in a new empty directory, with the fen2img binary
(`--bin`, default target/release/fen2img) first on the PATH as `fen2img`.
A block fails the run as soon as one of its commands fails; the output
says which block (README.md:LINE).

What a recipe needs that the README cannot run is said by a comment on the
line before its block (HTML comments do not show on the rendered page):

    <!-- recipe: skip (why) -->        the block is not run (it installs
                                        software, or CI runs it elsewhere)
    <!-- recipe: file PATH -->         the block (any language) is written
                                        to PATH in the scratch directory
                                        instead of being run: a page, a
                                        configuration file
    <!-- recipe: copy REPO_PATH -->    a file of the repository is copied
                                        into the scratch directory before
                                        the block runs

A block that starts the server (a line `fen2img serve --bind
127.0.0.1:PORT ...`) runs it in the background on a free loopback port in
place of PORT (the block's other mentions of `127.0.0.1:PORT` follow it),
waits until it answers, runs the rest of the block, and stops it.

Needs bash and whatever the recipes call (curl, hugo, python with fen2img
and python-chess: CI installs them). Exit code 0 when every block ran,
1 otherwise.
"""

import argparse
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRECTIVE = re.compile(r"^<!--\s*recipe:\s*(skip|file|copy)\b\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(`{3,}|~{3,})\s*([^`\s]*)")
SERVE = re.compile(r"^\s*fen2img serve\b.*--bind\s+127\.0\.0\.1:(\d+)")


class Block:
    """One fenced block: where it is, its language, its text, and the
    directives on the lines before it."""

    def __init__(self, line, lang, text, directives):
        self.line = line
        self.lang = lang
        self.text = text
        self.directives = directives

    def directive(self, name):
        return [arg for (kind, arg) in self.directives if kind == name]


def blocks(readme):
    """The README's fenced blocks, in order."""
    lines = open(readme, encoding="utf-8").read().split("\n")
    found, pending, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        directive = DIRECTIVE.match(line.strip())
        if directive:
            pending.append((directive.group(1), directive.group(2)))
            i += 1
            continue
        fence = FENCE.match(line.strip())
        if fence:
            marker, lang = fence.group(1), fence.group(2)
            body, j = [], i + 1
            while j < len(lines) and not (
                lines[j].strip().startswith(marker) and lines[j].strip().strip(marker[0]) == ""
            ):
                body.append(lines[j])
                j += 1
            found.append(Block(i + 1, lang, "\n".join(body) + "\n", pending))
            pending, i = [], j + 1
            continue
        if line.strip():
            # A directive belongs to the block right after it.
            pending = []
        i += 1
    return found


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def script_for(block):
    """The bash text that runs one sh block, the server (if any) in the
    background on a free port."""
    out = [f"echo '== README.md:{block.line}' >&2"]
    server = None
    for line in block.text.split("\n"):
        serve = SERVE.match(line)
        if serve and server is None:
            server = serve.group(1)
            port = free_port()
            block_text = block.text.replace(f"127.0.0.1:{server}", f"127.0.0.1:{port}")
            for inner in block_text.split("\n"):
                if SERVE.match(inner):
                    out.append(f"{inner.strip()} &")
                    out.append("recipe_server=$!")
                    out.append(f"recipe_wait http://127.0.0.1:{port}/healthz")
                else:
                    out.append(inner)
            out.append('kill "$recipe_server"; wait "$recipe_server" 2>/dev/null || true')
            out.append("recipe_server=")
            return "\n".join(out) + "\n"
    out.append(block.text)
    return "\n".join(out) + "\n"


PREAMBLE = """set -euo pipefail
recipe_server=
trap '[ -n "$recipe_server" ] && kill "$recipe_server" 2>/dev/null; true' EXIT
recipe_wait() {
  for _ in $(seq 100); do
    curl -s -o /dev/null "$1" && return 0
    sleep 0.1
  done
  echo "readme_recipes: the server never answered at $1" >&2
  return 1
}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "fen2img"))
    parser.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    parser.add_argument("--list", action="store_true", help="list the blocks and what is done with each")
    args = parser.parse_args()

    found = blocks(args.readme)
    if args.list:
        for block in found:
            skip, files = block.directive("skip"), block.directive("file")
            what = ("skip " + skip[0]) if skip else ("file " + files[0]) if files else (
                "run" if block.lang == "sh" else f"not run ({block.lang or 'no language'})")
            copies = "".join(f", after copying {c}" for c in block.directive("copy"))
            print(f"README.md:{block.line}: {what}{copies}")
        return 0
    binary = os.path.abspath(args.bin)
    if not os.access(binary, os.X_OK):
        sys.exit(f"readme_recipes: no fen2img at {binary} (cargo build --release, or --bin PATH)")
    scratch = tempfile.mkdtemp(prefix="fen2img-recipes-")
    bindir = os.path.join(scratch, ".bin")
    work = os.path.join(scratch, "work")
    os.makedirs(bindir)
    os.makedirs(work)
    os.symlink(binary, os.path.join(bindir, "fen2img"))

    script = [PREAMBLE]
    ran = 0
    for block in found:
        for copy in block.directive("copy"):
            source = os.path.join(ROOT, copy)
            script.append(f"cp {shlex.quote(source)} .\n")
        skip = block.directive("skip")
        files = block.directive("file")
        if skip:
            continue
        if files:
            path = os.path.join(work, files[0])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(block.text)
            continue
        if block.lang == "sh":
            script.append(script_for(block))
            ran += 1
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    run = subprocess.run(["bash", "-c", "".join(script)], cwd=work, env=env)
    if args.keep or run.returncode != 0:
        print(f"readme_recipes: the scratch directory is {scratch}", file=sys.stderr)
    if not args.keep and run.returncode == 0:
        shutil.rmtree(scratch)
    if run.returncode != 0:
        print(f"readme_recipes: a recipe failed (exit {run.returncode}); the last "
              "'== README.md:LINE' above is its block", file=sys.stderr)
        return 1
    print(f"readme_recipes: {ran} blocks of README.md ran as written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
