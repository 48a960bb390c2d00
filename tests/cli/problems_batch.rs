//! Chess problems in `batch` (files of Fairy FEN lines with caption
//! operations, Popeye files of several problems) and twins drawn as
//! boards of their own (`--twins`, on the command line and in batch),
//! from the real problems of the render crate's test data.

use std::fs;
use std::path::Path;

use crate::util::{assert_code, fen2img, scratch_dir, stderr};

/// One problem of the test data: its name, unit count, Fairy FEN and
/// Popeye text.
struct Real {
    name: String,
    count: String,
    fairy: String,
    popeye: String,
}

/// The real problems typed from Popeye's example files.
fn real_problems() -> Vec<Real> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/render/tests/integration/data/problems.txt");
    let text = fs::read_to_string(path).unwrap();
    let mut out: Vec<Real> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("=== ") {
            out.push(Real {
                name: name.to_owned(),
                count: String::new(),
                fairy: String::new(),
                popeye: String::new(),
            });
        } else if let Some(last) = out.last_mut() {
            if let Some(c) = line.strip_prefix("count ") {
                last.count = c.to_owned();
            } else if let Some(f) = line.strip_prefix("fairy ") {
                last.fairy = f.to_owned();
            } else if !line.trim().is_empty() {
                last.popeye.push_str(line);
                last.popeye.push('\n');
            }
        }
    }
    assert!(out.len() >= 20, "{} problems", out.len());
    out
}

/// The problems written in English Popeye (one language for a file of
/// several problems: Popeye keeps the first BeginProblem's).
fn english() -> Vec<Real> {
    real_problems()
        .into_iter()
        .filter(|r| r.popeye.starts_with("BeginProblem"))
        .collect()
}

/// The lines of a Popeye text between its BeginProblem and EndProblem.
fn body(popeye: &str) -> String {
    popeye
        .lines()
        .filter(|l| !l.starts_with("BeginProblem") && !l.starts_with("EndProblem"))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_file_of_fairy_fen_lines_draws_each_problem_and_reports_the_bad_line() {
    let dir = scratch_dir("problems-batch-lines");
    let problems = real_problems();
    let mut text = String::from("# real problems, one a line\n\n");
    for r in &problems {
        text.push_str(&format!(
            "{} stip \"h#2\"; author \"A. Composer\" \"B. Other\"; id {};\n",
            r.fairy, r.name
        ));
    }
    // The third problem line holds a letter Fairy FEN does not know.
    let bad_line = problems.len() + 3;
    text.push_str("8/8/8/8/8/8/8/7E stip \"#2\"\n");
    text.push_str("8/8/8/8/8/8/8/7K stip \"#2\"; colour white\n");
    let input = dir.join("problems.txt");
    fs::write(&input, &text).unwrap();
    let out = dir.join("out");
    let manifest = dir.join("m.jsonl");
    let run = fen2img([
        "batch".as_ref(),
        "--problem".as_ref(),
        "-f".as_ref(),
        "ascii".as_ref(),
        input.as_os_str(),
        "--out-dir".as_ref(),
        out.as_os_str(),
        "--manifest".as_ref(),
        manifest.as_os_str(),
    ]);
    assert_code(&run, 2);
    for r in &problems {
        let board = read(&out.join(format!("{}.txt", r.name)));
        assert!(
            board.contains(&format!("h#2  {}", r.count)),
            "{}: {board}",
            r.name
        );
        assert!(board.contains("A. Composer & B. Other"), "{board}");
    }
    let err = stderr(&run);
    let shown = input.display();
    assert!(
        err.contains(&format!("{shown}:{bad_line}:16: invalid Fairy FEN")),
        "{err}"
    );
    assert!(err.contains("  8/8/8/8/8/8/8/7E"), "{err}");
    assert!(
        err.contains(&format!(
            "{shown}:{}:29: 'colour' is not a problem operation",
            bad_line + 1
        )),
        "{err}"
    );
    let lines: Vec<serde_json::Value> = read(&manifest)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), problems.len() + 2);
    assert_eq!(lines[0]["status"], "written");
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[problems.len()]["status"], "invalid");
    assert_eq!(lines[problems.len()]["column"], 16);
    assert!(fs::read_dir(&out).unwrap().count() == problems.len());
}

#[test]
fn a_popeye_file_of_several_problems_draws_each_and_goes_on_after_a_bad_one() {
    let dir = scratch_dir("problems-batch-popeye");
    let problems = english();
    assert!(problems.len() >= 5);
    let mut text = String::from("BeginProblem\n");
    let mut bad_at = 0;
    for (i, r) in problems.iter().enumerate() {
        if i > 0 {
            text.push_str("NextProblem\n");
        }
        if i == 2 {
            text.push_str("Pieces White royal Ke1\nNextProblem\n");
            bad_at = text.lines().count() - 1;
        }
        text.push_str(&body(&r.popeye));
    }
    text.push_str("EndProblem\n");
    let input = dir.join("column.inp");
    fs::write(&input, &text).unwrap();
    let out = dir.join("out");
    let run = fen2img([
        "batch".as_ref(),
        "-f".as_ref(),
        "ascii".as_ref(),
        "--name".as_ref(),
        "p{n}.{ext}".as_ref(),
        input.as_os_str(),
        "--out-dir".as_ref(),
        out.as_os_str(),
    ]);
    assert_code(&run, 2);
    for (i, r) in problems.iter().enumerate() {
        // The refused problem takes number 3.
        let n = if i < 2 { i + 1 } else { i + 2 };
        let board = read(&out.join(format!("p{n:06}.txt")));
        assert!(board.contains(&r.count), "{}: {board}", r.name);
    }
    assert!(!out.join("p000003.txt").exists());
    let err = stderr(&run);
    assert!(
        err.contains(&format!(
            "{}:{bad_at}:14: invalid Popeye input: Popeye command 'pieces'",
            input.display()
        )),
        "{err}"
    );
    assert!(err.contains("  Pieces White royal Ke1"), "{err}");
}

