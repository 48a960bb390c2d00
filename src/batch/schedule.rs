//! Rendering in parallel: chunks of lines, a thread pool sized to the
//! memory large images take, and results put back in input order.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

use fen2img_render::options::{Around, Caption};
use fen2img_render::{parse, Format, ParseOptions, RenderOptions, Renderer};

use super::lines::Line;
use super::names::NameTemplate;
use super::outcome::{Done, Outcome, Problem};
use crate::args::strict_refusal;
use crate::output::{signals, write_if_changed, Links, WriteOutcome};

/// Lines rendered per parallel chunk: large enough to keep every core busy,
/// small enough that memory stays flat for any input size.
const CHUNK: usize = 512;

/// Memory that concurrent raster renders may take together. One 4096 px
/// WebP render peaks at about 200 MB (the pixmap, the cached background,
/// the encoder's buffers), so at that size this allows 5 at a time instead
/// of one per `-j` (3.2 GB at `-j 16`); below about 1,800 px it never
/// limits.
const MEMORY_BUDGET: u64 = 1 << 30;

/// Peak bytes one raster render takes, per pixel: measured about 12 at
/// 4096 px WebP (200 MB / 16.8 Mpx); PNG and JPEG take less.
const BYTES_PER_PIXEL: u64 = 12;

/// What every line shares.
pub struct Context {
    /// `--out-dir`.
    pub out_dir: PathBuf,
    /// `--name`.
    pub template: NameTemplate,
    /// [`fen2img_render::fingerprint::options_digest`] of the options, for `{hash}`.
    pub options_digest: u64,
    /// The output format (for `{ext}` and image sizes); SVG for a PDF,
    /// which is drawn from the SVG writer's layout.
    pub format: Format,
    /// `-f pdf`: each diagram a one-page PDF of this width.
    pub pdf: Option<fen2img_pdf::PageWidth>,
    /// `--strict`: legality warnings are errors.
    pub strict: bool,
    /// The caption, number and players of the options.
    pub around: Around,
    /// Diagrams are numbered by line: the number on line 1 (`--number`,
    /// or 1 with `--number-format` alone).
    pub first_number: Option<u32>,
}

impl Context {
    /// What line `n` draws around its board: its EPD `c0` as the caption
    /// (unless `--caption` was given) and its number when numbering.
    pub fn line_around(&self, n: usize, c0: Option<&str>) -> Around {
        let mut around = self.around.clone();
        if let (None, Some(c0)) = (&around.caption, c0) {
            around.caption = Some(Caption::Text(c0.to_string()));
        }
        if let Some(first) = self.first_number {
            let n = u32::try_from(n.saturating_sub(1)).unwrap_or(u32::MAX);
            around.number = Some(first.saturating_add(n));
        }
        around
    }

    /// What `{ext}` writes: `pdf`, or the format's extension.
    pub fn extension(&self) -> &'static str {
        match self.pdf {
            Some(_) => "pdf",
            None => self.format.extension(),
        }
    }

    /// The options digest for a line drawing `around`: the options' own
    /// when it is theirs, else one that tells the lines apart.
    pub fn digest_for(&self, around: &Around) -> u64 {
        if *around == self.around {
            self.options_digest
        } else {
            fen2img_render::fingerprint::with_around(self.options_digest, around)
        }
    }
}

/// The options digest of a PDF (for `{hash}`): the options' own, told
/// apart by the page width (two printed widths may round to the same
/// pixels, and their PDFs still differ).
pub fn pdf_digest(options: u64, page: fen2img_pdf::PageWidth) -> u64 {
    fen2img_render::fingerprint::diagram_digest(&format!("pdf {page:?}"), options)
}

/// Worker threads: `jobs` (0: one per core), but no more than the memory
/// budget allows for images of this size.
pub fn threads(jobs: usize, options: &RenderOptions) -> usize {
    let wanted = match jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    wanted.min(max_concurrent_renders(options)).max(1)
}

/// How many renders of these options fit in [`MEMORY_BUDGET`] at once.
fn max_concurrent_renders(options: &RenderOptions) -> usize {
    match options.format {
        Format::PNG | Format::WEBP | Format::JPEG => {
            let size = u64::from(options.diagram.size);
            let per_render = size * size * BYTES_PER_PIXEL;
            (MEMORY_BUDGET / per_render.max(1)).max(1) as usize
        }
        // SVG and text are small whatever the size.
        _ => usize::MAX,
    }
}

