//! The renderer: one position and a set of options in, the bytes of one
//! diagram out, in any format. The dispatch to the writers lives here and
//! nowhere else (terminal pictures in `terminal.rs` beside it), so every
//! writer module is imported by this one and imports none of it back.

mod options;
pub(crate) mod problem;
mod terminal;

pub use options::{Error, RenderOptions};

use std::fmt;
use std::sync::Arc;

use fen2img_chess::Position;

use crate::encode::{self, EncodeError};
use crate::format::{Format, ImageFormat};
use crate::gif;
use crate::layout::{self, Frame, Layout, LayoutError};
use crate::offload::Offload;
use crate::options::Coordinates;
use crate::raster::game_tiles::KeptFirst;
use crate::raster::Rasterizer;
use crate::svg;
use crate::text::{self, TextOptions};

/// Renders positions with fixed options, reusing what it can (piece sprites,
/// palette tiles, SVG glyph definitions) from one position to the next.
/// Keep one per thread in a batch.
#[derive(Debug)]
pub struct Renderer {
    options: RenderOptions,
    /// The frames of `options.diagram`, one per kind of position (with or
    /// without pockets, ...; see [`layout::Extras`]), built on first use.
    frames: Vec<(layout::Extras, Arc<Frame>)>,
    rasterizer: Rasterizer,
    /// The last animation's first palette sample, for the next animation
    /// with the same first board (see `Renderer::sample_palette`).
    kept_first: Option<KeptFirst>,
    svg: svg::SvgWriter,
    offload: OffloadSlot,
}

/// A renderer's [`Offload`], if it has one.
#[derive(Clone, Default)]
struct OffloadSlot(Option<Arc<dyn Offload>>);

impl fmt::Debug for OffloadSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() { "Some(..)" } else { "None" })
    }
}

impl Renderer {
    /// A renderer for `options`.
    pub fn new(options: RenderOptions) -> Renderer {
        Renderer {
            options,
            frames: Vec::new(),
            rasterizer: Rasterizer::new(),
            kept_first: None,
            svg: svg::SvgWriter::new(),
            offload: OffloadSlot::default(),
        }
    }

    /// Lets this renderer hand parts of an image's work to idle threads
    /// (today, the compression of a large GIF), or stops it with `None`.
    /// Output bytes do not change.
    pub fn set_offload(&mut self, offload: Option<Arc<dyn Offload>>) {
        self.offload = OffloadSlot(offload);
    }

    /// The bytes this renderer's caches of drawn material (piece sprites,
    /// backgrounds, palette tiles) hold, as they count them. Each cache is
    /// bounded, but keeps at least its newest value, so one very large board
    /// (2048 px with every square filled in its own colour) can leave tens of
    /// megabytes here: a long-lived user such as a server drops a renderer
    /// whose caches have grown past what it wants to keep.
    pub fn cached_bytes(&self) -> u64 {
        let kept = self.kept_first.as_ref().map_or(0, KeptFirst::bytes);
        self.rasterizer.cached_bytes() + kept
    }

    /// The options this renderer uses.
    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    /// Renders with `options` from now on, keeping every cache: what the
    /// new options share with earlier ones (piece sprites of the same set,
    /// size and halo; backgrounds of the same board) is not drawn again.
    pub fn set_options(&mut self, options: RenderOptions) {
        self.options = options;
        self.frames.clear();
    }

    /// The frame of this renderer's options for a position without pockets
    /// or check counters: built once, then shared by every board.
    pub fn frame(&mut self) -> Result<Arc<Frame>, Error> {
        self.frame_for(layout::Extras::default())
    }

    /// The frame for positions that add `extras`, built once.
    fn frame_for(&mut self, extras: layout::Extras) -> Result<Arc<Frame>, Error> {
        if let Some((_, frame)) = self.frames.iter().find(|(e, _)| *e == extras) {
            return Ok(Arc::clone(frame));
        }
        let frame = Arc::new(Frame::with_extras(&self.options.diagram, extras)?);
        self.frames.push((extras, Arc::clone(&frame)));
        Ok(frame)
    }

