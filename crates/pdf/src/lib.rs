//! Chess diagrams and puzzle sheets as PDF: vector drawings from the same
//! display list as every other format, text as text in the embedded font
//! (searchable, subset), tagged (each diagram a `Figure` whose alternate
//! description is its alt text), at an exact physical size, and byte for
//! byte the same for the same input (no dates, an ID hashed from the
//! content).
//!
//! A library of its own, so the renderer stays free of a PDF writer: the
//! `fen2img` command, and later the Python package, depend on it.
//!
//! ```
//! use fen2img_pdf::{diagram, PageWidth};
//! use fen2img_render::{Format, RenderOptions, Renderer};
//!
//! let fen = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
//! let position = fen2img_render::parse(fen.as_slice(), Default::default())?.position;
//! let mut renderer = Renderer::new(RenderOptions::new(Format::SVG));
//! let layout = renderer.layout(&position)?;
//! // 35 mm wide, as a newspaper column takes it.
//! let pdf = diagram(&layout, PageWidth::Points(35.0 * 72.0 / 25.4))?;
//! assert!(pdf.starts_with(b"%PDF-"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod diagram;
mod error;
mod fonts;
mod page;
pub mod sheet;
mod tree;

use krilla::page::PageSettings;
use krilla::tagging::{Tag, TagGroup, TagTree};
use krilla::{Document, SerializeSettings};

use fen2img_render::Layout;

pub use diagram::Drawing;
pub use error::PdfError;
pub use fonts::Fonts;
pub use page::{PageWidth, POINTS_PER_MM};

/// The settings every document is written with: compressed, tagged,
/// device colour spaces (DeviceGray for the print theme's black).
pub(crate) fn settings() -> SerializeSettings {
    SerializeSettings {
        enable_tagging: true,
        xmp_metadata: true,
        ..SerializeSettings::default()
    }
}

/// Metadata with no date (dates would make every run's bytes differ).
pub(crate) fn metadata(title: &str) -> krilla::metadata::Metadata {
    krilla::metadata::Metadata::new()
        .title(title.to_string())
        .language("en".to_string())
        .creator("fen2img".to_string())
}

/// One diagram as a one-page PDF the size of the image.
pub fn diagram(layout: &Layout, width: PageWidth) -> Result<Vec<u8>, PdfError> {
    let drawing = Drawing::new(layout)?;
    let (w, h) = drawing.size();
    let scale = match width {
        PageWidth::Points(points) => points / w,
        PageWidth::Dpi(dpi) => 72.0 / dpi.max(1) as f32,
    };
    let fonts = Fonts::new();
    let mut document = Document::new_with(settings());
    let page_settings = PageSettings::from_wh(w * scale, h * scale)
        .ok_or_else(|| PdfError(format!("no page of {w}x{h} pixels at {scale} points each")))?;
    let mut page = document.start_page_with(page_settings);
    let mut surface = page.surface();
    let id = drawing.draw(&mut surface, &fonts, (0.0, 0.0), scale);
    surface.finish();
    page.finish();
    let mut figure = TagGroup::new(Tag::Figure(Some(drawing.alt().to_string())));
    figure.push(id);
    let mut tree = TagTree::new();
    tree.push(figure);
    document.set_tag_tree(tree);
    document.set_metadata(metadata(&layout.title));
    document
        .finish()
        .map_err(|e| PdfError(format!("the PDF writer refused the document: {e:?}")))
}
