//! What a comment carries besides prose: lichess/ChessBase commands
//! (`[%cal Ge2e4]`, `[%csl Rd4]`, `[%clk 1:02:03]`, `[%emt 0:00:12]`) and
//! diagram markers.
//!
//! Diagram markers accepted, found in the tools writers use:
//! - `[#]`: ChessBase's "diagram" comment, exported before or after a move;
//! - `#` standing alone in a comment: ChessTempo's and RPB Chessboard's
//!   mini-board marker;
//! - `[D]`: the marker of several blog and book toolchains (e.g. fen.js).
//!
//! Cost: one pass over the comment. The search for the `]` that closes a
//! `[` is remembered, so a comment of a million `[` (each one not a command)
//! looks at each byte a bounded number of times, not once per `[`; what is
//! kept per position is bounded by [`MAX_ARROWS`] and [`MAX_COMMENTS`].

use crate::position::Square;

use super::{Arrow, Brush, Notes, SquareMark};
use crate::game::limits::{MAX_ARROWS, MAX_COMMENTS};

/// What is wrong with a comment, for the reader to report (a warning, or
/// an error when reading strictly).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    /// Why, escaped.
    pub message: String,
    /// A bound was reached (the rest was left out), rather than a
    /// malformed command.
    pub limit: bool,
}

impl Problem {
    fn malformed(message: String) -> Problem {
        Problem {
            message,
            limit: false,
        }
    }

    fn limit(message: String) -> Problem {
        Problem {
            message,
            limit: true,
        }
    }
}

/// Reads `text` into `notes`: commands and markers are taken out, the prose
/// left (spaces collapsed) is added to the comments if not empty. `Err`
/// names the first malformed command or bound reached, for a warning (an
/// error when strict).
pub(crate) fn absorb(text: &str, notes: &mut Notes) -> Result<(), Problem> {
    absorb_counting(text, notes, &mut 0)
}

/// [`absorb`], adding to `scanned` the bytes its searches look at (the
/// tests' measure of its work).
fn absorb_counting(text: &str, notes: &mut Notes, scanned: &mut usize) -> Result<(), Problem> {
    let bytes = text.as_bytes();
    let mut prose = String::with_capacity(text.len());
    let mut problem = None;
    // Text before `copied` is in `prose` (or was a command, left out).
    let mut copied = 0;
    // Where the search for the next `[` goes on.
    let mut next = 0;
    // The first `]` after the last `[` searched from; once a search finds
    // none, no later `[` has one either.
    let mut close: Option<usize> = None;
    let mut none_left = false;
    while let Some(found) = bytes[next..].iter().position(|&b| b == b'[') {
        *scanned += found + 1;
        let open = next + found;
        if close.is_none_or(|c| c < open) && !none_left {
            // Searched from past the previous `]`: no byte twice.
            let from = open + 1;
            let found = bytes[from..].iter().position(|&b| b == b']');
            *scanned += found.map_or(bytes.len() - from, |c| c + 1);
            match found {
                Some(c) => close = Some(from + c),
                None => none_left = true,
            }
        }
        let Some(end) = close.filter(|&c| c > open) else {
            break;
        };
        let inner = &text[open + 1..end];
        let known = if let Some(command) = inner.strip_prefix('%') {
            let (name, args) = command
                .trim_start()
                .split_once(char::is_whitespace)
                .unwrap_or((command.trim(), ""));
            if let Err(e) = command_into(name, args.trim(), notes) {
                problem.get_or_insert(e);
            }
            true
        } else {
            // `[#]` or `[D]`, spaces allowed. Only the spaces up to the
            // first other character are looked at (the next `[` of a
            // run of them), so this too is one pass.
            let rest = inner.trim_start();
            *scanned += inner.len() - rest.len();
            let marker = match rest.as_bytes().first() {
                Some(b'#' | b'D') => {
                    let after = &rest[1..];
                    let tail = after.trim_start();
                    *scanned += after.len() - tail.len();
                    tail.is_empty()
                }
                _ => false,
            };
            if marker {
                notes.diagram = true;
            }
            marker
        };
        if known {
            prose.push_str(&text[copied..open]);
            copied = end + 1;
            next = end + 1;
        } else {
            next = open + 1;
        }
    }
    prose.push_str(&text[copied..]);
    let mut words = Vec::new();
    for word in prose.split_whitespace() {
        if word == "#" {
            notes.diagram = true;
        } else {
            words.push(word);
        }
    }
    if !words.is_empty() {
        if notes.comments.len() < MAX_COMMENTS {
            notes.comments.push(words.join(" "));
        } else {
            problem.get_or_insert(Problem::limit(format!(
                "more than {MAX_COMMENTS} comments on one position: the rest are left out"
            )));
        }
    }
    match problem {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Whether `notes` has room for one more arrow or coloured square; the
/// problem to report when not.
fn room(notes: &Notes) -> Result<(), Problem> {
    if notes.arrows.len() + notes.squares.len() < MAX_ARROWS {
        return Ok(());
    }
    Err(Problem::limit(format!(
        "more than {MAX_ARROWS} arrows and coloured squares ([%cal], [%csl]) on one position: the rest are left out"
    )))
}

fn command_into(name: &str, args: &str, notes: &mut Notes) -> Result<(), Problem> {
    match name {
        "cal" => {
            for item in args.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let arrow = parse_arrow(item).ok_or_else(|| {
                    Problem::malformed(format!(
                        "[%cal] wants arrows such as Ge2e4, found '{}'",
                        clip(item)
                    ))
                })?;
                room(notes)?;
                notes.arrows.push(arrow);
            }
        }
        "csl" => {
            for item in args.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let mark = parse_square_mark(item).ok_or_else(|| {
                    Problem::malformed(format!(
                        "[%csl] wants squares such as Gd4, found '{}'",
                        clip(item)
                    ))
                })?;
                room(notes)?;
                notes.squares.push(mark);
            }
        }
        "clk" => {
            notes.clock_ms = Some(parse_clock(args).ok_or_else(|| {
                Problem::malformed(format!(
                    "[%clk] wants a time such as 1:02:03, found '{}'",
                    clip(args)
                ))
            })?);
        }
        "emt" => {
            notes.elapsed_ms = Some(parse_clock(args).ok_or_else(|| {
                Problem::malformed(format!(
                    "[%emt] wants a time such as 0:00:12, found '{}'",
                    clip(args)
                ))
            })?);
        }
        "diagram" | "diag" => notes.diagram = true,
        // Other tools' commands ([%eval], [%evp], ...) are kept out of the
        // prose and otherwise ignored.
        _ => {}
    }
    Ok(())
}

