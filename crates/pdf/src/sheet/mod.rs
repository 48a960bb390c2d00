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
mod options;
mod paper;
mod plan;

use fen2img_render::chess::Record;
use fen2img_render::{Color, Layout, Rgba};
use krilla::page::PageSettings;
use krilla::surface::Surface;
use krilla::tagging::{ArtifactType, ContentTag, Identifier, Tag, TagGroup, TagTree};
use krilla::Document;

pub use answer::{epd_answer, numbered};
pub use options::SheetOptions;
pub use paper::{length_points, Grid, Paper, MAX_GRID, MAX_PAGE_POINTS};
pub use plan::{Plan, Slot};

use crate::fonts::{draw_line, Fonts, Line};
use crate::{metadata, settings, Drawing, PdfError};

/// The most puzzles one sheet takes (a book of them: 10,000 diagrams on
/// 500 pages at 4x5; the pages are kept until the document is written).
pub const MAX_PUZZLES: usize = 10_000;

/// One diagram of a sheet.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The diagram, laid out by the renderer.
    pub layout: Layout,
    /// Whether White moves (the line under the diagram says who).
    pub white_to_move: bool,
    /// The caption under it (EPD `id` or `c0`, a marker's comment).
    pub caption: Option<String>,
    /// The solution for the answer key, numbered SAN.
    pub answer: Option<String>,
}

impl Puzzle {
    /// A puzzle from an EPD or FEN record: its caption from `c0`, else `id`,
    /// its answer from `pv` or `bm`.
    pub fn from_record(record: &Record, layout: Layout) -> Puzzle {
        Puzzle {
            layout,
            white_to_move: record.position.turn == Color::White,
            caption: record.caption().or(record.id()).map(str::to_string),
            answer: epd_answer(record),
        }
    }
}

/// The ink of every line of text on a sheet: black, one plate.
const INK: Rgba = Rgba {
    r: 0,
    g: 0,
    b: 0,
    a: 255,
};

/// A whole sheet as one PDF.
pub fn write(puzzles: &[Puzzle], options: &SheetOptions) -> Result<Vec<u8>, PdfError> {
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
    let fonts = Fonts::new();
    let mut document = Document::new_with(settings());
    let mut tree = TagTree::new();
    let total = plan.total_pages();
    for page_index in 0..plan.diagram_pages {
        let settings = PageSettings::from_wh(plan.paper.width, plan.paper.height)
            .ok_or_else(|| PdfError("the paper has no area".into()))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        header(
            &mut surface,
            &fonts,
            &plan,
            options,
            page_index,
            total,
            &mut tree,
        );
        let first = page_index * plan.per_page();
        let last = (first + plan.per_page()).min(puzzles.len());
        for (i, puzzle) in puzzles[first..last].iter().enumerate() {
            let number = first + i + 1;
            let slot = plan.slot(i);
            let drawing = Drawing::new(&puzzle.layout)?;
            let (w, h) = drawing.size();
            let scale = (slot.diagram_width / w).min(slot.diagram_height / h);
            let x = slot.x + (slot.width - w * scale) / 2.0;
            let id = drawing.draw(&mut surface, &fonts, (x, slot.y), scale);
            let mut figure = TagGroup::new(Tag::Figure(Some(drawing.alt().to_string())));
            figure.push(id);
            tree.push(figure);
            let side = if puzzle.white_to_move {
                "White to move"
            } else {
                "Black to move"
            };
            let below = slot.y + h * scale + plan.line;
            let line1 = format!("{number}. {side}");
            paragraph(
                &mut surface,
                &fonts,
                &mut tree,
                &line1,
                true,
                plan.text_size,
                (x, below),
            );
            if let Some(caption) = &puzzle.caption {
                let fitted = fit(caption, plan.chars_per_line(w * scale));
                let at = (x, below + plan.line);
                paragraph(
                    &mut surface,
                    &fonts,
                    &mut tree,
                    &fitted,
                    false,
                    plan.text_size,
                    at,
                );
            }
        }
        surface.finish();
        page.finish();
    }
    if options.answers {
        let lines: Vec<String> = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}) {}", i + 1, p.answer.as_deref().unwrap_or("—")))
            .collect();
        for (k, chunk) in lines.chunks(plan.answers_per_page()).enumerate() {
            let page_index = plan.diagram_pages + k;
            let settings = PageSettings::from_wh(plan.paper.width, plan.paper.height)
                .ok_or_else(|| PdfError("the paper has no area".into()))?;
            let mut page = document.start_page_with(settings);
            let mut surface = page.surface();
            header(
                &mut surface,
                &fonts,
                &plan,
                options,
                page_index,
                total,
                &mut tree,
            );
            let mut y = plan.top + plan.heading;
            let heading = if k == 0 {
                "Answers"
            } else {
                "Answers (continued)"
            };
            paragraph(
                &mut surface,
                &fonts,
                &mut tree,
                heading,
                true,
                plan.heading,
                (plan.left, y),
            );
            for line in chunk {
                y += plan.answer_line;
                let fitted = fit(line, plan.chars_per_line(plan.content_width));
                paragraph(
                    &mut surface,
                    &fonts,
                    &mut tree,
                    &fitted,
                    false,
                    plan.text_size,
                    (plan.left, y),
                );
            }
            surface.finish();
            page.finish();
        }
    }
    document.set_tag_tree(tree);
    document.set_metadata(metadata(
        options.title.as_deref().unwrap_or("Chess puzzles"),
    ));
    document
        .finish()
        .map_err(|e| PdfError(format!("the PDF writer refused the document: {e:?}")))
}

