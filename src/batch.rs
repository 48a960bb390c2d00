//! `fen2img batch`: many positions, one call, into a directory.
//!
//! Lines are streamed in chunks; each chunk is rendered in parallel and its
//! results are handled in input order, so files, messages and the manifest
//! are the same whatever `-j` is, and memory does not grow with the input.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use rayon::prelude::*;

use fen2img::fen::MAX_INPUT_LEN;
use fen2img::output::{write_if_changed, WriteOutcome};
use fen2img::{parse, Format, ParseOptions, RenderOptions, Renderer};

use crate::cli::{render_options, Failure, RenderArgs, EXIT_FAILURE, EXIT_INVALID, EXIT_OK};

/// Exit code of an interrupted run, as shells report SIGINT (128 + 2).
const EXIT_INTERRUPTED: u8 = 130;

/// Lines rendered per parallel chunk: large enough to keep every core busy,
/// small enough that memory stays flat for any input size.
const CHUNK: usize = 512;

/// Width of the zero-padded `{n}`.
const N_WIDTH: usize = 6;

/// Longest `{id}` kept in a file name.
const MAX_ID_LEN: usize = 100;

/// `fen2img batch` arguments.
#[derive(Args, Debug)]
// clap turns a literal "{n}" in help text into a line break, so the
// placeholders are listed by name here; the README shows them in braces.
#[command(after_help = "\
--name placeholders, each written in braces, e.g. --name 'pos-{id}.{ext}':
  n      the line's number in the run (all inputs counted in order), zero-padded
  id     the EPD id operation, made safe for file names; n when absent
  hash   12 hex digits from the canonical FEN and the options (content-addressed)
  ext    the format's extension

Exit codes: 0 all rendered, 2 some lines failed, 1 an I/O failure, 130 interrupted (Ctrl-C).")]
pub struct BatchArgs {
    /// Files of one FEN or EPD per line (.fen .epd .txt); standard input when
    /// none is given or `-`.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,

    /// The directory to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    out_dir: PathBuf,

    /// File name template.
    #[arg(long, value_name = "TEMPLATE", default_value = "{id}.{ext}")]
    name: String,

    /// Write a JSON Lines manifest: one object per input line.
    #[arg(long, value_name = "PATH")]
    manifest: Option<PathBuf>,

    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    jobs: Option<usize>,

    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,

    #[command(flatten)]
    render: RenderArgs,
}

/// One non-blank, non-comment input line.
struct Line {
    /// Index into the inputs' display names.
    source: usize,
    /// 1-based line number in its input.
    number: usize,
    /// 1-based running number over all inputs (`{n}`).
    n: usize,
    text: Vec<u8>,
}

/// What became of one line.
enum Outcome {
    Done {
        fen: String,
        path: PathBuf,
        alt: String,
        caption: Option<String>,
        size: Option<(u32, u32)>,
        written: bool,
        warnings: Vec<String>,
    },
    Failed(Problem),
}

/// Why a line produced no file.
enum Problem {
    /// The line is not a position (or not a legal one under --strict).
    Invalid {
        column: Option<usize>,
        message: String,
    },
    /// Writing failed, or the run was interrupted before this line.
    Io { message: String },
}

