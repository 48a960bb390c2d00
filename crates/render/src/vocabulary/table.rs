//! The machinery of an options table: the front ends and their names for
//! a row, a row (how it repeats, reads and writes its value), the errors,
//! and [`Table`] applying rows and writing options back. The table itself
//! (`rows`) and the values' reading (`values`) build on it; the parent
//! only declares and re-exports, so none of them reaches up into it.

use std::fmt;

use fen2img_chess::notation::ValueError;
use fen2img_chess::Square;
use fen2img_support::quote::{caret_chars, escape};

use super::resources::{ResourceError, Resources};

/// The front ends that read options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FrontEnd {
    /// The command line: long flags (`--arrow`), given without the dashes.
    Cli,
    /// The HTTP server's query parameters (`arrow=`).
    Server,
    /// A Markdown (or Pandoc, mdBook) fence's keys: ```` ```fen flip
    /// arrow=Ge2e4 ````. Keys are read in any case, with `_` for `-`.
    Fence,
    /// Python's keyword arguments (`arrows=[...]`; a list's items are
    /// applied one by one).
    Python,
}

impl FrontEnd {
    /// Every front end.
    pub const ALL: [FrontEnd; 4] = [
        FrontEnd::Cli,
        FrontEnd::Server,
        FrontEnd::Fence,
        FrontEnd::Python,
    ];

    /// The front end in words, for messages and documentation.
    pub fn name(self) -> &'static str {
        match self {
            FrontEnd::Cli => "command line",
            FrontEnd::Server => "server",
            FrontEnd::Fence => "Markdown fence",
            FrontEnd::Python => "Python",
        }
    }

    /// `key` as this front end compares it: a fence's keys in any case and
    /// with `_` for `-`; the others as written.
    pub(super) fn fold(self, key: &str) -> String {
        match self {
            FrontEnd::Fence => key.trim().to_ascii_lowercase().replace('_', "-"),
            _ => key.to_string(),
        }
    }
}

/// How an alias takes its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `name=value`: a value is needed.
    Value,
    /// A value, or none for this one (`--check` is `--check=auto`).
    Optional(&'static str),
    /// An on/off switch (`--flip`, `--no-border`): alone or with a true
    /// value it applies `on`; with a false value, `off` (or nothing).
    Switch {
        /// The value applied when the switch is on.
        on: &'static str,
        /// The value applied when it is given as false; `None` changes nothing.
        off: Option<&'static str>,
    },
}

/// One name an option has on a front end, and how it takes its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alias {
    /// The name (a long flag without its dashes, a parameter, a key, a
    /// keyword).
    pub name: &'static str,
    /// How it takes its value.
    pub form: Form,
}

/// An option's names on one front end, or why it has none there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Names {
    /// Its names here (the first is the one documentation uses).
    Here(&'static [Alias]),
    /// Not an option here, and why.
    NotHere(&'static str),
}

impl Names {
    /// The names, empty when the option is not one here.
    pub fn aliases(&self) -> &'static [Alias] {
        match self {
            Names::Here(aliases) => aliases,
            Names::NotHere(_) => &[],
        }
    }
}

/// Whether an option may be given more than once, and how one value
/// holds several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeats {
    /// Once: a later value replaces an earlier one.
    Once,
    /// Each value adds: `Ge2e4,Rd8` is two arrows. Items are trimmed and
    /// blank ones skipped.
    Commas,
    /// Each value adds; a value of `SQUARE:TEXT` items splits only where a
    /// comma is followed by a square and a colon (`e4:A,d5:B`), so a
    /// label may be a comma.
    SquareItems,
}

/// Reads one value (one item, for options that repeat) into the target.
pub type Parse<T> = fn(&mut T, &str, &dyn Resources) -> Result<(), Problem>;

/// The option's value in the target as text that reads back: one text,
/// one per item for options that repeat, none when it is unset.
pub type Show<T> = fn(&T) -> Vec<String>;

/// One option: its names everywhere, how its value is read and written,
/// and what to say about it.
pub struct Row<T: 'static> {
    /// The canonical name ([`Table::canonical`] writes it).
    pub name: &'static str,
    /// The value's shape, for help: `PX|LENGTH`, `auto|SQUARE`.
    pub value: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The command line's long flags (without `--`).
    pub cli: Names,
    /// The server's query parameters.
    pub server: Names,
    /// A Markdown fence's keys.
    pub fence: Names,
    /// Python's keyword arguments.
    pub python: Names,
    /// Whether it repeats.
    pub repeats: Repeats,
    /// The value is text taken as given (a caption, a name): not trimmed.
    pub verbatim: bool,
    /// Values other than the default, each of which the tests apply: every
    /// one must change the target and the picture's digest.
    pub examples: &'static [&'static str],
    /// Reads a value.
    pub parse: Parse<T>,
    /// Writes the value back.
    pub show: Show<T>,
}

