//! Our own API: `GET /diagram.{svg,png,webp,jpg,gif,txt}?fen=...` and the path
//! form `/diagram/<percent-encoded FEN>.png?...`, parameters named like the
//! command line's options.

use fen2img_render::chess::quote::escape;
use fen2img_render::layout::{Caption, CaptionPosition, CheckMark, SIZE_RANGE};
use fen2img_render::{Coordinates, Format, ParseOptions, Square, TextFormat};

use super::params::{arrow, at_most, boolean, color, items, square, uci_move};
use super::query::{all, first};
use super::request::{
    built_in_theme, named_player, text_param, Background, DiagramRequest, MAX_MARKUP,
};
use super::suggest::{unknown, DIAGRAM_PARAMETERS};

/// The format a `/diagram` extension names (`txt` takes `format=`).
pub fn format_of(ext: &str, pairs: &[(String, String)]) -> Result<Format, String> {
    Ok(match ext {
        "svg" => Format::SVG,
        "png" => Format::PNG,
        "webp" => Format::WEBP,
        "jpg" | "jpeg" => Format::JPEG,
        "gif" => Format::GIF,
        "txt" => match first(pairs, "format").map(str::trim) {
            None | Some("" | "ascii") => Format::ASCII,
            Some("unicode") => Format::Text(TextFormat::Unicode),
            Some("ansi") => Format::Text(TextFormat::Ansi),
            Some("font") => Format::Text(TextFormat::Font),
            Some(other) => {
                return Err(format!(
                    "format: expected ascii, unicode, ansi or font, found '{}'",
                    escape(other)
                ))
            }
        },
        "fen" => Format::Fen,
        _ => return Err(format!("unknown extension '.{}'", escape(ext))),
    })
}

/// The parameters that choose a position of a `pgn` game.
const GAME_PARAMETERS: [&str; 3] = ["game", "ply", "move"];

/// The request for the position of `pgn` that `game`, `ply` or `move`
/// choose (the final position by default), with what the game draws there
/// (last move, check, `[%cal]`/`[%csl]`, the move's glyph, player bars with
/// clocks), as `fen2img GAME --ply N` draws it; the other parameters are
/// read after it, so what the request says explicitly wins.
fn game_request(
    pgn: &str,
    pairs: &[(String, String)],
    format: Format,
) -> Result<DiagramRequest, String> {
    use fen2img_games::{self as games, GameOptions, GameText, Pick};
    use fen2img_render::chess::game::Selector;
    let number = match first(pairs, "game") {
        None => 1,
        Some(n) => n
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("game: expected a game number from 1, found '{}'", escape(n)))?,
    };
    let selector = match (first(pairs, "ply"), first(pairs, "move")) {
        (Some(_), Some(_)) => return Err("ply: give ply or move, not both".into()),
        (Some(ply), None) => Selector::Ply(ply.trim().parse().map_err(|_| {
            format!(
                "ply: expected a number of half-moves, found '{}'",
                escape(ply)
            )
        })?),
        (None, Some(mv)) => mv.trim().parse().map_err(|e| format!("move: {e}"))?,
        (None, None) => Selector::Final,
    };
    let options = GameOptions {
        game: number,
        pick: Pick::One(selector),
        ..GameOptions::default()
    };
    let found = games::diagrams(&GameText::Pgn(pgn.as_bytes()), "pgn", &options)
        .map_err(|e| e.to_string())?;
    let d = found
        .diagrams
        .into_iter()
        .next()
        .ok_or("pgn: the game gave no position")?;
    let mut r = DiagramRequest::new(d.position.clone(), format);
    r.take_game_marks(d);
    Ok(r)
}