pub fn run(args: &BatchArgs) -> Result<u8, Failure> {
    let format = match args.render.format {
        Some(f) => Format::from(f),
        None => Format::Png,
    };
    let options = render_options(&args.render, format)?;
    let template = NameTemplate::parse(&args.name)?;
    // Inputs are opened before anything is created, so a missing input
    // leaves nothing behind.
    let mut inputs = Inputs::new(&args.inputs)?;
    std::fs::create_dir_all(&args.out_dir).map_err(|e| {
        Failure::io(format!(
            "cannot create --out-dir '{}': {e}",
            args.out_dir.display()
        ))
    })?;
    let jobs = args.jobs.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    let interrupt = Interrupt::install();

    let fingerprint = options_fingerprint(&options);
    let context = Context {
        out_dir: args.out_dir.clone(),
        template,
        fingerprint,
        format,
        strict: args.render.strict,
    };
    if !context.template.unique_by_line() {
        // Standard input cannot be read twice: spool it for the pre-pass.
        let _waiting = interrupt.blocking();
        inputs.spool_stdin(&args.out_dir)?;
        check_unique_names(&mut inputs, &context)?;
    }

    let mut manifest = match &args.manifest {
        Some(path) => Some(ManifestWriter::create(path)?),
        None => None,
    };
    let progress = Progress::new(!args.quiet && io::stderr().is_terminal(), inputs.total);
    let renderers: Vec<Mutex<Renderer>> = (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(Renderer::new(options.clone())))
        .collect();
    let chunk_len = chunk_len(&options);

    let started = Instant::now();
    let mut tally = Tally::default();
    let mut reader = inputs.lines()?;
    loop {
        if interrupt.stopping() {
            break;
        }
        let chunk = {
            let _waiting = interrupt.blocking();
            reader.next_chunk(chunk_len)?
        };
        if chunk.is_empty() {
            break;
        }
        let outcomes = pool.install(|| process_chunk(&chunk, &context, &renderers, &interrupt));
        for (line, outcome) in chunk.iter().zip(outcomes) {
            let source = reader.name(line.source);
            tally.record(source, line, &outcome);
            if let Some(m) = manifest.as_mut() {
                m.write(source, line, &outcome)?;
            }
            progress.tick();
        }
    }
    progress.finish();
    if let Some(m) = manifest.take() {
        m.finish()?;
    }
    let interrupted = interrupt.stopping();
    let mut err = io::stderr().lock();
    let _ = writeln!(
        err,
        "fen2img: {} written, {} unchanged, {} failed in {:.2} s{}",
        tally.written,
        tally.unchanged,
        tally.invalid + tally.io,
        started.elapsed().as_secs_f64(),
        if interrupted { " (interrupted)" } else { "" }
    );
    Ok(if interrupted {
        EXIT_INTERRUPTED
    } else if tally.io > 0 {
        EXIT_FAILURE
    } else if tally.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    })
}

/// Lines per chunk: a chunk's images are held in memory between rendering
/// and writing, so large images come in smaller chunks.
fn chunk_len(options: &RenderOptions) -> usize {
    let size = options.diagram.size as usize;
    // About 64 MiB of raw pixels per chunk at most.
    (64 * 1024 * 1024 / (4 * size * size)).clamp(16, CHUNK)
}

/// Renders a chunk in parallel, then writes it so that the result is what a
/// serial run gives: when several lines name the same file (the same
/// position under `{hash}`), the first in input order writes it and the
/// others report it unchanged, whatever the timing.
fn process_chunk(
    chunk: &[Line],
    ctx: &Context,
    renderers: &[Mutex<Renderer>],
    interrupt: &Interrupt,
) -> Vec<Outcome> {
    let rendered: Vec<Result<Rendered, Problem>> = chunk
        .par_iter()
        .map(|line| {
            if interrupt.stopping() {
                return Err(Problem::Io {
                    message: "interrupted".into(),
                });
            }
            let slot = rayon::current_thread_index().unwrap_or(0) % renderers.len();
            let mut renderer = renderers[slot].lock().unwrap_or_else(|e| e.into_inner());
            render_line(line, ctx, &mut renderer)
        })
        .collect();
    let mut first: HashMap<&Path, usize> = HashMap::new();
    let writer_of: Vec<Option<usize>> = rendered
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.as_ref()
                .ok()
                .map(|r| *first.entry(r.path.as_path()).or_insert(i))
        })
        .collect();
    let written: Vec<Option<io::Result<WriteOutcome>>> = rendered
        .par_iter()
        .enumerate()
        .map(|(i, r)| match r {
            Ok(r) if writer_of[i] == Some(i) => Some(write_if_changed(&r.path, &r.bytes)),
            _ => None,
        })
        .collect();
    rendered
        .into_iter()
        .zip(&written)
        .enumerate()
        .map(|(i, (r, w))| {
            let r = match r {
                Ok(r) => r,
                Err(problem) => return Outcome::Failed(problem),
            };
            let status = match (writer_of[i], w) {
                (Some(w), _) if w != i => match &written[w] {
                    Some(Ok(_)) => Ok(false),
                    Some(Err(e)) => Err(e.to_string()),
                    None => Ok(false),
                },
                (_, Some(Ok(outcome))) => Ok(*outcome == WriteOutcome::Written),
                (_, Some(Err(e))) => Err(e.to_string()),
                (_, None) => Ok(false),
            };
            match status {
                Ok(written) => Outcome::Done {
                    fen: r.fen,
                    path: r.path,
                    alt: r.alt,
                    caption: r.caption,
                    size: r.size,
                    written,
                    warnings: r.warnings,
                },
                Err(e) => Outcome::Failed(Problem::Io {
                    message: format!("cannot write '{}': {e}", r.path.display()),
                }),
            }
        })
        .collect()
}

