//! Pictures for terminals: the inline-image protocols of kitty, iTerm2
//! (also WezTerm) and sixel terminals, and a picture drawn in Unicode half
//! blocks for terminals with none of them.
//!
//! These are encoders only: given pixels (or a PNG), they write the bytes a
//! terminal reads. Which one a terminal understands is the command line's
//! business (it can ask the terminal; a library should not).

pub mod blocks;
pub mod protocols;

pub mod sixel;

pub use protocols::CellSize;
