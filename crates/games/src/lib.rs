//! Diagrams from games: a PGN text (or a FEN and a list of moves) and a
//! choice of positions in, what the renderer draws for each out.
//!
//! This crate connects the game reader (`fen2img_chess::game`, re-exported
//! as `fen2img_render::chess::game`) to the renderer's options. It reads no
//! file and writes nothing, so the command line, the server, the document
//! steps, `batch`, the Python package and the `serve_query` fuzz target
//! share one reading of "the diagrams of a game". The command line's own
//! part (flags, file names, standard output) is the binary's `single_game`.
//!
//! # API
//!
//! ```text
//! let text = GameText::Pgn(&bytes);                  // or GameText::Moves { start, moves }
//! let options = GameOptions { pick: Pick::One(Selector::Ply(12)), ..GameOptions::default() };
//! let found = games::diagrams(&text, "games.pgn", &options)?;   // Result<GameDiagrams, GameError>
//! for diagram in &found.diagrams {
//!     let mut render = base_options.clone();         // the caller's RenderOptions
//!     diagram.apply(&mut render.diagram);            // last move, check, arrows, glyph, bars, caption
//!     let bytes = Renderer::new(render).render(&diagram.position)?;
//! }
//! ```
//!
//! - [`diagrams`] reads game [`GameOptions::game`] of the text (PGN, or the
//!   moves played from a position), picks positions ([`Pick`]: one
//!   [`Selector`], every diagram marker, or a range for an animation) and
//!   returns a [`GameDiagram`] for each, with the game's tags and the
//!   reader's warnings ([`GameDiagrams`]).
//! - [`GameDiagram::apply`] lays a diagram's marks over the caller's
//!   `DiagramOptions`: what the caller set explicitly (a last move, a
//!   caption text, player names) wins; arrows and glyphs are added.
//! - [`GameError`] is typed and placed: the source name, line and column
//!   (characters), the game's number and its White – Black tags, the move
//!   number and side, and why, plus the offending line with a caret.
//!   `Display` gives `games.pgn:41:17: game 3 (Morphy – Allies), move 17
//!   White: Rd8 is not legal here: no rook can reach d8`.
//! - An animation is [`Pick::Range`]'s diagrams: [`animate::delays`] gives
//!   each frame's delay (fixed, or the game's thinking times from
//!   `[%clk]`/`[%emt]` scaled), [`animate::gif`] draws them into an
//!   animated GIF.
//! - [`input::is_pgn`] is the rule that tells PGN text from FEN.

pub mod animate;
mod animation_alt;
mod caption;
mod diagram;
mod error;
mod font_warnings;
pub mod input;
mod options;
mod players;
pub mod vocabulary;

use fen2img_render::chess::game::pgn::{read_game, Game, PgnErrorKind, PgnOptions};
use fen2img_render::chess::game::{GamePosition, Selector};

pub use animation_alt::animation_alt;
pub use caption::comment as gif_comment;
pub use diagram::GameDiagram;
pub use error::{GameError, GameErrorKind};
pub use font_warnings::font_warnings;
pub use options::{CaptionStyle, GameOptions, GameText, Pick};

/// The diagrams of one game, with what the game says about itself.
#[derive(Debug, Clone)]
pub struct GameDiagrams {
    /// One per picked position, in game order.
    pub diagrams: Vec<GameDiagram>,
    /// The game's tag pairs in file order (values as written, not escaped).
    pub tags: Vec<(String, String)>,
    /// What the lenient reader accepted but noted, each placed and escaped
    /// (`games.pgn:12:5: game 1 (…): …`): the reader's first
    /// `limits::MAX_WARNINGS`, then, when there were more, one line
    /// counting them (`games.pgn: game 1 (…): and 12,345 more warnings`).
    pub warnings: Vec<String>,
}

/// The diagrams `options` pick from `text`; `source` names the text in
/// errors and warnings (a file name, `<stdin>`, `--moves`).
pub fn diagrams(
    text: &GameText<'_>,
    source: &str,
    options: &GameOptions,
) -> Result<GameDiagrams, GameError> {
    let game = read(text, source, options)?;
    diagrams_of(&game, source, text_bytes(text), options)
}

