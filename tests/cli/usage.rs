//! The `fen2img` binary as users run it: exit codes, error messages and their
//! carets, where the input comes from, what is written where, and that no
//! half-written output is ever left behind.

use std::ffi::OsStr;
use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Output, Stdio};

use crate::util::{assert_code, malformed_cases, scratch_dir, stderr, stdout, START};

use crate::util::{Fen2img, BIN};
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

/// Runs the binary with `args`, `stdin` as standard input (empty if `None`,
/// so it never waits on a terminal) and `NO_COLOR` unset.
fn run_with<I, S>(args: I, stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Fen2img::new().with_colour().args(args);
    for (k, v) in env {
        command = command.env(k, v);
    }
    command.stdin(stdin.unwrap_or(b"")).output()
}

fn run<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    run_with(args, None, &[])
}

/// Asserts an exit code 2 and a one-line `fen2img: error: ` message that
/// contains every one of `needles`; returns the message.
#[track_caller]
fn assert_invalid(out: &Output, needles: &[&str]) -> String {
    assert_code(out, 2);
    let err = stderr(out);
    let first = err.lines().next().unwrap_or("");
    assert!(first.starts_with("fen2img: error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "expected {n:?} in stderr: {err}");
    }
    assert!(out.stdout.is_empty(), "nothing on stdout on error");
    err
}

/// Asserts an exit code 1 (I/O) and a one-line `fen2img: error: ` message
/// that contains every one of `needles`.
#[track_caller]
fn assert_io_failure(out: &Output, needles: &[&str]) {
    assert_code(out, 1);
    let err = stderr(out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("fen2img: error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "expected {n:?} in stderr: {err}");
    }
    assert!(out.stdout.is_empty(), "nothing on stdout on error");
}

/// The files in `dir`, names only, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[track_caller]
fn assert_nothing_written(dir: &Path) {
    let names = listing(dir);
    assert!(
        names.is_empty(),
        "no output and no temporary files: {names:?}"
    );
}

fn path_arg(p: &Path) -> String {
    p.to_str().expect("UTF-8 temp path").to_string()
}

// ---------------------------------------------------------------------------
// Success and input sources

#[test]
fn a_valid_fen_succeeds_with_an_ascii_board_on_redirected_stdout() {
    let out = run([START]);
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("+---+---+"), "{text}");
    assert!(text.contains("| r | n | b | q | k | b | n | r |"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    assert!(
        text.is_ascii() && !text.contains('\x1b'),
        "plain 7-bit text"
    );
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn no_color_keeps_redirected_output_plain() {
    let plain = run([START]);
    for value in ["1", ""] {
        let out = run_with([START], None, &[("NO_COLOR", value)]);
        assert_code(&out, 0);
        assert_eq!(out.stdout, plain.stdout, "NO_COLOR={value:?}");
        assert!(!out.stdout.contains(&0x1b));
    }
    // An explicit ANSI request is honoured either way (the escapes are asked for).
    let out = run_with([START, "--format", "ansi"], None, &[("NO_COLOR", "1")]);
    assert_code(&out, 0);
    assert!(out.stdout.contains(&0x1b));
}

#[test]
fn input_comes_from_the_argument_stdin_or_dash() {
    let from_arg = run([KINGS, "-f", "fen"]);
    assert_code(&from_arg, 0);
    assert_eq!(stdout(&from_arg), format!("{KINGS}\n"));

    let line = format!("{KINGS}\n");
    let from_stdin = run_with(["-f", "fen"], Some(line.as_bytes()), &[]);
    assert_code(&from_stdin, 0);
    assert_eq!(from_stdin.stdout, from_arg.stdout);

    let from_dash = run_with(["-", "-f", "fen"], Some(line.as_bytes()), &[]);
    assert_code(&from_dash, 0);
    assert_eq!(from_dash.stdout, from_arg.stdout);

    // CRLF from Windows pipes, and no line end at all.
    let crlf = format!("{KINGS}\r\n");
    let out = run_with(["-f", "fen"], Some(crlf.as_bytes()), &[]);
    assert_code(&out, 0);
    assert_eq!(out.stdout, from_arg.stdout);
    let out = run_with(["-", "-f", "fen"], Some(KINGS.as_bytes()), &[]);
    assert_code(&out, 0);
    assert_eq!(out.stdout, from_arg.stdout);
}

#[test]
fn empty_stdin_is_invalid_input() {
    let out = run_with(Vec::<String>::new(), Some(b""), &[]);
    assert_invalid(&out, &["invalid FEN: input at column 1"]);
}

#[test]
fn canonical_fen_output_normalises_the_input() {
    let out = run(["  4k3/8/8/8/8/8/8/4K3   b  -  - ", "-f", "fen"]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "4k3/8/8/8/8/8/8/4K3 b - - 0 1\n");
}

#[test]
fn alt_prints_the_description() {
    let out = run([KINGS, "--alt"]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "White to move. White: Ke1. Black: Ke8.\n");

    // With an output file, the description still goes to stdout and the file is written.
    let dir = scratch_dir("cli-alt");
    let target = dir.join("board.svg");
    let out = run([KINGS, "--alt", "-o", &path_arg(&target)]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "White to move. White: Ke1. Black: Ke8.\n");
    let svg = fs::read_to_string(&target).unwrap();
    assert!(svg.contains("<desc>White to move. White: Ke1. Black: Ke8.</desc>"));
}

// ---------------------------------------------------------------------------
// Output formats

fn magic_ok(format: &str, bytes: &[u8]) -> bool {
    match format {
        "svg" => bytes.starts_with(b"<svg"),
        "png" => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "webp" => bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP",
        "jpeg" => bytes.starts_with(&[0xff, 0xd8, 0xff]) && bytes.ends_with(&[0xff, 0xd9]),
        "ascii" => bytes.starts_with(b"  +---+"),
        "fen" => bytes == format!("{START}\n").as_bytes(),
        other => panic!("unknown format {other}"),
    }
}

#[test]
fn the_format_follows_the_extension() {
    let dir = scratch_dir("cli-extensions");
    for (ext, format) in [
        ("svg", "svg"),
        ("png", "png"),
        ("webp", "webp"),
        ("jpg", "jpeg"),
        ("jpeg", "jpeg"),
        ("JPG", "jpeg"),
        ("txt", "ascii"),
        ("fen", "fen"),
    ] {
        let target = dir.join(format!("board.{ext}"));
        let out = run([START, "--size", "120", "-o", &path_arg(&target)]);
        assert_code(&out, 0);
        assert!(out.stdout.is_empty(), ".{ext}: nothing on stdout");
        let bytes = fs::read(&target).unwrap();
        assert!(magic_ok(format, &bytes), ".{ext} is {format}");
    }
    let mut names = listing(&dir);
    names.retain(|n| n.ends_with(".tmp"));
    assert!(names.is_empty(), "no temporaries left: {names:?}");
}

#[test]
fn format_overrides_the_extension() {
    let dir = scratch_dir("cli-format-override");
    for format in ["svg", "png", "webp", "jpeg", "jpg", "ascii", "fen"] {
        let target = dir.join("board.txt");
        let out = run([
            START,
            "--size",
            "120",
            "-f",
            format,
            "-o",
            &path_arg(&target),
        ]);
        assert_code(&out, 0);
        let canonical = if format == "jpg" { "jpeg" } else { format };
        assert!(
            magic_ok(canonical, &fs::read(&target).unwrap()),
            "--format {format} over .txt"
        );
    }
    // An unknown extension is fine when --format says what to write.
    let target = dir.join("board.image");
    let out = run([
        START,
        "--size",
        "120",
        "-f",
        "png",
        "-o",
        &path_arg(&target),
    ]);
    assert_code(&out, 0);
    assert!(magic_ok("png", &fs::read(&target).unwrap()));
}

#[test]
fn binary_formats_go_to_redirected_stdout() {
    for format in ["svg", "png", "webp", "jpeg"] {
        let out = run([START, "--size", "96", "-f", format]);
        assert_code(&out, 0);
        assert!(magic_ok(format, &out.stdout), "{format} on stdout");
        let out = run([START, "--size", "96", "-f", format, "-o", "-"]);
        assert_code(&out, 0);
        assert!(magic_ok(format, &out.stdout), "{format} with -o -");
    }
}

#[test]
fn an_existing_output_file_is_replaced() {
    let dir = scratch_dir("cli-replace");
    let target = dir.join("board.fen");
    fs::write(
        &target,
        "old contents that are longer than the new ones ....",
    )
    .unwrap();
    let out = run([KINGS, "-o", &path_arg(&target)]);
    assert_code(&out, 0);
    assert_eq!(fs::read_to_string(&target).unwrap(), format!("{KINGS}\n"));
    assert_eq!(listing(&dir), ["board.fen"]);
}

// ---------------------------------------------------------------------------
// Errors: exit codes, messages, carets, and nothing left behind

/// Checks the three-line FEN error: the message naming field and column,
/// the input, and a caret under that column. Returns the column.
#[track_caller]
fn assert_caret(out: &Output, input: &str, field: &str) -> usize {
    let err = assert_invalid(out, &[]);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "message, input, caret: {err}");
    let prefix = format!("fen2img: error: invalid FEN: {field} at column ");
    let rest = lines[0]
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("expected {prefix:?}: {err}"));
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let column: usize = digits.parse().unwrap();
    assert!(rest[digits.len()..].starts_with(": "), "{err}");
    assert!(column >= 1 && column <= input.len() + 1, "{err}");
    // Short inputs are shown whole, indented by two spaces.
    assert_eq!(lines[1], format!("  {input}"), "{err}");
    let caret = lines[2];
    assert_eq!(caret.trim_start(), "^", "{err}");
    let caret_at = caret.len() - 1;
    assert_eq!(
        caret_at,
        2 + column - 1,
        "caret under column {column}: {err}"
    );
    column
}

#[test]
fn an_invalid_fen_names_field_and_column_with_a_caret() {
    for (input, field, column) in [
        // The ninth square of rank 2.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "placement",
            35,
        ),
        ("4k3/8/8/3Z4/8/8/8/4K3 w - - 0 1", "placement", 10),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move", 21),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQz - 0 1",
            "castling",
            49,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
            52,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - abc 1", "halfmove clock", 27),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 x", "fullmove number", 29),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 7", "input", 31),
    ] {
        let out = run([input]);
        let got = assert_caret(&out, input, field);
        assert_eq!(got, column, "{input}");
        // The same from stdin.
        let line = format!("{input}\n");
        let out = run_with(Vec::<String>::new(), Some(line.as_bytes()), &[]);
        assert_eq!(assert_caret(&out, input, field), column, "stdin: {input}");
    }
}

