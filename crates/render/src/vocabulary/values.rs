//! How each row of the options table reads its value into
//! [`RenderOptions`] and writes it back: one `read` and one `show` per
//! option, through the value types of [`options`](crate::options).

use std::ops::RangeInclusive;

use fen2img_chess::notation::{UciMove, ValueError};
use fen2img_support::quote::escape;

use super::table::boolean;
use super::{Problem, Resources};
use crate::assets::color::Rgba;
use crate::assets::theme::Theme;
use crate::format::Format;
use crate::layout::missing_glyphs;
use crate::options::{
    ArrowSpec, Caption, CaptionPosition, CheckMark, Coordinates, Fill, GlyphMark, Label, Mark,
    Player, Preset, Width, DEFAULT_DPI, SIZE_RANGE,
};
use crate::renderer::RenderOptions;

/// The result of reading one value.
type Read = Result<(), Problem>;

/// A whole number in `range`.
fn whole(text: &str, range: RangeInclusive<u32>) -> Result<u32, ValueError> {
    text.parse::<u32>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            ValueError::new(
                1,
                format!(
                    "expected a whole number from {} to {}, found '{}'",
                    range.start(),
                    range.end(),
                    escape(text)
                ),
            )
        })
}

/// `value` as the one text of a single-valued option.
fn one(value: impl ToString) -> Vec<String> {
    vec![value.to_string()]
}

pub(super) fn format(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.format = v
        .parse::<Format>()
        .map_err(|e| ValueError::new(1, format!("{e}; found '{}'", escape(v))))?;
    Ok(())
}

pub(super) fn show_format(o: &RenderOptions) -> Vec<String> {
    one(o.format.name())
}

pub(super) fn theme(o: &mut RenderOptions, v: &str, r: &dyn Resources) -> Read {
    o.diagram.theme = r.theme(v)?;
    Ok(())
}

/// A built-in theme by its name; any other theme (a file's) by its name
/// and a digest of its values, since its name alone says nothing of them.
/// The background is `background`'s to write.
pub(super) fn show_theme(o: &RenderOptions) -> Vec<String> {
    let theme = &o.diagram.theme;
    let own_background = |t: &Theme| Theme {
        background: t.background,
        ..theme.clone()
    };
    match Theme::built_in(&theme.name) {
        Some(built_in) if own_background(&built_in) == built_in => one(&theme.name),
        _ => one(format!(
            "{}#{:016x}",
            theme.name,
            crate::fingerprint::theme_digest(theme)
        )),
    }
}

pub(super) fn pieces(o: &mut RenderOptions, v: &str, r: &dyn Resources) -> Read {
    o.diagram.pieces = Some(r.pieces(v)?);
    Ok(())
}

/// Nothing for the theme's own set; a set asked for by its name and the
/// digest of its files.
pub(super) fn show_pieces(o: &RenderOptions) -> Vec<String> {
    match &o.diagram.pieces {
        None => Vec::new(),
        Some(set) => one(format!("{}#{:016x}", set.name(), set.digest())),
    }
}

pub(super) fn dpi(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.encode.dpi = Some(whole(v, 36..=2400)?);
    Ok(())
}

pub(super) fn show_dpi(o: &RenderOptions) -> Vec<String> {
    o.encode.dpi.into_iter().map(|d| d.to_string()).collect()
}

/// Pixels, or a printed width made pixels at the resolution (`dpi`, read
/// before this, or 96), which a printed width also records.
pub(super) fn size(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    let width: Width = v.parse()?;
    let dpi = o.encode.dpi.unwrap_or(DEFAULT_DPI);
    let px = width.pixels(dpi);
    let size = u32::try_from(px)
        .ok()
        .filter(|px| SIZE_RANGE.contains(px))
        .ok_or_else(|| {
            ValueError::new(
                1,
                format!(
                    "{} is {px} pixels at {dpi} dpi: give a width from {} to {} pixels",
                    escape(v),
                    SIZE_RANGE.start(),
                    SIZE_RANGE.end()
                ),
            )
        })?;
    o.diagram.size = size;
    if width.is_printed() {
        o.encode.dpi = Some(dpi);
    }
    Ok(())
}

