//! Reads arbitrary bytes as PGN, leniently and strictly. Never a panic; an
//! error's place is inside the input, its caret can be drawn and its
//! message holds no control character; every game read replays to as many
//! positions as it has plies, each one's SAN parses back to its move, and
//! every selector either resolves or says why.
#![no_main]

use fen2img_render::chess::game::pgn::{read_games, PgnOptions};
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
                    for warning in &game.warnings {
                        let shown = warning.to_string();
                        assert!(!shown.chars().any(char::is_control), "{shown:?}");
                    }
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
});
