//! Chess problems from Python: a position given as Fairy FEN (neutral `-`,
//! turned `*1`-`*3`, YACPDB's `(!S2)` tokens, fairy pieces, texts) or as
//! a Popeye input file's text, read as the command line reads them, so
//! the same problem and options draw the same bytes from `fen2img.render`
//! as from `fen2img --problem` (and the server and a Markdown fence).
//!
//! The rule is the command line's: text starting with `BeginProblem` (or
//! a Popeye abbreviation of it) is Popeye input; anything else is read as
//! FEN first, and only a FEN the parser refused is tried as Fairy FEN,
//! when a problem option is given or the text holds a sign only Fairy FEN
//! has ([`fairy_fen_fallback`]). An ordinary FEN never reads differently.

use fen2img_render::chess::problem::{
    fairy_fen_fallback, is_popeye, parse_popeye, Problem, ProblemError,
};
use fen2img_render::{problem, Position, RenderOptions};
use fen2img_support::quote::{caret_chars, escape};

use crate::failure::{Failure, FenFailure};
use crate::position::PositionText;

/// What a position argument turned out to be.
pub(crate) enum Subject {
    /// An ordinary position (FEN, EPD): the renderer draws it, with the
    /// problem layout when a problem option asks for it.
    Position(Box<Position>),
    /// A problem read from Fairy FEN or Popeye input, its own words not
    /// yet overlaid with the call's options.
    Problem(Box<Problem>),
}

/// Reads `position`: Popeye input, or else what the FEN parser gives
/// (`parsed`, called only when it is not Popeye input), falling back to
/// Fairy FEN as the command line does when `asked` (a problem option is
/// given) or when the text holds a sign only Fairy FEN has. Warnings: a
/// Popeye text of several problems draws the first.
pub(crate) fn read_subject(
    position: &PositionText,
    asked: bool,
    parsed: impl FnOnce() -> Result<(Position, Vec<String>), Failure>,
) -> Result<(Subject, Vec<String>), Failure> {
    let text = match position {
        PositionText::Text(s) => Some(s.as_str()),
        PositionText::Bytes(b) => std::str::from_utf8(b).ok(),
    };
    let bytes = matches!(position, PositionText::Bytes(_));
    if let Some(text) = text.filter(|t| is_popeye(t)) {
        let mut problems =
            parse_popeye(text).map_err(|e| problem_failure(text, &e, bytes, "Popeye input"))?;
        let mut warnings = Vec::new();
        if problems.len() > 1 {
            warnings.push(format!(
                "the input holds {} problems; drawing the first",
                problems.len()
            ));
        }
        return Ok((
            Subject::Problem(Box::new(problems.swap_remove(0))),
            warnings,
        ));
    }
    let refused = match parsed() {
        Ok((position, warnings)) => return Ok((Subject::Position(Box::new(position)), warnings)),
        Err(refused) => refused,
    };
    match text.and_then(|t| fairy_fen_fallback(t, asked).map(|r| (t, r))) {
        None => Err(refused),
        Some((_, Ok(units))) => Ok((Subject::Problem(Box::new(units)), Vec::new())),
        Some((t, Err(e))) => Err(problem_failure(t, &e, bytes, "Fairy FEN")),
    }
}

impl Subject {
    /// The problem drawn, with the call's caption words over its own
    /// (`None` for an ordinary position drawn without the problem layout).
    pub(crate) fn problem(self, options: &RenderOptions) -> Result<Problem, Box<Position>> {
        let mut p = match self {
            Subject::Problem(p) => *p,
            Subject::Position(position) if options.problem.asked() => {
                problem::from_position(&position)
            }
            Subject::Position(position) => return Err(position),
        };
        options.problem.apply(&mut p);
        Ok(p)
    }
}

/// A problem's text that cannot be read, as a `fen2img.ProblemError`:
/// the field (`placement`, a Popeye command), the line and column (bytes
/// for a `bytes` position, as a FEN's column), and the line with a caret.
fn problem_failure(text: &str, e: &ProblemError, bytes: bool, what: &str) -> Failure {
    let line = text.lines().nth(e.line().saturating_sub(1)).unwrap_or("");
    let char_column = e.column().saturating_sub(1);
    let column = if bytes {
        line.chars()
            .take(char_column)
            .map(char::len_utf8)
            .sum::<usize>()
            + 1
    } else {
        e.column()
    };
    let message = format!(
        "invalid {what}: {} at line {}, column {column}: {}\n{}",
        e.field(),
        e.line(),
        escape(e.message()),
        caret_chars(line, char_column)
    );
    Failure::Problem {
        fen: FenFailure {
            message,
            field: e.field().to_string(),
            column: Some(column),
            reason: e.message().to_owned(),
        },
        line: e.line(),
    }
}
