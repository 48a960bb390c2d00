//! What each page of a sheet holds, placed: the diagrams with their
//! position and scale, and every line of text with its role. The PDF
//! writer and the SVG/PNG page writers both walk this one list, so the
//! pages look the same in every format.

use super::options::SheetOptions;
use super::plan::Plan;
use super::puzzle::Puzzle;

/// What a line of text is, for tagging (PDF) and nothing else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The title on the first page: a heading.
    Title,
    /// The title repeated on a later page: page furniture.
    RunningTitle,
    /// The page number: page furniture.
    Footer,
    /// A line under a diagram or in the answer key: a paragraph.
    Paragraph,
}

/// One thing placed on a page, in points from the page's top left.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    /// Puzzle `index` (into the sheet's list) with its top left corner at
    /// `at`, `scale` points a pixel.
    Diagram {
        /// The puzzle.
        index: usize,
        /// Top left corner.
        at: (f32, f32),
        /// Points per pixel of the diagram.
        scale: f32,
    },
    /// A line of text, `at` the left end of its baseline.
    Text {
        /// The text, already cut to fit.
        text: String,
        /// Bold or regular.
        bold: bool,
        /// Points per em.
        size: f32,
        /// The left end of the baseline.
        at: (f32, f32),
        /// What the line is.
        role: Role,
    },
}

/// Every page of the sheet, each a list of what goes on it, bottom first.
pub fn pages(puzzles: &[Puzzle], options: &SheetOptions, plan: &Plan) -> Vec<Vec<Placed>> {
    let total = plan.total_pages();
    let mut pages = Vec::with_capacity(total);
    for page_index in 0..plan.diagram_pages {
        let mut page = header(plan, options, page_index, total);
        let first = page_index * plan.per_page();
        let last = (first + plan.per_page()).min(puzzles.len());
        for (i, puzzle) in puzzles[first..last].iter().enumerate() {
            let number = first + i + 1;
            let slot = plan.slot(i);
            let (w, h) = (
                puzzle.layout.frame.width() as f32,
                puzzle.layout.frame.height() as f32,
            );
            let scale = (slot.diagram_width / w).min(slot.diagram_height / h);
            let x = slot.x + (slot.width - w * scale) / 2.0;
            page.push(Placed::Diagram {
                index: first + i,
                at: (x, slot.y),
                scale,
            });
            let side = if puzzle.white_to_move {
                "White to move"
            } else {
                "Black to move"
            };
            let below = slot.y + h * scale + plan.line;
            page.push(paragraph(
                format!("{number}. {side}"),
                true,
                plan.text_size,
                (x, below),
            ));
            if let Some(caption) = &puzzle.caption {
                let fitted = fit(caption, plan.chars_per_line(w * scale));
                page.push(paragraph(
                    fitted,
                    false,
                    plan.text_size,
                    (x, below + plan.line),
                ));
            }
        }
        pages.push(page);
    }
    if options.answers {
        let lines: Vec<String> = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}) {}", i + 1, p.answer.as_deref().unwrap_or("—")))
            .collect();
        for (k, chunk) in lines.chunks(plan.answers_per_page()).enumerate() {
            let mut page = header(plan, options, plan.diagram_pages + k, total);
            let mut y = plan.top + plan.heading;
            let heading = if k == 0 {
                "Answers"
            } else {
                "Answers (continued)"
            };
            page.push(paragraph(
                heading.to_string(),
                true,
                plan.heading,
                (plan.left, y),
            ));
            for line in chunk {
                y += plan.answer_line;
                let fitted = fit(line, plan.chars_per_line(plan.content_width));
                page.push(paragraph(fitted, false, plan.text_size, (plan.left, y)));
            }
            pages.push(page);
        }
    }
    pages
}

/// The title and the page number of one page.
fn header(plan: &Plan, options: &SheetOptions, page_index: usize, total: usize) -> Vec<Placed> {
    let mut page = Vec::new();
    if let Some(title) = &options.title {
        page.push(Placed::Text {
            text: fit(title, plan.chars_per_line(plan.content_width) * 2 / 3),
            bold: true,
            size: plan.title_size,
            at: (plan.left, plan.margin + plan.title_size),
            role: if page_index == 0 {
                Role::Title
            } else {
                Role::RunningTitle
            },
        });
    }
    page.push(Placed::Text {
        text: format!("Page {} of {total}", page_index + 1),
        bold: false,
        size: plan.text_size,
        at: (plan.left, plan.paper.height - plan.margin),
        role: Role::Footer,
    });
    page
}

fn paragraph(text: String, bold: bool, size: f32, at: (f32, f32)) -> Placed {
    Placed::Text {
        text,
        bold,
        size,
        at,
        role: Role::Paragraph,
    }
}

/// `text` cut to `max` characters with an ellipsis, control characters
/// and bidi controls made spaces (a caption comes from the user's file,
/// and reaches an SVG page as it is).
fn fit(text: &str, max: usize) -> String {
    let bidi = |c: char| matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() || bidi(c) { ' ' } else { c })
        .collect();
    if clean.chars().count() <= max {
        return clean;
    }
    let mut cut: String = clean.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
