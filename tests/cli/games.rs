//! Diagrams from games on the command line: PGN files, PGN text and
//! `--moves` as input; `--game`, `--ply`, `--move`, `--markers`, ranges;
//! what a game draws (compared with the same marks given as flags); the
//! automatic caption; errors placed with a caret; hostile PGN; animations
//! decoded frame by frame; and, with python-chess, every position of a
//! corpus of games.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::util::{assert_code, decode_png, gif_screens, scratch_dir, stderr, stdout};

use crate::util::{Fen2img, BIN};
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn run<I, S>(args: I, stdin: &[u8]) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Fen2img::new().args(args).stdin(stdin).output()
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(name)
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/chess/tests/data/games")
        .join(name)
}

fn opera() -> String {
    data("opera.pgn").to_str().unwrap().to_string()
}

fn shilling() -> String {
    data("shilling.pgn").to_str().unwrap().to_string()
}

/// python-chess's FENs of every position of every game in the chess
/// crate's corpus (`expected.tsv`): `(file, game) -> FENs by ply`.
fn expected_fens() -> Vec<((String, usize), Vec<String>)> {
    let table = fs::read_to_string(corpus("expected.tsv")).unwrap();
    let mut out: Vec<((String, usize), Vec<String>)> = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let key = (f[0].to_string(), f[1].parse().unwrap());
        match out.last_mut() {
            Some((k, fens)) if *k == key => fens.push(f[4].to_string()),
            _ => out.push((key, vec![f[4].to_string()])),
        }
    }
    out
}

fn fen_out(args: &[&str]) -> String {
    let out = run(args, b"");
    assert_code(&out, 0);
    stdout(&out).trim_end().to_string()
}

#[test]
fn a_pgn_file_gives_the_final_position_and_any_ply_or_move() {
    let expected = expected_fens();
    let (_, opera_fens) = &expected[0];
    let famous = corpus("famous.pgn");
    let famous = famous.to_str().unwrap();
    assert_eq!(fen_out(&[famous, "-f", "fen"]), opera_fens[33], "final");
    assert_eq!(fen_out(&[famous, "--ply", "0", "-f", "fen"]), opera_fens[0]);
    assert_eq!(
        fen_out(&[famous, "--ply", "31", "-f", "fen"]),
        opera_fens[31]
    );
    assert_eq!(
        fen_out(&[famous, "--move", "16w", "-f", "fen"]),
        opera_fens[31]
    );
    assert_eq!(
        fen_out(&[famous, "--move", "15b", "-f", "fen"]),
        opera_fens[30]
    );
    assert_eq!(
        fen_out(&[famous, "--move", "16.Qb8+", "-f", "fen"]),
        opera_fens[31]
    );
    assert_eq!(
        fen_out(&[famous, "--move", "15...Nxd7", "-f", "fen"]),
        opera_fens[30]
    );
    // --game picks; game 4 starts from a set-up position.
    for game in 2..=4 {
        let (key, fens) = &expected[game - 1];
        assert_eq!(key.1, game);
        let n = game.to_string();
        assert_eq!(
            fen_out(&[famous, "--game", &n, "-f", "fen"]),
            *fens.last().unwrap()
        );
        assert_eq!(
            fen_out(&[famous, "--game", &n, "--ply", "0", "-f", "fen"]),
            fens[0]
        );
    }
}

#[test]
fn every_position_of_the_corpus_matches_python_chess_s_fixture() {
    // `--from 0 -f fen` prints every position of a game, one FEN a line:
    // compared with expected.tsv, which python-chess wrote (and the chess
    // crate's ignored test regenerates).
    for ((file, game), fens) in expected_fens() {
        let path = corpus(&file);
        let n = game.to_string();
        let got = fen_out(&[
            path.to_str().unwrap(),
            "--game",
            &n,
            "--from",
            "0",
            "-f",
            "fen",
        ]);
        let got: Vec<&str> = got.lines().collect();
        assert_eq!(got, fens, "{file} game {game}");
    }
}

#[test]
fn pgn_text_is_told_from_fen_in_the_argument_and_on_stdin() {
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    assert_eq!(fen_out(&["1. e4 e5", "-f", "fen"]), after);
    assert_eq!(
        fen_out(&["[Event \"x\"]\n\n1. e4 e5 *", "-f", "fen"]),
        after
    );
    let out = run(
        ["-f", "fen"],
        b"\xEF\xBB\xBF[White \"A\"]\r\n\r\n1. e4 e5 *\r\n",
    );
    assert_code(&out, 0);
    assert_eq!(stdout(&out).trim_end(), after);
    // A FEN is still a FEN, from the argument and from stdin.
    assert_eq!(fen_out(&[after, "-f", "fen"]), after);
    let out = run(["-f", "fen"], format!("{after}\n").as_bytes());
    assert_eq!(stdout(&out).trim_end(), after);
    // A .pgn name is a file, whatever it holds.
    let dir = scratch_dir("games-pgn-name");
    let file = dir.join("one.PGN");
    fs::write(&file, "e4 e5 *").unwrap();
    assert_eq!(fen_out(&[file.to_str().unwrap(), "-f", "fen"]), after);
    let out = run([dir.join("none.pgn").to_str().unwrap()], b"");
    assert_code(&out, 1);
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}

