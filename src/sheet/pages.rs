//! Where a sheet goes: one PDF, or SVG or PNG pages written one file a
//! page (`sheet-1.svg`, `sheet-2.svg`... beside the name given, or the
//! page number where `{page}` stands in it), each through a temporary
//! renamed over its target.

use std::path::{Path, PathBuf};

use fen2img_pdf::sheet::{page_png, page_svg, plan_pages, Puzzle, SheetOptions};

use crate::failure::Failure;
use crate::output::{write_file, Links};

/// The format `-o` names by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageFormat {
    /// One PDF.
    Pdf,
    /// An SVG file a page.
    Svg,
    /// A PNG file a page.
    Png,
}

impl PageFormat {
    /// The format of `output`, by its extension.
    pub fn of(output: &Path) -> Result<PageFormat, Failure> {
        let ext = output
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("pdf") => Ok(PageFormat::Pdf),
            Some("svg") => Ok(PageFormat::Svg),
            Some("png") => Ok(PageFormat::Png),
            _ => Err(Failure::invalid(format!(
                "--output '{}': a sheet is written as PDF, or SVG or PNG pages: \
                 name a .pdf, .svg or .png file",
                output.display()
            ))),
        }
    }
}

/// The file of page `number` (from 1) for `-o output`: `{page}` in the
/// file name replaced, else `-N` before the extension.
pub fn page_path(output: &Path, number: usize) -> PathBuf {
    let name = output
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let named = if name.contains("{page}") {
        name.replace("{page}", &number.to_string())
    } else {
        let stem = output
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let ext = output
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("{stem}-{number}.{ext}")
    };
    output.with_file_name(named)
}

/// Writes every page of the sheet as SVG or PNG (`dpi` for PNG).
pub fn write_pages(
    puzzles: &[Puzzle],
    sheet: &SheetOptions,
    format: PageFormat,
    output: &Path,
    dpi: u32,
) -> Result<(), Failure> {
    let (plan, pages) = plan_pages(puzzles, sheet).map_err(|e| Failure::invalid(e.to_string()))?;
    for (i, items) in pages.iter().enumerate() {
        let bytes = match format {
            PageFormat::Png => {
                page_png(puzzles, &plan, items, dpi).map_err(|e| Failure::invalid(e.to_string()))?
            }
            _ => page_svg(puzzles, &plan, items).into_bytes(),
        };
        let path = page_path(output, i + 1);
        write_file(&path, &bytes, Links::Follow)
            .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_numbered_before_the_extension_or_where_the_template_says() {
        let p = |o: &str, n| page_path(Path::new(o), n).display().to_string();
        assert_eq!(p("out/sheet.svg", 2), "out/sheet-2.svg");
        assert_eq!(p("p{page}-x.png", 12), "p12-x.png");
        assert!(PageFormat::of(Path::new("s.PNG")).is_ok());
        assert!(PageFormat::of(Path::new("s.gif")).is_err());
    }
}
