//! Animated games: one frame per position, each held for a delay (fixed,
//! longer on the last frame, or the game's own thinking times scaled), and
//! the frames drawn into an animated GIF whose frames after the first hold
//! only the rectangle that changed (`fen2img_render::gif::AnimationWriter`).

use std::fmt;

use fen2img_render::gif::{AnimationWriter, GifError, PalettePicture, TimedImage};
use fen2img_render::{RenderOptions, Renderer};

use super::GameDiagram;

/// GIF delays are hundredths of a second; browsers show anything under
/// 2 as 10, so nothing shorter is written.
pub const MIN_DELAY_CS: u16 = 2;
/// The longest delay a clock-scaled frame gets (20 s): a player's hour of
/// thought should not stop the film.
pub const MAX_CLOCK_DELAY_CS: u16 = 2_000;

/// How long frames show.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Every frame's delay, in hundredths of a second.
    pub delay_cs: u16,
    /// The last frame's delay (the final position stays longer).
    pub last_cs: u16,
    /// With a value, a frame shows for the time the next move took in the
    /// game (`[%emt]`, or the fall of the mover's `[%clk]`) times this
    /// scale, within [`MIN_DELAY_CS`] to [`MAX_CLOCK_DELAY_CS`]; frames
    /// without a time keep `delay_cs`.
    pub clock_scale: Option<f64>,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            delay_cs: 100,
            last_cs: 300,
            clock_scale: None,
        }
    }
}

/// The delay of each of `frames`, in hundredths of a second.
pub fn delays(frames: &[GameDiagram], timing: &Timing) -> Vec<u16> {
    let last = frames.len().saturating_sub(1);
    frames
        .iter()
        .enumerate()
        .map(|(i, frame)| {
            if i == last {
                return timing.last_cs.max(MIN_DELAY_CS);
            }
            let scaled = timing.clock_scale.zip(frame.stood_ms).map(|(scale, ms)| {
                // f64 arithmetic is IEEE: the same delays on every machine.
                let cs = (ms as f64 * scale / 10.0).round();
                cs.clamp(f64::from(MIN_DELAY_CS), f64::from(MAX_CLOCK_DELAY_CS)) as u16
            });
            scaled.unwrap_or(timing.delay_cs).max(MIN_DELAY_CS)
        })
        .collect()
}

/// Why an animation could not be drawn.
#[derive(Debug)]
pub enum AnimateError {
    /// A frame could not be laid out (bad options).
    Render(fen2img_render::Error),
    /// A frame's size differs from the first's (a caption that wraps to
    /// more lines on some moves): `(frame index from 0, its size, the
    /// first's size)`.
    Size(usize, (u32, u32), (u32, u32)),
    /// The GIF writer failed.
    Gif(GifError),
    /// No frames.
    Empty,
}

impl fmt::Display for AnimateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnimateError::Render(e) => e.fmt(f),
            AnimateError::Size(i, (w, h), (fw, fh)) => write!(
                f,
                "frame {} is {w}x{h} pixels, the first frame {fw}x{fh}: every frame must \
                 have the same size (a caption that wraps to more lines on some moves \
                 changes it; shorten it or leave it out)",
                i + 1
            ),
            AnimateError::Gif(e) => write!(f, "GIF encoding failed: {e}"),
            AnimateError::Empty => f.write_str("an animation needs at least one frame"),
        }
    }
}

impl std::error::Error for AnimateError {}

/// How many levels a pixel's colour may move between frames and still
/// count as unchanged: each frame gets its own palette (a last move's
/// tints, arrows and badges add colours, and beyond 256 a median cut places
/// anti-aliased edges a shade or two apart from one frame to the next);
/// counted exactly, every piece's edge would change and every frame would
/// be nearly whole. The server's `POST /game.gif` uses the same figure.
pub const QUANTIZATION_TOLERANCE: u8 = 16;

/// `frames` drawn with `options` (each frame's marks laid over them) as an
/// animated GIF that loops, `delays[i]` hundredths of a second each, with
/// `comment` in a comment extension. One renderer draws every frame, and
/// only the frame being written and the picture on screen are held.
pub fn gif(
    frames: &[GameDiagram],
    delays: &[u16],
    options: &RenderOptions,
    comment: &str,
) -> Result<Vec<u8>, AnimateError> {
    let mut renderer = Renderer::new(options.clone());
    let mut writer: Option<AnimationWriter> = None;
    // The frame written last: the writer draws what changed since.
    let mut previous: Option<PalettePicture> = None;
    for (i, (frame, &delay)) in frames.iter().zip(delays).enumerate() {
        let mut framed = options.clone();
        frame.apply(&mut framed.diagram);
        renderer.set_options(framed);
        let picture = renderer
            .render_palette(&frame.position)
            .map_err(AnimateError::Render)?;
        let next = TimedImage {
            image: picture.view(),
            delay,
        };
        match (writer.as_mut(), previous.as_ref()) {
            (Some(w), Some(before)) => {
                let first = (before.width, before.height);
                if (picture.width, picture.height) != first {
                    return Err(AnimateError::Size(
                        i,
                        (picture.width, picture.height),
                        first,
                    ));
                }
                w.push(&before.view(), &next).map_err(AnimateError::Gif)?;
            }
            _ => {
                let mut w = AnimationWriter::new(&next, comment).map_err(AnimateError::Gif)?;
                w.set_tolerance(QUANTIZATION_TOLERANCE);
                writer = Some(w);
            }
        }
        previous = Some(picture);
    }
    writer
        .ok_or(AnimateError::Empty)?
        .finish()
        .map_err(AnimateError::Gif)
}
