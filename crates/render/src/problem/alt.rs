//! A problem diagram in words: the caption lines, every unit by side (turns
//! and neutrals said), the stipulation and the count. The alt text of a
//! picture and the SVG's `<desc>`.

use fen2img_chess::problem::{Figure, Problem, Side, Unit};

use super::caption;

/// The alt text of `problem`'s diagram.
///
/// ```
/// use fen2img_render::problem::alt_text;
/// use fen2img_render::chess::problem::parse_fairy_fen;
/// let mut p = parse_fairy_fen("4k3/8/8/3-N4/8/8/8/*2Q3K3")?;
/// p.stipulation = Some("#2".into());
/// assert_eq!(
///     alt_text(&p),
///     "Chess problem. White: king e1, queen turned 180° a1. Black: king e8. \
///      Neutral: knight d5. #2 (2+1+1n)."
/// );
/// # Ok::<(), fen2img_render::chess::problem::ProblemError>(())
/// ```
pub fn alt_text(problem: &Problem) -> String {
    let mut parts: Vec<String> = Vec::new();
    let head = caption::header_lines(problem).join(", ");
    parts.push(if head.is_empty() {
        "Chess problem.".to_owned()
    } else {
        format!("Chess problem: {head}.")
    });
    for (side, name) in [
        (Side::White, "White"),
        (Side::Black, "Black"),
        (Side::Neutral, "Neutral"),
    ] {
        let units = side_units(problem, side);
        if !units.is_empty() {
            parts.push(format!("{name}: {}.", units.join(", ")));
        }
    }
    let others: Vec<String> = problem
        .units()
        .filter(|(_, u)| !u.is_unit())
        .map(|(sq, u)| format!("{} {sq}", u.describe()))
        .collect();
    if !others.is_empty() {
        parts.push(format!("On the squares: {}.", others.join(", ")));
    }
    let mut foot = caption::stipulation(problem);
    if !foot.is_empty() {
        foot.push(' ');
    }
    foot.push_str(&problem.count_text());
    parts.push(format!("{foot}."));
    for line in caption::footer_lines(problem) {
        parts.push(format!("{line}."));
    }
    fen2img_chess::quote::shown(&parts.join(" ")).into_owned()
}

/// `side`'s pieces, king first, as "queen turned 180° a1".
fn side_units(problem: &Problem, side: Side) -> Vec<String> {
    let mut units: Vec<(u8, String)> = problem
        .units()
        .filter(|(_, u)| u.is_unit() && u.side == side)
        .map(|(sq, u)| (order(u), format!("{} {sq}", name(u))))
        .collect();
    units.sort_by_key(|(o, _)| *o);
    units.into_iter().map(|(_, s)| s).collect()
}

/// Kings first, then queens, rooks, bishops, knights, pawns, fairy pieces.
fn order(u: &Unit) -> u8 {
    match &u.figure {
        Figure::Piece(role) => 5 - *role as u8,
        _ => 6,
    }
}

/// The unit without its side: "queen turned 180°", "grasshopper (G)".
fn name(u: &Unit) -> String {
    let what = match &u.figure {
        Figure::Piece(role) => role.name().to_owned(),
        Figure::Fairy(code) => match caption::fairy_name(code) {
            Some(n) => format!("{n} ({code})"),
            None => format!("fairy piece {code}"),
        },
        _ => u.describe(),
    };
    match u.rotation {
        0 => what,
        r => format!("{what} turned {}°", u16::from(r) * 90),
    }
}
