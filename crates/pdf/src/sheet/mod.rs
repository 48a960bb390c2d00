//! Puzzle sheets: numbered diagrams in a grid on pages of a paper size,
//! under each the side to move and its caption, a title and page numbers
//! on every page, and an optional answer key on the last pages.
//!
//! The placement ([`Plan`]) is plain arithmetic on points, apart from the
//! PDF writing, so another front end (the Python package) can lay out the
//! same pages.
//!
//! ```
//! use fen2img_pdf::sheet::{write, Puzzle, SheetOptions};
//! use fen2img_render::{Format, RenderOptions, Renderer};
//!
//! let record = fen2img_render::parse(
//!     b"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"back rank\";".as_slice(),
//!     Default::default(),
//! )?;
//! let mut renderer = Renderer::new(RenderOptions::new(Format::SVG));
//! let puzzle = Puzzle::from_record(&record, renderer.layout(&record.position)?);
//! assert_eq!(puzzle.answer.as_deref(), Some("1. Ra8#"));
//! let pdf = write(&[puzzle], &SheetOptions::default())?;
//! assert!(pdf.starts_with(b"%PDF-"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod answer;
mod content;
mod options;
mod outline;
mod pages;
mod paper;
mod plan;
mod puzzle;

use fen2img_render::Rgba;
use krilla::page::PageSettings;
use krilla::surface::Surface;
use krilla::tagging::{ArtifactType, ContentTag, Tag, TagGroup, TagTree};
use krilla::Document;

pub use answer::{epd_answer, numbered};
pub use content::{Placed, Role};
pub use options::SheetOptions;
pub use pages::{page_png, page_svg, MAX_PAGE_PIXELS};
pub use paper::{length_points, Grid, Paper, MAX_GRID, MAX_PAGE_POINTS};
pub use plan::{Plan, Slot};
pub use puzzle::{Puzzle, MAX_PUZZLES};

use crate::fonts::{draw_line, Fonts, Line};
use crate::{metadata, settings, Drawing, PdfError};

/// The ink of every line of text on a sheet: black, one plate.
const INK: Rgba = Rgba {
    r: 0,
    g: 0,
    b: 0,
    a: 255,
};

/// A whole sheet as one PDF.
pub fn write(puzzles: &[Puzzle], options: &SheetOptions) -> Result<Vec<u8>, PdfError> {
    let (plan, pages) = plan_pages(puzzles, options)?;
    let fonts = Fonts::new();
    let mut document = Document::new_with(settings());
    let mut tree = TagTree::new();
    for items in &pages {
        let settings = PageSettings::from_wh(plan.paper.width, plan.paper.height)
            .ok_or_else(|| PdfError("the paper has no area".into()))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for item in items {
            match item {
                Placed::Diagram { index, at, scale } => {
                    let drawing = Drawing::new(&puzzles[*index].layout)?;
                    let id = drawing.draw(&mut surface, &fonts, *at, *scale);
                    let mut figure = TagGroup::new(Tag::Figure(Some(drawing.alt().to_string())));
                    figure.push(id);
                    tree.push(figure);
                }
                Placed::Text {
                    text,
                    bold,
                    size,
                    at,
                    role,
                } => {
                    let content = match role {
                        Role::RunningTitle => ContentTag::Artifact(ArtifactType::Header),
                        Role::Footer => ContentTag::Artifact(ArtifactType::Footer),
                        Role::Title | Role::Paragraph => ContentTag::Other,
                    };
                    let id = surface.start_tagged(content);
                    ink_line(&mut surface, &fonts, text, *bold, *size, *at);
                    surface.end_tagged();
                    let group = match role {
                        Role::Title => Some(TagGroup::new(Tag::Hn(
                            std::num::NonZeroU16::MIN,
                            Some(text.clone()),
                        ))),
                        Role::Paragraph => Some(TagGroup::new(Tag::P)),
                        Role::RunningTitle | Role::Footer => None,
                    };
                    if let Some(mut group) = group {
                        group.push(id);
                        tree.push(group);
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    document.set_tag_tree(tree);
    document.set_metadata(metadata(
        options.title.as_deref().unwrap_or("Chess puzzles"),
    ));
    document
        .finish()
        .map_err(|e| PdfError(format!("the PDF writer refused the document: {e:?}")))
}

/// The plan and the placed contents of every page, after the checks every
/// format of a sheet shares: what [`write()`] makes a PDF of, and
/// [`page_svg`] and [`page_png`] a file a page.
///
/// ```
/// use fen2img_pdf::sheet::{page_svg, plan_pages, Puzzle, SheetOptions};
/// use fen2img_render::{Format, RenderOptions, Renderer};
///
/// let record = fen2img_render::parse(b"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#;".as_slice(), Default::default())?;
/// let mut renderer = Renderer::new(RenderOptions::new(Format::SVG));
/// let puzzles = [Puzzle::from_record(&record, renderer.layout(&record.position)?)];
/// let (plan, pages) = plan_pages(&puzzles, &SheetOptions::default())?;
/// assert_eq!(pages.len(), 2); // the diagram's page and the answer key's
/// let svg = page_svg(&puzzles, &plan, &pages[1]);
/// assert!(svg.contains("aria-label=\"1) 1. Ra8#\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plan_pages(
    puzzles: &[Puzzle],
    options: &SheetOptions,
) -> Result<(Plan, Vec<Vec<Placed>>), PdfError> {
    if puzzles.is_empty() {
        return Err(PdfError("no puzzles to lay out".into()));
    }
    if puzzles.len() > MAX_PUZZLES {
        return Err(PdfError(format!(
            "{} puzzles: a sheet takes at most {MAX_PUZZLES}",
            puzzles.len()
        )));
    }
    let plan = Plan::new(options, puzzles.len())?;
    let pages = content::pages(puzzles, options, &plan);
    Ok((plan, pages))
}

/// One line of text in the sheet's ink.
fn ink_line(
    surface: &mut Surface,
    fonts: &Fonts,
    text: &str,
    bold: bool,
    size: f32,
    at: (f32, f32),
) {
    let line = Line {
        text,
        bold,
        size,
        at,
        color: INK,
        casing: None,
    };
    draw_line(surface, fonts, &line);
}
