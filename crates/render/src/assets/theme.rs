//! Board themes: colours and proportions read from `templates/themes/*.theme`.
//!
//! The built-in themes are embedded in the binary at build time; a user's
//! theme is the same `key = value` format read from a file.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::assets::bundled::{self, BUILT_IN_NAME};
use crate::assets::color::Rgba;
use crate::assets::pieces::PieceSet;
use fen2img_support::bounded_read::{self, ReadError};
use fen2img_support::quote;

/// The largest theme file read: a theme is a few dozen short lines.
pub const MAX_THEME_BYTES: u64 = 64 * 1024;

/// A board theme.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    /// Light square colour.
    pub light: Rgba,
    /// Dark square colour (under the hatching, if any).
    pub dark: Rgba,
    /// Diagonal hatching drawn over dark squares, as in printed books.
    pub hatch: Option<Hatch>,
    /// Fill behind the margin; `None` is transparent.
    pub background: Option<Rgba>,
    /// Colour of coordinates drawn outside the board.
    pub coordinates: Rgba,
    /// Frame around the board.
    pub border: Rgba,
    /// Frame width, as a fraction of a square (0 for none).
    pub border_width: f32,
    /// Tint of the last move's two squares.
    pub lastmove: Rgba,
    /// Centre colour of the glow under a king in check.
    pub check: Rgba,
    /// Colour of X marks.
    pub mark: Rgba,
    /// Arrow and circle colours for the prefixes G, R, Y, B.
    pub arrows: [Rgba; 4],
    /// A band of this colour around pieces and inside labels, so they stand
    /// clear of hatching; `None` for no halo.
    pub halo: Option<Rgba>,
    /// Halo width, as a fraction of a square.
    pub halo_width: f32,
    /// The thinnest line a piece is drawn with, in pixels (0: the glyphs'
    /// own widths). Lines thinner than a pixel turn grey, and a 1-bit device
    /// (photocopier, newspaper plate) breaks them up; print sets 1.
    pub outline_min: f32,
    /// How the last move, check, arrows and circles are painted.
    pub annotations: Annotations,
    /// The piece set drawn with this theme when none is asked for, by name:
    /// `fen2img` (the project's own set) or a bundled set's name (see
    /// [`PieceSet::named`], [`Theme::piece_set`]). A name that is neither
    /// draws the project's own set.
    pub pieces: String,
}

/// How a theme paints annotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Annotations {
    /// Translucent colour: the last move's squares tinted, a glow under a
    /// king in check, translucent arrows (screens).
    #[default]
    Tint,
    /// Opaque ink only, nothing that relies on grey (print): the last move
    /// as a frame inside its squares, check as a ring, opaque arrows.
    Ink,
}

/// Diagonal lines over the dark squares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hatch {
    /// Ink colour of the lines.
    pub color: Rgba,
    /// Distance from one line to the next along a row of pixels, as a
    /// fraction of a square (in a layout's board: whole pixels).
    pub spacing: f32,
    /// Width of a line along a row, as a fraction of a square (in a
    /// layout's board: whole pixels). `width / spacing` is the share of ink.
    pub width: f32,
}

/// What kind of problem stopped a theme from loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ThemeErrorKind {
    /// Not a built-in theme name, and no file at that path.
    Missing,
    /// The file system refused to read the file (permissions, I/O error).
    Unreadable,
    /// The path is a directory, FIFO, device or other non-regular file.
    NotAFile,
    /// The file is larger than [`MAX_THEME_BYTES`].
    TooLarge,
    /// The file is not UTF-8 text.
    NotText,
    /// A line is not `key = value` (or a comment).
    Syntax,
    /// A key that themes do not have.
    UnknownKey,
    /// A value that is not what its key takes.
    InvalidValue,
}

