//! `fen2img mdbook`: an mdBook preprocessor. mdBook runs
//! `fen2img mdbook supports RENDERER` (exit 0: supported), then
//! `fen2img mdbook` with `[context, book]` JSON on stdin, and reads the book
//! back from stdout. Each chapter's fen and pgn blocks become inline SVG
//! (a pgn block's `animate`, an `<img>` of a `data:` URI GIF); each
//! chapter numbers its diagrams from the start.
//!
//! Configured in `book.toml`:
//!
//! ```toml
//! [preprocessor.fen2img]
//! command = "fen2img mdbook"
//! size = 320            # any render option, as in a block
//! coords = "inside"
//! ```

use std::io::{self, Write};

use serde_json::Value;

use fen2img_render::Format;

use super::cmd_md::located;
use super::diagram::DiagramMaker;
use super::info::Attr;
use super::page::{rewrite, Images};
use super::tally::Blocks;
use crate::args::markdown::MdbookArgs;
use crate::failure::{warn, Failure, EXIT_FAILURE, EXIT_INVALID, EXIT_OK};

/// The renderers whose output takes inline SVG. (`markdown` would get raw
/// HTML in its Markdown; others, e.g. PDF or EPUB backends, are untested.)
pub const SUPPORTED: [&str; 1] = ["html"];

/// Keys of `[preprocessor.fen2img]` that belong to mdBook, not to us.
const MDBOOK_KEYS: [&str; 5] = ["command", "renderers", "before", "after", "optional"];

/// Runs the preprocessor.
pub fn run(args: &MdbookArgs) -> Result<u8, Failure> {
    match args.supports.as_slice() {
        [] => {}
        [word, renderer] if word == "supports" => {
            return Ok(if SUPPORTED.contains(&renderer.as_str()) {
                EXIT_OK
            } else {
                EXIT_FAILURE
            })
        }
        _ => {
            return Err(Failure::invalid(
                "usage: fen2img mdbook [supports RENDERER]",
            ))
        }
    }
    let input = super::stdin::read("the book")?;
    let (book, errors, failed) = preprocess(&input)?;
    let mut err = io::stderr().lock();
    for e in &errors {
        // Each error is its line and the caret lines under it, already
        // escaped where they were made: written as they are.
        let _ = writeln!(err, "fen2img: error: {e}");
    }
    if !errors.is_empty() {
        return Err(Failure {
            code: EXIT_INVALID,
            message: format!("{} in the book could not be made", failed.text()),
            detail: None,
        });
    }
    crate::stdout::write(book.as_bytes())
}

/// `[context, book]` JSON → the book JSON, every block error as
/// `FILE:LINE:COL: message` (the file is the chapter's source path), and
/// the blocks that failed, by kind.
pub fn preprocess(input: &str) -> Result<(String, Vec<String>, Blocks), Failure> {
    let value: Value = serde_json::from_str(input)
        .map_err(|e| Failure::invalid(format!("mdbook: the input is not JSON: {e}")))?;
    let Value::Array(mut pair) = value else {
        return Err(Failure::invalid(
            "mdbook: expected [context, book] on stdin",
        ));
    };
    if pair.len() != 2 {
        return Err(Failure::invalid(
            "mdbook: expected [context, book] on stdin",
        ));
    }
    let mut book = pair.pop().unwrap_or(Value::Null);
    let context = pair.pop().unwrap_or(Value::Null);
    let defaults = config_defaults(&context);
    let mut maker = DiagramMaker::new(Format::SVG, defaults);
    let mut errors = Vec::new();
    let mut failed = Blocks::default();
    visit_chapters(&mut book, &mut |chapter| {
        let Some(Value::String(content)) = chapter.get("content") else {
            return;
        };
        let file = ["source_path", "path"]
            .iter()
            .find_map(|k| chapter.get(*k).and_then(Value::as_str))
            .unwrap_or("chapter")
            .to_string();
        // A chapter's images are inline: past the page's budget an animation
        // is an error (mdBook takes no files from a preprocessor).
        let r = rewrite(content, &mut maker, &Images::Inline { spill: None });
        for w in &r.warnings {
            warn(located(&file, w));
        }
        if r.errors.is_empty() {
            chapter.insert("content".into(), Value::String(r.text));
        }
        // Each error with its caret lines under it.
        errors.extend(r.errors.iter().zip(&r.carets).map(|(e, caret)| {
            format!("{}\n{caret}", located(&file, e))
                .trim_end()
                .to_string()
        }));
        failed.merge(r.failed);
    });
    let text = serde_json::to_string(&book)
        .map_err(|e| Failure::io(format!("mdbook: cannot write the book: {e}")))?;
    Ok((text, errors, failed))
}

