//! The pre-pass that refuses a run where two lines would write one file
//! with different content, before anything is written.

use std::hash::{DefaultHasher, Hash, Hasher};

use fen2img_render::{parse, ParseOptions};

use super::lines::Inputs;
use super::Context;
use crate::failure::Failure;

/// Lines read at a time by the pre-pass.
const CHUNK: usize = 512;

/// One line that names a file, as the collision check remembers it:
/// 24 bytes, whatever the name's length.
#[derive(Clone, Copy)]
struct Seen {
    /// Hash of the file name.
    name: u64,
    /// Hash of the canonical FEN: the same position writes the same bytes.
    fen: u64,
    /// Where the line is, which also orders lines as the input does.
    source: u32,
    line: u32,
}

impl Seen {
    fn place(&self) -> (u32, u32) {
        (self.source, self.line)
    }
}

/// A 64-bit hash of a name or position (kept instead of the text). It never
/// leaves the process, so std's hasher is fine here.
fn hash(bytes: &[u8]) -> u64 {
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Fails if two lines would write the same file with different content.
/// Lines whose name and canonical position agree write identical bytes
/// (a `{hash}` template's whole point), so they are allowed.
///
/// The check keeps 24 bytes a line in one array (hashes of the name and the
/// position, and where the line is), not the names themselves, sorts it and
/// compares neighbours: a million lines peak at about 28 MB, where a hash
/// table took 81 MB (its slack and its growth). Rendering itself runs in
/// constant memory. Templates with `{n}` need no check. Counts the lines
/// as it goes, for the progress bar.
pub fn check_unique_names(inputs: &mut Inputs, ctx: &Context) -> Result<(), Failure> {
    let mut seen: Vec<Seen> = Vec::new();
    let mut total = 0u64;
    for_each_name(inputs, ctx, |line, name, fen| {
        total += 1;
        if let Some(fen) = fen {
            seen.push(Seen {
                name: hash(name.as_bytes()),
                fen: hash(fen.as_bytes()),
                source: line.source as u32,
                line: line.number as u32,
            });
        }
        None::<()>
    })?;
    inputs.total = Some(total);
    let Some((clash, first)) = first_clash(seen) else {
        return Ok(());
    };
    // The hashes say where; the message wants the name, so read up to it.
    let found = for_each_name(inputs, ctx, |line, name, _| {
        ((line.source as u32, line.number as u32) == clash.place()).then(|| name.to_string())
    })?;
    let name = found.unwrap_or_default();
    let reader = inputs.lines();
    Err(Failure::invalid(format!(
        "{}:{}: would write '{name}' again, already written for {}:{}; \
         nothing was written (use {{n}} or {{hash}} in --name)",
        reader.name(clash.source as usize),
        clash.line,
        reader.name(first.source as usize),
        first.line
    )))
}

/// The earliest line (in input order) whose name an earlier line took for
/// another position, with the earliest line of that name.
fn first_clash(mut seen: Vec<Seen>) -> Option<(Seen, Seen)> {
    seen.sort_unstable_by_key(|s| (s.name, s.place()));
    let mut clash: Option<(Seen, Seen)> = None;
    for group in seen.chunk_by(|a, b| a.name == b.name) {
        let first = group[0];
        if let Some(other) = group.iter().find(|s| s.fen != first.fen) {
            if clash.is_none_or(|(c, _)| other.place() < c.place()) {
                clash = Some((*other, first));
            }
        }
    }
    clash
}

/// Reads every line, calling `visit` with the line, its file name and its
/// canonical FEN (`None`, with an empty name, when it does not parse: it is
/// reported when rendering). Stops at the first `Some` that `visit` returns.
fn for_each_name<T>(
    inputs: &Inputs,
    ctx: &Context,
    mut visit: impl FnMut(&super::lines::Line, &str, Option<&str>) -> Option<T>,
) -> Result<Option<T>, Failure> {
    let mut reader = inputs.lines();
    loop {
        let chunk = reader.next_chunk(CHUNK)?;
        if chunk.is_empty() {
            return Ok(None);
        }
        for line in chunk {
            let found = match parse(&line.text, ParseOptions::default().with_strict(ctx.strict)) {
                Ok(record) => {
                    let fen = record.position.to_string();
                    let around = ctx.line_around(line.n, record.caption());
                    let name = ctx.template.expand(
                        line.n,
                        record.id(),
                        &fen,
                        ctx.digest_for(&around),
                        ctx.extension(),
                    );
                    visit(&line, &name, Some(&fen))
                }
                Err(_) => visit(&line, "", None),
            };
            if found.is_some() {
                return Ok(found);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(name: u64, fen: u64, line: u32) -> Seen {
        Seen {
            name,
            fen,
            source: 0,
            line,
        }
    }

    #[test]
    fn the_earliest_clash_is_found_whatever_the_order() {
        let lines = vec![
            seen(7, 1, 1),
            seen(9, 5, 2),
            seen(7, 1, 3), // the same position again: allowed
            seen(9, 6, 4), // the first clash
            seen(7, 2, 5), // a later one
        ];
        for rotation in 0..lines.len() {
            let mut l = lines.clone();
            l.rotate_left(rotation);
            let (clash, first) = first_clash(l).unwrap();
            assert_eq!((clash.line, first.line), (4, 2));
        }
        assert!(first_clash(vec![seen(1, 1, 1), seen(1, 1, 2), seen(2, 3, 3)]).is_none());
        let across = vec![
            Seen {
                source: 1,
                ..seen(3, 1, 1)
            },
            seen(3, 2, 9),
        ];
        let (clash, first) = first_clash(across).unwrap();
        assert_eq!((clash.source, first.source), (1, 0), "earlier input first");
    }
}
