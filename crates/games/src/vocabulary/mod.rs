//! The table of a game's options: which game of a text, which positions
//! of it (a ply, a move, every diagram marker, a range), their captions'
//! style, and an animation's timing, with their names on each front end,
//! read through the renderer's table machinery
//! ([`fen2img_render::vocabulary::Table`]) into a [`GameChoice`].
//!
//! A table of its own, not rows of the renderer's: these options choose
//! what is drawn from a game, which the renderer knows nothing of (its
//! crate sits below this one), and a front end without games has no use
//! for them. What they share is the machinery: names per front end, the
//! reading with columns, canonical text.
//!
//! ```
//! use fen2img_games::vocabulary::{GameChoice, GAME};
//! use fen2img_games::Pick;
//! use fen2img_render::chess::game::Selector;
//! use fen2img_render::vocabulary::{BuiltIn, FrontEnd};
//!
//! let mut choice = GameChoice::default();
//! GAME.apply_all(&mut choice, FrontEnd::Cli, [("move", Some("17.Rd8")), ("game", Some("3"))], &BuiltIn)
//!     .unwrap();
//! assert_eq!(choice.options.game, 3);
//! assert!(matches!(choice.options.pick, Pick::One(Selector::Move { number: 17, .. })));
//! // Python calls the range's ends start and end.
//! let e = GAME.apply(&mut choice, FrontEnd::Python, "start", Some("12x"), &BuiltIn).unwrap_err();
//! assert!(e.to_string().starts_with("start at column 1: '12x' names no move"), "{e}");
//! ```

mod choice;
mod rows;
mod values;

use fen2img_render::vocabulary::Table;

pub use choice::GameChoice;
pub use values::{duration, scale};

/// The table of a game's options.
pub static GAME: Table<GameChoice> = Table { rows: &rows::ROWS };

#[cfg(test)]
mod tests;
