//! `fen2img batch` arguments.

use std::path::PathBuf;

use clap::Args;

use crate::args::problem::ProblemArgs;
use crate::args::RenderArgs;

/// Render many positions, one per line, into a directory.
#[derive(Args, Debug)]
// This doc comment is also the subcommand's description once its deferred
// arguments are built: the same words as its variant in `cli::Command`
// (a test in cli.rs compares them).
// clap turns a literal "{n}" in help text into a line break, so the
// placeholders are listed by name here; the README shows them in braces.
#[command(after_help = "\
--name placeholders, each written in braces, e.g. --name 'pos-{id}.{ext}':
  n      the line's number in the run (all inputs counted in order), zero-padded
  id     the EPD id operation, made safe for file names; n when absent
  hash   12 hex digits from the canonical FEN, the options, the piece set's
         content and the fen2img version (content-addressed)
  ext    the format's extension
PGN inputs (.pgn) have their own: n (the game's number; also id), white,
black, round, event, site, date (the tags, made safe for file names), ply,
ext; e.g. --name '{white}-{black}-{round}.{ext}'.
Problems (--problem with Fairy FEN lines, or .inp/.pop Popeye files): n,
id (the line's id operation), twin (a, b, c ... with --twins), ext.

Exit codes: 0 all rendered, 2 some lines failed, 1 an I/O failure,
130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM), 129 hung up (SIGHUP).")]
pub struct BatchArgs {
    /// Files of one FEN or EPD per line (.fen .epd .txt), PGN files (.pgn:
    /// one diagram per game), Popeye files (.inp .pop: one per problem) or,
    /// with --problem, Fairy FEN lines (`PLACEMENT stip "#2"; author
    /// "...";`); standard input when none is given or `-`.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// The directory to write into (created if missing).
    #[arg(long, value_name = "DIR", required_unless_present = "lines_output")]
    pub out_dir: Option<PathBuf>,

    /// PGN inputs with `-f fen` or `-f epd`: every picked position as one
    /// line, in input order, to this file or standard output (`-`).
    // Its own id: the man page lists a subcommand's options whose ids the
    // top level lacks, and the top level has `-o/--output` too.
    #[arg(id = "lines_output", short = 'o', long = "output", value_name = "PATH",
          conflicts_with_all = ["out_dir", "manifest", "name", "shard"])]
    pub output: Option<PathBuf>,

    /// File name template.
    #[arg(long, value_name = "TEMPLATE", default_value = "{id}.{ext}")]
    pub name: std::ffi::OsString,

    /// Write a JSON Lines manifest: one object per input line (`-`: standard output).
    #[arg(long, value_name = "PATH")]
    pub manifest: Option<PathBuf>,

    /// Worker threads (default: all cores; fewer for large images, see README).
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,

    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,

    /// Render only shard K of N (1/N first): every Nth position, for runs
    /// split across processes or machines. `auto/N` takes K from a
    /// Kubernetes Indexed Job (JOB_COMPLETION_INDEX), `auto` K and N from an
    /// AWS Batch array job. Join the shards' manifests with
    /// `fen2img merge-manifests`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// PGN inputs: one diagram at each diagram marker of a game (`{[#]}`,
    /// `[%diagram]`), not its final position; put {ply} in --name.
    #[arg(long)]
    pub markers: bool,

    /// PGN inputs: every position of each game from this one on (default
    /// the start): a ply (`0`) or a move (`12w`, `12...Nf6`); put {ply} in
    /// --name, or write lines with -o.
    #[arg(long, value_name = "PLY|MOVE", conflicts_with = "markers")]
    pub from: Option<std::ffi::OsString>,

    /// PGN inputs: every position up to this one (default the final one).
    #[arg(long, value_name = "PLY|MOVE", conflicts_with = "markers")]
    pub to: Option<std::ffi::OsString>,

    /// The problem flags: `--problem` reads the inputs as Fairy FEN lines
    /// with caption operations (or Popeye files), the caption flags apply
    /// to every problem, `--twins` draws each twin as its own file.
    #[command(flatten)]
    pub problem: ProblemArgs,

    #[command(flatten)]
    pub render: RenderArgs,
}

/// Join the manifests of a sharded batch (`batch --shard K/N`) into
/// the manifest one run writes.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' manifests, in shard order (1/N first).
    #[arg(value_name = "PART", required = true)]
    pub parts: Vec<PathBuf>,

    /// Where to write the merged manifest (`-`, the default: standard
    /// output); its folder is created if missing.
    #[arg(short, long, value_name = "PATH", default_value = "-")]
    pub output: PathBuf,
}