pub(super) fn show_size(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.size)
}

pub(super) fn flip(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.flip = boolean(v)?;
    Ok(())
}

pub(super) fn show_flip(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.flip)
}

pub(super) fn coordinates(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.coordinates = v.parse::<Coordinates>()?;
    Ok(())
}

pub(super) fn show_coordinates(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.coordinates)
}

pub(super) fn side_to_move(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.side_to_move = boolean(v)?;
    Ok(())
}

pub(super) fn show_side_to_move(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.side_to_move)
}

pub(super) fn border(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.border = boolean(v)?;
    Ok(())
}

pub(super) fn show_border(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.border)
}

/// `none` for a transparent margin, else the margin's colour (over the
/// theme's, which is read before this).
pub(super) fn background(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    if v == "none" {
        o.diagram.transparent = true;
    } else {
        let color = v
            .parse::<Rgba>()
            .map_err(|e| ValueError::new(e.column(), format!("{} (or none)", e.message())))?;
        o.diagram.transparent = false;
        o.diagram.theme.background = Some(color);
    }
    Ok(())
}

/// `none` when transparent; a colour when it is not the theme's own.
pub(super) fn show_background(o: &RenderOptions) -> Vec<String> {
    if o.diagram.transparent {
        return one("none");
    }
    let theme = &o.diagram.theme;
    let own = Theme::built_in(&theme.name).map(|t| t.background);
    match theme.background {
        Some(color) if own != Some(Some(color)) => one(color),
        _ => Vec::new(),
    }
}

/// A move in UCI; the null move `0000` tints nothing.
pub(super) fn lastmove(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.markup.lastmove = v.parse::<UciMove>()?.squares();
    Ok(())
}

pub(super) fn show_lastmove(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .markup
        .lastmove
        .map(|(from, to)| format!("{from}{to}"))
        .into_iter()
        .collect()
}

/// `auto`, `none` or a square; nothing is `auto` (a bare `?check`).
pub(super) fn check(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.markup.check = if v.is_empty() {
        CheckMark::Auto
    } else {
        v.parse()?
    };
    Ok(())
}

pub(super) fn show_check(o: &RenderOptions) -> Vec<String> {
    match o.diagram.markup.check {
        CheckMark::None => Vec::new(),
        check => one(check),
    }
}

pub(super) fn arrow(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.markup.arrows.push(v.parse::<ArrowSpec>()?);
    Ok(())
}

pub(super) fn show_arrows(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .markup
        .arrows
        .iter()
        .map(ToString::to_string)
        .collect()
}

pub(super) fn mark(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.markup.marks.push(v.parse::<Mark>()?.0);
    Ok(())
}

pub(super) fn show_marks(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .markup
        .marks
        .iter()
        .map(ToString::to_string)
        .collect()
}

pub(super) fn fill(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    let Fill { square, color } = v.parse()?;
    o.diagram.markup.fills.push((square, color));
    Ok(())
}

pub(super) fn show_fills(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .markup
        .fills
        .iter()
        .map(|&(square, color)| Fill { square, color }.to_string())
        .collect()
}

pub(super) fn glyph(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    let GlyphMark { square, glyph } = v.parse()?;
    o.diagram.markup.glyphs.push((square, glyph));
    Ok(())
}

pub(super) fn show_glyphs(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .markup
        .glyphs
        .iter()
        .map(|&(square, glyph)| GlyphMark { square, glyph }.to_string())
        .collect()
}

/// A label, every character of which the embedded font draws.
pub(super) fn label(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    let Label { square, text } = v.parse()?;
    if let Some(&c) = missing_glyphs(&text).first() {
        let at = 3 + text.chars().position(|x| x == c).unwrap_or(0);
        return Err(ValueError::new(
            at + 1,
            format!("the embedded font cannot draw U+{:04X}", c as u32),
        )
        .into());
    }
    o.diagram.markup.labels.push((square, text));
    Ok(())
}

