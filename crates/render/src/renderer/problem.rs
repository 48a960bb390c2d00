//! The renderer's door to chess problem diagrams ([`crate::problem`]):
//! a problem in the format asked for, and its size. Here rather than in
//! `problem/` because it speaks the renderer's options and errors, and the
//! renderer calls it (`RenderOptions::problem`).

use fen2img_chess::problem::Problem;
use resvg::{tiny_skia, usvg};

use super::options::{Error, RenderOptions};
use crate::encode::{self, EncodeError};
use crate::format::{Format, ImageFormat, TerminalFormat};
use crate::gif;
use crate::layout::LayoutError;
use crate::options::SIZE_RANGE;
use crate::pixels::palette_of;
use crate::problem::{alt_text, svg, text_board};
use crate::terminal::{protocols, sixel};

/// Draws `problem` in `options.format` with `options.diagram`'s size,
/// theme and pieces: SVG, PNG, WebP, JPEG, or a text board for every text
/// format (see [`text_board`]), GIF, and the terminal pictures but half
/// blocks (see `terminal_picture`); `fen` writes the placement as Fairy
/// FEN ([`Problem::to_fairy_fen`]).
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
        Format::Text(_) => return Ok(text_board(problem).into_bytes()),
        // A problem's notation: its placement as Fairy FEN.
        Format::Fen => return Ok(format!("{}\n", problem.to_fairy_fen()).into_bytes()),
        Format::Terminal(terminal) => return terminal_picture(problem, options, terminal),
    };
    let svg = svg::write(problem, diagram, &alt_text(problem));
    if image == ImageFormat::Svg {
        // Ids prefixed as the ordinary SVG's are, so that any number of
        // diagrams can be inlined in one page.
        return match &options.svg_id_prefix {
            None => {
                Ok(crate::svg::prefix_ids(&svg, &crate::svg::content_prefix(&svg)).into_bytes())
            }
            Some(prefix) if prefix.is_empty() => Ok(svg.into_bytes()),
            Some(prefix) if crate::svg::is_valid_id_prefix(prefix) => {
                Ok(crate::svg::prefix_ids(&svg, prefix).into_bytes())
            }
            Some(prefix) => Err(Error::Layout(LayoutError(format!(
                "SVG id prefix '{}': use a letter or _ and then letters, digits, _ - or ., \
                 at most 64 characters",
                fen2img_support::quote::escape(prefix)
            )))),
        };
    }
    let pixmap = rasterize(&svg)?;
    match image {
        ImageFormat::Png => Ok(encode::png(pixmap, options.encode)),
        ImageFormat::Webp => Ok(encode::webp(&pixmap)?),
        ImageFormat::Jpeg => Ok(encode::jpeg(&pixmap, options.encode.quality)?),
        ImageFormat::Gif => gif::render(palette_of(&pixmap), None)
            .map_err(|e| Error::Encode(EncodeError::new("GIF", e))),
        ImageFormat::Svg => unreachable!("written above"),
    }
}

/// `problem` as a terminal picture: kitty and iTerm2 show its PNG, sixel
/// its palette image. Half blocks are refused: at a few pixels a square
/// the composers, stipulation and count would be unreadable, and the
/// board alone would lose them.
fn terminal_picture(
    problem: &Problem,
    options: &RenderOptions,
    terminal: TerminalFormat,
) -> Result<Vec<u8>, Error> {
    let picture = |format: ImageFormat| {
        let mut png = options.clone();
        png.format = Format::Image(format);
        render(problem, &png)
    };
    let cells = options.terminal;
    Ok(match terminal {
        TerminalFormat::Kitty => protocols::kitty(&picture(ImageFormat::Png)?, cells),
        TerminalFormat::Iterm => {
            protocols::iterm(&picture(ImageFormat::Png)?, "problem.png", cells)
        }
        TerminalFormat::Sixel => {
            let svg = svg::write(problem, &options.diagram, &alt_text(problem));
            let image = palette_of(&rasterize(&svg)?);
            sixel::encode(image.width, image.height, &image.palette.colors, &image.indices)
                .map_err(|e| Error::Encode(EncodeError::new("sixel", e)))?
                // Below the picture, as the ordinary sixel board leaves it.
                + "\n"
        }
        TerminalFormat::Blocks => {
            return Err(Error::Layout(LayoutError(
                "problem diagrams are not drawn in half blocks (the words around the board \
                 would be unreadable): use kitty, iterm or sixel, or a text board (-f unicode)"
                    .to_owned(),
            )))
        }
    }
    .into_bytes())
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
