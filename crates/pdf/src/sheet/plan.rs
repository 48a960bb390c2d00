//! Where everything goes on a sheet's pages, in points from the top left:
//! the bands for the title and the page number, the grid's cells, the
//! room under each diagram for its two lines, the answer key's lines.

use super::options::SheetOptions;
use super::paper::{Grid, Paper};
use crate::PdfError;

/// One cell of the grid: where its diagram and lines go.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    /// Left edge of the cell.
    pub x: f32,
    /// Top of the diagram.
    pub y: f32,
    /// Width of the cell.
    pub width: f32,
    /// The most width the diagram may take.
    pub diagram_width: f32,
    /// The most height the diagram may take.
    pub diagram_height: f32,
}

/// A sheet's pages, worked out once.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The paper.
    pub paper: Paper,
    /// The margin.
    pub margin: f32,
    /// The grid used.
    pub grid: Grid,
    /// Left edge of the content.
    pub left: f32,
    /// Top of the content (below the title band).
    pub top: f32,
    /// Width of the content.
    pub content_width: f32,
    /// Height of the content (above the page-number band).
    pub content_height: f32,
    /// Pages of diagrams.
    pub diagram_pages: usize,
    /// Pages of the answer key.
    pub answer_pages: usize,
    /// Size of the lines under diagrams, page numbers and answers.
    pub text_size: f32,
    /// Size of the title.
    pub title_size: f32,
    /// Size of the answer key's heading.
    pub heading: f32,
    /// Distance between lines under a diagram.
    pub line: f32,
    /// Distance between lines of the answer key.
    pub answer_line: f32,
}

impl Plan {
    /// The plan of `count` puzzles with `options`.
    pub fn new(options: &SheetOptions, count: usize) -> Result<Plan, PdfError> {
        let paper = options.paper;
        let margin = options.margin;
        let text_size = 10.0;
        let title_size = 16.0;
        let title_band = if options.title.is_some() {
            title_size + 14.0
        } else {
            0.0
        };
        let footer_band = text_size + 12.0;
        let content_width = paper.width - 2.0 * margin;
        let content_height = paper.height - 2.0 * margin - title_band - footer_band;
        let grid = options.grid.unwrap_or_else(|| Plan::default_grid(paper));
        let plan = Plan {
            paper,
            margin,
            grid,
            left: margin,
            top: margin + title_band,
            content_width,
            content_height,
            diagram_pages: count.div_ceil((grid.columns * grid.rows) as usize),
            answer_pages: 0,
            text_size,
            title_size,
            heading: 14.0,
            line: text_size * 1.4,
            answer_line: text_size * 1.5,
        };
        let slot = plan.slot(0);
        // A diagram narrower than an inch is not worth printing.
        if slot.diagram_width < 72.0 || slot.diagram_height < 72.0 {
            return Err(PdfError(format!(
                "--grid {}x{} with --margin {:.1}mm leaves diagrams under an inch on this paper: \
                 use fewer columns or rows, or a smaller margin",
                grid.columns,
                grid.rows,
                margin / crate::POINTS_PER_MM
            )));
        }
        let answer_pages = if options.answers {
            count.div_ceil(plan.answers_per_page())
        } else {
            0
        };
        Ok(Plan {
            answer_pages,
            ..plan
        })
    }

    /// The grid when none is asked for: 2x3 on A4 and Letter-sized pages
    /// (diagrams near 80 mm, readable at arm's length), 3x4 on pages at
    /// least half as large again each way.
    pub fn default_grid(paper: Paper) -> Grid {
        if paper.width >= 1.5 * 595.0 && paper.height >= 1.5 * 792.0 {
            Grid {
                columns: 3,
                rows: 4,
            }
        } else {
            Grid {
                columns: 2,
                rows: 3,
            }
        }
    }

    /// Diagrams on a full page.
    pub fn per_page(&self) -> usize {
        (self.grid.columns * self.grid.rows) as usize
    }

    /// Pages in all.
    pub fn total_pages(&self) -> usize {
        self.diagram_pages + self.answer_pages
    }

    /// Answer lines on a page.
    pub fn answers_per_page(&self) -> usize {
        (((self.content_height - self.heading) / self.answer_line).floor() as usize).max(1)
    }

    /// The `i`th cell of a page, row by row.
    pub fn slot(&self, i: usize) -> Slot {
        let columns = self.grid.columns as usize;
        let (column, row) = (i % columns, i / columns);
        let width = self.content_width / self.grid.columns as f32;
        let height = self.content_height / self.grid.rows as f32;
        let gutter = 12.0;
        // Two lines under the diagram, and a gap before the next row.
        let below = 2.0 * self.line + 10.0;
        Slot {
            x: self.left + column as f32 * width,
            y: self.top + row as f32 * height,
            width,
            diagram_width: width - gutter,
            diagram_height: height - below,
        }
    }

    /// Characters of text that fit in `width` (an average character of
    /// the font is about half its size wide).
    pub fn chars_per_line(&self, width: f32) -> usize {
        ((width / (self.text_size * 0.52)) as usize).max(8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_puzzles_take_two_pages_of_six_and_a_key() {
        let plan = Plan::new(&SheetOptions::default(), 12).unwrap();
        assert_eq!(
            plan.grid,
            Grid {
                columns: 2,
                rows: 3
            }
        );
        assert_eq!((plan.diagram_pages, plan.answer_pages), (2, 1));
        // Every cell inside the margins.
        for i in 0..plan.per_page() {
            let s = plan.slot(i);
            assert!(s.x >= plan.margin && s.x + s.width <= plan.paper.width - plan.margin + 0.01);
            assert!(s.y >= plan.margin && s.y + s.diagram_height < plan.paper.height - plan.margin);
        }
        // Row by row: the second cell is right of the first, the third below.
        assert!(plan.slot(1).x > plan.slot(0).x && plan.slot(1).y == plan.slot(0).y);
        assert!(plan.slot(2).y > plan.slot(0).y);
    }

    #[test]
    fn a_margin_leaving_no_room_is_refused_and_large_paper_gets_more_cells() {
        let tight = SheetOptions {
            grid: Some(Grid {
                columns: 4,
                rows: 5,
            }),
            margin: 90.0 * crate::POINTS_PER_MM,
            ..SheetOptions::default()
        };
        assert!(Plan::new(&tight, 1).unwrap_err().0.contains("--grid 4x5"));
        let a3 = Paper {
            width: 842.0,
            height: 1191.0,
        };
        assert_eq!(
            Plan::default_grid(a3),
            Grid {
                columns: 2,
                rows: 3
            }
        );
        let a2 = Paper {
            width: 1191.0,
            height: 1684.0,
        };
        assert_eq!(
            Plan::default_grid(a2),
            Grid {
                columns: 3,
                rows: 4
            }
        );
    }
}
