//! A sheet's EPD and FEN input: one puzzle a line (blank lines and `#`
//! lines skipped), its caption from `c0` or `id`, its answer from `pv` or
//! `bm`.

use fen2img_pdf::sheet::Puzzle;
use fen2img_render::chess::ParseOptions;
use fen2img_render::Renderer;

use super::puzzles::Puzzles;
use crate::failure::Failure;

/// Adds the puzzles of `bytes`, the text of the file `source`.
pub fn read(
    source: &str,
    bytes: &[u8],
    renderer: &mut Renderer,
    puzzles: &mut Puzzles,
) -> Result<(), Failure> {
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let trimmed = line.trim_ascii();
        if trimmed.is_empty() || trimmed.starts_with(b"#") {
            continue;
        }
        let at = format!("'{source}' line {}", index + 1);
        puzzles.room(&at)?;
        let record = fen2img_render::chess::parse(line, ParseOptions::default())
            .map_err(|e| Failure::invalid(format!("{at}: invalid FEN: {e}")))?;
        let layout = renderer
            .layout(&record.position)
            .map_err(|e| Failure::invalid(format!("{at}: {e}")))?;
        puzzles.list.push(Puzzle::from_record(&record, layout));
    }
    Ok(())
}
