//! Board themes: colours and proportions read from `templates/themes/*.theme`.
//!
//! The built-in themes are embedded in the binary at build time; a user's
//! theme is the same `key = value` format read from a file.

use std::fmt;
use std::path::Path;

use crate::color::Rgba;

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
}

/// Diagonal lines over the dark squares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hatch {
    /// Ink colour of the lines.
    pub color: Rgba,
    /// Distance between lines (perpendicular), as a fraction of a square.
    pub spacing: f32,
    /// Line width, as a fraction of a square.
    pub width: f32,
}

/// A theme that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeError {
    /// Where the theme came from (file path or built-in name).
    pub source: String,
    /// 1-based line number, 0 when the problem is not on one line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "theme {} line {}: {}",
                self.source, self.line, self.message
            )
        } else {
            write!(f, "theme {}: {}", self.source, self.message)
        }
    }
}

impl std::error::Error for ThemeError {}

/// The built-in themes: name and file contents.
const BUILT_IN: [(&str, &str); 4] = [
    ("brown", include_str!("../templates/themes/brown.theme")),
    ("blue", include_str!("../templates/themes/blue.theme")),
    ("green", include_str!("../templates/themes/green.theme")),
    ("print", include_str!("../templates/themes/print.theme")),
];

impl Default for Theme {
    fn default() -> Self {
        Theme::built_in("brown").expect("the brown theme is built in and valid")
    }
}

impl Theme {
    /// The names of the built-in themes.
    pub fn built_in_names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(name, _)| *name)
    }

    /// A built-in theme by name.
    pub fn built_in(name: &str) -> Option<Theme> {
        let (_, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some(Theme::parse(text, name).expect("built-in themes are valid"))
    }

    /// A built-in theme by name, or else a theme file at that path.
    pub fn load(name_or_path: &str) -> Result<Theme, ThemeError> {
        if let Some(theme) = Theme::built_in(name_or_path) {
            return Ok(theme);
        }
        let path = Path::new(name_or_path);
        let text = std::fs::read_to_string(path).map_err(|e| {
            let names: Vec<&str> = Theme::built_in_names().collect();
            ThemeError {
                source: name_or_path.to_string(),
                line: 0,
                message: format!(
                    "not a built-in theme ({}) and not a readable file: {e}",
                    names.join(", ")
                ),
            }
        })?;
        Theme::parse(&text, name_or_path)
    }

    /// Parses a theme file. Keys not given take the `brown` theme's values,
    /// so a user's theme may set only the colours it changes.
    pub fn parse(text: &str, source: &str) -> Result<Theme, ThemeError> {
        let err = |line: usize, message: String| ThemeError {
            source: source.to_string(),
            line,
            message,
        };
        let mut theme = if source == "brown" {
            Theme::fallback()
        } else {
            Theme::default()
        };
        theme.name = source.to_string();
        let mut hatch_color = None;
        let mut hatch_spacing = 0.125;
        let mut hatch_width = 0.035;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = strip_comment(raw).trim();
            if content.is_empty() {
                continue;
            }
            let Some((key, value)) = content.split_once('=') else {
                return Err(err(
                    line,
                    format!("expected 'key = value', found '{content}'"),
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            let color = || {
                Rgba::parse(value).ok_or_else(|| {
                    err(
                        line,
                        format!("{key}: expected a colour such as #f0d9b5, found '{value}'"),
                    )
                })
            };
            let fraction = |max: f32| {
                value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite() && (0.0..=max).contains(v))
                    .ok_or_else(|| {
                        err(
                            line,
                            format!("{key}: expected a number from 0 to {max}, found '{value}'"),
                        )
                    })
            };
            match key {
                "name" => theme.name = value.to_string(),
                "light" => theme.light = color()?,
                "dark" => theme.dark = color()?,
                "hatch" => hatch_color = Some(color()?),
                "hatch_spacing" => hatch_spacing = fraction(0.5)?.max(0.02),
                "hatch_width" => hatch_width = fraction(0.25)?,
                "background" if value == "none" => theme.background = None,
                "background" => theme.background = Some(color()?),
                "coordinates" => theme.coordinates = color()?,
                "border" => theme.border = color()?,
                "border_width" => theme.border_width = fraction(0.25)?,
                "lastmove" => theme.lastmove = color()?,
                "check" => theme.check = color()?,
                "mark" => theme.mark = color()?,
                "arrow_green" => theme.arrows[0] = color()?,
                "arrow_red" => theme.arrows[1] = color()?,
                "arrow_yellow" => theme.arrows[2] = color()?,
                "arrow_blue" => theme.arrows[3] = color()?,
                "halo" if value == "none" => theme.halo = None,
                "halo" => theme.halo = Some(color()?),
                "halo_width" => theme.halo_width = fraction(0.1)?,
                _ => {
                    return Err(err(
                        line,
                        format!("unknown key '{key}' (see README.md, \"Themes\")"),
                    ))
                }
            }
        }
        theme.hatch = hatch_color.map(|color| Hatch {
            color,
            spacing: hatch_spacing,
            width: hatch_width,
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
        }
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
    }
}
