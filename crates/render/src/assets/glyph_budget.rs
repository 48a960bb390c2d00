//! How much work a user's glyph SVG may cause.
//!
//! A piece glyph needs paths, fills, strokes, gradients, opacity and
//! transforms. SVG can ask for much more, and some of it costs without
//! bound: a 279-byte `<feTurbulence numOctaves="1000000">` hangs the
//! rasterizer, thousands of filter primitives or chained clip paths take
//! gigabytes, tiny dashes on a long path take minutes, and `<use>` can
//! multiply a small file into millions of nodes. So a glyph is checked
//! twice:
//!
//! - [`check_source`], before usvg sees the bytes: compressed SVG is
//!   refused, and the XML node count, nesting depth, the number of clip
//!   paths, masks and patterns and the node count after `<use>` expansion
//!   are bounded, so usvg's own work (and recursion) is bounded;
//! - [`audit_tree`], on usvg's tree: path segments and clip-path depth and
//!   count are bounded (an error beyond the bound), and features a glyph
//!   does not need and that cost a layer or more per draw (filters, masks,
//!   patterns, images, text, a great many dashes) are reported, so the
//!   caller can draw the glyph without them (and warn).

use std::collections::HashMap;

use resvg::usvg;

/// XML nodes (elements, text, comments) in one glyph file.
pub(crate) const MAX_XML_NODES: u32 = 10_000;
/// Elements after `<use>` references are expanded.
pub(crate) const MAX_EXPANDED_ELEMENTS: u64 = 10_000;
/// Path segments in one glyph, clip paths included.
pub(crate) const MAX_SEGMENTS: usize = 100_000;
/// Clip paths applied inside one another.
pub(crate) const MAX_CLIP_DEPTH: usize = 4;
/// Clip paths applied in one glyph (each costs a mask the size of the image).
pub(crate) const MAX_CLIPS: usize = 32;
/// Dashes drawn in one glyph before dashes are drawn solid instead.
const MAX_DASHES: f64 = 1_000.0;
/// XML nesting and `<use>` chains deeper than this are refused.
const MAX_DEPTH: usize = 256;

/// Refuses a glyph file whose parsing alone would cost without bound.
pub(crate) fn check_source(data: &[u8]) -> Result<(), String> {
    if data.starts_with(&[0x1f, 0x8b]) {
        // usvg would inflate it with no limit: a gzip bomb.
        return Err("compressed SVG (.svgz) is not accepted for a glyph; \
                    save it as plain SVG"
            .into());
    }
    let text = std::str::from_utf8(data)
        .map_err(|e| format!("not valid SVG: not UTF-8 text (byte {})", e.valid_up_to()))?;
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_XML_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => {
            format!("more than {MAX_XML_NODES} XML nodes; a piece glyph needs far fewer")
        }
        // The XML parser quotes the offending character as it is.
        e => format!(
            "not valid SVG: {}",
            fen2img_support::quote::escape(&e.to_string())
        ),
    })?;
    // usvg resolves these references recursively: a chain of thousands
    // would exhaust its stack before the tree could be audited.
    for tag in ["clipPath", "mask", "pattern"] {
        let count = doc
            .descendants()
            .filter(|n| n.has_tag_name((SVG_NS, tag)))
            .count();
        if count > MAX_CLIPS {
            return Err(format!("{count} <{tag}> elements, more than {MAX_CLIPS}"));
        }
    }
    let ids: HashMap<&str, roxmltree::Node> = doc
        .descendants()
        .filter_map(|n| n.attribute("id").map(|id| (id, n)))
        .collect();
    let mut memo = HashMap::new();
    let total = expanded_size(doc.root(), &ids, &mut memo, 0)?;
    if total > MAX_EXPANDED_ELEMENTS {
        return Err(format!(
            "{total} elements once <use> references are expanded, more than \
             {MAX_EXPANDED_ELEMENTS}"
        ));
    }
    Ok(())
}

