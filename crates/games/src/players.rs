//! Player bars from a game's tags (`White`, `WhiteElo`, `WhiteTitle`, ...),
//! with each side's clock at a move from `[%clk]`, and the time each move
//! took, from `[%emt]` or the clocks, for animation delays.

use fen2img_render::chess::game::limits::MAX_PLAYER_CHARS;
use fen2img_render::chess::game::pgn::Game;
use fen2img_render::options::Player;
use fen2img_render::Color;

/// The player of `color` from `tags`, with `clock` (milliseconds) in the
/// bar when known; `None` when the game does not name the player.
pub(super) fn player(
    tags: &[(String, String)],
    color: Color,
    clock: Option<u64>,
) -> Option<Player> {
    let side = color.name();
    let tag = |suffix: &str| {
        let name = format!("{side}{suffix}");
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '-'))
    };
    // The bar cuts a name to its width anyway; tags may hold 64 KiB.
    let name: String = tag("")?.chars().take(MAX_PLAYER_CHARS).collect();
    Some(Player {
        name,
        title: tag("Title").map(|t| t.chars().take(8).collect()),
        // `WhiteElo "?"`, `"-"` or words are no rating.
        elo: tag("Elo")
            .and_then(|e| e.parse::<u32>().ok())
            .filter(|&e| e > 0 && e < 10_000),
        // The bar's unit is lila-gif's, hundredths of a second.
        clock: clock.map(|ms| u32::try_from(ms / 10).unwrap_or(u32::MAX)),
    })
}

/// Each side's clock after `ply` half-moves, in milliseconds (`[White,
/// Black]`): the last `[%clk]` that side wrote, or the time control's base
/// before its first move. `None` for both when the game has no clocks.
pub(super) fn clocks_at(game: &Game, ply: usize) -> [Option<u64>; 2] {
    if !game.plies.iter().any(|p| p.notes.clock_ms.is_some()) {
        return [None, None];
    }
    let base = time_control(&game.tags).map(|(base, _)| base);
    let mut clocks = [base, base];
    for p in game.plies.iter().take(ply) {
        if let Some(ms) = p.notes.clock_ms {
            clocks[p.side as usize] = Some(ms);
        }
    }
    clocks
}

/// How long the move of `game.plies[index]` took, in milliseconds: its
/// `[%emt]`, else the fall of its side's clock since that side's previous
/// `[%clk]` (or the time control's base), plus the increment.
pub(super) fn think_ms(game: &Game, index: usize) -> Option<u64> {
    let ply = game.plies.get(index)?;
    if let Some(ms) = ply.notes.elapsed_ms {
        return Some(ms);
    }
    let now = ply.notes.clock_ms?;
    let control = time_control(&game.tags);
    let before = game.plies[..index]
        .iter()
        .rev()
        .filter(|p| p.side == ply.side)
        .find_map(|p| p.notes.clock_ms)
        .or(control.map(|(base, _)| base))?;
    let increment = control.map_or(0, |(_, inc)| inc);
    Some((before + increment).saturating_sub(now))
}

/// `[TimeControl "300+2"]` as base and increment in milliseconds (PGN
/// §9.6: seconds, `+` the increment; `40/7200:3600` is read as its first
/// period's base). `None` for `-`, `?` or what does not read.
fn time_control(tags: &[(String, String)]) -> Option<(u64, u64)> {
    let value = tags
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("TimeControl"))?
        .1
        .trim();
    let first = value.split(':').next()?;
    let first = first.split_once('/').map_or(first, |(_, rest)| rest);
    let (base, increment) = first.split_once('+').unwrap_or((first, "0"));
    let seconds = |s: &str| {
        (!s.is_empty() && s.len() <= 7 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    Some((seconds(base)? * 1000, seconds(increment)? * 1000))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_render::chess::game::pgn::{read_game, PgnOptions};

    #[test]
    fn clocks_run_and_moves_take_their_time() {
        let pgn = b"[White \"Carlsen, Magnus\"]\n[WhiteElo \"2830\"]\n[WhiteTitle \"GM\"]\n[Black \"?\"]\n[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:05:01]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:04:40] [%emt 0:00:23]} *";
        let game = read_game(pgn, 1, PgnOptions::default()).unwrap();
        assert_eq!(clocks_at(&game, 0), [Some(300_000), Some(300_000)]);
        assert_eq!(clocks_at(&game, 2), [Some(301_000), Some(290_000)]);
        assert_eq!(think_ms(&game, 0), Some(1_000));
        assert_eq!(think_ms(&game, 1), Some(12_000));
        assert_eq!(think_ms(&game, 2), Some(23_000), "[%emt] first");
        let white = player(&game.tags, Color::White, Some(301_000)).unwrap();
        assert_eq!(white.name, "Carlsen, Magnus");
        assert_eq!(
            (white.title.as_deref(), white.elo),
            (Some("GM"), Some(2830))
        );
        assert_eq!(white.clock_text().as_deref(), Some("5:01"));
        assert_eq!(
            player(&game.tags, Color::Black, None),
            None,
            "\"?\" names nobody"
        );
        let hour = player(&game.tags, Color::White, Some(3_723_500)).unwrap();
        assert_eq!(hour.clock_text().as_deref(), Some("1:02:03"));
        assert_eq!(
            time_control(&[("TimeControl".into(), "40/7200:3600".into())]),
            Some((7_200_000, 0))
        );
        assert_eq!(time_control(&[("TimeControl".into(), "-".into())]), None);
    }
}
