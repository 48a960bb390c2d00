//! Reads and replays every game of a PGN file with fen2img's reader, for
//! `bench/games.sh` (side by side with python-chess and pgn-extract).
//!
//!     cargo run --release -p measure --bin replay_pgn -- games.pgn [repeats]
//!
//! Prints the games read, the half-moves replayed, the errors, and the best
//! wall time of `repeats` runs (default 3). Each run reads the file from
//! memory: the file is read once before timing, as the others read it from
//! the page cache.

use std::time::Instant;

use fen2img_render::chess::game::pgn::{read_games, PgnOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: replay_pgn FILE [REPEATS]");
    let repeats: usize = args.next().map_or(3, |r| r.parse().expect("a number"));
    let input = std::fs::read(&path).expect("readable file");
    let mut best = f64::INFINITY;
    let mut summary = (0, 0, 0);
    for _ in 0..repeats {
        let start = Instant::now();
        let (mut games, mut plies, mut errors) = (0usize, 0usize, 0usize);
        for game in read_games(&input, PgnOptions::default()) {
            match game {
                Ok(game) => {
                    games += 1;
                    plies += game.plies.len();
                }
                Err(_) => errors += 1,
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
        summary = (games, plies, errors);
    }
    let (games, plies, errors) = summary;
    println!(
        "fen2img: {games} games, {plies} plies, {errors} errors, best of {repeats}: {best:.3} s"
    );
}
