//! `fen2img merge-manifests PART…`: the manifest parts of a sharded batch
//! (`--shard K/N`), dealt back into the manifest one run writes.
//!
//! A shard's manifest holds one line per position it was dealt, in input
//! order, and shard K was dealt positions K-1, K-1+N, K-1+2N… So taking
//! one line from each part in turn, first part first, rebuilds the single
//! run's order exactly. The parts must be named in shard order
//! (`manifest-001.jsonl`, `manifest-002.jsonl`… sort right), and what they
//! hold is checked before a byte is written:
//!
//! - every line is a whole JSON object (a part cut mid-line has a last
//!   line without its line end) with the `source` and `line` a batch
//!   writes, and the `"shard":"K/N"` a sharded batch adds last;
//! - the i-th part named is shard i/N, and there are N parts: a part
//!   missing, given twice or out of order names the wrong shard;
//! - no part holds fewer lines than a later one, or more than one line
//!   more (a dealing's shape);
//! - within one input, line numbers only grow in the merged order.
//!
//! A refusal is one line, `PART:LINE:COLUMN: why`, exit code 2. The
//! `shard` field is taken out of each line, so the merged manifest is the
//! single run's byte for byte.
//!
//! Cost: two passes over the parts (one checks, one writes, so nothing is
//! written from parts that are refused), each line held alone.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::args::MergeArgs;
use crate::failure::{Failure, EXIT_OK};
use crate::output::{Links, Sink};

/// The longest manifest line accepted, in bytes: an input line is at most
/// 16 KiB, and its FEN, alt text and caption add a few times that.
const MAX_LINE: u64 = 1 << 20;

/// Runs `fen2img merge-manifests`; returns the exit code.
pub fn run(args: &MergeArgs) -> Result<u8, Failure> {
    // The first pass checks everything and writes nothing.
    deal(&mut open_parts(&args.parts)?, &args.parts, &mut io::sink())?;
    if let Some(dir) = Some(args.output.as_path())
        .filter(|p| p.as_os_str() != "-")
        .and_then(Path::parent)
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|e| write_failure(&args.output, &e))?;
    }
    let sink = if args.output.as_os_str() == "-" {
        Sink::stdout()
    } else {
        Sink::create(&args.output, Links::Follow).map_err(|e| write_failure(&args.output, &e))?
    };
    let mut out = BufWriter::new(sink);
    deal(&mut open_parts(&args.parts)?, &args.parts, &mut out)?;
    let sink = out
        .into_inner()
        .map_err(|e| write_failure(&args.output, e.error()))?;
    sink.finish().map_err(|e| write_failure(&args.output, &e))?;
    Ok(EXIT_OK)
}

/// Opens every part (regular files only).
fn open_parts(paths: &[PathBuf]) -> Result<Vec<BufReader<File>>, Failure> {
    let mut parts = Vec::with_capacity(paths.len());
    for path in paths {
        let file = File::open(path).map_err(|e| read_failure(path, &e))?;
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(Failure::io(format!(
                "cannot read manifest part '{}': not a regular file",
                path.display()
            )));
        }
        parts.push(BufReader::new(file));
    }
    Ok(parts)
}

/// What the lines read so far say, to check the next against.
#[derive(Default)]
struct Seen {
    /// The shard count of the run, from the first line that names it.
    count: Option<u64>,
    /// The merged manifest's last `source` and `line`.
    last: Option<(String, u64)>,
}

