//! A block's options → render options, through the options table
//! ([`RENDER`], [`FrontEnd::Fence`]): blocks take the options the table
//! gives a fence, by the names it gives them there (the command line's
//! long names), with the table's checks and messages. Nothing here lists
//! the options.
//!
//! Defaults (from `fen2img md --defaults`, or `[preprocessor.fen2img]` in
//! `book.toml`) are attributes too; a block's attribute replaces a default of
//! the same option, except repeatable ones (`arrow`, `mark`, `fill`, `glyph`,
//! `label`), which add.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use fen2img_render::vocabulary::{
    boolean, Files, FrontEnd, OptionError as TableError, OptionErrorKind, Repeats, ResourceError,
    Resources, RENDER,
};
use fen2img_render::{Format, PieceSet, RenderOptions, Theme, Width};
use fen2img_support::quote::escape;

use super::info::Attr;
use crate::args::named_or_load_pieces;

/// Attributes that are not render options: they shape the HTML around the
/// diagram.
const DOCUMENT_KEYS: [&str; 3] = ["caption", "alt", "id"];

/// An option that cannot be used, and where it is (the attribute's column
/// within the info string, 1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError {
    /// 1-based column within the info string (0 when it came from defaults).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A block's options, resolved.
#[derive(Debug, Clone)]
pub struct BlockOptions {
    /// The table's canonical text of the render options (`name=value`, in
    /// table order, only those not at their default): the renderer cache
    /// key.
    pub tokens: Vec<String>,
    /// The render options themselves (shared: every diagram of a pgn block
    /// carries them).
    pub render: Arc<RenderOptions>,
    /// `strict`: refuse short FEN and illegal positions.
    pub strict: bool,
    /// `caption=`: a `<figcaption>` (or Pandoc figure caption).
    pub caption: Option<String>,
    /// `alt=`: replaces the generated description.
    pub alt: Option<String>,
    /// Pandoc's `#id` or `id=`: the figure's id.
    pub id: Option<String>,
    /// `size=` as given when it is a printed width (`35mm`): a PDF's page
    /// is exactly that wide (the tokens hold its pixels only).
    pub printed: Option<Width>,
}

/// What a block's options may name, as the command line reads them: a
/// built-in theme or a theme file, a bundled piece set or a directory
/// (relative paths from the working directory). Each is read once per run,
/// however many blocks name it.
#[derive(Default)]
struct DocumentResources {
    themes: RefCell<HashMap<String, Theme>>,
    pieces: RefCell<HashMap<String, PieceSet>>,
}

impl Resources for DocumentResources {
    fn theme(&self, name: &str) -> Result<Theme, ResourceError> {
        if let Some(theme) = self.themes.borrow().get(name) {
            return Ok(theme.clone());
        }
        let theme = Files.theme(name)?;
        self.themes
            .borrow_mut()
            .insert(name.to_string(), theme.clone());
        Ok(theme)
    }

    fn pieces(&self, name: &str) -> Result<PieceSet, ResourceError> {
        if let Some(set) = self.pieces.borrow().get(name) {
            return Ok(set.clone());
        }
        // The command line's reading, messages and all.
        let set = named_or_load_pieces("pieces", Path::new(name))
            .map_err(|f| ResourceError::Refused(f.message))?;
        self.pieces
            .borrow_mut()
            .insert(name.to_string(), set.clone());
        Ok(set)
    }
}

/// Reads blocks' options into render options of one format.
pub struct OptionReader {
    format: Format,
    resources: DocumentResources,
}

impl OptionReader {
    /// A reader of options for `format` images.
    pub fn new(format: Format) -> OptionReader {
        OptionReader {
            format,
            resources: DocumentResources::default(),
        }
    }

