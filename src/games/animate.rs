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

/// `frames` drawn with `options` (each frame's marks laid over them) as an
/// animated GIF that loops, `delays[i]` hundredths of a second each, with
/// `comment` in a comment extension. One renderer draws every frame, and
/// only the frame just written and the next are held.
pub fn gif(
    frames: &[GameDiagram],
    delays: &[u16],
    options: &RenderOptions,
    comment: &str,
) -> Result<Vec<u8>, AnimateError> {
    let mut renderer = Renderer::new(options.clone());
    let mut writer: Option<AnimationWriter> = None;
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
        match (&mut writer, &previous) {
            (Some(w), Some(p)) => {
                let size = (picture.width, picture.height);
                if (p.width, p.height) != size {
                    return Err(AnimateError::Size(i, size, (p.width, p.height)));
                }
                w.push(&p.view(), &next).map_err(AnimateError::Gif)?;
            }
            _ => writer = Some(AnimationWriter::new(&next, comment).map_err(AnimateError::Gif)?),
        }
        previous = Some(picture);
    }
    writer
        .ok_or(AnimateError::Empty)?
        .finish()
        .map_err(AnimateError::Gif)
}