/// What Ctrl-C does. While the run waits for input nothing is half
/// written, so Ctrl-C cleans up the temporaries and exits at once; while
/// it renders, the first Ctrl-C lets the files being written finish and
/// stops the run, a second one exits at once (130, as shells report SIGINT).
struct Interrupt {
    stop: Arc<AtomicBool>,
    waiting: Arc<AtomicBool>,
}

/// Temporary files to remove if Ctrl-C ends the process at once.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Registers a temporary file for removal on an immediate exit.
fn register_temporary(path: &Path) {
    TEMPORARIES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(path.to_path_buf());
}

/// Forgets a temporary file that was renamed or removed.
fn forget_temporary(path: &Path) {
    TEMPORARIES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|p| p != path);
}

impl Interrupt {
    fn install() -> Interrupt {
        let stop = Arc::new(AtomicBool::new(false));
        let waiting = Arc::new(AtomicBool::new(false));
        let (s, w) = (Arc::clone(&stop), Arc::clone(&waiting));
        let _ = ctrlc::set_handler(move || {
            if w.load(Ordering::SeqCst) || s.swap(true, Ordering::SeqCst) {
                for path in TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                    let _ = std::fs::remove_file(path);
                }
                std::process::exit(EXIT_INTERRUPTED.into());
            }
        });
        Interrupt { stop, waiting }
    }

    fn stopping(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Marks the time until the guard drops as waiting for input.
    fn blocking(&self) -> WaitingGuard<'_> {
        self.waiting.store(true, Ordering::SeqCst);
        WaitingGuard(&self.waiting)
    }
}

struct WaitingGuard<'a>(&'a AtomicBool);

impl Drop for WaitingGuard<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// What every line shares.
struct Context {
    out_dir: PathBuf,
    template: NameTemplate,
    fingerprint: String,
    format: Format,
    strict: bool,
}

/// A rendered line, not yet written.
struct Rendered {
    fen: String,
    path: PathBuf,
    alt: String,
    caption: Option<String>,
    size: Option<(u32, u32)>,
    bytes: Vec<u8>,
    warnings: Vec<String>,
}

fn render_line(line: &Line, ctx: &Context, renderer: &mut Renderer) -> Result<Rendered, Problem> {
    let record =
        parse(&line.text, ParseOptions::default().with_strict(ctx.strict)).map_err(|e| {
            Problem::Invalid {
                column: Some(e.column()),
                message: format!("invalid FEN: {e}"),
            }
        })?;
    let position = &record.position;
    let warnings: Vec<String> = record.warnings().iter().map(|w| w.to_string()).collect();
    if ctx.strict && !warnings.is_empty() {
        return Err(Problem::Invalid {
            column: None,
            message: format!("illegal position (--strict): {}", warnings.join("; ")),
        });
    }
    let fen = position.to_string();
    let name = ctx
        .template
        .expand(line.n, record.id(), &fen, &ctx.fingerprint, ctx.format);
    let bytes = renderer.render(position).map_err(|e| Problem::Invalid {
        column: None,
        message: e.to_string(),
    })?;
    let size = match ctx.format {
        Format::Svg | Format::Png | Format::Webp | Format::Jpeg => {
            let s = renderer.options().diagram.size;
            Some((s, s))
        }
        _ => None,
    };
    Ok(Rendered {
        alt: fen2img::describe::describe(position),
        caption: record.caption().map(str::to_string),
        fen,
        path: ctx.out_dir.join(&name),
        size,
        bytes,
        warnings,
    })
}

#[derive(Default)]
struct Tally {
    written: usize,
    unchanged: usize,
    invalid: usize,
    io: usize,
}

impl Tally {
    /// Counts an outcome and reports problems as `FILE:LINE:COL: message`.
    fn record(&mut self, source: &str, line: &Line, outcome: &Outcome) {
        let mut err = io::stderr().lock();
        match outcome {
            Outcome::Done {
                written, warnings, ..
            } => {
                if *written {
                    self.written += 1;
                } else {
                    self.unchanged += 1;
                }
                for w in warnings {
                    let _ = writeln!(err, "{source}:{}: warning: {w}", line.number);
                }
            }
            Outcome::Failed(Problem::Invalid { column, message }) => {
                self.invalid += 1;
                let col = column.map(|c| format!("{c}:")).unwrap_or_default();
                let _ = writeln!(err, "{source}:{}:{col} {message}", line.number);
            }
            Outcome::Failed(Problem::Io { message }) => {
                self.io += 1;
                if message != "interrupted" {
                    let _ = writeln!(err, "{source}:{}: {message}", line.number);
                }
            }
        }
    }
}

