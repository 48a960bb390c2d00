//! `fen2img batch --shard K/N` and `fen2img merge-manifests`: shards of a
//! run add up to the run, byte for byte, and a stopped shard completes on
//! a rerun.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{assert_code, scratch_dir, stderr, POSITIONS_FILE};

const BIN: &str = env!("CARGO_BIN_EXE_fen2img");

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
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
