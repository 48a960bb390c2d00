//! The answer key's line for a puzzle: its solution in SAN with move
//! numbers, from an EPD record's `bm` (best move) or `pv` (principal
//! variation).

use fen2img_render::chess::Record;
use fen2img_render::Color;

/// `moves` numbered from a position with `fullmove` and the side to move:
/// `12. Qxf7+ Kxf7 13. Ng5+`, or from Black `12... Kxf7 13. Ng5+`.
///
/// ```
/// use fen2img_pdf::sheet::numbered;
/// assert_eq!(numbered(&["Qxf7+", "Kxf7", "Ng5+"], 12, true), "12. Qxf7+ Kxf7 13. Ng5+");
/// assert_eq!(numbered(&["Kxf7", "Ng5+"], 12, false), "12... Kxf7 13. Ng5+");
/// ```
pub fn numbered<S: AsRef<str>>(moves: &[S], fullmove: u32, white_to_move: bool) -> String {
    let mut out = String::new();
    let (mut number, mut white) = (fullmove.max(1), white_to_move);
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if white {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(m.as_ref());
        if !white {
            number += 1;
        }
        white = !white;
    }
    out
}

/// The solution an EPD record gives: `pv` numbered when present (it says
/// more), else `bm` (several best moves joined by "or"); `None` for
/// neither.
pub fn epd_answer(record: &Record) -> Option<String> {
    let white = record.position.turn == Color::White;
    let fullmove = record.position.fullmove_number;
    let operands = |opcode: &str| {
        record
            .operations
            .iter()
            .find(|op| op.opcode == opcode && !op.operands.is_empty())
            .map(|op| op.operands.clone())
    };
    if let Some(pv) = operands("pv") {
        return Some(numbered(&pv, fullmove, white));
    }
    let bm = operands("bm")?;
    let each: Vec<String> = bm
        .iter()
        .map(|m| numbered(std::slice::from_ref(m), fullmove, white))
        .collect();
    Some(each.join(" or "))
}
