//! What a game's options fill in ([`GameChoice`]): beside the table's
//! rows and values, which both write it, rather than in their parent.

use crate::animate::Timing;
use crate::options::GameOptions;

/// What the game options ask for: the game and its positions
/// ([`GameOptions`]) and, for an animation, its timing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameChoice {
    /// The game, the positions and the captions' style.
    pub options: GameOptions,
    /// An animation of the range's positions, with this timing; `None`
    /// for diagrams.
    pub animate: Option<Timing>,
    /// The option that chose the positions (`ply`, `move`, `markers`,
    /// `from`/`to`), so that a second one is refused rather than quietly
    /// replacing it.
    pub(super) picked_by: Option<&'static str>,
}
