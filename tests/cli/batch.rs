//! `fen2img batch` as users run it: per-line errors, the manifest, incremental
//! and parallel runs, file-name safety and collisions, input sources, formats,
//! temporaries and Ctrl-C.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::util::{assert_code, decode_png, scratch_dir, stderr, RUY_LOPEZ, START};
#[cfg(target_os = "linux")]
use crate::util::{marked_games, Blocked};

use crate::util::{under_umask, BIN};
const CORPUS: &str = crate::util::POSITIONS_FILE;
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
/// The four EPD fields of [`KINGS`], to hang operations on.
const KINGS_EPD: &str = "4k3/8/8/8/8/8/8/4K3 w - -";
/// The four EPD fields of [`START`].
const START_EPD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
/// Bad lines and the 1-based column each error must point at.
const BAD_LINES: [(&str, usize); 3] = [
    // The '9' is byte 19.
    (
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        19,
    ),
    // The 'x' is byte 21.
    ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", 21),
    // Quotes and a backslash, for the manifest's escaping; the space is byte 6.
    ("hello \"world\" \\ x", 6),
];

// ---------------------------------------------------------------------------
// Running the binary

/// Runs `fen2img batch ARGS` in `dir` with `stdin` (empty if `None`).
fn batch_in<I, S>(dir: &Path, args: I, stdin: Option<&[u8]>) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut cmd = assert_cmd::Command::new(BIN);
    cmd.current_dir(dir).arg("batch").args(args);
    cmd.write_stdin(stdin.unwrap_or(b"").to_vec());
    cmd.output().expect("the binary runs")
}

/// The closing `fen2img: W written, U unchanged, F failed in T s` line.
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    written: usize,
    unchanged: usize,
    failed: usize,
    interrupted: bool,
    /// Lines a signal stopped the run before: `(interrupted: N not rendered)`.
    not_rendered: usize,
}

#[track_caller]
fn summary_of(err: &str) -> Summary {
    let last = err.lines().last().unwrap_or("");
    let rest = last
        .strip_prefix("fen2img: ")
        .unwrap_or_else(|| panic!("no summary line in stderr: {err}"));
    let words: Vec<&str> = rest.split(' ').collect();
    assert!(
        words.len() >= 9
            && words[1] == "written,"
            && words[3] == "unchanged,"
            && words[5] == "failed"
            && words[6] == "in"
            && words[8] == "s",
        "summary line: {last}"
    );
    let num = |w: &str| w.parse::<usize>().unwrap_or_else(|_| panic!("{last}"));
    let (interrupted, not_rendered) = match &words[9..] {
        [] => (false, 0),
        ["(interrupted)"] => (true, 0),
        ["(interrupted:", n, "not", "rendered)"] => (true, num(n)),
        _ => panic!("summary line: {last}"),
    };
    words[7].parse::<f64>().expect("elapsed seconds");
    Summary {
        written: num(words[0]),
        unchanged: num(words[2]),
        failed: num(words[4]),
        interrupted,
        not_rendered,
    }
}

#[track_caller]
fn summary(out: &Output) -> Summary {
    summary_of(&stderr(out))
}

fn sum(written: usize, unchanged: usize, failed: usize) -> Summary {
    Summary {
        written,
        unchanged,
        failed,
        interrupted: false,
        not_rendered: 0,
    }
}

/// Stderr without the run time in the summary (which differs between runs).
fn stderr_without_time(out: &Output) -> String {
    stderr(out)
        .lines()
        .map(|l| match l.find(" failed in ") {
            Some(i) if l.starts_with("fen2img: ") => &l[..i + " failed".len()],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------
// Files

/// The names in `dir` (hidden ones included), sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Every file under `dir`, as paths relative to it, sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// Temporary files (`.NAME...tmp`) left in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    listing(dir)
        .into_iter()
        .filter(|n| n.starts_with('.') || n.ends_with(".tmp"))
        .collect()
}

#[track_caller]
fn assert_no_temporaries(dir: &Path) {
    let t = temporaries(dir);
    assert!(
        t.is_empty(),
        "temporary files left in {}: {t:?}",
        dir.display()
    );
}

/// Width and height from a PNG's IHDR, after checking the signature, that
/// IHDR comes first and that the file ends with an IEND chunk.
#[track_caller]
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(
        bytes.len() > 8 + 25 + 12,
        "PNG too short: {} bytes",
        bytes.len()
    );
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[8..12], &[0, 0, 0, 13], "IHDR length");
    assert_eq!(&bytes[12..16], b"IHDR", "IHDR first");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!(
        &bytes[bytes.len() - 12..],
        b"\0\0\0\0IEND\xae\x42\x60\x82",
        "ends with IEND"
    );
    (be(16), be(20))
}

/// Writes `lines` joined by `\n` (with a final one) to `path`.
fn write_lines(path: &Path, lines: &[String]) {
    let mut text = lines.join("\n");
    text.push('\n');
    fs::write(path, text).unwrap();
}

/// The corpus file's lines, comments included.
fn corpus_lines() -> Vec<String> {
    fs::read_to_string(CORPUS)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn is_record(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with('#')
}

/// The corpus with the [`BAD_LINES`], a blank line, a blank-looking line and a
/// comment mixed in; returns the lines and the 1-based numbers of the bad ones.
fn corpus_with_bad_lines() -> (Vec<String>, Vec<usize>) {
    let mut lines = corpus_lines();
    lines.insert(10, String::new());
    lines.insert(50, BAD_LINES[0].0.into());
    lines.insert(120, "   \t".into());
    lines.insert(121, "# a comment in the middle".into());
    lines.insert(200, BAD_LINES[1].0.into());
    lines.push(BAD_LINES[2].0.into());
    let bad = BAD_LINES
        .iter()
        .map(|(b, _)| lines.iter().position(|l| l == b).unwrap() + 1)
        .collect();
    (lines, bad)
}

// ---------------------------------------------------------------------------
// Reading the manifest (serde_json).

/// One manifest object, keys in their order (serde_json's `preserve_order`).
#[derive(Debug)]
struct Object(Map<String, Value>);

impl Object {
    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(String::as_str).collect()
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    #[track_caller]
    fn str(&self, key: &str) -> &str {
        match self.get(key) {
            Some(Value::String(s)) => s,
            other => panic!("{key}: expected a string, found {other:?} in {self:?}"),
        }
    }

    #[track_caller]
    fn num(&self, key: &str) -> u64 {
        match self.get(key).and_then(Value::as_u64) {
            Some(n) => n,
            None => panic!("{key}: expected a number in {self:?}"),
        }
    }
}

/// Parses one JSON Lines line: exactly one object.
#[track_caller]
fn parse_object(line: &str) -> Object {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(map)) => Object(map),
        other => panic!("not a JSON object ({other:?}): {line}"),
    }
}

/// The manifest's objects; every line must end with `\n`.
#[track_caller]
fn read_manifest(path: &Path) -> Vec<Object> {
    let text = fs::read_to_string(path).unwrap();
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "the manifest ends with a line end"
    );
    text.lines().map(parse_object).collect()
}

// ---------------------------------------------------------------------------
// 1. Bad lines

#[test]
fn bad_lines_are_reported_with_file_line_col_and_the_rest_is_rendered() {
    let dir = scratch_dir("batch-bad-lines");
    let (lines, bad) = corpus_with_bad_lines();
    write_lines(&dir.join("in.fen"), &lines);
    let out = batch_in(&dir, ["in.fen", "--out-dir", "out", "--size", "32"], None);
    assert_code(&out, 2);
    assert!(out.stdout.is_empty(), "nothing on stdout");

    let err = stderr(&out);
    let mut reported = Vec::new();
    for l in err.lines().filter(|l| !l.starts_with("fen2img: ")) {
        // in.fen:LINE:COL: invalid FEN: ...
        let mut parts = l.splitn(4, ':');
        let (file, line, col, message) = (
            parts.next().unwrap(),
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
        );
        assert_eq!(file, "in.fen", "{l}");
        assert!(message.starts_with(" invalid FEN: "), "{l}");
        reported.push((
            line.parse::<usize>().unwrap_or_else(|_| panic!("{l}")),
            col.parse::<usize>().unwrap_or_else(|_| panic!("{l}")),
        ));
    }
    let expected: Vec<(usize, usize)> = bad
        .iter()
        .zip(BAD_LINES)
        .map(|(&n, (_, col))| (n, col))
        .collect();
    assert_eq!(
        reported, expected,
        "one message per bad line, in order\n{err}"
    );

    let records: Vec<usize> = (1..=lines.len())
        .filter(|&n| is_record(&lines[n - 1]) && !bad.contains(&n))
        .collect();
    assert_eq!(records.len(), 300);
    let out_dir = dir.join("out");
    for n in &records {
        // The default name is {id}.{ext}, which is {n} without an EPD id.
        let file = out_dir.join(format!("{n:06}.png"));
        assert!(file.is_file(), "line {n}: no {}", file.display());
    }
    assert_eq!(
        listing(&out_dir).len(),
        records.len(),
        "nothing else written"
    );
    assert_eq!(summary(&out), sum(300, 0, 3));
}