impl<T> Row<T> {
    /// The option's names on `front`.
    pub fn names(&self, front: FrontEnd) -> &Names {
        match front {
            FrontEnd::Cli => &self.cli,
            FrontEnd::Server => &self.server,
            FrontEnd::Fence => &self.fence,
            FrontEnd::Python => &self.python,
        }
    }

    /// The default as text (`none` when unset).
    ///
    /// ```
    /// use fen2img_render::vocabulary::RENDER;
    ///
    /// let help: Vec<String> = RENDER.rows.iter()
    ///     .map(|r| format!("{} {}: {} (default {})", r.name, r.value, r.help, r.default_text()))
    ///     .collect();
    /// assert!(help.contains(&"quality 1-100: JPEG quality, 1 to 100. (default 90)".to_string()));
    /// ```
    pub fn default_text(&self) -> String
    where
        T: Default,
    {
        let shown = (self.show)(&T::default());
        if shown.is_empty() {
            "none".to_string()
        } else {
            shown.join(",")
        }
    }
}

impl<T> fmt::Debug for Row<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Row")
            .field("name", &self.name)
            .field("value", &self.value)
            .field("repeats", &self.repeats)
            .finish_non_exhaustive()
    }
}

/// What is wrong with one value: a value that does not read, or a theme or
/// piece set that could not be had.
#[derive(Debug)]
#[non_exhaustive]
pub enum Problem {
    /// The value does not read; the column is within the value.
    Value(ValueError),
    /// The value names a theme or piece set the front end could not give.
    Resource(ResourceError),
}

impl From<ValueError> for Problem {
    fn from(e: ValueError) -> Self {
        Problem::Value(e)
    }
}

impl From<ResourceError> for Problem {
    fn from(e: ResourceError) -> Self {
        Problem::Resource(e)
    }
}

/// Why an option could not be applied.
#[derive(Debug)]
#[non_exhaustive]
pub enum OptionErrorKind {
    /// No option has this name on this front end.
    Unknown,
    /// An option, but not one this front end takes: why.
    NotHere(&'static str),
    /// The option needs a value and was given none.
    NeedsValue,
    /// The value does not read (its column is the error's).
    Value(ValueError),
    /// The value names a theme or piece set that could not be had.
    Resource(ResourceError),
}

/// An option that could not be applied: the option as the user wrote it,
/// the value given, and why. `Display` is one line, naming the option and,
/// for a value that does not read, the column within it.
///
/// ```
/// use fen2img_render::vocabulary::{BuiltIn, FrontEnd, RENDER};
/// use fen2img_render::RenderOptions;
///
/// let e = RENDER
///     .apply(&mut RenderOptions::default(), FrontEnd::Cli, "fill", Some("e4:#ff00zz"), &BuiltIn)
///     .unwrap_err();
/// assert_eq!(e.column(), Some(9));
/// assert_eq!(e.caret().unwrap(), "  e4:#ff00zz\n          ^");
/// assert!(e.to_string().starts_with("fill at column 9: 'z' is not a hex digit"), "{e}");
/// ```
#[derive(Debug)]
pub struct OptionError {
    /// The option's name as given.
    pub option: String,
    /// The value as given (empty when none was).
    pub value: String,
    /// What is wrong.
    pub kind: OptionErrorKind,
}

impl OptionError {
    /// The 1-based column within the value (in characters) of what is
    /// wrong, for a value that does not read.
    pub fn column(&self) -> Option<usize> {
        match &self.kind {
            OptionErrorKind::Value(e) => Some(e.column()),
            _ => None,
        }
    }

    /// Two lines, the value and a caret under the column, for a value that
    /// does not read.
    pub fn caret(&self) -> Option<String> {
        self.column()
            .map(|column| caret_chars(&self.value, column - 1))
    }

    /// What is wrong, without the option's name or the column.
    pub fn message(&self) -> String {
        match &self.kind {
            OptionErrorKind::Unknown => "unknown option".into(),
            OptionErrorKind::NotHere(why) => format!("not an option here: {why}"),
            OptionErrorKind::NeedsValue => "needs a value".into(),
            OptionErrorKind::Value(e) => e.message().to_string(),
            OptionErrorKind::Resource(e) => e.to_string(),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let option = escape(&self.option);
        match self.column() {
            Some(column) => write!(f, "{option} at column {column}: {}", self.message()),
            None => write!(f, "{option}: {}", self.message()),
        }
    }
}

impl std::error::Error for OptionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            OptionErrorKind::Value(e) => Some(e),
            OptionErrorKind::Resource(e) => Some(e),
            _ => None,
        }
    }
}