#[test]
fn strict_missing_fields_point_past_the_end() {
    let input = "8/8/8/8/8/8/8/8";
    let out = run([input, "--strict"]);
    let column = assert_caret(&out, input, "side to move");
    assert_eq!(column, input.len() + 1);
}

#[test]
fn a_long_invalid_input_keeps_the_caret_under_the_offending_byte() {
    // An EPD line with a long comment and a bad operand far to the right.
    let input = format!(
        "4k3/8/8/8/8/8/8/4K3 w - - c0 \"{}\"; hmvc x;",
        "a long comment ".repeat(8)
    );
    let out = run([input.as_str()]);
    let err = assert_invalid(&out, &["at column "]);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    let rest = lines[0].split("at column ").nth(1).unwrap();
    let column: usize = rest
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    // The caret points at the same byte of the input that the column names,
    // even though the shown input is cut to a window ("...").
    let caret_at = lines[2].len() - 1;
    let shown = lines[1].as_bytes();
    let expected = input.as_bytes()[column - 1];
    assert_eq!(shown[caret_at], expected, "{err}");
    assert!(
        lines[1].starts_with("  ...") || lines[1].ends_with("..."),
        "{err}"
    );
}

#[test]
fn size_out_of_range_is_a_usage_error() {
    let dir = scratch_dir("cli-size");
    let target = dir.join("board.png");
    for size in ["0", "31", "4097", "100000"] {
        let out = run([KINGS, "--size", size, "-o", &path_arg(&target)]);
        assert_invalid(&out, &["--size", size, "32 to 4096"]);
        assert_nothing_written(&dir);
    }
    let out = run([KINGS, "--size", "-5"]);
    assert_code(&out, 2);
    let out = run([KINGS, "--size", "big"]);
    assert_code(&out, 2);
}

