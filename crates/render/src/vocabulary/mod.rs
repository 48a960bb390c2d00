//! The one table of options: every option a user can ask a diagram for,
//! with what each front end calls it (the command line's long flag, the
//! server's query parameter, a Markdown fence's key, Python's keyword), or
//! why it has none there; whether it repeats; how its value is read (a
//! function from the value's text to a change of [`RenderOptions`],
//! through the value types of [`options`](crate::options)); its default as
//! text; and one line of help.
//!
//! Front ends read options through the table ([`Table::apply`],
//! [`Table::apply_all`]), so the same words mean the same thing
//! everywhere, and write them back with [`Table::canonical`] (the text of
//! every option that is not at its default), a key for caches. Errors
//! name the option as the user wrote it and the column within its value.
//!
//! ```
//! use fen2img_render::vocabulary::{FrontEnd, BuiltIn, RENDER};
//! use fen2img_render::RenderOptions;
//!
//! let mut options = RenderOptions::default();
//! let given = [("flip", None), ("arrow", Some("Ge2e4,Rd8")), ("size", Some("240"))];
//! RENDER.apply_all(&mut options, FrontEnd::Cli, given, &BuiltIn).unwrap();
//! assert!(options.diagram.flip);
//! assert_eq!(options.diagram.markup.arrows.len(), 2);
//! assert_eq!(
//!     RENDER.canonical(&options),
//!     [("size", "240".to_string()), ("flip", "true".into()),
//!      ("arrow", "Ge2e4".into()), ("arrow", "Rd8".into())]
//! );
//!
//! // The server's name for the same option, and an error with its column.
//! let e = RENDER
//!     .apply(&mut options, FrontEnd::Server, "glyph", Some("e4:!!,d5:!!!"), &BuiltIn)
//!     .unwrap_err();
//! assert_eq!(e.column(), Some(10));
//! assert!(e.to_string().starts_with("glyph at column 10: unknown glyph '!!!'"), "{e}");
//! ```
//!
//! Rows are applied in the table's order by [`Table::apply_all`], so an
//! option that reads another comes after it whatever order the user gave
//! them in: `size` after `dpi` (a printed width is made pixels at the
//! resolution), `background` after `theme`, a player's title and rating
//! after the name.

mod resources;
mod rows;
mod table;
mod values;

use crate::renderer::RenderOptions;

pub use resources::{BuiltIn, Files, ResourceError, Resources};
pub use table::{
    boolean, Alias, Form, FrontEnd, Names, OptionError, OptionErrorKind, Parse, Problem, Repeats,
    Row, Show, Table,
};

/// The table of everything [`RenderOptions`] can be asked for.
pub static RENDER: Table<RenderOptions> = Table { rows: &rows::ROWS };

#[cfg(test)]
pub(crate) mod tests;