/// The diagrams `options` pick from a game already read (`batch` reads a
/// file's games one after the other with `read_games`); `_input` is the
/// text it was read from (warnings are one line each, placed by line and
/// column, without an excerpt of it: a thousand warnings on one long line
/// must not cost a thousand excerpts). [`GameOptions::game`] is not used.
pub fn diagrams_of(
    game: &Game,
    source: &str,
    _input: &[u8],
    options: &GameOptions,
) -> Result<GameDiagrams, GameError> {
    let plies =
        pick(game, &options.pick).map_err(|message| GameError::select(source, game, message))?;
    // One diagram (a batch's final positions) replays the moves to it and
    // makes one position; several (markers) share one replay that makes
    // them all. Either way a ply past an illegal move has no position.
    let positions: Vec<Option<GamePosition>> = match plies[..] {
        [ply] => vec![game.select(&Selector::Ply(ply)).ok()],
        _ => {
            let all = game.positions();
            plies.iter().map(|&ply| all.get(ply).cloned()).collect()
        }
    };
    let diagrams = positions
        .iter()
        .enumerate()
        .filter_map(|(i, at)| {
            let marker = (options.pick == Pick::Markers).then_some(i + 1);
            Some(GameDiagram::new(game, at.as_ref()?, marker, options))
        })
        .collect();
    let mut warnings: Vec<String> = game
        .warnings
        .iter()
        .map(|w| GameError::placed(source, w).to_string())
        .collect();
    if let Some(message) = more_warnings(game) {
        let more = GameError {
            game: Some(game.number),
            players: game.players(),
            ..GameError::plain(source, GameErrorKind::Pgn(PgnErrorKind::Strict), message)
        };
        warnings.push(more.to_string());
    }
    Ok(GameDiagrams {
        diagrams,
        tags: game.tags.clone(),
        warnings,
    })
}

/// `and 12,345 more warnings` when the reader kept only the first
/// [`limits::MAX_WARNINGS`](fen2img_render::chess::game::limits::MAX_WARNINGS)
/// of a game's warnings, `None` when it kept them all: the one wording of
/// that count for every front end (the command line, batch, documents).
///
/// ```
/// use fen2img_render::chess::game::pgn::{read_games, PgnOptions};
///
/// let pgn = format!("1. e4 {} e5 *", ")".repeat(150));
/// let game = read_games(pgn.as_bytes(), PgnOptions::default()).next().unwrap().unwrap();
/// assert_eq!(fen2img_games::more_warnings(&game).as_deref(), Some("and 50 more warnings"));
/// ```
pub fn more_warnings(game: &Game) -> Option<String> {
    warnings_not_kept(game.warnings_not_kept)
}

/// [`more_warnings`] for a count of warnings not kept, for a reading that
/// kept no [`Game`] (a [`GameEnd`](fen2img_render::chess::game::pgn::GameEnd)).
///
/// ```
/// assert_eq!(fen2img_games::warnings_not_kept(1_234).as_deref(), Some("and 1,234 more warnings"));
/// assert_eq!(fen2img_games::warnings_not_kept(0), None);
/// ```
pub fn warnings_not_kept(n: usize) -> Option<String> {
    (n > 0).then(|| {
        format!(
            "and {} more warning{}",
            thousands(n),
            if n == 1 { "" } else { "s" }
        )
    })
}

/// `12,345`: a count as the warnings say it.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The game `options` name, read from `text`.
pub fn read(text: &GameText<'_>, source: &str, options: &GameOptions) -> Result<Game, GameError> {
    match *text {
        GameText::Pgn(bytes) => {
            let pgn = PgnOptions::default().with_strict(options.strict);
            read_game(bytes, options.game, pgn).map_err(|e| GameError::from_pgn(source, bytes, &e))
        }
        GameText::Moves { start, moves } => {
            if options.game != 1 {
                return Err(GameError::plain(
                    source,
                    GameErrorKind::Select,
                    format!(
                        "there is no game {}: a list of moves is one game",
                        options.game
                    ),
                ));
            }
            self::input::moves_game(start, moves, source)
        }
    }
}