#[test]
fn a_bad_theme_file_names_file_and_line() {
    let dir = scratch_dir("cli-theme");
    let out_dir = scratch_dir("cli-theme-out");
    let target = out_dir.join("board.svg");

    let bad_colour = dir.join("bad-colour.theme");
    fs::write(
        &bad_colour,
        "# my theme\nlight = #ffffff\ndark = brownish\n",
    )
    .unwrap();
    let out = run([
        KINGS,
        "--theme",
        &path_arg(&bad_colour),
        "-o",
        &path_arg(&target),
    ]);
    assert_invalid(
        &out,
        &[&path_arg(&bad_colour), "line 3", "dark", "brownish"],
    );
    assert_nothing_written(&out_dir);

    let wrong_key = dir.join("wrong-key.theme");
    fs::write(&wrong_key, "light = #ffffff\ncolour = #000000\n").unwrap();
    let out = run([
        KINGS,
        "--theme",
        &path_arg(&wrong_key),
        "-o",
        &path_arg(&target),
    ]);
    assert_invalid(&out, &[&path_arg(&wrong_key), "line 2", "colour"]);
    assert_nothing_written(&out_dir);

    // Neither a built-in name nor a file: the message lists the built-ins.
    let out = run([KINGS, "--theme", "violet"]);
    assert_invalid(&out, &["violet", "brown, blue, green, print"]);

    // A good theme file works.
    let good = dir.join("good.theme");
    fs::write(&good, "light = #eeeeee\ndark = #888888\n").unwrap();
    let out = run([KINGS, "--theme", &path_arg(&good), "-f", "svg"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("#888"));
}

#[test]
fn a_piece_set_with_a_missing_glyph_names_the_file() {
    let set = scratch_dir("cli-pieces");
    let out_dir = scratch_dir("cli-pieces-out");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/render/assets/pieces");
    for color in ['w', 'b'] {
        for role in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let name = format!("{color}{role}.svg");
            if name != "wQ.svg" {
                fs::copy(source.join(&name), set.join(&name)).unwrap();
            }
        }
    }
    let target = out_dir.join("board.png");
    let out = run([START, "--pieces", &path_arg(&set), "-o", &path_arg(&target)]);
    // A missing file is an I/O failure (exit 1), as the README says.
    assert_io_failure(&out, &["wQ.svg", "missing"]);
    assert_nothing_written(&out_dir);

    // With the twelfth file, the set loads and renders.
    fs::copy(source.join("wQ.svg"), set.join("wQ.svg")).unwrap();
    let out = run([START, "--pieces", &path_arg(&set), "-o", &path_arg(&target)]);
    assert_code(&out, 0);
    assert_eq!(listing(&out_dir), ["board.png"]);
}

#[test]
fn an_unknown_extension_is_a_usage_error() {
    let dir = scratch_dir("cli-extension");
    for name in ["board.bmp", "board", "board.svg.bak"] {
        let target = dir.join(name);
        let out = run([KINGS, "-o", &path_arg(&target)]);
        assert_invalid(&out, &[name, "--format"]);
        assert_nothing_written(&dir);
    }
}