/// A theme that could not be read.
///
/// The message never quotes a line of the file unless its key is a theme
/// key, so pointing `--theme` at a file that is not a theme (say
/// `/etc/shadow`) does not print that file's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeError {
    /// Where the theme came from (file path or built-in name).
    pub source: String,
    /// 1-based line number, 0 when the problem is not on one line.
    pub line: usize,
    /// 1-based column (in characters) on that line, 0 when not on one line.
    pub column: usize,
    /// What kind of problem it is.
    pub kind: ThemeErrorKind,
    /// What is wrong and what was expected (user text escaped).
    pub message: String,
}

impl ThemeError {
    /// Whether the file could not be read at all (missing, unreadable, not a
    /// regular file), as opposed to read and found invalid. The command line
    /// exits 1 for the first and 2 for the second.
    pub fn is_io(&self) -> bool {
        matches!(
            self.kind,
            ThemeErrorKind::Missing | ThemeErrorKind::Unreadable | ThemeErrorKind::NotAFile
        )
    }
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = quote::escape(&self.source);
        if self.line > 0 {
            write!(
                f,
                "theme {source} line {} column {}: {}",
                self.line, self.column, self.message
            )
        } else {
            write!(f, "theme {source}: {}", self.message)
        }
    }
}

impl std::error::Error for ThemeError {}

/// The keys a theme file may set, in the README's order.
const KEYS: [&str; 22] = [
    "name",
    "light",
    "dark",
    "hatch",
    "hatch_spacing",
    "hatch_width",
    "background",
    "coordinates",
    "border",
    "border_width",
    "lastmove",
    "check",
    "mark",
    "arrow_green",
    "arrow_red",
    "arrow_yellow",
    "arrow_blue",
    "halo",
    "halo_width",
    "outline_min",
    "annotations",
    "pieces",
];

/// The built-in themes: name and file contents. `ic`, `pink` and
/// `purple` are lichess's boards of those names, the three lila-gif draws
/// beside brown, blue and green.
const BUILT_IN: [(&str, &str); 7] = [
    (
        "brown",
        include_str!("../../assets/templates/themes/brown.theme"),
    ),
    (
        "blue",
        include_str!("../../assets/templates/themes/blue.theme"),
    ),
    (
        "green",
        include_str!("../../assets/templates/themes/green.theme"),
    ),
    (
        "print",
        include_str!("../../assets/templates/themes/print.theme"),
    ),
    ("ic", include_str!("../../assets/templates/themes/ic.theme")),
    (
        "pink",
        include_str!("../../assets/templates/themes/pink.theme"),
    ),
    (
        "purple",
        include_str!("../../assets/templates/themes/purple.theme"),
    ),
];

impl Default for Theme {
    fn default() -> Self {
        Theme::built_in("brown").expect("the brown theme is built in and valid")
    }
}

impl Theme {
    /// The piece set this theme draws when none is asked for: the set
    /// [`Theme::pieces`] names, or the project's own set when it names
    /// none fen2img has. A bundled set is parsed the first time it is
    /// asked for.
    ///
    /// ```
    /// use fen2img_render::{PieceSet, Theme};
    /// let mut theme = Theme::built_in("print").unwrap();
    /// theme.pieces = "kosal".into();
    /// assert_eq!(theme.piece_set().name(), "kosal");
    /// theme.pieces = "no-such-set".into();
    /// assert!(theme.piece_set().same_as(&PieceSet::built_in()));
    /// ```
    pub fn piece_set(&self) -> PieceSet {
        PieceSet::named(&self.pieces).unwrap_or_else(PieceSet::built_in)
    }

