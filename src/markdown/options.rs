//! A block's options → render options, through the command line's own
//! definitions: every attribute becomes a `--long=value` token and clap
//! parses them with [`RenderArgs`], so blocks accept exactly the options of
//! the CLI, by the same names, with the same checks and messages. Nothing
//! here lists the options.
//!
//! Defaults (from `fen2img md --defaults`, or `[preprocessor.fen2img]` in
//! `book.toml`) are attributes too; a block's attribute replaces a default of
//! the same name, except repeatable ones (`arrow`, `mark`, `fill`), which add.

use clap::{ArgAction, Args, Command, FromArgMatches};

use fen2img_render::{Format, RenderOptions};

use super::info::Attr;
use crate::args::{render_options, RenderArgs};

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockOptions {
    /// `--long=value` tokens, defaults first: the renderer cache key and
    /// part of an asset's content hash.
    pub tokens: Vec<String>,
    /// `--strict`: refuse short FEN and illegal positions.
    pub strict: bool,
    /// `caption=`: a `<figcaption>` (or Pandoc figure caption).
    pub caption: Option<String>,
    /// `alt=`: replaces the generated description.
    pub alt: Option<String>,
    /// Pandoc's `#id` or `id=`: the figure's id.
    pub id: Option<String>,
}

/// The render flags' definitions, built once per parser.
pub struct OptionParser {
    command: Command,
}

impl Default for OptionParser {
    fn default() -> Self {
        Self::new()
    }
}

/// A render option's canonical name: `no_border` → `no-border`, plurals to
/// the flag's singular (`arrows` → `arrow`).
fn canonical(key: &str) -> String {
    let key = key.trim().to_ascii_lowercase().replace('_', "-");
    match key.as_str() {
        "arrows" | "marks" | "fills" => key[..key.len() - 1].to_string(),
        _ => key,
    }
}

impl OptionParser {
    /// The parser, from [`RenderArgs`]' clap definitions.
    pub fn new() -> OptionParser {
        let command = RenderArgs::augment_args(
            Command::new("fen")
                .no_binary_name(true)
                .disable_help_flag(true)
                .disable_version_flag(true),
        );
        OptionParser { command }
    }

    /// Whether `key` (canonical) is a render option, and whether it repeats.
    fn lookup(&self, key: &str) -> Option<bool> {
        self.command
            .get_arguments()
            .find(|a| a.get_long() == Some(key))
            .map(|a| matches!(a.get_action(), ArgAction::Append))
    }

    /// Whether `key` (canonical) is an on/off flag.
    fn is_flag(&self, key: &str) -> bool {
        self.command
            .get_arguments()
            .find(|a| a.get_long() == Some(key))
            .is_some_and(|a| matches!(a.get_action(), ArgAction::SetTrue))
    }

    /// The tokens for one attribute, or why it is not an option.
    fn tokens(&self, attr: &Attr) -> Result<(String, bool, Vec<String>), OptionError> {
        let key = canonical(&attr.key);
        let error = |message: String| OptionError {
            column: attr.column,
            message,
        };
        if key == "format" || key == "output" {
            return Err(error(format!(
                "'{}' is chosen by the command (--images), not by a block",
                attr.key
            )));
        }
        let Some(repeats) = self.lookup(&key) else {
            return Err(error(format!(
                "unknown option '{}': blocks take the render options of `fen2img --help` \
                 by their long names, and caption, alt, id",
                attr.key
            )));
        };
        let plural = attr.key.trim().len() > key.len() && repeats;
        let tokens = match attr.value.as_deref() {
            None => vec![format!("--{key}")],
            // TOML booleans and explicit flags: `flip=true`, `flip=false`.
            Some(v) if self.is_flag(&key) => match v.trim() {
                "true" | "yes" | "on" | "" => vec![format!("--{key}")],
                "false" | "no" | "off" => Vec::new(),
                other => {
                    return Err(error(format!(
                        "'{}' is a flag: write it alone, or ={{true|false}}, not '{other}'",
                        attr.key
                    )))
                }
            },
            Some(v) if plural => v
                .split(',')
                .filter(|v| !v.trim().is_empty())
                .map(|v| format!("--{key}={}", v.trim()))
                .collect(),
            Some(v) => vec![format!("--{key}={v}")],
        };
        Ok((key, repeats, tokens))
    }

    /// Resolves `attrs` over `defaults` (attributes too, whose columns are
    /// not reported) and checks them with clap. Every bad option is
    /// reported, not only the first.
    pub fn resolve(
        &self,
        defaults: &[Attr],
        attrs: &[Attr],
    ) -> Result<BlockOptions, Vec<OptionError>> {
        let mut out = BlockOptions {
            tokens: Vec::new(),
            strict: false,
            caption: None,
            alt: None,
            id: None,
        };
        let mut errors = Vec::new();
        // (key, repeats, tokens, column) in order; a later single-valued
        // option replaces an earlier one of the same key.
        let mut merged: Vec<(String, bool, Vec<String>, usize)> = Vec::new();
        for (attr, from_block) in defaults
            .iter()
            .map(|a| (a, false))
            .chain(attrs.iter().map(|a| (a, true)))
        {
            let column = if from_block { attr.column } else { 0 };
            let key = canonical(&attr.key);
            if DOCUMENT_KEYS.contains(&key.as_str()) {
                let Some(value) = attr.value.clone() else {
                    errors.push(OptionError {
                        column,
                        message: format!("'{}' needs a value: {key}=\"...\"", attr.key),
                    });
                    continue;
                };
                match key.as_str() {
                    "caption" => out.caption = Some(value),
                    "alt" => out.alt = Some(value),
                    _ => out.id = Some(value),
                }
                continue;
            }
            match self.tokens(attr) {
                Ok((key, repeats, tokens)) => {
                    if !repeats {
                        merged.retain(|(k, ..)| *k != key);
                    }
                    merged.push((key, repeats, tokens, column));
                }
                Err(e) => errors.push(OptionError {
                    column,
                    message: e.message,
                }),
            }
        }
        // Each attribute alone first, so an error points at its column.
        for (_, _, tokens, column) in &merged {
            if let Err(message) = self.parse(tokens) {
                errors.push(OptionError {
                    column: *column,
                    message,
                });
            }
        }
        if !errors.is_empty() {
            // In the order they stand on the line (stable: defaults first).
            errors.sort_by_key(|e| e.column);
            return Err(errors);
        }
        out.tokens = merged.into_iter().flat_map(|(_, _, t, _)| t).collect();
        out.strict = self
            .parse(&out.tokens)
            .map_err(|message| vec![OptionError { column: 0, message }])?;
        Ok(out)
    }

