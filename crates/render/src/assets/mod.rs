//! What diagrams are drawn with: colours, themes, piece sets, the label and
//! caption fonts, and the bounded reading of a user's theme or glyph files.
//!
//! Assets import nothing else of the crate: the layout and the writers read
//! them, never the other way round.

pub(crate) mod bundled;
pub(crate) mod color;
pub(crate) mod contrast;
pub(crate) mod font;
pub(crate) mod glyph;
pub(crate) mod glyph_binary;
pub(crate) mod glyph_budget;
pub(crate) mod glyph_file;
pub(crate) mod glyph_svg;
pub(crate) mod hinting;
pub(crate) mod labels;
pub(crate) mod pathdata;
pub(crate) mod pieces;
pub(crate) mod theme;