/// Reads a request from the query `pairs`; `path_fen` is the FEN of the path
/// form (it wins over a `fen` parameter). `max_size` caps `size`.
pub fn parse(
    format: Format,
    path_fen: Option<&str>,
    pairs: &[(String, String)],
    max_size: u32,
) -> Result<DiagramRequest, String> {
    // `format` picks a text board's variant; other formats have none.
    let known: Vec<&str> = DIAGRAM_PARAMETERS
        .iter()
        .copied()
        .filter(|n| *n != "format" || matches!(format, Format::Text(_)))
        .collect();
    unknown(pairs.iter().map(|(n, _)| n.as_str()), &known)?;
    let fen = path_fen.or_else(|| first(pairs, "fen"));
    let mut r = match (fen, first(pairs, "pgn")) {
        (Some(_), Some(_)) => return Err("pgn: give a fen or a pgn, not both".into()),
        (None, Some(pgn)) => game_request(pgn, pairs, format)?,
        (Some(fen), None) => {
            for name in GAME_PARAMETERS {
                if first(pairs, name).is_some() {
                    return Err(format!(
                        "{name}: chooses a position of a pgn game; give pgn=..."
                    ));
                }
            }
            let record = fen2img_render::parse(fen.trim().as_bytes(), ParseOptions::default())
                .map_err(|e| format!("invalid FEN: {e}"))?;
            DiagramRequest::new(record.position, format)
        }
        (None, None) => {
            return Err(
                "fen: missing; give the position as ?fen=... (or a game as ?pgn=...)".into(),
            )
        }
    };
    for (name, value) in pairs {
        let v = value.as_str();
        match name.as_str() {
            "size" => {
                let top = max_size.min(*SIZE_RANGE.end());
                r.size = Some(
                    v.trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|s| (*SIZE_RANGE.start()..=top).contains(s))
                        .ok_or_else(|| {
                            format!(
                                "size: give a width from {} to {top} pixels, found '{}'",
                                SIZE_RANGE.start(),
                                escape(v)
                            )
                        })?,
                );
            }
            "theme" => {
                r.theme = Some(built_in_theme(v.trim()).ok_or_else(|| {
                    let names: Vec<&str> = fen2img_render::Theme::built_in_names().collect();
                    format!(
                        "theme: expected one of {}, found '{}'",
                        names.join(" "),
                        escape(v)
                    )
                })?)
            }
            "flip" => r.flip = Some(boolean("flip", v)?),
            "side_to_move" => r.side_to_move = Some(boolean("side_to_move", v)?),
            "border" => r.border = Some(boolean("border", v)?),
            "coords" => {
                r.coords = Some(match v.trim() {
                    "outside" => Coordinates::Outside,
                    "inside" => Coordinates::Inside,
                    "none" => Coordinates::None,
                    _ => {
                        return Err(format!(
                            "coords: expected outside, inside or none, found '{}'",
                            escape(v)
                        ))
                    }
                })
            }
            "background" => {
                r.background = Some(match v.trim() {
                    "none" => Background::None,
                    c => Background::Color(color("background", c)?),
                })
            }
            "lastmove" => {
                r.lastmove = Some(uci_move(v).ok_or_else(|| {
                    format!(
                        "lastmove: expected a move such as e2e4 or e7e8q, found '{}'",
                        escape(v)
                    )
                })?)
            }
            "check" => {
                r.check = Some(match v.trim() {
                    "" | "auto" => CheckMark::Auto,
                    "none" => CheckMark::None,
                    sq => CheckMark::Square(square("check", sq)?),
                })
            }
            "quality" => {
                r.quality = Some(
                    v.trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|q| (1..=100).contains(q))
                        .ok_or_else(|| {
                            format!("quality: expected 1 to 100, found '{}'", escape(v))
                        })?,
                )
            }
            "caption" => {
                r.around.caption = match v.trim() {
                    "" => None,
                    "auto" => Some(Caption::Auto),
                    _ => Some(Caption::Text(text_param("caption", v)?)),
                }
            }
            "caption_position" => {
                r.around.caption_position = match v.trim() {
                    "below" => CaptionPosition::Below,
                    "above" => CaptionPosition::Above,
                    _ => {
                        return Err(format!(
                            "caption_position: expected below or above, found '{}'",
                            escape(v)
                        ))
                    }
                }
            }
            "number" => {
                r.around.number = Some(v.trim().parse::<u32>().map_err(|_| {
                    format!("number: expected a whole number, found '{}'", escape(v))
                })?)
            }
            "number_format" => r.around.number_format = Some(text_param("number_format", v)?),
            "white" => r.around.white = named_player("white", v)?,
            "black" => r.around.black = named_player("black", v)?,
            _ => {}
        }
    }
    // Titles and ratings belong to a named player, whatever the order of
    // the parameters.
    for (color, player) in [
        ("white", &mut r.around.white),
        ("black", &mut r.around.black),
    ] {
        let title = first(pairs, &format!("{color}_title"));
        let elo = first(pairs, &format!("{color}_elo"));
        if title.is_none() && elo.is_none() {
            continue;
        }
        let Some(player) = player.as_mut() else {
            return Err(format!(
                "{color}_title, {color}_elo: give the player's name as {color}=NAME too"
            ));
        };
        if let Some(t) = title.filter(|t| !t.trim().is_empty()) {
            player.title = Some(text_param(&format!("{color}_title"), t.trim())?);
        }
        if let Some(e) = elo.filter(|e| !e.trim().is_empty()) {
            player.elo = Some(
                e.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|e| *e < 10_000)
                    .ok_or_else(|| {
                        format!(
                            "{color}_elo: expected a rating such as 2650, found '{}'",
                            escape(e)
                        )
                    })?,
            );
        }
    }
    // A game's own arrows and circles come first; they count against the
    // same bound as the request's (a `[%cal]` can hold thousands).
    let mut arrows = std::mem::take(&mut r.arrows);
    for a in items(all(pairs, "arrow")) {
        arrows.push(arrow("arrow", a)?);
    }
    r.arrows = at_most("arrow", arrows, MAX_MARKUP)?;
    let marks = items(all(pairs, "mark"))
        .map(|m| square("mark", m))
        .collect::<Result<Vec<_>, _>>()?;
    r.marks = at_most("mark", marks, MAX_MARKUP)?;
    let fills = all(pairs, "fill")
        .filter(|f| !f.trim().is_empty())
        .map(|f| {
            let (sq, c) = f.split_once(':').ok_or_else(|| {
                format!(
                    "fill: expected SQUARE:COLOR such as e4:#ff000080, found '{}'",
                    escape(f)
                )
            })?;
            Ok((square("fill", sq)?, color("fill", c)?))
        })
        .collect::<Result<Vec<_>, String>>()?;
    r.fills = at_most("fill", fills, MAX_MARKUP)?;
    let mut glyphs = std::mem::take(&mut r.glyphs);
    for g in items(all(pairs, "glyph")) {
        glyphs.push(square_and("glyph", g, fen2img_render::Glyph::parse)?);
    }
    r.glyphs = at_most("glyph", glyphs, MAX_MARKUP)?;
    let labels = items(all(pairs, "label"))
        .map(|l| square_and("label", l, label_text))
        .collect::<Result<Vec<_>, _>>()?;
    r.labels = at_most("label", labels, MAX_MARKUP)?;
    Ok(r)
}

