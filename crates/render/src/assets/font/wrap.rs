//! Fitting text to a width: wrapped at spaces onto a bounded number of
//! lines, and cut with an ellipsis where it still does not fit. Text never
//! runs past the diagram's edge.

use super::Font;

/// Text broken into lines that fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// The lines, each at most the width asked for.
    pub lines: Vec<String>,
    /// Whether anything was cut (an ellipsis stands where it was).
    pub truncated: bool,
}

const ELLIPSIS: char = '\u{2026}';

/// Breaks `text` into at most `max_lines` lines no wider than `max_width`
/// pixels at `size` pixels per em. Runs of white space count as one space.
/// A word wider than a line is cut with an ellipsis, and so is the last
/// line when more text follows.
pub fn fit_lines(font: &Font, text: &str, size: f32, max_width: f32, max_lines: usize) -> Fitted {
    let width = |s: &str| font.shape(s, size).width;
    let mut lines: Vec<String> = Vec::new();
    let mut truncated = false;
    let mut current = String::new();
    let mut words = words_with_dashes_kept(text).into_iter().peekable();
    while let Some(word) = words.next() {
        let word = word.as_str();
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if width(&candidate) <= max_width {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
            if lines.len() == max_lines {
                truncated = true;
                break;
            }
        }
        if width(word) <= max_width {
            current = word.to_string();
        } else {
            current = ellipsize(word, max_width, &width);
            truncated = true;
            // The cut word ends its line.
            lines.push(std::mem::take(&mut current));
            if lines.len() == max_lines && words.peek().is_some() {
                break;
            }
        }
    }
    if !current.is_empty() && lines.len() < max_lines {
        lines.push(current);
    } else if !current.is_empty() {
        truncated = true;
    }
    if truncated
        && (words.peek().is_some() || lines.len() == max_lines)
        && let Some(last) = lines.last_mut()
        && !last.ends_with(ELLIPSIS)
    {
        *last = ellipsize(&format!("{last}{ELLIPSIS}"), max_width, &width);
    }
    Fitted { lines, truncated }
}

/// `text`'s words, a lone dash (`–`, `—`, `-`) joined to the word after
/// it: a line never ends on the dash of "Kasparov – Topalov".
fn words_with_dashes_kept(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // Dashes waiting for the word they lead.
    let mut pending = String::new();
    for word in text.split_whitespace() {
        if is_dash(word) {
            if !pending.is_empty() {
                pending.push(' ');
            }
            pending.push_str(word);
        } else if pending.is_empty() {
            out.push(word.to_string());
        } else {
            out.push(format!("{pending} {word}"));
            pending.clear();
        }
    }
    // A dash at the very end stays with the word before it.
    if !pending.is_empty() {
        match out.last_mut() {
            Some(last) => {
                last.push(' ');
                last.push_str(&pending);
            }
            None => out.push(pending),
        }
    }
    out
}

/// A word that is only a dash or hyphen.
fn is_dash(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| matches!(c, '-' | '\u{2013}' | '\u{2014}'))
}

/// `text` on one line no wider than `max_width`, cut with an ellipsis when
/// it does not fit: after its last whole word that fits (a name keeps
/// "Carlsen", not "Carlsen, Ma"), or by characters when not even its first
/// word does. White space runs count as one space.
pub fn cut_to_width(font: &Font, text: &str, size: f32, max_width: f32) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let width = |s: &str| font.shape(s, size).width;
    if width(&text) <= max_width {
        return text;
    }
    ellipsize(&text, max_width, &width)
}

