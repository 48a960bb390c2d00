//! A problem diagram in words: the caption lines, every unit by side, the
//! stipulation and the count. The alt text of a picture and the SVG's
//! `<desc>`.
//!
//! The units are the piece list a problem column prints under its diagram
//! for solvers who cannot see it: "White: Ke1 Sf3. Black: Ke8 Ra8.
//! Neutral: Sa2." Each piece is its problemist's letter (`K Q R B S P`, `S`
//! the knight, as problemists write it), a fairy piece its Popeye code
//! (named in the legend sentence after the count: "G = grasshopper"), a
//! turned piece the number of quarter turns after its letters, as on the
//! text board (`Q2a1`: a queen turned 180°), then the square. Markers and
//! texts are no pieces: they are said in words ("On the squares: …").

use fen2img_chess::problem::{Figure, Problem, Side, Unit};

use super::{caption, letters};

/// The alt text of `problem`'s diagram.
///
/// ```
/// use fen2img_render::problem::alt_text;
/// use fen2img_render::chess::problem::parse_fairy_fen;
/// let mut p = parse_fairy_fen("4k3/8/8/3-N4/8/2(G)5/8/*2Q3K3")?;
/// p.stipulation = Some("#2".into());
/// assert_eq!(
///     alt_text(&p),
///     "Chess problem. White: Ke1 Q2a1 Gc3. Black: Ke8. Neutral: Sd5. \
///      #2 (3+1+1n). G = grasshopper."
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
            parts.push(format!("{name}: {}.", units.join(" ")));
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
    fen2img_support::quote::shown(&parts.join(" ")).into_owned()
}

/// `side`'s pieces, king first, as a problem column lists them: `Q2a1`.
fn side_units(problem: &Problem, side: Side) -> Vec<String> {
    let mut units: Vec<(u8, String)> = problem
        .units()
        .filter(|(_, u)| u.is_unit() && u.side == side)
        .filter_map(|(sq, u)| {
            let letters = letters::piece_letters(&u.figure)?;
            let turn = letters::turn_digit(u.rotation);
            Some((order(u), format!("{letters}{turn}{sq}")))
        })
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
