//! Animated games: one frame per position, each held for a delay (fixed,
//! longer on the last frame, or the game's own thinking times scaled), and
//! the frames drawn in one palette fitted for the whole game into an
//! animated GIF whose frames after the first hold only the rectangle that
//! changed (`fen2img_render::gif::AnimationWriter`). [`write_gif`] is the
//! one writer of the command line's `--animate` and the server's
//! `POST /game.gif`; each gives its frames through [`Frames`]. [`write_apng`]
//! draws the same frames as an animated PNG (full alpha, one PLTE/tRNS),
//! sharing the frame loop (`draw_frames`).

use std::fmt;

use fen2img_render::apng::{ApngError, ApngWriter};
use fen2img_render::gif::{
    AnimationWriter, FrameChange, GamePalette, GifError, PaletteSample, TimedImage,
};
use fen2img_render::options::CheckMark;
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
    /// The APNG writer failed.
    Png(ApngError),
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
            AnimateError::Png(e) => write!(f, "APNG encoding failed: {e}"),
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
    /// Whether the caller has stopped wanting the animation (a server's
    /// deadline has passed): checked inside each frame, after it is drawn
    /// and before it is encoded, and before each frame the palette is
    /// fitted from, so that a long animation stops within one frame's
    /// drawing of it. [`AnimateError::Deadline`] follows. Never, unless a
    /// source says otherwise.
    fn cancelled(&self) -> bool {
        false
    }
}