// ---------------------------------------------------------------------------
// 2. The manifest

#[test]
fn the_manifest_describes_every_line_and_matches_the_files() {
    let dir = scratch_dir("batch-manifest");
    let (mut lines, _) = corpus_with_bad_lines();
    // EPD records with quotes and backslashes, a caption, a control character.
    lines.insert(
        30,
        format!("{KINGS_EPD} id \"q\\\"; c0 \"back\\slash; semi\";"),
    );
    lines.insert(31, format!("{KINGS_EPD} id \"a\u{1}b\";"));
    lines.insert(32, "\t\"tab\" and é \\".into());
    write_lines(&dir.join("in.fen"), &lines);
    let out = batch_in(
        &dir,
        [
            "in.fen",
            "--out-dir",
            "out",
            "--size",
            "32",
            "--manifest",
            "m.jsonl",
        ],
        None,
    );
    assert_code(&out, 2);
    assert_eq!(summary(&out), sum(301, 0, 5));

    let manifest = read_manifest(&dir.join("m.jsonl"));
    let records: Vec<(usize, &String)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| is_record(l))
        .map(|(i, l)| (i + 1, l))
        .collect();
    assert_eq!(manifest.len(), records.len(), "one object per record");

    let out_dir = dir.join("out");
    let mut outputs = BTreeSet::new();
    let mut good = 0;
    for (obj, (number, text)) in manifest.iter().zip(&records) {
        assert_eq!(obj.str("source"), "in.fen");
        assert_eq!(obj.num("line"), *number as u64, "input order: {obj:?}");
        assert_eq!(obj.str("input"), text.as_str(), "the input round-trips");
        match fen2img_render::parse(text.as_bytes(), fen2img_render::ParseOptions::default()) {
            Ok(record) => {
                good += 1;
                let mut keys = vec!["source", "line", "input", "fen", "output", "alt"];
                if record.caption().is_some() {
                    keys.push("caption");
                }
                keys.extend(["width", "height", "status"]);
                assert_eq!(obj.keys(), keys, "{obj:?}");
                let fen = record.position.to_string();
                assert_eq!(obj.str("fen"), fen, "canonical FEN");
                if let Some(c) = record.caption() {
                    assert_eq!(obj.str("caption"), c);
                }
                let side = fen.split(' ').nth(1).unwrap();
                let to_move = if side == "w" {
                    "White to move"
                } else {
                    "Black to move"
                };
                // A mated side is not told to move: the result is said.
                let expected_alt = fen2img_render::Outcome::of(&record.position)
                    .map_or_else(|| to_move.to_string(), |o| o.words());
                let expected_alt = expected_alt.as_str();
                // A c0 caption leads the alt text; the board follows.
                match record.caption() {
                    Some(c) => assert!(obj.str("alt").starts_with(c), "{obj:?}"),
                    None => assert!(obj.str("alt").starts_with(expected_alt), "{obj:?}"),
                }
                assert!(obj.str("alt").contains(expected_alt), "{obj:?}");
                assert_eq!(obj.str("status"), "written");
                let (w, h) = (obj.num("width"), obj.num("height"));
                // --size is the width; the height follows the margins.
                assert_eq!(w, 32);
                let output = dir.join(obj.str("output"));
                assert_eq!(
                    output.parent().unwrap().canonicalize().unwrap(),
                    out_dir.canonicalize().unwrap()
                );
                let bytes =
                    fs::read(&output).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
                assert_eq!(png_size(&bytes), (w as u32, h as u32), "{obj:?}");
                assert!(outputs.insert(output), "two lines, one file: {obj:?}");
            }
            Err(e) => {
                assert_eq!(obj.keys(), ["source", "line", "input", "column", "error"]);
                assert_eq!(obj.num("column"), e.column() as u64, "{obj:?}");
                assert!(obj.str("error").starts_with("invalid FEN: "), "{obj:?}");
                assert!(obj.str("error").contains(&e.to_string()), "{obj:?}");
            }
        }
    }
    assert_eq!(good, 301);
    let on_disk: BTreeSet<PathBuf> = listing(&out_dir)
        .into_iter()
        .map(|n| out_dir.join(n))
        .collect();
    assert_eq!(outputs, on_disk, "the manifest names exactly the files");
    // The EPD line's id made its name, and the caption came through.
    let epd = manifest.iter().find(|o| o.num("line") == 31).unwrap();
    assert_eq!(epd.str("output"), "out/q_.png");
    assert_eq!(epd.str("caption"), "back\\slash; semi");
    assert_no_temporaries(&dir);
    assert_no_temporaries(&out_dir);
}

// ---------------------------------------------------------------------------
// 3. Incremental runs

/// What changes when a file is rewritten: the modification time, and on Unix
/// the inode (a rename installs a new file) and the change time.
#[derive(Debug, PartialEq, Eq)]
struct Stamp {
    modified: std::time::SystemTime,
    #[cfg(unix)]
    inode: (u64, i64, i64),
}

fn stamps(dir: &Path) -> BTreeMap<String, Stamp> {
    listing(dir)
        .into_iter()
        .map(|n| {
            let m = fs::metadata(dir.join(&n)).unwrap();
            #[cfg(unix)]
            let inode = {
                use std::os::unix::fs::MetadataExt;
                (m.ino(), m.ctime(), m.ctime_nsec())
            };
            let stamp = Stamp {
                modified: m.modified().unwrap(),
                #[cfg(unix)]
                inode,
            };
            (n, stamp)
        })
        .collect()
}

#[test]
fn a_second_identical_run_rewrites_nothing() {
    let dir = scratch_dir("batch-incremental");
    let args = [
        CORPUS,
        "--out-dir",
        "out",
        "--size",
        "32",
        "--manifest",
        "m.jsonl",
    ];
    let first = batch_in(&dir, args, None);
    assert_code(&first, 0);
    assert_eq!(summary(&first), sum(300, 0, 0));
    let out_dir = dir.join("out");
    let before = stamps(&out_dir);
    let bytes_before: Vec<Vec<u8>> = before
        .keys()
        .map(|n| fs::read(out_dir.join(n)).unwrap())
        .collect();
    assert_eq!(before.len(), 300);
    // Coarse file system clocks would hide a rewrite made within the same
    // second; on Unix the inode shows it anyway.
    if cfg!(not(unix)) {
        std::thread::sleep(Duration::from_millis(1100));
    }

    let second = batch_in(&dir, args, None);
    assert_code(&second, 0);
    assert_eq!(summary(&second), sum(0, 300, 0));
    assert_eq!(stamps(&out_dir), before, "no file was touched");
    let manifest = read_manifest(&dir.join("m.jsonl"));
    assert_eq!(manifest.len(), 300);
    assert!(manifest.iter().all(|o| o.str("status") == "unchanged"));

    // Damage three files three ways: exactly those are rewritten.
    let names: Vec<&String> = before.keys().collect();
    let (truncated, flipped, deleted) = (names[5], names[100], names[299]);
    let t = out_dir.join(truncated);
    fs::write(&t, &fs::read(&t).unwrap()[..100]).unwrap();
    let f = out_dir.join(flipped);
    let mut b = fs::read(&f).unwrap();
    let mid = b.len() / 2;
    b[mid] ^= 0xff;
    fs::write(&f, b).unwrap();
    fs::remove_file(out_dir.join(deleted)).unwrap();
    let damaged = stamps(&out_dir);

    let third = batch_in(&dir, args, None);
    assert_code(&third, 0);
    assert_eq!(summary(&third), sum(3, 297, 0));
    let after = stamps(&out_dir);
    for (name, stamp) in &after {
        if [truncated, flipped, deleted].contains(&name) {
            continue;
        }
        assert_eq!(Some(stamp), damaged.get(name), "{name} was touched");
    }
    for (name, bytes) in before.keys().zip(&bytes_before) {
        assert_eq!(&fs::read(out_dir.join(name)).unwrap(), bytes, "{name}");
    }
    let written: Vec<String> = read_manifest(&dir.join("m.jsonl"))
        .iter()
        .filter(|o| o.str("status") == "written")
        .map(|o| o.str("output").trim_start_matches("out/").to_string())
        .collect();
    assert_eq!(written, [truncated.as_str(), flipped, deleted]);

    // Another option changes every file.
    let resized = batch_in(&dir, [CORPUS, "--out-dir", "out", "--size", "40"], None);
    assert_code(&resized, 0);
    assert_eq!(summary(&resized), sum(300, 0, 0));
}

// ---------------------------------------------------------------------------
// 4. -j does not change anything

