//! `fen2img pandoc FORMAT`: a Pandoc JSON filter. Pandoc runs a filter as
//! `FILTER FORMAT` with the document's AST on stdin and reads the AST back
//! from stdout; `pandoc --filter` wants one executable, so
//! `tools/fen2img-pandoc` is a two-line wrapper (`exec fen2img pandoc "$@"`).
//!
//! A `CodeBlock` with class `fen` (```` ```fen ```` or ```` ```{.fen .flip
//! lastmove=e2e4} ````) becomes inline SVG in a raw HTML block for HTML and
//! EPUB outputs, and a PNG image (a figure when it has a caption) for the
//! others (LaTeX/PDF, DOCX, ODT...), written to the assets directory. A
//! `CodeBlock` with class `pgn` becomes the game's diagrams, one block
//! after the other (see [`super::game_block`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use fen2img_render::Format;

use super::cmd_md::defaults_from;
use super::diagram::{Diagram, DiagramMaker};
use super::fence::{from_code, BlockKind};
use super::files::write_if_changed;
use super::html::{figure, Placement};
use super::info::Attr;
use super::inline_budget::{self, InlineBudget};
use super::tally::Blocks;
use crate::args::markdown::{PandocArgs, PandocImageArg};
use crate::failure::{warn, Failure, EXIT_INVALID};

/// Pandoc output formats that take raw HTML.
const HTML_FORMATS: [&str; 12] = [
    "html",
    "html4",
    "html5",
    "epub",
    "epub2",
    "epub3",
    "revealjs",
    "slidy",
    "s5",
    "dzslides",
    "slideous",
    "chunkedhtml",
];

/// Pandoc output formats whose documents cannot include a GIF (LaTeX, for
/// PDF, and its kin): an animation is drawn as its last frame there.
const NO_GIF_FORMATS: [&str; 4] = ["latex", "beamer", "context", "ms"];

/// Runs the filter on stdin → stdout.
pub fn run(args: &PandocArgs) -> Result<u8, Failure> {
    let input = super::stdin::read("the document")?;
    let assets = args
        .assets
        .clone()
        .or_else(|| std::env::var_os("FEN2IMG_ASSETS").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("fen2img-images"));
    let defaults = defaults_from(&args.defaults)?;
    let pdf = images(args.images)? == PandocImageArg::Pdf;
    let (out, errors, failed) = filter(&input, &args.format, &assets, defaults, pdf)?;
    if !errors.is_empty() {
        let mut err = io::stderr().lock();
        for e in &errors {
            // Each error is its line and the caret lines under it, already
            // escaped where they were made: written as they are.
            let _ = writeln!(err, "fen2img: error: {e}");
        }
        return Err(Failure {
            code: EXIT_INVALID,
            message: format!("{} could not be made", failed.text()),
            detail: None,
        });
    }
    crate::stdout::write(out.as_bytes())
}

/// `--images`, else `FEN2IMG_IMAGES` (what `pandoc --filter` can pass),
/// else PNG.
fn images(flag: Option<PandocImageArg>) -> Result<PandocImageArg, Failure> {
    if let Some(images) = flag {
        return Ok(images);
    }
    match std::env::var_os("FEN2IMG_IMAGES") {
        None => Ok(PandocImageArg::Png),
        Some(v) if v == "png" => Ok(PandocImageArg::Png),
        Some(v) if v == "pdf" => Ok(PandocImageArg::Pdf),
        Some(v) => Err(Failure::invalid(format!(
            "FEN2IMG_IMAGES: expected png or pdf, found '{}'",
            fen2img_support::quote::escape(&v.to_string_lossy())
        ))),
    }
}

/// Filters a Pandoc AST (JSON text) for `format`; returns the new AST,
/// the block errors (`fen block N, line L, column C: message`, or `pgn
/// block N, ...`, the count running over both kinds; counted within the
/// block, since Pandoc's AST holds no source positions) and the blocks
/// that failed, by kind (one block may have several errors). With `pdf`,
/// the images of non-HTML formats are one-page PDFs (vector figures for
/// LaTeX), not PNG.
pub fn filter(
    input: &str,
    format: &str,
    assets: &Path,
    defaults: Vec<Attr>,
    pdf: bool,
) -> Result<(String, Vec<String>, Blocks), Failure> {
    let mut doc: Value = serde_json::from_str(input)
        .map_err(|e| Failure::invalid(format!("pandoc: the input is not a JSON AST: {e}")))?;
    // Pandoc 3 (API 1.23) has a Figure block; before it, an image alone in
    // a paragraph with the title "fig:" is a figure.
    let figure_block = doc
        .get("pandoc-api-version")
        .and_then(Value::as_array)
        .map(|v| {
            v.iter()
                .map(|n| n.as_u64().unwrap_or(0))
                .collect::<Vec<_>>()
        })
        .is_some_and(|v| v.as_slice() >= [1, 23].as_slice());
    let html = HTML_FORMATS.contains(&format);
    let mut state = State {
        maker: DiagramMaker::new(
            if html || pdf {
                Format::SVG
            } else {
                Format::PNG
            },
            defaults,
        ),
        html,
        figure_block,
        assets: assets.to_path_buf(),
        count: 0,
        errors: Vec::new(),
        failed: Blocks::default(),
        budget: InlineBudget::default(),
    };
    // The document is one page: its diagrams are numbered together.
    state.maker.start_page();
    state.maker.set_pdf(pdf && !html);
    state
        .maker
        .set_stills_only(NO_GIF_FORMATS.contains(&format));
    if let Some(blocks) = doc.get_mut("blocks") {
        state.walk(blocks)?;
    }
    let out = serde_json::to_string(&doc)
        .map_err(|e| Failure::io(format!("pandoc: cannot write the AST: {e}")))?;
    Ok((out, state.errors, state.failed))
}

