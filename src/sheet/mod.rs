//! `fen2img sheet`: puzzle sheets. Reads EPD/FEN lines and PGN games from
//! files in the order given, lays each position out with the render flags,
//! and writes one PDF through fen2img-pdf's sheet layout, or one SVG or
//! PNG file a page from the same page plan.

mod epd;
mod games;
mod pages;
mod puzzles;

use std::path::Path;

use fen2img_pdf::sheet::{write, SheetOptions};
use fen2img_render::{Format, Renderer};

use crate::args::sheet::SheetArgs;
use crate::args::{render_options, text::utf8};
use crate::failure::{Failure, EXIT_INVALID, EXIT_OK};
use crate::output::read::read_regular;
use crate::output::{write_file, Links};
use fen2img_games::input::is_pgn_path;
use pages::PageFormat;
use puzzles::Puzzles;

/// The most bytes of one EPD or FEN input file (a 10,000-puzzle EPD file
/// is about a megabyte); a PGN file may be as large as the games reader
/// takes (`fen2img_games::input::MAX_PGN_LEN`).
pub const MAX_SHEET_INPUT: u64 = 16 << 20;

/// Runs `fen2img sheet`; returns the exit code.
pub fn run(args: &SheetArgs) -> Result<u8, Failure> {
    let format = PageFormat::of(&args.output)?;
    let options = render_options(&args.render, Format::SVG)?;
    let mut renderer = Renderer::new(options.clone());
    let mut puzzles = Puzzles { list: Vec::new() };
    let mut skipped = 0;
    for path in &args.inputs {
        let source = path.display().to_string();
        if is_pgn_path(path.as_os_str().as_encoded_bytes()) {
            let limit = fen2img_games::input::MAX_PGN_LEN as u64;
            let text = read_input(path, limit)?;
            skipped += games::read(
                &source,
                &text,
                args.markers,
                args.render.strict,
                &mut renderer,
                &options,
                &mut puzzles,
            )?;
        } else {
            let bytes = read_input(path, MAX_SHEET_INPUT)?;
            epd::read(&source, &bytes, &mut renderer, &mut puzzles)?;
        }
    }
    if puzzles.list.is_empty() {
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
    match format {
        PageFormat::Pdf => {
            let pdf = write(&puzzles.list, &sheet).map_err(|e| Failure::invalid(e.to_string()))?;
            write_file(&args.output, &pdf, Links::Follow).map_err(|e| {
                Failure::io(format!("cannot write '{}': {e}", args.output.display()))
            })?;
        }
        PageFormat::Svg | PageFormat::Png => {
            // The options table has checked --dpi already.
            let dpi = args
                .render
                .dpi
                .as_ref()
                .and_then(|d| d.to_str()?.parse().ok());
            let dpi = dpi.unwrap_or(fen2img_render::options::DEFAULT_DPI);
            pages::write_pages(&puzzles.list, &sheet, format, &args.output, dpi)?
        }
    }
    Ok(if skipped > 0 { EXIT_INVALID } else { EXIT_OK })
}

/// The bytes of one input file, at most `limit`.
fn read_input(path: &Path, limit: u64) -> Result<Vec<u8>, Failure> {
    read_regular(path, limit)
        .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))
}