#[test]
fn moves_after_a_fen_in_san_and_uci_draw_the_last_move() {
    let after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(
        fen_out(&[START, "--moves", "e4 e5 Nf3 Nc6", "-f", "fen"]),
        after
    );
    assert_eq!(
        fen_out(&[START, "--moves", "e2e4 e7e5 g1f3 b8c6", "-f", "fen"]),
        after
    );
    assert_eq!(
        fen_out(&[START, "--moves", "1. e4 e5 2. g1f3 Nc6", "-f", "fen"]),
        after
    );
    // The picture is the final position with its last move marked: the
    // same bytes as that FEN with --lastmove.
    let game = run([START, "--moves", "e4 e5 Nf3 Nc6", "-f", "svg"], b"");
    let flags = run([after, "--lastmove", "b8c6", "-f", "svg"], b"");
    assert_code(&game, 0);
    assert_eq!(game.stdout, flags.stdout);
    // --ply and --move work on the list too.
    assert_eq!(
        fen_out(&[
            START,
            "--moves",
            "e4 e5 Nf3 Nc6",
            "--move",
            "1b",
            "-f",
            "fen"
        ]),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
    // A wrong move: its column, number and side, a caret, exit 2.
    let out = run([START, "--moves", "e4 e5 Ke3", "-f", "fen"], b"");
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.starts_with("fen2img: error: --moves at column 7: move 2 White: Ke3 is not legal here"),
        "{err}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1].find("Ke3"), lines[2].find('^'), "{err}");
    // PGN input takes no --moves; a FEN takes no --ply without them.
    let out = run([opera().as_str(), "--moves", "e4"], b"");
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("this input is PGN"),
        "{}",
        stderr(&out)
    );
    let out = run([START, "--ply", "3", "-f", "fen"], b"");
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--ply needs a game"),
        "{}",
        stderr(&out)
    );
}

/// The game's marks are the flags' marks: the same SVG bytes.
#[test]
fn a_game_draws_last_move_check_arrows_circles_glyph_and_players() {
    let fen = fen_out(&[&opera(), "--ply", "31", "-f", "fen"]);
    let game = run([opera().as_str(), "--ply", "31", "-f", "svg"], b"");
    assert_code(&game, 0);
    let by_hand = run(
        [
            fen.as_str(),
            "-f",
            "svg",
            "--lastmove",
            "b3b8",
            "--check=e8",
            "--arrow",
            "Gb3b8",
            "--glyph",
            "b8:!!",
            "--white",
            "Morphy, Paul",
            "--black",
            "Duke Karl / Count Isouard",
        ],
        b"",
    );
    assert_code(&by_hand, 0);
    assert!(game.stdout == by_hand.stdout, "16.Qb8+!! {{[%cal Gb3b8]}}");
    // The final position: [%csl] squares are circles, after the arrows.
    let fen = fen_out(&[&opera(), "-f", "fen"]);
    let game = run([opera().as_str(), "-f", "svg", "--caption", "auto"], b"");
    let by_hand = run(
        [
            fen.as_str(),
            "-f",
            "svg",
            "--lastmove",
            "d1d8",
            "--check=e8",
            "--arrow",
            "Gd1d8,Rd8,Re8",
            "--white",
            "Morphy, Paul",
            "--black",
            "Duke Karl / Count Isouard",
            "--caption",
            "17.Rd8#",
        ],
        b"",
    );
    assert!(game.stdout == by_hand.stdout, "17.Rd8# with its marks");
    // A flag given by the user wins over the game's.
    let mine = run(
        [
            opera().as_str(),
            "-f",
            "svg",
            "--lastmove",
            "a2a3",
            "--white",
            "Paul",
        ],
        b"",
    );
    let by_hand = run(
        [
            fen.as_str(),
            "-f",
            "svg",
            "--lastmove",
            "a2a3",
            "--check=e8",
            "--arrow",
            "Gd1d8,Rd8,Re8",
            "--white",
            "Paul",
            "--black",
            "Duke Karl / Count Isouard",
        ],
        b"",
    );
    assert!(
        mine.stdout == by_hand.stdout,
        "the user's --lastmove and --white stay"
    );
}

#[test]
fn player_bars_carry_each_side_s_clock_at_the_move() {
    let out = run([shilling().as_str(), "--ply", "8", "--alt"], b"");
    assert_code(&out, 0);
    let alt = stdout(&out);
    assert!(
        alt.contains("White player: Greedy, Gus, rated 1500, 2:40 on the clock."),
        "{alt}"
    );
    assert!(
        alt.contains("Black player: FM Trapper, Tina, rated 2250, 2:50 on the clock."),
        "{alt}"
    );
    // Before anyone moved, both clocks show the time control's base.
    let out = run([shilling().as_str(), "--ply", "0", "--alt"], b"");
    assert!(
        stdout(&out).contains("3:00 on the clock."),
        "{}",
        stdout(&out)
    );
    // A PNG with bars is taller than the board alone.
    let fen = fen_out(&[&shilling(), "-f", "fen"]);
    let game = run([shilling().as_str(), "-f", "png", "--size", "240"], b"");
    let bare = run([fen.as_str(), "-f", "png", "--size", "240"], b"");
    assert_code(&game, 0);
    assert!(decode_png(&game.stdout).height > decode_png(&bare.stdout).height);
}