/// The title (tagged, a heading) and the page number (an artifact, as
/// page furniture is) of one page.
fn header(
    surface: &mut Surface,
    fonts: &Fonts,
    plan: &Plan,
    options: &SheetOptions,
    page_index: usize,
    total: usize,
    tree: &mut TagTree,
) {
    if let Some(title) = &options.title {
        let fitted = fit(title, plan.chars_per_line(plan.content_width) * 2 / 3);
        let at = (plan.left, plan.margin + plan.title_size);
        if page_index == 0 {
            let id = surface.start_tagged(ContentTag::Other);
            ink_line(surface, fonts, &fitted, true, plan.title_size, at);
            surface.end_tagged();
            let mut h1 = TagGroup::new(Tag::Hn(std::num::NonZeroU16::MIN, Some(fitted.clone())));
            h1.push(id);
            tree.push(h1);
        } else {
            surface.start_tagged(ContentTag::Artifact(ArtifactType::Header));
            ink_line(surface, fonts, &fitted, true, plan.title_size, at);
            surface.end_tagged();
        }
    }
    surface.start_tagged(ContentTag::Artifact(ArtifactType::Footer));
    let number = format!("Page {} of {total}", page_index + 1);
    let at = (plan.left, plan.paper.height - plan.margin);
    ink_line(surface, fonts, &number, false, plan.text_size, at);
    surface.end_tagged();
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

/// One line of text as a tagged paragraph.
fn paragraph(
    surface: &mut Surface,
    fonts: &Fonts,
    tree: &mut TagTree,
    text: &str,
    bold: bool,
    size: f32,
    at: (f32, f32),
) {
    let id: Identifier = surface.start_tagged(ContentTag::Other);
    ink_line(surface, fonts, text, bold, size, at);
    surface.end_tagged();
    let mut p = TagGroup::new(Tag::P);
    p.push(id);
    tree.push(p);
}

/// `text` cut to `max` characters with an ellipsis, control characters
/// made spaces (a caption comes from the user's file).
fn fit(text: &str, max: usize) -> String {
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if clean.chars().count() <= max {
        return clean;
    }
    let mut cut: String = clean.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
