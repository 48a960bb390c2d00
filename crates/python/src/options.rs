//! The options the Python layer hands over, and their translation into the
//! render crate's options.
//!
//! `python/fen2img/_convert.py` has already turned python-chess objects,
//! integers and tuples into plain strings and numbers, and checked their
//! Python types; what is left here is what the render crate knows how to
//! check (square names, arrow specs, colours, themes, the size range).
//! Every error names the keyword argument the caller wrote.

use std::path::PathBuf;

use fen2img_render::chess::quote::escape;
use fen2img_render::options::MAX_MARKUP;
use fen2img_render::options::{
    Around, ArrowSpec, Caption, CaptionPosition, CheckMark, Player, SIZE_RANGE,
};
use fen2img_render::{
    Coordinates, DiagramOptions, EncodeOptions, Format, Glyph, Markup, PieceSet, RenderOptions,
    Rgba, Square, Theme,
};
use pyo3::prelude::*;

use crate::failure::Failure;
use crate::fields::{Fields, Whole};

/// Every option of `render`, as the Python layer passes them (a dict with
/// all of these keys, read by [`NativeOptions::read`]).
pub struct NativeOptions {
    format: String,
    size: Whole,
    /// A built-in theme's name; `None` when `theme_file` is given.
    theme: Option<String>,
    theme_file: Option<PathBuf>,
    pieces: Option<PathBuf>,
    flip: bool,
    /// `outside`, `inside` or `none`.
    coordinates: String,
    side_to_move: bool,
    border: bool,
    /// `#rrggbb`; `None` keeps the theme's.
    background: Option<String>,
    transparent: bool,
    /// UCI (`e2e4`, `e7e8q`, `Q@e4`).
    lastmove: Option<String>,
    /// `auto` or a square name.
    check: Option<String>,
    arrows: Vec<String>,
    marks: Vec<String>,
    /// (square, colour) pairs.
    fills: Vec<(String, String)>,
    /// (square, glyph) pairs: `("d8", "!!")`, `("e4", "$3")`.
    glyphs: Vec<(String, String)>,
    caption: Option<String>,
    /// `caption=True`/`"auto"`: who is to move, or for a game the move.
    pub caption_auto: bool,
    /// `below` or `above`.
    caption_position: String,
    number: Option<Whole>,
    number_format: Option<String>,
    white: Option<String>,
    white_title: Option<String>,
    white_elo: Option<Whole>,
    black: Option<String>,
    black_title: Option<String>,
    black_elo: Option<Whole>,
    quality: Whole,
    optimize: bool,
    dpi: Option<Whole>,
    id_prefix: Option<String>,
    /// Refuse all but six-field FEN, and illegal positions.
    pub strict: bool,
}

/// `option: expected ..., found '...'` as a `ValueError`.
fn expected(option: &str, what: &str, found: &str) -> Failure {
    Failure::Option(format!(
        "{option}: expected {what}, found '{}'",
        escape(found)
    ))
}

/// A square name, or an error naming `option`.
fn square(option: &str, text: &str) -> Result<Square, Failure> {
    Square::parse(text.trim()).ok_or_else(|| expected(option, "a square such as e4", text))
}

/// A whole number in `range`, or an error naming `option`.
fn in_range<T: TryFrom<i64>>(
    option: &str,
    value: &Whole,
    range: std::ops::RangeInclusive<i64>,
) -> Result<T, Failure> {
    if let Whole::Fits(n) = value {
        if range.contains(n) {
            if let Ok(v) = T::try_from(*n) {
                return Ok(v);
            }
        }
    }
    Err(Failure::Option(format!(
        "{option}: expected a whole number from {} to {}, found {value}",
        range.start(),
        range.end()
    )))
}

