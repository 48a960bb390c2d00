//! What can go wrong in a call, as plain Rust data (the work runs without
//! the GIL), and its Python exception once the GIL is held again.

use fen2img_games::{GameError, GameErrorKind};
use fen2img_render::{Error, FenError, PieceSetError, ThemeError, Warning};
use fen2img_support::quote::escape;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// Why a call failed.
pub enum Failure {
    /// The position: `fen2img.FenError`.
    Fen(FenFailure),
    /// A bad option value: `ValueError`, the message naming the option.
    Option(String),
    /// A value of the wrong Python type: `TypeError`, the message naming
    /// the option (the Python layer checks types first; this is what gets
    /// past it, such as a call of `_native` itself).
    Type(String),
    /// A theme file or piece set that could not be read: `OSError`
    /// (`FileNotFoundError` when missing).
    Io {
        /// The message, naming the option and the path.
        message: String,
        /// The path does not exist.
        missing: bool,
    },
    /// An encoder failed (not the caller's input): `RuntimeError`.
    Render(String),
    /// A game that cannot give the diagrams asked for:
    /// `fen2img.GameError`.
    Game(Box<GameError>),
    /// A problem's text (Fairy FEN, Popeye input) that cannot be read:
    /// `fen2img.ProblemError`, a `FenError` with the line too.
    Problem {
        /// The message, field, column and reason, as a FEN error has them.
        fen: FenFailure,
        /// The 1-based line (always 1 for Fairy FEN).
        line: usize,
    },
}

/// The attributes of a `fen2img.FenError`.
pub struct FenFailure {
    /// The whole message: one line, then the input with a caret under
    /// the column when there is one.
    pub message: String,
    /// The FEN field, as users know it (`"side to move"`).
    pub field: String,
    /// 1-based column in the string given (characters, or bytes for a
    /// `bytes` position); `None` for a position refused as a whole.
    pub column: Option<usize>,
    /// What is wrong, without where.
    pub reason: String,
}

impl FenFailure {
    /// A syntax error in `input`. `text`: the input came as a `str`, so
    /// the column counts characters (what `str` indexes), not bytes.
    pub fn syntax(e: &FenError, input: &[u8], text: bool) -> FenFailure {
        let column = if text {
            let before = &input[..e.offset.min(input.len())];
            String::from_utf8_lossy(before).chars().count() + 1
        } else {
            e.column()
        };
        FenFailure {
            message: format!(
                "invalid FEN: {} at column {column}: {}\n{}",
                e.field,
                e.message,
                e.caret(input)
            ),
            field: e.field.name().to_string(),
            column: Some(column),
            reason: e.message.clone(),
        }
    }

    /// A position that parses but that `strict=True` refuses as illegal.
    pub fn illegal(warnings: &[Warning]) -> FenFailure {
        let all: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
        let reason = all.join("; ");
        FenFailure {
            message: format!("illegal position (strict=True): {}", escape(&reason)),
            field: warnings
                .first()
                .map_or("input", |w| w.field.name())
                .to_string(),
            column: None,
            reason,
        }
    }
}

impl Failure {
    /// A theme file that could not be read or is not a theme.
    pub fn theme(e: ThemeError) -> Failure {
        // Already escaped, and already naming the theme.
        let message = e.to_string();
        if e.is_io() {
            Failure::Io {
                message,
                missing: matches!(e.kind, fen2img_render::ThemeErrorKind::Missing),
            }
        } else {
            Failure::Option(message)
        }
    }

    /// A piece set directory that could not be read or is not a piece set.
    pub fn pieces(e: PieceSetError) -> Failure {
        let message = format!(
            "pieces: {}: {}",
            escape(&e.path.to_string_lossy()),
            e.message
        );
        if e.is_io() {
            Failure::Io {
                message,
                missing: matches!(e.kind, fen2img_render::PieceSetErrorKind::Missing),
            }
        } else {
            Failure::Option(message)
        }
    }

    /// A render error: bad options are the caller's (`ValueError`), an
    /// encoder's failure is not.
    pub fn render(e: Error) -> Failure {
        match e {
            Error::Layout(e) => Failure::Option(e.to_string()),
            other => Failure::Render(other.to_string()),
        }
    }

    /// The Python exception.
    pub fn into_py_err(self, py: Python<'_>) -> PyErr {
        match self {
            Failure::Fen(f) => fen_error(py, f),
            Failure::Option(message) => PyValueError::new_err(message),
            Failure::Type(message) => PyTypeError::new_err(message),
            Failure::Io {
                message,
                missing: true,
            } => PyFileNotFoundError::new_err(message),
            Failure::Io { message, .. } => PyOSError::new_err(message),
            Failure::Render(message) => PyRuntimeError::new_err(message),
            Failure::Game(e) => game_error(py, &e),
            Failure::Problem { fen, line } => problem_error(py, fen, line),
        }
    }
}

/// A `fen2img.FenError` (defined in Python, `fen2img/_errors.py`, so that
/// it has a real constructor, attributes and pickles).
fn fen_error(py: Python<'_>, f: FenFailure) -> PyErr {
    let made = py
        .import("fen2img._errors")
        .and_then(|m| m.getattr("FenError"))
        .and_then(|class| class.call1((f.message, f.field, f.column, f.reason)));
    match made {
        Ok(error) => PyErr::from_value(error),
        // Only if the package is broken: the import error says why.
        Err(e) => e,
    }
}

/// A `fen2img.ProblemError` (a `FenError` with the line of a Popeye file).
fn problem_error(py: Python<'_>, f: FenFailure, line: usize) -> PyErr {
    let made = py
        .import("fen2img._errors")
        .and_then(|m| m.getattr("ProblemError"))
        .and_then(|class| class.call1((f.message, f.field, line, f.column, f.reason)));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(e) => e,
    }
}

/// A `fen2img.GameError` with the command line's line (then the offending
/// line and a caret, when placed) and its parts as attributes.
fn game_error(py: Python<'_>, e: &GameError) -> PyErr {
    let line = e.to_string();
    let message = match &e.caret {
        Some(caret) => format!("{line}\n{caret}"),
        None => line,
    };
    let kind = match e.kind {
        GameErrorKind::Pgn(_) => "pgn",
        GameErrorKind::Moves => "moves",
        GameErrorKind::Select => "select",
        _ => "other",
    };
    let placed = |n: u32| (n > 0).then_some(n);
    let (move_number, side) = match e.at_move {
        Some((number, side)) => (Some(number), Some(side.name().to_lowercase())),
        None => (None, None),
    };
    let made = py
        .import("fen2img._errors")
        .and_then(|m| m.getattr("GameError"))
        .and_then(|class| {
            class.call1((
                message,
                &*e.source,
                placed(e.line),
                placed(e.column),
                e.game,
                e.players.as_deref(),
                move_number,
                side,
                kind,
                &e.reason,
                e.caret.as_deref(),
            ))
        });
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(e) => e,
    }
}