/// The longest start of `text` that fits in `max_width` with an ellipsis
/// after it, ended at a word when a whole word fits (the punctuation and
/// dashes before the cut dropped: "Carlsen…", not "Carlsen,…"), else by
/// characters (the ellipsis alone when nothing fits).
fn ellipsize(text: &str, max_width: f32, width: &impl Fn(&str) -> f32) -> String {
    let text = text.trim_end_matches(ELLIPSIS);
    let kept = text.trim_end_matches(|c: char| c.is_whitespace() || is_cut_mark(c));
    let whole = format!("{kept}{ELLIPSIS}");
    if !kept.is_empty() && width(&whole) <= max_width {
        return whole;
    }
    let at_word = text
        .char_indices()
        .filter(|(_, c)| c.is_whitespace())
        .map(|(i, _)| text[..i].trim_end_matches(|c: char| c.is_whitespace() || is_cut_mark(c)))
        .filter(|start| !start.is_empty())
        .map(|start| format!("{start}{ELLIPSIS}"))
        .filter(|candidate| width(candidate) <= max_width)
        .last();
    if let Some(cut) = at_word {
        return cut;
    }
    let ends: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .skip(1)
        .chain([text.len()])
        .collect();
    // Binary search for the last char boundary whose prefix + "…" fits.
    let (mut lo, mut hi) = (0usize, ends.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let candidate = format!("{}{ELLIPSIS}", text[..ends[mid - 1]].trim_end());
        if width(&candidate) <= max_width {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if lo == 0 {
        return ELLIPSIS.to_string();
    }
    format!("{}{ELLIPSIS}", text[..ends[lo - 1]].trim_end())
}

/// Punctuation a cut drops before its ellipsis.
fn is_cut_mark(c: char) -> bool {
    matches!(
        c,
        ',' | ';' | ':' | '-' | '\u{2013}' | '\u{2014}' | '(' | '/'
    )
}

#[cfg(test)]
mod tests {
    use super::super::{font, Weight};
    use super::*;

    fn fit(text: &str, max_width: f32, max_lines: usize) -> Fitted {
        fit_lines(font(Weight::Regular), text, 20.0, max_width, max_lines)
    }

    fn width(s: &str) -> f32 {
        font(Weight::Regular).shape(s, 20.0).width
    }

    #[test]
    fn short_text_is_one_line() {
        let f = fit("White to move", 400.0, 2);
        assert_eq!(f.lines, ["White to move"]);
        assert!(!f.truncated);
    }

    #[test]
    fn long_text_wraps_at_spaces_and_every_line_fits() {
        let text = "Kasparov – Topalov, Wijk aan Zee 1999, after 24.Rxd4!! the immortal";
        let f = fit(text, 200.0, 5);
        assert!(f.lines.len() > 1);
        assert!(!f.truncated);
        assert_eq!(f.lines.join(" "), text);
        assert!(f.lines.iter().all(|l| width(l) <= 200.0), "{:?}", f.lines);
    }

    #[test]
    fn too_many_lines_end_with_an_ellipsis() {
        let text = "one two three four five six seven eight nine ten eleven twelve";
        let f = fit(text, 120.0, 2);
        assert_eq!(f.lines.len(), 2);
        assert!(f.truncated);
        assert!(f.lines[1].ends_with('…'), "{:?}", f.lines);
        assert!(f.lines.iter().all(|l| width(l) <= 120.0));
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut() {
        let f = fit("Pneumonoultramicroscopicsilicovolcanoconiosis", 100.0, 1);
        assert_eq!(f.lines.len(), 1);
        assert!(f.truncated);
        assert!(f.lines[0].ends_with('…') && f.lines[0].starts_with("Pneu"));
        assert!(width(&f.lines[0]) <= 100.0);
        // Nothing fits but the ellipsis itself.
        assert_eq!(fit("Wide", 1.0, 1).lines, ["…"]);
    }

    #[test]
    fn cyrillic_cuts_on_character_boundaries() {
        let f = fit("Алексей Широв Алексей Широв Алексей Широв", 150.0, 1);
        assert!(f.truncated && f.lines[0].ends_with('…'));
        assert!(width(&f.lines[0]) <= 150.0);
    }

    #[test]
    fn cuts_fall_between_words_and_no_line_ends_on_a_dash() {
        // Issue 35: "immortal combinati…" and "GM Carlsen, Ma…".
        let text = "Kasparov – Topalov, Wijk aan Zee 1999: the immortal combination begins";
        for max_width in [90.0, 120.0, 160.0, 230.0] {
            for max_lines in [1, 2, 3] {
                let f = fit(text, max_width, max_lines);
                for line in &f.lines {
                    assert!(width(line) <= max_width, "{line:?}");
                    let bare = line.trim_end_matches('…');
                    assert!(
                        !(bare.ends_with('–') || line.ends_with('…') && bare.ends_with(',')),
                        "{max_width}: {:?}",
                        f.lines
                    );
                    // A cut line ends after a whole word of the text.
                    if line.ends_with('…') && bare.trim_start_matches(['–', ' ']).contains(' ')
                    {
                        let last = bare.rsplit(' ').next().unwrap();
                        assert!(
                            text.split_whitespace()
                                .any(|w| w.trim_end_matches([',', ':']) == last),
                            "{max_width}: {line:?} cuts a word"
                        );
                    }
                }
            }
        }
        let name = cut_to_width(
            font(Weight::Regular),
            "Carlsen, Magnus",
            20.0,
            width("Carlsen, Magn…"),
        );
        assert_eq!(name, "Carlsen…");
        // A first word that does not fit is still cut by characters.
        let name = cut_to_width(font(Weight::Regular), "Nepomniachtchi, Ian", 20.0, 80.0);
        assert!(name.starts_with("Nep") && name.ends_with('…'), "{name}");
    }

    #[test]
    fn empty_text_has_no_lines() {
        assert_eq!(fit("   ", 100.0, 2).lines, Vec::<String>::new());
    }
}
