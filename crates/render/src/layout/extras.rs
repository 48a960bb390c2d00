//! What a position adds around the board by itself (crazyhouse pockets,
//! three-check counters, the side to move when the caption says it): a
//! frame is built for the options and these.

use fen2img_chess::{Color, Position};

use crate::options::{Around, Caption, DiagramOptions, Preset};
use crate::outcome::Outcome;

/// What a position adds around the board, beyond what the options ask
/// for: a frame is built for the options and these, so positions that
/// differ only in their pieces share one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Extras {
    /// Crazyhouse pockets are drawn (the position has them).
    pub pockets: bool,
    /// Three-check counters are drawn.
    pub checks: bool,
    /// The side to move (and whether it is mated or stalemated), when the
    /// caption depends on it.
    pub turn: Option<Turn>,
}

/// The side to move, and the game's end when the board shows one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The side to move.
    pub color: Color,
    /// Mate or stalemate, when the side to move has no legal move.
    pub outcome: Option<Outcome>,
}

impl Turn {
    /// What a caption or the social preview says: "White to move", or
    /// the result ("Checkmate, Black wins") when the game is over.
    pub fn words(&self) -> String {
        match self.outcome {
            Some(outcome) => outcome.words(),
            None => format!("{} to move", self.color.name()),
        }
    }

    /// The colour of the disc beside the words: the winner's after mate.
    pub fn disc(&self) -> Color {
        match self.outcome {
            Some(Outcome::Checkmate { winner }) => winner,
            _ => self.color,
        }
    }
}

impl Extras {
    /// What `position` adds under `options`: the side to move counts when
    /// the caption says it, or the social preview writes it.
    pub fn of(position: &Position, options: &DiagramOptions) -> Extras {
        let says_turn =
            matches!(options.around.caption, Some(Caption::Auto)) || options.preset == Preset::Og;
        Extras {
            pockets: position.pockets.is_some(),
            checks: position.checks.is_some(),
            turn: says_turn.then(|| Turn {
                color: position.turn,
                outcome: Outcome::of(position),
            }),
        }
    }
}

/// The caption as drawn: the text given, or for `auto` what [`Turn::words`]
/// says (the side to move, or the result after mate or stalemate).
pub(super) fn caption_text(around: &Around, turn: Option<Turn>) -> Option<String> {
    match (&around.caption, turn) {
        (Some(Caption::Auto), Some(turn)) => Some(turn.words()),
        _ => around.caption_text(turn.map_or(Color::White, |t| t.color)),
    }
}
