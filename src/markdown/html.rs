//! The HTML that replaces a block: inline SVG, or an `<img>` of an asset
//! (of an animated GIF, inline: a `data:` URI), in a `<figure>` with a `<figcaption>` when the block has a caption.

use fen2img_support::quote::markup as escape;

use super::diagram::Diagram;

/// Where the image goes: inline, or an asset file at `src`.
pub enum Placement<'a> {
    /// The SVG itself, its ids prefixed with the given string.
    Inline(&'a str),
    /// An `<img>` pointing at `src`.
    Image(&'a str),
}

/// The HTML for `diagram`: lines with no blank line among them (a blank
/// line would end the Markdown HTML block), ending in a newline.
pub fn figure(diagram: &Diagram, placement: Placement<'_>) -> String {
    let caption = diagram.options.caption.as_deref();
    let tag = if caption.is_some() { "figure" } else { "div" };
    let id = diagram
        .options
        .id
        .as_deref()
        .map(|id| format!(" id=\"{}\"", escape(id)))
        .unwrap_or_default();
    let mut out = format!("<{tag} class=\"fen2img\"{id}>\n");
    match placement {
        // A GIF cannot stand in the page as itself: a `data:` URI.
        Placement::Inline(_) if diagram.animated => {
            out.push_str(&img(&super::data_uri::gif(&diagram.bytes), diagram));
        }
        Placement::Inline(prefix) => {
            let svg = String::from_utf8_lossy(&diagram.bytes);
            let svg = fen2img_render::svg::prefix_ids(&svg, prefix);
            for line in svg.lines().filter(|l| !l.trim().is_empty()) {
                out.push_str(line);
                out.push('\n');
            }
        }
        Placement::Image(src) => out.push_str(&img(src, diagram)),
    }
    if let Some(caption) = caption {
        out.push_str(&format!("<figcaption>{}</figcaption>\n", escape(caption)));
    }
    out.push_str(&format!("</{tag}>\n"));
    out
}

/// `diagram` at `src` as a Markdown image on a line of its own, for a page
/// of PDF figures (`--images pdf`, bound for LaTeX through Pandoc, where
/// an `<img>` is dropped): its caption as the description, which Pandoc
/// makes a figure; without one, the alt text, and a non-breaking space
/// after (`\ `) so Pandoc keeps it an image, not a figure captioned with
/// the whole description.
pub fn markdown_image(diagram: &Diagram, src: &str) -> String {
    let (text, after) = match diagram.options.caption.as_deref() {
        Some(caption) => (caption, ""),
        None => (diagram.alt.as_str(), "\\ "),
    };
    format!(
        "![{}](<{}>){after}\n",
        markdown_text(text),
        src.replace(['<', '>', '\n'], "")
    )
}

/// `text` safe inside a Markdown image's brackets: one line, with every
/// ASCII punctuation that Markdown could read as markup escaped, and
/// control characters and bidirectional controls made spaces.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || fen2img_support::quote::is_invisible(c) {
            out.push(' ');
            continue;
        }
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// An `<img>` of `diagram` at `src`, with its alt text and size.
fn img(src: &str, diagram: &Diagram) -> String {
    let (w, h) = diagram.size;
    format!(
        "<img src=\"{}\" alt=\"{}\" width=\"{w}\" height=\"{h}\">\n",
        escape(src),
        escape(&diagram.alt)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_references_get_the_prefix() {
        let svg = r##"<svg><path id="dark" d="M0"/><use xlink:href="#dark" fill="url(#hatch)"/><pattern id="hatch"/></svg>"##;
        assert_eq!(
            fen2img_render::svg::prefix_ids(svg, "d2-"),
            r##"<svg><path id="d2-dark" d="M0"/><use xlink:href="#d2-dark" fill="url(#d2-hatch)"/><pattern id="d2-hatch"/></svg>"##
        );
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
