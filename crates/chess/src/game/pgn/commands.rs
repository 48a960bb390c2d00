//! What a comment carries besides prose: lichess/ChessBase commands
//! (`[%cal Ge2e4]`, `[%csl Rd4]`, `[%clk 1:02:03]`, `[%emt 0:00:12]`) and
//! diagram markers.
//!
//! Diagram markers accepted, found in the tools writers use:
//! - `[#]`: ChessBase's "diagram" comment, exported before or after a move;
//! - `#` standing alone in a comment: ChessTempo's and RPB Chessboard's
//!   mini-board marker;
//! - `[D]`: the marker of several blog and book toolchains (e.g. fen.js).

use crate::position::Square;

use super::{Arrow, Brush, Notes, SquareMark};

/// Reads `text` into `notes`: commands and markers are taken out, the prose
/// left (spaces collapsed) is added to the comments if not empty. `Err`
/// names a malformed command, for strict reading.
pub(crate) fn absorb(text: &str, notes: &mut Notes) -> Result<(), String> {
    let mut prose = String::with_capacity(text.len());
    let mut problem = None;
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        prose.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            prose.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let inner = &after[..close];
        let known = if let Some(command) = inner.strip_prefix('%') {
            let (name, args) = command
                .trim_start()
                .split_once(char::is_whitespace)
                .unwrap_or((command.trim(), ""));
            if let Err(e) = command_into(name, args.trim(), notes) {
                problem.get_or_insert(e);
            }
            true
        } else if inner.trim() == "#" || inner.trim() == "D" {
            notes.diagram = true;
            true
        } else {
            false
        };
        if known {
            rest = &after[close + 1..];
        } else {
            prose.push('[');
            rest = after;
        }
    }
    prose.push_str(rest);
    let mut words = Vec::new();
    for word in prose.split_whitespace() {
        if word == "#" {
            notes.diagram = true;
        } else {
            words.push(word);
        }
    }
    if !words.is_empty() {
        notes.comments.push(words.join(" "));
    }
    match problem {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn command_into(name: &str, args: &str, notes: &mut Notes) -> Result<(), String> {
    match name {
        "cal" => {
            for item in args.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let arrow = parse_arrow(item).ok_or_else(|| {
                    format!("[%cal] wants arrows such as Ge2e4, found '{}'", clip(item))
                })?;
                notes.arrows.push(arrow);
            }
        }
        "csl" => {
            for item in args.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let mark = parse_square_mark(item).ok_or_else(|| {
                    format!("[%csl] wants squares such as Gd4, found '{}'", clip(item))
                })?;
                notes.squares.push(mark);
            }
        }
        "clk" => {
            notes.clock_ms = Some(parse_clock(args).ok_or_else(|| {
                format!(
                    "[%clk] wants a time such as 1:02:03, found '{}'",
                    clip(args)
                )
            })?);
        }
        "emt" => {
            notes.elapsed_ms = Some(parse_clock(args).ok_or_else(|| {
                format!(
                    "[%emt] wants a time such as 0:00:12, found '{}'",
                    clip(args)
                )
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
    crate::quote::escape(&cut).into_owned()
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
    fn malformed_commands_are_reported() {
        let mut notes = Notes::default();
        let e = absorb("[%cal Ge2e9]", &mut notes).unwrap_err();
        assert_eq!(e, "[%cal] wants arrows such as Ge2e4, found 'Ge2e9'");
        assert_eq!(parse_clock("0:00:12"), Some(12_000));
        assert_eq!(parse_clock("5:07"), Some(307_000));
        assert_eq!(parse_clock("1:x:00"), None);
    }
}
