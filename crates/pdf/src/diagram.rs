//! One diagram drawn on a PDF surface from its layout: the SVG the
//! renderer writes (without its text) through [`crate::tree`], and the
//! layout's text as real text over it, the whole marked as one figure.

use std::sync::Arc;

use fen2img_render::{svg, Layout};
use krilla::geom::Transform;
use krilla::surface::Surface;
use krilla::tagging::{ContentTag, Identifier};
use resvg::usvg;

use crate::fonts::{draw_placed, Fonts};
use crate::{tree, PdfError};

/// A diagram ready to draw: its SVG parsed, its size in pixels.
pub struct Drawing<'a> {
    layout: &'a Layout,
    tree: usvg::Tree,
}

impl<'a> Drawing<'a> {
    /// Parses the layout's SVG, text left out (it is drawn as text).
    pub fn new(layout: &'a Layout) -> Result<Drawing<'a>, PdfError> {
        let mut frame = (*layout.frame).clone();
        frame.board.texts.clear();
        let mut plain = layout.clone();
        plain.frame = Arc::new(frame);
        let svg = svg::write(&plain);
        let tree = usvg::Tree::from_str(&svg, &usvg::Options::default())
            .map_err(|e| PdfError(format!("the diagram's SVG did not parse: {e}")))?;
        Ok(Drawing { layout, tree })
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (f32, f32) {
        let size = self.tree.size();
        (size.width(), size.height())
    }

    /// Draws the diagram with its top left corner at `(x, y)` and `scale`
    /// surface units per pixel, as one tagged content section (the
    /// figure's leaf).
    pub fn draw(
        &self,
        surface: &mut Surface,
        fonts: &Fonts,
        (x, y): (f32, f32),
        scale: f32,
    ) -> Identifier {
        let id = surface.start_tagged(ContentTag::Other);
        surface.push_transform(&Transform::from_row(scale, 0.0, 0.0, scale, x, y));
        surface.push_transform(&tree::transform(self.tree.root().transform()));
        tree::draw_group(self.tree.root(), surface);
        surface.pop();
        for text in &self.layout.frame.board.texts {
            draw_placed(surface, fonts, text);
        }
        surface.pop();
        surface.end_tagged();
        id
    }

    /// The alt text, the figure's alternate description.
    pub fn alt(&self) -> &str {
        &self.layout.description
    }
}
