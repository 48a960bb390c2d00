//! Which block options choose a game and its positions: pgn blocks take
//! them, fen blocks refuse them, and book-wide defaults are sorted by
//! them. Its own module because both the fen path (`diagram`) and the pgn
//! path (`game_block`) ask, and neither may import the other.

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
