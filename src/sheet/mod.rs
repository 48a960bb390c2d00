//! `fen2img sheet`: puzzle sheets. Reads EPD/FEN lines from files, lays
//! each position out with the render flags, and writes one PDF through
//! fen2img-pdf's sheet layout.

use fen2img_pdf::sheet::{write, Puzzle, SheetOptions, MAX_PUZZLES};
use fen2img_render::chess::ParseOptions;
use fen2img_render::{Format, Renderer};

use crate::args::sheet::SheetArgs;
use crate::args::{render_options, text::utf8};
use crate::failure::{Failure, EXIT_OK};
use crate::output::read::read_regular;
use crate::output::{write_file, Links};

/// The most bytes of one input file (a 10,000-puzzle EPD file is about a
/// megabyte).
pub const MAX_SHEET_INPUT: u64 = 16 << 20;

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