    /// The frame `position` is drawn on (with what it adds: pockets, check
    /// counters), built once.
    fn frame_of(&mut self, position: &Position) -> Result<Arc<Frame>, Error> {
        self.frame_for(layout::Extras::of(position, &self.options.diagram))
    }

    /// The layout of `position` (for writers of one's own, or for sizes).
    pub fn layout(&mut self, position: &Position) -> Result<Layout, Error> {
        let frame = self.frame_of(position)?;
        let markup = &self.options.diagram.markup;
        Ok(Layout::with_frame(position, frame, markup))
    }

    /// [`Renderer::layout`] without the title and description, for the
    /// frames of an animation (see [`Layout::for_frames`]).
    fn frame_layout(&mut self, position: &Position) -> Result<Layout, Error> {
        let frame = self.frame_of(position)?;
        let markup = &self.options.diagram.markup;
        Ok(Layout::for_frames(position, frame, markup))
    }

    /// The width and height of `position`'s image with these options (the
    /// width is the size asked for; the height follows what is drawn
    /// around the board: labels, caption, player bars, pockets).
    pub fn image_size(&mut self, position: &Position) -> Result<(u32, u32), Error> {
        let frame = self.frame_of(position)?;
        Ok((frame.width(), frame.height()))
    }

    /// Renders `position` in the configured format.
    pub fn render(&mut self, position: &Position) -> Result<Vec<u8>, Error> {
        if self.options.problem.asked() {
            let mut problem = crate::problem::from_position(position);
            self.options.problem.apply(&mut problem);
            return problem::render(&problem, &self.options);
        }
        let options = &self.options;
        let image = match options.format {
            Format::Text(format) => {
                let diagram = &options.diagram;
                let text_options = TextOptions {
                    flip: diagram.flip,
                    coordinates: diagram.coordinates != Coordinates::None,
                    swap_glyphs: options.swap_glyphs,
                    light: diagram.theme.light,
                    dark: diagram.theme.dark,
                    width: diagram.size,
                    around: diagram.around.clone(),
                    glyphs: diagram.markup.glyphs.clone(),
                    labels: diagram.markup.labels.clone(),
                };
                return Ok(text::render_text(position, format, &text_options).into_bytes());
            }
            Format::Fen => return Ok(format!("{position}\n").into_bytes()),
            Format::Terminal(format) => return self.render_terminal(position, format),
            Format::Image(image) => image,
        };
        self.render_image(position, image)
    }

    /// Draws `position` as a palette picture of its own whatever the
    /// format (exact up to 256 colours, a median cut beyond). The frames of
    /// an animated game share one palette instead: see
    /// [`Renderer::render_in_palette`].
    pub fn render_palette(&mut self, position: &Position) -> Result<gif::PalettePicture, Error> {
        let layout = self.layout(position)?;
        Ok(gif::picture(self.rasterizer.render_palette(&layout, 256)))
    }

    /// Adds the colours `position` shows with these options to `sample`,
    /// from which one palette is fitted for every frame of an animation
    /// ([`gif::GamePalette::fit`]). An animation's first sample is kept
    /// for the next animation this renderer samples: when its first board
    /// is the same (the same options, no marks), the colours and tiles
    /// counted then are taken again, and the palette is the same.
    pub fn sample_palette(
        &mut self,
        position: &Position,
        sample: &mut gif::PaletteSample,
    ) -> Result<(), Error> {
        let layout = self.frame_layout(position)?;
        self.rasterizer
            .sample(&layout, &mut sample.fit, &mut self.kept_first);
        sample.count_frame();
        Ok(())
    }

    /// Draws `position` as a palette picture in `palette`, the one palette
    /// of every frame of an animation: no colour is quantized per frame,
    /// and the piece tiles of the kinds of square the frames share are
    /// drawn once. [`Renderer::render_next_in_palette`] gives the same
    /// frame without copying it, with what changed since the frame drawn
    /// before.
    pub fn render_in_palette(
        &mut self,
        position: &Position,
        palette: &mut gif::GamePalette,
    ) -> Result<gif::PalettePicture, Error> {
        let next = self.render_next_in_palette(position, palette)?.next;
        Ok(gif::PalettePicture {
            width: next.width,
            height: next.height,
            palette: next.palette.to_vec(),
            indices: next.indices.to_vec(),
        })
    }