/// The inputs in order; `-` or none means standard input.
struct Inputs {
    names: Vec<String>,
    paths: Vec<Option<PathBuf>>,
    /// Standard input copied to a file, when it had to be read twice.
    spooled: Option<PathBuf>,
    /// Line count, when a pre-pass has counted them.
    total: Option<u64>,
}

impl Inputs {
    fn new(args: &[PathBuf]) -> Result<Inputs, Failure> {
        let mut names = Vec::new();
        let mut paths = Vec::new();
        let list: Vec<Option<PathBuf>> = if args.is_empty() {
            vec![None]
        } else {
            args.iter()
                .map(|p| (p.as_os_str() != "-").then(|| p.clone()))
                .collect()
        };
        for p in list {
            if let Some(path) = &p {
                File::open(path)
                    .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
                names.push(path.display().to_string());
            } else {
                names.push("<stdin>".into());
            }
            paths.push(p);
        }
        Ok(Inputs {
            names,
            paths,
            spooled: None,
            total: None,
        })
    }

    /// Copies standard input to a hidden file in `dir` so it can be read twice.
    fn spool_stdin(&mut self, dir: &Path) -> Result<(), Failure> {
        if self.paths.iter().all(Option::is_some) {
            return Ok(());
        }
        let path = dir.join(format!(".fen2img-stdin-{}.tmp", std::process::id()));
        register_temporary(&path);
        let mut file = File::create(&path)
            .map_err(|e| Failure::io(format!("cannot spool standard input: {e}")))?;
        io::copy(&mut io::stdin().lock(), &mut file)
            .map_err(|e| Failure::io(format!("cannot read standard input: {e}")))?;
        self.spooled = Some(path);
        Ok(())
    }

    fn open(&self, index: usize) -> Result<Box<dyn BufRead>, Failure> {
        let path = self.paths[index].as_ref().or(self.spooled.as_ref());
        match path {
            Some(p) => {
                let file = File::open(p)
                    .map_err(|e| Failure::io(format!("cannot read '{}': {e}", p.display())))?;
                Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
            }
            None => Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin()))),
        }
    }

    fn lines(&self) -> Result<LineReader<'_>, Failure> {
        Ok(LineReader {
            inputs: self,
            current: None,
            index: 0,
            number: 0,
            n: 0,
        })
    }
}

impl Drop for Inputs {
    fn drop(&mut self) {
        if let Some(p) = &self.spooled {
            let _ = std::fs::remove_file(p);
            forget_temporary(p);
        }
    }
}

/// Reads the inputs one after another, line by line.
struct LineReader<'a> {
    inputs: &'a Inputs,
    current: Option<Box<dyn BufRead>>,
    index: usize,
    number: usize,
    n: usize,
}

impl LineReader<'_> {
    fn name(&self, source: usize) -> &str {
        &self.inputs.names[source]
    }

    /// Up to `max` lines that are neither blank nor comments.
    fn next_chunk(&mut self, max: usize) -> Result<Vec<Line>, Failure> {
        let mut out = Vec::with_capacity(max);
        while out.len() < max {
            if self.current.is_none() {
                if self.index >= self.inputs.paths.len() {
                    break;
                }
                self.current = Some(self.inputs.open(self.index)?);
                self.number = 0;
            }
            let reader = self.current.as_mut().expect("opened above");
            let mut text = Vec::new();
            let got = read_line_bounded(reader, &mut text).map_err(|e| {
                Failure::io(format!(
                    "cannot read '{}': {e}",
                    self.inputs.names[self.index]
                ))
            })?;
            if !got {
                self.current = None;
                self.index += 1;
                continue;
            }
            self.number += 1;
            self.n += 1;
            let trimmed = text.trim_ascii();
            if trimmed.is_empty() || trimmed.starts_with(b"#") {
                continue;
            }
            out.push(Line {
                source: self.index,
                number: self.number,
                n: self.n,
                text,
            });
        }
        Ok(out)
    }
}