#[test]
fn one_and_four_jobs_write_identical_files_and_manifests() {
    let dir = scratch_dir("batch-jobs");
    let (lines, _) = corpus_with_bad_lines();
    let input = dir.join("in.fen");
    write_lines(&input, &lines);
    let input = input.to_str().unwrap().to_string();
    for format in ["png", "svg"] {
        let mut runs = Vec::new();
        for jobs in ["1", "4"] {
            let run_dir = dir.join(format!("{format}-j{jobs}"));
            fs::create_dir_all(&run_dir).unwrap();
            let out = batch_in(
                &run_dir,
                [
                    input.as_str(),
                    "--out-dir",
                    "out",
                    "--manifest",
                    "m.jsonl",
                    "--format",
                    format,
                    "--size",
                    "64",
                    "--lastmove",
                    "e2e4",
                    "-j",
                    jobs,
                ],
                None,
            );
            assert_code(&out, 2);
            assert_eq!(summary(&out), sum(300, 0, 3), "{format} -j {jobs}");
            runs.push((run_dir, out));
        }
        let [(a, out_a), (b, out_b)] = &runs[..] else {
            unreachable!()
        };
        let files = listing(&a.join("out"));
        assert_eq!(files.len(), 300);
        assert_eq!(files, listing(&b.join("out")), "{format}: same names");
        for name in &files {
            assert!(
                fs::read(a.join("out").join(name)).unwrap()
                    == fs::read(b.join("out").join(name)).unwrap(),
                "{format}: {name} differs between -j 1 and -j 4"
            );
        }
        assert_eq!(
            fs::read_to_string(a.join("m.jsonl")).unwrap(),
            fs::read_to_string(b.join("m.jsonl")).unwrap(),
            "{format}: manifests differ"
        );
        assert_eq!(
            stderr_without_time(out_a),
            stderr_without_time(out_b),
            "{format}: messages differ"
        );
    }
}

#[test]
fn duplicate_positions_report_the_same_status_whatever_the_jobs() {
    let dir = scratch_dir("batch-jobs-duplicates");
    let lines: Vec<String> = (0..200).map(|_| KINGS.to_string()).collect();
    write_lines(&dir.join("in.fen"), &lines);
    for jobs in ["1", "4"] {
        let m = format!("m{jobs}.jsonl");
        let out = batch_in(
            &dir,
            [
                "in.fen",
                "--out-dir",
                &format!("out{jobs}"),
                "--name",
                "{hash}.{ext}",
                "--size",
                "64",
                "--manifest",
                &m,
                "-j",
                jobs,
            ],
            None,
        );
        assert_code(&out, 0);
        let written: Vec<u64> = read_manifest(&dir.join(&m))
            .iter()
            .filter(|o| o.str("status") == "written")
            .map(|o| o.num("line"))
            .collect();
        assert_eq!(written, [1], "-j {jobs}: the lines marked written");
        assert_eq!(summary(&out), sum(1, 199, 0), "-j {jobs}");
    }
}

// ---------------------------------------------------------------------------
// 5. Names cannot leave the output directory

#[test]
fn epd_ids_are_made_safe_and_stay_inside_the_out_dir() {
    let dir = scratch_dir("batch-safe-ids");
    let work = dir.join("a").join("b");
    fs::create_dir_all(&work).unwrap();
    let long = "y".repeat(300);
    let ids = [
        "../../etc/x",    // 1
        "/abs/path",      // 2
        "..",             // 3
        "a\tb",           // 4: a tab is allowed in the input
        "a\u{1}b",        // 5: other control characters are refused by the parser
        long.as_str(),    // 6
        ".hidden",        // 7
        "///",            // 8
        "C:\\Windows\\x", // 9
        "../..",          // 10
        "ok-Name_1.2",    // 11
        "é/ü",            // 12
    ];
    let lines: Vec<String> = ids
        .iter()
        .map(|id| format!("{KINGS_EPD} id \"{id}\";"))
        .collect();
    write_lines(&work.join("in.epd"), &lines);
    let out = batch_in(
        &work,
        [
            "in.epd",
            "--out-dir",
            "out",
            "--format",
            "fen",
            "--manifest",
            "m.jsonl",
        ],
        None,
    );
    assert_code(&out, 2);
    assert_eq!(summary(&out), sum(11, 0, 1));
    assert!(stderr(&out).contains("in.epd:5:"), "{}", stderr(&out));

    let mut expected: Vec<String> = [
        "_etc_x.fen",
        "_abs_path.fen",
        "000003.fen",
        "a_b.fen",
        &format!("{}.fen", "y".repeat(100)),
        "hidden.fen",
        "000008.fen",
        "C_Windows_x.fen",
        "000010.fen",
        "ok-Name_1.2.fen",
        "000012.fen",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    let out_dir = work.join("out");
    assert_eq!(listing(&out_dir), expected);
    let canon_out = out_dir.canonicalize().unwrap();
    for obj in read_manifest(&work.join("m.jsonl")) {
        if obj.get("error").is_some() {
            continue;
        }
        let p = work.join(obj.str("output"));
        let name = p.file_name().unwrap().to_str().unwrap();
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)),
            "{name}"
        );
        assert!(!name.starts_with('.'), "{name}");
        assert_eq!(p.canonicalize().unwrap().parent().unwrap(), canon_out);
    }
    // Nothing anywhere else in the whole scratch tree.
    let mut everything = vec!["a/b/in.epd".to_string(), "a/b/m.jsonl".to_string()];
    everything.extend(expected.iter().map(|n| format!("a/b/out/{n}")));
    everything.sort();
    assert_eq!(tree(&dir), everything);
}

#[test]
fn name_templates_with_paths_are_usage_errors_that_write_nothing() {
    let dir = scratch_dir("batch-bad-templates");
    write_lines(&dir.join("in.fen"), &[KINGS.to_string()]);
    for template in [
        "../{n}.{ext}",
        "sub/{n}.{ext}",
        "/tmp/fen2img-{n}.{ext}",
        "{n}/../{ext}",
        "..",
        "{n}..{ext}",
        "{id}\\..\\{n}",
        "{nope}.{ext}",
        "{n",
        "",
    ] {
        let out = batch_in(
            &dir,
            [
                "in.fen",
                "--out-dir",
                "out",
                "--name",
                template,
                "--manifest",
                "m.jsonl",
            ],
            None,
        );
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(
            err.starts_with("fen2img: error: --name"),
            "{template}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{template}: {err}");
        assert_eq!(tree(&dir), ["in.fen"], "{template}: something was written");
    }
}

// ---------------------------------------------------------------------------
// 6. Name collisions and placeholders

#[test]
fn two_positions_with_one_name_fail_before_anything_is_written() {
    let dir = scratch_dir("batch-collision");
    let lines = [
        "# header".to_string(),
        format!("{KINGS_EPD} id \"same\";"),
        format!("{START_EPD} id \"other\";"),
        String::new(),
        // Black to move: a different position, the same name.
        "4k3/8/8/8/8/8/8/4K3 b - - id \"same\";".to_string(),
        RUY_LOPEZ.to_string(),
    ];
    write_lines(&dir.join("a.epd"), &lines);
    let out = batch_in(
        &dir,
        [
            "a.epd",
            "--out-dir",
            "out",
            "--manifest",
            "m.jsonl",
            "--format",
            "fen",
        ],
        None,
    );
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.starts_with("fen2img: error: a.epd:5: "), "{err}");
    assert!(err.contains("a.epd:2"), "names the first line too: {err}");
    assert!(err.contains("same.fen"), "{err}");
    assert_eq!(
        listing(&dir.join("out")),
        Vec::<String>::new(),
        "out dir empty"
    );
    assert!(!dir.join("m.jsonl").exists(), "no manifest");

    // Across inputs, and after the ids are made safe ("x/y" and "x_y").
    write_lines(&dir.join("b.epd"), &[format!("{KINGS_EPD} id \"x/y\";")]);
    write_lines(&dir.join("c.epd"), &[format!("{START_EPD} id \"x_y\";")]);
    let out = batch_in(&dir, ["b.epd", "c.epd", "--out-dir", "out2"], None);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("c.epd:1") && err.contains("b.epd:1"), "{err}");
    assert_eq!(listing(&dir.join("out2")), Vec::<String>::new());

    // The same position under one name is fine: one file.
    let same = [
        format!("{KINGS_EPD} id \"k\";"),
        format!("{KINGS_EPD} id \"k\"; c0 \"again\";"),
    ];
    write_lines(&dir.join("d.epd"), &same);
    let out = batch_in(&dir, ["d.epd", "--out-dir", "out3", "-j", "1"], None);
    assert_code(&out, 0);
    assert_eq!(summary(&out), sum(1, 1, 0));
    assert_eq!(listing(&dir.join("out3")), ["k.png"]);
}

#[test]
fn hash_names_share_one_file_per_position_and_options() {
    let dir = scratch_dir("batch-hash");
    let lines = [
        START.to_string(),
        RUY_LOPEZ.to_string(),
        // The same position as line 1, written differently.
        format!("{START_EPD} id \"start\";"),
    ];
    write_lines(&dir.join("in.epd"), &lines);
    let run = |out_dir: &str, size: &str| {
        let out = batch_in(
            &dir,
            [
                "in.epd",
                "--out-dir",
                out_dir,
                "--name",
                "{hash}.{ext}",
                "--size",
                size,
                "--manifest",
                "m.jsonl",
                "-j",
                "1",
            ],
            None,
        );
        assert_code(&out, 0);
        assert_eq!(summary(&out), sum(2, 1, 0));
        let m = read_manifest(&dir.join("m.jsonl"));
        let names: Vec<String> = m.iter().map(|o| o.str("output").to_string()).collect();
        (listing(&dir.join(out_dir)), names)
    };
    let (files, names) = run("a", "32");
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(names[0], names[2], "one position, one file");
    assert_ne!(names[0], names[1]);
    for f in &files {
        let (stem, ext) = f.split_once('.').unwrap();
        assert_eq!(ext, "png");
        assert!(
            stem.len() == 12 && stem.bytes().all(|b| b.is_ascii_hexdigit()),
            "12 hex digits: {f}"
        );
    }
    // Stable across runs; other options, other names.
    assert_eq!(run("b", "32").0, files);
    let (other, _) = run("c", "40");
    assert!(other.iter().all(|n| !files.contains(n)), "{other:?}");
}