/// A table of options for targets of type `T` ([`RENDER`](super::RENDER)
/// for [`RenderOptions`](crate::RenderOptions); other crates keep tables
/// of their own, such as the games crate's for the choice of positions).
pub struct Table<T: 'static> {
    /// The rows, in the order [`Table::apply_all`] applies them.
    pub rows: &'static [Row<T>],
}

impl<T> fmt::Debug for Table<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.rows.iter().map(|r| r.name))
            .finish()
    }
}

impl<T: Default> Table<T> {
    /// The row `key` names on `front`, with the alias it matched; an error
    /// when no row has that name there (saying why when it is an option
    /// of another front end, named by its canonical name).
    ///
    /// ```
    /// use fen2img_render::vocabulary::{FrontEnd, RENDER};
    ///
    /// let (row, alias) = RENDER.find(FrontEnd::Cli, "coords").unwrap();
    /// assert_eq!((row.name, alias.name), ("coordinates", "coords"));
    /// assert_eq!(RENDER.find(FrontEnd::Python, "coordinates").unwrap().0.name, "coordinates");
    /// // A fence reads keys in any case, `_` for `-`.
    /// assert_eq!(RENDER.find(FrontEnd::Fence, "No_Border").unwrap().0.name, "border");
    /// let e = RENDER.find(FrontEnd::Server, "optimize").unwrap_err();
    /// assert!(e.to_string().starts_with("optimize: not an option here: "), "{e}");
    /// ```
    pub fn find(&self, front: FrontEnd, key: &str) -> Result<(&Row<T>, Alias), OptionError> {
        let folded = front.fold(key);
        for row in self.rows {
            if let Some(alias) = row
                .names(front)
                .aliases()
                .iter()
                .find(|a| front.fold(a.name) == folded)
            {
                return Ok((row, *alias));
            }
        }
        let kind = match self
            .rows
            .iter()
            .find(|r| front.fold(r.name) == folded)
            .map(|r| r.names(front))
        {
            Some(Names::NotHere(why)) => OptionErrorKind::NotHere(why),
            _ => OptionErrorKind::Unknown,
        };
        Err(OptionError {
            option: key.to_string(),
            value: String::new(),
            kind,
        })
    }

    /// Every name `front` takes, in table order (for suggestions when a
    /// name is misspelled, and for help).
    ///
    /// ```
    /// use fen2img_render::vocabulary::{FrontEnd, RENDER};
    ///
    /// let names: Vec<&str> = RENDER.names(FrontEnd::Python).collect();
    /// assert!(names.contains(&"arrows") && names.contains(&"transparent"));
    /// ```
    pub fn names(&self, front: FrontEnd) -> impl Iterator<Item = &'static str> + '_ {
        self.rows
            .iter()
            .flat_map(move |r| r.names(front).aliases().iter().map(|a| a.name))
    }

    /// Applies option `key` of `front` with `value` (`None`: the option
    /// given alone, as a flag) to `target`. An option that repeats adds
    /// each item of the value; one that does not replaces what was there.
    pub fn apply(
        &self,
        target: &mut T,
        front: FrontEnd,
        key: &str,
        value: Option<&str>,
        resources: &dyn Resources,
    ) -> Result<(), OptionError> {
        let (row, alias) = self.find(front, key).map_err(|mut e| {
            e.value = value.unwrap_or("").to_string();
            e
        })?;
        apply_row(row, alias, target, key, value, resources)
    }