/// A move in UCI as a pair of squares: `e2e4`, `e7e8q` (the promotion
/// letter is not drawn), or a drop `N@f3` (one square, both ends).
fn uci_squares(text: &str) -> Result<(Square, Square), Failure> {
    let bad = || expected("lastmove", "a move such as e2e4, e7e8q or N@f3", text);
    let text = text.trim();
    // Square names and piece letters are ASCII: anything else is refused
    // before slicing.
    if !text.is_ascii() {
        return Err(bad());
    }
    let square = |name: &str| Square::parse(name).ok_or_else(bad);
    match text.as_bytes() {
        [_, b'@', _, _] if b"PNBRQKpnbrqk".contains(&text.as_bytes()[0]) => {
            let to = square(&text[2..])?;
            Ok((to, to))
        }
        [_, _, _, _] => Ok((square(&text[..2])?, square(&text[2..])?)),
        [_, _, _, _, promotion] if b"qrbnkQRBNK".contains(promotion) => {
            Ok((square(&text[..2])?, square(&text[2..4])?))
        }
        _ => Err(bad()),
    }
}

/// A colour `#rgb`, `#rrggbb` or `#rrggbbaa`, or an error naming `option`.
fn color(option: &str, text: &str) -> Result<Rgba, Failure> {
    Rgba::parse(text.trim()).ok_or_else(|| expected(option, "a colour such as #ff000080", text))
}

/// A named player, if `name` is given.
fn player(
    color_name: &str,
    name: Option<String>,
    title: Option<String>,
    elo: Option<Whole>,
) -> Result<Option<Player>, Failure> {
    let Some(name) = name else {
        if title.is_some() || elo.is_some() {
            return Err(Failure::Option(format!(
                "{color_name}_title and {color_name}_elo: give {color_name} (the name) too"
            )));
        }
        return Ok(None);
    };
    let elo = elo
        .map(|e| in_range(&format!("{color_name}_elo"), &e, 0..=9999))
        .transpose()?;
    Ok(Some(Player {
        name,
        title,
        elo,
        clock: None,
    }))
}

impl NativeOptions {
    /// Reads the dict `_convert.native_options` made; a value Rust cannot
    /// hold is the package's exception naming its keyword.
    pub fn read(dict: &Bound<'_, PyAny>) -> Result<NativeOptions, Failure> {
        let f = Fields::new(dict, &[]);
        Ok(NativeOptions {
            format: f.get("format")?,
            size: f.whole("size")?,
            theme: f.get("theme")?,
            theme_file: f.get("theme_file")?,
            pieces: f.get("pieces")?,
            flip: f.get("flip")?,
            coordinates: f.get("coordinates")?,
            side_to_move: f.get("side_to_move")?,
            border: f.get("border")?,
            background: f.get("background")?,
            transparent: f.get("transparent")?,
            lastmove: f.get("lastmove")?,
            check: f.get("check")?,
            arrows: f.list("arrows", MAX_MARKUP)?,
            marks: f.list("marks", MAX_MARKUP)?,
            fills: f.list("fills", MAX_MARKUP)?,
            glyphs: f.list("glyphs", MAX_MARKUP)?,
            caption: f.get("caption")?,
            caption_auto: f.get("caption_auto")?,
            caption_position: f.get("caption_position")?,
            number: f.optional_whole("number")?,
            number_format: f.get("number_format")?,
            white: f.get("white")?,
            white_title: f.get("white_title")?,
            white_elo: f.optional_whole("white_elo")?,
            black: f.get("black")?,
            black_title: f.get("black_title")?,
            black_elo: f.optional_whole("black_elo")?,
            quality: f.whole("quality")?,
            optimize: f.get("optimize")?,
            dpi: f.optional_whole("dpi")?,
            id_prefix: f.get("id_prefix")?,
            strict: f.get("strict")?,
        })
    }

