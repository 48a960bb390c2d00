//! `fen2img batch`: many positions, one call, into a directory.
//!
//! Lines are streamed in chunks; each chunk is rendered in parallel and its
//! results are handled in input order, so files, messages and the manifest
//! are the same whatever `-j` is, and memory does not grow with the input.
//!
//! Modules import one way: this file runs the stages, which use
//! `lines` (reading), `names` (templates), `collisions` (the pre-pass),
//! `schedule` (rendering and writing), `outcome`, `manifest` and
//! `progress`; files and signals go through `crate::output`.

mod args;
mod collisions;
pub(crate) mod excerpt;
mod game_lines;
mod game_names;
mod games;
mod lines;
mod manifest;
pub mod merge;
mod names;
mod out_dirs;
mod outcome;
mod pgn_windows;
mod problem_lines;
pub mod problems;
mod progress;
mod schedule;
mod shard;

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use fen2img_render::fingerprint::options_digest;
use fen2img_render::{Format, RenderOptions, Renderer};

use crate::args::{render_options, FormatArg};
use crate::failure::Failure;
use crate::output::signals;

pub use args::{BatchArgs, MergeArgs};
use lines::Inputs;
use manifest::ManifestWriter;
use names::NameTemplate;
use out_dirs::{create_manifest_dir, create_out_dir};
use outcome::Tally;
use progress::Progress;
use schedule::Context;
use shard::Shard;

/// Runs a batch; returns the exit code.
pub fn run(args: &BatchArgs) -> Result<u8, Failure> {
    refuse_mixed_inputs(&args.inputs)?;
    if let Some(output) = &args.output {
        return lines_of_games(args, output);
    }
    let format = picture_format(args)?;
    let pdf = pdf_page(args)?;
    let options = render_options(&args.render, format)?;
    let out_dir = args
        .out_dir
        .as_deref()
        .ok_or_else(|| Failure::invalid("give --out-dir DIR (or -o for lines of games)"))?;
    if games::all_pgn(&args.inputs) {
        return games::run(args, out_dir, format, &options);
    }
    if problems::wanted(args) {
        return problems::run(args, out_dir, format, &options);
    }
    if args.markers || args.from.is_some() || args.to.is_some() {
        return Err(Failure::invalid(
            "--markers, --from and --to pick positions of games: give .pgn files",
        ));
    }
    fen_lines(args, out_dir, format, &options, pdf)
}

/// The format of the files `--out-dir` gets: `-f`'s, PNG by default; the
/// formats that are not one file a diagram are refused with what to do.
fn picture_format(args: &BatchArgs) -> Result<Format, Failure> {
    match args.render.format {
        Some(FormatArg::Known(f)) => Ok(f),
        Some(FormatArg::Auto) => Err(Failure::invalid(
            "--format auto picks a picture for a terminal; batch writes files: name a format",
        )),
        Some(FormatArg::Epd) => Err(Failure::invalid(
            "--format epd writes the positions of games as lines: add -o FILE, or -o - for standard output",
        )),
        // A PDF is drawn from the layout the SVG writer walks.
        Some(FormatArg::Pdf) => Ok(Format::SVG),
        None => Ok(Format::PNG),
    }
}

/// FEN and EPD lines, each drawn into its own file in `out_dir`.
fn fen_lines(
    args: &BatchArgs,
    out_dir: &Path,
    format: Format,
    options: &RenderOptions,
    pdf: Option<fen2img_pdf::PageWidth>,
) -> Result<u8, Failure> {
    let template = NameTemplate::parse(crate::args::text::utf8("--name", &args.name)?)?;
    let shard = match &args.shard {
        Some(text) => Some(Shard::from_arg(text)?),
        None => None,
    };
    // Inputs are opened before anything is created, so a missing input
    // leaves nothing behind.
    let mut inputs = Inputs::new(&args.inputs)?;
    create_out_dir(out_dir)?;
    create_manifest_dir(args.manifest.as_deref())?;
    let threads = schedule::threads(args.jobs.unwrap_or(0), options);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::io(format!("cannot start worker threads: {e}")))?;
    // While waiting for input nothing is half written: a signal removes the
    // temporaries and exits at once. While rendering (and reading files,
    // which never waits long), the first signal lets the files being
    // written finish and stops the run with its summary.
    let _immediate = signals::mode(false);

    let context = line_context(out_dir, template, format, args.render.strict, options, pdf);
    if !context.template.unique_by_line() {
        // Standard input cannot be read twice: spool it for the pre-pass.
        inputs.spool_stdin(out_dir)?;
        collisions::check_unique_names(&mut inputs, &context)?;
    }

    let mut manifest = match &args.manifest {
        Some(path) => Some(ManifestWriter::create(path, shard.map(|s| s.label()))?),
        None => None,
    };
    let total = match shard {
        Some(shard) => inputs.total.map(|t| shard.share(t)),
        None => inputs.total,
    };
    let progress = Progress::new(!args.quiet && io::stderr().is_terminal(), total);
    let renderers: Vec<Mutex<Renderer>> = (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(Renderer::new(options.clone())))
        .collect();
    let started = Instant::now();
    let run = Run {
        context: &context,
        pool: &pool,
        renderers: &renderers,
        chunk_len: schedule::chunk_len(options),
        shard,
    };
    let tally = run.lines(&inputs, manifest.as_mut(), &progress)?;
    progress.finish();
    if let Some(m) = manifest.take() {
        m.finish()?;
    }
    Ok(tally.finish(started))
}

