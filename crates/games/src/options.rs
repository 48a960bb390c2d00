//! What a caller asks of a game: where it comes from ([`GameText`]), which
//! positions ([`Pick`]), and how they are captioned ([`GameOptions`]).

use fen2img_render::chess::game::Selector;
use fen2img_render::Position;

/// Where a game comes from.
#[derive(Debug, Clone, Copy)]
pub enum GameText<'a> {
    /// PGN text (any number of games; [`GameOptions::game`] picks one).
    Pgn(&'a [u8]),
    /// Moves (SAN or UCI, numbers allowed) played from a position.
    Moves {
        /// The position before the first move.
        start: &'a Position,
        /// The list, e.g. `e4 e5 Nf3` or `1. e2e4 e7e5`.
        moves: &'a str,
    },
}

/// Which positions of the game become diagrams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    /// One position (the final one by default).
    One(Selector),
    /// One diagram at each diagram marker (`{[#]}`, `[%diagram]`, ...),
    /// in game order.
    Markers,
    /// Every position from `from` to `to` (both included; the start and
    /// the final position by default), for an animation.
    Range {
        /// The first position shown.
        from: Option<Selector>,
        /// The last position shown.
        to: Option<Selector>,
    },
}

impl Default for Pick {
    fn default() -> Pick {
        Pick::One(Selector::Final)
    }
}

/// What the automatic caption says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CaptionStyle {
    /// No caption from the game.
    #[default]
    None,
    /// The move that led to the position: `17.Rd8#`, `23...Qxe3`.
    Move,
    /// The game's source from its tags, then the move: `Morphy – Duke Karl
    /// / Count Isouard, Paris 1858: 17.Rd8#`.
    SourceAndMove,
}

/// How to read the game and what to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOptions {
    /// Read PGN strictly (its export format), see `PgnOptions::strict`.
    pub strict: bool,
    /// The game of the text, from 1.
    pub game: usize,
    /// Which positions.
    pub pick: Pick,
    /// The caption each diagram gets.
    pub caption: CaptionStyle,
    /// Figurine SAN in captions (`♘f3`).
    pub figurine: bool,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            strict: false,
            game: 1,
            pick: Pick::default(),
            caption: CaptionStyle::default(),
            figurine: false,
        }
    }
}
