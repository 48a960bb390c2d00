//! `fen2img batch --problem problems.txt --out-dir d` and `fen2img batch
//! file.inp --out-dir d`: one diagram per chess problem, from files of
//! Fairy FEN lines with caption operations (`problem_lines`) or Popeye
//! files holding several problems; with `--twins`, one more diagram per
//! twin. A problem that cannot be read or drawn is reported as
//! `FILE:LINE:COLUMN: message` with the line and a caret, and skipped; the
//! others still render.
//!
//! Inputs are read whole within their bound ([`MAX_PROBLEM_FILE_LEN`],
//! Popeye's own for Popeye files) before anything is created; problems are
//! drawn [`CHUNK`] at a time in parallel and written in input order, so
//! names, messages and the manifest do not depend on `-j`.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use fen2img_render::chess::problem::{is_popeye, parse_popeye_each, Problem, MAX_POPEYE_LEN};
use fen2img_render::{render_problem, Format, RenderOptions};
use fen2img_support::quote::{caret_chars, escape};

use super::manifest::JsonLines;
use super::names::safe_id;
use super::outcome::{write_diagram, Tally};
use super::problem_lines::read_line;
use super::{schedule, BatchArgs};
use crate::args::problem::is_popeye_path;
use crate::failure::{Failure, EXIT_FAILURE, EXIT_INVALID};
use crate::output::read::read_regular;
use crate::output::signals;

/// The most bytes a file of problem lines (or standard input) may hold.
pub const MAX_PROBLEM_FILE_LEN: usize = 16 * 1024 * 1024;

/// Problems drawn together: enough to keep the threads busy, few enough
/// that the pictures held at once stay small.
const CHUNK: usize = 64;

/// The placeholders a problem batch's `--name` knows.
const PLACEHOLDERS: &[&str] = &["n", "id", "twin", "ext"];

/// Whether `batch` draws problems: a problem flag, `--twins`, or a Popeye
/// file among the inputs.
pub fn wanted(args: &BatchArgs) -> bool {
    args.problem.asked()
        || args
            .inputs
            .iter()
            .any(|p| is_popeye_path(p.as_os_str().as_encoded_bytes()))
}

/// One manifest line; fields in this order, absent ones left out.
#[derive(Serialize)]
struct Entry<'a> {
    source: &'a str,
    problem: usize,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    twin: Option<char>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A problem's boards (the diagram, then each twin with its letter) and
/// its `id`, or the line and column at fault and the message.
type Boards = Result<(Vec<(char, Problem)>, Option<String>), Placed>;

/// Where a problem was refused (line, column) and why.
type Placed = (usize, usize, String);

/// One problem of an input, read or refused.
struct Item {
    /// The line it starts on.
    line: usize,
    /// The problem's number in the run, from 1.
    number: usize,
    /// Its boards (the diagram, then each twin with its letter) and its
    /// `id`, or the line and column at fault and the message.
    read: Boards,
}

/// Runs a batch of problems; returns the exit code.
pub fn run(
    args: &BatchArgs,
    out_dir: &Path,
    format: Format,
    options: &RenderOptions,
) -> Result<u8, Failure> {
    // A format problems are not drawn in is refused once, not per problem.
    render_problem(&Problem::new(), options).map_err(|e| Failure::invalid(format!("{e}")))?;
    if args.shard.is_some() || args.markers || args.from.is_some() || args.to.is_some() {
        return Err(Failure::invalid(
            "--shard, --markers, --from and --to are not for problems",
        ));
    }
    let template = crate::args::text::utf8("--name", &args.name)?;
    check_template(template)?;
    // Every input is read before anything is created: a missing one
    // leaves nothing behind.
    let mut texts: Vec<(String, String)> = Vec::new();
    let inputs: Vec<PathBuf> = if args.inputs.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.inputs.clone()
    };
    for path in &inputs {
        texts.push(read_input(path)?);
    }
    super::out_dirs::create_out_dir(out_dir)?;
    super::out_dirs::create_manifest_dir(args.manifest.as_deref())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(schedule::threads(args.jobs.unwrap_or(0), options))
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    let mut manifest = match &args.manifest {
        Some(path) => Some(JsonLines::create(path)?),
        None => None,
    };
    let started = Instant::now();
    let mut out = Outputs {
        out_dir,
        template,
        format,
        twins: args.problem.twins,
        used: HashMap::new(),
        tally: Tally::default(),
        manifest: manifest.as_mut(),
    };
    let mut number = 0usize;
    let _graceful = signals::mode(true);
    for (source, (name, text)) in texts.iter().enumerate() {
        let popeye =
            is_popeye_path(inputs[source].as_os_str().as_encoded_bytes()) || is_popeye(text);
        let items = read_items(args, text, popeye, &mut number);
        for chunk in items.chunks(CHUNK) {
            if signals::stop_requested().is_some() {
                break;
            }
            let drawn: Vec<Vec<Result<Vec<u8>, String>>> =
                pool.install(|| chunk.par_iter().map(|item| draw(item, options)).collect());
            for (item, pictures) in chunk.iter().zip(drawn) {
                out.item(name, text, item, pictures)?;
            }
        }
    }
    let tally = out.tally;
    if let Some(m) = manifest.take() {
        m.finish()?;
    }
    Ok(tally.finish(started))
}