struct State {
    maker: DiagramMaker,
    html: bool,
    figure_block: bool,
    assets: PathBuf,
    count: usize,
    errors: Vec<String>,
    failed: Blocks,
    /// The document's inline animation bytes (HTML outputs).
    budget: InlineBudget,
}

impl State {
    /// Replaces fen and pgn code blocks anywhere (lists, quotes, divs).
    fn walk(&mut self, value: &mut Value) -> Result<(), Failure> {
        match value {
            Value::Array(items) => {
                for item in items {
                    self.walk(item)?;
                }
            }
            Value::Object(map) => {
                if let Some(warning) = unread_block(map) {
                    warn(&warning);
                    return Ok(());
                }
                if map.get("t").and_then(Value::as_str) == Some("CodeBlock") {
                    if let Some(new) = self.code_block(map.get("c"))? {
                        *value = match new.len() {
                            1 => new.into_iter().next().unwrap_or(Value::Null),
                            // A game's diagrams in a Div: one block stands
                            // where one stood, in a list item as anywhere.
                            _ => json!({"t": "Div", "c": [["", ["fen2img-game"], []], new]}),
                        };
                    }
                    return Ok(());
                }
                for (_, v) in map.iter_mut() {
                    self.walk(v)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The replacement blocks of a `CodeBlock`'s content `[[id, classes,
    /// kvs], text]`, or `None` when it is not a fen or pgn block (or is in
    /// error).
    fn code_block(&mut self, c: Option<&Value>) -> Result<Option<Vec<Value>>, Failure> {
        let Some([attr, Value::String(text)]) = c.and_then(Value::as_array).map(Vec::as_slice)
        else {
            return Ok(None);
        };
        let id = attr[0].as_str().unwrap_or("");
        let classes: Vec<&str> = attr[1]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let kinds: Vec<BlockKind> = classes
            .iter()
            .filter_map(|c| BlockKind::from_word(c))
            .collect();
        let kind = if kinds.contains(&BlockKind::Pgn) {
            BlockKind::Pgn
        } else if kinds.contains(&BlockKind::Fen) {
            BlockKind::Fen
        } else {
            return Ok(None);
        };
        self.count += 1;
        let n = self.count;
        let name = kind.name();
        let mut attrs: Vec<Attr> = classes
            .iter()
            .filter(|c| BlockKind::from_word(c).is_none())
            .map(|c| Attr {
                key: c.to_string(),
                value: None,
                column: 0,
                value_column: 0,
            })
            .collect();
        for kv in attr[2].as_array().into_iter().flatten() {
            if let (Some(k), Some(v)) = (kv[0].as_str(), kv[1].as_str()) {
                attrs.push(Attr {
                    key: k.to_string(),
                    value: Some(v.to_string()),
                    column: 0,
                    value_column: 0,
                });
            }
        }
        if !id.is_empty() {
            attrs.push(Attr {
                key: "id".into(),
                value: Some(id.to_string()),
                column: 0,
                value_column: 0,
            });
        }
        // Pandoc's AST has no source positions: errors are placed within
        // the block (its options have no column: line 0).
        let placed = |line: usize, column: usize, message: &str| {
            if line == 0 {
                format!("{name} block {n}: {message}")
            } else {
                format!("{name} block {n}, line {line}, column {column}: {message}")
            }
        };
        // The code as Pandoc read it: every line is the block's, whatever
        // it holds (a run of tildes included); lines count from its first.
        let block = from_code(text, kind);
        let made = match self.maker.make_attrs(&block, &attrs) {
            Ok(made) => made,
            Err(errors) => {
                for e in errors {
                    self.errors.push(placed(e.line, e.column, &e.message));
                }
                self.failed.add(kind);
                return Ok(None);
            }
        };
        for w in &made.warnings {
            warn(placed(w.line, w.column, &w.message));
        }
        let several = made.diagrams.len() > 1;
        let mut out = Vec::with_capacity(made.diagrams.len());
        for (k, diagram) in made.diagrams.iter().enumerate() {
            let inline = self.html && (!diagram.animated || self.budget.take(&diagram.bytes));
            if inline {
                let prefix = if several {
                    format!("fen{n}-{}-", k + 1)
                } else {
                    format!("fen{n}-")
                };
                let html = figure(diagram, Placement::Inline(&prefix));
                out.push(json!({"t": "RawBlock", "c": ["html", html]}));
                continue;
            }
            // An animation is a GIF file (DOCX and ODT show it moving;
            // for LaTeX it was drawn as a still: `NO_GIF_FORMATS`), and
            // so is one past an HTML document's inline budget.
            let ext = if diagram.animated {
                "gif"
            } else {
                self.maker.extension()
            };
            let path = self.assets.join(format!("{:016x}.{ext}", diagram.hash));
            // Compared byte for byte, not only "exists": a damaged image is made again.
            write_if_changed(&path, &diagram.bytes)
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
            let src = path.to_string_lossy();
            if self.html {
                warn(placed(0, 0, &inline_budget::spilled(&diagram.bytes, &src)));
                let html = figure(diagram, Placement::Image(&src));
                out.push(json!({"t": "RawBlock", "c": ["html", html]}));
            } else {
                out.push(self.image(diagram, &src));
            }
        }
        Ok(Some(out))
    }

    /// An image paragraph, or a figure when the block has a caption.
    fn image(&self, d: &Diagram, src: &str) -> Value {
        let id = d.options.id.clone().unwrap_or_default();
        let caption = d.options.caption.as_deref();
        match (caption, self.figure_block) {
            (Some(caption), true) => {
                let image = json!({"t": "Image", "c": [["", [], []], inlines(&d.alt), [src, ""]]});
                json!({"t": "Figure", "c": [[id, [], []],
                    [null, [{"t": "Plain", "c": inlines(caption)}]],
                    [{"t": "Plain", "c": [image]}]]})
            }
            // Pandoc 2: the caption is the image's description.
            (Some(caption), false) => json!({"t": "Para", "c": [
                {"t": "Image", "c": [[id, [], []], inlines(caption), [src, "fig:"]]}]}),
            (None, _) => json!({"t": "Para", "c": [
                {"t": "Image", "c": [[id, [], []], inlines(&d.alt), [src, ""]]}]}),
        }
    }
}

/// Why `node` holds a fen or pgn block that Pandoc did not read as one,
/// and how to write it, if it does (the filter never sees such a block as
/// a `CodeBlock`, and the page would get its code as text):
///
/// - Pandoc's Markdown reads a fence with words after the language
///   (```` ```fen lastmove=e2e4 ````, as `md` and the README write it) as
///   inline code: a paragraph of one `Code` whose text starts `fen `;
/// - its CommonMark readers (`-f gfm`, `commonmark`) take no attributes,
///   so ```` ```{.fen lastmove=e2e4} ```` is a block of class `{.fen`.
fn unread_block(node: &serde_json::Map<String, Value>) -> Option<String> {
    let t = node.get("t").and_then(Value::as_str)?;
    let c = node.get("c")?;
    match t {
        "Para" | "Plain" => {
            let [only] = c.as_array()?.as_slice() else {
                return None;
            };
            if only.get("t").and_then(Value::as_str) != Some("Code") {
                return None;
            }
            let text = only.get("c")?.get(1)?.as_str()?;
            let (word, rest) = text.split_once(' ')?;
            let kind = BlockKind::from_word(word)?.name();
            let options: Vec<&str> = rest
                .split(' ')
                .take_while(|w| {
                    (w.contains('=') && !w.contains('"'))
                        || w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                })
                .filter(|w| !w.is_empty())
                .collect();
            Some(format!(
                "a {kind} block was left as code: Pandoc's Markdown reads ```{kind} with words \
                 after it as inline code (`{}`); write the options as attributes, \
                 ```{{.{kind}{}}}, for a diagram",
                clip(text),
                options.iter().map(|o| format!(" {o}")).collect::<String>()
            ))
        }
        "CodeBlock" => {
            let class = c.get(0)?.get(1)?.as_array()?.first()?.as_str()?;
            let kind = BlockKind::from_word(class.strip_prefix("{.")?)?.name();
            Some(format!(
                "a {kind} block was left as code: this Pandoc reader took `{class}` for the \
                 language, as CommonMark readers take no attributes; read the document with \
                 -f markdown (or commonmark_x), or write ```{kind} with the options in \
                 --defaults"
            ))
        }
        _ => None,
    }
}

/// `text` cut to 60 characters for a message (which is escaped where it
/// is printed).
fn clip(text: &str) -> String {
    let mut cut: String = text.chars().take(60).collect();
    if text.chars().count() > 60 {
        cut.push_str("...");
    }
    cut
}

/// Text as Pandoc inlines: words (`Str`) and `Space`s.
fn inlines(text: &str) -> Value {
    let mut out = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 {
            out.push(json!({"t": "Space"}));
        }
        out.push(json!({"t": "Str", "c": word}));
    }
    Value::Array(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(classes: &[&str], kvs: &[[&str; 2]], text: &str) -> String {
        json!({"pandoc-api-version": [1, 22, 2], "meta": {}, "blocks": [
            {"t": "Para", "c": [{"t": "Str", "c": "Hi"}]},
            {"t": "BulletList", "c": [[{"t": "CodeBlock", "c": [["", classes, kvs], text]}]]},
            {"t": "CodeBlock", "c": [["", ["rust"], []], "fn main() {}"]}
        ]})
        .to_string()
    }

    #[test]
    fn html_gets_inline_svg_anywhere_in_the_document() {
        let input = doc(
            &["fen", "flip"],
            &[["caption", "Mate in one"]],
            "8/8/8/8/8/8/8/K6k w - - 0 1",
        );
        let (out, errors, _) =
            filter(&input, "html5", Path::new("unused"), Vec::new(), false).unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let raw = &v["blocks"][1]["c"][0][0];
        assert_eq!(raw["t"], "RawBlock");
        assert_eq!(raw["c"][0], "html");
        let html = raw["c"][1].as_str().unwrap();
        assert!(html.contains("<svg") && html.contains("<figcaption>Mate in one</figcaption>"));
        assert_eq!(v["blocks"][2]["t"], "CodeBlock", "other code is left alone");
    }

    #[test]
    fn other_formats_get_png_files() {
        let dir = std::env::temp_dir().join(format!("fen2img-pandoc-{}", std::process::id()));
        let input = doc(&["fen"], &[], "8/8/8/8/8/8/8/K6k w - - 0 1");
        let (out, errors, _) = filter(&input, "latex", &dir, Vec::new(), false).unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let image = &v["blocks"][1]["c"][0][0]["c"][0];
        assert_eq!(image["t"], "Image");
        let src = image["c"][2][0].as_str().unwrap();
        assert!(std::fs::read(src).unwrap().starts_with(b"\x89PNG"));
        assert_eq!(image["c"][1][0]["c"], "White");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_blocks_are_errors_never_default_boards() {
        let input = doc(&["fen"], &[["size", "1"]], "8/8/8/8/8/8/8/K6k w - - 0 1");
        let (_, errors, _) = filter(&input, "html", Path::new("x"), Vec::new(), false).unwrap();
        assert!(
            errors[0].starts_with("fen block 1: ") && errors[0].contains("size: "),
            "{errors:?}"
        );
        let input = doc(&["fen"], &[], "8/8/8/8/8/8/8/K6kk w - - 0 1");
        let (_, errors, _) = filter(&input, "html", Path::new("x"), Vec::new(), false).unwrap();
        assert!(
            errors[0].starts_with("fen block 1, line 1, column "),
            "{errors:?}"
        );
    }

    /// The code was wrapped in a fence of 12 tildes and read again, so a
    /// longer run of tildes in it closed the fence and the lines after it
    /// were dropped without a word.
    #[test]
    fn a_run_of_tildes_in_the_code_is_a_line_of_it() {
        let text = "8/8/8/8/8/8/8/K6k w - - 0 1\n~~~~~~~~~~~~~~\n8/8/8/8/8/8/8/k6K b - - 0 1";
        let input = doc(&["fen"], &[], text);
        let (_, errors, _) = filter(&input, "html", Path::new("x"), Vec::new(), false).unwrap();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("fen block 1, line 2, column 1: a fen block holds one position"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_damaged_image_is_written_again() {
        let dir =
            std::env::temp_dir().join(format!("fen2img-pandoc-repair-{}", std::process::id()));
        let input = doc(&["fen"], &[], "8/8/8/8/8/8/8/K6k w - - 0 1");
        let src = |out: &str| {
            let v: Value = serde_json::from_str(out).unwrap();
            v["blocks"][1]["c"][0][0]["c"][0]["c"][2][0]
                .as_str()
                .unwrap()
                .to_string()
        };
        let (out, _, _) = filter(&input, "latex", &dir, Vec::new(), false).unwrap();
        let path = src(&out);
        let good = std::fs::read(&path).unwrap();
        std::fs::write(&path, b"").unwrap();
        filter(&input, "latex", &dir, Vec::new(), false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), good);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
