//! The options the Python layer hands over, read through the options table
//! ([`RENDER`], [`FrontEnd::Python`]).
//!
//! `python/fen2img/_convert.py` has already turned python-chess objects,
//! integers and tuples into the table's text (`arrows=[("e2", "e4")]` is
//! `("arrows", "Ge2e4")`, a dict of fills is `("fills", "e4:#ff000080")`
//! items) and checked their Python types; the table reads the values with
//! the parsers the command line, the server and Markdown fences use, so a
//! keyword means what the same option means there, and a bad value is
//! refused in the same words, naming the keyword the caller wrote.

use std::path::Path;

use fen2img_render::options::MAX_MARKUP;
use fen2img_render::vocabulary::{
    Form, FrontEnd, OptionError, OptionErrorKind, Repeats, ResourceError, Resources, RENDER,
};
use fen2img_render::{PieceSet, RenderOptions, Theme, Width};
use pyo3::prelude::*;

use crate::failure::Failure;
use crate::fields::{option_text, Fields};

/// What a call asks for, as the Python layer passes it (a dict read by
/// [`NativeOptions::read`]).
pub struct NativeOptions {
    /// The format's name (`pdf` included, which the table does not know:
    /// a PDF is drawn from the SVG writer's layout).
    format: String,
    /// `theme=` was a path (`pathlib.Path`): a theme file may be read.
    theme_file: bool,
    /// The table's keyword and value text of every option given, in the
    /// order given (`None`: a switch given alone).
    options: Vec<(String, Option<String>)>,
    /// `caption=True`/`"auto"`: who is to move, or for a game the move.
    pub caption_auto: bool,
    /// Refuse all but six-field FEN, and illegal positions.
    pub strict: bool,
}

