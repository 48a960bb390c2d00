//! Which block options choose a game and its positions: pgn blocks take
//! them, fen blocks refuse them, and book-wide defaults are sorted by
//! them. Its own module because both the fen path (`diagram`) and the pgn
//! path (`game_block`) ask, and neither may import the other.

use fen2img_games::vocabulary::GAME;
use fen2img_render::chess::game::pgn::Game;
use fen2img_render::vocabulary::FrontEnd;

/// The choices a block writes as lists of its own (`ply=3,7`,
/// `move=12w`, `plies=...`), which the games table leaves to the block
/// (they are not among its fence names); `moves`, which a pgn block
/// refuses with its own message.
const BLOCK_LISTS: [&str; 4] = ["ply", "plies", "move", "moves"];

/// `key` as the options compare it: lower case, `_` as `-`.
pub fn canonical(key: &str) -> String {
    key.trim().to_ascii_lowercase().replace('_', "-")
}

/// Whether `key` chooses a game and its positions (and its captions'
/// style, and an animation's range and timing: the games table's fence
/// names), or is one of the block's own lists, rather than a render
/// option.
pub fn is_game_key(key: &str) -> bool {
    let key = canonical(key);
    BLOCK_LISTS.contains(&key.as_str()) || GAME.names(FrontEnd::Fence).any(|name| name == key)
}
/// `game 1 (Morphy – Allies)`: which game a choice is about, in a pgn
/// block's messages (the still path's and the animation's).
pub(super) fn game_label(game: &Game) -> String {
    match game.players() {
        Some(players) => format!("game {} ({players})", game.number),
        None => format!("game {}", game.number),
    }
}