/// Reads one line without its line end. A line longer than the parser's
/// limit is cut (the parser then reports its length) and the rest skipped,
/// so one enormous line cannot exhaust memory. Returns `false` at the end.
fn read_line_bounded(reader: &mut dyn BufRead, out: &mut Vec<u8>) -> io::Result<bool> {
    let mut any = false;
    let mut cut = false;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        let room = (MAX_INPUT_LEN + 1).saturating_sub(out.len());
        cut |= take > room;
        out.extend_from_slice(&buf[..take.min(room)]);
        reader.consume(if done { take + 1 } else { take });
        if done {
            break;
        }
    }
    // A CR before the LF ends the line; a CR where a long line was cut is
    // just a byte of that line (which the parser then refuses for length).
    if !cut && out.ends_with(b"\r") {
        out.pop();
    }
    Ok(any)
}

/// Fails if two lines would write the same file with different content.
/// Lines whose name and canonical position agree write identical bytes
/// (a `{hash}` template's whole point), so they are allowed.
///
/// The check keeps 24 bytes a line (hashes of the name and the position, and
/// where the line is), not the names themselves: a million lines cost about
/// 32 MB here, while rendering itself runs in constant memory. Templates
/// with `{n}` need no check.
fn check_unique_names(inputs: &mut Inputs, ctx: &Context) -> Result<(), Failure> {
    let mut seen: HashMap<u64, SeenName> = HashMap::new();
    let mut reader = inputs.lines()?;
    let mut total = 0u64;
    loop {
        let chunk = reader.next_chunk(CHUNK)?;
        if chunk.is_empty() {
            break;
        }
        for line in chunk {
            total += 1;
            let Ok(record) = parse(&line.text, ParseOptions::default().with_strict(ctx.strict))
            else {
                continue; // reported when rendering
            };
            let fen = record.position.to_string();
            let name = ctx
                .template
                .expand(line.n, record.id(), &fen, &ctx.fingerprint, ctx.format);
            let fen_hash = fnv1a(FNV_OFFSET, fen.as_bytes());
            let entry = SeenName {
                fen: fen_hash,
                source: line.source as u32,
                line: line.number as u32,
            };
            match seen.entry(fnv1a(FNV_OFFSET, name.as_bytes())) {
                std::collections::hash_map::Entry::Occupied(first) => {
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
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(entry);
                }
            }
        }
    }
    drop(reader);
    inputs.total = Some(total);
    Ok(())
}

/// The first line that names a file, as the collision check remembers it.
struct SeenName {
    /// Hash of the canonical FEN: the same position writes the same bytes.
    fen: u64,
    source: u32,
    line: u32,
}

/// FNV-1a's starting value.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// A parsed `--name` template.
struct NameTemplate {
    parts: Vec<Part>,
}

enum Part {
    Literal(String),
    N,
    Id,
    Hash,
    Ext,
}

impl NameTemplate {
    fn parse(text: &str) -> Result<NameTemplate, Failure> {
        let mut parts = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                parts.push(Part::Literal(rest[..open].to_string()));
            }
            let close = rest[open..]
                .find('}')
                .ok_or_else(|| Failure::invalid(format!("--name '{text}': '{{' without '}}'")))?
                + open;
            parts.push(match &rest[open + 1..close] {
                "n" => Part::N,
                "id" => Part::Id,
                "hash" => Part::Hash,
                "ext" => Part::Ext,
                other => {
                    return Err(Failure::invalid(format!(
                        "--name '{text}': unknown placeholder {{{other}}}; \
                         use {{n}}, {{id}}, {{hash}} or {{ext}}"
                    )))
                }
            });
            rest = &rest[close + 1..];
        }
        if !rest.is_empty() {
            parts.push(Part::Literal(rest.to_string()));
        }
        for p in &parts {
            if let Part::Literal(l) = p {
                if !l.chars().all(|c| safe_char(c) || c == ' ') || l.contains("..") {
                    return Err(Failure::invalid(format!(
                        "--name '{text}': only letters, digits, '.', '-', '_' and spaces \
                         may stand outside placeholders (no '/', no '..')"
                    )));
                }
            }
        }
        if parts.is_empty() {
            return Err(Failure::invalid("--name is empty"));
        }
        Ok(NameTemplate { parts })
    }

    /// Whether every line gets its own name whatever the input says.
    fn unique_by_line(&self) -> bool {
        self.parts.iter().any(|p| matches!(p, Part::N))
    }

    fn expand(
        &self,
        n: usize,
        id: Option<&str>,
        fen: &str,
        fingerprint: &str,
        format: Format,
    ) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Literal(l) => out.push_str(l),
                Part::N => out.push_str(&format!("{n:0N_WIDTH$}")),
                Part::Id => match id.and_then(safe_id) {
                    Some(id) => out.push_str(&id),
                    None => out.push_str(&format!("{n:0N_WIDTH$}")),
                },
                Part::Hash => {
                    let h = fnv1a(fnv1a(FNV_OFFSET, fen.as_bytes()), fingerprint.as_bytes());
                    out.push_str(&format!("{h:016x}")[..12]);
                }
                Part::Ext => out.push_str(format.extension()),
            }
        }
        // A name made only of dots (".", "..") would not be a file.
        if out.trim_matches('.').is_empty() {
            out = format!("{n:0N_WIDTH$}");
        }
        out
    }
}

