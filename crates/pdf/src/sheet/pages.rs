//! A sheet as SVG or PNG pages, one document a page, drawn from the same
//! placed contents as the PDF ([`super::content`]): each diagram the
//! renderer's own SVG, each line of text glyph outlines (with the words
//! in an `aria-label`), on white paper the size of the paper in points.

use std::fmt::Write as _;

use fen2img_render::svg;
use fen2img_support::quote;
use resvg::{tiny_skia, usvg};

use super::content::Placed;
use super::outline::{round, text_path};
use super::plan::Plan;
use super::puzzle::Puzzle;
use crate::PdfError;

/// The most pixels of one PNG page (a Letter page at 1,200 dpi is 135
/// million; 64 million is A4 at 1,000 dpi, four bytes each while drawn).
pub const MAX_PAGE_PIXELS: u64 = 64_000_000;

/// One page as an SVG document, sized in points (`pt`).
pub fn page_svg(puzzles: &[Puzzle], plan: &Plan, items: &[Placed]) -> String {
    document(puzzles, plan, items, "pt")
}

/// One page as a PNG at `dpi` pixels an inch, on white.
pub fn page_png(
    puzzles: &[Puzzle],
    plan: &Plan,
    items: &[Placed],
    dpi: u32,
) -> Result<Vec<u8>, PdfError> {
    let scale = dpi.max(1) as f32 / 72.0;
    let (w, h) = (
        (plan.paper.width * scale).round().max(1.0) as u32,
        (plan.paper.height * scale).round().max(1.0) as u32,
    );
    if u64::from(w) * u64::from(h) > MAX_PAGE_PIXELS {
        return Err(PdfError(format!(
            "--dpi {dpi}: a page of {w}x{h} pixels is more than {MAX_PAGE_PIXELS} pixels: \
             use a lower --dpi or smaller --paper"
        )));
    }
    let text = document(puzzles, plan, items, "");
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default())
        .map_err(|e| PdfError(format!("the page's SVG did not parse: {e}")))?;
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| PdfError(format!("no page of {w}x{h} pixels")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Opaque paper: premultiplied is straight, and the alpha is dropped.
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    // The physical size, so a printer or layout program places the page
    // at the paper's size.
    let per_metre = (dpi as f64 / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    let mut writer = encoder
        .write_header()
        .map_err(|e| PdfError(format!("PNG: {e}")))?;
    writer
        .write_image_data(&rgb)
        .map_err(|e| PdfError(format!("PNG: {e}")))?;
    writer.finish().map_err(|e| PdfError(format!("PNG: {e}")))?;
    Ok(out)
}

/// The page's SVG, its width and height in `unit` (points either way:
/// `pt` for a file, none for the rasterizer, which scales it itself).
fn document(puzzles: &[Puzzle], plan: &Plan, items: &[Placed], unit: &str) -> String {
    let (w, h) = (round(plan.paper.width), round(plan.paper.height));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{w}{unit}\" height=\"{h}{unit}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n"
    );
    for (n, item) in items.iter().enumerate() {
        match item {
            Placed::Diagram { index, at, scale } => {
                let _ = writeln!(
                    out,
                    "<g transform=\"translate({} {}) scale({})\">",
                    round(at.0),
                    round(at.1),
                    scale
                );
                out.push_str(&own_ids(&svg::write(&puzzles[*index].layout), n));
                out.push_str("</g>\n");
            }
            Placed::Text {
                text,
                bold,
                size,
                at,
                ..
            } => {
                let d = text_path(text, *bold, *size, *at);
                if !d.is_empty() {
                    let _ = writeln!(
                        out,
                        "<path aria-label=\"{}\" d=\"{d}\" fill=\"#000\"/>",
                        quote::markup(text)
                    );
                }
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The diagram's SVG with its ids made its own on the page (`d3-` before
/// each): two diagrams of one sheet may define different things under one
/// name. Its attribute values are escaped by the SVG writer, so `id="`,
/// `href="#` and `url(#` occur only as references.
fn own_ids(svg: &str, n: usize) -> String {
    let prefix = format!("d{n}-");
    svg.replace("id=\"", &format!("id=\"{prefix}"))
        .replace("href=\"#", &format!("href=\"#{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::content::Role;
    use crate::sheet::SheetOptions;

    #[test]
    fn a_line_s_label_is_markup_safe_whatever_its_text() {
        // A caption comes from the user's EPD: quotes, markup and control
        // characters (which XML 1.0 forbids even escaped) must leave the
        // page well-formed for usvg, which draws its PNG.
        let text = "\"Tal\" <b> & O'Kelly\u{1}\u{1b}[31m";
        let plan = Plan::new(&SheetOptions::default(), 1).unwrap();
        let items = [Placed::Text {
            text: text.into(),
            bold: false,
            size: 12.0,
            at: (40.0, 40.0),
            role: Role::Paragraph,
        }];
        let svg = page_svg(&[], &plan, &items);
        let label = format!("aria-label=\"{}\"", quote::markup(text));
        assert!(svg.contains(&label), "{svg}");
        assert!(!svg.contains('\u{1}') && !svg.contains('\u{1b}'));
        usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("a well-formed page");
    }
}
