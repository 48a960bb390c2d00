//! Every bound on reading games, in one place: what hostile PGN (or a list
//! of moves) can make the reader keep or do is capped here, and
//! `docs/guide/limits.md` lists each with what happens beyond it.
//!
//! Reading costs time in proportion to the input whatever it holds; these
//! bound what the input can make the reader *keep*, so that a game's
//! memory does not grow faster than its text, and what one position can
//! make a renderer draw.
//!
//! (Also reachable as `fen2img_chess::game::pgn::limits`.)
//!
//! ```
//! use fen2img_chess::game::limits;
//! assert_eq!(limits::MAX_ARROWS, 64);
//! assert!(limits::MAX_WARNINGS < limits::MAX_PLIES);
//! ```

/// The largest PGN text read, in bytes (a file, standard input, a
/// document's block, a request): a database of some 50,000 games. The
/// reader itself takes any length; the callers that read files or
/// requests refuse more before reading it.
pub const MAX_PGN_LEN: usize = 64 * 1024 * 1024;

/// The longest tag name accepted, in bytes; beyond it the tag is an error
/// for its game.
pub const MAX_TAG_NAME_LEN: usize = 255;

/// The longest tag value accepted, in bytes (a megabyte tag is an attack,
/// not a game); beyond it the tag is an error for its game.
pub const MAX_TAG_VALUE_LEN: usize = 64 * 1024;

/// The most tag pairs a game may have; the next one is an error.
pub const MAX_TAGS: usize = 1_000;

/// The longest comment accepted, in bytes; a longer one is an error at its
/// place (and reading goes on after it).
pub const MAX_COMMENT_LEN: usize = 1024 * 1024;

/// The most comments kept for one position (each of at most
/// [`MAX_COMMENT_LEN`] bytes): `{a}{b}{c}...` would otherwise cost a
/// string per three bytes of input. Beyond it: a warning (an error when
/// strict), the rest left out.
pub const MAX_COMMENTS: usize = 64;

/// The most NAGs kept for one move (`$1 $14 !`...). Beyond it: a warning
/// (an error when strict), the rest left out.
pub const MAX_NAGS: usize = 64;

/// The most arrows (`[%cal]`) and coloured squares (`[%csl]`) kept for one
/// position, counted together: the bound the server puts on a request's
/// arrows and circles, so a game the command line draws is one the server
/// draws. Beyond it: a warning (an error when strict), the rest left out.
pub const MAX_ARROWS: usize = 64;

/// The longest move, move number or result token, in bytes; a longer word
/// is an error at its place.
pub const MAX_SYMBOL_LEN: usize = 64;

/// The deepest nesting of variations read (real annotated games stay
/// under 20); deeper is an error for the game, so 100,000 `(` cost
/// nothing.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// The most half-moves a main line may have (the longest possible game
/// under the 75-move rule has fewer than 12,000); the next one is an
/// error for the game.
pub const MAX_PLIES: usize = 12_000;

/// The most warnings of the lenient reader kept for one game: the first
/// ones, then only a count (`Game::warnings_not_kept`), which callers say
/// as `and 12,345 more warnings`. A line of a million stray `)` is a
/// million warnings.
pub const MAX_WARNINGS: usize = 100;

/// The longest list of moves played after a position (`--moves`,
/// `moves=`), in bytes: about 2,000 moves. A longer list is an error.
pub const MAX_MOVE_LIST_LEN: usize = 16 * 1024;

/// The most characters of a name or tag value a message or a caption
/// quotes (player names, an unknown `[Variant]`, a caption's place),
/// followed by `…` when cut.
pub const MAX_NAME_CHARS: usize = 40;

/// The most characters of a player's name drawn in a player bar (from the
/// `White`/`Black` tags), followed by `…` when cut.
pub const MAX_PLAYER_CHARS: usize = 100;

/// The most bytes an error's excerpt looks at on each side of the
/// offending token, whatever the length of its line: enough for the
/// 72 columns the caret line shows of any UTF-8 text.
pub const MAX_EXCERPT_BYTES: usize = fen2img_support::quote::EXCERPT_BYTES;