/// The pictures of a problem's boards (none for one that was not read).
fn draw(item: &Item, options: &RenderOptions) -> Vec<Result<Vec<u8>, String>> {
    match &item.read {
        Ok((boards, _)) => boards
            .iter()
            .map(|(_, p)| render_problem(p, options).map_err(|e| e.to_string()))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Where each problem's outcome goes, in input order: its files, the
/// names taken so far, the tally and the manifest.
struct Outputs<'a> {
    out_dir: &'a Path,
    /// `--name`.
    template: &'a str,
    format: Format,
    /// `--twins`: the manifest names each board's twin.
    twins: bool,
    /// File names written so far: the problem of each.
    used: HashMap<String, usize>,
    tally: Tally,
    manifest: Option<&'a mut JsonLines>,
}

impl Outputs<'_> {
    /// Reports a problem that was not read, or writes its boards'
    /// `pictures`; each outcome counted and in the manifest.
    fn item(
        &mut self,
        name: &str,
        text: &str,
        item: &Item,
        pictures: Vec<Result<Vec<u8>, String>>,
    ) -> Result<(), Failure> {
        let mut entries = Vec::new();
        match &item.read {
            Err((line, column, message)) => {
                self.tally.invalid += 1;
                let at = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
                report(name, *line, Some(*column), message, Some((at, *column)));
                entries.push(Entry {
                    source: name,
                    problem: item.number,
                    line: *line,
                    twin: None,
                    output: None,
                    status: "invalid",
                    column: Some(*column),
                    error: Some(message.clone()),
                });
            }
            Ok((boards, id)) => {
                for ((letter, _), picture) in boards.iter().zip(pictures) {
                    let file = file_name(
                        self.template,
                        item.number,
                        id.as_deref(),
                        *letter,
                        boards.len() > 1,
                        self.format,
                    );
                    entries.push(self.board(name, item, *letter, file, picture));
                }
            }
        }
        if let Some(m) = self.manifest.as_deref_mut() {
            for e in &entries {
                m.write(e)?;
            }
        }
        Ok(())
    }

    /// Writes one board's `picture` as `file` (unless the name is taken
    /// or it was not drawn); its manifest entry.
    fn board<'e>(
        &mut self,
        name: &'e str,
        item: &Item,
        letter: char,
        file: String,
        picture: Result<Vec<u8>, String>,
    ) -> Entry<'e> {
        let mut entry = Entry {
            source: name,
            problem: item.number,
            line: item.line,
            twin: self.twins.then_some(letter),
            output: None,
            status: "invalid",
            column: None,
            error: None,
        };
        let outcome = match picture {
            Err(message) => Err((EXIT_INVALID, message)),
            Ok(_) if self.used.contains_key(&file) => Err((
                EXIT_INVALID,
                format!(
                    "the name '{file}' is taken by problem {}: put {{n}} or {{id}} in --name",
                    self.used[&file]
                ),
            )),
            Ok(bytes) => {
                self.used.insert(file.clone(), item.number);
                write_diagram(self.out_dir, &file, &bytes)
            }
        };
        match outcome {
            Ok((written, path)) => {
                entry.output = Some(path.display().to_string());
                entry.status = self.tally.count_write(written);
            }
            Err((code, message)) => {
                if code == EXIT_FAILURE {
                    self.tally.io += 1;
                    entry.status = "failed";
                } else {
                    self.tally.invalid += 1;
                }
                report(name, item.line, None, &message, None);
                entry.error = Some(message);
            }
        }
        entry
    }
}

