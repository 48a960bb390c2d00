//! `fen2img batch --shard K/N` and `fen2img merge-manifests`: shards of a
//! run add up to the run, byte for byte, and a stopped shard completes on
//! a rerun.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::util::{assert_code, scratch_dir, stderr, POSITIONS_FILE};

use crate::util::{Fen2img, BIN};

fn run(dir: &Path, args: &[&str]) -> Output {
    Fen2img::new().current_dir(dir).args(args).output()
}

/// Every file under `dir` (relative name → bytes).
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        out.insert(
            path.file_name().unwrap().to_string_lossy().into_owned(),
            fs::read(&path).unwrap(),
        );
    }
    out
}

/// An input with blank lines, comments and a bad line among positions, so
/// that dealing by line number and by position would differ.
fn input(dir: &Path) -> String {
    let corpus = fs::read_to_string(POSITIONS_FILE).unwrap();
    let mut text = String::new();
    for (i, line) in corpus
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(23)
        .enumerate()
    {
        if i % 5 == 0 {
            text.push_str("\n# a comment\n");
        }
        if i == 7 {
            text.push_str("not a fen\n");
        }
        text.push_str(line);
        text.push('\n');
    }
    let path = dir.join("input.fen");
    fs::write(&path, text).unwrap();
    "input.fen".into()
}

#[test]
fn shards_add_up_to_a_single_run_byte_for_byte() {
    let dir = scratch_dir("shard-union");
    let input = input(&dir);
    let common = ["--name", "{n}-{hash}.{ext}", "--size", "96"];
    let single = run(
        &dir,
        &[
            &[
                "batch",
                &input,
                "--out-dir",
                "single",
                "--manifest",
                "single.jsonl",
            ],
            &common[..],
        ]
        .concat(),
    );
    assert_code(&single, 2); // the bad line
    let expected = files(&dir.join("single"));
    assert_eq!(expected.len(), 23);

    for n in [1usize, 2, 3, 7, 30] {
        let out = format!("sharded-{n}");
        let mut seen: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let mut parts = Vec::new();
        for k in 1..=n {
            let shard_dir = format!("{out}/{k}");
            let part = format!("{out}/manifest-{k:03}.jsonl");
            let shard = format!("{k}/{n}");
            let result = run(
                &dir,
                &[
                    &[
                        "batch",
                        &input,
                        "--out-dir",
                        &shard_dir,
                        "--manifest",
                        &part,
                        "--shard",
                        &shard,
                    ][..],
                    &common[..],
                ]
                .concat(),
            );
            assert!(
                matches!(result.status.code(), Some(0 | 2)),
                "{shard}: {}",
                stderr(&result)
            );
            let got = dir.join(&shard_dir);
            if got.exists() {
                for (name, bytes) in files(&got) {
                    assert!(
                        seen.insert(name.clone(), bytes).is_none(),
                        "{name} rendered twice"
                    );
                }
            }
            parts.push(part);
        }
        assert_eq!(seen, expected, "{n} shards");

        let merged = format!("{out}/manifest.jsonl");
        let mut args = vec!["merge-manifests", "-o", &merged];
        args.extend(parts.iter().map(String::as_str));
        assert_code(&run(&dir, &args), 0);
        // The manifests name each file under its own --out-dir: compare
        // with those directories taken out.
        let single = fs::read_to_string(dir.join("single.jsonl")).unwrap();
        let mut merged = fs::read_to_string(dir.join(&merged)).unwrap();
        for k in 1..=n {
            merged = merged.replace(&format!("{out}/{k}/"), "single/");
        }
        assert_eq!(merged, single, "{n} shards");
    }
}

#[test]
#[cfg(unix)]
fn a_stopped_shard_completes_its_part_when_run_again() {
    let dir = scratch_dir("shard-rerun");
    // Enough work that a stop lands in the middle on any machine.
    let corpus = fs::read_to_string(POSITIONS_FILE).unwrap();
    fs::write(dir.join("many.fen"), corpus.repeat(4)).unwrap();
    let args = [
        "batch",
        "many.fen",
        "--out-dir",
        "out",
        "--name",
        "{n}.{ext}",
        "--size",
        "720",
        "--shard",
        "2/3",
        "-j",
        "1",
        "--quiet",
    ];
    let child = Command::new(BIN)
        .current_dir(&dir)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Stop it (as a scheduler does, with SIGTERM) once it has started
    // writing; where it finished first, the rerun has nothing to do, and
    // the check below holds all the same.
    let started = Instant::now();
    while !dir
        .join("out")
        .read_dir()
        .is_ok_and(|mut d| d.next().is_some())
        && started.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status();
    let stopped = child.wait_with_output().unwrap();
    let first: Vec<String> = files(&dir.join("out")).into_keys().collect();

    let again = run(&dir, &args);
    assert_code(&again, 0);
    let names: Vec<String> = files(&dir.join("out")).into_keys().collect();
    let positions = corpus
        .repeat(4)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(names.len(), positions / 3 + usize::from(positions % 3 > 1));
    assert!(
        first.iter().all(|f| names.contains(f)),
        "{}",
        stderr(&stopped)
    );
    // The files of the first run were kept, not written again.
    let summary = stderr(&again);
    let unchanged = format!("{} unchanged", first.len());
    assert!(summary.contains(&unchanged), "{summary}");
}

