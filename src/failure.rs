//! Failures of the command line: exit codes, and the one-line message
//! printed for each. Shared by single rendering and batch.

use std::io::{self, Write};

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: an I/O or other failure.
pub const EXIT_FAILURE: u8 = 1;
/// Exit code: invalid input or usage.
pub const EXIT_INVALID: u8 = 2;

/// A failure with its exit code; the message is one line.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
    /// Extra lines after the message (the input with a caret).
    pub detail: Option<String>,
}

impl Failure {
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_INVALID,
            message: message.into(),
            detail: None,
        }
    }

    pub fn io(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_FAILURE,
            message: message.into(),
            detail: None,
        }
    }
}

/// Prints a failure to stderr: one line, then any detail.
pub fn report(f: &Failure) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "fen2img: error: {}", f.message);
    if let Some(detail) = &f.detail {
        let _ = writeln!(err, "{detail}");
    }
}