/// Lines per chunk: a chunk's images are held in memory between rendering
/// and writing, so large images come in smaller chunks.
pub fn chunk_len(options: &RenderOptions) -> usize {
    let size = options.diagram.size as usize;
    // About 64 MiB of raw pixels per chunk at most.
    (64 * 1024 * 1024 / (4 * size * size).max(1)).clamp(16, CHUNK)
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

/// Renders a chunk in parallel, then writes it so that the result is what a
/// serial run gives: when several lines name the same file (the same
/// position under `{hash}`), the first in input order writes it and the
/// others report it unchanged, whatever the timing.
pub fn process_chunk(chunk: &[Line], ctx: &Context, renderers: &[Mutex<Renderer>]) -> Vec<Outcome> {
    let rendered: Vec<Result<Rendered, Problem>> = chunk
        .par_iter()
        .map(|line| {
            if signals::stop_requested().is_some() {
                return Err(Problem::Interrupted);
            }
            let slot = rayon::current_thread_index().unwrap_or(0) % renderers.len().max(1);
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
            // Batch names its files itself: a link or special file with
            // that name in the out dir is replaced, never written through.
            Ok(r) if writer_of[i] == Some(i) => {
                Some(write_if_changed(&r.path, &r.bytes, Links::Replace))
            }
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
                    Some(Err(e)) => Err(e.to_string()),
                    _ => Ok(false),
                },
                (_, Some(Ok(outcome))) => Ok(*outcome == WriteOutcome::Written),
                (_, Some(Err(e))) => Err(e.to_string()),
                (_, None) => Ok(false),
            };
            match status {
                Ok(written) => Outcome::Done(Done {
                    fen: r.fen,
                    path: r.path,
                    alt: r.alt,
                    caption: r.caption,
                    size: r.size,
                    written,
                    warnings: r.warnings,
                }),
                Err(e) => Outcome::Failed(Problem::Io {
                    message: format!("cannot write '{}': {e}", r.path.display()),
                }),
            }
        })
        .collect()
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
    if let Some(message) = ctx.strict.then(|| strict_refusal(&record)).flatten() {
        return Err(Problem::Invalid {
            column: None,
            message,
        });
    }
    let mut warnings: Vec<String> = record.warnings().iter().map(|w| w.to_string()).collect();
    let fen = position.to_string();
    let around = ctx.line_around(line.n, record.caption());
    if let (None, Some(c0)) = (&ctx.around.caption, record.caption()) {
        for c in fen2img_render::missing_glyphs(c0) {
            warnings.push(crate::args::missing_glyph_message(c, "c0"));
        }
    }
    let name = ctx.template.expand(
        line.n,
        record.id(),
        &fen,
        ctx.digest_for(&around),
        ctx.extension(),
    );
    if renderer.options().diagram.around != around {
        // Same options but the caption: the renderer keeps its sprites.
        let mut options = renderer.options().clone();
        options.diagram.around = around;
        renderer.set_options(options);
    }
    let invalid = |message: String| Problem::Invalid {
        column: None,
        message,
    };
    let bytes = match ctx.pdf {
        Some(page) => {
            let layout = renderer
                .layout(position)
                .map_err(|e| invalid(e.to_string()))?;
            fen2img_pdf::diagram(&layout, page)
                .map_err(|e| invalid(format!("cannot write the PDF: {e}")))?
        }
        None => renderer
            .render(position)
            .map_err(|e| invalid(e.to_string()))?,
    };
    let size = match ctx.format {
        Format::Image(_) => renderer.image_size(position).ok(),
        _ => None,
    };
    let diagram = &renderer.options().diagram;
    let alt = fen2img_render::alt_text(position, diagram);
    Ok(Rendered {
        alt,
        caption: record.caption().map(str::to_string),
        fen,
        path: ctx.out_dir.join(&name),
        size,
        bytes,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(format: Format, size: u32) -> RenderOptions {
        let mut o = RenderOptions::new(format);
        o.diagram.size = size;
        o
    }

    #[test]
    fn large_images_render_fewer_at_a_time() {
        assert_eq!(threads(16, &options(Format::WEBP, 4096)), 5);
        assert_eq!(threads(16, &options(Format::PNG, 4096)), 5);
        assert_eq!(threads(16, &options(Format::PNG, 400)), 16);
        assert_eq!(threads(16, &options(Format::SVG, 4096)), 16);
        assert_eq!(threads(3, &options(Format::WEBP, 4096)), 3);
        assert!(threads(0, &options(Format::PNG, 4096)) >= 1);
    }
}