    /// Resolves `attrs` over `defaults` (attributes too, whose columns are
    /// not reported) through the table. Every bad option is reported, not
    /// only the first, in the order they stand on the line.
    pub fn resolve(
        &self,
        defaults: &[Attr],
        attrs: &[Attr],
    ) -> Result<BlockOptions, Vec<OptionError>> {
        let mut caption = None;
        let mut alt = None;
        let mut id = None;
        let mut strict = false;
        let mut errors = Vec::new();
        // (attribute, from the block, the option's canonical name if the
        // table knows it) in order; a later single-valued option replaces
        // an earlier one.
        let mut merged: Vec<(&Attr, bool, Option<&'static str>)> = Vec::new();
        for (attr, from_block) in defaults
            .iter()
            .map(|a| (a, false))
            .chain(attrs.iter().map(|a| (a, true)))
        {
            let column = if from_block { attr.column } else { 0 };
            let key = attr.key.trim().to_ascii_lowercase().replace('_', "-");
            if DOCUMENT_KEYS.contains(&key.as_str()) {
                let Some(value) = attr.value.clone() else {
                    errors.push(OptionError {
                        column,
                        message: format!("'{}' needs a value: {key}=\"...\"", escape(&attr.key)),
                    });
                    continue;
                };
                match key.as_str() {
                    "caption" => caption = Some(value),
                    "alt" => alt = Some(value),
                    _ => id = Some(value),
                }
                continue;
            }
            // Not a render option but how the FEN is read, as the command
            // line's --strict.
            if key == "strict" {
                match attr.value.as_deref().map(boolean) {
                    None => strict = true,
                    Some(Ok(on)) => strict = on,
                    Some(Err(e)) => errors.push(OptionError {
                        column,
                        message: format!("strict: {}", e.message()),
                    }),
                }
                continue;
            }
            let name = RENDER
                .find(FrontEnd::Fence, &attr.key)
                .ok()
                .map(|(row, _)| {
                    if row.repeats == Repeats::Once {
                        merged.retain(|(.., n)| *n != Some(row.name));
                    }
                    row.name
                });
            merged.push((attr, from_block, name));
        }
        let mut render = RenderOptions::new(self.format);
        let given = merged
            .iter()
            .map(|(a, ..)| (a.key.as_str(), a.value.as_deref()));
        if let Err(table_errors) =
            RENDER.apply_all(&mut render, FrontEnd::Fence, given, &self.resources)
        {
            for (i, e) in table_errors {
                let (attr, from_block, _) = merged[i];
                errors.push(block_error(attr, from_block, &e));
            }
        }
        if !errors.is_empty() {
            // In the order they stand on the line (stable: defaults first).
            errors.sort_by_key(|e| e.column);
            return Err(errors);
        }
        let printed = merged
            .iter()
            .rfind(|(.., name)| *name == Some("size"))
            .and_then(|(attr, ..)| attr.value.as_deref()?.parse::<Width>().ok())
            .filter(|w| w.is_printed());
        let tokens = RENDER
            .canonical(&render)
            .into_iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        Ok(BlockOptions {
            tokens,
            render: Arc::new(render),
            strict,
            caption,
            alt,
            id,
            printed,
        })
    }
}

/// The table's error `e` for `attr`, at the character of the value it
/// names (a value that does not read) or at the attribute; column 0 for a
/// default.
fn block_error(attr: &Attr, from_block: bool, e: &TableError) -> OptionError {
    let column = match (from_block, e.column(), attr.value.as_deref()) {
        (false, ..) => 0,
        (true, Some(at), Some(value)) if attr.value_column > 0 => {
            // The table counts characters; the document, bytes.
            let bytes = value
                .char_indices()
                .nth(at.saturating_sub(1))
                .map_or(value.len(), |(i, _)| i);
            attr.value_column + bytes
        }
        (true, ..) => attr.column,
    };
    let option = escape(&attr.key);
    let message = match &e.kind {
        OptionErrorKind::Unknown => format!(
            "unknown option '{option}': blocks take the render options of `fen2img --help` \
             by their long names, and caption, alt, id, strict"
        ),
        // The command line's own message names the option already.
        OptionErrorKind::Resource(ResourceError::Refused(why)) => why.clone(),
        // A theme's or piece set's error names the theme or set (`theme
        // x.theme: ...`), as the command line prints it: not "theme: theme".
        OptionErrorKind::Resource(e) => e.to_string(),
        _ => format!("{option}: {}", e.message()),
    };
    OptionError { column, message }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::info::parse;

    fn resolve(defaults: &str, info: &str) -> Result<BlockOptions, OptionError> {
        resolve_all(defaults, info).map_err(|mut e| e.remove(0))
    }

    fn resolve_all(defaults: &str, info: &str) -> Result<BlockOptions, Vec<OptionError>> {
        let reader = OptionReader::new(Format::SVG);
        let defaults = parse(&format!("fen {defaults}")).unwrap();
        reader.resolve(&defaults, &parse(info).unwrap())
    }

    #[test]
    fn every_cli_option_by_its_long_name() {
        let o = resolve(
            "",
            r#"fen flip lastmove=e2e4 arrows=Ge2e4,Rd8d1 size=300 coords=inside caption="White to move""#,
        )
        .unwrap();
        assert_eq!(
            o.tokens,
            [
                "size=300",
                "flip=true",
                "coordinates=inside",
                "lastmove=e2e4",
                "arrow=Ge2e4",
                "arrow=Rd8d1",
            ]
        );
        assert_eq!(o.caption.as_deref(), Some("White to move"));
        assert!(o.render.diagram.flip);
        assert_eq!(o.render.diagram.size, 300);
        assert_eq!(o.render.diagram.markup.arrows.len(), 2);
    }

    #[test]
    fn pandoc_classes_are_flags() {
        let o = resolve("", "{.fen .flip .no-border check=e8 #fig1}").unwrap();
        assert_eq!(o.tokens, ["flip=true", "border=false", "check=e8"]);
        assert_eq!(o.id.as_deref(), Some("fig1"));
    }

    #[test]
    fn blocks_override_defaults_and_add_to_repeatable_ones() {
        let o = resolve(
            "size=200 flip arrow=Ga1a2",
            "fen size=300 flip=false marks=e4,d5 arrow=Rb1b2",
        )
        .unwrap();
        assert_eq!(
            o.tokens,
            [
                "size=300",
                "arrow=Ga1a2",
                "arrow=Rb1b2",
                "mark=e4",
                "mark=d5"
            ]
        );
    }

    #[test]
    fn strict_is_a_block_option_beside_the_render_options() {
        assert!(resolve("", "fen strict").unwrap().strict);
        assert!(!resolve("strict", "fen strict=false").unwrap().strict);
        assert_eq!(resolve("", "fen strict=maybe").unwrap_err().column, 5);
    }

    #[test]
    fn unknown_and_bad_options_are_errors_at_their_column() {
        let e = resolve("", "fen flip colour=red").unwrap_err();
        assert_eq!(e.column, 10);
        assert!(
            e.message.contains("unknown option 'colour'"),
            "{}",
            e.message
        );
        // A value that does not read: at its value.
        let e = resolve("", "fen size=9999").unwrap_err();
        assert_eq!(e.column, 10);
        assert!(e.message.starts_with("size: "), "{}", e.message);
        let e = resolve("", "fen flip size").unwrap_err();
        assert_eq!(e.column, 10);
        let e = resolve("", "fen format=png").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("--images"), "{}", e.message);
        let e = resolve("", "fen caption").unwrap_err();
        assert_eq!(e.column, 5);
        // A default's error has no column in the block.
        assert_eq!(resolve("size=9999", "fen").unwrap_err().column, 0);
    }

