//! `fen2img sheet`: puzzle sheets. Reads EPD/FEN lines from files, lays
//! each position out with the render flags, and writes one PDF through
//! fen2img-pdf's sheet layout.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, ValueHint};
use fen2img_pdf::sheet::{length_points, write, Grid, Paper, Puzzle, SheetOptions, MAX_PUZZLES};
use fen2img_render::chess::ParseOptions;
use fen2img_render::{Format, Renderer};

use crate::args::{render_options, text::utf8, RenderArgs};
use crate::failure::{Failure, EXIT_OK};
use crate::output::read::read_regular;
use crate::output::{write_file, Links};

/// The most bytes of one input file (a 10,000-puzzle EPD file is about a
/// megabyte).
pub const MAX_SHEET_INPUT: u64 = 16 << 20;

/// `fen2img sheet`'s arguments.
#[derive(Args, Debug)]
pub struct SheetArgs {
    /// EPD or FEN files, one position a line (`#` lines and blank lines
    /// skipped); the caption comes from `c0` or `id`, the answer from `pv`
    /// or `bm`.
    #[arg(required = true, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub inputs: Vec<PathBuf>,

    /// The PDF to write.
    #[arg(short, long, value_name = "FILE.pdf", value_hint = ValueHint::FilePath)]
    pub output: PathBuf,

    /// Paper: a4, letter, or WxH with a unit (210x297mm, 8.5x11in).
    #[arg(long, value_name = "SIZE", default_value = "a4", value_parser = |s: &str| s.parse::<Paper>())]
    pub paper: Paper,

    /// Margin on every side (15mm, 0.5in, 36pt).
    #[arg(long, value_name = "LENGTH", default_value = "15mm", value_parser = margin)]
    pub margin: f32,

    /// Diagrams a page, columns x rows, from 1x1 to 4x5 (default 2x3, 3x4
    /// on paper half as large again).
    #[arg(long, value_name = "CxR", value_parser = |s: &str| s.parse::<Grid>())]
    pub grid: Option<Grid>,

    /// Title at the top of every page.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<OsString>,

    /// Leave out the answer key.
    #[arg(long)]
    pub no_answers: bool,

    /// How each diagram is drawn (theme, pieces, coordinates...).
    #[command(flatten)]
    pub render: RenderArgs,
}

/// `--margin`: a length, at most 100 mm (a margin that leaves no page is
/// refused when the grid is planned).
fn margin(text: &str) -> Result<f32, String> {
    let points = length_points(text)?;
    if points > 100.0 * fen2img_pdf::POINTS_PER_MM {
        return Err(format!("'{text}': at most 100mm"));
    }
    Ok(points)
}

/// Runs `fen2img sheet`; returns the exit code.
pub fn run(args: &SheetArgs) -> Result<u8, Failure> {
    if !args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
    {
        return Err(Failure::invalid(format!(
            "--output '{}': a sheet is written as PDF: name a .pdf file",
            args.output.display()
        )));
    }
    let options = render_options(&args.render, Format::SVG)?;
    let mut renderer = Renderer::new(options);
    let mut puzzles = Vec::new();
    for path in &args.inputs {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            return Err(Failure::invalid(format!(
                "'{}': PGN input to sheet is not supported yet: give EPD or FEN lines",
                path.display()
            )));
        }
        let bytes = read_regular(path, MAX_SHEET_INPUT)
            .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
        for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let trimmed = line.trim_ascii();
            if trimmed.is_empty() || trimmed.starts_with(b"#") {
                continue;
            }
            if puzzles.len() == MAX_PUZZLES {
                return Err(Failure::invalid(format!(
                    "'{}' line {}: a sheet takes at most {MAX_PUZZLES} puzzles",
                    path.display(),
                    index + 1
                )));
            }
            let record =
                fen2img_render::chess::parse(line, ParseOptions::default()).map_err(|e| {
                    Failure::invalid(format!(
                        "'{}' line {}: invalid FEN: {e}",
                        path.display(),
                        index + 1
                    ))
                })?;
            let layout = renderer.layout(&record.position).map_err(|e| {
                Failure::invalid(format!("'{}' line {}: {e}", path.display(), index + 1))
            })?;
            puzzles.push(Puzzle::from_record(&record, layout));
        }
    }
    if puzzles.is_empty() {
        return Err(Failure::invalid("no positions in the input files"));
    }
    let title = match &args.title {
        Some(t) => Some(utf8("--title", t)?.to_string()),
        None => None,
    };
    let sheet = SheetOptions {
        paper: args.paper,
        margin: args.margin,
        grid: args.grid,
        title,
        answers: !args.no_answers,
    };
    let pdf = write(&puzzles, &sheet).map_err(|e| Failure::invalid(e.to_string()))?;
    write_file(&args.output, &pdf, Links::Follow)
        .map_err(|e| Failure::io(format!("cannot write '{}': {e}", args.output.display())))?;
    Ok(EXIT_OK)
}
