//! lila-gif's `POST /game.gif`: a JSON game (`white`, `black`, `comment`,
//! `orientation`, `theme`, `delay`, `frames: [{fen, delay, lastMove,
//! check}]`) into an animated GIF whose later frames hold only what changed.

use fen2img_render::chess::quote::escape;
use fen2img_render::layout::CheckMark;
use fen2img_render::{Coordinates, Format, ParseOptions, Square};
use serde_json::Value;

use std::time::Instant;

use fen2img_render::gif::{AnimationWriter, PaletteImage, TimedImage};
use fen2img_render::RenderOptions;
use hyper::StatusCode;

use super::params::uci_move;
use super::pool::Worker;
use super::request::{named_player, DiagramRequest};

/// The most frames one game may have: each is a full render.
pub const MAX_FRAMES: usize = 1000;

/// lila-gif's default frame delay, in hundredths of a second.
const DEFAULT_DELAY: u16 = 50;

/// A parsed game: one request and delay per frame, and the comment.
#[derive(Debug)]
pub struct Game {
    /// The frames, each a 720 px GIF request (or `--max-size`), with its delay.
    pub frames: Vec<(DiagramRequest, u16)>,
    /// The GIF comment.
    pub comment: String,
}

/// Reads the JSON body; the error is a one-line reason naming the field.
pub fn parse(body: &[u8], max_size: u32) -> Result<Game, String> {
    let json: Value = serde_json::from_slice(body).map_err(|e| format!("invalid JSON: {e}"))?;
    let text = |v: &Value, name: &str| -> Result<Option<String>, String> {
        match v.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(format!("{name}: expected a string")),
        }
    };
    let delay = |v: &Value, name: &str, default: u16| -> Result<u16, String> {
        match v.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(d) => d
                .as_u64()
                .and_then(|d| u16::try_from(d).ok())
                .ok_or_else(|| format!("{name}: expected 0 to 65535 hundredths of a second")),
        }
    };
    let flip = match text(&json, "orientation")?.as_deref() {
        None | Some("white") => false,
        Some("black") => true,
        Some(o) => {
            return Err(format!(
                "orientation: expected white or black, found '{}'",
                escape(o)
            ))
        }
    };
    let theme = match text(&json, "theme")?.as_deref() {
        None | Some("brown") => "brown",
        Some("blue") => "blue",
        Some("green") => "green",
        Some(t) => {
            return Err(format!(
                "theme: expected brown, blue or green, found '{}'",
                escape(t)
            ))
        }
    };
    let comment = text(&json, "comment")?.unwrap_or_default();
    if comment.len() > super::lilagif::MAX_COMMENT {
        return Err(format!(
            "comment: at most {} bytes",
            super::lilagif::MAX_COMMENT
        ));
    }
    let white = named_player("white", &text(&json, "white")?.unwrap_or_default())?;
    let black = named_player("black", &text(&json, "black")?.unwrap_or_default())?;
    let default_delay = delay(&json, "delay", DEFAULT_DELAY)?;
    let frames = json
        .get("frames")
        .and_then(Value::as_array)
        .ok_or("frames: expected a list of frames")?;
    if frames.is_empty() || frames.len() > MAX_FRAMES {
        return Err(format!(
            "frames: give 1 to {MAX_FRAMES} frames, found {}",
            frames.len()
        ));
    }
    let mut out = Vec::with_capacity(frames.len());
    for (i, f) in frames.iter().enumerate() {
        let at = |e: String| format!("frames[{i}].{e}");
        let fen = text(f, "fen")
            .map_err(at)?
            .ok_or_else(|| at("fen: missing".into()))?;
        let record = fen2img_render::parse(fen.trim().as_bytes(), ParseOptions::default())
            .map_err(|e| format!("frames[{i}]: invalid FEN: {e}"))?;
        let mut r = DiagramRequest::new(record.position, Format::GIF);
        r.size = Some(super::lilagif::board_size(max_size));
        r.theme = Some(theme);
        r.flip = Some(flip);
        r.coords = Some(Coordinates::None);
        r.side_to_move = Some(false);
        r.border = Some(false);
        r.around.white = white.clone();
        r.around.black = black.clone();
        if let Some(m) = text(f, "lastMove").map_err(at)? {
            if !m.is_empty() {
                r.lastmove = Some(uci_move(&m).ok_or_else(|| {
                    at(format!(
                        "lastMove: expected a move such as e2e4, found '{}'",
                        escape(&m)
                    ))
                })?);
            }
        }
        r.check = match f.get("check") {
            None | Some(Value::Null) | Some(Value::Bool(false)) => None,
            Some(Value::Bool(true)) => Some(CheckMark::Auto),
            Some(Value::String(s)) => {
                Some(CheckMark::Square(Square::parse(s).ok_or_else(|| {
                    at(format!(
                        "check: expected a square or true, found '{}'",
                        escape(s)
                    ))
                })?))
            }
            Some(_) => return Err(at("check: expected a square or true".into())),
        };
        out.push((r, delay(f, "delay", default_delay).map_err(at)?));
    }
    Ok(Game {
        frames: out,
        comment,
    })
}