    #[test]
    fn every_bad_option_of_a_block_is_reported() {
        let e = resolve_all("", "fen colour=red size=9999 flip caption").unwrap_err();
        let columns: Vec<usize> = e.iter().map(|e| e.column).collect();
        assert_eq!(columns, [5, 21, 31], "{e:?}");
    }

    #[test]
    fn a_theme_error_points_at_the_theme_option() {
        let e = resolve("", "fen flip theme=/nonexistent/x.theme").unwrap_err();
        assert_eq!(e.column, 10, "{e:?}");
        // The theme named once, as the command line says it.
        assert!(
            e.message
                .starts_with("theme /nonexistent/x.theme: not a built-in theme ("),
            "{e:?}"
        );
        let e = resolve("", "fen pieces=no-such-set").unwrap_err();
        assert_eq!(e.column, 5, "{e:?}");
        assert!(e.message.starts_with("pieces 'no-such-set'"), "{e:?}");
    }

    #[test]
    fn value_errors_point_at_the_character_within_the_value() {
        let e = resolve("", "fen flip lastmove=e2x4").unwrap_err();
        assert!(e.message.starts_with("lastmove: "), "{}", e.message);
        // Within `e2x4`, which starts at column 19.
        assert!((19..=22).contains(&e.column), "{e:?}");
        let e = resolve("", r#"fen arrows="Ge2e4, Rd8q1""#).unwrap_err();
        // The second arrow's bad square, past the opening quote.
        let value_starts = 13;
        assert!(e.column > value_starts + 6, "{e:?}");
    }
}