#[test]
fn the_automatic_caption_is_the_move_the_source_and_figurines_on_request() {
    let text = |args: &[&str]| {
        let out = run(args, b"");
        assert_code(&out, 0);
        stdout(&out)
    };
    let board = text(&[&opera(), "--caption", "auto", "-f", "ascii"]);
    assert!(board.contains("17.Rd8#"), "{board}");
    let board = text(&[
        &opera(),
        "--move",
        "16b",
        "--caption",
        "auto",
        "-f",
        "ascii",
    ]);
    assert!(board.contains("16...Nxb8"), "{board}");
    let board = text(&[&opera(), "--caption-source", "-f", "ascii"]);
    assert!(
        board.contains("Morphy – Duke Karl / Count Isouard, Paris 1858: 17.Rd8#"),
        "{board}"
    );
    let board = text(&[&opera(), "--caption", "auto", "--figurine", "-f", "unicode"]);
    assert!(board.contains("17.♖d8#"), "{board}");
    // At the start there is no move: the usual automatic caption.
    let board = text(&[
        &opera(),
        "--ply",
        "0",
        "--caption",
        "auto",
        "-f",
        "svg",
        "--alt",
    ]);
    assert!(board.contains("White to move"), "{board}");
    // Figurines are not in the embedded font: an image says so.
    let out = run(
        [
            opera().as_str(),
            "--caption",
            "auto",
            "--figurine",
            "-f",
            "svg",
        ],
        b"",
    );
    assert_code(&out, 0);
    assert!(stderr(&out).contains("U+2656"), "{}", stderr(&out));
}

