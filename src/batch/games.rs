//! `fen2img batch games.pgn --out-dir d`: one diagram per game (its final
//! position, or one per diagram marker with `--markers`), named from the
//! game's tags (`--name '{white}-{black}-{round}.{ext}'`), with a manifest
//! line per diagram holding the game's tags and the ply. A game that cannot
//! be read or drawn is reported (placed, with a caret) and skipped; the
//! others still render.
//!
//! Games are read one after the other (the reader holds one game at a
//! time) and drawn in chunks in parallel, each chunk's results handled in
//! game order, so names, messages and the manifest do not depend on `-j`.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use fen2img_render::chess::game::pgn::{read_games, PgnOptions};
use fen2img_render::chess::game::Selector;
use fen2img_render::chess::quote::escape;
use fen2img_render::{Format, RenderOptions, Renderer};

use super::manifest::JsonLines;
use super::names::safe_id;
use super::BatchArgs;
use crate::failure::{Failure, EXIT_FAILURE, EXIT_INVALID, EXIT_OK};
use crate::output::read::read_regular;
use crate::output::{signals, write_if_changed, Links, WriteOutcome};
use fen2img_games::input::MAX_PGN_LEN;
use fen2img_games::{diagrams_of, CaptionStyle, GameDiagram, GameError, GameOptions, Pick};

/// Games drawn together: enough to keep the threads busy, few enough
/// that a file of 100,000 games is never held drawn at once.
const CHUNK: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The game's number over the run, zero-padded (also `{id}`).
    N,
    /// A tag's value made safe for a file name.
    Tag(&'static str),
    /// The ply of the diagram.
    Ply,
    /// The format's extension.
    Ext,
}

/// A piece of a `--name` template for games: a literal or a placeholder.
enum Piece {
    Literal(String),
    Part(Part),
}

/// Parses `--name` for games: only safe literal characters and the
/// placeholders, so a name never leaves the directory.
fn parse_names(text: &str) -> Result<Vec<Piece>, Failure> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            pieces.push(Piece::Literal(rest[..open].to_string()));
        }
        let close = rest[open..].find('}').ok_or_else(|| {
            Failure::invalid(format!("--name '{}': '{{' without '}}'", escape(text)))
        })? + open;
        let part = match &rest[open + 1..close] {
            "n" | "id" => Part::N,
            "white" => Part::Tag("White"),
            "black" => Part::Tag("Black"),
            "round" => Part::Tag("Round"),
            "event" => Part::Tag("Event"),
            "site" => Part::Tag("Site"),
            "date" => Part::Tag("Date"),
            "ply" => Part::Ply,
            "ext" => Part::Ext,
            other => {
                return Err(Failure::invalid(format!(
                    "--name '{}': unknown placeholder {{{}}} for games; use {{n}}, {{white}}, \
                         {{black}}, {{round}}, {{event}}, {{site}}, {{date}}, {{ply}} or {{ext}}",
                    escape(text),
                    escape(other)
                )))
            }
        };
        pieces.push(Piece::Part(part));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Literal(rest.to_string()));
    }
    for p in &pieces {
        if let Piece::Literal(l) = p {
            let safe = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ');
            if !l.chars().all(safe) || l.contains("..") {
                return Err(Failure::invalid(format!(
                    "--name '{}': only letters, digits, '.', '-', '_' and spaces may stand \
                         outside placeholders (no '/', no '..')",
                    escape(text)
                )));
            }
        }
    }
    if pieces.is_empty() {
        return Err(Failure::invalid("--name is empty"));
    }
    Ok(pieces)
}

/// The file name of `diagram`, game `n`, from `pieces`.
fn expand(
    pieces: &[Piece],
    n: usize,
    tags: &[(String, String)],
    diagram: &GameDiagram,
    format: Format,
) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(l) => out.push_str(l),
            Piece::Part(Part::N) => out.push_str(&format!("{n:06}")),
            Piece::Part(Part::Tag(name)) => {
                let value = tags
                    .iter()
                    .find(|(t, _)| t.eq_ignore_ascii_case(name))
                    .map(|(_, v)| v.trim());
                out.push_str(&value.and_then(safe_id).unwrap_or_else(|| "unknown".into()));
            }
            Piece::Part(Part::Ply) => out.push_str(&diagram.ply.to_string()),
            Piece::Part(Part::Ext) => out.push_str(format.extension()),
        }
    }
    // A name made only of dots would not be a file.
    if out.trim_matches('.').is_empty() {
        out = format!("{n:06}");
    }
    out
}

/// One manifest line; fields in this order, absent ones left out.
#[derive(Serialize)]
struct Entry<'a> {
    source: &'a str,
    game: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<serde_json::Map<String, serde_json::Value>>,
}

impl Entry<'_> {
    fn new(source: &str, game: usize) -> Entry<'_> {
        Entry {
            source,
            game,
            ply: None,
            r#move: None,
            fen: None,
            output: None,
            status: None,
            line: None,
            column: None,
            error: None,
            tags: None,
        }
    }
}