#[test]
fn bad_markup_flags_are_usage_errors() {
    let dir = scratch_dir("cli-markup");
    let target = dir.join("board.svg");
    for (flag, value) in [
        ("--arrow", "Xe2e4"),
        ("--arrow", "Ge2e9"),
        ("--arrow", "Ge2e4e6"),
        ("--arrow", "G"),
        ("--mark", "z9"),
        ("--mark", "e4,e44"),
        ("--fill", "e4"),
        ("--fill", "e4:red"),
        ("--fill", "e4:#ff00"),
        ("--fill", "i4:#ff0000"),
        ("--lastmove", "e2"),
        ("--lastmove", "e2e9"),
        ("--lastmove", "é2e4"),
        ("--background", "transparent"),
    ] {
        let out = run([KINGS, flag, value, "-o", &path_arg(&target)]);
        assert_invalid(&out, &[flag]);
        assert_nothing_written(&dir);
    }
    // --check takes its optional square after '=', so that `--check FEN`
    // leaves the FEN alone.
    let out = run([KINGS, "--check=k9", "-o", &path_arg(&target)]);
    assert_invalid(&out, &["--check"]);
    assert_nothing_written(&dir);
    let out = run(["--check", KINGS, "-o", &path_arg(&target)]);
    assert_code(&out, 0);
    // And their valid forms are accepted.
    let out = run([
        KINGS,
        "--arrow",
        "Ge2e4,Rd4",
        "--arrow",
        "e1e2",
        "--mark",
        "e5,d4",
        "--fill",
        "e4:#ff000080",
        "--lastmove",
        "e2e4",
        "--check",
        "--background",
        "none",
        "-o",
        &path_arg(&target),
    ]);
    assert_code(&out, 0);
}

/// Values that are not ASCII must be refused like any other bad value.
#[test]
fn non_ascii_markup_values_are_usage_errors_not_panics() {
    for (flag, value) in [
        ("--arrow", "aé4"),
        ("--arrow", "Gaé4"),
        ("--lastmove", "e2aé"),
        ("--lastmove", "é2e4"),
        ("--mark", "é"),
        ("--fill", "é:#fff"),
    ] {
        let out = run([KINGS, flag, value, "-f", "svg"]);
        assert_invalid(&out, &[flag]);
        assert!(!stderr(&out).contains("panicked"), "{flag} {value}");
    }
}

#[test]
fn an_unwritable_output_path_is_an_io_failure() {
    let dir = scratch_dir("cli-unwritable");
    let target = dir.join("no-such-directory").join("board.png");
    let out = run([KINGS, "-o", &path_arg(&target)]);
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(err.starts_with("fen2img: error: cannot write"), "{err}");
    assert!(err.contains("board.png"), "{err}");
    assert_nothing_written(&dir);

    // A directory in the way of the file.
    let blocker = dir.join("board.svg");
    fs::create_dir(&blocker).unwrap();
    let out = run([KINGS, "-o", &path_arg(&blocker)]);
    assert_code(&out, 1);
    assert_eq!(listing(&dir), ["board.svg"], "only the directory remains");
    assert!(blocker.is_dir());
}

#[test]
fn invalid_input_leaves_no_output_file() {
    let dir = scratch_dir("cli-no-leftovers");
    for ext in ["svg", "png", "webp", "jpg", "txt", "fen"] {
        let target = dir.join(format!("board.{ext}"));
        let out = run(["4k3/8/8/8/8/8/8/4K3 w - - 0 x", "-o", &path_arg(&target)]);
        assert_code(&out, 2);
        let out = run([
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--strict",
            "-o",
            &path_arg(&target),
        ]);
        assert_code(&out, 2);
        assert_nothing_written(&dir);
    }
}

