//! Reads arbitrary bytes as PGN, leniently and strictly. Never a panic; an
//! error's place is inside the input, its caret can be drawn and its
//! message holds no control character; every game read replays to as many
//! positions as it has plies, each one's SAN parses back to its move, and
//! every selector either resolves or says why.
//!
//! Then as the command line reads its games (`fen2img_games::diagrams_of`:
//! the warnings said; an error's excerpt drawn), on the input and on the
//! input stretched to about a megabyte (see `stretch.rs`): what a game
//! keeps stays within the reader's limits, and a cost that is not linear in
//! the input is a timeout (run with `-timeout=10 -rss_limit_mb=1024`).
#![no_main]

mod stretch;

use fen2img_games::{diagrams_of, GameError, GameOptions};
use fen2img_render::chess::game::limits::{MAX_ARROWS, MAX_COMMENTS, MAX_NAGS, MAX_WARNINGS};
use fen2img_render::chess::game::pgn::{read_games, Game, PgnOptions};
use fen2img_render::chess::game::{LegalPosition, Selector};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for strict in [false, true] {
        let options = PgnOptions::default().with_strict(strict);
        for result in read_games(data, options).take(64) {
            match result {
                Ok(game) => {
                    let positions = game.positions();
                    assert_eq!(positions.len(), game.plies.len() + 1);
                    let mut board = LegalPosition::new(&game.start, game.variant)
                        .expect("a game read has a playable start");
                    for ply in &game.plies {
                        let again = board.parse_san(&ply.san).expect("our SAN parses");
                        assert_eq!(again, ply.mv, "{}", ply.san);
                        assert_eq!(board.san(&ply.mv), ply.san);
                        assert!(board.play(&ply.mv));
                    }
                    for selector in [Selector::Final, Selector::Ply(3), Selector::Ply(10_000)] {
                        let _ = game.select(&selector);
                    }
                    within_limits(&game);
                }
                Err(e) => {
                    assert!(e.offset <= data.len(), "{e}: offset past the end");
                    let shown = e.to_string();
                    assert!(!shown.chars().any(char::is_control), "{shown:?}");
                    let _ = e.caret(data);
                }
            }
        }
    }
    as_the_command_line_reads_it(data);
    if let Some(long) = stretch::stretch(data) {
        as_the_command_line_reads_it(&long);
    }
});

/// What a game keeps is bounded, whatever the input.
fn within_limits(game: &Game) {
    assert!(game.warnings.len() <= MAX_WARNINGS);
    for notes in (0..=game.plies.len()).filter_map(|n| game.notes(n)) {
        assert!(notes.arrows.len() + notes.squares.len() <= MAX_ARROWS);
        assert!(notes.nags.len() <= MAX_NAGS);
        assert!(notes.comments.len() <= MAX_COMMENTS);
    }
    for warning in &game.warnings {
        let shown = warning.to_string();
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
    }
}

/// Every game as the command line gives it (`fen2img_games::diagrams_of`:
/// the final position, the warnings said) or its error with the excerpt
/// (as `fen2img FILE.pgn` and `batch` print them), on however long a line.
fn as_the_command_line_reads_it(text: &[u8]) {
    for result in read_games(text, PgnOptions::default()).take(1_000) {
        match result {
            Ok(game) => {
                within_limits(&game);
                let found = diagrams_of(&game, "f.pgn", text, &GameOptions::default())
                    .expect("the final position of a game read");
                assert!(found.warnings.len() <= MAX_WARNINGS + 1);
                for w in &found.warnings {
                    assert!(!w.chars().any(char::is_control), "{w:?}");
                }
            }
            Err(e) => {
                let error = GameError::from_pgn("f.pgn", text, &e);
                let shown = error.to_string();
                assert!(!shown.chars().any(char::is_control), "{shown:?}");
                let caret = error.caret.as_deref().unwrap_or("");
                assert!(caret.len() < 1_000, "an excerpt of {} bytes", caret.len());
            }
        }
    }
}