fn safe_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')
}

/// An EPD id as a file name part: unsafe characters become `_`, no leading
/// dots, no `..`, at most [`MAX_ID_LEN`] bytes. `None` if nothing remains.
fn safe_id(id: &str) -> Option<String> {
    let mut s: String = id
        .chars()
        .map(|c| if safe_char(c) { c } else { '_' })
        .collect();
    while s.contains("..") {
        s = s.replace("..", "_");
    }
    while s.contains("__") {
        s = s.replace("__", "_");
    }
    let s = s.trim_start_matches('.');
    let s: String = s.chars().take(MAX_ID_LEN).collect();
    (!s.trim_matches('_').is_empty()).then_some(s)
}

/// FNV-1a, 64 bit: a hash that is the same on every machine and Rust version
/// (std's hasher makes no such promise), for `{hash}`.
fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Everything in the options that changes the output, as text for `{hash}`.
fn options_fingerprint(o: &RenderOptions) -> String {
    let d = &o.diagram;
    format!(
        "{}|{}|{}|{:?}|{}|{}|{}|{:?}|{}|{:?}|{:?}|{}",
        o.format,
        d.size,
        d.flip,
        d.coordinates,
        d.side_to_move,
        d.border,
        d.transparent,
        d.theme,
        d.pieces.name(),
        d.markup,
        o.encode,
        o.swap_glyphs
    )
}

/// Writes the manifest as it goes, into a temporary file renamed at the end.
struct ManifestWriter {
    path: PathBuf,
    tmp: PathBuf,
    out: io::BufWriter<File>,
}

impl ManifestWriter {
    fn create(path: &Path) -> Result<ManifestWriter, Failure> {
        let tmp = path.with_file_name(format!(
            ".{}.fen2img-{}.tmp",
            path.file_name()
                .map_or("manifest".into(), |n| n.to_string_lossy()),
            std::process::id()
        ));
        let file = File::create(&tmp)
            .map_err(|e| Failure::io(format!("cannot write manifest '{}': {e}", path.display())))?;
        Ok(ManifestWriter {
            path: path.to_path_buf(),
            tmp,
            out: io::BufWriter::new(file),
        })
    }

    fn write(&mut self, source: &str, line: &Line, outcome: &Outcome) -> Result<(), Failure> {
        let mut obj = format!(
            "{{\"source\":{},\"line\":{},\"input\":{}",
            json(source),
            line.number,
            json(&String::from_utf8_lossy(&line.text))
        );
        match outcome {
            Outcome::Done {
                fen,
                path,
                alt,
                caption,
                size,
                written,
                ..
            } => {
                obj.push_str(&format!(
                    ",\"fen\":{},\"output\":{},\"alt\":{}",
                    json(fen),
                    json(&path.display().to_string()),
                    json(alt)
                ));
                if let Some(c) = caption {
                    obj.push_str(&format!(",\"caption\":{}", json(c)));
                }
                if let Some((w, h)) = size {
                    obj.push_str(&format!(",\"width\":{w},\"height\":{h}"));
                }
                obj.push_str(&format!(
                    ",\"status\":\"{}\"",
                    if *written { "written" } else { "unchanged" }
                ));
            }
            Outcome::Failed(Problem::Invalid { column, message }) => {
                if let Some(c) = column {
                    obj.push_str(&format!(",\"column\":{c}"));
                }
                obj.push_str(&format!(",\"error\":{}", json(message)));
            }
            Outcome::Failed(Problem::Io { message }) => {
                obj.push_str(&format!(",\"error\":{}", json(message)));
            }
        }
        obj.push_str("}\n");
        self.out
            .write_all(obj.as_bytes())
            .map_err(|e| Failure::io(format!("cannot write manifest: {e}")))
    }

