//! Chess problem diagrams: a [`Problem`] (read by the chess crate's
//! `problem` module from Fairy FEN or Popeye input) drawn with the
//! problemist's layout: composers, source, date and award above the
//! board, the stipulation and the unit count `(8+10)` below; neutral
//! pieces half white, half black, turned pieces rotated about their
//! square's centre, fairy pieces as their code in a disc, markers and
//! letters on squares.
//!
//! This path is apart from the ordinary one: an ordinary position never
//! comes here, so its bytes and speed are what they were. A problem is
//! written as SVG first (text as font outlines), and the raster formats
//! are that SVG drawn by resvg, so the two cannot disagree. Every theme
//! (its square, border, ink and background colours, the print theme's
//! thickest outlines) and every piece set draw it; coordinates, markup and
//! hatching do not apply to problems.
//!
//! ```
//! use fen2img_render::problem;
//! use fen2img_render::chess::problem::parse_fairy_fen;
//! use fen2img_render::RenderOptions;
//!
//! let mut p = parse_fairy_fen("4k3/8/8/3-N4/8/8/8/*2Q3K3")?;
//! p.stipulation = Some("h#2".into());
//! let svg = problem::render(&p, &RenderOptions::default())?;
//! let svg = String::from_utf8(svg).unwrap();
//! assert!(svg.contains("rotate(180"));
//! assert!(svg.contains("Neutral: knight d5. h#2 (2+1+1n)."));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod alt;
mod caption;
mod svg;
mod text;

pub use alt::alt_text;
pub use text::text_board;

use fen2img_chess::problem::Problem;
use resvg::{tiny_skia, usvg};

use crate::encode::{self, EncodeError};
use crate::format::{Format, ImageFormat};
use crate::layout::LayoutError;
use crate::options::SIZE_RANGE;
use crate::renderer::{Error, RenderOptions};

/// Draws `problem` in `options.format` with `options.diagram`'s size,
/// theme and pieces: SVG, PNG, WebP, JPEG, or a text board for every text
/// format (see [`text_board`]). GIF and terminal pictures are refused.
pub fn render(problem: &Problem, options: &RenderOptions) -> Result<Vec<u8>, Error> {
    let diagram = &options.diagram;
    if !SIZE_RANGE.contains(&diagram.size) {
        return Err(Error::Layout(LayoutError(format!(
            "size {} is out of range ({}-{} px)",
            diagram.size,
            SIZE_RANGE.start(),
            SIZE_RANGE.end()
        ))));
    }
    let image = match options.format {
        Format::Image(image) => image,
        Format::Text(_) | Format::Fen => return Ok(text_board(problem).into_bytes()),
        Format::Terminal(_) => return Err(Error::Layout(LayoutError(
            "problem diagrams are drawn as SVG, PNG, WebP, JPEG or text, not as terminal pictures"
                .to_owned(),
        ))),
    };
    let svg = svg::write(problem, diagram, &alt_text(problem));
    if image == ImageFormat::Svg {
        return Ok(svg.into_bytes());
    }
    let pixmap = rasterize(&svg)?;
    match image {
        ImageFormat::Png => Ok(encode::png(pixmap, options.encode)),
        ImageFormat::Webp => Ok(encode::webp(&pixmap)?),
        ImageFormat::Jpeg => Ok(encode::jpeg(&pixmap, options.encode.quality)?),
        _ => Err(Error::Layout(LayoutError(
            "problem diagrams are drawn as SVG, PNG, WebP, JPEG or text, not as GIF".to_owned(),
        ))),
    }
}

/// The width and height in pixels of `problem`'s picture at these options.
pub fn image_size(problem: &Problem, options: &RenderOptions) -> (u32, u32) {
    let plan = svg::plan(problem, &options.diagram);
    (plan.width as u32, plan.height as u32)
}

/// Our own SVG drawn by resvg.
fn rasterize(svg: &str) -> Result<tiny_skia::Pixmap, Error> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| Error::Encode(EncodeError::new("PNG", e)))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| Error::Encode(EncodeError::new("PNG", "image too large")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}