#[test]
fn markers_give_one_diagram_each_named_from_the_template() {
    let fens = fen_out(&[&opera(), "--markers", "-f", "fen"]);
    let expected = expected_fens();
    let opera_fens = &expected[0].1;
    assert_eq!(
        fens.lines().collect::<Vec<_>>(),
        [&opera_fens[30], &opera_fens[33]]
    );
    let dir = scratch_dir("games-markers");
    let out = run(
        [
            opera().as_str(),
            "--markers",
            "-o",
            dir.join("fig-{n}-{ply}.png").to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 0);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["fig-1-30.png", "fig-2-33.png"]);
    // Two diagrams, one name: refused before anything is written.
    let dir = scratch_dir("games-markers-one-name");
    let out = run(
        [
            opera().as_str(),
            "--markers",
            "-o",
            dir.join("fig.png").to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 2);
    assert!(stderr(&out).contains("put {n}"), "{}", stderr(&out));
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
    // A game without markers says so.
    let out = run(
        [
            corpus("famous.pgn").to_str().unwrap(),
            "--game",
            "2",
            "--markers",
        ],
        b"",
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("no diagram markers"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn errors_are_placed_and_write_nothing() {
    let dir = scratch_dir("games-errors");
    let pgn = dir.join("games.pgn");
    let opera = fs::read_to_string(data("opera.pgn"))
        .unwrap()
        .replace(
            "[Black \"Duke Karl / Count Isouard\"]",
            "[Black \"Allies\"]",
        )
        .replace("[White \"Morphy, Paul\"]", "[White \"Morphy\"]");
    // With the king on b1 instead of the h1 rook on d1, no rook reaches d8.
    let bad = opera.replace("14. Rd1", "14. Kb1");
    let text = format!("{opera}\n{opera}\n{bad}");
    fs::write(&pgn, &text).unwrap();
    let png = dir.join("out.png");
    let out = run(
        [
            pgn.to_str().unwrap(),
            "--game",
            "3",
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 2);
    let err = stderr(&out);
    let first = err.lines().next().unwrap();
    let line = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("17. Rd8#"))
        .last()
        .unwrap()
        .0
        + 1;
    let column = text.lines().nth(line - 1).unwrap().find("Rd8").unwrap() + 1;
    assert!(
        first.starts_with(&format!(
            "fen2img: error: {}:{line}:{column}: game 3 (Morphy – Allies), move 17 White: Rd8# is not legal here: no rook can reach d8",
            pgn.display()
        )),
        "{err}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1].find("Rd8"), lines[2].find('^'), "{err}");
    assert!(!png.exists());
    // A ply past the end names the game's length.
    let out = run(
        [
            pgn.to_str().unwrap(),
            "--ply",
            "40",
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(
            "game 1 (Morphy – Allies): ply 40 is beyond the end of the game: the game has 33 half-moves (the last is 17.Rd8#)"
        ),
        "{}",
        stderr(&out)
    );
    // A move checked against the game; a game the file does not have.
    let out = run([pgn.to_str().unwrap(), "--move", "17.Qd8"], b"");
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("move 17 White is Rd8#, not Qd8"),
        "{}",
        stderr(&out)
    );
    let out = run([pgn.to_str().unwrap(), "--game", "9", "-f", "fen"], b"");
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("there is no game 9: the input holds 3 games"),
        "{}",
        stderr(&out)
    );
    let out = run([pgn.to_str().unwrap(), "--move", "w17"], b"");
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--move: 'w17' names no move"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "only games.pgn");
}

#[test]
fn hostile_pgn_is_refused_or_read_within_bounds() {
    let fen = |out: &Output| stdout(out).trim_end().to_string();
    // A comment never closed: the error is placed at its start.
    let out = run(["-f", "fen"], b"1. e4 {never closed\n2. d4 *");
    assert_code(&out, 2);
    assert!(stderr(&out).contains("<stdin>:1:7:"), "{}", stderr(&out));
    // A variation never closed: a warning, the main line before it kept
    // (all after the `(` is the variation); strict reading refuses it.
    let text = b"1. e4 (1. d4 d5 2. c4\n e5 *";
    let out = run(["-f", "fen"], text);
    assert_code(&out, 0);
    assert!(stderr(&out).contains("never closed"), "{}", stderr(&out));
    assert!(
        fen(&out).starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/"),
        "{}",
        fen(&out)
    );
    let out = run(["-f", "fen", "--strict"], text);
    assert_code(&out, 2);
    // 100,000 nested variations: refused at the 101st.
    let mut deep = b"1. e4 ".to_vec();
    deep.extend(std::iter::repeat_n(b'(', 100_000));
    let out = run(["-f", "fen"], &deep);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("deeper than 100"), "{}", stderr(&out));
    // A NUL byte in movetext.
    let out = run(["-f", "fen"], b"1. e4 \0 e5 *");
    assert_code(&out, 2);
    assert!(stderr(&out).contains("<stdin>:1:7:"), "{}", stderr(&out));
    // A megabyte tag value.
    let mut tag = b"[White \"".to_vec();
    tag.extend(std::iter::repeat_n(b'x', 1 << 20));
    tag.extend_from_slice(b"\"]\n\n1. e4 *");
    let out = run(["-f", "fen"], &tag);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("<stdin>:1:"), "{}", stderr(&out));
    assert!(stderr(&out).len() < 2_000, "the message is not the tag");
}

#[test]
fn lenient_warnings_are_bounded_and_counted() {
    // 20,000 stray ')' on one line: the first 100 warnings are printed,
    // then how many more there were; the diagram is drawn.
    let mut text = b"1. e4 ".to_vec();
    text.extend(std::iter::repeat_n(b')', 20_000));
    text.extend_from_slice(b" e5 *");
    let out = run(["-f", "fen"], &text);
    assert_code(&out, 0);
    let err = stderr(&out);
    let warnings: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("fen2img: warning: "))
        .collect();
    assert_eq!(warnings.len(), 101, "{}", &err[..err.len().min(500)]);
    assert_eq!(
        warnings[100],
        "fen2img: warning: <stdin>: game 1: and 19,900 more warnings"
    );
    assert!(stdout(&out).starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/"));
}

#[test]
fn old_mac_line_ends_lose_no_move() {
    // CR only: the `;` comment ends at its CR, the game goes on to 2...Nc6
    // and an error is placed on its own line.
    let cr = b"[Event \"cr\"]\r\r1. e4 e5 ; a comment\r2. Nf3 Nc6 *\r";
    let lf = b"[Event \"cr\"]\n\n1. e4 e5 ; a comment\n2. Nf3 Nc6 *\n";
    let want = fen_out_stdin(lf);
    assert_eq!(
        want,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    assert_eq!(fen_out_stdin(cr), want);
    let bad = b"[Event \"cr\"]\r\r1. e4 e5\r2. Ke3 *\r";
    let out = run(["-f", "fen"], bad);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("<stdin>:4:4: game 1"), "{err}");
    assert_eq!(err.lines().nth(1), Some("  2. Ke3 *"), "{err}");
}

fn fen_out_stdin(text: &[u8]) -> String {
    let out = run(["-f", "fen"], text);
    assert_code(&out, 0);
    stdout(&out).trim_end().to_string()
}

#[test]
fn spellings_of_real_files_are_read() {
    // Null moves (ChessBase's `--` and `Z0`), UCI movetext, `a8(Q)`,
    // `e.p.` and a byte order mark at a later game's start (`cat a.pgn
    // b.pgn`): see crates/chess/tests/data/games/spellings.pgn.
    let spellings = corpus("spellings.pgn");
    let spellings = spellings.to_str().unwrap();
    let expected = expected_fens();
    let fens: Vec<&Vec<String>> = expected
        .iter()
        .filter(|((file, _), _)| file == "spellings.pgn")
        .map(|(_, fens)| fens)
        .collect();
    assert!(fens.len() >= 6, "{} games", fens.len());
    for (i, want) in fens.iter().enumerate() {
        let n = (i + 1).to_string();
        let got = fen_out(&[spellings, "--game", &n, "-f", "fen"]);
        assert_eq!(&got, want.last().unwrap(), "game {n}");
    }
    let promotion = b"[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. a8(Q) Kb2 *";
    assert_eq!(fen_out_stdin(promotion), "Q7/8/8/8/8/8/1k6/7K w - - 1 2");
    // A null move is named in the caption and the alt text.
    let out = run(["--alt", "--caption", "auto"], b"1. e4 -- *");
    assert_code(&out, 0);
    assert!(
        stdout(&out).starts_with("1...-- (null move). White to move."),
        "{}",
        stdout(&out)
    );
    // A UCI move that cannot be played names its piece.
    let out = run(["-f", "fen"], b"1. e2e4 e7e5 2. g1g3 *");
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("g1g3 is not legal here"), "{err}");
    assert!(err.contains("knight") && !err.contains("pawn"), "{err}");
}

#[test]
fn control_bytes_in_a_tag_value_are_an_error() {
    for bad in [&b"a\0b"[..], b"a\x1b[2Jb"] {
        let mut text = b"[Event \"".to_vec();
        text.extend_from_slice(bad);
        text.extend_from_slice(b"\"]\n\n1. e4 *");
        let out = run(["-f", "fen"], &text);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.contains("<stdin>:1:10: game 1:"), "{err}");
        assert!(err.contains("control character"), "{err}");
        assert!(!err.contains('\u{1b}'), "{err:?}");
    }
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    for args in [
        vec![
            opera(),
            "-f".into(),
            "png".into(),
            "--caption".into(),
            "auto".into(),
        ],
        vec![
            shilling(),
            "--animate".into(),
            "-f".into(),
            "gif".into(),
            "--size".into(),
            "160".into(),
        ],
    ] {
        let a = run(&args, b"");
        let b = run(&args, b"");
        assert_code(&a, 0);
        assert!(!a.stdout.is_empty() && a.stdout == b.stdout, "{args:?}");
    }
}

