//! `--name` for games: a template of safe literal characters and the
//! game's placeholders (`{n}`, `{white}`, `{ply}`...), expanded for each
//! diagram. A name never leaves the output directory.

use fen2img_render::Format;
use fen2img_support::quote::escape;

use super::names::safe_id;
use crate::failure::Failure;
use fen2img_games::GameDiagram;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The game's number over the run, zero-padded (also `{id}`).
    N,
    /// A tag's value made safe for a file name.
    Tag(&'static str),
    /// The ply of the diagram.
    Ply,
    /// The format's extension.
    Ext,
}

/// A piece of a `--name` template for games: a literal or a placeholder.
pub enum Piece {
    Literal(String),
    Part(Part),
}

/// Parses `--name` for games: only safe literal characters and the
/// placeholders, so a name never leaves the directory.
pub fn parse_names(text: &str) -> Result<Vec<Piece>, Failure> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            pieces.push(Piece::Literal(rest[..open].to_string()));
        }
        let close = rest[open..].find('}').ok_or_else(|| {
            Failure::invalid(format!("--name '{}': '{{' without '}}'", escape(text)))
        })? + open;
        let part = match &rest[open + 1..close] {
            "n" | "id" => Part::N,
            "white" => Part::Tag("White"),
            "black" => Part::Tag("Black"),
            "round" => Part::Tag("Round"),
            "event" => Part::Tag("Event"),
            "site" => Part::Tag("Site"),
            "date" => Part::Tag("Date"),
            "ply" => Part::Ply,
            "ext" => Part::Ext,
            other => {
                return Err(Failure::invalid(format!(
                    "--name '{}': unknown placeholder {{{}}} for games; use {{n}}, {{white}}, \
                         {{black}}, {{round}}, {{event}}, {{site}}, {{date}}, {{ply}} or {{ext}}",
                    escape(text),
                    escape(other)
                )))
            }
        };
        pieces.push(Piece::Part(part));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Literal(rest.to_string()));
    }
    for p in &pieces {
        if let Piece::Literal(l) = p {
            let safe = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ');
            if !l.chars().all(safe) || l.contains("..") {
                return Err(Failure::invalid(format!(
                    "--name '{}': only letters, digits, '.', '-', '_' and spaces may stand \
                         outside placeholders (no '/', no '..')",
                    escape(text)
                )));
            }
        }
    }
    if pieces.is_empty() {
        return Err(Failure::invalid("--name is empty"));
    }
    Ok(pieces)
}

/// The file name of `diagram`, game `n`, from `pieces`.
pub fn expand(
    pieces: &[Piece],
    n: usize,
    tags: &[(String, String)],
    diagram: &GameDiagram,
    format: Format,
) -> String {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Literal(l) => out.push_str(l),
            Piece::Part(Part::N) => out.push_str(&format!("{n:06}")),
            Piece::Part(Part::Tag(name)) => {
                let value = tags
                    .iter()
                    .find(|(t, _)| t.eq_ignore_ascii_case(name))
                    .map(|(_, v)| v.trim());
                out.push_str(&value.and_then(safe_id).unwrap_or_else(|| "unknown".into()));
            }
            Piece::Part(Part::Ply) => out.push_str(&diagram.ply.to_string()),
            Piece::Part(Part::Ext) => out.push_str(format.extension()),
        }
    }
    // A name made only of dots would not be a file.
    if out.trim_matches('.').is_empty() {
        out = format!("{n:06}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_games::GameOptions;

    #[test]
    fn game_names_come_from_tags_and_stay_in_the_directory() {
        let pieces = parse_names("{white}-{black}-{round}.{ext}").unwrap();
        let tags = vec![
            ("White".to_string(), "Morphy, Paul".to_string()),
            ("Black".to_string(), "../../etc".to_string()),
            ("Round".to_string(), "?".to_string()),
        ];
        let diagram = fen2img_games::diagrams(
            &fen2img_games::GameText::Pgn(b"1. e4 *"),
            "x",
            &GameOptions::default(),
        )
        .unwrap()
        .diagrams
        .remove(0);
        assert_eq!(
            expand(&pieces, 3, &tags, &diagram, Format::PNG),
            "Morphy_Paul-_etc-unknown.png"
        );
        assert!(parse_names("{nope}.{ext}").is_err());
        assert!(parse_names("../{n}").is_err());
    }
}
