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

/// The largest difference of one channel between a frame's pixel and the
/// one on screen that still counts as the same colour. Each frame gets its
/// own palette (a last move's tints, arrows and badges add colours, and
/// beyond 256 a median cut places anti-aliased edges a shade or two apart
/// from one frame to the next): counted exactly, every piece's edge would
/// change and every frame would be nearly whole.
const SAME: u8 = 6;

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
    // What a viewer sees after the frames written so far, pixel by pixel.
    let mut screen: Vec<[u8; 4]> = Vec::new();
    let mut size = (0, 0);
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
        let Some(w) = writer.as_mut() else {
            size = (picture.width, picture.height);
            screen = picture
                .indices
                .iter()
                .map(|&c| picture.palette[usize::from(c)])
                .collect();
            writer = Some(AnimationWriter::new(&next, comment).map_err(AnimateError::Gif)?);
            continue;
        };
        if (picture.width, picture.height) != size {
            return Err(AnimateError::Size(i, (picture.width, picture.height), size));
        }
        let before = against_screen(&picture, &mut screen);
        w.push(&before.view(), &next).map_err(AnimateError::Gif)?;
    }
    writer
        .ok_or(AnimateError::Empty)?
        .finish()
        .map_err(AnimateError::Gif)
}

/// The picture to give the GIF writer as the frame before `next`, so that
/// it writes only what a viewer would see change: `next` itself where the
/// screen already shows its colour within [`SAME`], another of its colours
/// where it does not. `screen` becomes what the viewer sees once the
/// writer has drawn the rectangle around those pixels (as it does: the
/// changed pixels, and the unchanged ones inside the rectangle unless the
/// palette leaves a free index to mark them).
fn against_screen(next: &PalettePicture, screen: &mut [[u8; 4]]) -> PalettePicture {
    let colour = |i: usize| next.palette[usize::from(next.indices[i])];
    // For each colour, another one (the fake "before" of a changed pixel).
    let other: Vec<u8> = next
        .palette
        .iter()
        .map(|c| {
            let found = next.palette.iter().position(|d| d != c).unwrap_or(0);
            u8::try_from(found).unwrap_or(0)
        })
        .collect();
    let w = next.width as usize;
    let mut before = next.indices.clone();
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, shown) in screen.iter().enumerate() {
        let c = colour(i);
        let same = c[3] == shown[3] && (0..3).all(|k| c[k].abs_diff(shown[k]) <= SAME);
        if !same {
            before[i] = other[usize::from(next.indices[i])];
            let (x, y) = (i % w, i / w);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
        }
    }
    if x0 == usize::MAX {
        (x0, y0, x1, y1) = (0, 0, 1, 1);
    }
    let hole = next.palette.len() < 256 && next.palette.iter().all(|c| c[3] >= 128);
    for y in y0..y1 {
        for x in x0..x1 {
            let i = y * w + x;
            if before[i] != next.indices[i] || !hole {
                screen[i] = colour(i);
            }
        }
    }
    PalettePicture {
        width: next.width,
        height: next.height,
        palette: next.palette.clone(),
        indices: before,
    }
}