    /// Draws `position` as the next frame of an animation in `palette`
    /// (as [`Renderer::render_in_palette`] does), held by the palette, and
    /// what changed since the frame drawn in it before: the rectangles
    /// where that frame may differ, with its indices there, which is what
    /// [`gif::AnimationWriter::push_change`] and
    /// [`apng::ApngWriter::push_change`](crate::apng::ApngWriter::push_change)
    /// compare. A frame that changes a few squares of the last is drawn
    /// by changing those squares in place.
    ///
    /// ```
    /// use fen2img_render::{gif, parse, ParseOptions, RenderOptions, Renderer};
    ///
    /// let fen = |text: &str| parse(text.as_bytes(), ParseOptions::default());
    /// let start = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?.position;
    /// let after = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?.position;
    /// let mut renderer = Renderer::new(RenderOptions::default());
    /// let mut sample = gif::PaletteSample::new();
    /// renderer.sample_palette(&start, &mut sample)?;
    /// let mut palette = gif::GamePalette::fit(&sample);
    /// let first = renderer.render_next_in_palette(&start, &mut palette)?;
    /// assert!(first.before.is_none(), "nothing before the first frame");
    /// let mut writer = gif::AnimationWriter::new(
    ///     &gif::TimedImage { image: first.next, delay: 100 },
    ///     "",
    /// )?;
    /// let second = renderer.render_next_in_palette(&after, &mut palette)?;
    /// writer.push_change(&second, 100)?;
    /// let bytes = writer.finish()?;
    /// assert!(bytes.starts_with(b"GIF89a"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render_next_in_palette<'p>(
        &mut self,
        position: &Position,
        palette: &'p mut gif::GamePalette,
    ) -> Result<gif::FrameChange<'p>, Error> {
        let layout = self.frame_layout(position)?;
        Ok(self.rasterizer.render_in(&layout, &mut palette.tiles))
    }

    /// Renders `position` as an image.
    fn render_image(&mut self, position: &Position, image: ImageFormat) -> Result<Vec<u8>, Error> {
        let layout = self.layout(position)?;
        let options = &self.options;
        match image {
            ImageFormat::Svg => Ok(match &options.svg_id_prefix {
                None => self.svg.write(&layout),
                Some(prefix) if prefix.is_empty() || svg::is_valid_id_prefix(prefix) => {
                    self.svg.write_with_id_prefix(&layout, prefix)
                }
                Some(prefix) => {
                    return Err(Error::Layout(LayoutError(format!(
                        "SVG id prefix '{}': use a letter or _ and then letters, digits, _ - or ., \
                         at most 64 characters",
                        fen2img_support::quote::escape(prefix)
                    ))))
                }
            }
            .into_bytes()),
            ImageFormat::Png => Ok(match self.rasterizer.render_indexed(&layout) {
                Some(image) => encode::png_indexed(&image, options.encode),
                None => encode::png(self.rasterizer.render(&layout), options.encode),
            }),
            ImageFormat::Webp => Ok(encode::webp(&self.rasterizer.render(&layout))?),
            ImageFormat::Jpeg => Ok(encode::jpeg(
                &self.rasterizer.render(&layout),
                options.encode.quality,
            )?),
            ImageFormat::Gif => gif::render(
                self.rasterizer.render_palette(&layout, gif::STILL_COLOURS),
                self.offload.0.as_deref(),
            )
            .map_err(|e| Error::Encode(EncodeError::new("GIF", e))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::DiagramOptions;

    #[test]
    fn bad_options_and_encoder_failures_are_different_variants() {
        let options = RenderOptions {
            format: Format::PNG,
            diagram: DiagramOptions {
                size: 5,
                ..DiagramOptions::default()
            },
            ..RenderOptions::default()
        };
        let e = Renderer::new(options)
            .render(&Position::default())
            .unwrap_err();
        assert!(matches!(e, Error::Layout(_)), "{e:?}");
        let e = Error::from(EncodeError::new("WebP", "out of memory"));
        assert!(matches!(e, Error::Encode(ref inner) if inner.format == "WebP"));
        assert_eq!(e.to_string(), "WebP encoding failed: out of memory");
        assert!(std::error::Error::source(&e).is_some());
    }
}