/// An input's name and text: a file within its bound, or standard input.
fn read_input(path: &Path) -> Result<(String, String), Failure> {
    let popeye = is_popeye_path(path.as_os_str().as_encoded_bytes());
    let limit = if popeye {
        MAX_POPEYE_LEN
    } else {
        MAX_PROBLEM_FILE_LEN
    } as u64;
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut buf)
            .map_err(|e| Failure::io(format!("cannot read standard input: {e}")))?;
        if buf.len() as u64 > limit {
            return Err(Failure::invalid(format!(
                "standard input holds more than {limit} bytes of problems"
            )));
        }
        ("-".to_string(), buf)
    } else {
        let bytes = read_regular(path, limit)
            .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
        (path.display().to_string(), bytes)
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::invalid(format!("'{}' is not UTF-8 text", escape(&name))))?;
    Ok((name, text))
}

/// The problems of one input, numbered on from `number`: its Popeye
/// problems, or its lines that are neither blank nor comments (`#`).
fn read_items(args: &BatchArgs, text: &str, popeye: bool, number: &mut usize) -> Vec<Item> {
    let mut items = Vec::new();
    let mut push =
        |line: usize, read: Result<(Problem, Option<String>), (usize, usize, String)>| {
            *number += 1;
            let read = read.and_then(|(mut p, id)| {
                args.problem.apply(&mut p);
                crate::twins::boards(p, args.problem.twins).map(|b| (b, id))
            });
            items.push(Item {
                line,
                number: *number,
                read,
            });
        };
    if popeye {
        for (line, read) in parse_popeye_each(text) {
            push(
                line,
                read.map(|p| (p, None))
                    .map_err(|e| (e.line(), e.column(), format!("invalid Popeye input: {e}"))),
            );
        }
    } else {
        for (n, l) in text.lines().enumerate() {
            let trimmed = l.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            push(
                n + 1,
                read_line(l)
                    .map(|r| (r.problem, r.id))
                    .map_err(|e| (n + 1, e.column, e.message)),
            );
        }
    }
    items
}

/// Refuses placeholders the problem batch does not know and folders in
/// the name (every file goes into `--out-dir`).
fn check_template(template: &str) -> Result<(), Failure> {
    if template.contains('/') || template.contains('\\') || template.contains("..") {
        return Err(Failure::invalid(
            "--name names a file in --out-dir: no '/', '\\' or '..'",
        ));
    }
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            return Err(Failure::invalid("--name has a '{' without its '}'"));
        };
        let name = &rest[open + 1..open + close];
        if !PLACEHOLDERS.contains(&name) {
            return Err(Failure::invalid(format!(
                "--name: {{{}}} is not a placeholder of problems ({{n}}, {{id}}, {{twin}}, {{ext}})",
                escape(name)
            )));
        }
        rest = &rest[open + close + 1..];
    }
    Ok(())
}

/// The file of board `letter` of problem `number`: the template filled
/// in; a twin's board (`b` …) under a template without `{twin}` gets
/// `-b` before the extension.
fn file_name(
    template: &str,
    number: usize,
    id: Option<&str>,
    letter: char,
    twinned: bool,
    format: Format,
) -> String {
    let n = format!("{number:06}");
    let id = id.and_then(safe_id).unwrap_or_else(|| n.clone());
    let mut name = template
        .replace("{n}", &n)
        .replace("{id}", &id)
        .replace("{twin}", &letter.to_string());
    if twinned && letter != 'a' && !template.contains("{twin}") {
        let suffix = format!("-{letter}");
        match name.find("{ext}") {
            Some(at) if at > 0 && name[..at].ends_with('.') => name.insert_str(at - 1, &suffix),
            _ => name.push_str(&suffix),
        }
    }
    name.replace("{ext}", format.extension())
}

/// Writes `FILE:LINE[:COLUMN]: message`, and the line with a caret.
fn report(
    source: &str,
    line: usize,
    column: Option<usize>,
    message: &str,
    at: Option<(&str, usize)>,
) {
    let mut err = io::stderr().lock();
    let col = column.map(|c| format!("{c}:")).unwrap_or_default();
    let _ = writeln!(
        err,
        "{}",
        escape(&format!("{source}:{line}:{col} {message}"))
    );
    if let Some((text, column)) = at {
        for l in caret_chars(text, column.saturating_sub(1)).lines() {
            let _ = writeln!(err, "  {}", escape(l));
        }
    }
}