#[test]
fn clap_usage_errors_exit_2_and_help_exits_0() {
    let out = run([KINGS, "--no-such-flag"]);
    assert_code(&out, 2);
    let out = run([KINGS, "--format", "bmp"]);
    assert_code(&out, 2);
    let out = run([KINGS, "--quality", "0", "-f", "jpeg"]);
    assert_code(&out, 2);
    let out = run(["--help"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("Exit codes:"));
    let out = run(["--version"]);
    assert_code(&out, 0);
    assert!(stdout(&out).starts_with("fen2img "));
}

// ---------------------------------------------------------------------------
// Warnings and --strict

#[test]
fn warnings_go_to_stderr_and_become_errors_under_strict() {
    let input = "4k3/8/8/8/8/8/8/P3K3 w - - 0 1";
    let out = run([input, "-f", "fen"]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        format!("{input}\n"),
        "stdout has only the output"
    );
    let err = stderr(&out);
    assert!(err.starts_with("fen2img: warning: placement: "), "{err}");
    assert!(err.contains("a1"), "{err}");

    let dir = scratch_dir("cli-strict");
    let target = dir.join("board.png");
    let out = run([input, "--strict", "-o", &path_arg(&target)]);
    assert_invalid(&out, &["--strict", "a1"]);
    assert_nothing_written(&dir);
}

/// Issue 20, item 24: "`--strict` prints each legality warning twice".
/// Each warning is reported exactly once, as a warning without `--strict`
/// and inside the one-line refusal with it, for a single render and for a
/// batch line alike.
#[test]
fn each_legality_warning_is_reported_once() {
    let input = "k7/8/8/8/8/8/8/P3K2P w - - 0 1";
    let warnings = ["White pawn on a1", "White pawn on h1"];
    let count = |text: &str, needle: &str| text.matches(needle).count();

    let dir = scratch_dir("cli-strict-once");
    let target = path_arg(&dir.join("board.png"));
    let batch_file = dir.join("positions.fen");
    std::fs::write(&batch_file, format!("{input}\n")).unwrap();
    let out_dir = path_arg(&dir.join("out"));
    let runs: [(&str, Vec<&str>); 4] = [
        ("single", vec![input, "-f", "fen"]),
        ("single --strict", vec![input, "--strict", "-o", &target]),
        (
            "batch",
            vec!["batch", batch_file.to_str().unwrap(), "--out-dir", &out_dir],
        ),
        (
            "batch --strict",
            vec![
                "batch",
                batch_file.to_str().unwrap(),
                "--strict",
                "--out-dir",
                &out_dir,
            ],
        ),
    ];
    for (what, args) in runs {
        let out = run(args);
        let err = stderr(&out);
        for warning in warnings {
            assert_eq!(count(&err, warning), 1, "{what}: {warning} in\n{err}");
        }
        if what.ends_with("--strict") {
            assert_code(&out, 2);
            assert_eq!(count(&err, "--strict"), 1, "{what}: one refusal in\n{err}");
        }
    }
}

// ---------------------------------------------------------------------------
// A closed pipe is not an error

/// Spawns the binary with stdout piped, lets `reader` consume (some of) it
/// and close it, and returns the exit status and stderr.
fn run_into_closed_pipe(args: &[&str], read_first: usize) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(BIN)
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdout.take().unwrap();
    if read_first > 0 {
        let mut buf = vec![0; read_first];
        pipe.read_exact(&mut buf).unwrap();
    }
    drop(pipe);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    (status.code(), err)
}

#[test]
fn a_broken_pipe_on_stdout_is_not_an_error() {
    // Closed before anything is written.
    for args in [
        vec![START, "--format", "svg"],
        vec![START],
        vec![START, "--alt"],
    ] {
        let (code, err) = run_into_closed_pipe(&args, 0);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: no error text: {err}");
    }
    // Closed after one byte of an output far larger than a pipe's buffer,
    // so the writer is certainly still writing when the reader goes away.
    let (code, err) = run_into_closed_pipe(&[START, "--format", "png", "--size", "2000"], 1);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "no error text: {err}");
}

// ---------------------------------------------------------------------------
// The malformed corpus through the binary

fn corpus_run(input: &str, strict: bool) -> Output {
    let mut args: Vec<&str> = vec!["-f", "fen"];
    if strict {
        args.push("--strict");
    }
    if input.contains('\0') {
        // Arguments cannot hold NUL bytes; standard input can.
        args.push("-");
        let line = format!("{input}\n");
        run_with(args, Some(line.as_bytes()), &[])
    } else {
        args.push(input);
        run_with(args, None, &[])
    }
}

#[test]
fn every_malformed_corpus_case_gives_its_exit_code() {
    let cases = malformed_cases();
    assert!(cases.len() >= 29);
    for case in cases {
        let what = &case.what;
        let out = corpus_run(&case.input, false);
        match case.expect.as_str() {
            "reject" => {
                assert_eq!(out.status.code(), Some(2), "{what}: {}", stderr(&out));
                let err = stderr(&out);
                let want = format!("invalid FEN: {} at column ", case.field);
                assert!(err.contains(&want), "{what}: expected {want:?} in {err}");
                assert_eq!(err.lines().count(), 3, "{what}: message + caret: {err}");
                assert!(out.stdout.is_empty(), "{what}");
            }
            "accept" => {
                assert_eq!(out.status.code(), Some(0), "{what}: {}", stderr(&out));
                assert!(out.stderr.is_empty(), "{what}: {}", stderr(&out));
                assert!(!out.stdout.is_empty(), "{what}");
            }
            "warn" => {
                assert_eq!(out.status.code(), Some(0), "{what}: {}", stderr(&out));
                assert!(stderr(&out).contains("warning"), "{what}: {}", stderr(&out));
                assert!(!out.stdout.is_empty(), "{what}");
                let strict = corpus_run(&case.input, true);
                assert_eq!(
                    strict.status.code(),
                    Some(2),
                    "{what} under --strict: {}",
                    stderr(&strict)
                );
                assert!(strict.stdout.is_empty(), "{what}");
            }
            other => panic!("unknown expectation {other}"),
        }
    }
}

