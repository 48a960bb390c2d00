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

/// What kind of thing is wrong with a problem's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProblemErrorKind {
    /// The text is longer than its limit.
    TooLong,
    /// There is nothing to read: no placement, no `BeginProblem`.
    Empty,
    /// A sign, piece code or word this reader does not know.
    Unknown,
    /// A known sign written wrong: a turn not 1-3, a token or text not
    /// closed or holding what it may not, a square that is no square.
    Malformed,
    /// Not an 8×8 board: a rank runs over or short, too many or too few ranks.
    BoardSize,
    /// Fairy FEN is the placement only: more follows it.
    Extra,
    /// A command, piece attribute or twin change the diagram has no sign
    /// for, or a twin that does not fit the board it changes.
    NotDrawable,
    /// A command without the value it needs.
    MissingValue,
    /// Out of order: before `BeginProblem`, a piece before its colour, a
    /// problem begun inside another.
    Order,
    /// Past a bound: problems, twins, composers.
    Limit,
}

/// A problem's text could not be read: the field, the kind, the line and
/// column (1-based, in characters) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemError {
    field: ProblemField,
    kind: ProblemErrorKind,
    line: usize,
    column: usize,
    message: String,
}

impl ProblemError {
    pub(crate) fn new(
        field: ProblemField,
        kind: ProblemErrorKind,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> ProblemError {
        ProblemError {
            field,
            kind,
            line,
            column,
            message: message.into(),
        }
    }

    /// The field or Popeye command the error is in.
    pub fn field(&self) -> &ProblemField {
        &self.field
    }

    /// What kind of thing is wrong.
    pub fn kind(&self) -> ProblemErrorKind {
        self.kind
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