    /// The names of the built-in themes.
    pub fn built_in_names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(name, _)| *name)
    }

    /// A built-in theme by name.
    pub fn built_in(name: &str) -> Option<Theme> {
        let (_, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some(Theme::parse(text, name).expect("built-in themes are valid"))
    }

    /// A built-in theme by name, or else a theme file at that path: a
    /// regular file of at most [`MAX_THEME_BYTES`] UTF-8 bytes (a byte
    /// order mark at its start is allowed).
    pub fn load(name_or_path: &str) -> Result<Theme, ThemeError> {
        if let Some(theme) = Theme::built_in(name_or_path) {
            return Ok(theme);
        }
        let err = |kind, message: String| ThemeError {
            source: name_or_path.to_string(),
            line: 0,
            column: 0,
            kind,
            message,
        };
        let data = bounded_read::read_regular_file(Path::new(name_or_path), MAX_THEME_BYTES)
            .map_err(|e| {
                let names: Vec<&str> = Theme::built_in_names().collect();
                let kind = match e {
                    ReadError::Io(_) if e.is_not_found() => ThemeErrorKind::Missing,
                    ReadError::Io(_) => ThemeErrorKind::Unreadable,
                    ReadError::NotRegular(_) => ThemeErrorKind::NotAFile,
                    ReadError::TooLarge(_) => ThemeErrorKind::TooLarge,
                };
                let message = if e.is_not_found() {
                    format!("not a built-in theme ({}) and not a file", names.join(", "))
                } else {
                    e.reason()
                };
                err(kind, message)
            })?;
        let text = std::str::from_utf8(&data).map_err(|e| {
            let at = e.valid_up_to();
            let line = data[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            ThemeError {
                line,
                column: 0,
                ..err(
                    ThemeErrorKind::NotText,
                    format!("not UTF-8 text (byte {} of the file)", at + 1),
                )
            }
        })?;
        Theme::parse(text, name_or_path)
    }

    /// Parses a theme file. Keys not given take the `brown` theme's values,
    /// so a user's theme may set only the colours it changes.
    /// A byte order mark at the start is skipped. Errors name the line and
    /// column; they quote a key only when it is a theme key or looks like
    /// one, and a value only after a theme key (see [`ThemeError`]).
    pub fn parse(text: &str, source: &str) -> Result<Theme, ThemeError> {
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let mut theme = if source == "brown" {
            Theme::fallback()
        } else {
            Theme::default()
        };
        theme.name = source.to_string();
        let mut hatch = HatchKeys {
            color: None,
            spacing: 0.1,
            width: 0.02,
        };
        for (i, raw) in text.lines().enumerate() {
            if let Some(entry) = ThemeLine::read(raw, i + 1, source)? {
                entry.apply(&mut theme, &mut hatch)?;
            }
        }
        theme.hatch = hatch.color.map(|color| Hatch {
            color,
            spacing: hatch.spacing,
            width: hatch.width,
        });
        Ok(theme)
    }

    /// The values a theme file starts from before the built-in `brown` exists.
    fn fallback() -> Theme {
        let c = |s| Rgba::parse(s).expect("valid literal");
        Theme {
            name: String::new(),
            light: c("#f0d9b5"),
            dark: c("#b58863"),
            hatch: None,
            background: Some(c("#ffffff")),
            coordinates: c("#6e5137"),
            border: c("#6e5137"),
            border_width: 0.0,
            lastmove: c("#9bc70069"),
            check: c("#ff1f1f"),
            mark: c("#c01c1ccc"),
            arrows: [
                c("#15781bcc"),
                c("#882020cc"),
                c("#e68f00cc"),
                c("#003088cc"),
            ],
            halo: None,
            halo_width: 0.04,
            outline_min: 0.0,
            annotations: Annotations::Tint,
            pieces: BUILT_IN_NAME.to_string(),
        }
    }
}

/// The message for a key themes do not have. The key is quoted only when
/// it looks like a theme key (a short lower-case word with `_`), so a file
/// that is not a theme does not have its content printed.
fn unknown_key_message(key: &str) -> String {
    let looks_like_key = !key.is_empty()
        && key.len() <= 24
        && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
    let keys = KEYS.join(", ");
    if looks_like_key {
        format!("unknown key '{key}'; theme keys are {keys}")
    } else {
        format!("expected a theme key ({keys})")
    }
}

/// A value cut to a length fit for a message.
/// The part of a value a message quotes: up to the first space or
/// control character (a binary file read as a theme may run on through
/// NUL-separated data, such as an environment), at most
/// [`shorten`]'s length; `…` marks a cut.
fn token(value: &str) -> String {
    let end = match value.find(|c: char| c.is_whitespace() || quote::is_invisible(c)) {
        // Starting with one: that character is the token (shown by code point).
        Some(0) => value.chars().next().map_or(0, char::len_utf8),
        Some(end) => end,
        None => value.len(),
    };
    let shown = shorten(&value[..end]);
    if end < value.len() && !shown.ends_with('…') {
        shown + "…"
    } else {
        shown
    }
}

fn shorten(value: &str) -> String {
    const MAX_CHARS: usize = 40;
    if value.chars().count() <= MAX_CHARS {
        return value.to_string();
    }
    let mut cut: String = value.chars().take(MAX_CHARS).collect();
    cut.push('…');
    cut
}

/// Built-in theme names: `"brown".parse::<Theme>()`. Theme files are read
/// with [`Theme::load`].
impl FromStr for Theme {
    type Err = ThemeError;

    fn from_str(name: &str) -> Result<Theme, ThemeError> {
        Theme::built_in(name).ok_or_else(|| {
            let names: Vec<&str> = Theme::built_in_names().collect();
            ThemeError {
                source: name.to_string(),
                line: 0,
                column: 0,
                kind: ThemeErrorKind::Missing,
                message: format!("not a built-in theme ({})", names.join(", ")),
            }
        })
    }
}

/// The hatching keys of a theme file, read in any order and made into
/// a [`Hatch`] at the end (only when `hatch` gives its colour).
struct HatchKeys {
    color: Option<Rgba>,
    spacing: f32,
    width: f32,
}

/// One `key = value` line of a theme file, with the columns its errors
/// point at.
struct ThemeLine<'a> {
    source: &'a str,
    line: usize,
    key: &'a str,
    value: &'a str,
    key_column: usize,
    value_column: usize,
}