/// The corpus `reject` cases also fail with the same message from stdin.
#[test]
fn malformed_rejections_are_the_same_from_stdin() {
    for case in malformed_cases()
        .into_iter()
        .filter(|c| c.expect == "reject" && !c.input.contains('\0'))
    {
        let from_arg = corpus_run(&case.input, false);
        let line = format!("{}\n", case.input);
        let from_stdin = run_with(["-f", "fen"], Some(line.as_bytes()), &[]);
        assert_eq!(from_stdin.status.code(), Some(2), "{}", case.what);
        assert_eq!(
            stderr(&from_stdin),
            stderr(&from_arg),
            "{}: same message from stdin",
            case.what
        );
    }
}

// ---------------------------------------------------------------------------
// Completions and man page

/// Every `--long` option named in `text`, sorted and deduplicated.
fn long_options(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The long options `--help` lists for the command and for `batch`.
fn all_long_options() -> Vec<String> {
    let main = stdout(&run(["--help"]));
    let batch = stdout(&run(["batch", "--help"]));
    let mut names = long_options(&main);
    names.extend(long_options(&batch));
    names.sort();
    names.dedup();
    // A sanity check that the scrape found the options at all.
    for expected in ["--size", "--theme", "--out-dir", "--manifest", "--man"] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    names
}

#[test]
fn bash_completion_names_every_option() {
    let out = run(["--completions", "bash"]);
    assert_code(&out, 0);
    let script = stdout(&out);
    assert!(script.contains("complete -F"), "a bash completion script");
    for option in all_long_options() {
        assert!(script.contains(&option), "{option} in the bash completion");
    }
    // The subcommand and the value names it can complete.
    assert!(script.contains("batch"));
    assert!(script.contains("outside inside none"), "--coords values");
}

#[test]
fn completions_exist_for_each_shell_and_refuse_others() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef fen2img"),
        ("fish", "complete -c fen2img"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[fen2img]"),
    ] {
        let out = run(["--completions", shell]);
        assert_code(&out, 0);
        assert!(stdout(&out).contains(marker), "{shell}: {marker}");
    }
    let out = run(["--completions", "tcsh"]);
    assert_code(&out, 2);
    assert!(out.stdout.is_empty());
    // Alone: with a FEN it is a usage error, not a board.
    let out = run(["--completions", "bash", START]);
    assert_code(&out, 2);
    assert!(out.stdout.is_empty());
}

#[test]
fn the_man_page_is_roff_and_lists_every_long_option() {
    let out = run(["--man"]);
    assert_code(&out, 0);
    let page = stdout(&out);
    // After clap_mangen's two-line apostrophe preamble, the title macro.
    let macros: Vec<&str> = page.lines().filter(|l| l.starts_with('.')).collect();
    assert!(macros[0].starts_with(".ie \\n(.g"), "{page}");
    assert!(macros[2].starts_with(".TH FEN2IMG 1 "), "{page}");
    assert_eq!(page.matches("\n.TH ").count(), 1);
    // Only the man(7) requests the page is made of: a typo in a request
    // would otherwise print as text or vanish.
    for line in &macros {
        let request = line[1..].split([' ', '\t']).next().unwrap_or("");
        assert!(
            ["ie", "el", "TH", "SH", "TP", "IP", "RS", "RE", "br", "PP"].contains(&request),
            "unexpected roff request {line:?}"
        );
    }
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
        ".SH \"BATCH OPTIONS\"",
        ".SH \"EXAMPLES AND EXIT STATUS\"",
    ] {
        assert!(page.contains(section), "{section}");
    }
    // roff spells a hyphen `\-`.
    for option in all_long_options() {
        let roff = option.replace('-', "\\-");
        assert!(page.contains(&roff), "{option} in the man page");
    }
    assert!(page.contains("invalid input or usage"), "the exit codes");
}

// ---------------------------------------------------------------------------
// Messages: invalid UTF-8, escapes, exit codes, closed stdout

#[cfg(unix)]
fn raw(bytes: &[u8]) -> std::ffi::OsString {
    use std::os::unix::ffi::OsStrExt;
    OsStr::from_bytes(bytes).to_os_string()
}

#[cfg(unix)]
#[test]
fn invalid_utf8_in_an_argument_names_it_with_a_column_and_caret() {
    // (flag, value, column of the 0xff byte)
    let cases: [(&str, &[u8], usize); 8] = [
        ("--theme", b"bl\xffue", 3),
        ("--arrow", b"Ge2\xffe4", 4),
        ("--mark", b"\xff", 1),
        ("--fill", b"e4:#ff\xff", 7),
        ("--lastmove", b"e2e\xff", 4),
        ("--background", b"#fff\xff", 5),
        ("--check", b"e\xff", 2),
        // The column is within the value as typed (commas and all): the
        // options table splits it, as it does a server's.
        ("--arrow", b"Gd1d2,Ge2\xffe4", 10),
    ];
    for (flag, value, column) in cases {
        let args = if flag == "--check" {
            let mut joined = b"--check=".to_vec();
            joined.extend_from_slice(value);
            vec![raw(KINGS.as_bytes()), raw(&joined)]
        } else {
            vec![raw(KINGS.as_bytes()), raw(flag.as_bytes()), raw(value)]
        };
        let out = run(args);
        let message = format!("{flag} at column {column}: byte 0xff is not valid UTF-8 text");
        let err = assert_invalid(&out, &[&message]);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 3, "{err}");
        let caret = lines[2].find('^').expect("a caret line");
        assert_eq!(&lines[1][caret..caret + 1], "?", "{err}");
        assert!(!err.contains('\u{FFFD}'), "{err}");
    }
    // The FEN itself: the parser's own message, field and column.
    let out = run([raw(b"8/8/8/8/8/8/8/4K2\xffk w - - 0 1")]);
    assert_invalid(&out, &["input at column 18", "not valid UTF-8"]);
}