/// `-f pdf`'s page width, for FEN and EPD lines; positions of games are
/// laid out on PDF pages by `fen2img sheet`, and problems are not written
/// as PDF yet.
fn pdf_page(args: &BatchArgs) -> Result<Option<fen2img_pdf::PageWidth>, Failure> {
    if args.render.format != Some(FormatArg::Pdf) {
        return Ok(None);
    }
    if games::all_pgn(&args.inputs) || problems::wanted(args) {
        return Err(Failure::invalid(
            "-f pdf: batch writes PDF for FEN and EPD lines; for games use `fen2img sheet`, \
             which lays them out on PDF pages; problems are not written as PDF yet",
        ));
    }
    Ok(Some(crate::args::pdf_width(&args.render)))
}

/// What each line's file is made with: the folder, the name template and
/// what the options say of every diagram.
fn line_context(
    out_dir: &Path,
    template: NameTemplate,
    format: Format,
    strict: bool,
    options: &RenderOptions,
    pdf: Option<fen2img_pdf::PageWidth>,
) -> Context {
    let around = &options.diagram.around;
    let options_digest = match pdf {
        Some(page) => schedule::pdf_digest(options_digest(options), page),
        None => options_digest(options),
    };
    Context {
        out_dir: out_dir.to_path_buf(),
        template,
        options_digest,
        format,
        pdf,
        strict,
        around: around.clone(),
        first_number: match (around.number, &around.number_format) {
            (Some(n), _) => Some(n),
            (None, Some(_)) => Some(1),
            (None, None) => None,
        },
    }
}

/// The rendering stage of a run of FEN lines: the threads and renderers it
/// shares out the lines to, and which lines are this shard's.
struct Run<'a> {
    context: &'a Context,
    pool: &'a rayon::ThreadPool,
    renderers: &'a [Mutex<Renderer>],
    chunk_len: usize,
    shard: Option<Shard>,
}

impl Run<'_> {
    /// Reads `inputs` chunk by chunk until they end or a signal stops the
    /// run, renders each chunk in parallel, and records its outcomes in
    /// input order (the tally, the manifest, the progress bar).
    fn lines(
        &self,
        inputs: &Inputs,
        mut manifest: Option<&mut ManifestWriter>,
        progress: &Progress,
    ) -> Result<Tally, Failure> {
        let mut tally = Tally::default();
        let mut reader = inputs.lines();
        let may_block = inputs.may_block();
        // The running index of positions (not of lines) over the whole run,
        // which --shard deals out.
        let mut position_index = 0u64;
        let _graceful = signals::mode(true);
        while signals::stop_requested().is_none() {
            let mut chunk = {
                let _waiting = may_block.then(|| signals::mode(false));
                reader.next_chunk(self.chunk_len)?
            };
            if chunk.is_empty() {
                break;
            }
            if let Some(shard) = self.shard {
                chunk.retain(|_| {
                    position_index += 1;
                    shard.takes(position_index - 1)
                });
            }
            let outcomes = self
                .pool
                .install(|| schedule::process_chunk(&chunk, self.context, self.renderers));
            for (line, outcome) in chunk.iter().zip(outcomes) {
                let source = reader.name(line.source);
                tally.record(source, line, &outcome);
                if let Some(m) = manifest.as_deref_mut() {
                    m.write(source, line, &outcome)?;
                }
                progress.tick();
            }
        }
        Ok(tally)
    }
}

/// `-o`: the picked positions of every game as FEN or EPD lines.
fn lines_of_games(args: &BatchArgs, output: &Path) -> Result<u8, Failure> {
    let format = match args.render.format {
        Some(FormatArg::Known(Format::Fen)) => game_lines::LineFormat::Fen,
        Some(FormatArg::Epd) => game_lines::LineFormat::Epd,
        _ => {
            return Err(Failure::invalid(
                "-o writes positions of games as lines: give -f fen or -f epd \
                 (pictures go to --out-dir)",
            ))
        }
    };
    if !games::all_pgn(&args.inputs) {
        return Err(Failure::invalid(
            "-o writes the positions of games: give .pgn files (FEN or EPD lines \
             are rendered into --out-dir)",
        ));
    }
    let lines = game_lines::Lines {
        format,
        pick: games::pick(args)?,
        strict: args.render.strict,
    };
    game_lines::run(&args.inputs, output, &lines, args.jobs.unwrap_or(0))
}

/// Refuses PGN files beside FEN or EPD inputs (or standard input): a
/// batch reads one kind, and its names, numbering and manifest are that
/// kind's (`{white}` and `{ply}` for games, `{hash}` and `--shard` for
/// positions). Reading a `.pgn` as lines of FEN gave one error per line.
fn refuse_mixed_inputs(inputs: &[PathBuf]) -> Result<(), Failure> {
    let pgn = inputs.iter().find(|p| games::is_pgn(p));
    let other = inputs.iter().find(|p| !games::is_pgn(p));
    match (pgn, other) {
        (Some(pgn), Some(other)) => Err(Failure::invalid(format!(
            "fen2img batch draws either games (.pgn files) or positions (FEN or EPD \
             lines), not both: '{}' is a PGN file and {} is not; run one batch for each",
            pgn.display(),
            if other.as_os_str() == "-" {
                "standard input ('-')".to_string()
            } else {
                format!("'{}'", other.display())
            }
        ))),
        _ => Ok(()),
    }
}
