//! The drawing primitives of a piece glyph: a path with its paint.
//!
//! Shared by the piece sets (`pieces`), the flat-path file of the built-in
//! set (`glyph_file`) and the SVG writer, so that none of them has to
//! import another for these types.

use resvg::tiny_skia::{LineCap, LineJoin};

use crate::assets::color::Rgba;

/// One path of a glyph with its paint, as the SVG writer needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphPath {
    /// The outline in glyph coordinates.
    pub path: resvg::tiny_skia::Path,
    /// Fill colour (alpha carries fill-opacity), if filled.
    pub fill: Option<Rgba>,
    /// Whether the fill uses the even-odd rule.
    pub even_odd: bool,
    /// Outline, if stroked.
    pub stroke: Option<GlyphStroke>,
}

/// The outline of a glyph path.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphStroke {
    /// Colour (alpha carries stroke-opacity).
    pub color: Rgba,
    /// Width in glyph units.
    pub width: f32,
    /// Line cap.
    pub linecap: LineCap,
    /// Line join.
    pub linejoin: LineJoin,
}

/// The SVG name of a line cap.
pub(crate) fn cap_name(cap: LineCap) -> &'static str {
    match cap {
        LineCap::Butt => "butt",
        LineCap::Round => "round",
        LineCap::Square => "square",
    }
}

/// The SVG name of a line join (`miter-clip` is written as `miter`, which
/// SVG 1.1 renderers understand).
pub(crate) fn join_name(join: LineJoin) -> &'static str {
    match join {
        LineJoin::Miter | LineJoin::MiterClip => "miter",
        LineJoin::Round => "round",
        LineJoin::Bevel => "bevel",
    }
}