/// What became of one game.
enum Drawn {
    /// Its diagrams (each with its file name and bytes, or the render's
    /// error), its tags and the reader's warnings.
    Diagrams {
        items: Vec<(GameDiagram, String, Result<Vec<u8>, String>)>,
        tags: Vec<(String, String)>,
        warnings: Vec<String>,
    },
    /// It could not be read or its positions picked.
    Failed(GameError),
}

/// Counts for the summary line and the exit code.
#[derive(Default)]
struct Tally {
    written: usize,
    unchanged: usize,
    invalid: usize,
    io: usize,
}

/// Whether every input is a `.pgn` file (then `batch` draws games).
pub fn all_pgn(inputs: &[PathBuf]) -> bool {
    !inputs.is_empty()
        && inputs
            .iter()
            .all(|p| fen2img_games::input::is_pgn_path(p.as_os_str().as_encoded_bytes()))
}

/// Draws every game of the PGN inputs; the exit code.
pub fn run(args: &BatchArgs, format: Format, options: &RenderOptions) -> Result<u8, Failure> {
    let name = crate::args::text::utf8("--name", &args.name)?;
    let pieces = parse_names(name)?;
    let names_ply = pieces.iter().any(|p| matches!(p, Piece::Part(Part::Ply)));
    if args.markers && !names_ply {
        return Err(Failure::invalid(
            "--markers draws several diagrams a game: put {ply} in --name, e.g. \
             --name '{white}-{black}-{round}-{ply}.{ext}'",
        ));
    }
    if args.shard.is_some() {
        return Err(Failure::invalid("--shard deals out FEN lines, not games"));
    }
    // Every input is read before anything is created: a missing one
    // leaves nothing behind.
    let mut texts = Vec::new();
    for path in &args.inputs {
        let bytes = read_regular(path, MAX_PGN_LEN as u64)
            .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
        texts.push((path.display().to_string(), bytes));
    }
    super::create_out_dir(&args.out_dir)?;
    let game_options = GameOptions {
        strict: args.render.strict,
        game: 1,
        pick: if args.markers {
            Pick::Markers
        } else {
            Pick::One(Selector::Final)
        },
        caption: if args.render.caption.as_deref().is_some_and(|c| c == "auto") {
            CaptionStyle::Move
        } else {
            CaptionStyle::None
        },
        figurine: false,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    let renderers: Vec<Mutex<Renderer>> = (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(Renderer::new(options.clone())))
        .collect();
    let mut manifest = match &args.manifest {
        Some(path) => Some(JsonLines::create(path)?),
        None => None,
    };
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut used: HashMap<String, (usize, usize)> = HashMap::new();
    let mut n = 0usize;
    let _graceful = signals::mode(true);
    let pgn = PgnOptions::default().with_strict(args.render.strict);
    for (source, text) in &texts {
        let mut games = read_games(text, pgn);
        loop {
            if signals::stop_requested().is_some() {
                break;
            }
            let chunk: Vec<_> = games.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let first = n + 1;
            n += chunk.len();
            let drawn: Vec<(usize, Drawn)> = pool.install(|| {
                chunk
                    .par_iter()
                    .enumerate()
                    .map(|(i, read)| {
                        let number = first + i;
                        let found = match read {
                            Err(e) => {
                                return (
                                    number,
                                    Drawn::Failed(GameError::from_pgn(source, text, e)),
                                )
                            }
                            Ok(game) => diagrams_of(game, source, text, &game_options),
                        };
                        match found {
                            Err(e) => (number, Drawn::Failed(e)),
                            Ok(found) => {
                                let slot =
                                    rayon::current_thread_index().unwrap_or(0) % renderers.len();
                                let mut renderer =
                                    renderers[slot].lock().unwrap_or_else(|p| p.into_inner());
                                let items = found
                                    .diagrams
                                    .into_iter()
                                    .map(|d| {
                                        let file = expand(&pieces, number, &found.tags, &d, format);
                                        let mut o = options.clone();
                                        d.apply(&mut o.diagram);
                                        renderer.set_options(o);
                                        let bytes =
                                            renderer.render(&d.position).map_err(|e| e.to_string());
                                        (d, file, bytes)
                                    })
                                    .collect();
                                let drawn = Drawn::Diagrams {
                                    items,
                                    tags: found.tags,
                                    warnings: found.warnings,
                                };
                                (number, drawn)
                            }
                        }
                    })
                    .collect()
            });
            for (number, drawn) in drawn {
                let mut run = Handled {
                    out_dir: &args.out_dir,
                    used: &mut used,
                    tally: &mut tally,
                    manifest: manifest.as_mut(),
                };
                run.handle(source, number, drawn)?;
            }
        }
    }
    if let Some(m) = manifest.take() {
        m.finish()?;
    }
    let stopped = signals::stop_requested();
    eprintln!(
        "fen2img: {} written, {} unchanged, {} failed in {:.2} s{}",
        tally.written,
        tally.unchanged,
        tally.invalid + tally.io,
        started.elapsed().as_secs_f64(),
        if stopped.is_some() {
            " (interrupted)"
        } else {
            ""
        }
    );
    Ok(match stopped {
        Some(code) => code,
        None if tally.io > 0 => EXIT_FAILURE,
        None if tally.invalid > 0 => EXIT_INVALID,
        None => EXIT_OK,
    })
}

/// Where one game's outcome goes, in game order.
struct Handled<'a> {
    out_dir: &'a Path,
    /// File names written so far: the game and ply of each.
    used: &'a mut HashMap<String, (usize, usize)>,
    tally: &'a mut Tally,
    manifest: Option<&'a mut JsonLines>,
}

