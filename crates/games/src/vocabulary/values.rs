//! How each game option reads its value into a [`GameChoice`] and writes
//! it back.

use fen2img_render::chess::game::Selector;
use fen2img_render::chess::Color;
use fen2img_render::vocabulary::{boolean, Problem, Resources};
use fen2img_render::ValueError;
use fen2img_support::quote::escape;

use super::GameChoice;
use crate::animate::{Timing, MIN_DELAY_CS};
use crate::options::{CaptionStyle, Pick};

/// The result of reading one value.
type Read = Result<(), Problem>;

/// `800ms`, `1.5s` or `1200` (milliseconds): hundredths of a second (GIF's
/// unit), rounded, at least [`MIN_DELAY_CS`], at most 655.35 s.
///
/// ```
/// use fen2img_games::vocabulary::duration;
///
/// assert_eq!(duration("1.5s"), Ok(150));
/// assert_eq!(duration("800ms"), Ok(80));
/// assert_eq!(duration("1h").unwrap_err().column(), 1);
/// ```
pub fn duration(text: &str) -> Result<u16, ValueError> {
    let bad = || {
        ValueError::new(
            1,
            format!(
                "expected a time such as 800ms, 1.5s or 1200 (milliseconds), found '{}'",
                escape(text)
            ),
        )
    };
    let (number, per_second) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1000)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1)
    } else {
        (text, 1000)
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty()
        || whole.len() > 6
        || fraction.len() > 3
        || !digits(whole)
        || !digits(fraction)
    {
        return Err(bad());
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let thousandths: u64 = format!("{fraction:0<3}").parse().map_err(|_| bad())?;
    // The value in thousandths of its unit, then milliseconds, then
    // hundredths of a second, rounded.
    let ms = (whole * 1000 + thousandths) / per_second;
    let cs = (ms + 5) / 10;
    u16::try_from(cs)
        .ok()
        .map(|cs| cs.max(MIN_DELAY_CS))
        .ok_or_else(|| {
            ValueError::new(
                1,
                format!(
                    "{} is longer than a GIF frame can show (655.35 s)",
                    escape(text)
                ),
            )
        })
}

/// A scale of thinking times: a positive decimal of at most ten
/// characters (`0.05`: a minute of thought shows 3 s).
///
/// ```
/// use fen2img_games::vocabulary::scale;
///
/// assert_eq!(scale("0.05"), Ok(0.05));
/// assert!(scale("0").is_err() && scale("nan").is_err());
/// ```
pub fn scale(text: &str) -> Result<f64, ValueError> {
    let ok = !text.is_empty()
        && text.len() <= 10
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && text.bytes().filter(|&b| b == b'.').count() <= 1;
    text.parse::<f64>()
        .ok()
        .filter(|s| ok && *s > 0.0 && s.is_finite())
        .ok_or_else(|| {
            ValueError::new(
                1,
                format!(
                    "expected a scale such as 0.05 (a minute of thought shows 3 s), found '{}'",
                    escape(text)
                ),
            )
        })
}

/// A move (`17w`, `17...Qxe3`).
fn selector(text: &str) -> Result<Selector, ValueError> {
    text.parse::<Selector>()
        .map_err(|e| ValueError::new(1, e.message))
}

/// A ply (digits only) or a move: a range's end.
fn bound(text: &str) -> Result<Selector, ValueError> {
    if !text.is_empty() && text.len() <= 7 && text.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Selector::Ply(text.parse().unwrap_or(0)));
    }
    selector(text)
}

/// A selector as it is written: `12` (a ply), `17w`, `17.Rd8`, `17...Qxe3`.
fn selector_text(selector: &Selector) -> Option<String> {
    match selector {
        Selector::Final => None,
        Selector::Ply(n) => Some(n.to_string()),
        Selector::Move { number, side, san } => Some(match (side, san) {
            (Color::White, None) => format!("{number}w"),
            (Color::Black, None) => format!("{number}b"),
            (Color::White, Some(san)) => format!("{number}.{san}"),
            (Color::Black, Some(san)) => format!("{number}...{san}"),
        }),
    }
}

/// Records that `by` chooses the positions, or refuses a second choice.
fn pick(choice: &mut GameChoice, by: &'static str, pick: Pick) -> Read {
    let range = |name: &str| matches!(name, "from" | "to");
    match choice.picked_by {
        Some(earlier) if earlier != by && !(range(earlier) && range(by)) => {
            return Err(ValueError::new(
                1,
                format!("{earlier} already chooses the positions: give one of ply, move, markers, or from/to"),
            )
            .into())
        }
        _ => {}
    }
    choice.picked_by = Some(by);
    choice.options.pick = pick;
    Ok(())
}

pub(super) fn game(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    c.options.game = v
        .parse::<usize>()
        .ok()
        .filter(|&n| (1..=u32::MAX as usize).contains(&n))
        .ok_or_else(|| {
            ValueError::new(
                1,
                format!("expected a game number from 1, found '{}'", escape(v)),
            )
        })?;
    Ok(())
}