    /// Applies every `(key, value)` of `given` in the table's order (and,
    /// for one option, in the order given), so that an option that reads
    /// another finds it whatever order the user wrote them in. Every
    /// option that cannot be applied is reported, with the index of its
    /// pair in `given`.
    pub fn apply_all<'a>(
        &self,
        target: &mut T,
        front: FrontEnd,
        given: impl IntoIterator<Item = (&'a str, Option<&'a str>)>,
        resources: &dyn Resources,
    ) -> Result<(), Vec<(usize, OptionError)>> {
        let mut errors = Vec::new();
        let mut found = Vec::new();
        for (i, (key, value)) in given.into_iter().enumerate() {
            match self.find(front, key) {
                Ok((row, alias)) => {
                    let at = self.rows.iter().position(|r| std::ptr::eq(r, row));
                    found.push((at.unwrap_or(usize::MAX), i, row, alias, key, value));
                }
                Err(mut e) => {
                    e.value = value.unwrap_or("").to_string();
                    errors.push((i, e));
                }
            }
        }
        // A stable sort: one option's values keep the order given.
        found.sort_by_key(|&(at, ..)| at);
        for (_, i, row, alias, key, value) in found {
            if let Err(e) = apply_row(row, alias, target, key, value, resources) {
                errors.push((i, e));
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            errors.sort_by_key(|&(i, _)| i);
            Err(errors)
        }
    }

    /// The canonical text of every option of `target` that is not at its
    /// default, in table order: `(name, value)`, one pair per item of an
    /// option that repeats. Two targets that draw alike through the table
    /// have the same text (a cache key); a theme or piece set that came
    /// from files is written as its name and a digest of its content, which
    /// does not read back.
    pub fn canonical(&self, target: &T) -> Vec<(&'static str, String)> {
        let default = T::default();
        let mut out = Vec::new();
        for row in self.rows {
            let shown = (row.show)(target);
            if shown != (row.show)(&default) {
                out.extend(shown.into_iter().map(|v| (row.name, v)));
            }
        }
        out
    }
}

/// Applies one option's value through `row`.
fn apply_row<T>(
    row: &Row<T>,
    alias: Alias,
    target: &mut T,
    key: &str,
    value: Option<&str>,
    resources: &dyn Resources,
) -> Result<(), OptionError> {
    let error = |kind| OptionError {
        option: key.to_string(),
        value: value.unwrap_or("").to_string(),
        kind,
    };
    let text = match (alias.form, value) {
        (Form::Value, None) => return Err(error(OptionErrorKind::NeedsValue)),
        (Form::Value | Form::Optional(_), Some(v)) => v,
        (Form::Optional(bare), None) => bare,
        (Form::Switch { on, .. }, None) => on,
        (Form::Switch { on, off }, Some(v)) => match boolean(v) {
            Ok(true) => on,
            Ok(false) => match off {
                Some(off) => off,
                None => return Ok(()),
            },
            Err(e) => return Err(error(OptionErrorKind::Value(e))),
        },
    };
    let items = if row.verbatim {
        vec![(0, text)]
    } else {
        items(row.repeats, text)
    };
    for (offset, item) in items {
        (row.parse)(target, item, resources).map_err(|p| {
            error(match p {
                Problem::Value(e) => OptionErrorKind::Value(e.shifted(offset)),
                Problem::Resource(e) => OptionErrorKind::Resource(e),
            })
        })?;
    }
    Ok(())
}

/// The items of `text` for an option that repeats as `repeats` (the whole
/// text, trimmed, for one that does not), each with the number of
/// characters before it in `text`.
fn items(repeats: Repeats, text: &str) -> Vec<(usize, &str)> {
    let trimmed = |start: usize, item: &'_ str| {
        let lead = item.len() - item.trim_start().len();
        (
            text[..start + lead].chars().count(),
            &text[start + lead..start + lead + item.trim().len()],
        )
    };
    match repeats {
        Repeats::Once => vec![trimmed(0, text)],
        Repeats::Commas | Repeats::SquareItems => {
            let mut out = Vec::new();
            let mut start = 0;
            for (i, _) in text.match_indices(',') {
                let next = text[i + 1..].trim_start();
                let square_item = next.get(..3).is_some_and(|s| {
                    s.ends_with(':') && s.get(..2).and_then(Square::parse).is_some()
                });
                let splits = repeats == Repeats::Commas || square_item;
                if splits {
                    out.push(trimmed(start, &text[start..i]));
                    start = i + 1;
                }
            }
            out.push(trimmed(start, &text[start..]));
            out.retain(|(_, item)| !item.is_empty());
            out
        }
    }
}

/// An on/off value: `1 true yes on` or nothing for on, `0 false no off`
/// for off, in any case.
///
/// ```
/// use fen2img_render::vocabulary::boolean;
///
/// assert_eq!(boolean("Yes"), Ok(true));
/// assert_eq!(boolean(""), Ok(true));
/// assert_eq!(boolean("off"), Ok(false));
/// assert_eq!(boolean("maybe").unwrap_err().to_string(),
///            "column 1: expected true or false, found 'maybe'");
/// ```
pub fn boolean(text: &str) -> Result<bool, ValueError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(ValueError::new(
            1,
            format!("expected true or false, found '{}'", escape(text)),
        )),
    }
}
