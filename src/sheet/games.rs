//! A sheet's PGN input: with `--markers` a puzzle at each diagram marker
//! (`{[#]}`), captioned with the marker's comment, its answer the move the
//! game played next; without, each game's final position, captioned with
//! its players, with no answer. A game that cannot be read is reported
//! (file:line:column and a caret, as `batch` does) and skipped; the run
//! then exits 2 after writing the sheet of the others.

use fen2img_games::{diagrams_of, CaptionStyle, GameDiagram, GameOptions, Pick};
use fen2img_pdf::sheet::{numbered, Puzzle};
use fen2img_render::chess::game::pgn::{read_games, Game, PgnOptions};
use fen2img_render::chess::game::Selector;
use fen2img_render::{Color, RenderOptions, Renderer};

use super::puzzles::Puzzles;
use crate::batch::excerpt::game_error;
use crate::failure::{error, warn, Failure};

/// Adds the puzzles of the games in `text`, the file `source`; returns
/// how many games were skipped.
pub fn read(
    source: &str,
    text: &[u8],
    markers: bool,
    strict: bool,
    renderer: &mut Renderer,
    base: &RenderOptions,
    puzzles: &mut Puzzles,
) -> Result<usize, Failure> {
    let options = GameOptions {
        strict,
        pick: if markers {
            Pick::Markers
        } else {
            Pick::One(Selector::Final)
        },
        caption: CaptionStyle::None,
        ..GameOptions::default()
    };
    let mut skipped = 0;
    for read in read_games(text, PgnOptions::default().with_strict(strict)) {
        let found = match read {
            Err(e) => Err(game_error(source, text, &e)),
            Ok(game) => diagrams_of(&game, source, text, &options).map(|f| (game, f)),
        };
        let (game, found) = match found {
            Ok(pair) => pair,
            Err(e) => {
                report(&e.to_string(), e.caret.as_deref());
                skipped += 1;
                continue;
            }
        };
        for w in &found.warnings {
            warn(w);
        }
        for diagram in &found.diagrams {
            let at = format!("'{source}' game {}", game.number);
            puzzles.room(&at)?;
            let mut render = base.clone();
            diagram.apply(&mut render.diagram);
            // The game's player bars only when asked for: a puzzle's
            // board keeps its cell, and the caption names the game.
            render.diagram.around.white = base.diagram.around.white.clone();
            render.diagram.around.black = base.diagram.around.black.clone();
            renderer.set_options(render);
            let layout = renderer
                .layout(&diagram.position)
                .map_err(|e| Failure::invalid(format!("{at}: {e}")))?;
            puzzles.list.push(puzzle(&game, diagram, markers, layout));
        }
    }
    renderer.set_options(base.clone());
    Ok(skipped)
}

/// The puzzle of one diagram of `game`.
fn puzzle(
    game: &Game,
    diagram: &GameDiagram,
    markers: bool,
    layout: fen2img_render::Layout,
) -> Puzzle {
    let white_to_move = diagram.position.turn == Color::White;
    if !markers {
        return Puzzle {
            layout,
            white_to_move,
            caption: game.players(),
            answer: None,
        };
    }
    let comment = diagram.comments.join(" ");
    let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
    // The move played from the marked position, numbered as the game did.
    let answer = game.plies.get(diagram.ply).map(|next| {
        numbered(
            &[next.san.as_str()],
            next.move_number,
            next.side == Color::White,
        )
    });
    Puzzle {
        layout,
        white_to_move,
        caption: (!comment.is_empty()).then_some(comment),
        answer,
    }
}

/// A skipped game's error line and its excerpt with a caret.
fn report(message: &str, caret: Option<&str>) {
    error(message);
    for line in caret.unwrap_or("").lines() {
        eprintln!("{}", fen2img_support::quote::escape(line));
    }
}
