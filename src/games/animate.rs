//! Animated games: one frame per position, each held for a delay (fixed,
//! longer on the last frame, or the game's own thinking times scaled), and
//! the frames drawn in one palette fitted for the whole game into an
//! animated GIF whose frames after the first hold only the rectangle that
//! changed (`fen2img_render::gif::AnimationWriter`). [`write_gif`] is the
//! one writer of the command line's `--animate` and the server's
//! `POST /game.gif`; each gives its frames through [`Frames`].

use std::fmt;

use fen2img_render::gif::{
    AnimationWriter, GamePalette, GifError, PalettePicture, PaletteSample, TimedImage,
};
use fen2img_render::layout::CheckMark;
use fen2img_render::{Position, RenderOptions, Renderer};

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
    /// Frame `.0` (from 0) could not be laid out (bad options), or drawn.
    Render(usize, fen2img_render::Error),
    /// A frame's size differs from the first's (a caption that wraps to
    /// more lines on some moves, a crazyhouse position's pockets): `(frame
    /// index from 0, its size, the first's size)`.
    Size(usize, (u32, u32), (u32, u32)),
    /// The frames together are more pixels than the caller draws for one
    /// animation: `(frames, the first frame's size, the limit)`.
    TooManyPixels(usize, (u32, u32), u64),
    /// The caller's time ran out (a server's deadline).
    Deadline,
    /// The GIF writer failed.
    Gif(GifError),
    /// No frames.
    Empty,
}

impl fmt::Display for AnimateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnimateError::Render(_, e) => e.fmt(f),
            AnimateError::Size(i, (w, h), (fw, fh)) => write!(
                f,
                "frame {} is {w}x{h} pixels, the first frame {fw}x{fh}: every frame must \
                 have the same size (a caption that wraps to more lines on some moves \
                 changes it; shorten it or leave it out)",
                i + 1
            ),
            AnimateError::TooManyPixels(n, (w, h), limit) => write!(
                f,
                "frames: {n} frames of {w}x{h} pixels are {} pixels, more than this \
                 server draws for one request ({limit})",
                *n as u64 * u64::from(*w) * u64::from(*h)
            ),
            AnimateError::Deadline => f.write_str("deadline"),
            AnimateError::Gif(e) => write!(f, "GIF encoding failed: {e}"),
            AnimateError::Empty => f.write_str("an animation needs at least one frame"),
        }
    }
}

impl std::error::Error for AnimateError {}

/// Where an animation's frames come from: the command line's renderer, or
/// a server's render thread. [`write_gif`] asks for each frame as it
/// draws it (and for a few before, to fit the palette).
pub trait Frames {
    /// How many frames.
    fn count(&self) -> usize;
    /// Frame `i`'s delay, in hundredths of a second.
    fn delay(&self, i: usize) -> u16;
    /// A renderer set up with frame `i`'s options, and its position. A
    /// source with a deadline answers [`AnimateError::Deadline`] here.
    fn frame(&mut self, i: usize) -> Result<(&mut Renderer, &Position), AnimateError>;
}

/// How many frames, evenly spread over the game, the palette is fitted
/// from besides the first of each kind of markup (see [`samples`]).
const SPREAD_SAMPLES: usize = 6;

/// The most frames the palette is fitted from: sampling one costs about
/// as much as drawing it.
const MAX_SAMPLES: usize = 16;

/// What colours a frame's markup adds, as far as the options tell: whether
/// a king may glow, the glyph badges, the arrows' brushes, which clocks
/// are drawn, marks, fills and labels.
fn markup_kind(options: &RenderOptions) -> String {
    let d = &options.diagram;
    let m = &d.markup;
    let glyphs: Vec<_> = m.glyphs.iter().map(|(_, g)| *g).collect();
    let brushes: Vec<_> = m.arrows.iter().map(|a| a.brush).collect();
    let clocks = [&d.around.white, &d.around.black].map(|p| p.as_ref().map(|p| p.clock.is_some()));
    format!(
        "{:?} {glyphs:?} {brushes:?} {clocks:?} {} {:?} {}",
        m.check != CheckMark::None,
        m.marks.is_empty(),
        m.fills.iter().map(|f| f.1).collect::<Vec<_>>(),
        m.labels.is_empty()
    )
}