/// At most 20 characters of user text, escaped, for a message.
fn clip(text: &str) -> String {
    let cut: String = text.chars().take(20).collect();
    fen2img_support::quote::escape(&cut).into_owned()
}

fn brush(c: u8) -> Option<Brush> {
    match c.to_ascii_uppercase() {
        b'G' => Some(Brush::Green),
        b'R' => Some(Brush::Red),
        b'Y' => Some(Brush::Yellow),
        b'B' => Some(Brush::Blue),
        _ => None,
    }
}

fn parse_arrow(item: &str) -> Option<Arrow> {
    if item.len() != 5 || !item.is_ascii() {
        return None;
    }
    Some(Arrow {
        brush: brush(item.as_bytes()[0])?,
        from: Square::parse(&item[1..3])?,
        to: Square::parse(&item[3..5])?,
    })
}

fn parse_square_mark(item: &str) -> Option<SquareMark> {
    if item.len() != 3 || !item.is_ascii() {
        return None;
    }
    Some(SquareMark {
        brush: brush(item.as_bytes()[0])?,
        square: Square::parse(&item[1..3])?,
    })
}

/// `H:MM:SS`, `M:SS` or `SS`, seconds possibly with a fraction, to
/// milliseconds.
pub(crate) fn parse_clock(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 20 {
        return None;
    }
    let mut parts = text.rsplitn(3, ':');
    let seconds = parts.next()?;
    let minutes = parts.next().map_or(Some(0), |m| digits(m, 1_000_000))?;
    let hours = parts.next().map_or(Some(0), |h| digits(h, 1_000_000))?;
    let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
    let whole = digits(whole, 1_000_000)?;
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millis = format!("{fraction:0<3}").parse::<u64>().ok()?;
    Some(((hours * 60 + minutes) * 60 + whole) * 1000 + millis)
}

fn digits(text: &str, max: u64) -> Option<u64> {
    if text.is_empty() || text.len() > 7 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&n| n <= max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_leave_the_prose() {
        let mut notes = Notes::default();
        absorb(
            " Strong! [%cal Ge2e4,Rd1d8] [%csl Gd4] [%clk 1:02:03.5][%eval 0.3] ",
            &mut notes,
        )
        .unwrap();
        assert_eq!(notes.comments, ["Strong!"]);
        assert_eq!(notes.arrows.len(), 2);
        assert_eq!(notes.arrows[1].brush, Brush::Red);
        assert_eq!(notes.arrows[1].to.to_string(), "d8");
        assert_eq!(notes.squares[0].square.to_string(), "d4");
        assert_eq!(notes.clock_ms, Some(3_723_500));
        assert!(!notes.diagram);
    }

    #[test]
    fn diagram_markers_of_each_convention() {
        for text in ["[#]", " # ", "[D]", "[%diagram]", "before [#] after"] {
            let mut notes = Notes::default();
            absorb(text, &mut notes).unwrap();
            assert!(notes.diagram, "{text}");
        }
        let mut notes = Notes::default();
        absorb("a #1 rated [x] line", &mut notes).unwrap();
        assert!(!notes.diagram);
        assert_eq!(notes.comments, ["a #1 rated [x] line"]);
    }

    #[test]
    fn a_comment_full_of_brackets_is_read_in_one_pass() {
        // Each byte is looked at a bounded number of times, whatever the
        // brackets: `[[[...]` once cost a search for `]` per `[`.
        for text in [
            format!("{}]", "[".repeat(20_000)),
            format!("{}{}]", "[".repeat(10_000), " ".repeat(10_000)),
            "[x".repeat(10_000),
            format!("{}]", "[%".repeat(10_000)),
        ] {
            let mut notes = Notes::default();
            let mut scanned = 0;
            let _ = absorb_counting(&text, &mut notes, &mut scanned);
            assert!(
                scanned <= 3 * text.len(),
                "{scanned} bytes looked at for a comment of {}",
                text.len()
            );
        }
        let mut notes = Notes::default();
        absorb(&format!("{}]", "[".repeat(1_000)), &mut notes).unwrap();
        assert_eq!(notes.comments, [format!("{}]", "[".repeat(1_000))]);
    }

    #[test]
    fn malformed_commands_are_reported() {
        let mut notes = Notes::default();
        let e = absorb("[%cal Ge2e9]", &mut notes).unwrap_err();
        assert_eq!(
            e.message,
            "[%cal] wants arrows such as Ge2e4, found 'Ge2e9'"
        );
        assert!(!e.limit);
        assert_eq!(parse_clock("0:00:12"), Some(12_000));
        assert_eq!(parse_clock("5:07"), Some(307_000));
        assert_eq!(parse_clock("1:x:00"), None);
    }
}