impl NativeOptions {
    /// Reads the dict `_convert.native_options` made; a value Rust cannot
    /// hold is the package's exception naming its keyword.
    pub fn read(dict: &Bound<'_, PyAny>) -> Result<NativeOptions, Failure> {
        let f = Fields::new(dict, &[]);
        // Every option once, and each markup at most MAX_MARKUP times.
        let most = RENDER.rows.len() * (MAX_MARKUP + 1);
        let items: Vec<(String, Bound<'_, PyAny>)> = f.list("options", most)?;
        let mut options = Vec::with_capacity(items.len());
        for (keyword, value) in items {
            let text = option_text(&keyword, &value)?;
            options.push((keyword, text));
        }
        refuse_past_the_limit(&options)?;
        Ok(NativeOptions {
            format: f.get("format")?,
            theme_file: f.get("theme_file")?,
            options,
            caption_auto: f.get("caption_auto")?,
            strict: f.get("strict")?,
        })
    }

    /// `format="pdf"`: `Some`, with the `size` given when it is a printed
    /// width (`"35mm"`: the page is exactly that wide); `None` for the
    /// table's formats.
    pub fn pdf(&self) -> Option<Option<Width>> {
        if self.format != "pdf" {
            return None;
        }
        let is_size = |k: &str| {
            RENDER
                .find(FrontEnd::Python, k)
                .is_ok_and(|(row, _)| row.name == "size")
        };
        // The last one given, as the table reads them.
        let printed = self
            .options
            .iter()
            .rfind(|(k, _)| is_size(k))
            .and_then(|(_, v)| v.as_deref()?.parse::<Width>().ok())
            .filter(|w| w.is_printed());
        Some(printed)
    }

    /// The same options in SVG: a PDF is drawn from the layout the SVG
    /// writer walks. (Only `render` does; elsewhere `pdf` stays a format
    /// the table refuses by name.)
    pub fn into_svg(mut self) -> NativeOptions {
        self.format = "svg".into();
        self
    }

    /// The render crate's options (reads a theme file or piece set
    /// directory when one is named).
    pub fn render_options(self) -> Result<RenderOptions, Failure> {
        let mut options = RenderOptions::default();
        let given = std::iter::once(("format", Some(self.format.as_str()))).chain(
            self.options
                .iter()
                .map(|(keyword, value)| (keyword.as_str(), value.as_deref())),
        );
        let resources = PythonResources {
            theme_file: self.theme_file,
        };
        match RENDER.apply_all(&mut options, FrontEnd::Python, given, &resources) {
            Ok(()) => Ok(options),
            Err(errors) => Err(errors.into_iter().next().map_or_else(
                || Failure::Option("the options could not be read".into()),
                |(_, e)| failure(e),
            )),
        }
    }
}

/// More than [`MAX_MARKUP`] items of one markup (the command line's and
/// the server's limit), refused before any is read.
fn refuse_past_the_limit(options: &[(String, Option<String>)]) -> Result<(), Failure> {
    for row in RENDER.rows.iter().filter(|r| r.repeats != Repeats::Once) {
        for alias in row.names(FrontEnd::Python).aliases() {
            let count = options.iter().filter(|(k, _)| k == alias.name).count();
            if count > MAX_MARKUP {
                return Err(Failure::Option(format!(
                    "{}: at most {MAX_MARKUP} a diagram (as the server's query), found {count}",
                    alias.name
                )));
            }
        }
    }
    Ok(())
}

/// The package's exception for an option the table refused: a theme file
/// or piece set that could not be read is an `OSError` (or a `ValueError`
/// when read and invalid), as it always was; anything else a `ValueError`
/// in the table's words.
fn failure(e: OptionError) -> Failure {
    match e.kind {
        OptionErrorKind::Resource(ResourceError::Theme(t)) => Failure::theme(t),
        OptionErrorKind::Resource(ResourceError::Pieces(p)) => Failure::pieces(p),
        _ => Failure::Option(e.to_string()),
    }
}

/// Python's policy for what an option names: a `str` theme is a built-in
/// name (a name from a web form never reads a file), a `pathlib.Path` a
/// theme file; pieces a bundled set's name or a directory.
struct PythonResources {
    theme_file: bool,
}

impl Resources for PythonResources {
    fn theme(&self, name: &str) -> Result<Theme, ResourceError> {
        if self.theme_file {
            return Ok(Theme::load(name)?);
        }
        Theme::built_in(name).ok_or_else(|| {
            let names: Vec<&str> = Theme::built_in_names().collect();
            ResourceError::Refused(format!(
                "'{}' is not a built-in theme ({}); pass a pathlib.Path for a theme file",
                fen2img_support::quote::escape(name),
                names.join(", ")
            ))
        })
    }

    fn pieces(&self, name: &str) -> Result<PieceSet, ResourceError> {
        Ok(PieceSet::bundled_or_load(Path::new(name))?)
    }
}

/// One row of the options table as the Python tests read it: the name,
/// the value's shape, how it repeats (`once`, `commas`, `square_items`),
/// the command line's flags (name, `value`/`optional`/`switch`, the
/// switch's on value), Python's keywords and the examples.
pub type TableRow = (
    &'static str,
    &'static str,
    &'static str,
    Vec<(&'static str, &'static str, Option<&'static str>)>,
    Vec<&'static str>,
    Vec<&'static str>,
);

/// The options table's rows ([`TableRow`]), for `_native.OPTIONS`.
pub fn table() -> Vec<TableRow> {
    RENDER
        .rows
        .iter()
        .map(|row| {
            let repeats = match row.repeats {
                Repeats::Once => "once",
                Repeats::Commas => "commas",
                Repeats::SquareItems => "square_items",
            };
            let cli = row
                .names(FrontEnd::Cli)
                .aliases()
                .iter()
                .map(|a| match a.form {
                    Form::Value => (a.name, "value", None),
                    Form::Optional(bare) => (a.name, "optional", Some(bare)),
                    Form::Switch { on, .. } => (a.name, "switch", Some(on)),
                })
                .collect();
            let python = row
                .names(FrontEnd::Python)
                .aliases()
                .iter()
                .map(|a| a.name)
                .collect();
            (
                row.name,
                row.value,
                repeats,
                cli,
                python,
                row.examples.to_vec(),
            )
        })
        .collect()
}