pub(super) fn show_labels(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .markup
        .labels
        .iter()
        .map(|(square, text)| {
            Label {
                square: *square,
                text: text.clone(),
            }
            .to_string()
        })
        .collect()
}

pub(super) fn straight_knight_arrows(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.markup.straight_knight_arrows = boolean(v)?;
    Ok(())
}

pub(super) fn show_straight_knight_arrows(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.markup.straight_knight_arrows)
}

pub(super) fn preset(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.preset = v.parse::<Preset>()?;
    Ok(())
}

pub(super) fn show_preset(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.preset)
}

/// `auto` for the side to move in words, nothing for no caption, else the
/// text (a caption that reads "auto" cannot be written: the word is the
/// option's).
pub(super) fn caption(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.around.caption = match v {
        blank if blank.trim().is_empty() => None,
        "auto" => Some(Caption::Auto),
        text => Some(Caption::Text(text.to_string())),
    };
    Ok(())
}

pub(super) fn show_caption(o: &RenderOptions) -> Vec<String> {
    match &o.diagram.around.caption {
        None => Vec::new(),
        Some(Caption::Auto) => one("auto"),
        Some(Caption::Text(text)) => one(text),
    }
}

pub(super) fn caption_position(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.around.caption_position = v.parse::<CaptionPosition>()?;
    Ok(())
}

pub(super) fn show_caption_position(o: &RenderOptions) -> Vec<String> {
    one(o.diagram.around.caption_position)
}

pub(super) fn number(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.around.number = Some(whole(v, 0..=u32::MAX)?);
    Ok(())
}

pub(super) fn show_number(o: &RenderOptions) -> Vec<String> {
    o.diagram
        .around
        .number
        .into_iter()
        .map(|n| n.to_string())
        .collect()
}

pub(super) fn number_format(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.diagram.around.number_format = Some(v.to_string());
    Ok(())
}

pub(super) fn show_number_format(o: &RenderOptions) -> Vec<String> {
    o.diagram.around.number_format.iter().cloned().collect()
}

/// The player of one side: `white` or `black`.
fn player(o: &mut RenderOptions, white: bool) -> &mut Option<Player> {
    if white {
        &mut o.diagram.around.white
    } else {
        &mut o.diagram.around.black
    }
}

/// A player's name: a bar at that side; nothing takes the bar away. A
/// title, rating or clock already there stays.
fn name(o: &mut RenderOptions, v: &str, white: bool) -> Read {
    let player = player(o, white);
    if v.trim().is_empty() {
        *player = None;
    } else {
        player.get_or_insert_with(Player::default).name = v.to_string();
    }
    Ok(())
}

/// The named player of one side, or an error: a title or a rating belongs
/// to a name (read before them).
fn named(o: &mut RenderOptions, white: bool) -> Result<&mut Player, ValueError> {
    let side = if white { "white" } else { "black" };
    player(o, white).as_mut().ok_or_else(|| {
        ValueError::new(
            1,
            format!("a title or rating needs the player's name too ({side})"),
        )
    })
}

fn title(o: &mut RenderOptions, v: &str, white: bool) -> Read {
    let player = named(o, white)?;
    player.title = (!v.trim().is_empty()).then(|| v.trim().to_string());
    Ok(())
}

fn elo(o: &mut RenderOptions, v: &str, white: bool) -> Read {
    let rating = whole(v, 0..=9999)?;
    named(o, white)?.elo = Some(rating);
    Ok(())
}

fn show_name(o: &RenderOptions, white: bool) -> Vec<String> {
    let player = if white {
        &o.diagram.around.white
    } else {
        &o.diagram.around.black
    };
    player.iter().map(|p| p.name.clone()).collect()
}

fn show_title(o: &RenderOptions, white: bool) -> Vec<String> {
    let player = if white {
        &o.diagram.around.white
    } else {
        &o.diagram.around.black
    };
    player.iter().filter_map(|p| p.title.clone()).collect()
}