#[test]
fn escape_sequences_in_arguments_are_never_echoed_raw() {
    let hostile = "\u{1b}]0;owned\u{7}\u{1b}[31m";
    let cases: Vec<Vec<String>> = vec![
        vec![KINGS.into(), "--arrow".into(), hostile.into()],
        vec![KINGS.into(), "--mark".into(), hostile.into()],
        vec![KINGS.into(), format!("--fill=e4:{hostile}")],
        vec![KINGS.into(), "--lastmove".into(), hostile.into()],
        vec![KINGS.into(), "--theme".into(), hostile.into()],
        vec![KINGS.into(), "--background".into(), hostile.into()],
        // Through clap's own errors too.
        vec![KINGS.into(), "--size".into(), hostile.into()],
        vec![KINGS.into(), "--format".into(), hostile.into()],
        vec![KINGS.into(), format!("--{hostile}")],
        // And the FEN.
        vec![format!("4k3/8/8/8/8/8/8/4K3 {hostile}")],
    ];
    for args in cases {
        let out = run(&args);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.starts_with("fen2img: error: "), "{args:?}: {err}");
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: raw control characters in {err:?}"
        );
    }
    // Escaped by code point where the message quotes the value.
    let out = run([KINGS, "--arrow", hostile]);
    assert!(
        stderr(&out).contains("'<U+001B>]' is not a square"),
        "{}",
        stderr(&out)
    );
    // An invisible character that trim() keeps is pointed at, not shown
    // blank: its column, and a caret under a stand-in for it.
    let out = run([KINGS, "--mark", "e4\u{200b}"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("--mark at column 3: "), "{err}");
    assert!(err.contains("  e4?\n    ^"), "{err}");
}

#[test]
fn unreadable_theme_and_piece_files_exit_1_bad_content_exits_2() {
    let dir = scratch_dir("cli-load-exit-codes");
    // Missing theme file, and a directory given as the theme.
    let missing = dir.join("missing.theme");
    let out = run([KINGS, "--theme", &path_arg(&missing)]);
    assert_io_failure(&out, &["missing.theme", "not a file"]);
    let out = run([KINGS, "--theme", &path_arg(&dir)]);
    assert_io_failure(&out, &["not a regular file"]);
    // A misspelt built-in name is a usage error.
    let out = run([KINGS, "--theme", "bleu"]);
    assert_invalid(&out, &["bleu", "brown, blue, green, print"]);

    // A missing piece-set directory, and a glyph that is a directory.
    let out = run([KINGS, "--pieces", &path_arg(&dir.join("no-such-set"))]);
    assert_io_failure(&out, &["no-such-set", "no such directory"]);
    let set = dir.join("set");
    fs::create_dir_all(&set).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/render/assets/pieces");
    for name in [
        "wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP",
    ] {
        let file = format!("{name}.svg");
        if name == "bN" {
            fs::create_dir_all(set.join(&file)).unwrap();
        } else {
            fs::copy(source.join(&file), set.join(&file)).unwrap();
        }
    }
    let out = run([KINGS, "--pieces", &path_arg(&set)]);
    assert_io_failure(&out, &["bN.svg", "not a regular file"]);
    // A glyph that is not SVG is bad content.
    fs::remove_dir(set.join("bN.svg")).unwrap();
    fs::write(set.join("bN.svg"), "not svg at all").unwrap();
    let out = run([KINGS, "--pieces", &path_arg(&set)]);
    assert_invalid(&out, &["bN.svg"]);
}

#[cfg(unix)]
fn run_in_shell(script: &str) -> Output {
    std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_loses_the_output_and_exits_1() {
    // "$0" is the binary; `>&-` closes its standard output.
    let out = run_in_shell(&format!("exec \"$0\" '{KINGS}' -f fen >&-"));
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.starts_with("fen2img: error: standard output is closed"),
        "{err}"
    );
    let out = run_in_shell("exec \"$0\" --man >&-");
    assert_code(&out, 1);
    // Redirected to /dev/null on purpose is fine, and so is -o with stdout closed.
    let out = run_in_shell(&format!("exec \"$0\" '{KINGS}' -f fen >/dev/null"));
    assert_code(&out, 0);
    let dir = scratch_dir("cli-closed-stdout");
    let target = dir.join("k.fen");
    let out = run_in_shell(&format!(
        "exec \"$0\" '{KINGS}' -o '{}' >&-",
        path_arg(&target)
    ));
    assert_code(&out, 0);
    assert_eq!(fs::read_to_string(&target).unwrap(), format!("{KINGS}\n"));
}

