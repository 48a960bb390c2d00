//! One line of a batch of problems: a Fairy FEN placement, then EPD-style
//! operations for the caption (`stip "#2"; author "Sam Loyd"; source "Le
//! Sphinx 1867"; id "loyd-1";`), each an opcode, its operands (quoted
//! text or bare words) and a `;`.

use fen2img_render::chess::problem::{parse_fairy_fen, Problem};

/// The most characters a problem line may hold.
pub const MAX_LINE_CHARS: usize = 4096;

/// The most characters one operand keeps (as the command line's caption
/// flags).
const MAX_OPERAND_CHARS: usize = 200;

/// The most authors one line may name.
const MAX_AUTHORS: usize = 64;

/// The opcodes a problem line knows.
pub const OPCODES: &[&str] = &[
    "stip",
    "author",
    "source",
    "award",
    "title",
    "condition",
    "id",
];

/// A line read: the problem and its `id`, if any.
#[derive(Debug)]
pub struct ProblemLine {
    /// The problem, its caption from the operations.
    pub problem: Problem,
    /// The `id` operation (names the file with `{id}`).
    pub id: Option<String>,
}

/// Why a line cannot be read: the column (1-based, in characters) and the
/// message.
#[derive(Debug, PartialEq, Eq)]
pub struct LineError {
    /// Where, in characters from 1.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// Reads one line (without its line break).
pub fn read_line(line: &str) -> Result<ProblemLine, LineError> {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() > MAX_LINE_CHARS {
        return Err(LineError {
            column: MAX_LINE_CHARS + 1,
            message: format!("a problem line longer than {MAX_LINE_CHARS} characters"),
        });
    }
    let start = chars.iter().take_while(|c| c.is_whitespace()).count();
    let end = start
        + chars[start..]
            .iter()
            .take_while(|c| !c.is_whitespace())
            .count();
    let placement: String = chars[start..end].iter().collect();
    let mut problem = parse_fairy_fen(&placement).map_err(|e| LineError {
        column: start + e.column(),
        message: format!("invalid Fairy FEN: {}", e.message()),
    })?;
    let mut id = None;
    let mut i = end;
    while let Some(op) = next_operation(&chars, &mut i)? {
        let (name, name_col, operands) = op;
        let one = |what: &str| -> Result<String, LineError> {
            match operands.as_slice() {
                [only] => Ok(only.clone()),
                _ => Err(LineError {
                    column: name_col,
                    message: format!("{what} takes one operand (quote text with spaces)"),
                }),
            }
        };
        match name.as_str() {
            "stip" => problem.stipulation = Some(one("stip")?),
            "source" => problem.source = Some(one("source")?),
            "award" => problem.award = Some(one("award")?),
            "title" => problem.title = Some(one("title")?),
            "condition" => problem.condition = Some(one("condition")?),
            "id" => id = Some(one("id")?),
            "author" => {
                if operands.is_empty() || problem.authors.len() + operands.len() > MAX_AUTHORS {
                    return Err(LineError {
                        column: name_col,
                        message: format!("author takes one to {MAX_AUTHORS} names"),
                    });
                }
                problem.authors.extend(operands);
            }
            _ => {
                return Err(LineError {
                    column: name_col,
                    message: format!(
                        "'{}' is not a problem operation ({})",
                        name.escape_debug(),
                        OPCODES.join(", ")
                    ),
                })
            }
        }
    }
    Ok(ProblemLine { problem, id })
}

/// An operation: its opcode, the opcode's column and its operands.
type Operation = (String, usize, Vec<String>);

/// The operation starting at or after `*i`, up to and past its `;` (or the
/// line's end); `None` when only white space is left.
fn next_operation(chars: &[char], i: &mut usize) -> Result<Option<Operation>, LineError> {
    skip_space(chars, i);
    if *i >= chars.len() {
        return Ok(None);
    }
    let name_col = *i + 1;
    let name = bare_word(chars, i);
    if name.is_empty() {
        return Err(LineError {
            column: name_col,
            message: "an operation starts with its name (stip, author, ...)".into(),
        });
    }
    let mut operands = Vec::new();
    loop {
        skip_space(chars, i);
        match chars.get(*i) {
            None => break,
            Some(';') => {
                *i += 1;
                break;
            }
            Some('"') => {
                let open = *i;
                *i += 1;
                let from = *i;
                while chars.get(*i).is_some_and(|&c| c != '"') {
                    *i += 1;
                }
                if *i >= chars.len() {
                    return Err(LineError {
                        column: open + 1,
                        message: "a quoted operand is not closed".into(),
                    });
                }
                operands.push(operand(&chars[from..*i]));
                *i += 1;
            }
            Some(_) => {
                let word = bare_word(chars, i);
                operands.push(operand(&word.chars().collect::<Vec<_>>()));
            }
        }
    }
    Ok(Some((name, name_col, operands)))
}

/// An operand's text, trimmed and cut to its bound.
fn operand(chars: &[char]) -> String {
    let text: String = chars.iter().take(MAX_OPERAND_CHARS).collect();
    text.trim().to_owned()
}

fn skip_space(chars: &[char], i: &mut usize) {
    while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
        *i += 1;
    }
}

/// The characters from `*i` up to white space, `;` or `"`.
fn bare_word(chars: &[char], i: &mut usize) -> String {
    let from = *i;
    while chars
        .get(*i)
        .is_some_and(|&c| !c.is_whitespace() && c != ';' && c != '"')
    {
        *i += 1;
    }
    chars[from..*i].iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_fill_the_caption() {
        let l = read_line(
            "2k5/8/2K5/8/8/8/8/3Q4 stip \"#2\"; author \"Sam Loyd\" \"A. N. Other\"; \
             source \"Le Sphinx 1867\"; award \"1st Prize\"; id loyd-1",
        )
        .unwrap();
        assert_eq!(l.problem.stipulation.as_deref(), Some("#2"));
        assert_eq!(l.problem.authors, ["Sam Loyd", "A. N. Other"]);
        assert_eq!(l.problem.source.as_deref(), Some("Le Sphinx 1867"));
        assert_eq!(l.problem.award.as_deref(), Some("1st Prize"));
        assert_eq!(l.id.as_deref(), Some("loyd-1"));
        assert_eq!(l.problem.count_text(), "(2+1)");
    }

    #[test]
    fn errors_name_the_column() {
        let e = read_line("  8/8/8/8/8/8/8/7E stip \"#2\"").unwrap_err();
        assert_eq!(e.column, 18);
        let e = read_line("8/8/8/8/8/8/8/7K stip \"#2\"; colour white").unwrap_err();
        assert_eq!(e.column, 29);
        assert!(e.message.contains("'colour'"), "{}", e.message);
        let e = read_line("8/8/8/8/8/8/8/7K stip \"#2").unwrap_err();
        assert_eq!(e.column, 23);
        let e = read_line("8/8/8/8/8/8/8/7K stip #2 #3;").unwrap_err();
        assert_eq!(e.column, 18);
        let long = format!("8/8/8/8/8/8/8/7K title \"{}\"", "x".repeat(MAX_LINE_CHARS));
        assert_eq!(read_line(&long).unwrap_err().column, MAX_LINE_CHARS + 1);
    }
}