impl Handled<'_> {
    /// Reports, writes and records game `number`'s outcome.
    fn handle(&mut self, source: &str, number: usize, drawn: Drawn) -> Result<(), Failure> {
        let (items, tags, warnings) = match drawn {
            Drawn::Failed(e) => {
                report(&e.to_string(), e.caret.as_deref());
                self.tally.invalid += 1;
                if let Some(m) = self.manifest.as_deref_mut() {
                    let mut entry = Entry::new(source, e.game.unwrap_or(number));
                    entry.line = (e.line > 0).then_some(e.line);
                    entry.column = (e.column > 0).then_some(e.column);
                    entry.error = Some(e.to_string());
                    m.write(&entry)?;
                }
                return Ok(());
            }
            Drawn::Diagrams {
                items,
                tags,
                warnings,
            } => (items, tags, warnings),
        };
        for w in &warnings {
            eprintln!("fen2img: warning: {}", escape(w));
        }
        let tags: serde_json::Map<String, serde_json::Value> = tags
            .into_iter()
            .map(|(k, v)| (k, serde_json::Value::String(v)))
            .collect();
        for (diagram, file, bytes) in items {
            let mut entry = Entry::new(source, number);
            entry.ply = Some(diagram.ply);
            entry.r#move = diagram.numbered_san.as_deref();
            entry.fen = Some(diagram.fen());
            entry.tags = Some(tags.clone());
            let outcome = match (bytes, self.used.get(&file)) {
                (Err(e), _) => Err((EXIT_INVALID, e)),
                (Ok(_), Some(&(game, ply))) => Err((
                    EXIT_INVALID,
                    format!(
                        "'{file}' is already game {game}'s diagram at ply {ply}: put more of the \
                         tags, {{n}} or {{ply}} in --name"
                    ),
                )),
                (Ok(bytes), None) => {
                    let path = self.out_dir.join(&file);
                    self.used.insert(file.clone(), (number, diagram.ply));
                    write_if_changed(&path, &bytes, Links::Replace)
                        .map(|w| (w, path.clone()))
                        .map_err(|e| {
                            (
                                EXIT_FAILURE,
                                format!("cannot write '{}': {e}", path.display()),
                            )
                        })
                }
            };
            match outcome {
                Ok((written, path)) => {
                    entry.output = Some(path.display().to_string());
                    entry.status = Some(match written {
                        WriteOutcome::Written => {
                            self.tally.written += 1;
                            "written"
                        }
                        WriteOutcome::Unchanged => {
                            self.tally.unchanged += 1;
                            "unchanged"
                        }
                    });
                }
                Err((code, message)) => {
                    let message = format!("{}: game {number}: {message}", escape(source));
                    report(&message, None);
                    if code == EXIT_FAILURE {
                        self.tally.io += 1;
                    } else {
                        self.tally.invalid += 1;
                    }
                    entry.error = Some(message);
                }
            }
            if let Some(m) = self.manifest.as_deref_mut() {
                m.write(&entry)?;
            }
        }
        Ok(())
    }
}

/// An error line (and its caret) on standard error.
fn report(message: &str, caret: Option<&str>) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "fen2img: error: {}", escape(message));
    for line in caret.unwrap_or("").lines() {
        let _ = writeln!(err, "{}", escape(line));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_come_from_tags_and_stay_in_the_directory() {
        let pieces = parse_names("{white}-{black}-{round}.{ext}").unwrap();
        let tags = vec![
            ("White".to_string(), "Morphy, Paul".to_string()),
            ("Black".to_string(), "../../etc".to_string()),
            ("Round".to_string(), "?".to_string()),
        ];
        let diagram = fen2img_games::diagrams(
            &fen2img_games::GameText::Pgn(b"1. e4 *"),
            "x",
            &GameOptions::default(),
        )
        .unwrap()
        .diagrams
        .remove(0);
        assert_eq!(
            expand(&pieces, 3, &tags, &diagram, Format::PNG),
            "Morphy_Paul-_etc-unknown.png"
        );
        assert!(parse_names("{nope}.{ext}").is_err());
        assert!(parse_names("../{n}").is_err());
    }
}
