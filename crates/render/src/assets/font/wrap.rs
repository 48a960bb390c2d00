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
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
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
    if truncated && (words.peek().is_some() || lines.len() == max_lines) {
        if let Some(last) = lines.last_mut() {
            if !last.ends_with(ELLIPSIS) {
                *last = ellipsize(&format!("{last}{ELLIPSIS}"), max_width, &width);
            }
        }
    }
    Fitted { lines, truncated }
}

/// `text` on one line no wider than `max_width`, cut by characters (not
/// at a word) with an ellipsis when it does not fit: a name keeps as much
/// of itself as there is room for. White space runs count as one space.
pub fn cut_to_width(font: &Font, text: &str, size: f32, max_width: f32) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let width = |s: &str| font.shape(s, size).width;
    if width(&text) <= max_width {
        return text;
    }
    ellipsize(&text, max_width, &width)
}

/// The longest start of `text` that fits in `max_width` with an ellipsis
/// after it (the ellipsis alone when nothing fits; `text` when it fits).
fn ellipsize(text: &str, max_width: f32, width: &impl Fn(&str) -> f32) -> String {
    let text = text.trim_end_matches(ELLIPSIS);
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
    fn empty_text_has_no_lines() {
        assert_eq!(fit("   ", 100.0, 2).lines, Vec::<String>::new());
    }
}