/// One frame of an animated GIF: left, top, width, height, delay.
type FrameBox = (u16, u16, u16, u16, u16);

/// The GIF's width and height, and every frame.
fn frames(gif_bytes: &[u8]) -> (u16, u16, Vec<FrameBox>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif_bytes).expect("a GIF");
    let (w, h) = (decoder.width(), decoder.height());
    let mut out = Vec::new();
    while let Some(f) = decoder.read_next_frame().expect("a frame") {
        out.push((f.left, f.top, f.width, f.height, f.delay));
    }
    (w, h, out)
}

#[test]
fn an_animation_has_a_frame_per_ply_and_its_delays() {
    let dir = scratch_dir("games-animate");
    let gif_path = dir.join("game.gif");
    let out = run(
        [
            shilling().as_str(),
            "--animate",
            "--size",
            "200",
            "-o",
            gif_path.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 0);
    let (w, h, all) = frames(&fs::read(&gif_path).unwrap());
    assert_eq!(all.len(), 15, "the start and 14 plies");
    assert_eq!((all[0].2, all[0].3), (w, h), "the first frame is whole");
    assert!(
        all[1..].iter().all(|f| f.2 < w || f.3 < h),
        "later frames hold what changed"
    );
    let delays: Vec<u16> = all.iter().map(|f| f.4).collect();
    assert_eq!(&delays[..14], &[100; 14], "1 s a frame");
    assert_eq!(delays[14], 300, "the last one held 3 s");
    // A range, by plies and by moves, and delays of one's own.
    let range = |args: &[&str]| {
        let mut all = vec![
            shilling(),
            "--animate".into(),
            "-f".into(),
            "gif".into(),
            "--size".into(),
            "120".into(),
        ];
        all.extend(args.iter().map(|a| a.to_string()));
        let out = run(&all, b"");
        assert_code(&out, 0);
        frames(&out.stdout).2
    };
    assert_eq!(range(&["--from", "4", "--to", "10"]).len(), 7);
    assert_eq!(range(&["--from", "2w", "--to", "5b"]).len(), 8);
    let timed = range(&["--to", "3", "--delay", "250ms", "--last-delay", "1.5s"]);
    assert_eq!(
        timed.iter().map(|f| f.4).collect::<Vec<_>>(),
        [25, 25, 25, 150]
    );
    // Thinking times, scaled: 1.e4 took 2 s (3:00 + 2 s increment, down
    // to 3:00), shown for 0.2 s at 0.1; 3.Bc4 took 5 s by its [%emt].
    let clocked = range(&["--clock-delays", "0.1"]);
    assert_eq!(clocked[0].4, 20);
    assert_eq!(clocked[4].4, 50);
    // Only a GIF or a PNG animates; nothing is written otherwise.
    let png = dir.join("game.webp");
    let out = run(
        [
            shilling().as_str(),
            "--animate",
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--animate writes an animated GIF"),
        "{}",
        stderr(&out)
    );
    assert!(!png.exists());
    let out = run(
        [
            shilling().as_str(),
            "--animate",
            "-f",
            "gif",
            "--from",
            "9",
            "--to",
            "3",
        ],
        b"",
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("starts after it ends"),
        "{}",
        stderr(&out)
    );
}

#[test]
#[ignore = "needs python-chess: FEN2IMG_PYTHON=venv/bin/python cargo test --test cli games:: -- --ignored"]
fn every_position_of_real_games_matches_python_chess() {
    // python-chess (in FEN2IMG_PYTHON, default `python3`) replays each game
    // of the corpus and prints every position's FEN; fen2img prints them
    // with `--from 0 -f fen`.
    const SCRIPT: &str = r#"
import sys, chess, chess.pgn
with open(sys.argv[1], encoding="utf-8-sig") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        board = game.board()
        print(board.fen(en_passant="fen"))
        for move in game.mainline_moves():
            board.push(move)
            print(board.fen(en_passant="fen"))
        print("--")
"#;
    let python = std::env::var("FEN2IMG_PYTHON").unwrap_or_else(|_| "python3".into());
    let files = [
        data("opera.pgn"),
        data("shilling.pgn"),
        corpus("famous.pgn"),
        corpus("generated.pgn"),
        corpus("generated960.pgn"),
        corpus("spellings.pgn"),
    ];
    let mut checked = 0;
    for file in files {
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
        let theirs = String::from_utf8(out.stdout).unwrap();
        for (i, game) in theirs.split("--\n").filter(|g| !g.is_empty()).enumerate() {
            let n = (i + 1).to_string();
            let ours = fen_out(&[
                file.to_str().unwrap(),
                "--game",
                &n,
                "--from",
                "0",
                "-f",
                "fen",
            ]);
            assert_eq!(ours, game.trim_end(), "{} game {n}", file.display());
            checked += game.lines().count();
        }
    }
    assert!(checked > 5_000, "{checked} positions");
}

/// What python-chess (in FEN2IMG_PYTHON, default `python3`) prints when
/// `script` reads `pgn` on its standard input.
fn python_chess(script: &str, pgn: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let python = std::env::var("FEN2IMG_PYTHON").unwrap_or_else(|_| "python3".into());
    let mut child = Command::new(python)
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python runs");
    child.stdin.take().unwrap().write_all(pgn).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "python-chess failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
#[ignore = "needs python-chess: FEN2IMG_PYTHON=venv/bin/python cargo test --test cli games:: -- --ignored"]
fn where_python_chess_reads_a_file_differently_the_guide_says_so() {
    // docs/guide/games.md, "fen2img and python-chess": each row's input,
    // what python-chess makes of it (the first game's SANs, and whether it
    // noted an error; the second game's Event), and what fen2img does. If
    // python-chess changes, the table is out of date.
    const SCRIPT: &str = r#"
import io, sys, chess, chess.pgn
f = io.StringIO(sys.stdin.read())
game = chess.pgn.read_game(f)
board = game.board()
sans = []
for move in game.mainline_moves():
    sans.append(board.san(move))
    board.push(move)
second = chess.pgn.read_game(f)
print(" ".join(sans) + ("|error" if game.errors else "|ok")
      + ("|" + second.headers["Event"] if second else ""))
"#;
    let theirs = |pgn: &[u8]| python_chess(SCRIPT, pgn);
    let ours = |pgn: &[u8]| run(["-f", "fen"], pgn);
    // A side in check passes: python-chess plays on and takes the king.
    let check = b"1. e4 f5 2. Qh5+ -- 3. Qxe8 *\n";
    assert_eq!(theirs(check), "e4 f5 Qh5+ -- Qxe8|ok");
    let out = ours(check);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("in check"), "{}", stderr(&out));
    // a8(Q): to python-chess a move that must promote, then a variation.
    let promotion = b"[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. a8(Q) Kb2 *\n";
    assert_eq!(theirs(promotion), "|error");
    assert_code(&ours(promotion), 0);
    // Control bytes in a tag value.
    let nul = b"[Event \"a\0b\"]\n\n1. e4 *\n";
    assert_eq!(theirs(nul), "e4|ok");
    assert_code(&ours(nul), 2);
    // A word that is no move.
    let word = b"1. e4 null e5 *\n";
    assert_eq!(theirs(word), "e4 e5|ok");
    assert_code(&ours(word), 2);
    // Tags right after a game's movetext: python-chess reads them as
    // movetext, and the next game loses them.
    let two = b"[Event \"a\"]\n\n1. e4 *\n[Event \"b\"]\n\n1. d4 *\n";
    assert_eq!(theirs(two), "e4|ok|?");
    let out = run(
        [
            "--game",
            "2",
            "--caption",
            "auto",
            "--caption-source",
            "--alt",
        ],
        two,
    );
    assert_code(&out, 0);
    assert!(stdout(&out).starts_with("b: 1.d4."), "{}", stdout(&out));
    // Both read these the same: UCI castling, a stray byte order mark.
    let castle = b"[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. e1h1 *\n";
    assert_eq!(theirs(castle), "O-O|ok");
    assert_code(&ours(castle), 0);
    let bom = "1. e4 \u{feff} e5 *\n".as_bytes();
    assert_eq!(theirs(bom), "e4 e5|ok");
    assert_code(&ours(bom), 0);
}

#[test]
fn batch_draws_one_diagram_a_game_named_from_its_tags() {
    let dir = scratch_dir("games-batch");
    let opera = fs::read_to_string(data("opera.pgn")).unwrap();
    let bad = opera
        .replace("14. Rd1", "14. Kb1")
        .replace("Duke Karl / Count Isouard", "Allies");
    let shilling = fs::read_to_string(data("shilling.pgn")).unwrap();
    let pgn = dir.join("games.pgn");
    fs::write(&pgn, format!("{opera}\n{bad}\n{shilling}")).unwrap();
    let out_dir = dir.join("d");
    let manifest = dir.join("m.jsonl");
    let out = run(
        [
            "batch",
            pgn.to_str().unwrap(),
            "--out-dir",
            out_dir.to_str().unwrap(),
            "--name",
            "{white}-{black}-{round}.{ext}",
            "--format",
            "svg",
            "--manifest",
            manifest.to_str().unwrap(),
            "-q",
        ],
        b"",
    );
    // The bad game is reported, placed, and skipped; the others render.
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("games.pgn:")
            && err
                .contains("game 2 (Morphy, Paul – Allies), move 17 White: Rd8# is not legal here"),
        "{err}"
    );
    let mut names: Vec<String> = fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Greedy_Gus-Trapper_Tina-1.svg",
            "Morphy_Paul-Duke_Karl_Count_Isouard-unknown.svg"
        ]
    );
    // Each file is the single command's diagram of that game.
    let single = run([data("opera.pgn").to_str().unwrap(), "-f", "svg"], b"");
    let batch = fs::read(out_dir.join("Morphy_Paul-Duke_Karl_Count_Isouard-unknown.svg")).unwrap();
    assert!(single.stdout == batch);
    // The manifest: one line a game, with its tags and ply, or the error.
    let lines: Vec<serde_json::Value> = fs::read_to_string(&manifest)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(lines[0]["ply"], 33);
    assert_eq!(lines[0]["move"], "17.Rd8#");
    assert_eq!(lines[0]["tags"]["Event"], "Paris");
    assert_eq!(lines[0]["status"], "written");
    assert_eq!(lines[1]["game"], 2);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("Rd8# is not legal here"));
    assert!(lines[1]["line"].as_u64().unwrap() > 10);
    assert_eq!(lines[2]["tags"]["BlackTitle"], "FM");
    // --markers: one diagram a marker, which needs {ply} in the name.
    let out = run(
        [
            "batch",
            data("opera.pgn").to_str().unwrap(),
            "--out-dir",
            dir.join("m").to_str().unwrap(),
            "--markers",
            "--name",
            "{n}-{ply}.{ext}",
            "-q",
        ],
        b"",
    );
    assert_code(&out, 0);
    let mut names: Vec<String> = fs::read_dir(dir.join("m"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["000001-30.png", "000001-33.png"]);
    let out = run(
        [
            "batch",
            data("opera.pgn").to_str().unwrap(),
            "--out-dir",
            dir.join("m2").to_str().unwrap(),
            "--markers",
        ],
        b"",
    );
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("put {ply} in --name"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("m2").exists());
}

