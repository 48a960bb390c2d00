#!/usr/bin/env bash
# The lila-gif drop-in against the real lila-gif, built from its current
# source: the same requests to both, and what each answers side by side
# (status, content type, width x height, frames, delays, bytes).
#
#   bench/lilagif_compare.sh                 # build both, compare, print a table
#   bench/lilagif_compare.sh --src DIR       # lila-gif's source already here
#
# Options:
#   --src DIR      lila-gif's source tree (default: bench/.lila-gif, cloned
#                  from https://github.com/lichess-org/lila-gif if missing)
#   --fen2img BIN  the fen2img binary (default: cargo build --release)
#   --lila BIN     the lila-gif binary (default: cargo build --release in --src)
#
# Environment: CARGO_PROFILE_RELEASE_LTO=false is set for the lila-gif build
# unless given (its release profile asks for LTO, which only makes linking
# slower: the answers are the same).
#
# Needs: the Rust toolchain, git (for the clone), python3 (standard library
# only), network access to crates.io. The differences it shows are
# explained in docs/guide/server.md, "The lila-gif drop-in".
set -euo pipefail
source "$(dirname "$0")/lib.sh"
src="$bench_dir/.lila-gif"
fen2img=""
lila=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --src) src="${2:?--src needs a directory}"; shift 2 ;;
        --fen2img) fen2img="${2:?--fen2img needs a path}"; shift 2 ;;
        --lila) lila="${2:?--lila needs a path}"; shift 2 ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "lilagif_compare.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done

say() { printf '== %s\n' "$*" >&2; }
command -v cargo >/dev/null || { echo "lilagif_compare.sh: cargo not found" >&2; exit 1; }
command -v python3 >/dev/null || { echo "lilagif_compare.sh: python3 not found" >&2; exit 1; }

if [[ -z "$lila" ]]; then
    if [[ ! -f "$src/Cargo.toml" ]]; then
        say "cloning lila-gif into $src"
        git clone --depth 1 https://github.com/lichess-org/lila-gif "$src"
    fi
    say "building lila-gif $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '(no git)')"
    (cd "$src" && CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-false}" \
        nice -n 10 cargo build --release --quiet)
    lila="${CARGO_TARGET_DIR:-$src/target}/release/lila-gif"
fi
if [[ -z "$fen2img" ]]; then
    say "building fen2img"
    fen2img=$(nice -n 10 bash -c 'source "$1"; release_bin fen2img' _ "$bench_dir/lib.sh")
fi

# A directory of lichess-named piece sets for fen2img: lila-gif's own
# cburnett (GPL-2.0+, read from its tree, never copied into this repository).
scratch_dir
sets="$work/sets"
mkdir "$sets"
if [[ -d "$src/theme/piece/cburnett" ]]; then
    cp -r "$src/theme/piece/cburnett" "$sets/cburnett"
fi

lila_port="$(free_port)"
spawn "$lila" --bind "127.0.0.1:$lila_port" 2>/dev/null
serve_fen2img "$fen2img" "$work/fen2img.log" --piece-sets "$sets"
fen_url=$base
wait_for "http://127.0.0.1:$lila_port/"
say "lila-gif on http://127.0.0.1:$lila_port, fen2img on $fen_url"
say "$(run_header)"

python3 - "http://127.0.0.1:$lila_port" "$fen_url" <<'PY'
import json, sys, urllib.request, urllib.error

lila_url, fen_url = sys.argv[1], sys.argv[2]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"

def gif_facts(data):
    """(width, height, frames, [delays]) of a GIF, read by hand."""
    if not data.startswith(b"GIF8"):
        return None
    w, h = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    flags = data[10]
    i = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    frames, delays, delay = 0, [], None
    while i < len(data):
        b = data[i]
        if b == 0x3B:
            break
        if b == 0x21:
            label = data[i + 1]
            if label == 0xF9:
                delay = int.from_bytes(data[i + 4:i + 6], "little")
            i += 2
            while data[i]:
                i += data[i] + 1
            i += 1
        elif b == 0x2C:
            lflags = data[i + 9]
            i += 10
            if lflags & 0x80:
                i += 3 * 2 ** ((lflags & 7) + 1)
            i += 1
            while data[i]:
                i += data[i] + 1
            i += 1
            frames += 1
            delays.append(delay or 0)
            delay = None
        else:
            break
    return w, h, frames, delays