#[test]
fn n_is_zero_padded_and_counts_lines_across_inputs() {
    let dir = scratch_dir("batch-n");
    // {n} is the line's number in the run: every line of every input counts,
    // blank and comment lines included, so it matches the line numbers of a
    // single input.
    fs::write(dir.join("a.fen"), format!("# c\n{KINGS}\n\n{START}\n")).unwrap();
    fs::write(dir.join("b.fen"), format!("{RUY_LOPEZ}\n# x\n{KINGS}")).unwrap();
    let out = batch_in(
        &dir,
        [
            "a.fen",
            "b.fen",
            "--out-dir",
            "out",
            "--name",
            "p-{n}.{ext}",
            "--format",
            "fen",
            "--manifest",
            "m.jsonl",
        ],
        None,
    );
    assert_code(&out, 0);
    assert_eq!(
        listing(&dir.join("out")),
        [
            "p-000002.fen",
            "p-000004.fen",
            "p-000005.fen",
            "p-000007.fen"
        ]
    );
    let m = read_manifest(&dir.join("m.jsonl"));
    let got: Vec<(&str, u64, &str)> = m
        .iter()
        .map(|o| (o.str("source"), o.num("line"), o.str("output")))
        .collect();
    assert_eq!(
        got,
        [
            ("a.fen", 2, "out/p-000002.fen"),
            ("a.fen", 4, "out/p-000004.fen"),
            ("b.fen", 1, "out/p-000005.fen"),
            ("b.fen", 3, "out/p-000007.fen"),
        ]
    );
    assert_eq!(
        fs::read_to_string(dir.join("out/p-000005.fen")).unwrap(),
        format!("{RUY_LOPEZ}\n")
    );
    // More than six digits are not cut.
    let big: String = "\n".repeat(1_000_000) + KINGS + "\n";
    let out = batch_in(
        &dir,
        ["--out-dir", "big", "--name", "{n}.{ext}", "--format", "fen"],
        Some(big.as_bytes()),
    );
    assert_code(&out, 0);
    assert_eq!(listing(&dir.join("big")), ["1000001.fen"]);
}

#[test]
fn id_falls_back_to_n() {
    let dir = scratch_dir("batch-id-fallback");
    let lines = [
        format!("{KINGS_EPD} id \"named\";"),
        START.to_string(),
        format!("{KINGS_EPD} c0 \"a caption, no id\";"),
        format!("{KINGS_EPD} id \"\";"),
    ];
    write_lines(&dir.join("in.epd"), &lines);
    let out = batch_in(
        &dir,
        [
            "in.epd",
            "--out-dir",
            "out",
            "--format",
            "fen",
            "--name",
            "x-{id}.{ext}",
        ],
        None,
    );
    assert_code(&out, 0);
    assert_eq!(
        listing(&dir.join("out")),
        [
            "x-000002.fen",
            "x-000003.fen",
            "x-000004.fen",
            "x-named.fen"
        ]
    );
}

// ---------------------------------------------------------------------------
// 7. Inputs

#[test]
fn several_inputs_are_read_in_order() {
    let dir = scratch_dir("batch-inputs");
    fs::write(dir.join("a.fen"), format!("{START}\n{RUY_LOPEZ}\n")).unwrap();
    fs::write(dir.join("b.fen"), format!("bad\n{KINGS}\n")).unwrap();
    let out = batch_in(
        &dir,
        [
            "b.fen",
            "a.fen",
            "--out-dir",
            "out",
            "--format",
            "fen",
            "--manifest",
            "m.jsonl",
            "-j",
            "2",
        ],
        None,
    );
    assert_code(&out, 2);
    assert!(stderr(&out).starts_with("b.fen:1:"), "{}", stderr(&out));
    let m = read_manifest(&dir.join("m.jsonl"));
    let got: Vec<(&str, u64)> = m.iter().map(|o| (o.str("source"), o.num("line"))).collect();
    assert_eq!(
        got,
        [("b.fen", 1), ("b.fen", 2), ("a.fen", 1), ("a.fen", 2)]
    );
    assert_eq!(
        listing(&dir.join("out")),
        ["000002.fen", "000003.fen", "000004.fen"]
    );
    assert_eq!(
        fs::read_to_string(dir.join("out/000004.fen")).unwrap(),
        format!("{RUY_LOPEZ}\n")
    );

    // A missing input is an I/O failure before anything is written.
    let out = batch_in(&dir, ["a.fen", "missing.fen", "--out-dir", "out2"], None);
    assert_code(&out, 1);
    assert!(stderr(&out).contains("missing.fen"), "{}", stderr(&out));
    let out2 = dir.join("out2");
    assert!(!out2.exists() || listing(&out2).is_empty());
}

#[test]
fn standard_input_is_read_when_no_input_or_dash_is_given() {
    let dir = scratch_dir("batch-stdin");
    let stdin = format!("{START}\nnope\n{RUY_LOPEZ}\n");
    fs::write(dir.join("a.fen"), format!("{KINGS}\n")).unwrap();
    for (i, args) in [vec![], vec!["-"], vec!["a.fen", "-", "a.fen"]]
        .into_iter()
        .enumerate()
    {
        let out_dir = format!("out{i}");
        let mut all = args.clone();
        all.extend(["--out-dir", &out_dir, "--format", "fen"]);
        let out = batch_in(&dir, &all, Some(stdin.as_bytes()));
        assert_code(&out, 2);
        let err = stderr(&out);
        assert_eq!(
            summary(&out).written,
            if i == 2 { 4 } else { 2 },
            "{args:?}"
        );
        let first = if i == 2 { 2 } else { 1 };
        let expected: Vec<String> = if i == 2 {
            [1, 2, 4, 5].iter().map(|n| format!("{n:06}.fen")).collect()
        } else {
            vec!["000001.fen".into(), "000003.fen".into()]
        };
        assert_eq!(listing(&dir.join(&out_dir)), expected, "{args:?}");
        assert!(err.starts_with("<stdin>:2:"), "{args:?}: {err}");
        assert_eq!(
            fs::read_to_string(dir.join(&out_dir).join(format!("{first:06}.fen"))).unwrap(),
            format!("{START}\n")
        );
        assert_no_temporaries(&dir.join(&out_dir));
    }
}

#[test]
fn crlf_line_ends_are_accepted() {
    let dir = scratch_dir("batch-crlf");
    let text =
        format!("# c\r\n{START}\r\n\r\n{RUY_LOPEZ} \r\n4k3/8/8/8/8/8/8/4K3 x - - 0 1\r\n{KINGS}");
    fs::write(dir.join("in.fen"), text).unwrap();
    let out = batch_in(
        &dir,
        [
            "in.fen",
            "--out-dir",
            "out",
            "--format",
            "fen",
            "--manifest",
            "m.jsonl",
        ],
        None,
    );
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(err.starts_with("in.fen:5:21: "), "{err}");
    assert_eq!(summary(&out), sum(3, 0, 1));
    assert_eq!(
        listing(&dir.join("out")),
        ["000002.fen", "000004.fen", "000006.fen"]
    );
    assert_eq!(
        fs::read_to_string(dir.join("out/000004.fen")).unwrap(),
        format!("{RUY_LOPEZ}\n")
    );
    let m = read_manifest(&dir.join("m.jsonl"));
    assert_eq!(m.len(), 4);
    for o in &m {
        assert!(!o.str("input").contains('\r'), "{o:?}");
    }
    assert_eq!(m[0].str("input"), START);
}

#[test]
fn a_line_over_16_kib_fails_alone() {
    let dir = scratch_dir("batch-long-line");
    let limit = 16 * 1024;
    let pad = |len: usize| format!("{KINGS}{}", " ".repeat(len - KINGS.len()));
    let lines = [
        START.to_string(),
        pad(limit),     // 2: at the limit: fine
        pad(limit + 1), // 3: one byte over
        "x".repeat(100_000),
        RUY_LOPEZ.to_string(), // 5
    ];
    write_lines(&dir.join("in.fen"), &lines);
    let out = batch_in(
        &dir,
        [
            "in.fen",
            "--out-dir",
            "out",
            "--format",
            "fen",
            "--manifest",
            "m.jsonl",
        ],
        None,
    );
    assert_code(&out, 2);
    assert_eq!(summary(&out), sum(3, 0, 2));
    let err = stderr(&out);
    let errors: Vec<&str> = err
        .lines()
        .filter(|l| !l.starts_with("fen2img: "))
        .collect();
    assert_eq!(errors.len(), 2, "{err}");
    assert!(
        errors[0].starts_with("in.fen:3:") && errors[0].contains("limit"),
        "{err}"
    );
    assert!(
        errors[1].starts_with("in.fen:4:") && errors[1].contains("limit"),
        "{err}"
    );
    assert_eq!(
        listing(&dir.join("out")),
        ["000001.fen", "000002.fen", "000005.fen"]
    );
    assert_eq!(
        fs::read_to_string(dir.join("out/000005.fen")).unwrap(),
        format!("{RUY_LOPEZ}\n")
    );
    // The manifest keeps no more of a long line than the limit allows for.
    let m = read_manifest(&dir.join("m.jsonl"));
    assert!(m.iter().all(|o| o.str("input").len() <= limit + 1));
}

