//! EPD operations: the `opcode operand...;` list after an EPD's fourth field.
//!
//! `bm Qd1+; id "BK.01"; c0 "a; b";` — operands are bare tokens or strings in
//! double quotes, which may hold spaces and `;`. The `id` and `c0` operations
//! name and caption diagrams; `hmvc` and `fmvn` carry the clocks.

use crate::fen_error::{FenError, FenErrorKind, Field};
use crate::number::parse_number_text;
use crate::position::Position;
use fen2img_support::quote;

/// The longest opcode EPD allows.
const MAX_OPCODE_LEN: usize = 15;

/// One EPD operation, such as `bm Qd1+` or `id "BK.01"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operation {
    /// The opcode (`bm`, `id`, `c0`, ...).
    pub opcode: String,
    /// The operands, with the quotes of string operands removed.
    pub operands: Vec<String>,
}

/// Parses the operations in `text`, which starts at byte `offset` of the input.
///
/// Every operation must end with `;`, except that the last one may omit it.
/// Each operation comes with the input offset of its opcode.
pub(crate) fn parse_operations(
    text: &str,
    offset: usize,
) -> Result<Vec<(usize, Operation)>, FenError> {
    let bytes = text.as_bytes();
    let err = |at: usize, m: String| {
        Err(FenError::new(
            Field::EpdOperation,
            FenErrorKind::InvalidEpd,
            offset + at,
            m,
        ))
    };
    let mut ops = Vec::new();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while *i < bytes.len() && matches!(bytes[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    loop {
        skip_space(&mut i);
        if i == bytes.len() {
            return Ok(ops);
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let opcode = &text[start..i];
        if opcode.is_empty() || !opcode.as_bytes()[0].is_ascii_alphabetic() {
            let shown = text[start..].chars().next().unwrap_or('?');
            return err(
                start,
                format!(
                    "expected an opcode (a letter, then letters, digits or '_'), found {}",
                    quote::char_name(shown)
                ),
            );
        }
        if opcode.len() > MAX_OPCODE_LEN {
            return err(
                start,
                format!("opcode '{opcode}' is longer than {MAX_OPCODE_LEN} characters"),
            );
        }
        let mut operands = Vec::new();
        loop {
            let before = i;
            skip_space(&mut i);
            if i == bytes.len() || bytes[i] == b';' {
                break;
            }
            if i == before {
                return err(
                    i,
                    format!("expected a space after {}", quote::quoted(&text[start..i])),
                );
            }
            if bytes[i] == b'"' {
                let Some(len) = text[i + 1..].find('"') else {
                    return err(i, "string operand has no closing '\"'".into());
                };
                operands.push(text[i + 1..i + 1 + len].to_string());
                i += len + 2;
            } else {
                let from = i;
                while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t' | b';' | b'"') {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    return err(i, "'\"' inside an operand; quote the whole operand".into());
                }
                operands.push(text[from..i].to_string());
            }
        }
        ops.push((
            offset + start,
            Operation {
                opcode: opcode.to_string(),
                operands,
            },
        ));
        if i < bytes.len() {
            i += 1; // the ';'
        }
    }
}

/// Takes the clocks from `hmvc` and `fmvn` operations, as EPD keeps them there.
pub(crate) fn apply_clocks(
    ops: &[(usize, Operation)],
    position: &mut Position,
) -> Result<(), FenError> {
    for (at, op) in ops {
        let (target, min) = match op.opcode.as_str() {
            "hmvc" => (&mut position.halfmove_clock, 0),
            "fmvn" => (&mut position.fullmove_number, 1),
            _ => continue,
        };
        let operand = op.operands.first().map_or("", String::as_str);
        *target = parse_number_text(operand, min).map_err(|m| {
            FenError::new(
                Field::EpdOperation,
                FenErrorKind::InvalidNumber,
                *at,
                format!("{}: {m}", op.opcode),
            )
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_operands_may_hold_semicolons_and_spaces() {
        let ops = parse_operations(r#"bm Qd1+ Qd2; id "BK.01"; c0 "a; b";"#, 0).unwrap();
        let ops: Vec<Operation> = ops.into_iter().map(|(_, op)| op).collect();
        assert_eq!(ops.len(), 3);
        assert_eq!(ops[0].operands, ["Qd1+", "Qd2"]);
        assert_eq!(ops[1].operands, ["BK.01"]);
        assert_eq!(ops[2].opcode, "c0");
        assert_eq!(ops[2].operands, ["a; b"]);
    }

    #[test]
    fn last_semicolon_may_be_missing() {
        let ops = parse_operations("id x; bm e4", 0).unwrap();
        assert_eq!(ops[1].1.operands, ["e4"]);
        assert_eq!(ops[1].0, 6);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse_operations(r#"id "open"#, 10).unwrap_err();
        assert_eq!((e.field, e.offset), (Field::EpdOperation, 13));
        let e = parse_operations("bm e4; 9x;", 0).unwrap_err();
        assert_eq!(e.offset, 7);
        let e = parse_operations("abcdefghijklmnopq x;", 0).unwrap_err();
        assert!(e.message.contains("longer than 15"));
    }

    #[test]
    fn clocks_come_from_hmvc_and_fmvn() {
        let ops = parse_operations("hmvc 12; fmvn 40;", 0).unwrap();
        let mut p = Position::default();
        apply_clocks(&ops, &mut p).unwrap();
        assert_eq!((p.halfmove_clock, p.fullmove_number), (12, 40));
        let ops = parse_operations("id x; fmvn 0;", 30).unwrap();
        assert_eq!(apply_clocks(&ops, &mut p).unwrap_err().offset, 36);
    }
}
