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

/// A gradient one of a glyph's paths is painted with. The flat path
/// carries one colour for it (what the rasterizer's flat and hinted
/// drawings use); the SVG writer paints the gradient itself, so a shaded
/// set keeps its shading in SVG output.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphGradient {
    /// Linear or radial, with its geometry in user space.
    pub shape: GradientShape,
    /// From the gradient's user space into glyph coordinates (the path's
    /// own transform and the `gradientTransform` together), as SVG's
    /// `matrix(a b c d e f)`.
    pub matrix: [f32; 6],
    /// `pad`, `reflect` or `repeat`.
    pub spread: &'static str,
    /// Each stop's offset (0 to 1) and colour (alpha carries its opacity).
    pub stops: Vec<(f32, Rgba)>,
    /// The paint's own opacity (and any group opacity folded into it).
    pub opacity: f32,
}

/// The geometry of a [`GlyphGradient`], in its user space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GradientShape {
    /// From (`x1`, `y1`) to (`x2`, `y2`).
    Linear {
        /// Start of the vector, x.
        x1: f32,
        /// Start of the vector, y.
        y1: f32,
        /// End of the vector, x.
        x2: f32,
        /// End of the vector, y.
        y2: f32,
    },
    /// A circle (`cx`, `cy`, `r`) with its focus at (`fx`, `fy`).
    Radial {
        /// Centre, x.
        cx: f32,
        /// Centre, y.
        cy: f32,
        /// Radius.
        r: f32,
        /// Focus, x.
        fx: f32,
        /// Focus, y.
        fy: f32,
    },
}

/// The gradients of one glyph path: its fill's and its stroke's, where
/// either is one.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PathGradients {
    /// The fill's gradient.
    pub fill: Option<GlyphGradient>,
    /// The stroke's gradient.
    pub stroke: Option<GlyphGradient>,
}