/// `[preprocessor.fen2img]` keys as attributes (TOML values as text).
fn config_defaults(context: &Value) -> Vec<Attr> {
    let Some(Value::Object(table)) = context.pointer("/config/preprocessor/fen2img") else {
        return Vec::new();
    };
    let mut attrs = Vec::new();
    for (key, value) in table {
        if MDBOOK_KEYS.contains(&key.as_str()) {
            continue;
        }
        let values: Vec<String> = match value {
            Value::Array(items) => items.iter().map(scalar).collect(),
            v => vec![scalar(v)],
        };
        for v in values {
            attrs.push(Attr {
                key: key.clone(),
                value: Some(v),
                column: 0,
                value_column: 0,
            });
        }
    }
    attrs
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Calls `f` on every chapter object, at any depth: mdBook 0.4 keeps them in
/// `sections` and `sub_items`, 0.5 in `items`; walking every value finds
/// them in both.
fn visit_chapters(value: &mut Value, f: &mut dyn FnMut(&mut serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(chapter)) = map.get_mut("Chapter") {
                f(chapter);
            }
            for (_, v) in map.iter_mut() {
                visit_chapters(v, f);
            }
        }
        Value::Array(items) => {
            for v in items {
                visit_chapters(v, f);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(content: &str) -> String {
        serde_json::json!([
            {"root": "/b", "config": {"book": {"title": "T"},
              "preprocessor": {"fen2img": {"command": "fen2img mdbook", "size": 240, "flip": true}}},
             "renderer": "html", "mdbook_version": "0.4.40"},
            {"sections": [{"Chapter": {"name": "One", "content": content, "number": [1],
               "sub_items": [{"Chapter": {"name": "Sub", "content": content, "sub_items": [],
                 "path": "sub.md", "source_path": "sub.md", "parent_names": ["One"]}}],
               "path": "one.md", "source_path": "one.md", "parent_names": []}}, "Separator"],
             "__non_exhaustive": null}
        ])
        .to_string()
    }

    #[test]
    fn chapters_at_every_depth_get_their_diagrams() {
        let (out, errors, _) =
            preprocess(&book("# One\n```fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n")).unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let one = v["sections"][0]["Chapter"]["content"].as_str().unwrap();
        let sub = v["sections"][0]["Chapter"]["sub_items"][0]["Chapter"]["content"]
            .as_str()
            .unwrap();
        for content in [one, sub] {
            assert!(content.contains("<svg") && !content.contains("```"));
            // book.toml's size = 240 applies.
            assert!(content.contains("width=\"240\""), "{content}");
        }
        assert_eq!(v["sections"][1], "Separator");
    }

    #[test]
    fn errors_name_the_chapter_file_line_and_column() {
        let (_, errors, failed) = preprocess(&book(
            "# One\n\n```fen\n8/8/8/8/8/8/8/K6kk w - - 0 1\n```\n",
        ))
        .unwrap();
        assert_eq!(errors.len(), 2);
        // The chapter and its sub-chapter: two blocks, one error each.
        assert_eq!(failed.text(), "2 fen blocks");
        assert!(errors[0].starts_with("one.md:4:"), "{}", errors[0]);
        assert!(errors[1].starts_with("sub.md:4:"), "{}", errors[1]);
    }
}
