//! What a position adds around the board by itself (crazyhouse pockets,
//! three-check counters, the side to move when the caption says it): a
//! frame is built for the options and these.

use fen2img_chess::{Color, Position};

use crate::options::{Caption, DiagramOptions, Preset};

/// What a position adds around the board, beyond what the options ask
/// for: a frame is built for the options and these, so positions that
/// differ only in their pieces share one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Extras {
    /// Crazyhouse pockets are drawn (the position has them).
    pub pockets: bool,
    /// Three-check counters are drawn.
    pub checks: bool,
    /// The side to move, when the caption depends on it.
    pub turn: Option<Color>,
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
            turn: says_turn.then_some(position.turn),
        }
    }
}