/// Writes one line of each part in turn until all are empty, checking
/// each line and that the parts are a dealing (see the module's header).
fn deal(
    parts: &mut [impl BufRead],
    names: &[PathBuf],
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut line = Vec::new();
    let mut seen = Seen::default();
    // The first part that ran out, with the round it ran out in.
    let mut ended: Option<usize> = None;
    for round in 0u64.. {
        for (k, part) in parts.iter_mut().enumerate() {
            line.clear();
            let got = Read::take(&mut *part, MAX_LINE + 1)
                .read_until(b'\n', &mut line)
                .map_err(|e| read_failure(&names[k], &e))?;
            match (got, ended) {
                (0, None) => ended = Some(k),
                (0, Some(_)) => {}
                (_, Some(first)) => {
                    return Err(Failure::invalid(format!(
                        "manifest parts are not one sharded run in shard order: '{}' has more \
                         lines than '{}' before it (name the parts 1/N first)",
                        names[k].display(),
                        names[first].display()
                    )))
                }
                (n, None) if n as u64 > MAX_LINE => {
                    return Err(at(
                        &names[k],
                        round + 1,
                        1,
                        &format!(
                            "the line is longer than {MAX_LINE} bytes: not a fen2img manifest"
                        ),
                    ))
                }
                (_, None) => {
                    let kept = check(&line, k, names, round + 1, &mut seen)?;
                    out.write_all(kept)
                        .and_then(|()| out.write_all(b"}\n"))
                        .map_err(|e| Failure::io(format!("cannot write the manifest: {e}")))?;
                }
            }
        }
        match ended {
            // Every part ended in this round: done. A part that ended in
            // the round before a later one still had lines is caught above
            // (it is the `(_, Some(first))` arm of this round).
            Some(0) => break,
            Some(_) => {
                // Parts after the first empty one must be empty from the
                // next round on; one more round checks it.
                for (k, part) in parts.iter_mut().enumerate() {
                    line.clear();
                    let got = Read::take(&mut *part, 1)
                        .read_until(b'\n', &mut line)
                        .map_err(|e| read_failure(&names[k], &e))?;
                    if got > 0 {
                        return Err(Failure::invalid(format!(
                            "manifest parts are not one sharded run in shard order: '{}' has \
                             more than one line more than '{}' (name the parts 1/N first)",
                            names[k].display(),
                            names[ended.unwrap_or(0)].display()
                        )));
                    }
                }
                break;
            }
            None => {}
        }
    }
    match seen.count {
        Some(count) if count != names.len() as u64 => {
            let missing = names.len() as u64 + 1;
            Err(Failure::invalid(if count > names.len() as u64 {
                format!(
                    "the parts are of a run of {count} shards, and {} were given: shard \
                     {missing}/{count}'s part is missing",
                    names.len()
                )
            } else {
                format!(
                    "the parts are of a run of {count} shards, and {} were given: '{}' is one \
                     too many",
                    names.len(),
                    names[count as usize].display()
                )
            }))
        }
        _ => Ok(()),
    }
}

/// Checks one line (1-based `number` of part `k`) and returns it up to
/// its `shard` field: the object without that field, less its closing
/// brace.
fn check<'l>(
    line: &'l [u8],
    k: usize,
    names: &[PathBuf],
    number: u64,
    seen: &mut Seen,
) -> Result<&'l [u8], Failure> {
    let name = &names[k];
    let Some(body) = line.strip_suffix(b"\n") else {
        let column = String::from_utf8_lossy(line).chars().count() + 1;
        return Err(at(
            name,
            number,
            column,
            "the line has no end: the part was cut mid-line (a shard still running, or a full \
             disk?)",
        ));
    };
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        let why = e.to_string();
        let why = why.split(" at line ").next().unwrap_or(&why);
        at(name, number, e.column().max(1), &format!("not JSON: {why}"))
    })?;
    let column_of = |key: &str| column_of_key(body, key);
    let source = value.get("source").and_then(Value::as_str);
    let input_line = value.get("line").and_then(Value::as_u64);
    let (Some(source), Some(input_line)) = (source, input_line) else {
        return Err(at(
            name,
            number,
            1,
            "not a line of a fen2img batch manifest (no \"source\" and \"line\")",
        ));
    };
    let Some(shard) = value.get("shard").and_then(Value::as_str) else {
        return Err(at(
            name,
            number,
            1,
            "no \"shard\" field: not a part of a sharded run (`fen2img batch --shard K/N \
             --manifest PART` writes one)",
        ));
    };
    let shard_column = column_of("shard");
    let (index, count) = shard
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .filter(|&(i, n)| i >= 1 && i <= n)
        .ok_or_else(|| {
            at(
                name,
                number,
                shard_column,
                &format!("\"shard\" is '{}', not K/N", clipped(shard)),
            )
        })?;
    match seen.count {
        Some(run) if run != count => {
            return Err(at(
                name,
                number,
                shard_column,
                &format!("this part is of a run of {count} shards, the parts before it of {run}"),
            ))
        }
        _ => seen.count = Some(count),
    }
    let place = k as u64 + 1;
    if index != place {
        let why = if index < place {
            format!(
                "this part is shard {index}/{count}, and so is '{}', part {index}: a part given \
                 twice (name each part once, 1/{count} first)",
                names[index as usize - 1].display()
            )
        } else {
            format!(
                "this part is shard {index}/{count}, but it is part {place} of those given: a \
                 part missing or out of order (name the parts 1/{count} to {count}/{count} in \
                 order)"
            )
        };
        return Err(at(name, number, shard_column, &why));
    }
    if let Some((last_source, last_line)) = &seen.last {
        if last_source == source && input_line <= *last_line {
            return Err(at(
                name,
                number,
                column_of("line"),
                &format!(
                    "line {input_line} of '{}' comes after its line {last_line}: the parts are \
                     not one run dealt in order",
                    clipped(source)
                ),
            ));
        }
    }
    seen.last = Some((source.to_string(), input_line));
    // The field as a sharded batch writes it: last, in compact JSON.
    let suffix = format!(",\"shard\":\"{index}/{count}\"}}");
    body.strip_suffix(suffix.as_bytes()).ok_or_else(|| {
        at(
            name,
            number,
            shard_column,
            "the \"shard\" field is not the last as fen2img writes it: was the part rewritten?",
        )
    })
}