impl<'a> ThemeLine<'a> {
    /// Line `line` of the theme file `source` (`raw`): `None` when it is
    /// blank or a comment, the error when it is not `key = value`.
    fn read(raw: &'a str, line: usize, source: &'a str) -> Result<Option<Self>, ThemeError> {
        let content = strip_comment(raw);
        let column_of = |part: &str| {
            // `part` is a subslice of `raw`: its start, counted in characters.
            let offset = part.as_ptr() as usize - raw.as_ptr() as usize;
            raw[..offset].chars().count() + 1
        };
        let trimmed = content.trim();
        if trimmed.is_empty() {
            return Ok(None);
        }
        let Some((key_raw, value_raw)) = trimmed.split_once('=') else {
            // Not quoted: this may be any file, not a theme.
            return Err(ThemeError {
                source: source.to_string(),
                line,
                column: column_of(trimmed),
                kind: ThemeErrorKind::Syntax,
                message: "expected 'key = value' or a '#' comment".into(),
            });
        };
        let (key, value) = (key_raw.trim(), value_raw.trim());
        let value_column = if value.is_empty() {
            column_of(value_raw) + value_raw.chars().count()
        } else {
            column_of(value)
        };
        Ok(Some(ThemeLine {
            source,
            line,
            key,
            value,
            key_column: column_of(trimmed),
            value_column,
        }))
    }

    /// The error at `column` of this line.
    fn error(&self, column: usize, kind: ThemeErrorKind, message: String) -> ThemeError {
        ThemeError {
            source: self.source.to_string(),
            line: self.line,
            column,
            kind,
            message,
        }
    }

    /// The error for a value its key does not take, quoting the value.
    fn invalid(&self, expected: &str) -> ThemeError {
        let shown_value = quote::quoted(&token(self.value));
        let message = format!("{}: expected {expected}, found {shown_value}", self.key);
        self.error(self.value_column, ThemeErrorKind::InvalidValue, message)
    }

    /// The value as a colour.
    fn color(&self) -> Result<Rgba, ThemeError> {
        Rgba::parse(self.value).ok_or_else(|| self.invalid("a colour such as #f0d9b5"))
    }

    /// The value as a number from 0 to `max`.
    fn fraction(&self, max: f32) -> Result<f32, ThemeError> {
        self.value
            .parse::<f32>()
            .ok()
            .filter(|v| v.is_finite() && (0.0..=max).contains(v))
            .ok_or_else(|| self.invalid(&format!("a number from 0 to {max}")))
    }

