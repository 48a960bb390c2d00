//! The pre-pass that refuses a run where two lines would write one file
//! with different content, before anything is written.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use fen2img::{parse, ParseOptions};

use super::lines::Inputs;
use super::Context;
use crate::failure::Failure;

/// Lines read at a time by the pre-pass.
const CHUNK: usize = 512;

/// The first line that names a file, as the collision check remembers it.
struct SeenName {
    /// Hash of the canonical FEN: the same position writes the same bytes.
    fen: u64,
    source: u32,
    line: u32,
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
/// The check keeps a hash of each name and position and where the line is
/// (24 bytes of entry, about 80 MB peak with the hash table's slack and
/// growth for a million lines, see the README), not the names themselves;
/// rendering itself runs in constant memory. Templates with `{n}` need no
/// check. Counts the lines as it goes, for the progress bar.
pub fn check_unique_names(inputs: &mut Inputs, ctx: &Context) -> Result<(), Failure> {
    let mut seen: HashMap<u64, SeenName> = HashMap::new();
    let mut reader = inputs.lines();
    let mut total = 0u64;
    loop {
        let chunk = reader.next_chunk(CHUNK)?;
        if chunk.is_empty() {
            break;
        }
        for line in chunk {
            total += 1;
            let Ok(record) = parse(&line.text, ParseOptions { strict: ctx.strict }) else {
                continue; // reported when rendering
            };
            let fen = record.position.to_string();
            let name =
                ctx.template
                    .expand(line.n, record.id(), &fen, ctx.options_digest, ctx.format);
            let fen_hash = hash(fen.as_bytes());
            match seen.entry(hash(name.as_bytes())) {
                Entry::Occupied(first) => {
                    let first = first.get();
                    if first.fen != fen_hash {
                        return Err(Failure::invalid(format!(
                            "{}:{}: would write '{name}' again, already written for {}:{}; \
                             nothing was written (use {{n}} or {{hash}} in --name)",
                            reader.name(line.source),
                            line.number,
                            reader.name(first.source as usize),
                            first.line
                        )));
                    }
                }
                Entry::Vacant(v) => {
                    v.insert(SeenName {
                        fen: fen_hash,
                        source: line.source as u32,
                        line: line.number as u32,
                    });
                }
            }
        }
    }
    drop(reader);
    inputs.total = Some(total);
    Ok(())
}
