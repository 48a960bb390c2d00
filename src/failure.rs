//! Failures of the command line: exit codes, the one-line message printed
//! for each, and the one way a message reaches stderr (`fen2img: error: `
//! or `fen2img: warning: `, the text escaped). Shared by single rendering,
//! batch, the document steps and the server.

use std::fmt::Display;
use std::io::{self, Write};

use fen2img_render::{PieceSetError, ThemeError};
use fen2img_support::quote::escape;

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
    Render(&'a fen2img_render::Error),
}

/// `n` and `word`, plural unless `n` is 1: `1 page`, `3 pages`,
/// `1 fen block`. Every count in a message goes through it.
pub fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The exit code for a library error: 1 when a file could not be read or an
/// encoder failed (not the input's fault), 2 when the content is invalid.
///
/// Files that cannot be read at all (missing, unreadable, a directory or
/// a FIFO) are I/O failures, exit 1; read but invalid, exit 2. A bare word
/// given to `--theme` that is neither a built-in name nor a file is a
/// mistyped name, exit 2.
pub fn exit_code_for(cause: Cause<'_>) -> u8 {
    match cause {
        Cause::Theme(e) if e.is_io() && e.source.contains(['/', '\\', '.']) => EXIT_FAILURE,
        Cause::Theme(_) => EXIT_INVALID,
        Cause::Pieces(e) if e.is_io() => EXIT_FAILURE,
        Cause::Pieces(_) => EXIT_INVALID,
        Cause::Render(fen2img_render::Error::Encode(_)) => EXIT_FAILURE,
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

/// What a line on stderr is: the word after the program's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Severity {
    Error,
    Warning,
}

/// One message line as fen2img writes it to stderr, without the line end:
/// `fen2img: error: MESSAGE` or `fen2img: warning: MESSAGE`. Control and
/// invisible characters of the message (from arguments, file names or file
/// contents it quotes) are shown by code point, never sent raw to the
/// terminal; escaping text that is already escaped changes nothing.
fn message_line(severity: Severity, message: &str) -> String {
    let word = match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    format!("fen2img: {word}: {}", escape(message))
}

/// Writes `fen2img: warning: MESSAGE` to stderr: something the user should
/// know that does not change the exit code.
pub fn warn(message: impl Display) {
    let line = message_line(Severity::Warning, &message.to_string());
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Writes `fen2img: error: MESSAGE` to stderr, for an error that is not a
/// [`Failure`] ending the run (one bad block or game among many); a run's
/// own failure goes through [`report`].
pub fn error(message: impl Display) {
    let line = message_line(Severity::Error, &message.to_string());
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Prints a failure to stderr: its error line, then any detail (the input
/// with a caret), escaped likewise.
pub fn report(f: &Failure) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{}", message_line(Severity::Error, &f.message));
    if let Some(detail) = &f.detail {
        for line in detail.lines() {
            let _ = writeln!(err, "{}", escape(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_files_exit_1_and_bad_content_exits_2() {
        let load = |name: &str| fen2img_render::Theme::load(name).unwrap_err();
        let missing = load("/nonexistent/none.theme");
        assert_eq!(exit_code_for(Cause::Theme(&missing)), EXIT_FAILURE);
        let directory = load("/");
        assert_eq!(exit_code_for(Cause::Theme(&directory)), EXIT_FAILURE);
        let mistyped = load("violet");
        assert_eq!(exit_code_for(Cause::Theme(&mistyped)), EXIT_INVALID);
        let dir = std::env::temp_dir().join(format!("fen2img-exit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.theme");
        std::fs::write(&bad, "dark = not a colour\n").unwrap();
        let invalid = load(bad.to_str().unwrap());
        assert_eq!(exit_code_for(Cause::Theme(&invalid)), EXIT_INVALID);

        let pieces = fen2img_render::PieceSet::load(&dir.join("no-such-set")).unwrap_err();
        assert_eq!(exit_code_for(Cause::Pieces(&pieces)), EXIT_FAILURE);
        for name in [
            "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK",
        ] {
            std::fs::write(dir.join(format!("{name}.svg")), "not an SVG").unwrap();
        }
        let not_svg = fen2img_render::PieceSet::load(&dir).unwrap_err();
        assert_eq!(exit_code_for(Cause::Pieces(&not_svg)), EXIT_INVALID);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn message_lines_carry_the_prefix_and_never_a_raw_control_character() {
        assert_eq!(
            message_line(Severity::Error, "invalid FEN"),
            "fen2img: error: invalid FEN"
        );
        let planted = "caption: \u{1b}[31mred\u{202e}";
        let line = message_line(Severity::Warning, planted);
        assert_eq!(line, "fen2img: warning: caption: <U+001B>[31mred<U+202E>");
        assert!(!line.chars().any(char::is_control));
        // Escaping twice is escaping once: callers may pass text a
        // library error already escaped.
        let once = escape(planted).into_owned();
        assert_eq!(message_line(Severity::Warning, &once), line);
    }

    #[test]
    fn an_encoder_failure_is_not_the_inputs_fault() {
        let encode = fen2img_render::Error::Encode(fen2img_render::EncodeError::new(
            "WebP",
            "out of memory",
        ));
        assert_eq!(exit_code_for(Cause::Render(&encode)), EXIT_FAILURE);
        let failure = Failure::from(Cause::Render(&encode));
        assert_eq!(failure.code, EXIT_FAILURE);
        assert_eq!(failure.message, "WebP encoding failed: out of memory");
    }
}