/// `SQUARE:VALUE` (`glyph=e4:!!`, `label=d5:1`) read by `read`.
fn square_and<T>(
    name: &str,
    item: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<(Square, T), String> {
    let (sq, value) = item.split_once(':').unwrap_or((item, ""));
    let square = square(name, sq)?;
    let value = read(value).ok_or_else(|| {
        let what = if name == "glyph" {
            "a glyph such as !!, ?!, +- or $3"
        } else {
            "1 to 3 letters or digits"
        };
        format!(
            "{name}: expected {what} after '{sq}:', found '{}'",
            escape(value)
        )
    })?;
    Ok((square, value))
}

/// A label's text: 1 to 3 characters, none a space or control character,
/// all drawn by the embedded font.
fn label_text(text: &str) -> Option<String> {
    let n = text.chars().count();
    let fine = (1..=fen2img_render::layout::MAX_LABEL_CHARS).contains(&n)
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
        && fen2img_render::layout::missing_glyphs(text).is_empty();
    fine.then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::query::pairs;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn reads_every_option() {
        let q = pairs(&format!(
            "fen={START}&size=200&theme=blue&flip=1&coords=inside&side_to_move=0&border=no\
             &background=none&lastmove=e2e4&check=e1&arrow=Ge2e4,Rd2d4&arrow=Bh7&mark=e5\
             &fill=e4:%23ff000080&quality=50"
        ))
        .unwrap();
        let r = parse(Format::PNG, None, &q, 2048).unwrap();
        assert_eq!(r.size, Some(200));
        assert_eq!(r.theme, Some("blue"));
        assert_eq!(r.flip, Some(true));
        assert_eq!(r.coords, Some(Coordinates::Inside));
        assert_eq!(r.side_to_move, Some(false));
        assert_eq!(r.border, Some(false));
        assert_eq!(r.background, Some(Background::None));
        assert!(r.lastmove.is_some());
        assert_eq!(r.arrows.len(), 3);
        assert_eq!(r.marks.len(), 1);
        assert_eq!(r.fills.len(), 1);
        let a = parse(
            Format::SVG,
            None,
            &pairs(&format!("fen={START}&glyph=e4:!!,d5:%2B-&label=e4:A")).unwrap(),
            4096,
        )
        .unwrap();
        assert_eq!(a.glyphs.len(), 2);
        assert_eq!(a.labels, [(Square::parse("e4").unwrap(), "A".to_string())]);
        // Annotations change the key (the ETag and the renderer reused).
        let fewer = parse(
            Format::SVG,
            None,
            &pairs(&format!("fen={START}&glyph=e4:!!&label=e4:A")).unwrap(),
            4096,
        )
        .unwrap();
        assert_ne!(a.options_key(), fewer.options_key());
        let bad = |q: &str| parse(Format::SVG, None, &pairs(q).unwrap(), 4096).unwrap_err();
        assert!(bad(&format!("fen={START}&glyph=e9:!!")).starts_with("glyph: expected a square"));
        assert!(bad(&format!("fen={START}&glyph=e4:!!!")).starts_with("glyph: expected a glyph"));
        assert!(bad(&format!("fen={START}&label=e4:ABCD")).starts_with("label: expected 1 to 3"));
        assert_eq!(r.quality, Some(50));
    }

    #[test]
    fn bad_values_name_their_parameter() {
        let bad = |q: &str| parse(Format::PNG, None, &pairs(q).unwrap(), 1024).unwrap_err();
        assert!(bad(&format!("fen={START}&size=10")).starts_with("size: "));
        assert!(bad(&format!("fen={START}&size=2000")).starts_with("size: "));
        assert!(bad(&format!("fen={START}&theme=/etc/passwd")).starts_with("theme: "));
        assert!(bad(&format!("fen={START}&arrow=Xz9")).starts_with("arrow: "));
        assert!(bad("").starts_with("fen: "));
        let fen = bad("fen=rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert!(fen.starts_with("invalid FEN: "), "{fen}");
        assert!(fen.contains("column"), "{fen}");
        let many = format!("fen={START}&mark={}", vec!["e4"; 65].join(","));
        assert!(bad(&many).starts_with("mark: at most 64"));
    }

    #[test]
    fn reads_caption_number_and_players() {
        let q = pairs(&format!(
            "fen={START}&white_elo=2710&white=Alexei%20Shirov&white_title=GM&black=Ljubojevi%C4%87\
             &caption=Linares%201995&caption_position=above&number=12&number_format=No.%20%7Bn%7D"
        ))
        .unwrap();
        let r = parse(Format::PNG, None, &q, 2048).unwrap();
        let white = r.around.white.as_ref().unwrap();
        assert_eq!(
            (white.name.as_str(), white.title.as_deref(), white.elo),
            ("Alexei Shirov", Some("GM"), Some(2710))
        );
        assert_eq!(r.around.black.as_ref().unwrap().name, "Ljubojević");
        assert_eq!(r.around.caption, Some(Caption::Text("Linares 1995".into())));
        assert_eq!(r.around.caption_position, CaptionPosition::Above);
        assert_eq!(r.around.number_text().as_deref(), Some("No. 12"));
        let auto = parse(
            Format::PNG,
            None,
            &pairs(&format!("fen={START}&caption=auto")).unwrap(),
            2048,
        );
        assert_eq!(auto.unwrap().around.caption, Some(Caption::Auto));
    }

    #[test]
    fn text_parameters_are_bounded_and_checked() {
        let bad = |q: &str| parse(Format::PNG, None, &pairs(q).unwrap(), 1024).unwrap_err();
        let long = "x".repeat(257);
        assert!(bad(&format!("fen={START}&caption={long}")).starts_with("caption: at most 256"));
        assert!(bad(&format!("fen={START}&white={long}")).starts_with("white: at most 256"));
        assert!(bad(&format!("fen={START}&white_elo=2700")).starts_with("white_title, white_elo:"));
        assert!(bad(&format!("fen={START}&black=B&black_elo=strong")).starts_with("black_elo: "));
        assert!(bad(&format!("fen={START}&number=-1")).starts_with("number: "));
        assert!(
            bad(&format!("fen={START}&caption_position=left")).starts_with("caption_position: ")
        );
    }

    #[test]
    fn the_options_key_tells_captions_and_players_apart() {
        let key = |q: &str| {
            parse(
                Format::PNG,
                None,
                &pairs(&format!("fen={START}&{q}")).unwrap(),
                2048,
            )
            .unwrap()
            .options_key()
        };
        let keys = [
            key("caption=a"),
            key("caption=b"),
            key("caption=auto"),
            key("white=a"),
            key("black=a"),
            key("white=a&white_elo=1"),
            key("caption=a;white=b"),
            key("number=1"),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(key("white=a&caption=b"), key("caption=b&white=a"));
    }

    #[test]
    fn unknown_parameters_are_named() {
        let bad = |f: Format, q: &str| parse(f, None, &pairs(q).unwrap(), 1024).unwrap_err();
        assert_eq!(
            bad(Format::PNG, &format!("fen={START}&arow=e2e4")),
            "arow: unknown parameter (did you mean arrow?)"
        );
        assert!(bad(Format::PNG, &format!("fen={START}&format=ascii")).starts_with("format: "));
        assert!(parse(
            Format::ASCII,
            None,
            &pairs("fen=8/8/8/8/8/8/8/8&format=ascii").unwrap(),
            1024
        )
        .is_ok());
    }

    #[test]
    fn txt_takes_its_variant_from_format() {
        let q = pairs("format=unicode").unwrap();
        assert_eq!(format_of("txt", &q), Ok(Format::Text(TextFormat::Unicode)));
        assert!(format_of("txt", &pairs("format=x").unwrap()).is_err());
        assert_eq!(format_of("jpg", &[]), Ok(Format::JPEG));
        assert!(format_of("bmp", &[]).is_err());
    }
}
