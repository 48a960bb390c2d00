//! The flags of diagrams from games (`--moves`, `--game`, `--ply`,
//! `--move`, `--markers`, `--animate` and its timing), read into the plain
//! values of a [`GameJob`]. Single rendering only: batch does not take
//! them; a document's pgn block reads its `from=`, `to=`, `delay=`,
//! `last-delay=` and `clock-delays=` with [`bound`], [`duration`] and
//! [`scale`], so both accept the same values.

use std::ffi::{OsStr, OsString};

use clap::Args;

use fen2img_render::chess::game::Selector;

use super::render::RenderArgs;
use super::text::utf8;
use crate::failure::Failure;
use crate::single_game::GameJob;
use fen2img_games::animate::Timing;
#[cfg(test)]
use fen2img_games::animate::MIN_DELAY_CS;
use fen2img_games::{CaptionStyle, GameOptions, Pick};

/// Flags that take a game: PGN input, or moves after a FEN.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Moves played after the FEN, SAN or UCI (`e4 e5 Nf3`, `e2e4 e7e5`);
    /// the position after them is drawn with the last move marked.
    #[arg(long, value_name = "MOVES", help_heading = "Games")]
    pub moves: Option<OsString>,

    /// Which game of the PGN, from 1 (default the first).
    #[arg(long, value_name = "N", help_heading = "Games",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,

    /// The position after N half-moves of the game (0: its start).
    #[arg(long, value_name = "N", help_heading = "Games", conflicts_with_all = ["move_", "markers"])]
    pub ply: Option<u32>,

    /// The position after a move: `17w`, `17b`, or checked against the game,
    /// `17.Rd8` and `17...Qxe3`. Default: the final position.
    #[arg(
        long = "move",
        value_name = "MOVE",
        help_heading = "Games",
        conflicts_with = "markers"
    )]
    pub move_: Option<OsString>,

    /// One diagram at each diagram marker of the game (`{[#]}`, `{#}`,
    /// `{[D]}`, `[%diagram]`); `-o 'fig-{ply}.png'` names the files by ply,
    /// and the placeholder n in braces numbers them.
    // Not written `{n}` here: clap shows that as a line break in help.
    #[arg(long, help_heading = "Games")]
    pub markers: bool,

    /// The game's source from its tags in the caption (`Morphy – Allies,
    /// Paris 1858: 17.Rd8#`).
    #[arg(long, help_heading = "Games")]
    pub caption_source: bool,

    /// Captions in figurine SAN (`♘f3`).
    #[arg(long, help_heading = "Games")]
    pub figurine: bool,

    /// An animated game, one frame per half-move: a GIF (`-o game.gif`), or
    /// an animated PNG (APNG: the same palette frames, keeping partial
    /// transparency such as soft edges over `--background none`; `-o
    /// game.png`, or `-f png`).
    #[arg(long, help_heading = "Games", conflicts_with_all = ["ply", "move_", "markers"])]
    pub animate: bool,

    /// Every position from this one on (default the start): a ply (`0`)
    /// or a move (`12w`, `12...Nf6`). The frames of --animate; without it,
    /// one diagram each (`-f fen` prints one FEN a line).
    #[arg(long, value_name = "PLY|MOVE", help_heading = "Games", conflicts_with_all = ["ply", "move_", "markers"])]
    pub from: Option<OsString>,

    /// Every position up to this one (default the final one): a ply or a move.
    #[arg(long, value_name = "PLY|MOVE", help_heading = "Games", conflicts_with_all = ["ply", "move_", "markers"])]
    pub to: Option<OsString>,

    /// How long each frame shows: `800ms`, `1.5s`, or milliseconds (default 1s).
    #[arg(
        long,
        value_name = "TIME",
        help_heading = "Games",
        requires = "animate"
    )]
    pub delay: Option<OsString>,

    /// How long the last frame shows (default 3s).
    #[arg(
        long,
        value_name = "TIME",
        help_heading = "Games",
        requires = "animate"
    )]
    pub last_delay: Option<OsString>,

    /// Frames show for the game's own thinking times (`[%emt]`, or the
    /// fall of `[%clk]`) times SCALE (`0.05`: a minute shows 3 s), within
    /// 0.02 s to 20 s.
    #[arg(
        long,
        value_name = "SCALE",
        help_heading = "Games",
        requires = "animate"
    )]
    pub clock_delays: Option<OsString>,
}