    /// Parses tokens with clap; returns `--strict`, or clap's message.
    fn parse(&self, tokens: &[String]) -> Result<bool, String> {
        self.args(tokens).map(|a| a.strict)
    }

    /// The [`RenderArgs`] of `tokens`, or clap's message (its first line).
    pub fn args(&self, tokens: &[String]) -> Result<RenderArgs, String> {
        let matches = self
            .command
            .clone()
            .try_get_matches_from(tokens)
            .map_err(|e| clap_message(&e))?;
        RenderArgs::from_arg_matches(&matches).map_err(|e| clap_message(&e))
    }

    /// Render options for `tokens` in `format`. A failure names the flag
    /// (`--lastmove: ...`); `columns` maps it back to the attribute.
    pub fn render_options(
        &self,
        options: &BlockOptions,
        format: Format,
        attrs: &[Attr],
    ) -> Result<RenderOptions, OptionError> {
        let args = self
            .args(&options.tokens)
            .map_err(|message| OptionError { column: 0, message })?;
        render_options(&args, format).map_err(|f| {
            // Most messages name their flag; a theme's or a piece set's
            // error names the file, so it is matched by its own prefix.
            let names = |a: &Attr| {
                let key = canonical(&a.key);
                f.message.starts_with(&format!("--{key}:"))
                    || (key == "theme" && f.message.starts_with("theme "))
                    || (key == "pieces" && f.message.starts_with("piece set: "))
            };
            let column = attrs
                .iter()
                .rev()
                .find(|a| names(a))
                .map_or(0, |a| a.column);
            OptionError {
                column,
                message: f.message,
            }
        })
    }
}

/// Clap's error in one line, without its `error: ` prefix and usage.
fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or("invalid option");
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::info::parse;

    fn resolve(defaults: &str, info: &str) -> Result<BlockOptions, OptionError> {
        resolve_all(defaults, info).map_err(|mut e| e.remove(0))
    }

    fn resolve_all(defaults: &str, info: &str) -> Result<BlockOptions, Vec<OptionError>> {
        let parser = OptionParser::new();
        let defaults = parse(&format!("fen {defaults}")).unwrap();
        parser.resolve(&defaults, &parse(info).unwrap())
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
                "--flip",
                "--lastmove=e2e4",
                "--arrow=Ge2e4",
                "--arrow=Rd8d1",
                "--size=300",
                "--coords=inside"
            ]
        );
        assert_eq!(o.caption.as_deref(), Some("White to move"));
        let args = OptionParser::new().args(&o.tokens).unwrap();
        assert!(args.flip);
        assert_eq!(args.size, crate::args::Length::Px(300));
        assert_eq!(args.arrow.len(), 2);
    }

    #[test]
    fn pandoc_classes_are_flags() {
        let o = resolve("", "{.fen .flip .no-border check=e8 #fig1}").unwrap();
        assert_eq!(o.tokens, ["--flip", "--no-border", "--check=e8"]);
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
                "--arrow=Ga1a2",
                "--size=300",
                "--mark=e4",
                "--mark=d5",
                "--arrow=Rb1b2"
            ]
        );
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
        let e = resolve("", "fen size=9999").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("--size"), "{}", e.message);
        let e = resolve("", "fen flip size").unwrap_err();
        assert_eq!(e.column, 10);
        let e = resolve("", "fen format=png").unwrap_err();
        assert_eq!(e.column, 5);
        let e = resolve("", "fen caption").unwrap_err();
        assert_eq!(e.column, 5);
    }

    #[test]
    fn every_bad_option_of_a_block_is_reported() {
        let e = resolve_all("", "fen colour=red size=9999 flip caption").unwrap_err();
        let columns: Vec<usize> = e.iter().map(|e| e.column).collect();
        assert_eq!(columns, [5, 16, 31], "{e:?}");
    }

    #[test]
    fn a_theme_error_points_at_the_theme_option() {
        let parser = OptionParser::new();
        let attrs = parse("fen flip theme=/nonexistent/x.theme").unwrap();
        let o = parser.resolve(&[], &attrs).unwrap();
        let e = parser.render_options(&o, Format::SVG, &attrs).unwrap_err();
        assert_eq!(e.column, 10, "{e:?}");
    }

    #[test]
    fn value_errors_from_render_options_point_at_the_attribute() {
        let parser = OptionParser::new();
        let attrs = parse("fen flip lastmove=e2x4").unwrap();
        let o = parser.resolve(&[], &attrs).unwrap();
        let e = parser.render_options(&o, Format::SVG, &attrs).unwrap_err();
        assert_eq!(e.column, 10);
        assert!(e.message.starts_with("--lastmove:"), "{}", e.message);
    }
}
