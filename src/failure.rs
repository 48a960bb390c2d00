//! Failures of the command line: exit codes, and the one-line message
//! printed for each. Shared by single rendering and batch.

use std::io::{self, Write};

use fen2img::quote::escape;
use fen2img::{PieceSetError, ThemeError};

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: an I/O or other failure.
pub const EXIT_FAILURE: u8 = 1;
/// Exit code: invalid input or usage.
pub const EXIT_INVALID: u8 = 2;

/// A failure with its exit code; the message is one line.
#[derive(Debug)]
pub struct Failure {
    /// The exit code: [`EXIT_FAILURE`] or [`EXIT_INVALID`].
    pub code: u8,
    /// One line, without the `fen2img: error: ` prefix.
    pub message: String,
    /// Extra lines after the message (the input with a caret).
    pub detail: Option<String>,
}

impl Failure {
    /// Invalid input or usage (exit 2).
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_INVALID,
            message: message.into(),
            detail: None,
        }
    }

    /// An I/O or other failure that is not the input's fault (exit 1).
    pub fn io(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_FAILURE,
            message: message.into(),
            detail: None,
        }
    }
}

/// What failed, for [`exit_code_for`].
#[derive(Debug, Clone, Copy)]
pub enum Cause<'a> {
    /// Loading `--theme`.
    Theme(&'a ThemeError),
    /// Loading `--pieces`.
    Pieces(&'a PieceSetError),
    /// Rendering or encoding a position.
    Render(&'a fen2img::Error),
}

/// The exit code for a library error: 1 when a file could not be read or an
/// encoder failed (not the input's fault), 2 when the content is invalid.
///
/// MERGE POINT: `ThemeError` and `PieceSetError` do not yet say whether they
/// are I/O or content errors (the input work adds that). Until then this is
/// the one place that tells them apart, by the messages `Theme::load` and
/// `PieceSet::load` build for I/O failures; replace the two string tests
/// with the error kinds when they land.
pub fn exit_code_for(cause: Cause<'_>) -> u8 {
    match cause {
        // Theme::load: "not a built-in theme (...) and not a readable file: {io error}",
        // always on line 0; content errors name a line or the key. A bare
        // word that is no file (`--theme purple`) is a mistyped name, not
        // an unreadable file.
        Cause::Theme(e)
            if e.line == 0
                && e.message.contains("not a readable file")
                && e.source.contains(['/', '\\', '.']) =>
        {
            EXIT_FAILURE
        }
        Cause::Theme(_) => EXIT_INVALID,
        // PieceSet::load's io_reason: "missing: ..." or "cannot be read: ...".
        Cause::Pieces(e)
            if e.message.starts_with("missing:") || e.message.starts_with("cannot be read:") =>
        {
            EXIT_FAILURE
        }
        Cause::Pieces(_) => EXIT_INVALID,
        Cause::Render(fen2img::Error::Encode(_)) => EXIT_FAILURE,
        Cause::Render(_) => EXIT_INVALID,
    }
}

impl From<Cause<'_>> for Failure {
    fn from(cause: Cause<'_>) -> Failure {
        let message = match cause {
            Cause::Theme(e) => e.to_string(),
            Cause::Pieces(e) => e.to_string(),
            Cause::Render(e) => e.to_string(),
        };
        Failure {
            code: exit_code_for(cause),
            message,
            detail: None,
        }
    }
}

/// Prints a failure to stderr: one line, then any detail. Control and
/// invisible characters in either (from arguments, file names or file
/// contents quoted by an error) are shown by code point, never sent raw to
/// the terminal.
pub fn report(f: &Failure) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "fen2img: error: {}", escape(&f.message));
    if let Some(detail) = &f.detail {
        for line in detail.lines() {
            let _ = writeln!(err, "{}", escape(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn theme_error(source: &str, line: usize, message: &str) -> ThemeError {
        ThemeError {
            source: source.into(),
            line,
            message: message.into(),
        }
    }

    #[test]
    fn unreadable_files_exit_1_and_bad_content_exits_2() {
        let unreadable = theme_error(
            "/etc/none.theme",
            0,
            "not a built-in theme (brown) and not a readable file: No such file",
        );
        assert_eq!(exit_code_for(Cause::Theme(&unreadable)), EXIT_FAILURE);
        let mistyped = theme_error(
            "purple",
            0,
            "not a built-in theme (brown) and not a readable file: No such file",
        );
        assert_eq!(exit_code_for(Cause::Theme(&mistyped)), EXIT_INVALID);
        let bad = theme_error("my.theme", 3, "dark: expected a colour");
        assert_eq!(exit_code_for(Cause::Theme(&bad)), EXIT_INVALID);

        let pieces = |message: &str| PieceSetError {
            path: PathBuf::from("set/wK.svg"),
            message: message.into(),
        };
        let missing = pieces("missing: a piece set needs all twelve files");
        assert_eq!(exit_code_for(Cause::Pieces(&missing)), EXIT_FAILURE);
        let unreadable = pieces("cannot be read: Is a directory (os error 21)");
        assert_eq!(exit_code_for(Cause::Pieces(&unreadable)), EXIT_FAILURE);
        let not_svg = pieces("not an SVG document");
        assert_eq!(exit_code_for(Cause::Pieces(&not_svg)), EXIT_INVALID);
    }

    #[test]
    fn an_encoder_failure_is_not_the_inputs_fault() {
        let encode = fen2img::Error::Encode("out of memory".into());
        assert_eq!(exit_code_for(Cause::Render(&encode)), EXIT_FAILURE);
        let failure = Failure::from(Cause::Render(&encode));
        assert_eq!(failure.code, EXIT_FAILURE);
        assert_eq!(failure.message, "out of memory");
    }
}