    /// The render crate's options (reads a theme file or piece set
    /// directory when one is named).
    pub fn render_options(self) -> Result<RenderOptions, Failure> {
        let format: Format = self.format.parse().map_err(|e| {
            Failure::Option(format!("format: {e}; found '{}'", escape(&self.format)))
        })?;
        let size = in_range(
            "size",
            &self.size,
            i64::from(*SIZE_RANGE.start())..=i64::from(*SIZE_RANGE.end()),
        )?;
        let mut theme = match (&self.theme, &self.theme_file) {
            (_, Some(path)) => Theme::load(&path.to_string_lossy()).map_err(Failure::theme)?,
            (Some(name), None) => Theme::built_in(name).ok_or_else(|| {
                let names: Vec<&str> = Theme::built_in_names().collect();
                Failure::Option(format!(
                    "theme: '{}' is not a built-in theme ({}); pass a pathlib.Path for a theme file",
                    escape(name),
                    names.join(", ")
                ))
            })?,
            (None, None) => Theme::default(),
        };
        if let Some(bg) = &self.background {
            theme.background = Some(color("background", bg)?);
        }
        let pieces = match &self.pieces {
            Some(name_or_dir) => PieceSet::bundled_or_load(name_or_dir).map_err(Failure::pieces)?,
            None => PieceSet::built_in(),
        };
        let coordinates = match self.coordinates.as_str() {
            "outside" => Coordinates::Outside,
            "inside" => Coordinates::Inside,
            "none" => Coordinates::None,
            other => {
                return Err(expected(
                    "coordinates",
                    "True, False, 'outside', 'inside' or 'none'",
                    other,
                ))
            }
        };
        let lastmove = self.lastmove.as_deref().map(uci_squares).transpose()?;
        let check = match self.check.as_deref() {
            None => CheckMark::None,
            Some("auto") => CheckMark::Auto,
            Some(sq) => CheckMark::Square(square("check", sq)?),
        };
        let arrows = self
            .arrows
            .iter()
            .map(|a| {
                ArrowSpec::parse(a.trim()).ok_or_else(|| {
                    expected(
                        "arrows",
                        "an arrow such as 'Ge2e4' (colour G, R, Y or B, then squares)",
                        a,
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let marks = self
            .marks
            .iter()
            .map(|m| square("marks", m))
            .collect::<Result<Vec<_>, _>>()?;
        let fills = self
            .fills
            .iter()
            .map(|(sq, c)| Ok((square("fills", sq)?, color("fills", c)?)))
            .collect::<Result<Vec<_>, Failure>>()?;
        let glyphs = self
            .glyphs
            .iter()
            .map(|(sq, g)| {
                let glyph = Glyph::parse(g.trim()).ok_or_else(|| {
                    expected(
                        "glyphs",
                        "a glyph such as '!!', '?', '!?', '±' or a NAG such as '$3'",
                        g,
                    )
                })?;
                Ok((square("glyphs", sq)?, glyph))
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        let caption_position = match self.caption_position.as_str() {
            "below" => CaptionPosition::Below,
            "above" => CaptionPosition::Above,
            other => return Err(expected("caption_position", "'below' or 'above'", other)),
        };
        let around = Around {
            caption: if self.caption_auto {
                Some(Caption::Auto)
            } else {
                self.caption.map(Caption::Text)
            },
            caption_position,
            number: self
                .number
                .map(|n| in_range("number", &n, 0..=i64::from(u32::MAX)))
                .transpose()?,
            number_format: self.number_format,
            white: player("white", self.white, self.white_title, self.white_elo)?,
            black: player("black", self.black, self.black_title, self.black_elo)?,
        };
        let mut options = RenderOptions::new(format);
        options.diagram = DiagramOptions {
            size,
            flip: self.flip,
            coordinates,
            side_to_move: self.side_to_move,
            border: self.border,
            transparent: self.transparent,
            theme,
            pieces,
            markup: Markup {
                lastmove,
                check,
                arrows,
                marks,
                fills,
                glyphs,
                ..Markup::default()
            },
            around,
            preset: Default::default(),
        };
        options.encode = EncodeOptions {
            optimize: self.optimize,
            quality: in_range("quality", &self.quality, 1..=100)?,
            dpi: self
                .dpi
                .map(|d| in_range("dpi", &d, 36..=2400))
                .transpose()?,
        };
        options.svg_id_prefix = self.id_prefix;
        Ok(options)
    }
}
