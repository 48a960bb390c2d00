//! The automatic caption of a game's diagram: the move that led to it
//! (`17.Rd8#`, `23...Qxe3`, in figurines on request), and the game's source
//! from its tags as books print it (`Morphy – Duke Karl / Count Isouard,
//! Paris 1858`).

use fen2img_render::chess::game::limits::MAX_NAME_CHARS;
use fen2img_render::chess::game::pgn::{Game, Ply};

use super::options::CaptionStyle;

/// The longest name or place taken from a tag, in characters: a caption
/// is a line or two under the board, and tags may be 64 KiB.
const MAX_TAG_CHARS: usize = MAX_NAME_CHARS;

/// The caption of the position after `ply` half-moves of `game`.
pub(super) fn caption(
    game: &Game,
    ply: usize,
    style: CaptionStyle,
    figurine: bool,
) -> Option<String> {
    let moved = ply
        .checked_sub(1)
        .and_then(|i| game.plies.get(i))
        .map(|p| move_text(p, figurine));
    match style {
        CaptionStyle::None => None,
        CaptionStyle::Move => moved,
        CaptionStyle::SourceAndMove => match (source_line(&game.tags), moved) {
            (Some(source), Some(moved)) => Some(format!("{source}: {moved}")),
            (Some(source), None) => Some(source),
            (None, moved) => moved,
        },
    }
}

/// `17.Rd8#` or `23...Qxe3`, with the move's glyph as books print it
/// (`16.Qb8+!!`), figurines for the piece letters on request. A null move
/// is `12.--`, as PGN writes it, and says what that is: `12.-- (null
/// move)`, for readers (and screen readers) who do not know the sign.
pub(super) fn move_text(ply: &Ply, figurine: bool) -> String {
    let mut text = ply.numbered_san();
    text.push_str(ply.notes.glyph().unwrap_or(""));
    if figurine {
        text = figurines(&text);
    }
    if ply.mv.is_null() {
        text.push_str(" (null move)");
    }
    text
}

/// SAN with its piece letters as figurines (`Nf3` → `♘f3`, `e8=Q+` →
/// `e8=♕+`). The SAN is the reader's own (letters `KQRBN` only where a
/// piece is meant, never in squares or castling), so a letter for letter
/// swap is exact. One set of figurines for both sides, as books print.
pub(super) fn figurines(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'K' => '♔',
            'Q' => '♕',
            'R' => '♖',
            'B' => '♗',
            'N' => '♘',
            c => c,
        })
        .collect()
}

/// `Morphy – Duke Karl / Count Isouard, Paris 1858`: the players' surnames
/// (the part of `White`/`Black` before a comma), the place (`Event`, else
/// `Site`) and the year of `Date`; `None` when the tags have none of them.
pub(super) fn source_line(tags: &[(String, String)]) -> Option<String> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '.'))
    };
    let surname = |name: &str| clip(name.split(',').next().unwrap_or(name).trim());
    let players = match (tag("White"), tag("Black")) {
        (None, None) => None,
        (white, black) => Some(format!(
            "{} – {}",
            white.map_or("?".into(), surname),
            black.map_or("?".into(), surname)
        )),
    };
    let place = tag("Event").or_else(|| tag("Site")).map(clip);
    let year = tag("Date")
        .and_then(|d| d.get(..4))
        .filter(|y| y.bytes().all(|b| b.is_ascii_digit()));
    let when_where = match (place, year) {
        (Some(place), Some(year)) => Some(format!("{place} {year}")),
        (Some(place), None) => Some(place),
        (None, Some(year)) => Some(year.to_string()),
        (None, None) => None,
    };
    match (players, when_where) {
        (Some(p), Some(w)) => Some(format!("{p}, {w}")),
        (p, w) => p.or(w),
    }
}

/// The comment an animated GIF carries: the game's source, at most 255
/// bytes (one GIF sub-block).
pub fn comment(tags: &[(String, String)]) -> String {
    let mut line = source_line(tags).unwrap_or_default();
    while line.len() > 255 {
        line.pop();
    }
    line
}

/// At most [`MAX_TAG_CHARS`] characters of `text`, an ellipsis when cut.
fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(MAX_TAG_CHARS).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_source_reads_as_books_print_it() {
        let opera = tags(&[
            ("Event", "Paris"),
            ("Site", "Paris FRA"),
            ("Date", "1858.??.??"),
            ("White", "Morphy, Paul"),
            ("Black", "Duke Karl / Count Isouard"),
        ]);
        assert_eq!(
            source_line(&opera).as_deref(),
            Some("Morphy – Duke Karl / Count Isouard, Paris 1858")
        );
        let sparse = tags(&[("Event", "?"), ("Site", "London"), ("Date", "????.??.??")]);
        assert_eq!(source_line(&sparse).as_deref(), Some("London"));
        assert_eq!(source_line(&tags(&[("Round", "1")])), None);
        let long = "x".repeat(100);
        let line = source_line(&tags(&[("White", &long)])).unwrap();
        assert_eq!(
            line.chars().count(),
            "… – ?".chars().count() + MAX_TAG_CHARS
        );
    }

    #[test]
    fn figurines_replace_piece_letters_only() {
        assert_eq!(figurines("17.Rd8#"), "17.♖d8#");
        assert_eq!(figurines("23...exd8=Q+"), "23...exd8=♕+");
        assert_eq!(figurines("5.O-O-O"), "5.O-O-O");
        assert_eq!(figurines("9...Nbxd7"), "9...♘bxd7");
    }
}