/// The frames the palette is fitted from, in order: the first frame of
/// each kind of markup ([`markup_kind`]: a check glow or a badge seen in a
/// single frame still gets its colours), then frames spread evenly over
/// the game (tints and pieces in many places), at most [`MAX_SAMPLES`].
fn samples(frames: &mut impl Frames) -> Result<Vec<usize>, AnimateError> {
    let n = frames.count();
    let mut kinds: Vec<String> = Vec::new();
    let mut picked: Vec<usize> = Vec::new();
    for i in 0..n {
        let (renderer, _) = frames.frame(i)?;
        let kind = markup_kind(renderer.options());
        if !kinds.contains(&kind) && picked.len() < MAX_SAMPLES - SPREAD_SAMPLES {
            kinds.push(kind);
            picked.push(i);
        }
    }
    for k in 0..SPREAD_SAMPLES {
        let i = if SPREAD_SAMPLES > 1 {
            (k * (n - 1) + (SPREAD_SAMPLES - 1) / 2) / (SPREAD_SAMPLES - 1)
        } else {
            0
        };
        if i < n && !picked.contains(&i) {
            picked.push(i);
        }
    }
    picked.sort_unstable();
    Ok(picked)
}

/// The frames of `frames` as an animated GIF that loops, with `comment` in
/// a comment extension: one palette fitted for the whole game from a few
/// of its frames ([`samples`]), every frame drawn in it and written as
/// soon as it is drawn, holding only what changed since the one before.
/// Only the frame being written and the one before are held, whatever the
/// number of frames. `max_pixels` bounds the frames' pixels together
/// (checked from the first frame's size before anything is drawn).
pub fn write_gif(
    frames: &mut impl Frames,
    comment: &str,
    max_pixels: Option<u64>,
) -> Result<Vec<u8>, AnimateError> {
    let n = frames.count();
    if n == 0 {
        return Err(AnimateError::Empty);
    }
    let (renderer, position) = frames.frame(0)?;
    let first = renderer
        .image_size(position)
        .map_err(|e| AnimateError::Render(0, e))?;
    if let Some(limit) = max_pixels {
        if n as u64 * u64::from(first.0) * u64::from(first.1) > limit {
            return Err(AnimateError::TooManyPixels(n, first, limit));
        }
    }
    let mut sample = PaletteSample::new();
    for i in samples(frames)? {
        let (renderer, position) = frames.frame(i)?;
        renderer
            .sample_palette(position, &mut sample)
            .map_err(|e| AnimateError::Render(i, e))?;
    }
    let mut palette = GamePalette::fit(&sample);
    let mut writer: Option<AnimationWriter> = None;
    // The frame written last: the writer draws what changed since.
    let mut previous: Option<PalettePicture> = None;
    for i in 0..n {
        let delay = frames.delay(i);
        let (renderer, position) = frames.frame(i)?;
        let picture = renderer
            .render_in_palette(position, &mut palette)
            .map_err(|e| AnimateError::Render(i, e))?;
        if (picture.width, picture.height) != first {
            return Err(AnimateError::Size(
                i,
                (picture.width, picture.height),
                first,
            ));
        }
        let next = TimedImage {
            image: picture.view(),
            delay,
        };
        match (writer.as_mut(), previous.as_ref()) {
            (Some(w), Some(before)) => w.push(&before.view(), &next),
            _ => AnimationWriter::new(&next, comment).map(|w| writer = Some(w)),
        }
        .map_err(AnimateError::Gif)?;
        previous = Some(picture);
    }
    writer
        .ok_or(AnimateError::Empty)?
        .finish()
        .map_err(AnimateError::Gif)
}

/// A game's diagrams as [`Frames`], drawn by one renderer with `options`
/// and each frame's marks laid over them.
struct GameFrames<'a> {
    diagrams: &'a [GameDiagram],
    delays: &'a [u16],
    options: &'a RenderOptions,
    renderer: Renderer,
    /// The frame the renderer is set up for.
    current: Option<usize>,
}

impl Frames for GameFrames<'_> {
    fn count(&self) -> usize {
        self.diagrams.len().min(self.delays.len())
    }

    fn delay(&self, i: usize) -> u16 {
        self.delays[i]
    }

    fn frame(&mut self, i: usize) -> Result<(&mut Renderer, &Position), AnimateError> {
        let diagram = &self.diagrams[i];
        if self.current != Some(i) {
            let mut framed = self.options.clone();
            diagram.apply(&mut framed.diagram);
            self.renderer.set_options(framed);
            self.current = Some(i);
        }
        Ok((&mut self.renderer, &diagram.position))
    }
}

/// `frames` drawn with `options` (each frame's marks laid over them) as an
/// animated GIF that loops, `delays[i]` hundredths of a second each, with
/// `comment` in a comment extension ([`write_gif`]).
pub fn gif(
    frames: &[GameDiagram],
    delays: &[u16],
    options: &RenderOptions,
    comment: &str,
) -> Result<Vec<u8>, AnimateError> {
    let mut source = GameFrames {
        diagrams: frames,
        delays,
        options,
        renderer: Renderer::new(options.clone()),
        current: None,
    };
    write_gif(&mut source, comment, None)
}