/// Elements under `node` (itself included) with every `<use>` replaced by
/// what it references, saturating; an error for a reference cycle or
/// nesting beyond [`MAX_DEPTH`].
fn expanded_size(
    node: roxmltree::Node,
    ids: &HashMap<&str, roxmltree::Node>,
    memo: &mut HashMap<roxmltree::NodeId, Option<u64>>,
    depth: usize,
) -> Result<u64, String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "elements or <use> references nested deeper than {MAX_DEPTH}"
        ));
    }
    match memo.get(&node.id()) {
        Some(Some(size)) => return Ok(*size),
        Some(None) => return Err("a <use> element references itself".into()),
        None => {}
    }
    memo.insert(node.id(), None);
    let mut size = u64::from(node.is_element());
    for child in node.children() {
        size = size.saturating_add(expanded_size(child, ids, memo, depth + 1)?);
        if size > MAX_EXPANDED_ELEMENTS {
            break;
        }
    }
    if node.has_tag_name((SVG_NS, "use")) {
        let href = node
            .attribute((XLINK_NS, "href"))
            .or_else(|| node.attribute("href"));
        if let Some(target) = href
            .and_then(|h| h.strip_prefix('#'))
            .and_then(|id| ids.get(id))
        {
            size = size.saturating_add(expanded_size(*target, ids, memo, depth + 1)?);
        }
    }
    memo.insert(node.id(), Some(size));
    Ok(size)
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// What [`audit_tree`] found that a glyph should be drawn without.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Costly {
    /// Feature names in a fixed order (`filters`, `masks`, ...), for the warning.
    pub features: Vec<&'static str>,
}

/// Bounds the work of drawing `tree`: an error beyond a bound, else the
/// costly features found (empty when the tree may be drawn as it is).
pub(crate) fn audit_tree(tree: &usvg::Tree) -> Result<Costly, String> {
    let mut walk = Walk::default();
    walk.group(tree.root(), 0)?;
    if walk.segments > MAX_SEGMENTS {
        return Err(format!(
            "more than {MAX_SEGMENTS} path segments; a piece glyph needs far fewer"
        ));
    }
    if walk.clips > MAX_CLIPS {
        return Err(format!(
            "{} clip paths applied, more than {MAX_CLIPS}",
            walk.clips
        ));
    }
    let mut costly = Costly::default();
    let found = [
        (!tree.filters().is_empty(), "filters"),
        (!tree.masks().is_empty(), "masks"),
        (!tree.patterns().is_empty(), "patterns"),
        (walk.images, "images"),
        (walk.text, "text"),
        (walk.dashes > MAX_DASHES, "dashes (drawn solid)"),
    ];
    costly.features = found.iter().filter(|f| f.0).map(|f| f.1).collect();
    Ok(costly)
}

/// Counts gathered over a tree.
#[derive(Default)]
struct Walk {
    segments: usize,
    clips: usize,
    dashes: f64,
    images: bool,
    text: bool,
}