def ask(base, path, body=None):
    req = urllib.request.Request(base + path, data=body, method="POST" if body else "GET")
    if body:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()

def q(**kw):
    return "&".join(f"{k}={urllib.request.quote(str(v), safe='')}" for k, v in kw.items())

def game(**kw):
    return json.dumps(kw).encode()

frames3 = [{"fen": START}, {"fen": E4, "lastMove": "e2e4"}, {"fen": E5, "lastMove": "e7e5"}]
cases = [
    ("image: defaults", "/image.gif", None),
    ("image: fen, lastMove, check", "/image.gif?" + q(fen=MATE, lastMove="h5f7", check="e8"), None),
    ("image: players", "/image.gif?" + q(fen=MATE, white="GM Carlsen", black="Nepo"), None),
    ("image: orientation=black", "/image.gif?" + q(orientation="black"), None),
    ("image: coordinates=0", "/image.gif?" + q(coordinates=0), None),
    ("image: theme=ic", "/image.gif?" + q(theme="ic"), None),
    ("image: theme=pink", "/image.gif?" + q(theme="pink"), None),
    ("image: theme=purple", "/image.gif?" + q(theme="purple"), None),
    ("image: theme=wood4 (alias)", "/image.gif?" + q(theme="wood4"), None),
    ("image: theme=leather (alias)", "/image.gif?" + q(theme="leather"), None),
    ("image: piece=cburnett", "/image.gif?" + q(piece="cburnett"), None),
    ("image: piece=merida", "/image.gif?" + q(piece="merida"), None),
    ("image: piece=nosuchset", "/image.gif?" + q(piece="nosuchset"), None),
    ("image: theme=violet", "/image.gif?" + q(theme="violet"), None),
    ("image: orientation=up", "/image.gif?" + q(orientation="up"), None),
    ("image: check=true", "/image.gif?" + q(fen=MATE, check="true"), None),
    ("image: lastMove=0000", "/image.gif?" + q(lastMove="0000"), None),
    ("image: bad fen", "/image.gif?" + q(fen="9/8"), None),
    ("image: white of 101 bytes", "/image.gif?" + q(white="w" * 101), None),
    ("game: 3 frames, delay 50", "/game.gif", game(delay=50, frames=frames3)),
    ("game: no delay", "/game.gif", game(frames=frames3)),
    ("game: players", "/game.gif", game(white="A", black="B", delay=50, frames=frames3)),
    ("game: glyphs", "/game.gif", game(delay=50, frames=[frames3[0], dict(frames3[1], glyph="!!"), dict(frames3[2], glyph="?")])),
    ("game: clocks", "/game.gif", game(delay=50, frames=[dict(f, clock={"white": 18000 - 100 * i, "black": 18000 - 150 * i}) for i, f in enumerate(frames3)])),
    ("game: theme=purple piece=cburnett", "/game.gif", game(theme="purple", piece="cburnett", delay=50, frames=frames3)),
    ("game: a frame without fen", "/game.gif", game(delay=50, frames=[{}, {"fen": E4}])),
    ("game: bad glyph", "/game.gif", game(frames=[{"glyph": "!!!"}])),
    ("game: no frames", "/game.gif", game(frames=[])),
    ("game: not JSON", "/game.gif", b"{"),
    ("example", "/example.gif", None),
]

def show(status, ctype, data):
    facts = gif_facts(data) if status == 200 else None
    if not facts:
        return f"{status}", "", "", "", ""
    w, h, n, delays = facts
    d = ",".join(map(str, delays)) if len(delays) <= 6 else f"{sum(delays)} cs in all"
    return f"{status}", f"{w}x{h}", str(n), d, f"{len(data)}"

print("| request | lila-gif: status, size, frames, delays, bytes | fen2img: status, size, frames, delays, bytes |")
print("|---|---|---|")
differ = 0
for name, path, body in cases:
    a = show(*ask(lila_url, path, body))
    b = show(*ask(fen_url, path, body))
    mark = "" if a[0] == b[0] else " **status differs**"
    differ += a[0] != b[0]
    print(f"| {name}{mark} | {' · '.join(x for x in a if x)} | {' · '.join(x for x in b if x)} |")
print(f"\n{differ} of {len(cases)} requests answered with a different status.")
PY