/// The 1-based column (characters) of the value after `"key":` in
/// `body`, or 1.
fn column_of_key(body: &[u8], key: &str) -> usize {
    let needle = format!("\"{key}\":");
    body.windows(needle.len())
        .position(|w| w == needle.as_bytes())
        .map_or(1, |i| {
            String::from_utf8_lossy(&body[..i + needle.len()])
                .chars()
                .count()
                + 1
        })
}

/// User text in a message, cut to 40 characters (the message is escaped
/// where it is printed).
fn clipped(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    let more = if text.chars().count() > 40 { "..." } else { "" };
    format!("{cut}{more}")
}

/// `PART:LINE:COLUMN: why` as a refusal.
fn at(part: &Path, line: u64, column: usize, why: &str) -> Failure {
    Failure::invalid(format!("{}:{line}:{column}: {why}", part.display()))
}

fn read_failure(path: &Path, e: &io::Error) -> Failure {
    Failure::io(format!(
        "cannot read manifest part '{}': {e}",
        path.display()
    ))
}

fn write_failure(path: &Path, e: &io::Error) -> Failure {
    Failure::io(format!("cannot write manifest '{}': {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line `line` of `input.fen` as shard `k` of `n` writes it.
    fn entry(line: u64, k: u64, n: u64) -> String {
        format!(
            "{{\"source\":\"input.fen\",\"line\":{line},\"input\":\"x\",\"shard\":\"{k}/{n}\"}}\n"
        )
    }

    /// The parts of a run of `lines` positions (input lines 1, 2, ...)
    /// dealt to `n` shards.
    fn dealt(lines: u64, n: u64) -> Vec<String> {
        (1..=n)
            .map(|k| {
                (1..=lines)
                    .filter(|l| (l - 1) % n == k - 1)
                    .map(|l| entry(l, k, n))
                    .collect()
            })
            .collect()
    }

    fn merge(parts: &[&str]) -> Result<String, Failure> {
        let names: Vec<PathBuf> = (1..=parts.len())
            .map(|k| PathBuf::from(format!("part{k}")))
            .collect();
        let mut readers: Vec<&[u8]> = parts.iter().map(|p| p.as_bytes()).collect();
        let mut out = Vec::new();
        deal(&mut readers, &names, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    fn refusal(parts: &[&str]) -> String {
        match merge(parts) {
            Ok(out) => panic!("accepted: {out}"),
            Err(e) => {
                assert_eq!(e.code, crate::failure::EXIT_INVALID, "{}", e.message);
                e.message
            }
        }
    }

    #[test]
    fn parts_are_dealt_back_in_order_without_their_shard_field() {
        let parts = dealt(7, 3);
        let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
        let single: String = (1..=7)
            .map(|l| format!("{{\"source\":\"input.fen\",\"line\":{l},\"input\":\"x\"}}\n"))
            .collect();
        assert_eq!(merge(&refs).unwrap(), single);
        // More shards than positions: the last parts are empty.
        let parts = dealt(2, 4);
        let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
        assert_eq!(merge(&refs).unwrap().lines().count(), 2);
        assert_eq!(merge(&["", "", ""]).unwrap(), "");
    }

    #[test]
    fn a_missing_part_is_refused() {
        let parts = dealt(12, 4);
        // Part 3 of 4 left out: every part as long as the others.
        let e = refusal(&[&parts[0], &parts[1], &parts[3]]);
        assert!(
            e.starts_with("part3:1:") && e.contains("shard 4/4, but it is part 3"),
            "{e}"
        );
        // The last part left out.
        let e = refusal(&[&parts[0], &parts[1], &parts[2]]);
        assert!(
            e.contains("run of 4 shards, and 3 were given: shard 4/4's part is missing"),
            "{e}"
        );
    }

    #[test]
    fn a_part_given_twice_or_out_of_order_is_refused() {
        let parts = dealt(12, 3);
        let e = refusal(&[&parts[0], &parts[0], &parts[2]]);
        assert!(
            e.starts_with("part2:1:") && e.contains("a part given twice"),
            "{e}"
        );
        let e = refusal(&[&parts[1], &parts[0], &parts[2]]);
        assert!(
            e.starts_with("part1:1:") && e.contains("out of order"),
            "{e}"
        );
        let e = refusal(&[&parts[0], &parts[1], &parts[2], &parts[2]]);
        assert!(e.starts_with("part4:1:"), "{e}");
    }

    #[test]
    fn a_part_cut_mid_line_is_refused_at_the_cut() {
        let parts = dealt(6, 2);
        let cut = &parts[1][..parts[1].len() - 10];
        let e = refusal(&[&parts[0], cut]);
        let column = cut.lines().last().unwrap().chars().count() + 1;
        assert_eq!(
            e,
            format!(
                "part2:3:{column}: the line has no end: the part was cut mid-line (a shard \
                 still running, or a full disk?)"
            )
        );
        // Cut just before its line end: a whole object, still cut.
        let e = refusal(&[&parts[0], parts[1].trim_end()]);
        assert!(
            e.starts_with("part2:3:") && e.contains("cut mid-line"),
            "{e}"
        );
    }

    #[test]
    fn files_that_are_not_sharded_manifests_are_refused_with_their_place() {
        let parts = dealt(4, 2);
        assert_eq!(
            refusal(&["a\nb\n", &parts[1]]),
            "part1:1:1: not JSON: expected value"
        );
        assert_eq!(
            refusal(&[&parts[0], "{\"source\":\"x\",\"line\":1,\n"]),
            "part2:1:23: not JSON: EOF while parsing a value"
        );
        assert!(refusal(&["[1,2]\n", ""]).contains("no \"source\" and \"line\""));
        let unsharded = "{\"source\":\"input.fen\",\"line\":1,\"input\":\"x\"}\n";
        assert!(refusal(&[unsharded, ""]).contains("no \"shard\" field"));
        let moved = "{\"shard\":\"1/1\",\"source\":\"input.fen\",\"line\":1}\n";
        assert_eq!(
            refusal(&[moved]),
            "part1:1:10: the \"shard\" field is not the last as fen2img writes it: was the part \
             rewritten?"
        );
        let other_run = entry(2, 2, 3);
        let e = refusal(&[&parts[0], &other_run]);
        assert!(
            e.contains("run of 3 shards, the parts before it of 2"),
            "{e}"
        );
    }

    #[test]
    fn line_numbers_that_go_back_are_refused() {
        // Part 1 was edited: its two lines swapped.
        let swapped = format!("{}{}", entry(3, 1, 2), entry(1, 1, 2));
        let e = refusal(&[&swapped, &dealt(4, 2)[1]]);
        assert!(
            e.starts_with("part2:1:30: line 2 of 'input.fen' comes after its line 3"),
            "{e}"
        );
    }
}