impl Walk {
    fn group(&mut self, group: &usvg::Group, clip_depth: usize) -> Result<(), String> {
        let mut depth = clip_depth;
        let mut clip = group.clip_path();
        while let Some(c) = clip {
            depth += 1;
            self.clips += 1;
            if depth > MAX_CLIP_DEPTH {
                return Err(format!("clip paths nested more than {MAX_CLIP_DEPTH} deep"));
            }
            if self.clips > MAX_CLIPS {
                return Ok(());
            }
            self.group(c.root(), depth)?;
            clip = c.clip_path();
        }
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => self.group(g, depth)?,
                usvg::Node::Path(p) => self.path(p),
                usvg::Node::Image(_) => self.images = true,
                usvg::Node::Text(_) => self.text = true,
            }
            if self.segments > MAX_SEGMENTS || self.clips > MAX_CLIPS {
                return Ok(());
            }
        }
        Ok(())
    }

    fn path(&mut self, p: &usvg::Path) {
        self.segments += p.data().len();
        let Some(dasharray) = p.stroke().and_then(|s| s.dasharray()) else {
            return;
        };
        let period: f64 = dasharray.iter().map(|&d| f64::from(d.abs())).sum();
        // The control polygon is at least as long as the curve.
        let points = p.data().points();
        let length: f64 = points
            .windows(2)
            .map(|w| f64::from(w[0].distance(w[1])))
            .sum();
        let dashes = if period > 0.0 {
            length / period * dasharray.len() as f64
        } else {
            f64::INFINITY
        };
        self.dashes += dashes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svg(body: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 45 45">{body}</svg>"#
        )
    }

    fn tree(text: &str) -> usvg::Tree {
        usvg::Tree::from_str(text, &usvg::Options::default()).unwrap()
    }

    #[test]
    fn plain_glyphs_pass() {
        let text = svg(r##"<path d="M5 5H40V40Z" fill="red" stroke="#000"/>"##);
        check_source(text.as_bytes()).unwrap();
        assert_eq!(audit_tree(&tree(&text)).unwrap(), Costly::default());
    }

    #[test]
    fn exponential_use_is_refused_before_parsing() {
        let mut body = String::from(r#"<defs><circle id="l0" r="1"/>"#);
        for i in 1..12 {
            body.push_str(&format!(
                r##"<g id="l{i}"><use href="#l{p}"/><use href="#l{p}"/><use href="#l{p}"/></g>"##,
                p = i - 1
            ));
        }
        body.push_str(r##"</defs><use href="#l11"/>"##);
        let e = check_source(svg(&body).as_bytes()).unwrap_err();
        assert!(e.contains("<use> references are expanded"), "{e}");
        let e = check_source(svg(r##"<g id="a"><use href="#a"/></g>"##).as_bytes()).unwrap_err();
        assert!(e.contains("references itself"), "{e}");
    }

    #[test]
    fn parse_errors_never_carry_control_characters() {
        // Found by the glyph fuzz target: roxmltree quotes the character.
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\"\u{1e}height=\"1\"/>";
        let e = check_source(text.as_bytes()).unwrap_err();
        assert!(!e.chars().any(char::is_control), "{e:?}");
        assert!(e.contains("<U+001E>"), "{e}");
    }

    #[test]
    fn long_reference_chains_do_not_exhaust_the_stack() {
        // Gradients inherit from the one their href names; a chain of
        // thousands must be refused or resolved, never overflow the stack.
        let mut body = String::from(
            r##"<linearGradient id="g0"><stop offset="0" stop-color="red"/></linearGradient>"##,
        );
        for i in 1..4000 {
            body.push_str(&format!(
                r##"<linearGradient id="g{i}" href="#g{}"/>"##,
                i - 1
            ));
        }
        body.push_str(r##"<rect width="45" height="45" fill="url(#g3999)"/>"##);
        let text = svg(&body);
        if check_source(text.as_bytes()).is_ok() {
            let tree = tree(&text);
            assert!(audit_tree(&tree).is_ok());
        }
    }

    #[test]
    fn compressed_svg_is_refused() {
        let e = check_source(&[0x1f, 0x8b, 8, 0]).unwrap_err();
        assert!(e.contains(".svgz"), "{e}");
    }

    #[test]
    fn costly_features_are_named() {
        let text = svg(
            r##"<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
            <mask id="m"><rect width="45" height="45" fill="#fff"/></mask>
            <path d="M5 5H40V40Z" filter="url(#f)"/>
            <path d="M5 5H40V40Z" mask="url(#m)"/>
            <path d="M0 0H45" stroke="#000" stroke-dasharray="0.001"/>"##,
        );
        let costly = audit_tree(&tree(&text)).unwrap();
        assert_eq!(
            costly.features,
            ["filters", "masks", "dashes (drawn solid)"]
        );
    }
}