/// Renders `game` on `worker` into an animated GIF, each frame compressed
/// into the GIF as soon as it is drawn: only the frame just written and the
/// next one are held, whatever the number of frames. The pixels of every
/// frame together may be at most `max_pixels` (`--max-pixels`); a frame
/// that cannot be drawn or does not fit the first one's size (a crazyhouse
/// position's pockets make it taller) is the request's fault (400).
pub fn render(
    worker: &mut Worker,
    game: &Game,
    defaults: &RenderOptions,
    deadline: Instant,
    max_pixels: u64,
) -> Result<Vec<u8>, (StatusCode, String)> {
    let bad = |e: String| (StatusCode::BAD_REQUEST, e);
    let mut writer: Option<AnimationWriter> = None;
    let mut previous: Option<OwnedPalette> = None;
    for (i, (request, delay)) in game.frames.iter().enumerate() {
        if Instant::now() >= deadline {
            return Err((StatusCode::SERVICE_UNAVAILABLE, "deadline".into()));
        }
        let key = request.options_key();
        let still = worker
            .render(&key, || request.options(defaults), &request.position)
            .map_err(|e| match e {
                fen2img_render::Error::Layout(e) => bad(format!("frames[{i}]: {e}")),
                e => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
            })?;
        let image = palette_image(&still).map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e))?;
        if i == 0 {
            let pixels = game.frames.len() as u64 * u64::from(image.0) * u64::from(image.1);
            if pixels > max_pixels {
                return Err(bad(format!(
                    "frames: {} frames of {}x{} pixels are {pixels} pixels, more than                      this server draws for one request ({max_pixels})",
                    game.frames.len(),
                    image.0,
                    image.1
                )));
            }
        }
        let next = TimedImage {
            image: view(&image),
            delay: *delay,
        };
        match (&mut writer, &previous) {
            (Some(w), Some(p)) => {
                if (p.0, p.1) != (image.0, image.1) {
                    return Err(bad(format!(
                        "frames[{i}]: the image is {}x{} pixels, the first frame's {}x{}:                          every frame must have the same size (pockets and check counters                          change it)",
                        image.0, image.1, p.0, p.1
                    )));
                }
                w.push(&view(p), &next)
                    .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
            }
            _ => {
                writer = Some(
                    AnimationWriter::new(&next, &game.comment)
                        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?,
                )
            }
        }
        previous = Some(image);
    }
    writer
        .ok_or_else(|| bad("frames: give at least one frame".into()))?
        .finish()
        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
}

/// `image` as the GIF writer reads it.
fn view(image: &OwnedPalette) -> PaletteImage<'_> {
    PaletteImage {
        width: image.0,
        height: image.1,
        palette: &image.2,
        indices: &image.3,
    }
}

/// An owned palette image: width, height, straight RGBA palette, indices.
pub type OwnedPalette = (u32, u32, Vec<[u8; 4]>, Vec<u8>);

/// A rendered still GIF back into a palette image (straight RGBA palette,
/// the transparent index at alpha 0), to be a frame of an animation. The
/// server uses only `Renderer`'s public API, so it reads the frame back
/// rather than reaching into the rasterizer.
pub fn palette_image(gif_bytes: &[u8]) -> Result<OwnedPalette, String> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(gif_bytes)
        .map_err(|e| format!("gif: {e}"))?;
    let global = decoder.global_palette().map(<[u8]>::to_vec);
    let frame = decoder
        .read_next_frame()
        .map_err(|e| format!("gif: {e}"))?
        .ok_or("gif: no frame")?;
    let rgb = frame.palette.clone().or(global).ok_or("gif: no palette")?;
    let palette = rgb
        .chunks_exact(3)
        .enumerate()
        .map(|(i, c)| {
            let alpha = if frame.transparent == Some(i as u8) {
                0
            } else {
                255
            };
            [c[0], c[1], c[2], alpha]
        })
        .collect();
    Ok((
        frame.width as u32,
        frame.height as u32,
        palette,
        frame.buffer.to_vec(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_game_and_names_bad_fields() {
        let game = parse(
            br#"{"white":"A","black":"B","comment":"c","orientation":"black","theme":"blue",
                "delay":80,"frames":[{"fen":"8/8/8/8/8/8/8/K6k"},
                {"fen":"8/8/8/8/8/8/K7/7k","delay":200,"lastMove":"a1a2","check":"h1"}]}"#,
            2048,
        )
        .unwrap();
        assert_eq!(game.frames.len(), 2);
        assert_eq!(game.frames[0].1, 80);
        assert_eq!(game.frames[1].1, 200);
        assert_eq!(game.frames[1].0.flip, Some(true));
        assert_eq!(game.comment, "c");
        for (request, _) in &game.frames {
            let names = [&request.around.white, &request.around.black]
                .map(|p| p.as_ref().map(|p| p.name.clone()));
            assert_eq!(names, [Some("A".to_string()), Some("B".to_string())]);
        }
        let err = |b: &str| parse(b.as_bytes(), 2048).unwrap_err();
        assert!(err("{").starts_with("invalid JSON"));
        assert!(err(r#"{"frames":[]}"#).starts_with("frames: give 1 to"));
        assert!(err(r#"{"frames":[{"fen":"9"}]}"#).starts_with("frames[0]: invalid FEN"));
        assert!(err(r#"{"frames":[{}]}"#).starts_with("frames[0].fen"));
        assert!(err(r#"{"frames":[{"fen":"8/8/8/8/8/8/8/8","delay":-1}]}"#)
            .starts_with("frames[0].delay"));
        assert!(err(r#"{"orientation":"up","frames":[]}"#).starts_with("orientation"));
    }
}
