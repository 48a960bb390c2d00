//! The words some render flags take, with their help, and the value parser
//! that lists them in `--help`, the man page and completions while leaving
//! the reading to the options table.

use std::ffi::{OsStr, OsString};

use clap::builder::{PossibleValue, TypedValueParser};

/// `--coords`' words and what each means, for `--help` and completions.
pub const COORDS: [(&str, &str); 3] = [
    ("outside", "In a margin: ranks left, files below"),
    ("inside", "In the corners of the edge squares"),
    ("none", "No coordinates"),
];

/// `--caption-position`'s words.
pub const CAPTION_POSITIONS: [(&str, &str); 2] =
    [("below", "Under the board"), ("above", "Over the board")];

/// `--preset`'s words.
pub const PRESETS: [(&str, &str); 2] = [
    ("diagram", "The board, --size wide (the default)"),
    ("og", "A 1200x630 social preview (Open Graph og:image)"),
];

/// A value clap passes on as given, for the table to read, that lists the
/// words it may be in `--help`, the man page and completions. (Clap's own
/// lists refuse other words with clap's message; the table's says the same
/// as the server's.)
#[derive(Clone, Debug)]
pub struct Words(pub &'static [(&'static str, &'static str)]);

impl TypedValueParser for Words {
    type Value = OsString;

    fn parse_ref(
        &self,
        _: &clap::Command,
        _: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<OsString, clap::Error> {
        Ok(value.to_os_string())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.0
                .iter()
                .map(|&(word, help)| PossibleValue::new(word).help(help)),
        ))
    }
}
