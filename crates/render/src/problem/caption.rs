//! The words around a problem diagram, shared by the picture, its alt text
//! and the text boards: the lines above (composers, source and date,
//! award, title), the stipulation and the lines below (condition, fairy
//! pieces used, twins).

use fen2img_chess::problem::{Figure, Problem};

/// Names of fairy pieces by Popeye code, only where the code means the
/// same piece in every language Popeye reads (a German file's `NH` is the
/// English `N`): the rest are called "fairy piece" rather than guessed.
const FAIRY_NAMES: [(&str, &str); 1] = [("G", "grasshopper")];

/// The name of a fairy piece's Popeye code, if it is a common one.
fn fairy_name(code: &str) -> Option<&'static str> {
    FAIRY_NAMES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|&(_, n)| n)
}

/// The lines above the board, in order; the first is the composers.
pub(crate) fn header_lines(p: &Problem) -> Vec<String> {
    let mut lines = Vec::new();
    if !p.authors.is_empty() {
        lines.push(p.authors.join(" & "));
    }
    match (&p.source, &p.date) {
        (Some(s), Some(d)) => lines.push(format!("{s} {d}")),
        (Some(s), None) => lines.push(s.clone()),
        (None, Some(d)) => lines.push(d.clone()),
        (None, None) => {}
    }
    if let Some(a) = &p.award {
        lines.push(a.clone());
    }
    if let Some(t) = &p.title {
        lines.push(t.clone());
    }
    lines
}

/// The stipulation, or nothing.
pub(crate) fn stipulation(p: &Problem) -> String {
    p.stipulation.clone().unwrap_or_default()
}

/// The lines below the stipulation: condition, fairy pieces, twins.
pub(crate) fn footer_lines(p: &Problem) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(c) = &p.condition {
        lines.push(c.clone());
    }
    let mut codes: Vec<&str> = p
        .units()
        .filter_map(|(_, u)| match &u.figure {
            Figure::Fairy(code) => Some(code.as_str()),
            _ => None,
        })
        .collect();
    codes.sort_unstable();
    codes.dedup();
    if !codes.is_empty() {
        let named: Vec<String> = codes
            .iter()
            .map(|c| match fairy_name(c) {
                Some(n) => format!("{c} = {n}"),
                None => format!("{c} = fairy piece"),
            })
            .collect();
        lines.push(named.join(", "));
    }
    for (i, t) in p.twins.iter().enumerate() {
        let letter = char::from(b'b' + (i as u8).min(24));
        lines.push(format!("{letter}) {t}"));
    }
    lines
}