    /// The value as the name of a piece set fen2img has (never a
    /// directory: a theme names a set, it does not read one).
    fn piece_set_name(&self) -> Result<String, ThemeError> {
        if PieceSet::names().any(|n| n == self.value) {
            Ok(self.value.to_string())
        } else {
            Err(self.invalid(&format!(
                "the name of a piece set ({})",
                bundled::set_names()
            )))
        }
    }

    /// The value as a theme's name: the error at the first invisible
    /// character it holds.
    fn name(&self) -> Result<String, ThemeError> {
        let invisible = self
            .value
            .chars()
            .enumerate()
            .find(|&(_, c)| quote::is_invisible(c));
        match invisible {
            Some((at, bad)) => Err(self.error(
                self.value_column + at,
                ThemeErrorKind::InvalidValue,
                format!(
                    "name: {} is not allowed in a theme's name",
                    quote::char_name(bad)
                ),
            )),
            None => Ok(self.value.to_string()),
        }
    }

    /// Sets what this line's key names in `theme` (or `hatch`), or the
    /// error for an unknown key or a value it does not take.
    fn apply(&self, theme: &mut Theme, hatch: &mut HatchKeys) -> Result<(), ThemeError> {
        let value = self.value;
        match self.key {
            "name" => theme.name = self.name()?,
            "light" => theme.light = self.color()?,
            "dark" => theme.dark = self.color()?,
            "hatch" => hatch.color = Some(self.color()?),
            "hatch_spacing" => hatch.spacing = self.fraction(0.5)?.max(0.02),
            "hatch_width" => hatch.width = self.fraction(0.25)?,
            "background" if value == "none" => theme.background = None,
            "background" => theme.background = Some(self.color()?),
            "coordinates" => theme.coordinates = self.color()?,
            "border" => theme.border = self.color()?,
            "border_width" => theme.border_width = self.fraction(0.25)?,
            "lastmove" => theme.lastmove = self.color()?,
            "check" => theme.check = self.color()?,
            "mark" => theme.mark = self.color()?,
            "arrow_green" => theme.arrows[0] = self.color()?,
            "arrow_red" => theme.arrows[1] = self.color()?,
            "arrow_yellow" => theme.arrows[2] = self.color()?,
            "arrow_blue" => theme.arrows[3] = self.color()?,
            "halo" if value == "none" => theme.halo = None,
            "halo" => theme.halo = Some(self.color()?),
            "halo_width" => theme.halo_width = self.fraction(0.1)?,
            "outline_min" => theme.outline_min = self.fraction(4.0)?,
            "pieces" => theme.pieces = self.piece_set_name()?,
            "annotations" => {
                theme.annotations = match value {
                    "tint" => Annotations::Tint,
                    "ink" => Annotations::Ink,
                    _ => return Err(self.invalid("tint or ink")),
                }
            }
            key => {
                return Err(self.error(
                    self.key_column,
                    ThemeErrorKind::UnknownKey,
                    unknown_key_message(key),
                ))
            }
        }
        Ok(())
    }
}