fn text_bytes<'a>(text: &GameText<'a>) -> &'a [u8] {
    match *text {
        GameText::Pgn(bytes) => bytes,
        GameText::Moves { moves, .. } => moves.as_bytes(),
    }
}

/// The plies `pick` names in `game`; `Err` says why not, escaped.
fn pick(game: &Game, pick: &Pick) -> Result<Vec<usize>, String> {
    let resolve = |s: &Selector| s.resolve(game).map_err(|e| e.message);
    match pick {
        Pick::One(selector) => Ok(vec![resolve(selector)?]),
        Pick::Markers => {
            let markers = game.markers();
            if markers.is_empty() {
                return Err(
                    "the game has no diagram markers ({[#]}, {#}, {[D]} or [%diagram] in a comment)"
                        .into(),
                );
            }
            Ok(markers)
        }
        Pick::Range { from, to } => {
            let first = from.as_ref().map_or(Ok(0), resolve)?;
            let last = to.as_ref().map_or(Ok(game.plies.len()), resolve)?;
            if first > last {
                return Err(format!(
                    "the range starts after it ends: from ply {first} to ply {last}"
                ));
            }
            Ok((first..=last).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_render::{DiagramOptions, Position};

    #[test]
    fn warnings_are_bounded_and_the_rest_counted_in_one_line() {
        // A line of 20,000 stray ')': each one a warning of the lenient
        // reader. The first ones are said, then how many more there were.
        let pgn = format!("[White \"A\"]\n\n1. e4 {} e5 *", ")".repeat(20_000));
        let found = diagrams(
            &GameText::Pgn(pgn.as_bytes()),
            "t.pgn",
            &GameOptions::default(),
        )
        .unwrap();
        assert_eq!(found.warnings.len(), 101, "{:?}", &found.warnings[..3]);
        assert_eq!(
            found.warnings[0],
            "t.pgn:3:7: game 1 (A – ?), move 1 Black: ')' closes no variation"
        );
        assert_eq!(
            found.warnings[100],
            "t.pgn: game 1 (A – ?): and 19,900 more warnings"
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        let said: Vec<String> = [0, 999, 1_000, 19_900, 1_234_567]
            .into_iter()
            .map(thousands)
            .collect();
        assert_eq!(said, ["0", "999", "1,000", "19,900", "1,234,567"]);
    }

    #[test]
    fn a_null_move_is_named_as_one() {
        let pgn = b"1. e4 -- 2. d4 *";
        let options = GameOptions {
            pick: Pick::One(Selector::Ply(2)),
            caption: CaptionStyle::Move,
            ..GameOptions::default()
        };
        let found = diagrams(&GameText::Pgn(pgn), "t.pgn", &options).unwrap();
        let diagram = &found.diagrams[0];
        assert_eq!(diagram.caption.as_deref(), Some("1...-- (null move)"));
        assert_eq!(diagram.numbered_san.as_deref(), Some("1...-- (null move)"));
        assert_eq!(diagram.lastmove, None, "nothing moved: no squares tinted");
        assert_eq!(diagram.glyph, None);
        let mut drawn = DiagramOptions::default();
        diagram.apply(&mut drawn);
        let alt = fen2img_render::alt_text(&diagram.position, &drawn);
        assert!(
            alt.starts_with("1...-- (null move). White to move."),
            "{alt}"
        );
        assert!(!alt.contains("Last move"), "{alt}");
        let start: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse()
            .unwrap();
        let moves = diagrams(
            &GameText::Moves {
                start: &start,
                moves: "-- d4",
            },
            "--moves",
            &GameOptions {
                pick: Pick::One(Selector::Ply(1)),
                caption: CaptionStyle::Move,
                ..GameOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            moves.diagrams[0].caption.as_deref(),
            Some("1...-- (null move)")
        );
    }
}

// The README (the crate's page on crates.io) is compiled and run with the
// doctests, so its example cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