pub(super) fn show_game(c: &GameChoice) -> Vec<String> {
    vec![c.options.game.to_string()]
}

pub(super) fn ply(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    let n = v.parse::<u32>().map_err(|_| {
        ValueError::new(
            1,
            format!("expected a number of half-moves, found '{}'", escape(v)),
        )
    })?;
    pick(c, "ply", Pick::One(Selector::Ply(n as usize)))
}

pub(super) fn show_ply(c: &GameChoice) -> Vec<String> {
    match &c.options.pick {
        Pick::One(s @ Selector::Ply(_)) => selector_text(s).into_iter().collect(),
        _ => Vec::new(),
    }
}

pub(super) fn move_(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    let s = selector(v)?;
    pick(c, "move", Pick::One(s))
}

pub(super) fn show_move(c: &GameChoice) -> Vec<String> {
    match &c.options.pick {
        Pick::One(s @ Selector::Move { .. }) => selector_text(s).into_iter().collect(),
        _ => Vec::new(),
    }
}

pub(super) fn markers(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    if boolean(v)? {
        pick(c, "markers", Pick::Markers)?;
    }
    Ok(())
}

pub(super) fn show_markers(c: &GameChoice) -> Vec<String> {
    vec![(c.options.pick == Pick::Markers).to_string()]
}

/// One end of the range; the other stays.
fn range_end(c: &mut GameChoice, v: &str, by: &'static str) -> Read {
    let end = bound(v)?;
    let (mut from, mut to) = match &c.options.pick {
        Pick::Range { from, to } => (from.clone(), to.clone()),
        _ => (None, None),
    };
    if by == "from" {
        from = Some(end);
    } else {
        to = Some(end);
    }
    pick(c, by, Pick::Range { from, to })
}

fn show_range_end(c: &GameChoice, from: bool) -> Vec<String> {
    match &c.options.pick {
        Pick::Range { from: f, to: t } => {
            let end = if from { f } else { t };
            end.as_ref().and_then(selector_text).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

pub(super) fn from(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    range_end(c, v, "from")
}

pub(super) fn show_from(c: &GameChoice) -> Vec<String> {
    show_range_end(c, true)
}

pub(super) fn to(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    range_end(c, v, "to")
}

pub(super) fn show_to(c: &GameChoice) -> Vec<String> {
    show_range_end(c, false)
}

pub(super) fn caption_source(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    c.options.caption = if boolean(v)? {
        CaptionStyle::SourceAndMove
    } else {
        CaptionStyle::None
    };
    Ok(())
}

pub(super) fn show_caption_source(c: &GameChoice) -> Vec<String> {
    vec![(c.options.caption == CaptionStyle::SourceAndMove).to_string()]
}

pub(super) fn figurine(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    c.options.figurine = boolean(v)?;
    Ok(())
}

pub(super) fn show_figurine(c: &GameChoice) -> Vec<String> {
    vec![c.options.figurine.to_string()]
}

/// An animation of the range (every position by default).
pub(super) fn animate(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    if boolean(v)? {
        if !matches!(c.options.pick, Pick::Range { .. }) {
            pick(
                c,
                "from",
                Pick::Range {
                    from: None,
                    to: None,
                },
            )?;
        }
        c.animate.get_or_insert_with(Timing::default);
    } else {
        c.animate = None;
    }
    Ok(())
}

pub(super) fn show_animate(c: &GameChoice) -> Vec<String> {
    vec![c.animate.is_some().to_string()]
}

/// The animation's timing, or an error: timing needs an animation (read
/// before it).
fn timing(c: &mut GameChoice) -> Result<&mut Timing, ValueError> {
    c.animate
        .as_mut()
        .ok_or_else(|| ValueError::new(1, "times the frames of an animation: give animate too"))
}

pub(super) fn delay(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    let cs = duration(v)?;
    timing(c)?.delay_cs = cs;
    Ok(())
}

pub(super) fn show_delay(c: &GameChoice) -> Vec<String> {
    c.animate
        .iter()
        .map(|t| format!("{}ms", u32::from(t.delay_cs) * 10))
        .collect()
}

pub(super) fn last_delay(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    let cs = duration(v)?;
    timing(c)?.last_cs = cs;
    Ok(())
}

pub(super) fn show_last_delay(c: &GameChoice) -> Vec<String> {
    c.animate
        .iter()
        .map(|t| format!("{}ms", u32::from(t.last_cs) * 10))
        .collect()
}

pub(super) fn clock_delays(c: &mut GameChoice, v: &str, _: &dyn Resources) -> Read {
    let s = scale(v)?;
    timing(c)?.clock_scale = Some(s);
    Ok(())
}

pub(super) fn show_clock_delays(c: &GameChoice) -> Vec<String> {
    c.animate
        .iter()
        .filter_map(|t| t.clock_scale.map(|s| s.to_string()))
        .collect()
}