#[test]
fn bad_shards_are_refused_naming_the_flag() {
    let dir = scratch_dir("shard-bad");
    fs::write(dir.join("a.fen"), "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n").unwrap();
    for (shard, says) in [
        ("0/3", "K counts from 1 to N"),
        ("4/3", "K counts from 1 to N"),
        ("3", "write K/N"),
        ("auto", "neither is set"),
    ] {
        let out = Command::new(BIN)
            .current_dir(&dir)
            .args(["batch", "a.fen", "--out-dir", "o", "--shard", shard])
            .env_remove("JOB_COMPLETION_INDEX")
            .env_remove("AWS_BATCH_JOB_ARRAY_INDEX")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(
            err.contains("--shard") && err.contains(says),
            "{shard}: {err}"
        );
        assert!(!dir.join("o").exists(), "{shard}: nothing is created");
    }
    let out = Command::new(BIN)
        .current_dir(&dir)
        .args(["batch", "a.fen", "--out-dir", "o", "--shard", "auto/4"])
        .env("JOB_COMPLETION_INDEX", "0")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert_eq!(
        files(&dir.join("o")).len(),
        1,
        "index 0 of 4 takes the first position"
    );
}

/// Runs the guide's recipe with `shards` shards of `input` in `dir`: the
/// parts under `parts/` (which does not exist before), the images under
/// `site/img`; the parts' names.
fn sharded_run(dir: &Path, input: &str, shards: usize) -> Vec<String> {
    (1..=shards)
        .map(|k| {
            let part = format!("parts/manifest-{k:03}.jsonl");
            let out = run(
                dir,
                &[
                    "batch",
                    input,
                    "--out-dir",
                    "site/img",
                    "--name",
                    "{hash}.{ext}",
                    "--size",
                    "64",
                    "--shard",
                    &format!("{k}/{shards}"),
                    "--manifest",
                    &part,
                ],
            );
            assert!(matches!(out.status.code(), Some(0 | 2)), "{}", stderr(&out));
            part
        })
        .collect()
}

#[test]
fn the_guides_recipe_runs_without_a_parts_folder() {
    let dir = scratch_dir("shard-recipe");
    let input = input(&dir);
    assert!(!dir.join("parts").exists());
    let parts = sharded_run(&dir, &input, 3);
    let mut args = vec!["merge-manifests", "-o", "site/manifest.jsonl"];
    args.extend(parts.iter().map(String::as_str));
    assert_code(&run(&dir, &args), 0);
    let merged = fs::read_to_string(dir.join("site/manifest.jsonl")).unwrap();
    // One line per position (the bad line included), none with a shard.
    assert_eq!(merged.lines().count(), 24);
    assert!(!merged.contains("\"shard\""));
    // Each part's lines carry their shard, last.
    for (k, part) in parts.iter().enumerate() {
        let text = fs::read_to_string(dir.join(part)).unwrap();
        let field = format!(",\"shard\":\"{}/3\"}}", k + 1);
        assert!(text.lines().all(|l| l.ends_with(&field)), "{text}");
    }
}

#[test]
fn merge_refuses_what_is_not_one_sharded_run_in_order() {
    // Each of these exited 0 with a wrong manifest.
    let dir = scratch_dir("shard-merge-refusals");
    let input = input(&dir);
    // (Made here so that this test does not depend on batch making it.)
    fs::create_dir_all(dir.join("parts")).unwrap();
    let parts = sharded_run(&dir, &input, 4);
    let p = |k: usize| parts[k - 1].as_str();
    let text = fs::read_to_string(dir.join(p(2))).unwrap();
    fs::write(dir.join("cut.jsonl"), &text[..text.len() - 20]).unwrap();
    fs::write(dir.join("notes.txt"), "these are not manifest lines\n").unwrap();
    let not_json = format!(
        "{}not json\n",
        text.lines().next().unwrap().to_string() + "\n"
    );
    fs::write(dir.join("half.jsonl"), not_json).unwrap();
    let last_line = text.lines().count();
    // 19 characters and the line end cut: the column after what is left.
    let cut_column = text.lines().last().unwrap().chars().count() - 18;
    for (given, refusal) in [
        (vec![p(1), p(2), p(4)], format!("{}:1:", p(4))),
        (
            vec![p(1), p(2), p(3)],
            "shard 4/4's part is missing".to_string(),
        ),
        (vec![p(1), p(1), p(2), p(3), p(4)], format!("{}:1:", p(1))),
        (vec![p(2), p(1), p(3), p(4)], format!("{}:1:", p(2))),
        (
            vec![p(1), "cut.jsonl", p(3), p(4)],
            format!("cut.jsonl:{last_line}:{cut_column}: the line has no end"),
        ),
        (
            vec!["notes.txt"],
            "notes.txt:1:2: not JSON: expected ident".to_string(),
        ),
        (
            vec![p(1), "half.jsonl", p(3), p(4)],
            "half.jsonl:2:2: not JSON: expected ident".to_string(),
        ),
    ] {
        let mut args = vec!["merge-manifests", "-o", "merged/manifest.jsonl"];
        args.extend(&given);
        let out = run(&dir, &args);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.contains(&refusal), "{given:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.join("merged").exists(), "{given:?}: nothing written");
        // Nothing on standard output either: the parts are checked first.
        args[2] = "-";
        let out = run(&dir, &args);
        assert_code(&out, 2);
        assert!(out.stdout.is_empty(), "{given:?}");
    }
}