#[test]
fn flags_are_checked_before_the_input_is_read() {
    let dir = scratch_dir("cli-flags-first");
    let missing = dir.join("missing.theme");
    // Both the FEN and the theme are wrong: the flags are decided first, so
    // a bad flag is reported even when the position (here from stdin) is too.
    let out = run_with(
        ["--theme", &path_arg(&missing)],
        Some(b"not a position\n"),
        &[],
    );
    assert_io_failure(&out, &["missing.theme"]);
    let out = run_with(["-o", "board.bmp"], Some(b"not a position\n"), &[]);
    assert_invalid(&out, &["board.bmp", "extension"]);
    // --alt alone renders nothing, so it needs no image format.
    let out = run([KINGS, "--alt", "-f", "png"]);
    assert_code(&out, 0);
    assert!(stdout(&out).starts_with("White"), "{}", stdout(&out));
}

#[test]
fn auto_format_is_ascii_when_redirected_and_refused_for_files() {
    // Standard output is a pipe here: what a terminal cannot be asked about.
    let out = run([KINGS, "-f", "auto"]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), stdout(&run([KINGS, "-f", "ascii"])));
    let dir = scratch_dir("cli-auto");
    let out = run([KINGS, "-f", "auto", "-o", &path_arg(&dir.join("b.png"))]);
    assert_invalid(&out, &["auto", "name a format"]);
    assert!(!dir.join("b.png").exists());
}

#[test]
fn terminal_and_html_formats_by_name_and_extension() {
    for (format, starts) in [
        ("kitty", "\x1b_Ga=T,f=100"),
        ("iterm", "\x1b]1337;File=inline=1"),
        ("sixel", "\x1bP0;1;0q\"1;1;400;"),
        ("html", "<table role=\"img\""),
    ] {
        let out = run([KINGS, "-f", format]);
        assert_code(&out, 0);
        assert!(
            stdout(&out).starts_with(starts),
            "{format}: {:?}",
            &stdout(&out)[..20]
        );
    }
    let out = run([KINGS, "-f", "blocks"]);
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(
        text.contains('\u{2580}') && text.ends_with("White to move\n"),
        "{text}"
    );
    let dir = scratch_dir("cli-html");
    for name in ["board.html", "board.six"] {
        let out = run([KINGS, "-o", &path_arg(&dir.join(name))]);
        assert_code(&out, 0);
    }
    assert!(fs::read_to_string(dir.join("board.html"))
        .unwrap()
        .contains("</table>"));
    assert!(fs::read(dir.join("board.six"))
        .unwrap()
        .starts_with(b"\x1bP"));
}

#[test]
fn svg_id_prefix_is_checked() {
    let out = run([KINGS, "-f", "svg", "--id-prefix", "d12-"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains(" id=\"d12-"));
    let out = run([KINGS, "-f", "svg", "--id-prefix", "12\"x"]);
    assert_invalid(&out, &["--id-prefix", "letter"]);
}

/// The width, height and `pHYs` pixels per metre of a PNG.
fn png_dims(bytes: &[u8]) -> (u32, u32, Option<u32>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    let ppm = info.pixel_dims.map(|d| {
        assert_eq!(d.xppu, d.yppu);
        assert!(matches!(d.unit, png::Unit::Meter));
        d.xppu
    });
    (info.width, info.height, ppm)
}

#[test]
fn printed_sizes_become_pixels_and_the_png_records_the_resolution() {
    let dir = scratch_dir("cli-dpi");
    let png = dir.join("b.png");
    // A 35 mm newspaper diagram at 300 dpi: 413 px, 11811 pixels per metre.
    let out = run([
        KINGS,
        "--size",
        "35mm",
        "--dpi",
        "300",
        "-o",
        &path_arg(&png),
    ]);
    assert_code(&out, 0);
    let (w, _, dpi) = png_dims(&fs::read(&png).unwrap());
    assert_eq!((w, dpi), (413, Some(11811)));
    // At 150 dpi, 207 px; a printed size alone records the default 96 dpi.
    run([
        KINGS,
        "--size",
        "3.5cm",
        "--dpi",
        "150",
        "-o",
        &path_arg(&png),
    ]);
    let (w, _, dpi) = png_dims(&fs::read(&png).unwrap());
    assert_eq!((w, dpi), (207, Some(5906)));
    run([KINGS, "--size", "2in", "-o", &path_arg(&png)]);
    let (w, _, dpi) = png_dims(&fs::read(&png).unwrap());
    assert_eq!((w, dpi), (192, Some(3780)));
    // Pixels alone record nothing, as before.
    run([KINGS, "--size", "300", "-o", &path_arg(&png)]);
    let (w, _, dpi) = png_dims(&fs::read(&png).unwrap());
    assert_eq!((w, dpi), (300, None));
    // With markup (the RGBA path and its encoder) the chunk is there too.
    run([
        KINGS,
        "--size",
        "300",
        "--dpi",
        "72",
        "--arrow",
        "e1e8",
        "-o",
        &path_arg(&png),
    ]);
    assert_eq!(png_dims(&fs::read(&png).unwrap()).2, Some(2835));
    let out = run([KINGS, "--size", "100in", "--dpi", "300"]);
    assert_invalid(&out, &["--size", "30000 pixels", "32 to 4096"]);
    let out = run([KINGS, "--size", "35pt"]);
    assert_code(&out, 2);
}
