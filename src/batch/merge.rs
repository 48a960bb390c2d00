//! `fen2img merge-manifests PART…`: the manifest parts of a sharded batch
//! (`--shard K/N`), dealt back into the manifest one run writes.
//!
//! A shard's manifest holds one line per position it was dealt, in input
//! order, and shard K was dealt positions K-1, K-1+N, K-1+2N… So taking
//! one line from each part in turn, first part first, rebuilds the single
//! run's order exactly; no line carries a number to sort by, and none is
//! needed. The parts must be named in shard order (`manifest-001.jsonl`,
//! `manifest-002.jsonl`… sort right): dealing also means that no part may
//! hold fewer lines than a later one, or more than one line more, which
//! catches parts given out of order or missing.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use crate::failure::{Failure, EXIT_OK};
use crate::output::{Links, Sink};

/// The longest manifest line accepted, in bytes: an input line is at most
/// 16 KiB, and its FEN, alt text and caption add a few times that.
const MAX_LINE: u64 = 1 << 20;

/// `fen2img merge-manifests` arguments.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' manifests, in shard order (1/N first).
    #[arg(value_name = "PART", required = true)]
    pub parts: Vec<PathBuf>,

    /// Where to write the merged manifest (`-`, the default: standard output).
    #[arg(short, long, value_name = "PATH", default_value = "-")]
    pub output: PathBuf,
}

/// Runs `fen2img merge-manifests`; returns the exit code.
pub fn run(args: &MergeArgs) -> Result<u8, Failure> {
    let mut parts = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        let file = File::open(path).map_err(|e| read_failure(path, &e))?;
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(Failure::io(format!(
                "cannot read manifest part '{}': not a regular file",
                path.display()
            )));
        }
        parts.push(BufReader::new(file));
    }
    let sink = if args.output.as_os_str() == "-" {
        Sink::stdout()
    } else {
        Sink::create(&args.output, Links::Follow).map_err(|e| write_failure(&args.output, &e))?
    };
    let mut out = BufWriter::new(sink);
    deal(&mut parts, &args.parts, &mut out)?;
    let sink = out
        .into_inner()
        .map_err(|e| write_failure(&args.output, e.error()))?;
    sink.finish().map_err(|e| write_failure(&args.output, &e))?;
    Ok(EXIT_OK)
}

/// Writes one line of each part in turn until all are empty, checking
/// that the parts are a dealing (see the module's header).
fn deal(
    parts: &mut [impl BufRead],
    names: &[PathBuf],
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut line = Vec::new();
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
                    return Err(Failure::invalid(format!(
                        "'{}': line {} is longer than {MAX_LINE} bytes: not a fen2img manifest",
                        names[k].display(),
                        round + 1
                    )))
                }
                (_, None) => {
                    if !line.ends_with(b"\n") {
                        line.push(b'\n');
                    }
                    out.write_all(&line)
                        .map_err(|e| Failure::io(format!("cannot write the manifest: {e}")))?;
                }
            }
        }
        match ended {
            // Every part ended in this round: done. A part that ended in
            // the round before a later one still had lines is caught above
            // (it is the `(_, Some(first))` arm of this round).
            Some(0) => return Ok(()),
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
                return Ok(());
            }
            None => {}
        }
    }
    Ok(())
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

    fn merge(parts: &[&str]) -> Result<String, Failure> {
        let names: Vec<PathBuf> = (1..=parts.len())
            .map(|k| PathBuf::from(format!("part{k}")))
            .collect();
        let mut readers: Vec<&[u8]> = parts.iter().map(|p| p.as_bytes()).collect();
        let mut out = Vec::new();
        deal(&mut readers, &names, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn parts_are_dealt_back_in_order() {
        assert_eq!(
            merge(&["a\nd\ng\n", "b\ne\n", "c\nf\n"]).unwrap(),
            "a\nb\nc\nd\ne\nf\ng\n"
        );
        assert_eq!(merge(&["a\n", "", ""]).unwrap(), "a\n");
        assert_eq!(merge(&["", "", ""]).unwrap(), "");
        assert_eq!(merge(&["a\nc", "b\n"]).unwrap(), "a\nb\nc\n");
    }

    #[test]
    fn parts_out_of_order_or_missing_lines_are_refused() {
        let e = merge(&["b\n", "a\nc\n"]).unwrap_err();
        assert!(
            e.message.contains("'part2' has more lines than 'part1'"),
            "{}",
            e.message
        );
        let e = merge(&["a\nc\ne\n", "b\n"]).unwrap_err();
        assert!(
            e.message.contains("more than one line more"),
            "{}",
            e.message
        );
    }
}
