//! One diagram of a game: the position and what the game says to draw on
//! it (last move, check, `[%cal]` arrows, `[%csl]` circles, the move's
//! glyph, player bars with clocks, the caption), and laying that over a
//! caller's options.

use fen2img_render::chess::game::pgn::{Arrow, Brush as PgnBrush, Game, SquareMark};
use fen2img_render::chess::game::GamePosition;
use fen2img_render::options::{ArrowSpec, Brush, Caption, CheckMark, Player};
use fen2img_render::{Color, DiagramOptions, Glyph, Position, Square};

use super::caption::{caption, move_text};
use super::options::GameOptions;
use super::players::{clocks_at, player, think_ms};

/// A position of a game and its marks, ready to lay over render options
/// ([`GameDiagram::apply`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GameDiagram {
    /// Half-moves from the game's start (0: the start position).
    pub ply: usize,
    /// The position.
    pub position: Position,
    /// The move that led here with its number (`17.Rd8#`, `23...Qxe3`; in
    /// figurines when asked; `12.-- (null move)` for a pass), `None` at the
    /// start.
    pub numbered_san: Option<String>,
    /// The last move's two squares (the king's, for castling); `None` after
    /// a null move, which moved nothing.
    pub lastmove: Option<(Square, Square)>,
    /// The king in check, if any.
    pub check: Option<Square>,
    /// Arrows from `[%cal]`, then circles from `[%csl]`.
    pub arrows: Vec<ArrowSpec>,
    /// The move's glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`) on the square the
    /// piece moved to.
    pub glyph: Option<(Square, Glyph)>,
    /// White's bar from the tags, with its clock at this move.
    pub white: Option<Player>,
    /// Black's bar.
    pub black: Option<Player>,
    /// The caption [`GameOptions::caption`] asked for.
    pub caption: Option<String>,
    /// The prose of the comments after the move (commands taken out).
    pub comments: Vec<String>,
    /// With [`Pick::Markers`](super::Pick::Markers): the marker's number,
    /// from 1.
    pub marker: Option<usize>,
    /// How long this position stood on the board: the time the next move
    /// took, from its `[%emt]` or the fall of its side's `[%clk]`, in
    /// milliseconds (animation delays).
    pub stood_ms: Option<u64>,
}

impl GameDiagram {
    /// The diagram of `at` in `game`.
    pub(super) fn new(
        game: &Game,
        at: &GamePosition,
        marker: Option<usize>,
        options: &GameOptions,
    ) -> GameDiagram {
        let notes = game.notes(at.ply);
        let moved = at.ply.checked_sub(1).and_then(|i| game.plies.get(i));
        // A null move stands on no square: its glyph goes in the caption only.
        let glyph = moved.filter(|p| !p.mv.is_null()).and_then(|p| {
            let glyph = p
                .notes
                .nags
                .iter()
                .find(|&&n| (1..=6).contains(&n))
                .and_then(|&n| Glyph::from_nag(n))?;
            Some((p.mv.to, glyph))
        });
        let arrows = notes.map_or_else(Vec::new, |n| {
            n.arrows
                .iter()
                .map(arrow)
                .chain(n.squares.iter().map(circle))
                .collect()
        });
        let clocks = clocks_at(game, at.ply);
        GameDiagram {
            ply: at.ply,
            position: at.position.clone(),
            numbered_san: moved.map(|p| move_text(p, options.figurine)),
            lastmove: at
                .last_move
                .filter(|m| !m.is_null())
                .map(|m| (m.from, m.to)),
            check: at.check,
            arrows,
            glyph,
            white: player(&game.tags, Color::White, clocks[0]),
            black: player(&game.tags, Color::Black, clocks[1]),
            caption: caption(game, at.ply, options.caption, options.figurine),
            comments: notes.map_or_else(Vec::new, |n| n.comments.clone()),
            marker,
            stood_ms: think_ms(game, at.ply),
        }
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        self.position.to_string()
    }

    /// Lays this diagram's marks over `options`. What the caller set wins:
    /// a last move, a check mark, player names (which still get the
    /// game's clock) and a caption text stay; the game's arrows and glyph
    /// go under the caller's; an automatic caption (`Caption::Auto`) or
    /// none becomes this diagram's caption, when it has one.
    pub fn apply(&self, options: &mut DiagramOptions) {
        let markup = &mut options.markup;
        if markup.lastmove.is_none() {
            markup.lastmove = self.lastmove;
        }
        if markup.check == CheckMark::None
            && let Some(square) = self.check
        {
            markup.check = CheckMark::Square(square);
        }
        let mine = std::mem::replace(&mut markup.arrows, self.arrows.clone());
        markup.arrows.extend(mine);
        if let Some(glyph) = self.glyph {
            markup.glyphs.insert(0, glyph);
        }
        let around = &mut options.around;
        for (mine, game) in [
            (&mut around.white, &self.white),
            (&mut around.black, &self.black),
        ] {
            match mine {
                None => mine.clone_from(game),
                Some(player) if player.clock.is_none() => {
                    player.clock = game.as_ref().and_then(|g| g.clock);
                }
                Some(_) => {}
            }
        }
        if let Some(text) = &self.caption
            && matches!(around.caption, None | Some(Caption::Auto))
        {
            around.caption = Some(Caption::Text(text.clone()));
        }
    }
}

fn brush(b: PgnBrush) -> Brush {
    match b {
        PgnBrush::Green => Brush::Green,
        PgnBrush::Red => Brush::Red,
        PgnBrush::Yellow => Brush::Yellow,
        PgnBrush::Blue => Brush::Blue,
    }
}

fn arrow(a: &Arrow) -> ArrowSpec {
    ArrowSpec {
        brush: brush(a.brush),
        from: a.from,
        to: a.to,
    }
}

/// `[%csl]` squares are circles, as lichess draws them: an arrow from a
/// square to itself.
fn circle(m: &SquareMark) -> ArrowSpec {
    ArrowSpec {
        brush: brush(m.brush),
        from: m.square,
        to: m.square,
    }
}
