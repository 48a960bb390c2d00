//! `fen2img batch games.pgn -f fen|epd -o -`: one line per picked position
//! of every game, in file order, bad games reported and skipped.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::util::{assert_code, marked_games, scratch_dir, stderr};

use crate::util::Fen2img;

fn fen2img<I, S>(dir: &Path, args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Fen2img::new().current_dir(dir).args(args).output()
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/chess/tests/data/games")
        .join(name)
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(name)
}

/// The lines `batch FILE ARGS -o -` writes (exit 0 asserted).
fn lines(dir: &Path, file: &Path, args: &[&str]) -> Vec<String> {
    let mut all = vec![OsStr::new("batch"), file.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    all.extend([OsStr::new("-o"), OsStr::new("-")]);
    let out = fen2img(dir, all);
    assert_code(&out, 0);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn each_game_gives_the_final_position_the_single_command_gives() {
    let dir = scratch_dir("batch-lines-final");
    for file in [
        corpus("famous.pgn"),
        corpus("generated960.pgn"),
        corpus("spellings.pgn"),
    ] {
        let got = lines(&dir, &file, &["-f", "fen"]);
        assert!(got.len() > 3, "{}", file.display());
        for (i, line) in got.iter().enumerate() {
            let n = (i + 1).to_string();
            let out = fen2img(
                &dir,
                [
                    file.as_os_str(),
                    "--game".as_ref(),
                    n.as_ref(),
                    "-f".as_ref(),
                    "fen".as_ref(),
                ],
            );
            assert_code(&out, 0);
            assert_eq!(
                String::from_utf8_lossy(&out.stdout).trim_end(),
                line,
                "game {n}"
            );
        }
    }
}

/// python-chess's FENs of every position of every game of the chess
/// crate's corpus (its `expected.tsv`), by file, game after game.
fn fixture_fens() -> Vec<(String, Vec<Vec<String>>)> {
    let table = fs::read_to_string(corpus("expected.tsv")).unwrap();
    let mut out: Vec<(String, Vec<Vec<String>>)> = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if out.last().is_none_or(|(file, _)| file != f[0]) {
            out.push((f[0].to_string(), Vec::new()));
        }
        let games = &mut out.last_mut().unwrap().1;
        if f[2] == "0" {
            games.push(Vec::new());
        }
        games.last_mut().unwrap().push(f[4].to_string());
    }
    out
}

#[test]
fn the_lines_of_the_corpus_are_python_chess_s() {
    // The corpus holds comments and comment commands, NAGs, nested
    // variations, both castlings, en passant, every promotion, mates,
    // Chess960 and the lenient spellings. Each game's final position (the
    // default: read without keeping the moves) and every position
    // (`--from 0`: the moves kept) against python-chess's fixture, on one
    // thread and on several.
    let dir = scratch_dir("batch-lines-fixture");
    let mut checked = 0;
    for (file, games) in fixture_fens() {
        let finals: Vec<String> = games.iter().map(|g| g.last().unwrap().clone()).collect();
        let every: Vec<String> = games.concat();
        for jobs in ["1", "3"] {
            let got = lines(&dir, &corpus(&file), &["-f", "fen", "-j", jobs]);
            assert_eq!(got, finals, "{file}, {jobs} threads");
            let got = lines(
                &dir,
                &corpus(&file),
                &["-f", "fen", "--from", "0", "-j", jobs],
            );
            assert_eq!(got, every, "{file}, {jobs} threads");
        }
        checked += every.len();
    }
    assert!(checked > 10_000, "{checked} positions");
}

#[test]
fn reading_final_positions_warns_and_fails_as_reading_every_position() {
    // The final position is read without keeping the moves; every move is
    // still checked and every bound applied: the same warnings and errors,
    // at the same places, as when every position is picked.
    let dir = scratch_dir("batch-lines-troubled");
    let mut text = String::new();
    let nags = " $1".repeat(70);
    let comments = " {c}".repeat(70);
    text += &format!("[White \"limits\"]\n\n1. e4{nags} e5{comments} 2. Nf3 *\n\n");
    text += "[White \"commands\"]\n\n1. d4 {[%cal Zz9] [%clk soon]} d5 *\n\n";
    text += "[White \"stray\"]\n\n1. e4 ) e5 ( 1... c5 2. Ke3 ) 2. Nf3 *\n\n";
    text += "[White \"illegal\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    text += "[White \"no result\"]\n\n1. c4 ( 1. d4\n\n";
    text += &format!("[White \"many\"]\n\n1. e4 {} e5 *\n\n", ")".repeat(150));
    text += "[White \"setup\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n";
    text += "[White \"last\"]\n\n1. e4 { never closed\n";
    let pgn = dir.join("troubled.pgn");
    fs::write(&pgn, text).unwrap();
    let run = |args: &[&str]| {
        let mut all = vec![OsStr::new("batch"), pgn.as_os_str()];
        all.extend(args.iter().map(OsStr::new));
        all.extend([OsStr::new("-o"), OsStr::new("-")]);
        let out = fen2img(&dir, all);
        assert_code(&out, 2);
        // All but the last line, which says how long it took.
        let err = stderr(&out);
        let said: Vec<String> = err.lines().map(str::to_string).collect();
        let (summary, said) = said.split_last().unwrap();
        (
            String::from_utf8(out.stdout).unwrap(),
            said.to_vec(),
            summary.clone(),
        )
    };
    let (finals, final_said, summary) = run(&["-f", "fen"]);
    let (every, every_said, _) = run(&["-f", "fen", "--from", "0"]);
    assert_eq!(final_said, every_said);
    assert!(
        summary.contains("5 positions from 8 games, 3 failed"),
        "{summary}"
    );
    for (what, place) in [
        ("more than 64 NAGs", "troubled.pgn:3:199: game 1"),
        ("more than 64 comments", "troubled.pgn:3:476: game 1"),
        ("[%cal] wants arrows", "troubled.pgn:7:7: game 2"),
        ("')' closes no variation", "troubled.pgn:11:7: game 3"),
        (
            "the rest of this variation is skipped",
            "troubled.pgn:11:25: game 3",
        ),
        ("Ke3 is not legal", "troubled.pgn:15:13: game 4"),
        ("never closed with ')'", "troubled.pgn:19:7: game 5"),
        ("before this tag has no result", "troubled.pgn:21:1: game 5"),
        ("and 50 more warnings", "troubled.pgn: game 6"),
        ("cannot be played", "troubled.pgn:25:1: game 7"),
        ("never closed with '}'", "troubled.pgn:32:7: game 8"),
    ] {
        assert!(
            final_said
                .iter()
                .any(|l| l.contains(what) && l.contains(place)),
            "{what} at {place} not in\n{}",
            final_said.join("\n")
        );
    }
    // Five games give a line: their final positions, among the
    // positions of every game.
    let finals: Vec<&str> = finals.lines().collect();
    assert_eq!(finals.len(), 5);
    let every: Vec<&str> = every.lines().collect();
    for fen in &finals {
        assert!(every.contains(fen), "{fen}");
    }
}

/// `generated.pgn` repeated into a file of several reading windows
/// (256 KB each), a game with an illegal move and one with a bad token
/// every 37 copies, blank lines and `[` inside a comment now and then.
fn big_file(dir: &Path) -> (PathBuf, usize, Vec<(usize, usize)>) {
    let one = fs::read_to_string(corpus("generated.pgn")).unwrap();
    let mut text = String::new();
    let mut bad = Vec::new();
    let mut games = 0;
    for copy in 0..24 {
        text.push_str(&one);
        games += 60;
        text.push_str("\n\n");
        if copy % 5 == 2 {
            // Not a game start: a comment holding a blank line and tags.
            text.push_str("[White \"c\"]\n\n1. e4 {see\n\n[Event \"x\"]\n\n} e5 *\n\n");
            games += 1;
        }
        if copy % 7 == 3 {
            games += 1;
            let line = text.lines().count() + 3;
            text.push_str("[White \"bad\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n");
            bad.push((games, line));
        }
    }
    let path = dir.join("big.pgn");
    fs::write(&path, &text).unwrap();
    assert!(text.len() > 2_000_000, "{}", text.len());
    (path, games, bad)
}

#[test]
fn a_file_of_many_windows_gives_every_game_in_order_and_places_bad_games_in_the_file() {
    let dir = scratch_dir("batch-lines-big");
    let one = lines(&dir, &corpus("generated.pgn"), &["-f", "fen"]);
    assert_eq!(one.len(), 60);
    let (big, games, bad) = big_file(&dir);
    for jobs in ["1", "2"] {
        let out = fen2img(
            &dir,
            [
                OsStr::new("batch"),
                big.as_os_str(),
                "-f".as_ref(),
                "fen".as_ref(),
                "-j".as_ref(),
                jobs.as_ref(),
                "-o".as_ref(),
                "-".as_ref(),
            ],
        );
        assert_code(&out, 2);
        let got: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
        // Every copy's 60 lines in order, the comment game's between.
        let copies: Vec<&&str> = got
            .iter()
            .filter(|l| !l.starts_with("rnbqkbnr/pppp1ppp"))
            .collect();
        assert_eq!(copies.len(), 24 * 60, "jobs {jobs}");
        for (i, line) in copies.iter().enumerate() {
            assert_eq!(**line, one[i % 60], "jobs {jobs}, line {i}");
        }
        assert_eq!(got.len(), games - bad.len(), "jobs {jobs}");
        let err = stderr(&out);
        for (game, line) in &bad {
            let place =
                format!("big.pgn:{line}:13: game {game} (bad – ?), move 2 White: Ke3 is not legal");
            assert!(err.contains(&place), "jobs {jobs}: {place} not in\n{err}");
        }
        assert!(
            err.contains(&format!(
                "{} positions from {games} games, {} failed",
                games - bad.len(),
                bad.len()
            )),
            "{err}"
        );
    }
}

#[test]
fn markers_and_ranges_pick_positions_as_for_a_single_game() {
    let dir = scratch_dir("batch-lines-pick");
    let pgn = dir.join("marked.pgn");
    fs::write(&pgn, marked_games(5, 6)).unwrap();
    assert_eq!(lines(&dir, &pgn, &["-f", "fen", "--markers"]).len(), 5 * 6);
    let famous = corpus("famous.pgn");
    let every = lines(&dir, &famous, &["-f", "fen", "--from", "0"]);
    let mut expected = Vec::new();
    for n in 1..=4 {
        let n = n.to_string();
        let out = fen2img(
            &dir,
            [
                famous.as_os_str(),
                "--game".as_ref(),
                n.as_ref(),
                "--from".as_ref(),
                "0".as_ref(),
                "-f".as_ref(),
                "fen".as_ref(),
            ],
        );
        assert_code(&out, 0);
        expected.extend(
            String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(str::to_string),
        );
    }
    assert_eq!(every, expected);
    // A range a game does not have fails that game only.
    let out = fen2img(
        &dir,
        [
            OsStr::new("batch"),
            famous.as_os_str(),
            "-f".as_ref(),
            "fen".as_ref(),
            "--to".as_ref(),
            "60".as_ref(),
            "-o".as_ref(),
            "-".as_ref(),
        ],
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("ply 60 is beyond the end of the game"),
        "{}",
        stderr(&out)
    );
    // With --out-dir a range draws a file per position, named by {ply}.
    let out = fen2img(
        &dir,
        [
            OsStr::new("batch"),
            famous.as_os_str(),
            "-f".as_ref(),
            "fen".as_ref(),
            "--from".as_ref(),
            "0".as_ref(),
            "--out-dir".as_ref(),
            "d".as_ref(),
            "-q".as_ref(),
        ],
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--from/--to draws several diagrams a game: put {ply} in --name"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("d").exists());
    let out = fen2img(
        &dir,
        [
            OsStr::new("batch"),
            famous.as_os_str(),
            "-f".as_ref(),
            "fen".as_ref(),
            "--from".as_ref(),
            "0".as_ref(),
            "--out-dir".as_ref(),
            "d".as_ref(),
            "--name".as_ref(),
            "{n}-{ply}.{ext}".as_ref(),
            "-q".as_ref(),
        ],
    );
    assert_code(&out, 0);
    assert_eq!(fs::read_dir(dir.join("d")).unwrap().count(), every.len());
}

#[test]
fn epd_lines_carry_the_tags_and_the_clocks_as_operations() {
    let dir = scratch_dir("batch-lines-epd");
    let pgn = dir.join("tags.pgn");
    fs::write(
        &pgn,
        "[Event \"a \\\"q\\\" \\\\ b\"]\n[White \"\u{202E}x\"]\n[A_tag_name_too_long \"skipped\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .unwrap();
    let got = lines(&dir, &pgn, &["-f", "epd"]);
    assert_eq!(
        got,
        ["rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - Event \"a \\\"q\\\" \\\\ b\"; White \"<U+202E>x\"; hmvc 1; fmvn 2;"]
    );
    // The line reads back as EPD with its operations (fen2img's EPD
    // reader takes no escapes in strings, as python-chess's does: the
    // quoted tag is left out here).
    let file = dir.join("back.epd");
    let back = got[0].replace(" Event \"a \\\"q\\\" \\\\ b\";", "");
    assert_ne!(back, got[0]);
    fs::write(&file, format!("{back}\n")).unwrap();
    let out = fen2img(
        &dir,
        [
            OsStr::new("batch"),
            file.as_os_str(),
            "--out-dir".as_ref(),
            "o".as_ref(),
            "-f".as_ref(),
            "fen".as_ref(),
            "-q".as_ref(),
        ],
    );
    assert_code(&out, 0);
    let written: Vec<_> = fs::read_dir(dir.join("o")).unwrap().collect();
    assert_eq!(written.len(), 1);
    let fen = fs::read_to_string(written[0].as_ref().unwrap().path()).unwrap();
    assert_eq!(
        fen.trim_end(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn lines_go_to_a_file_through_a_temporary_and_wrong_uses_write_nothing() {
    let dir = scratch_dir("batch-lines-file");
    let famous = corpus("famous.pgn");
    let out = fen2img(
        &dir,
        [
            OsStr::new("batch"),
            famous.as_os_str(),
            "-f".as_ref(),
            "fen".as_ref(),
            "-o".as_ref(),
            "out.fen".as_ref(),
        ],
    );
    assert_code(&out, 0);
    assert!(out.stdout.is_empty());
    assert_eq!(
        fs::read_to_string(dir.join("out.fen"))
            .unwrap()
            .lines()
            .count(),
        4
    );
    let listing = |d: &Path| {
        let mut v: Vec<String> = fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(listing(&dir), ["out.fen"]);
    let fen_input = dir.join("p.fen");
    fs::write(&fen_input, "8/8/8/8/8/8/8/K1k5 w - - 0 1\n").unwrap();
    for (args, says) in [
        (
            vec![
                famous.as_os_str(),
                "-f".as_ref(),
                "png".as_ref(),
                "-o".as_ref(),
                "x".as_ref(),
            ],
            "give -f fen or -f epd",
        ),
        (
            vec![
                fen_input.as_os_str(),
                "-f".as_ref(),
                "fen".as_ref(),
                "-o".as_ref(),
                "x".as_ref(),
            ],
            "give .pgn files",
        ),
        (
            vec![
                famous.as_os_str(),
                "-f".as_ref(),
                "epd".as_ref(),
                "--out-dir".as_ref(),
                "d".as_ref(),
            ],
            "add -o FILE",
        ),
    ] {
        let mut all = vec![OsStr::new("batch")];
        all.extend(args);
        let out = fen2img(&dir, all);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
    assert_eq!(listing(&dir), ["out.fen", "p.fen"]);
    let out = fen2img(&dir, [famous.as_os_str(), "-f".as_ref(), "epd".as_ref()]);
    assert_code(&out, 2);
}

#[test]
#[ignore = "needs python-chess: FEN2IMG_PYTHON=venv/bin/python cargo test --test cli batch_lines:: -- --ignored"]
fn every_position_of_every_game_matches_python_chess() {
    // python-chess (FEN2IMG_PYTHON, default `python3`) replays every game
    // of each file and prints each position's FEN, the start first.
    const SCRIPT: &str = r#"
import sys, chess, chess.pgn
with open(sys.argv[1], encoding="utf-8-sig") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        print(board.fen(en_passant="fen"))
        for move in game.mainline_moves():
            board.push(move)
            print(board.fen(en_passant="fen"))
"#;
    let python = std::env::var("FEN2IMG_PYTHON").unwrap_or_else(|_| "python3".into());
    let dir = scratch_dir("batch-lines-python");
    let mut checked = 0;
    for file in [
        data("opera.pgn"),
        data("shilling.pgn"),
        corpus("famous.pgn"),
        corpus("generated.pgn"),
        corpus("generated960.pgn"),
        corpus("spellings.pgn"),
    ] {
        let out = std::process::Command::new(&python)
            .args(["-c", SCRIPT])
            .arg(&file)
            .output()
            .expect("python runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let theirs: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let ours = lines(&dir, &file, &["-f", "fen", "--from", "0"]);
        assert_eq!(ours, theirs, "{}", file.display());
        checked += ours.len();
    }
    assert!(checked > 5_000, "{checked} positions");
}

#[test]
#[ignore = "needs python-chess: FEN2IMG_PYTHON=venv/bin/python cargo test --test cli batch_lines:: -- --ignored"]
fn the_lines_of_a_varied_file_match_python_chess() {
    // python-chess writes 400 seeded random games with the corpus's
    // generator (tools/games_fixtures.py: comments and comment commands,
    // NAGs, nested variations, and the moves generators get wrong: both
    // castlings, en passant, every promotion, mates; every fourth game
    // Chess960), then replays them: each game's positions, a blank line
    // after each. fen2img's final positions (read without keeping the
    // moves) and every position (`--from 0`) must be its.
    const SCRIPT: &str = r#"
import random, sys, chess, chess.pgn
sys.path.insert(0, sys.argv[1])
import games_fixtures as fixtures
rng = random.Random(37)
with open(sys.argv[2], "w", encoding="utf-8", newline="\n") as f:
    for i in range(400):
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if i % 4 == 3 else chess.Board()
        print(fixtures.random_game(rng, board, 200, i + 1), file=f, end="\n\n")
with open(sys.argv[2], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        assert not game.errors, game.errors
        board = game.board()
        print(board.fen(en_passant="fen"))
        for move in game.mainline_moves():
            board.push(move)
            print(board.fen(en_passant="fen"))
        print()
"#;
    let python = std::env::var("FEN2IMG_PYTHON").unwrap_or_else(|_| "python3".into());
    let dir = scratch_dir("batch-lines-varied");
    let pgn = dir.join("varied.pgn");
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools");
    let out = std::process::Command::new(&python)
        .args(["-c", SCRIPT])
        .arg(&tools)
        .arg(&pgn)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replay = String::from_utf8(out.stdout).unwrap();
    let games: Vec<Vec<&str>> = replay
        .split("\n\n")
        .filter(|g| !g.is_empty())
        .map(|g| g.lines().collect())
        .collect();
    assert_eq!(games.len(), 400);
    let finals: Vec<&str> = games.iter().map(|g| *g.last().unwrap()).collect();
    let every: Vec<&str> = games.concat();
    let text = fs::read_to_string(&pgn).unwrap();
    for needed in ["O-O ", "O-O-O", "=Q", "=N", "#", "(", "{", "$", "Chess960"] {
        assert!(text.contains(needed), "no {needed} in the file");
    }
    for jobs in ["1", "2"] {
        assert_eq!(
            lines(&dir, &pgn, &["-f", "fen", "-j", jobs]),
            finals,
            "{jobs} threads"
        );
        assert_eq!(
            lines(&dir, &pgn, &["-f", "fen", "--from", "0", "-j", jobs]),
            every,
            "{jobs} threads"
        );
    }
    assert!(every.len() > 40_000, "{} positions", every.len());
}