#[test]
fn the_help_lists_the_game_flags_with_their_placeholders() {
    let out = run(["--help"], b"");
    assert_code(&out, 0);
    let help = stdout(&out);
    for flag in [
        "--moves",
        "--game",
        "--ply",
        "--move",
        "--markers",
        "--from",
        "--to",
        "--animate",
        "--delay",
        "--last-delay",
        "--clock-delays",
        "--figurine",
        "--caption-source",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
    // `{ply}` survives clap's help formatting (`{n}` would not).
    assert!(help.contains("'fig-{ply}.png'"), "{help}");
}

#[test]
fn every_frame_shows_its_position_as_a_still_does() {
    // The frames after the first hold only what a viewer would see change:
    // composed, each is the still image of its ply (a PNG, in the colours
    // the board is drawn in), within the shade the game's one palette
    // gives an anti-aliased edge. (A still GIF has a palette of its own,
    // of fewer colours.)
    let args = |extra: &[&str]| {
        let mut all = vec![shilling(), "--size".into(), "160".into()];
        all.extend(extra.iter().map(|a| a.to_string()));
        let out = run(&all, b"");
        assert_code(&out, 0);
        out.stdout
    };
    let shown = gif_screens(&args(&["-f", "gif", "--animate"]));
    assert_eq!(shown.len(), 15);
    for (ply, screen) in shown.iter().enumerate() {
        let still = decode_png(&args(&["-f", "png", "--ply", &ply.to_string()]));
        assert_eq!(still.rgba.len(), screen.len());
        let off: Vec<u8> = still
            .rgba
            .iter()
            .zip(screen)
            .map(|(a, b)| a.abs_diff(*b))
            .collect();
        let worst = off.iter().copied().max().unwrap();
        // A pixel may sit a quantization error away (the game palette's
        // shade of an anti-aliased edge); such pixels are few.
        let far = off.iter().filter(|&&d| d > 16).count();
        assert!(worst <= 32, "ply {ply}: a channel {worst} levels off");
        assert!(
            far * 1000 <= off.len(),
            "ply {ply}: {far} of {} channels more than 16 levels off",
            off.len()
        );
    }
    // And they are smaller than whole: each holds the moved piece, the
    // tints, the side-to-move marker (which jumps between the top and the
    // bottom) and a clock, not every piece's edge (counted exactly, a new
    // palette's shades made nearly every frame whole).
    let (w, h, all) = frames(&args(&["-f", "gif", "--animate"]));
    let later: u32 = all[1..]
        .iter()
        .map(|f| u32::from(f.2) * u32::from(f.3))
        .sum();
    let whole = u32::from(w) * u32::from(h) * (all.len() as u32 - 1);
    assert!(later * 4 < whole * 3, "{later} of {whole} pixels");
}

#[test]
fn alt_with_animate_describes_the_animation() {
    // --alt alone: the description, and no GIF.
    let out = run(
        [opera().as_str(), "--animate", "--from", "31", "--alt"],
        b"",
    );
    assert_code(&out, 0);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.starts_with(
            "Animated game Morphy – Duke Karl / Count Isouard, Paris 1858: moves 16–17 \
             (16...Nxb8 to 17.Rd8#), 3 positions. Final position: White player: Morphy, Paul."
        ),
        "{text}"
    );
    // The final frame's marks, in words, as a still's --alt says them.
    assert!(
        text.trim_end().ends_with(
            "Last move d1 to d8. Check on e8. Arrow: green d1 to d8. Circles: red d8, red e8."
        ),
        "{text}"
    );
    // With -o the GIF is the one written without --alt.
    let dir = scratch_dir("games-animate-alt");
    let (with_alt, plain) = (dir.join("a.gif"), dir.join("b.gif"));
    let out = run(
        [
            opera().as_str(),
            "--animate",
            "--from",
            "31",
            "--size",
            "120",
            "--alt",
            "-o",
            with_alt.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 0);
    assert!(stdout(&out).starts_with("Animated game Morphy"));
    let out = run(
        [
            opera().as_str(),
            "--animate",
            "--from",
            "31",
            "--size",
            "120",
            "-o",
            plain.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 0);
    assert_eq!(fs::read(&with_alt).unwrap(), fs::read(&plain).unwrap());
    assert_eq!(frames(&fs::read(&plain).unwrap()).2.len(), 3);
    // --alt alone needs no GIF format; with -o the format is still checked.
    let out = run([opera().as_str(), "--animate", "-f", "png", "--alt"], b"");
    assert_code(&out, 0);
    // Tags that would reorder or drive a terminal are shown escaped.
    // (A control byte such as ESC is refused in a tag: C1's CSI, U+009B,
    // is a character of the text, and is escaped.)
    let hostile = "[White \"Eve\u{202E}lyn\u{9b}2J\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n";
    let out = run(["--animate", "--alt"], hostile.as_bytes());
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "Animated game Eve<U+202E>lyn<U+009B>2J – Bob: move 1 (1.e4 to 1...e5), 3 positions."
        ),
        "{text}"
    );
    assert!(!text.contains(['\u{9b}', '\u{202E}']), "{text}");
}