fn show_elo(o: &RenderOptions, white: bool) -> Vec<String> {
    let player = if white {
        &o.diagram.around.white
    } else {
        &o.diagram.around.black
    };
    player
        .iter()
        .filter_map(|p| p.elo.map(|e| e.to_string()))
        .collect()
}

pub(super) fn white(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    name(o, v, true)
}

pub(super) fn show_white(o: &RenderOptions) -> Vec<String> {
    show_name(o, true)
}

pub(super) fn white_title(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    title(o, v, true)
}

pub(super) fn show_white_title(o: &RenderOptions) -> Vec<String> {
    show_title(o, true)
}

pub(super) fn white_elo(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    elo(o, v, true)
}

pub(super) fn show_white_elo(o: &RenderOptions) -> Vec<String> {
    show_elo(o, true)
}

pub(super) fn black(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    name(o, v, false)
}

pub(super) fn show_black(o: &RenderOptions) -> Vec<String> {
    show_name(o, false)
}

pub(super) fn black_title(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    title(o, v, false)
}

pub(super) fn show_black_title(o: &RenderOptions) -> Vec<String> {
    show_title(o, false)
}

pub(super) fn black_elo(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    elo(o, v, false)
}

pub(super) fn show_black_elo(o: &RenderOptions) -> Vec<String> {
    show_elo(o, false)
}

pub(super) fn quality(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.encode.quality = u8::try_from(whole(v, 1..=100)?).unwrap_or(100);
    Ok(())
}

pub(super) fn show_quality(o: &RenderOptions) -> Vec<String> {
    one(o.encode.quality)
}

pub(super) fn optimize(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.encode.optimize = boolean(v)?;
    Ok(())
}

pub(super) fn show_optimize(o: &RenderOptions) -> Vec<String> {
    one(o.encode.optimize)
}

pub(super) fn swap_glyphs(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.swap_glyphs = boolean(v)?;
    Ok(())
}

pub(super) fn show_swap_glyphs(o: &RenderOptions) -> Vec<String> {
    one(o.swap_glyphs)
}

/// An id prefix (empty: bare ids), valid as the start of every XML id.
pub(super) fn id_prefix(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    if !v.is_empty() && !crate::svg::is_valid_id_prefix(v) {
        return Err(ValueError::new(
            1,
            format!(
                "'{}': use a letter or _ and then letters, digits, _ - or ., at most 64 characters",
                escape(v)
            ),
        )
        .into());
    }
    o.svg_id_prefix = Some(v.to_string());
    Ok(())
}

pub(super) fn show_id_prefix(o: &RenderOptions) -> Vec<String> {
    o.svg_id_prefix.iter().cloned().collect()
}

/// `problem=true`: the problem layout with no caption of its own.
pub(super) fn problem(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.problem.problem = boolean(v)?;
    Ok(())
}

pub(super) fn show_problem(o: &RenderOptions) -> Vec<String> {
    one(o.problem.problem)
}

/// A problem caption's text: blank unsets it, the rest is kept to
/// `MAX_PROBLEM_TEXT` characters.
fn problem_text(v: &str) -> Option<String> {
    (!v.trim().is_empty()).then(|| crate::options::problem::clip(v))
}

pub(super) fn stipulation(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.problem.stipulation = problem_text(v);
    Ok(())
}

pub(super) fn show_stipulation(o: &RenderOptions) -> Vec<String> {
    o.problem.stipulation.iter().cloned().collect()
}

pub(super) fn author(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.problem.authors.extend(problem_text(v));
    Ok(())
}

pub(super) fn show_authors(o: &RenderOptions) -> Vec<String> {
    o.problem.authors.clone()
}

pub(super) fn source(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.problem.source = problem_text(v);
    Ok(())
}

pub(super) fn show_source(o: &RenderOptions) -> Vec<String> {
    o.problem.source.iter().cloned().collect()
}

pub(super) fn award(o: &mut RenderOptions, v: &str, _: &dyn Resources) -> Read {
    o.problem.award = problem_text(v);
    Ok(())
}

pub(super) fn show_award(o: &RenderOptions) -> Vec<String> {
    o.problem.award.iter().cloned().collect()
}