/// Removes a comment: `#` at the start of a line or after whitespace.
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()) {
            // `key = #fff` has whitespace before its colour: a comment only
            // when something other than `=` came before on the line's value.
            let before = line[..i].trim_end();
            if !before.ends_with('=') {
                return &line[..i];
            }
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_themes_parse() {
        for name in Theme::built_in_names() {
            let theme = Theme::built_in(name).unwrap();
            assert_eq!(theme.name, name);
        }
        let brown = Theme::built_in("brown").unwrap();
        assert_eq!(brown.light, Rgba::rgb(0xf0, 0xd9, 0xb5));
        assert_eq!(brown.dark, Rgba::rgb(0xb5, 0x88, 0x63));
        assert!(Theme::built_in("print").unwrap().hatch.is_some());
    }

    #[test]
    fn each_built_in_theme_names_a_set_fen2img_has() {
        for name in Theme::built_in_names() {
            let theme = Theme::built_in(name).unwrap();
            assert!(
                PieceSet::named(&theme.pieces).is_some(),
                "{name}: {}",
                theme.pieces
            );
            let expected = if name == "print" {
                "fen2img"
            } else {
                "cburnett"
            };
            assert_eq!(theme.pieces, expected, "{name}");
            assert_eq!(theme.piece_set().name(), expected, "{name}");
        }
    }

    #[test]
    fn a_theme_file_names_its_set_by_name_only() {
        let t = Theme::parse("pieces = kosal\n", "mine.theme").unwrap();
        assert_eq!(t.piece_set().name(), "kosal");
        let t = Theme::parse("pieces = fen2img\n", "mine.theme").unwrap();
        assert!(t.piece_set().same_as(&PieceSet::built_in()));
        // Unset, a file takes brown's, as every key it does not set.
        let t = Theme::parse("light = #ffffff\n", "mine.theme").unwrap();
        assert_eq!(t.pieces, Theme::default().pieces);
        // A directory is never read from a theme file: only names.
        for bad in ["/etc", "./kosal", "Kosal", "merida", ""] {
            let e = Theme::parse(&format!("pieces = {bad}\n"), "t").unwrap_err();
            assert_eq!(e.kind, ThemeErrorKind::InvalidValue, "{bad}: {e}");
            // At the value, or where it would start.
            let column = if bad.is_empty() { 9 } else { 10 };
            assert_eq!((e.line, e.column), (1, column), "{bad}: {e}");
            assert!(
                e.message
                    .contains("the name of a piece set (fen2img, cburnett"),
                "{e}"
            );
        }
    }

    #[test]
    fn user_theme_overrides_only_what_it_sets() {
        let t = Theme::parse("# mine\nlight = #ffffff # white\n\ndark=#000", "mine.theme").unwrap();
        assert_eq!(t.light, Rgba::rgb(255, 255, 255));
        assert_eq!(t.dark, Rgba::rgb(0, 0, 0));
        assert_eq!(t.check, Theme::default().check);
    }

    #[test]
    fn bad_theme_lines_name_the_line() {
        let e = Theme::parse("light = #fff\ndark = brownish\n", "t").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("dark: expected a colour"), "{e}");
        let e = Theme::parse("colour = #fff", "t").unwrap_err();
        assert!(e.message.contains("unknown key 'colour'"));
        let e = Theme::parse("border_width = 3", "t").unwrap_err();
        assert!(e.message.contains("0 to 0.25"));
        let e = Theme::parse("just words", "t").unwrap_err();
        assert!(e.message.contains("key = value"));
    }

    #[test]
    fn missing_theme_file_is_a_clear_error() {
        let e = Theme::load("/no/such/theme.theme").unwrap_err();
        assert!(e.message.contains("brown, blue, green, print"), "{e}");
        assert_eq!(e.kind, ThemeErrorKind::Missing);
        assert!(e.is_io());
    }

    #[test]
    fn errors_name_line_and_column_and_kind() {
        let e = Theme::parse("light = #fff\n  dark = brownish\n", "t").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 10, ThemeErrorKind::InvalidValue)
        );
        assert!(!e.is_io());
        assert!(
            e.to_string().starts_with("theme t line 2 column 10: "),
            "{e}"
        );
        let e = Theme::parse("\n\tcolour = #fff", "t").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 2, ThemeErrorKind::UnknownKey)
        );
        let e = Theme::parse("light: #fff", "t").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (1, 1, ThemeErrorKind::Syntax));
    }

    #[test]
    fn a_file_that_is_not_a_theme_is_not_echoed() {
        let shadow = "root:$6$Zk3X$secrethash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n";
        let e = Theme::parse(shadow, "/etc/shadow").unwrap_err();
        assert!(!e.to_string().contains("secret"), "{e}");
        assert!(!e.to_string().contains("root"), "{e}");
        assert_eq!((e.line, e.column), (1, 1));
        // Keys that do not look like theme keys are not echoed either.
        let e = Theme::parse("API_TOKEN=abc123", "x.env").unwrap_err();
        assert!(!e.to_string().contains("API_TOKEN"), "{e}");
        assert!(!e.to_string().contains("abc123"), "{e}");
        assert_eq!(e.kind, ThemeErrorKind::UnknownKey);
    }

    #[test]
    fn escape_sequences_in_theme_files_are_escaped() {
        let e = Theme::parse("light = \u{1b}]0;owned\u{7}", "t").unwrap_err();
        let text = e.to_string();
        assert!(!text.chars().any(|c| c.is_control()), "{text:?}");
        assert!(text.contains("<U+001B>"), "{text}");
        let e = Theme::parse("name = a\u{1b}[2Jb", "t").unwrap_err();
        assert!(!e.to_string().contains('\u{1b}'));
        // The file name too: `--theme` takes any path.
        let e = Theme::parse("light: #fff", "t\u{1b}[2J.theme").unwrap_err();
        assert!(e.to_string().contains("t<U+001B>[2J.theme"), "{e}");
    }

    #[test]
    fn errors_quote_the_token_not_the_rest_of_the_line() {
        let e = Theme::parse("dark = #zz\0API_TOKEN=abc\0HOME=/root", "t").unwrap_err();
        assert!(e.to_string().ends_with("found '#zz…'"), "{e}");
        let e = Theme::parse("name = ok\0API_TOKEN=abc", "t").unwrap_err();
        assert!(e.to_string().contains("column 10"), "{e}");
        assert!(!e.to_string().contains("API_TOKEN"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_accepted() {
        let t = Theme::parse("\u{feff}light = #ffffff\n", "t").unwrap();
        assert_eq!(t.light, Rgba::rgb(255, 255, 255));
        let e = Theme::parse("light = #fff\n\u{feff}dark = #000", "t").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn built_in_names_parse_with_from_str() {
        assert_eq!(
            "blue".parse::<Theme>().unwrap(),
            Theme::built_in("blue").unwrap()
        );
        let e = "violet".parse::<Theme>().unwrap_err();
        assert!(e.message.contains("brown, blue, green, print"), "{e}");
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("fen2img-theme-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn theme_files_are_bounded() {
        let dir = scratch("bounded");
        let big = dir.join("big.theme");
        // A comment line far longer than any theme: refused at the limit,
        // not read whole (a 200 MB file costs no more than this one).
        let mut text = b"light = #fff\n#".to_vec();
        text.resize(MAX_THEME_BYTES as usize + 10, b'x');
        std::fs::write(&big, &text).unwrap();
        let e = Theme::load(big.to_str().unwrap()).unwrap_err();
        assert_eq!(e.kind, ThemeErrorKind::TooLarge, "{e}");
        assert!(e.message.contains("65536 bytes"), "{e}");
        assert!(!e.is_io());
        let e = Theme::load(dir.to_str().unwrap()).unwrap_err();
        assert_eq!(e.kind, ThemeErrorKind::NotAFile, "{e}");
        assert!(e.is_io() && e.message.contains("directory"), "{e}");
        let ok = dir.join("ok.theme");
        std::fs::write(&ok, "\u{feff}dark = #000000\n").unwrap();
        assert_eq!(
            Theme::load(ok.to_str().unwrap()).unwrap().dark,
            Rgba::rgb(0, 0, 0)
        );
        let bad = dir.join("bad.theme");
        std::fs::write(&bad, b"light = #fff\ndark = \xff\n").unwrap();
        let e = Theme::load(bad.to_str().unwrap()).unwrap_err();
        assert_eq!((e.kind, e.line), (ThemeErrorKind::NotText, 2));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_without_reading() {
        let dir = scratch("special");
        let zero = dir.join("zero.theme");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let e = Theme::load(zero.to_str().unwrap()).unwrap_err();
        assert!(e.is_io() && e.message.contains("device"), "{e}");
        let fifo = dir.join("fifo.theme");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = Theme::load(fifo.to_str().unwrap()).unwrap_err();
        assert_eq!(e.kind, ThemeErrorKind::NotAFile);
        assert!(e.message.contains("FIFO"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