    fn finish(mut self) -> Result<(), Failure> {
        let fail = |e: io::Error| Failure::io(format!("cannot write manifest: {e}"));
        self.out.flush().map_err(fail)?;
        std::fs::rename(&self.tmp, &self.path).map_err(fail)
    }
}

impl Drop for ManifestWriter {
    fn drop(&mut self) {
        // After `finish` the temporary is gone already; on an error path
        // this removes it.
        let _ = std::fs::remove_file(&self.tmp);
        forget_temporary(&self.tmp);
    }
}

/// A JSON string literal.
fn json(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The progress bar on stderr, or nothing.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(enabled: bool, total: Option<u64>) -> Progress {
        if !enabled {
            return Progress { bar: None };
        }
        let bar = match total {
            Some(n) => indicatif::ProgressBar::new(n).with_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} eta {eta}")
                    .expect("valid template"),
            ),
            None => indicatif::ProgressBar::new_spinner().with_style(
                indicatif::ProgressStyle::with_template("{spinner} {pos} rendered, {per_sec}")
                    .expect("valid template"),
            ),
        };
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    fn tick(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// Drains a reader (used in tests of the bounded line reader).
#[cfg(test)]
fn all_lines(data: &[u8]) -> Vec<Vec<u8>> {
    let mut r: &[u8] = data;
    let mut out = Vec::new();
    loop {
        let mut line = Vec::new();
        if !read_line_bounded(&mut r, &mut line).unwrap() {
            return out;
        }
        out.push(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_carriage_return_where_a_line_is_cut_is_kept() {
        let mut data = vec![b' '; MAX_INPUT_LEN];
        data.extend_from_slice(b"\rgarbage\n");
        let lines = all_lines(&data);
        assert_eq!(lines[0].len(), MAX_INPUT_LEN + 1);
        assert_eq!(lines[0].last(), Some(&b'\r'));
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            all_lines(b"a\r\nb\n\nc"),
            vec![b"a".to_vec(), b"b".to_vec(), vec![], b"c".to_vec()]
        );
        let long = vec![b'x'; MAX_INPUT_LEN * 3];
        let mut data = long.clone();
        data.extend_from_slice(b"\nnext\n");
        let lines = all_lines(&data);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_INPUT_LEN + 1, "cut just past the limit");
        assert_eq!(lines[1], b"next");
    }

    #[test]
    fn ids_cannot_escape_the_directory() {
        assert_eq!(safe_id("../../etc/x").as_deref(), Some("_etc_x"));
        assert_eq!(safe_id("/abs/path").as_deref(), Some("_abs_path"));
        assert_eq!(safe_id("..").as_deref(), None);
        assert_eq!(safe_id("a\u{0}b\nc").as_deref(), Some("a_b_c"));
        assert_eq!(safe_id("BK.01").as_deref(), Some("BK.01"));
        assert_eq!(safe_id(&"y".repeat(500)).map(|s| s.len()), Some(MAX_ID_LEN));
    }

    #[test]
    fn templates_expand_and_refuse_paths() {
        let t = NameTemplate::parse("pos-{n}-{id}.{ext}").unwrap();
        assert_eq!(
            t.expand(7, None, "f", "o", Format::Png),
            "pos-000007-000007.png"
        );
        assert_eq!(
            t.expand(7, Some("BK.01"), "f", "o", Format::Svg),
            "pos-000007-BK.01.svg"
        );
        let h = NameTemplate::parse("{hash}.{ext}").unwrap();
        let a = h.expand(1, None, "fen a", "opts", Format::Png);
        assert_eq!(a.len(), 16);
        assert_eq!(a, h.expand(2, None, "fen a", "opts", Format::Png));
        assert_ne!(a, h.expand(1, None, "fen b", "opts", Format::Png));
        assert_ne!(a, h.expand(1, None, "fen a", "other", Format::Png));
        assert!(NameTemplate::parse("../{n}").is_err());
        assert!(NameTemplate::parse("a/{n}").is_err());
        assert!(NameTemplate::parse("{nope}").is_err());
        assert!(NameTemplate::parse("{n").is_err());
        assert!(!NameTemplate::parse("{id}.{ext}").unwrap().unique_by_line());
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
    }
}