/// A real problem of the test data with three twins of ours after it.
fn twinned(twins: &str) -> String {
    let shankar = real_problems()
        .into_iter()
        .find(|r| r.name == "shankar-ram-f65-1983")
        .unwrap();
    shankar
        .popeye
        .replace("EndProblem", &format!("{twins}EndProblem"))
}

#[test]
fn twins_are_drawn_as_boards_of_their_own_on_the_command_line() {
    let dir = scratch_dir("problems-twins-cli");
    let input = dir.join("shankar.inp");
    fs::write(
        &input,
        twinned("Twin Move c8 d8\nTwin Continued Remove f2\nTwin Exchange e8 a8 Add Black Pd2\n"),
    )
    .unwrap();
    let out = dir.join("shankar.txt");
    let run = fen2img([
        input.as_os_str(),
        "--twins".as_ref(),
        "-f".as_ref(),
        "ascii".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_code(&run, 0);
    let a = read(&out);
    assert!(a.starts_with("N. Shankar Ram"), "{a}");
    assert!(a.contains("8  k   b   Q   .   K"), "{a}");
    assert!(
        a.contains("b) Move c8 d8"),
        "the diagram lists its twins: {a}"
    );
    let b = read(&dir.join("shankar-b.txt"));
    assert!(b.contains("8  k   b   .   Q   K"), "{b}");
    assert!(b.contains("b) Move c8 d8"), "{b}");
    assert!(b.contains("#4  (5+5)"), "{b}");
    // Continued: from b), so the queen stays on d8.
    let c = read(&dir.join("shankar-c.txt"));
    assert!(c.contains("8  k   b   .   Q   K"), "{c}");
    assert!(c.contains("#4  (5+4)"), "{c}");
    // From the diagram again: the kings change places, a black pawn added.
    let d = read(&dir.join("shankar-d.txt"));
    assert!(d.contains("8  K   b   Q   .   k"), "{d}");
    assert!(d.contains("2  .   .   .   p   .   p"), "{d}");
    assert!(d.contains("#4  (5+6)"), "{d}");

    // A template names them by letter or number.
    let run = fen2img([
        input.as_os_str(),
        "--twins".as_ref(),
        "-f".as_ref(),
        "svg".as_ref(),
        "-o".as_ref(),
        dir.join("t-{n}.svg").as_os_str(),
    ]);
    assert_code(&run, 0);
    for n in 1..=4 {
        assert!(dir.join(format!("t-{n}.svg")).exists());
    }
}

#[test]
fn a_twin_that_cannot_be_drawn_is_refused_with_its_line_and_nothing_is_written() {
    let dir = scratch_dir("problems-twins-refused");
    let input = dir.join("shankar.inp");
    fs::write(&input, twinned("Twin Move c8 d8\nTwin Rotate 90\n")).unwrap();
    let out = dir.join("out.png");
    let run = fen2img([
        input.as_os_str(),
        "--twins".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_code(&run, 2);
    let err = stderr(&run);
    assert!(
        err.contains("Popeye command 'twin' at line 9, column 6: 'Rotate' is a twin change"),
        "{err}"
    );
    assert!(
        err.contains("Twin Rotate 90\n") && err.contains("     ^"),
        "{err}"
    );
    assert!(!out.exists() && !dir.join("out-b.png").exists());
    // Without --twins the twins are listed, as before.
    let run = fen2img([input.as_os_str(), "-o".as_ref(), out.as_os_str()]);
    assert_code(&run, 0);
    // A piece moved from an empty square is refused at the square.
    fs::write(&input, twinned("Twin Move d4 d5\n")).unwrap();
    let run = fen2img([
        input.as_os_str(),
        "--twins".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_code(&run, 2);
    assert!(
        stderr(&run).contains("line 8, column 11: no unit stands on d4"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn batch_draws_twins_beside_their_problem() {
    let dir = scratch_dir("problems-twins-batch");
    let input = dir.join("twins.inp");
    fs::write(&input, twinned("Twin Move c8 d8\nTwin Remove f2\n")).unwrap();
    let out = dir.join("out");
    let run = fen2img([
        "batch".as_ref(),
        "--twins".as_ref(),
        "-f".as_ref(),
        "ascii".as_ref(),
        input.as_os_str(),
        "--out-dir".as_ref(),
        out.as_os_str(),
    ]);
    assert_code(&run, 0);
    assert!(read(&out.join("000001.txt")).contains("#4  (5+5)"));
    assert!(read(&out.join("000001-b.txt")).contains("8  k   b   .   Q   K"));
    assert!(read(&out.join("000001-c.txt")).contains("#4  (5+4)"));
    // A twin batch refuses the problem whose twin it cannot draw, at its line.
    fs::write(&input, twinned("Twin Stipulation #3\n")).unwrap();
    let run = fen2img([
        "batch".as_ref(),
        "--twins".as_ref(),
        input.as_os_str(),
        "--out-dir".as_ref(),
        dir.join("out2").as_os_str(),
    ]);
    assert_code(&run, 2);
    assert!(
        stderr(&run).contains(&format!("{}:8:6: invalid twin", input.display())),
        "{}",
        stderr(&run)
    );
}
