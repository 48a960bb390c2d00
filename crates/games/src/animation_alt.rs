//! The alt text of an animated game: whose game it is, which moves it
//! plays and where it ends, for a reader who cannot see the film. Its own
//! module because it reads the diagrams (`diagram`), which read the
//! captions (`caption`), whose source line it shares.

use fen2img_render::{alt_text, DiagramOptions};
use fen2img_support::quote::shown;

use super::caption::source_line;
use super::diagram::GameDiagram;

/// The alt text of an animation of `frames` (in game order): what it
/// shows in words, then the final frame as a still's alt text says it
/// (`last` is the final frame's options, its marks laid over them):
/// `Animated game Morphy – Duke Karl / Count Isouard, Paris 1858: moves
/// 1–17 (1.e4 to 17.Rd8#), 34 positions. Final position: White player:
/// ...`. A reader who cannot see the film learns whose game it is, which
/// moves it plays and where it ends. The tags' text is made safe to show
/// (control and bidirectional characters escaped), as a caption's is.
pub fn animation_alt(
    tags: &[(String, String)],
    frames: &[GameDiagram],
    last: &DiagramOptions,
) -> String {
    let Some(end) = frames.last() else {
        return String::new();
    };
    let mut out = String::from("Animated game");
    if let Some(source) = source_line(tags) {
        out.push(' ');
        out.push_str(&shown(&source));
    }
    out.push_str(": ");
    // The moves played on screen: each frame after the first shows one.
    let moves: Vec<&str> = frames
        .iter()
        .skip(1)
        .filter_map(|f| f.numbered_san.as_deref())
        .collect();
    let number = |san: &str| san.split('.').next().unwrap_or("").to_string();
    match moves.as_slice() {
        [] => {}
        [only] => out.push_str(&format!("move {only}, ")),
        [first, .., last] if number(first) == number(last) => {
            out.push_str(&format!("move {} ({first} to {last}), ", number(first)));
        }
        [first, .., last] => out.push_str(&format!(
            "moves {}–{} ({first} to {last}), ",
            number(first),
            number(last)
        )),
    }
    let n = frames.len();
    out.push_str(&format!(
        "{n} position{}. Final position: ",
        if n == 1 { "" } else { "s" }
    ));
    out.push_str(&alt_text(&end.position, last));
    out
}