#[test]
fn a_long_line_with_a_carriage_return_at_the_cut_still_fails() {
    let dir = scratch_dir("batch-long-line-cr");
    let limit = 16 * 1024;
    // 16384 bytes, '\r', then more: 16395 bytes before the line end.
    let long = format!("{KINGS}{}\rgarbage!!!", " ".repeat(limit - KINGS.len()));
    // The same line, short: refused for its '\r'.
    let short = format!("{KINGS} \rgarbage!!!");
    write_lines(&dir.join("in.fen"), &[long, short]);
    let out = batch_in(
        &dir,
        ["in.fen", "--out-dir", "out", "--format", "fen"],
        None,
    );
    assert_code(&out, 2);
    assert_eq!(summary(&out), sum(0, 0, 2), "{}", stderr(&out));
    assert_eq!(listing(&dir.join("out")), Vec::<String>::new());
}

// ---------------------------------------------------------------------------
// 8. Formats and options

#[test]
fn text_and_svg_formats_and_render_options_apply() {
    let dir = scratch_dir("batch-formats");
    write_lines(
        &dir.join("in.fen"),
        &[START.to_string(), RUY_LOPEZ.to_string(), "bad".to_string()],
    );
    for (format, ext) in [
        ("svg", "svg"),
        ("fen", "fen"),
        ("ascii", "txt"),
        ("png", "png"),
    ] {
        let out_dir = format!("out-{format}");
        let m = format!("{format}.jsonl");
        let out = batch_in(
            &dir,
            [
                "in.fen",
                "--out-dir",
                &out_dir,
                "--format",
                format,
                "--size",
                "200",
                "--flip",
                "--manifest",
                &m,
            ],
            None,
        );
        assert_code(&out, 2);
        assert_eq!(summary(&out), sum(2, 0, 1), "{format}");
        let names = [format!("000001.{ext}"), format!("000002.{ext}")];
        assert_eq!(listing(&dir.join(&out_dir)), names, "{format}");
        let first = fs::read(dir.join(&out_dir).join(&names[0])).unwrap();
        let text = String::from_utf8_lossy(&first);
        match format {
            "svg" => {
                assert!(text.starts_with("<svg"), "{text}");
                // --size is the width; the height follows the margins.
                assert!(text.contains(r#"width="200" height=""#), "{text}");
            }
            "fen" => assert_eq!(text, format!("{START}\n")),
            "ascii" => {
                assert!(text.contains("+---+---+"), "{text}");
                // Flipped: rank 1 on top.
                let first_rank = text.lines().nth(1).unwrap();
                assert!(first_rank.starts_with("1 | R |"), "{text}");
            }
            _ => assert_eq!(png_size(&first).0, 200),
        }
        let manifest = read_manifest(&dir.join(&m));
        assert_eq!(manifest.len(), 3);
        for o in &manifest[..2] {
            assert!(o.str("output").ends_with(&format!(".{ext}")), "{o:?}");
            if format == "svg" || format == "png" {
                // --size is the width; the height follows the margins.
                assert_eq!(o.num("width"), 200, "{o:?}");
                assert!(o.num("height") > 150 && o.num("height") < 200, "{o:?}");
            } else {
                assert!(
                    o.get("width").is_none() && o.get("height").is_none(),
                    "{o:?}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 9. No temporaries

#[test]
fn no_temporary_files_remain() {
    let dir = scratch_dir("batch-temporaries");
    let stdin = format!("{START}\nbad\n{KINGS_EPD} id \"k\";\n");
    // Standard input with {id} is spooled to the out dir for the pre-pass;
    // the manifest is written beside its final name.
    for (out_dir, format) in [("out", "png"), ("out", "png"), ("out", "svg")] {
        let out = batch_in(
            &dir,
            [
                "--out-dir",
                out_dir,
                "--size",
                "32",
                "--format",
                format,
                "--manifest",
                "out/m.jsonl",
            ],
            Some(stdin.as_bytes()),
        );
        assert_code(&out, 2);
        assert_no_temporaries(&dir.join(out_dir));
        assert_no_temporaries(&dir);
    }
    let mut names = listing(&dir.join("out"));
    names.sort();
    assert_eq!(
        names,
        ["000001.png", "000001.svg", "k.png", "k.svg", "m.jsonl"]
    );
}

// ---------------------------------------------------------------------------
// 10. Signals: SIGINT (Ctrl-C) and SIGTERM at every stage

/// The signals tested, with the exit code each must give.
#[cfg(unix)]
const SIGNALS: [(&str, i32); 2] = [("INT", 130), ("TERM", 143)];

/// Times each stage is interrupted: the races seen before failed in 6 of 20
/// runs, so one run proves little.
#[cfg(unix)]
const REPEATS: usize = 5;

#[cfg(unix)]
fn send(signal: &str, pid: u32) {
    // A process that already exited (a zombie until waited for) still
    // accepts the signal; nothing to check here.
    let _ = std::process::Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .status()
        .expect("kill runs");
}

/// Waits for `child` up to `limit`; `None` if it is still running.
#[cfg(unix)]
fn wait_for(child: &mut std::process::Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Waits until `found` holds for some name in `dir`, up to `limit`.
#[cfg(unix)]
fn wait_for_file(dir: &Path, limit: Duration, found: impl Fn(&str) -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if dir.is_dir() && listing(dir).iter().any(|n| found(n)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

/// Whether `name` is one of fen2img's temporaries.
fn is_temporary(name: &str) -> bool {
    name.starts_with(".fen2img-") && name.ends_with(".tmp")
}

/// Waits for the child to exit after a signal, killing it after 10 s.
#[cfg(unix)]
#[track_caller]
fn exit_code_after_signal(child: &mut std::process::Child, what: &str) -> Option<i32> {
    match wait_for(child, Duration::from_secs(10)) {
        Some(status) => status.code(),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running 10 s after the signal");
        }
    }
}

/// A file of `copies` × the corpus's records.
#[cfg(unix)]
fn big_input(path: &Path, copies: usize) -> usize {
    let records: Vec<String> = corpus_lines()
        .into_iter()
        .filter(|l| is_record(l))
        .collect();
    let big: Vec<String> = (0..copies).flat_map(|_| records.clone()).collect();
    write_lines(path, &big);
    big.len()
}

#[cfg(unix)]
#[test]
fn a_signal_while_rendering_stops_cleanly_with_only_complete_files() {
    use std::process::{Command, Stdio};

    let dir = scratch_dir("batch-interrupt");
    let input = dir.join("big.fen");
    let total = big_input(&input, 400);
    for (signal, code) in SIGNALS {
        for attempt in 0..REPEATS {
            let out_dir = dir.join(format!("out-{signal}{attempt}"));
            let err_path = dir.join(format!("stderr-{signal}{attempt}"));
            let manifest = dir.join(format!("m-{signal}{attempt}.jsonl"));
            let mut child = Command::new(BIN)
                .arg("batch")
                .arg(&input)
                .arg("--out-dir")
                .arg(&out_dir)
                .args([
                    "--name",
                    "{n}.{ext}",
                    "--size",
                    "32",
                    "-j",
                    "2",
                    "--manifest",
                ])
                .arg(&manifest)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(fs::File::create(&err_path).unwrap())
                .spawn()
                .unwrap();
            let started = wait_for_file(&out_dir, Duration::from_secs(10), |n| n.ends_with(".png"));
            assert!(started, "no file within 10 s");
            std::thread::sleep(Duration::from_millis(20 * attempt as u64));
            send(signal, child.id());
            let status = exit_code_after_signal(&mut child, signal);
            let err = fs::read_to_string(&err_path).unwrap();
            let s = summary_of(&err);
            assert!(
                s.written < total,
                "finished before SIG{signal}: make the input longer"
            );
            assert_eq!(status, Some(code), "exit code after SIG{signal}: {err}");
            assert!(s.interrupted, "{err}");
            let names = listing(&out_dir);
            assert_no_temporaries(&out_dir);
            assert!(!listing(&dir).iter().any(|n| is_temporary(n)));
            assert_eq!(names.len(), s.written, "one file per written line");
            for name in &names {
                let bytes = fs::read(out_dir.join(name)).unwrap();
                let (w, h) = png_size(&bytes);
                assert_eq!(w, 32, "{name}");
                assert_eq!(
                    decode_png(&bytes).rgba.len(),
                    (w * h * 4) as usize,
                    "{name}"
                );
            }
            // The manifest is complete up to where the run stopped: every
            // written file is in it, and it names nothing that is not there.
            let m = read_manifest(&manifest);
            let listed: BTreeSet<String> = m
                .iter()
                .filter(|o| o.get("output").is_some())
                .map(|o| {
                    let p = PathBuf::from(o.str("output"));
                    p.file_name().unwrap().to_string_lossy().into_owned()
                })
                .collect();
            assert_eq!(listed, names.iter().cloned().collect::<BTreeSet<_>>());
            // Lines the signal came before are not rendered, not failed:
            // every line of this input is a valid position.
            assert_eq!(s.failed, 0, "{err}");
            let skipped: Vec<_> = m.iter().filter(|o| o.get("output").is_none()).collect();
            assert_eq!(skipped.len(), s.not_rendered, "{err}");
            for o in skipped {
                assert_eq!(o.str("status"), "not-rendered", "{o:?}");
                assert!(o.get("error").is_none(), "{o:?}");
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn a_second_signal_while_rendering_and_writing_the_manifest_exits_at_once_and_cleans_up() {
    use std::process::{Command, Stdio};

    let dir = scratch_dir("batch-interrupt-twice");
    let input = dir.join("big.fen");
    big_input(&input, 400);
    for (signal, code) in SIGNALS {
        for attempt in 0..REPEATS {
            let out_dir = dir.join(format!("out-{signal}{attempt}"));
            let mut child = Command::new(BIN)
                .arg("batch")
                .arg(&input)
                .arg("--out-dir")
                .arg(&out_dir)
                // Large enough that files are being written when the
                // signals come; the manifest goes into the out dir.
                .args(["--name", "{n}.{ext}", "--size", "256", "-j", "4"])
                .arg("--manifest")
                .arg(out_dir.join("m.jsonl"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let started = wait_for_file(&out_dir, Duration::from_secs(10), |n| n.ends_with(".png"));
            assert!(started, "no file within 10 s");
            send(signal, child.id());
            std::thread::sleep(Duration::from_millis(attempt as u64));
            send(signal, child.id());
            let status = exit_code_after_signal(&mut child, signal);
            assert_eq!(status, Some(code), "exit code after two SIG{signal}");
            assert_no_temporaries(&out_dir);
            for name in listing(&out_dir).iter().filter(|n| n.ends_with(".png")) {
                let bytes = fs::read(out_dir.join(name)).unwrap();
                let (w, h) = png_size(&bytes);
                assert_eq!(w, 256, "{name} is complete");
                assert_eq!(
                    decode_png(&bytes).rgba.len(),
                    (w * h * 4) as usize,
                    "{name}"
                );
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn a_signal_while_spooling_stdin_leaves_no_temporary() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let dir = scratch_dir("batch-interrupt-spool");
    for (signal, code) in SIGNALS {
        for attempt in 0..REPEATS {
            let out_dir = dir.join(format!("out-{signal}{attempt}"));
            let mut child = Command::new(BIN)
                .arg("batch")
                .arg("--out-dir")
                .arg(&out_dir)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            writeln!(stdin, "{KINGS}").unwrap();
            stdin.flush().unwrap();
            // The default {id}.{ext} needs the pre-pass, which spools stdin
            // into a temporary in the out dir first.
            let spooling = wait_for_file(&out_dir, Duration::from_secs(10), is_temporary);
            assert!(spooling, "no spool file appeared");
            std::thread::sleep(Duration::from_millis(attempt as u64));
            send(signal, child.id());
            let status = exit_code_after_signal(&mut child, signal);
            drop(stdin);
            assert_eq!(
                status,
                Some(code),
                "exit code after SIG{signal} while spooling"
            );
            assert_no_temporaries(&out_dir);
        }
    }
}

#[cfg(unix)]
#[test]
fn a_signal_while_waiting_for_stdin_stops_at_once_and_removes_the_manifest_temporary() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let dir = scratch_dir("batch-interrupt-stdin");
    for (signal, code) in SIGNALS {
        for attempt in 0..REPEATS {
            let out_dir = dir.join(format!("out-{signal}{attempt}"));
            let mut child = Command::new(BIN)
                .arg("batch")
                .arg("--out-dir")
                .arg(&out_dir)
                .args(["--name", "{n}.{ext}", "--size", "32", "--manifest"])
                .arg(out_dir.join("m.jsonl"))
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            writeln!(stdin, "{KINGS}").unwrap();
            stdin.flush().unwrap();
            // The manifest's temporary exists once the run waits for lines.
            let waiting = wait_for_file(&out_dir, Duration::from_secs(10), is_temporary);
            assert!(waiting, "no manifest temporary appeared");
            std::thread::sleep(Duration::from_millis(attempt as u64));
            send(signal, child.id());
            // Nothing is half done while waiting: the exit is prompt, even
            // though standard input stays open.
            let status = wait_for(&mut child, Duration::from_secs(2));
            drop(stdin);
            let late = child.wait().unwrap();
            let status =
                status.unwrap_or_else(|| panic!("still waiting 2 s after SIG{signal} ({late})"));
            assert_eq!(status.code(), Some(code));
            assert_no_temporaries(&out_dir);
        }
    }
}

// ---------------------------------------------------------------------------
// 11. Where files go: special files, links, long names, --out-dir

#[cfg(unix)]
#[test]
fn the_manifest_keeps_special_files_and_links_and_dash_is_stdout() {
    use std::os::unix::fs::{symlink, FileTypeExt};

    let dir = scratch_dir("batch-manifest-targets");
    fs::write(dir.join("in.fen"), format!("{START}\n{KINGS}\n")).unwrap();
    let run = |manifest: &Path| {
        let out = batch_in(
            &dir,
            [
                OsStr::new("in.fen"),
                OsStr::new("--out-dir"),
                OsStr::new("out"),
                OsStr::new("--name"),
                OsStr::new("{n}.{ext}"),
                OsStr::new("--format"),
                OsStr::new("fen"),
                OsStr::new("--manifest"),
                manifest.as_os_str(),
            ],
            None,
        );
        assert_code(&out, 0);
        out
    };

    let out = run(Path::new("-"));
    let text = String::from_utf8(out.stdout).unwrap();
    let objects: Vec<Object> = text.lines().map(parse_object).collect();
    assert_eq!(objects.len(), 2, "the manifest went to standard output");
    assert_eq!(objects[1].str("fen"), KINGS);
    assert!(!dir.join("-").exists(), "no file named '-'");

    run(Path::new("/dev/null"));
    let meta = fs::metadata("/dev/null").unwrap();
    assert!(
        meta.file_type().is_char_device(),
        "/dev/null is still a device"
    );

    // A FIFO is written into, and stays a FIFO.
    let fifo = dir.join("pipe.jsonl");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    run(&fifo);
    let through_the_pipe = reader.join().unwrap();
    assert_eq!(through_the_pipe.lines().count(), 2, "{through_the_pipe}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());

    let real = dir.join("real.jsonl");
    fs::write(&real, "old\n").unwrap();
    symlink(&real, dir.join("link.jsonl")).unwrap();
    run(&dir.join("link.jsonl"));
    let link_meta = fs::symlink_metadata(dir.join("link.jsonl")).unwrap();
    assert!(link_meta.file_type().is_symlink(), "the link is kept");
    assert_eq!(
        read_manifest(&real).len(),
        2,
        "the file it points to is written"
    );
    assert!(!listing(&dir).iter().any(|n| is_temporary(n)));
}

#[cfg(unix)]
#[test]
fn batch_never_writes_through_a_link_in_the_out_dir() {
    use std::os::unix::fs::symlink;

    let dir = scratch_dir("batch-link-in-out-dir");
    let elsewhere = dir.join("elsewhere");
    fs::create_dir_all(&elsewhere).unwrap();
    let victim = elsewhere.join("victim");
    fs::write(&victim, "precious").unwrap();
    fs::create_dir_all(dir.join("out")).unwrap();
    symlink(&victim, dir.join("out/x.svg")).unwrap();
    fs::write(dir.join("in.epd"), format!("{KINGS_EPD} id \"x\";\n")).unwrap();
    let out = batch_in(
        &dir,
        ["in.epd", "--out-dir", "out", "--format", "svg"],
        None,
    );
    assert_code(&out, 0);
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    let meta = fs::symlink_metadata(dir.join("out/x.svg")).unwrap();
    assert!(meta.is_file(), "the link was replaced by the image");
    assert!(fs::read_to_string(dir.join("out/x.svg"))
        .unwrap()
        .starts_with("<svg"));
}

#[test]
fn names_up_to_255_bytes_work() {
    let dir = scratch_dir("batch-long-names");
    fs::write(dir.join("in.fen"), format!("{KINGS}\n")).unwrap();
    for len in [244, 250, 255] {
        // `{n}` is 6 bytes, `.svg` 4.
        let name = format!("{}{{n}}.{{ext}}", "a".repeat(len - 10));
        let out = batch_in(
            &dir,
            [
                "in.fen",
                "--out-dir",
                "out",
                "--format",
                "svg",
                "--name",
                &name,
            ],
            None,
        );
        assert_code(&out, 0);
        let expected = format!("{}000001.svg", "a".repeat(len - 10));
        assert_eq!(expected.len(), len);
        assert!(dir.join("out").join(&expected).is_file(), "{len} bytes");
    }
    assert_no_temporaries(&dir.join("out"));
}

#[test]
fn an_out_dir_that_is_a_file_is_named_in_the_message() {
    let dir = scratch_dir("batch-out-dir-file");
    fs::write(dir.join("in.fen"), format!("{KINGS}\n")).unwrap();
    fs::write(dir.join("taken"), "a file").unwrap();
    let out = batch_in(&dir, ["in.fen", "--out-dir", "taken"], None);
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("--out-dir 'taken' exists and is not a directory"),
        "{err}"
    );
    assert!(!err.contains("File exists"), "{err}");
    assert_eq!(fs::read_to_string(dir.join("taken")).unwrap(), "a file");
}

#[test]
fn windows_device_ids_are_made_safe() {
    let dir = scratch_dir("batch-windows-names");
    let lines: Vec<String> = ["CON", "nul", "Com1", "LPT9.x", "console"]
        .iter()
        .map(|id| format!("{KINGS_EPD} id \"{id}\";"))
        .collect();
    write_lines(&dir.join("in.epd"), &lines);
    let out = batch_in(
        &dir,
        ["in.epd", "--out-dir", "out", "--format", "fen"],
        None,
    );
    assert_code(&out, 0);
    assert_eq!(
        listing(&dir.join("out")),
        [
            "_CON.fen",
            "_Com1.fen",
            "_LPT9.x.fen",
            "_nul.fen",
            "console.fen"
        ]
    );
}

// ---------------------------------------------------------------------------
// 12. {hash}: stable, and keyed on content

/// The `{hash}` file name batch gives `KINGS` with `args`.
fn hash_name(dir: &Path, args: &[&str]) -> String {
    fs::write(dir.join("in.fen"), format!("{KINGS}\n")).unwrap();
    let _ = fs::remove_dir_all(dir.join("out"));
    let mut all = vec![
        "in.fen",
        "--out-dir",
        "out",
        "--name",
        "{hash}.{ext}",
        "--format",
        "svg",
    ];
    all.extend_from_slice(args);
    let out = batch_in(dir, all, None);
    assert_code(&out, 0);
    let names = listing(&dir.join("out"));
    assert_eq!(names.len(), 1, "{names:?}");
    names[0].clone()
}

#[test]
fn hash_names_are_stable_across_runs_and_change_with_each_option() {
    let dir = scratch_dir("batch-hash-options");
    let base = hash_name(&dir, &[]);
    assert_eq!(base, hash_name(&dir, &[]), "another process, the same name");
    let mut seen = BTreeSet::from([base]);
    for args in [
        &["--size", "401"][..],
        &["--flip"],
        &["--coords", "inside"],
        &["--no-side-to-move"],
        &["--no-border"],
        &["--background", "none"],
        &["--background", "#123456"],
        &["--theme", "blue"],
        &["--lastmove", "e1e2"],
        &["--check"],
        &["--arrow", "Ge1e2"],
        &["--mark", "e4"],
        &["--fill", "e4:#ff000080"],
    ] {
        assert!(
            seen.insert(hash_name(&dir, args)),
            "{args:?} changes {{hash}}"
        );
    }
}

#[test]
fn hash_names_follow_the_piece_set_content_not_its_name() {
    let dir = scratch_dir("batch-hash-pieces");
    let pieces = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/render/assets/pieces");
    let set = dir.join("sets/a/set");
    fs::create_dir_all(&set).unwrap();
    for entry in fs::read_dir(&pieces).unwrap() {
        let path = entry.unwrap().path();
        if path.extension() == Some(OsStr::new("svg")) {
            fs::copy(&path, set.join(path.file_name().unwrap())).unwrap();
        }
    }
    let set_arg = set.to_str().unwrap().to_string();
    let first = hash_name(&dir, &["--pieces", &set_arg]);
    // The same directory name, other content.
    let wk = set.join("wK.svg");
    let svg = fs::read_to_string(&wk).unwrap();
    fs::write(&wk, svg.replacen("<svg", "<svg data-changed=\"1\"", 1)).unwrap();
    let second = hash_name(&dir, &["--pieces", &set_arg]);
    assert_ne!(first, second, "new glyph bytes, new {{hash}}");
    // The same content under another name.
    let moved = dir.join("sets/b/other");
    fs::create_dir_all(moved.parent().unwrap()).unwrap();
    fs::rename(&set, &moved).unwrap();
    let third = hash_name(&dir, &["--pieces", moved.to_str().unwrap()]);
    assert_eq!(second, third, "the directory's name does not matter");
}

/// A full disk while spooling standard input: the message blames writing,
/// and nothing is left behind. Needs a small tmpfs, so root: CI runs it
/// with the other ignored tests; elsewhere the unit test with a failing
/// writer (`a_full_disk_while_spooling_is_a_write_failure`) covers the
/// message.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "needs root: mounts a 64 KiB tmpfs"]
fn a_full_disk_while_spooling_stdin_is_a_write_failure_that_leaves_nothing() {
    let dir = scratch_dir("batch-full-disk");
    let disk = dir.join("disk");
    fs::create_dir_all(&disk).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&disk)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(mounted, "mounting a tmpfs needs root");
    let lines = format!("{KINGS}\n").repeat(8000); // 240 KB > 64 KB
    let out = batch_in(&dir, ["--out-dir", "disk/out"], Some(lines.as_bytes()));
    let leftovers = listing(&disk.join("out"));
    let _ = std::process::Command::new("umount").arg(&disk).status();
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("cannot spool standard input into 'disk/out'")
            && err.contains("No space left on device"),
        "{err}"
    );
    assert!(!err.contains("cannot read"), "{err}");
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_name_template_that_is_not_utf8_and_auto_format_are_usage_errors() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch_dir("batch-usage-utf8");
    fs::write(dir.join("in.fen"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n").unwrap();
    let name = OsStr::from_bytes(b"{n}\xff.{ext}");
    let out = batch_in(
        &dir,
        [
            OsStr::new("in.fen"),
            OsStr::new("--out-dir"),
            OsStr::new("out"),
            OsStr::new("--name"),
            name,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--name at column 4") && err.contains("0xff"),
        "{err}"
    );
    let out = batch_in(&dir, ["in.fen", "--out-dir", "out", "-f", "auto"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("auto"));
    assert!(!dir.join("out").exists() || listing(&dir.join("out")).is_empty());
}

#[cfg(unix)]
fn file_mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Issue 20, item 9: every file fen2img writes (`-o`, batch images, the
/// manifest) is created 0666 less the umask, not 0600 whatever the umask,
/// and a file it replaces keeps its mode.
#[cfg(unix)]
#[test]
fn output_files_get_the_umask_and_replaced_files_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch_dir("modes");
    let input = dir.join("in.fen");
    write_lines(&input, &[KINGS.to_string()]);
    for (mask, expected) in [("002", 0o664), ("022", 0o644)] {
        let single = dir.join(format!("single-{mask}.png"));
        let out = under_umask(
            mask,
            &dir,
            &[OsStr::new(KINGS), OsStr::new("-o"), single.as_os_str()],
        );
        assert!(out.status.success(), "{out:?}");
        assert_eq!(file_mode(&single), expected, "-o under umask {mask}");
        let out_dir = dir.join(format!("out-{mask}"));
        let manifest = dir.join(format!("m-{mask}.jsonl"));
        let out = under_umask(
            mask,
            &dir,
            &[
                OsStr::new("batch"),
                input.as_os_str(),
                OsStr::new("--out-dir"),
                out_dir.as_os_str(),
                OsStr::new("--name"),
                OsStr::new("one.{ext}"),
                OsStr::new("--manifest"),
                manifest.as_os_str(),
            ],
        );
        assert!(out.status.success(), "{out:?}");
        assert_eq!(file_mode(&out_dir.join("one.png")), expected, "batch image");
        assert_eq!(file_mode(&manifest), expected, "manifest");
    }
    // Replaced (new bytes: another size): the old modes stay.
    let single = dir.join("single-022.png");
    fs::set_permissions(&single, fs::Permissions::from_mode(0o640)).unwrap();
    let manifest = dir.join("m-022.jsonl");
    fs::set_permissions(&manifest, fs::Permissions::from_mode(0o604)).unwrap();
    let out = under_umask(
        "077",
        &dir,
        &[
            OsStr::new(KINGS),
            OsStr::new("-o"),
            single.as_os_str(),
            OsStr::new("--size"),
            OsStr::new("100"),
        ],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(file_mode(&single), 0o640);
    let out_dir = dir.join("out-022");
    let out = under_umask(
        "077",
        &dir,
        &[
            OsStr::new("batch"),
            input.as_os_str(),
            OsStr::new("--out-dir"),
            out_dir.as_os_str(),
            OsStr::new("--name"),
            OsStr::new("one.{ext}"),
            OsStr::new("--size"),
            OsStr::new("100"),
            OsStr::new("--manifest"),
            manifest.as_os_str(),
        ],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        file_mode(&out_dir.join("one.png")),
        0o644,
        "the image kept its mode"
    );
    assert_eq!(file_mode(&manifest), 0o604, "the manifest kept its mode");
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 20, item 25: lines a signal stopped the run before are reported
/// as not rendered, not as failed (`20 failed (interrupted)` and
/// `"error":"interrupted"` for valid lines, before). Large images make a
/// chunk's rendering long, so the signal lands while lines of the chunk
/// wait; an attempt where it landed while writing proves nothing, so there
/// are several, and one at least must have lines not rendered.
/// The PNG files in `dir` (none while it does not exist).
#[cfg(unix)]
fn png_count(dir: &std::path::Path) -> usize {
    fs::read_dir(dir).map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".png"))
            .count()
    })
}

#[cfg(unix)]
#[test]
fn lines_a_signal_came_before_are_not_rendered_rather_than_failed() {
    use std::process::{Command, Stdio};

    let dir = scratch_dir("batch-not-rendered");
    let input = dir.join("kings.fen");
    write_lines(&input, &vec![KINGS.to_string(); 120]);
    let mut seen = 0;
    for attempt in 0..REPEATS {
        let out_dir = dir.join(format!("out{attempt}"));
        let manifest = dir.join(format!("m{attempt}.jsonl"));
        let err_path = dir.join(format!("stderr{attempt}"));
        let mut child = Command::new(BIN)
            .arg("batch")
            .arg(&input)
            .arg("--out-dir")
            .arg(&out_dir)
            .args([
                "--name",
                "{n}.{ext}",
                "--size",
                "2048",
                "-j",
                "1",
                "--manifest",
            ])
            .arg(&manifest)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(fs::File::create(&err_path).unwrap())
            .spawn()
            .unwrap();
        // A chunk is rendered whole, then written: once the first chunk's
        // 16 files are all there, the second chunk is rendering (16 boards
        // of 2048 px, hundreds of milliseconds), which is where the signal
        // must land. Waiting only for the first file sent it while the
        // first chunk was being written, and on a fast machine no attempt
        // then caught a chunk rendering.
        let started = std::time::Instant::now();
        while png_count(&out_dir) < 16 && started.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(1));
        }
        send("TERM", child.id());
        assert_eq!(exit_code_after_signal(&mut child, "TERM"), Some(143));
        let err = fs::read_to_string(&err_path).unwrap();
        let s = summary_of(&err);
        assert!(s.interrupted, "{err}");
        assert_eq!(s.failed, 0, "valid lines are never failed: {err}");
        let m = read_manifest(&manifest);
        let not_rendered: Vec<_> = m.iter().filter(|o| o.get("output").is_none()).collect();
        assert_eq!(not_rendered.len(), s.not_rendered, "{err}");
        for o in &not_rendered {
            assert_eq!(o.str("status"), "not-rendered", "{o:?}");
            assert!(o.get("error").is_none(), "{o:?}");
        }
        seen += s.not_rendered;
    }
    assert!(
        seen > 0,
        "the signal never landed while a chunk was rendering"
    );
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------
// Games: excerpts, memory, inputs of both kinds

/// `count` games, each with an illegal move (`Ke5`) on its fourth line,
/// with `end` as every line end.
fn bad_games(count: usize, end: &str) -> String {
    let game = [
        "[Event \"x\"]",
        "[White \"a\"]",
        "[Black \"b\"]",
        "",
        "1. e4 Ke5 *",
        "",
        "",
    ];
    game.join(end).repeat(count)
}

#[test]
fn a_games_error_shows_its_own_line_whatever_ends_the_lines() {
    // With CR line ends the whole file was one line to the excerpt, which
    // was read from end to end for every error (quadratic: 20,000 bad
    // games took 30.8 s with CR, 0.28 s with LF), and showed the
    // neighbouring games' tags around the move.
    let dir = scratch_dir("games-cr-excerpts");
    let games = 2000;
    for (name, end) in [("lf.pgn", "\n"), ("crlf.pgn", "\r\n"), ("cr.pgn", "\r")] {
        fs::write(dir.join(name), bad_games(games, end)).unwrap();
        let out = batch_in(&dir, [name, "--out-dir", "out", "-f", "svg"], None);
        assert_code(&out, 2);
        let err = stderr(&out);
        let lines: Vec<&str> = err.lines().collect();
        let errors: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("fen2img: error: "))
            .collect();
        assert_eq!(errors.len(), games, "{name}");
        for &i in &errors {
            assert!(
                lines[i].ends_with("no king can reach e5"),
                "{name}: {}",
                lines[i]
            );
            assert_eq!(lines[i + 1], "  1. e4 Ke5 *", "{name}: {}", lines[i]);
            assert_eq!(lines[i + 2], "        ^", "{name}");
        }
        assert_eq!(summary(&out), sum(0, 0, games), "{name}");
    }
}

/// The peak resident memory of `fen2img ARGS` in `dir`, in kB, read while
/// the command waits on its last act, the summary line on standard error.
#[cfg(target_os = "linux")]
fn peak_kb(dir: &Path, args: &[&str]) -> u64 {
    let (peak, err) = crate::util::peak_kb_when_blocked(BIN, dir, args, Blocked::Stderr);
    assert!(
        err.starts_with("fen2img: ") && err.lines().count() == 1,
        "{err}"
    );
    peak
}

#[test]
#[cfg(target_os = "linux")]
fn markers_are_drawn_a_bounded_window_at_a_time() {
    // 6 games of many markers (each game in the same chunk of games): all
    // their images were held until the chunk was drawn (1.35 GB at
    // 12,000 markers a game). Now at most as many as a chunk of FEN lines
    // holds: at 400 px, 104 images.
    let dir = scratch_dir("batch-markers-memory");
    let run = |name: &str, games: usize, markers: usize| {
        fs::write(dir.join(name), marked_games(games, markers)).unwrap();
        let out = format!("out-{name}");
        let kb = peak_kb(
            &dir,
            &[
                "batch",
                name,
                "--markers",
                "--out-dir",
                &out,
                "--name",
                "{n}-{ply}.{ext}",
                "--quiet",
            ],
        );
        let files = fs::read_dir(dir.join(&out)).unwrap().count();
        assert_eq!(files, games * markers);
        let bytes: u64 = fs::read_dir(dir.join(&out))
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len())
            .sum();
        (kb, bytes)
    };
    let (small_kb, _) = run("few.pgn", 6, 20);
    let (big_kb, big_bytes) = run("many.pgn", 6, 250);
    let grew = (big_kb.saturating_sub(small_kb)) * 1024;
    eprintln!("peak {small_kb} kB with 120 markers, {big_kb} kB with 1500 ({big_bytes} bytes)");
    // Holding every image of the chunk grows the peak by about all their
    // bytes; a window of 104 by a few megabytes (and the positions).
    assert!(
        grew < big_bytes / 2,
        "the peak grew by {grew} bytes for {big_bytes} bytes of images \
         ({small_kb} kB with 120 markers, {big_kb} kB with 1500)"
    );
}

#[test]
fn pgn_and_fen_inputs_in_one_batch_are_refused_before_anything_is_written() {
    // The PGN was read as FEN lines: one error per line of the game.
    let dir = scratch_dir("games-mixed-inputs");
    fs::write(dir.join("game.pgn"), "[White \"a\"]\n\n1. e4 e5 *\n").unwrap();
    fs::write(dir.join("positions.fen"), format!("{START}\n")).unwrap();
    for args in [
        vec!["positions.fen", "game.pgn"],
        vec!["game.pgn", "positions.fen"],
        vec!["game.pgn", "-"],
    ] {
        let mut all = args.clone();
        all.extend(["--out-dir", "out", "--manifest", "m.jsonl"]);
        let out = batch_in(&dir, &all, Some(START.as_bytes()));
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(
            err.starts_with(
                "fen2img: error: fen2img batch draws either games (.pgn files) or positions \
                 (FEN or EPD lines), not both: 'game.pgn' is a PGN file and "
            ) && err.contains("run one batch for each"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.join("out").exists() && !dir.join("m.jsonl").exists());
    }
}

#[test]
fn the_manifests_folder_is_created_as_the_out_dir_is() {
    let dir = scratch_dir("manifest-folder");
    fs::write(dir.join("positions.fen"), format!("{START}\n")).unwrap();
    fs::write(dir.join("game.pgn"), "1. e4 e5 *\n").unwrap();
    for (input, manifest) in [
        ("positions.fen", "parts/deeper/fen.jsonl"),
        ("game.pgn", "parts/games.jsonl"),
    ] {
        let out = batch_in(
            &dir,
            [input, "--out-dir", "out", "--manifest", manifest],
            None,
        );
        assert_code(&out, 0);
        assert_eq!(read_manifest(&dir.join(manifest)).len(), 1, "{manifest}");
    }
    // A file where the folder would be: an I/O failure naming it.
    fs::write(dir.join("blocked"), "").unwrap();
    let out = batch_in(
        &dir,
        [
            "positions.fen",
            "--out-dir",
            "o2",
            "--manifest",
            "blocked/m.jsonl",
        ],
        None,
    );
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("cannot create the folder of --manifest 'blocked'"),
        "{}",
        stderr(&out)
    );
}