#[test]
#[cfg(target_os = "linux")]
fn markers_are_written_as_drawn_not_held_until_the_end() {
    // Issue 32, item 6: `--markers -o 'fig-{n}.png'` kept every image in
    // memory until the last was drawn. Each is now written to a closed
    // temporary as it is drawn and renamed once all are: the peak, read
    // while the command blocks on writing the alt text (which comes after
    // every image is drawn and before any is renamed), no longer grows
    // with the number of markers.
    use crate::util::{marked_games, peak_kb_when_blocked, Blocked};
    let dir = scratch_dir("games-markers-memory");
    let peak = |markers: usize| {
        let name = format!("g{markers}.pgn");
        fs::write(dir.join(&name), marked_games(1, markers)).unwrap();
        let out = format!("out{markers}");
        fs::create_dir(dir.join(&out)).unwrap();
        let template = format!("{out}/fig-{{n}}.png");
        let args = [
            name.as_str(),
            "--markers",
            "--size",
            "1200",
            "--alt",
            "-o",
            &template,
        ];
        let (kb, alt) = peak_kb_when_blocked(BIN, &dir, &args, Blocked::Stdout);
        assert_eq!(alt.lines().count(), markers, "one alt text each");
        let written: Vec<_> = fs::read_dir(dir.join(&out)).unwrap().collect();
        assert_eq!(written.len(), markers, "every file, no temporary left");
        let last = fs::read(dir.join(&out).join(format!("fig-{markers}.png"))).unwrap();
        assert!(last.starts_with(b"\x89PNG"));
        kb
    };
    let few = peak(10);
    let many = peak(300);
    // 300 images at 1200 px are about 25 MB of PNG; held, they would show.
    assert!(
        many < few + 12 * 1024,
        "peak {few} kB for 10 markers, {many} kB for 300"
    );
}
