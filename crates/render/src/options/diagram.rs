//! Everything that decides how a diagram looks ([`DiagramOptions`]), with
//! the page ([`Preset`]), the coordinates ([`Coordinates`]) and the width
//! limits.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::ValueError;

use super::around::Around;
use super::markup::Markup;
use super::words::{one_of, Words};
use crate::assets::pieces::PieceSet;
use crate::assets::theme::Theme;

/// Smallest and largest `--size` accepted, in pixels.
pub const SIZE_RANGE: std::ops::RangeInclusive<u32> = 32..=4096;

/// Default `--size`.
pub const DEFAULT_SIZE: u32 = 400;

/// Where board coordinates go: `outside`, `inside` or `none`.
///
/// ```
/// use fen2img_render::Coordinates;
///
/// assert_eq!("inside".parse::<Coordinates>()?, Coordinates::Inside);
/// assert_eq!(Coordinates::None.to_string(), "none");
/// assert_eq!("left".parse::<Coordinates>().unwrap_err().to_string(),
///            "column 1: expected outside, inside or none, found 'left'");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Coordinates {
    /// Rank numbers left and file letters below, in a margin (as in print).
    #[default]
    Outside,
    /// Small labels in the corners of the edge squares.
    Inside,
    /// No coordinates.
    None,
}

impl Words for Coordinates {
    const WORDS: &'static [(&'static str, Coordinates)] = &[
        ("outside", Coordinates::Outside),
        ("inside", Coordinates::Inside),
        ("none", Coordinates::None),
    ];
}

impl FromStr for Coordinates {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Coordinates, ValueError> {
        one_of(text)
    }
}

impl fmt::Display for Coordinates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The page a diagram is laid out on: `diagram` or `og`.
///
/// ```
/// use fen2img_render::Preset;
///
/// assert_eq!("og".parse::<Preset>()?, Preset::Og);
/// assert_eq!(Preset::Diagram.to_string(), "diagram");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// The board with what the options draw around it, `size` pixels wide.
    #[default]
    Diagram,
    /// A social preview (Open Graph, `og:image`): a 1200×630 page, as link
    /// previews crop them (1.91:1), with the board on the left and the
    /// caption, the players and the side to move beside it. `size` is not
    /// used.
    Og,
}

impl Words for Preset {
    const WORDS: &'static [(&'static str, Preset)] =
        &[("diagram", Preset::Diagram), ("og", Preset::Og)];
}

impl FromStr for Preset {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Preset, ValueError> {
        one_of(text)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Everything that decides how a diagram looks.
#[derive(Debug, Clone)]
pub struct DiagramOptions {
    /// Image width in pixels (the height follows from what is drawn
    /// around the board). Default 400.
    pub size: u32,
    /// Black at the bottom. Default `false`.
    pub flip: bool,
    /// Coordinates. Default outside.
    pub coordinates: Coordinates,
    /// The side-to-move marker beside the board. Default `true`.
    pub side_to_move: bool,
    /// The frame around the board (its width comes from the theme). Default `true`.
    pub border: bool,
    /// Transparent margin instead of the theme's background. Default `false`.
    pub transparent: bool,
    /// Colours. Default `brown`.
    pub theme: Theme,
    /// Piece drawings; `None` (the default) draws the theme's own set
    /// ([`Theme::piece_set`]), so that a theme changed later brings its set
    /// with it and a set asked for stays whatever the theme. The set drawn
    /// is [`DiagramOptions::piece_set`].
    pub pieces: Option<PieceSet>,
    /// Highlights, arrows and marks. Default none.
    pub markup: Markup,
    /// Caption, number and player bars. Default none.
    pub around: Around,
    /// The page: a diagram of `size` pixels, or a social preview.
    pub preset: Preset,
}

impl DiagramOptions {
    /// The piece set drawn: [`DiagramOptions::pieces`] if one was asked
    /// for, else the theme's own ([`Theme::piece_set`]).
    ///
    /// ```
    /// use fen2img_render::{DiagramOptions, PieceSet, Theme};
    /// let print = DiagramOptions {
    ///     theme: Theme::built_in("print").unwrap(),
    ///     ..DiagramOptions::default()
    /// };
    /// assert_eq!(print.piece_set().name(), "fen2img");
    /// let chosen = DiagramOptions {
    ///     pieces: PieceSet::bundled("chessnut"),
    ///     ..print
    /// };
    /// assert_eq!(chosen.piece_set().name(), "chessnut");
    /// ```
    pub fn piece_set(&self) -> PieceSet {
        match &self.pieces {
            Some(set) => set.clone(),
            None => self.theme.piece_set(),
        }
    }
}

impl Default for DiagramOptions {
    fn default() -> Self {
        DiagramOptions {
            size: DEFAULT_SIZE,
            flip: false,
            coordinates: Coordinates::Outside,
            side_to_move: true,
            border: true,
            transparent: false,
            theme: Theme::default(),
            pieces: None,
            markup: Markup::default(),
            around: Around::default(),
            preset: Preset::Diagram,
        }
    }
}
