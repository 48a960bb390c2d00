//! Which block options choose a game and its positions: pgn blocks take
//! them, fen blocks refuse them, and book-wide defaults are sorted by
//! them. Its own module because both the fen path (`diagram`) and the pgn
//! path (`game_block`) ask, and neither may import the other.

use fen2img_render::chess::game::pgn::Game;

/// Options that choose a game and its positions (and its captions' style,
/// and an animation's range and timing): pgn blocks only, never render
/// options.
const GAME_KEYS: [&str; 13] = [
    "game",
    "ply",
    "plies",
    "move",
    "markers",
    "caption-source",
    "figurine",
    "animate",
    "from",
    "to",
    "delay",
    "last-delay",
    "clock-delays",
];

/// `key` as the options compare it: lower case, `_` as `-`.
pub fn canonical(key: &str) -> String {
    key.trim().to_ascii_lowercase().replace('_', "-")
}

/// Whether `key` chooses a game's positions (or `moves`, which a pgn
/// block refuses with its own message) rather than a render option.
pub fn is_game_key(key: &str) -> bool {
    let key = canonical(key);
    GAME_KEYS.contains(&key.as_str()) || key == "moves"
}
/// `game 1 (Morphy – Allies)`: which game a choice is about, in a pgn
/// block's messages (the still path's and the animation's).
pub(super) fn game_label(game: &Game) -> String {
    match game.players() {
        Some(players) => format!("game {} ({players})", game.number),
        None => format!("game {}", game.number),
    }
}