/// What the game flags ask for. `render` gives `--caption auto` and
/// `--strict`, which games read too.
pub fn game_job(args: &GameArgs, render: &RenderArgs) -> Result<GameJob, Failure> {
    let moves = args
        .moves
        .as_deref()
        .map(|m| utf8("--moves", m).map(str::to_string))
        .transpose()?;
    let caption_auto = render
        .caption
        .as_deref()
        .is_some_and(|c| c.to_str() == Some("auto"));
    let caption = if args.caption_source {
        CaptionStyle::SourceAndMove
    } else if caption_auto {
        CaptionStyle::Move
    } else {
        CaptionStyle::None
    };
    let pick = if args.markers {
        Pick::Markers
    } else if args.animate || args.from.is_some() || args.to.is_some() {
        Pick::Range {
            from: args
                .from
                .as_deref()
                .map(|v| bound("--from", v))
                .transpose()?,
            to: args.to.as_deref().map(|v| bound("--to", v)).transpose()?,
        }
    } else if let Some(ply) = args.ply {
        Pick::One(Selector::Ply(ply as usize))
    } else if let Some(text) = &args.move_ {
        Pick::One(selector("--move", utf8("--move", text)?)?)
    } else {
        Pick::default()
    };
    let animate = if args.animate {
        let defaults = Timing::default();
        Some(Timing {
            delay_cs: match &args.delay {
                Some(v) => duration("--delay", v)?,
                None => defaults.delay_cs,
            },
            last_cs: match &args.last_delay {
                Some(v) => duration("--last-delay", v)?,
                None => defaults.last_cs,
            },
            clock_scale: args
                .clock_delays
                .as_deref()
                .map(|v| scale(utf8("--clock-delays", v)?))
                .transpose()?,
        })
    } else {
        None
    };
    let flags = [
        (args.game.is_some(), "--game"),
        (args.ply.is_some(), "--ply"),
        (args.move_.is_some(), "--move"),
        (args.markers, "--markers"),
        (args.animate, "--animate"),
        (args.from.is_some(), "--from"),
        (args.to.is_some(), "--to"),
        (args.caption_source, "--caption-source"),
        (args.figurine, "--figurine"),
    ];
    Ok(GameJob {
        moves,
        options: GameOptions {
            strict: render.strict,
            game: args.game.map_or(1, |g| g as usize),
            pick,
            caption,
            figurine: args.figurine,
        },
        animate,
        needs_game: flags.iter().find(|(given, _)| *given).map(|(_, f)| *f),
    })
}

fn selector(flag: &str, text: &str) -> Result<Selector, Failure> {
    text.trim()
        .parse::<Selector>()
        .map_err(|e| Failure::invalid(format!("{flag}: {e}")))
}

/// `--from`/`--to`: a ply (digits only) or a move.
pub(crate) fn bound(flag: &str, value: &OsStr) -> Result<Selector, Failure> {
    let text = utf8(flag, value)?.trim();
    if !text.is_empty() && text.len() <= 7 && text.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Selector::Ply(text.parse().unwrap_or(0)));
    }
    selector(flag, text)
}

/// `800ms`, `1.5s`, `1200`: hundredths of a second (GIF's unit), rounded,
/// at least [`MIN_DELAY_CS`](fen2img_games::animate::MIN_DELAY_CS), at
/// most 655.35 s: the games vocabulary's reading, its message after the
/// flag's name.
pub(crate) fn duration(flag: &str, value: &OsStr) -> Result<u16, Failure> {
    let text = utf8(flag, value)?.trim();
    fen2img_games::vocabulary::duration(text)
        .map_err(|e| Failure::invalid(format!("{flag}: {}", e.message())))
}

/// `--clock-delays`: a positive decimal, as the games vocabulary reads it.
pub(crate) fn scale(text: &str) -> Result<f64, Failure> {
    fen2img_games::vocabulary::scale(text.trim())
        .map_err(|e| Failure::invalid(format!("--clock-delays: {}", e.message())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_become_hundredths_of_a_second() {
        let cs = |t: &str| duration("--delay", OsStr::new(t));
        assert_eq!(cs("800ms").unwrap(), 80);
        assert_eq!(cs("1.5s").unwrap(), 150);
        assert_eq!(cs("1200").unwrap(), 120);
        assert_eq!(cs("0s").unwrap(), MIN_DELAY_CS);
        assert_eq!(cs(".25s").unwrap(), 25);
        for bad in ["", "s", "1.2345s", "-1s", "1e3", "1h", "700000s"] {
            assert!(cs(bad).is_err(), "{bad}");
        }
        assert_eq!(scale("0.05").unwrap(), 0.05);
        assert!(scale("0").is_err() && scale("-1").is_err() && scale("nan").is_err());
    }

    #[test]
    fn bounds_are_plies_or_moves() {
        let b = |t: &str| bound("--from", OsStr::new(t));
        assert_eq!(b("12").unwrap(), Selector::Ply(12));
        assert!(matches!(
            b("12w").unwrap(),
            Selector::Move { number: 12, .. }
        ));
        assert!(b("w12").is_err());
    }
}