/// `Err(AnimateError::Deadline)` once `frames` is cancelled.
fn go_on(frames: &impl Frames) -> Result<(), AnimateError> {
    if frames.cancelled() {
        return Err(AnimateError::Deadline);
    }
    Ok(())
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

/// Draws every frame of `frames` in one palette fitted for the whole game
/// from a few of its frames ([`samples`]) and hands each to `write` as
/// soon as it is drawn, with what changed since the frame before (no
/// frame before the first) and its delay: the one frame loop of
/// [`write_gif`] and [`write_apng`]. Only the frame being written and the
/// squares the one before had where it changed are held, whatever the
/// number of frames. `max_pixels` bounds the frames' pixels together
/// (checked from the first frame's size before anything is drawn);
/// [`Frames::cancelled`] is asked before and after each frame's drawing.
fn draw_frames(
    frames: &mut impl Frames,
    max_pixels: Option<u64>,
    mut write: impl FnMut(&FrameChange<'_>, u16) -> Result<(), AnimateError>,
) -> Result<(), AnimateError> {
    let n = frames.count();
    if n == 0 {
        return Err(AnimateError::Empty);
    }
    let (renderer, position) = frames.frame(0)?;
    let first = renderer
        .image_size(position)
        .map_err(|e| AnimateError::Render(0, e))?;
    if let Some(limit) = max_pixels
        && n as u64 * u64::from(first.0) * u64::from(first.1) > limit
    {
        return Err(AnimateError::TooManyPixels(n, first, limit));
    }
    let mut sample = PaletteSample::new();
    for i in samples(frames)? {
        go_on(frames)?;
        let (renderer, position) = frames.frame(i)?;
        renderer
            .sample_palette(position, &mut sample)
            .map_err(|e| AnimateError::Render(i, e))?;
    }
    // The palette holds the frame drawn last: the next is drawn over it,
    // and the writers draw what changed since.
    let mut palette = GamePalette::fit(&sample);
    for i in 0..n {
        go_on(frames)?;
        let delay = frames.delay(i);
        let (renderer, position) = frames.frame(i)?;
        let change = renderer
            .render_next_in_palette(position, &mut palette)
            .map_err(|e| AnimateError::Render(i, e))?;
        // Drawn, not yet encoded: a frame's two halves of the work.
        go_on(frames)?;
        let size = (change.next.width, change.next.height);
        if size != first {
            return Err(AnimateError::Size(i, size, first));
        }
        write(&change, delay)?;
    }
    Ok(())
}

/// The frames of `frames` as an animated GIF that loops, with `comment` in
/// a comment extension, every frame after the first holding only what
/// changed since the one before (`draw_frames`).
pub fn write_gif(
    frames: &mut impl Frames,
    comment: &str,
    max_pixels: Option<u64>,
) -> Result<Vec<u8>, AnimateError> {
    let mut writer: Option<AnimationWriter> = None;
    draw_frames(frames, max_pixels, |change, delay| {
        match writer.as_mut() {
            Some(w) => w.push_change(change, delay),
            None => AnimationWriter::new(
                &TimedImage {
                    image: change.next,
                    delay,
                },
                comment,
            )
            .map(|w| writer = Some(w)),
        }
        .map_err(AnimateError::Gif)
    })?;
    writer
        .ok_or(AnimateError::Empty)?
        .finish()
        .map_err(AnimateError::Gif)
}

/// The frames of `frames` as an animated PNG that loops: indexed colour in
/// the game's one palette (with its partial alpha), every frame after the
/// first holding only the rectangle that changed (`draw_frames`).
pub fn write_apng(
    frames: &mut impl Frames,
    max_pixels: Option<u64>,
) -> Result<Vec<u8>, AnimateError> {
    let count = u32::try_from(frames.count())
        .map_err(|_| AnimateError::Png(ApngError::BadImage("too many frames")))?;
    let mut writer: Option<ApngWriter> = None;
    draw_frames(frames, max_pixels, |change, delay| {
        match writer.as_mut() {
            Some(w) => w.push_change(change, delay),
            None => ApngWriter::new(&change.next, delay, count).map(|w| writer = Some(w)),
        }
        .map_err(AnimateError::Png)
    })?;
    writer
        .ok_or(AnimateError::Empty)?
        .finish()
        .map_err(AnimateError::Png)
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

impl<'a> GameFrames<'a> {
    fn new(
        diagrams: &'a [GameDiagram],
        delays: &'a [u16],
        options: &'a RenderOptions,
    ) -> GameFrames<'a> {
        GameFrames {
            diagrams,
            delays,
            options,
            renderer: Renderer::new(options.clone()),
            current: None,
        }
    }
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
    let mut source = GameFrames::new(frames, delays, options);
    write_gif(&mut source, comment, None)
}

/// `frames` drawn with `options` (each frame's marks laid over them) as an
/// animated PNG that loops, `delays[i]` hundredths of a second each
/// ([`write_apng`]).
pub fn apng(
    frames: &[GameDiagram],
    delays: &[u16],
    options: &RenderOptions,
) -> Result<Vec<u8>, AnimateError> {
    let mut source = GameFrames::new(frames, delays, options);
    write_apng(&mut source, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{self as games, GameOptions, GameText, Pick};
    use fen2img_render::{Coordinates, Format};

    /// A short game with everything a frame can carry: tints, a check, a
    /// `[%cal]` arrow and a `[%csl]` circle, a move glyph, player bars with
    /// clocks.
    const GAME: &str = "[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n\n\
        1. e4 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } 2. Qh5 { [%clk 0:02:55] [%cal Gh5f7] } \
        Nc6 { [%clk 0:02:50] [%csl Rf7] } 3. Bc4 { [%clk 0:02:41] } Nf6?? { [%clk 0:02:31] } \
        4. Qxf7# { [%clk 0:02:30] } 1-0\n";

    fn diagrams(pgn: &str) -> Vec<GameDiagram> {
        let options = GameOptions {
            pick: Pick::Range {
                from: None,
                to: None,
            },
            ..GameOptions::default()
        };
        games::diagrams(&GameText::Pgn(pgn.as_bytes()), "t.pgn", &options)
            .unwrap()
            .diagrams
    }

    /// Each frame's still PNG, drawn on its own (its own palette), RGBA.
    fn stills(frames: &[GameDiagram], options: &RenderOptions) -> Vec<Vec<u8>> {
        frames
            .iter()
            .map(|d| {
                let mut framed = options.clone();
                framed.format = Format::PNG;
                d.apply(&mut framed.diagram);
                let png = Renderer::new(framed).render(&d.position).unwrap();
                test_support::decode_png(&png).rgba
            })
            .collect()
    }

    /// The largest channel difference, and how many channels differ by
    /// more than 16 levels.
    fn off(a: &[u8], b: &[u8]) -> (u8, usize) {
        let worst = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
        let far = a
            .iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > 16)
            .count();
        (worst, far)
    }

    #[test]
    fn every_frame_in_the_game_s_palette_is_its_still() {
        // Coordinates inside the board (lila-gif's default): with them and
        // the bars a frame has more than 256 colours, so the game's palette
        // is a median cut, and each still's palette is one of its own.
        let frames = diagrams(GAME);
        assert_eq!(frames.len(), 8);
        // And print: haloed pieces on hatched squares.
        for (theme, coordinates) in [
            ("brown", Coordinates::Inside),
            ("brown", Coordinates::None),
            ("print", Coordinates::Inside),
        ] {
            let mut options = RenderOptions::new(Format::GIF);
            options.diagram.size = 400;
            options.diagram.coordinates = coordinates;
            options.diagram.theme = fen2img_render::Theme::built_in(theme).unwrap();
            let delays = delays(&frames, &Timing::default());
            let data = gif(&frames, &delays, &options, "A – B").unwrap();
            let shown = test_support::gif_screens(&data);
            assert_eq!(shown.len(), frames.len());
            for (ply, (screen, still)) in shown.iter().zip(stills(&frames, &options)).enumerate() {
                assert_eq!(screen.len(), still.len());
                let (worst, far) = off(screen, &still);
                // Two palettes' shades of one anti-aliased edge (the
                // game's and the still's own), each within a median cut's
                // box: a few levels apart, rarely more than 16. The
                // redrawn own set's edges on a tinted square reach 36 in
                // three pixels of green at ply 6 (the palettes' boxes
                // split that tint's shades differently).
                assert!(
                    worst <= 40,
                    "{theme} {coordinates:?} ply {ply}: {worst} levels off"
                );
                assert!(
                    far * 1000 <= screen.len(),
                    "{theme} {coordinates:?} ply {ply}: {far} channels more than 16 levels off"
                );
            }
            // The same frames give the same bytes, from a fresh renderer.
            assert_eq!(gif(&frames, &delays, &options, "A – B").unwrap(), data);
        }
    }

    #[test]
    fn a_cancelled_animation_stops_within_the_frame_being_drawn() {
        /// The game's frames, cancelled once `stop_at` frames were asked for.
        struct Counted<'a> {
            inner: GameFrames<'a>,
            asked: usize,
            stop_at: usize,
        }
        impl Frames for Counted<'_> {
            fn count(&self) -> usize {
                self.inner.count()
            }
            fn delay(&self, i: usize) -> u16 {
                self.inner.delay(i)
            }
            fn frame(&mut self, i: usize) -> Result<(&mut Renderer, &Position), AnimateError> {
                self.asked += 1;
                self.inner.frame(i)
            }
            fn cancelled(&self) -> bool {
                self.asked >= self.stop_at
            }
        }
        let frames = diagrams(GAME);
        let mut options = RenderOptions::new(Format::GIF);
        options.diagram.size = 160;
        let delays = delays(&frames, &Timing::default());
        let run = |stop_at: usize| {
            let mut source = Counted {
                inner: GameFrames::new(&frames, &delays, &options),
                asked: 0,
                stop_at,
            };
            let result = write_gif(&mut source, "", None);
            (result, source.asked)
        };
        let (whole, asked) = run(usize::MAX);
        assert!(whole.is_ok());
        // Cancelled while the third frame from the end is drawn: it is
        // not encoded, and no later frame is asked for.
        let (stopped, stopped_asked) = run(asked - 3);
        assert!(
            matches!(stopped, Err(AnimateError::Deadline)),
            "{stopped:?}"
        );
        assert_eq!(stopped_asked, asked - 3);
        // Cancelled from the start: nothing is drawn but the first frame's
        // size and the palette's scan of the frames' options.
        let (early, early_asked) = run(0);
        assert!(matches!(early, Err(AnimateError::Deadline)));
        assert_eq!(early_asked, 1 + frames.len());
    }

    #[test]
    fn frames_with_colours_no_sampled_frame_had_are_drawn_in_the_nearest() {
        // Thirty frames, each with a square filled in a colour of its own:
        // the palette is fitted from sixteen of them, so the others' fills
        // are colours it was not fitted from, drawn as the nearest entry.
        // Everything else on those frames is still exactly the still's,
        // and every frame is there, of the first one's size.
        let moves = "Nf3 Nf6 Ng1 Ng8 ".repeat(8);
        let mut frames = diagrams(&format!("{moves}*"));
        frames.truncate(30);
        let fill_square = fen2img_render::Square::parse("d4").unwrap();
        let mut options = RenderOptions::new(Format::GIF);
        options.diagram.size = 160;
        options.diagram.coordinates = Coordinates::None;
        let source_options: Vec<RenderOptions> = (0..frames.len())
            .map(|i| {
                let mut o = options.clone();
                let v = (i * 8) as u8;
                o.diagram.markup.fills =
                    vec![(fill_square, fen2img_render::Rgba::rgb(v, 255 - v, 128))];
                o
            })
            .collect();
        struct Filled<'a> {
            frames: &'a [GameDiagram],
            options: &'a [RenderOptions],
            renderer: Renderer,
        }
        impl Frames for Filled<'_> {
            fn count(&self) -> usize {
                self.frames.len()
            }
            fn delay(&self, _: usize) -> u16 {
                10
            }
            fn frame(&mut self, i: usize) -> Result<(&mut Renderer, &Position), AnimateError> {
                let mut framed = self.options[i].clone();
                self.frames[i].apply(&mut framed.diagram);
                self.renderer.set_options(framed);
                Ok((&mut self.renderer, &self.frames[i].position))
            }
        }
        let mut source = Filled {
            frames: &frames,
            options: &source_options,
            renderer: Renderer::new(options.clone()),
        };
        assert!(samples(&mut source).unwrap().len() <= MAX_SAMPLES);
        let data = write_gif(&mut source, "", None).unwrap();
        let shown = test_support::gif_screens(&data);
        assert_eq!(shown.len(), 30);
        let width = 160usize;
        let stills: Vec<Vec<u8>> = (0..frames.len())
            .map(|i| stills(&frames[i..=i], &source_options[i]).remove(0))
            .collect();
        // The fill's square, from the layout.
        let mut renderer = Renderer::new(options.clone());
        let layout = renderer.layout(&frames[0].position).unwrap();
        let r = layout.square_rect(fill_square);
        let inside = |i: usize| {
            let (x, y) = ((i / 4 % width) as f32, (i / 4 / width) as f32);
            x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h
        };
        let mut fills_off = 0;
        for (n, (screen, still)) in shown.iter().zip(&stills).enumerate() {
            assert_eq!(screen.len(), still.len());
            for (i, (a, b)) in screen.iter().zip(still).enumerate() {
                if inside(i) {
                    fills_off = fills_off.max(a.abs_diff(*b));
                } else {
                    assert!(a.abs_diff(*b) <= 32, "frame {n}: byte {i} {a} vs {b}");
                }
            }
        }
        // The nearest entry, not an arbitrary one: the fills' greens and
        // reds lie between those sampled, at most 4 steps of 8 levels away.
        assert!(fills_off <= 40, "fills {fills_off} levels off");
    }
}
