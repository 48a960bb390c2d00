//! What can be wrong with a problem's text, and where.

use std::fmt;

/// The part of a problem's text an error is about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ProblemField {
    /// The text as a whole (too long, not UTF-8, empty).
    Input,
    /// The Fairy FEN placement.
    Placement,
    /// A Popeye command, by its full English name (`pieces`, `stipulation`).
    Command(&'static str),
}

impl fmt::Display for ProblemField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemField::Input => f.write_str("input"),
            ProblemField::Placement => f.write_str("placement"),
            ProblemField::Command(name) => write!(f, "Popeye command '{name}'"),
        }
    }
}

/// A problem's text could not be read: the field, the line and column
/// (1-based, in characters) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemError {
    field: ProblemField,
    line: usize,
    column: usize,
    message: String,
}

impl ProblemError {
    pub(crate) fn new(
        field: ProblemField,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> ProblemError {
        ProblemError {
            field,
            line,
            column,
            message: message.into(),
        }
    }

    /// The field or Popeye command the error is in.
    pub fn field(&self) -> &ProblemField {
        &self.field
    }

    /// The line, 1-based (always 1 for Fairy FEN).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, 1-based, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong, without the place.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {}, column {}: {}",
            self.field, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ProblemError {}
