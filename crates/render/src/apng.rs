//! Animated PNG (APNG): the animated games of [`gif`](crate::gif) in PNG's
//! colours. Every frame is drawn in one game palette (the same
//! [`GamePalette`](crate::gif::GamePalette) the GIF uses), so the file is
//! indexed colour with one PLTE and a tRNS holding real partial alpha
//! (GIF has only one fully transparent index). As in the GIF, frames
//! after the first hold only the rectangle that changed since the one
//! before (fcTL offsets, dispose NONE), so a game of a hundred moves costs
//! little more than its moves. When the palette is opaque and leaves an
//! entry free, that entry is made fully transparent and marks the pixels
//! inside the rectangle that did not change, blended OVER (as the GIF's
//! spare index does: the two clocks' bars make one tall rectangle whose
//! middle is mostly unchanged); otherwise frames are blended SOURCE.
//! Written with the `png` crate's APNG support (acTL, fcTL, fdAT); delays
//! are hundredths of a second, as GIF's, and the animation loops forever.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::frame_change::{self, FrameChange, Patch};
use crate::palette_image::PaletteImage;

/// Why an APNG could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum ApngError {
    /// More than 256 colours, pixel indices that do not match the image, a
    /// frame of another size or palette than the first's, or more or fewer
    /// frames than announced.
    BadImage(&'static str),
    /// The encoder failed.
    Encode(png::EncodingError),
}

impl std::fmt::Display for ApngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApngError::BadImage(why) => write!(f, "apng: {why}"),
            ApngError::Encode(e) => write!(f, "apng: {e}"),
        }
    }
}

impl std::error::Error for ApngError {}

impl From<png::EncodingError> for ApngError {
    fn from(e: png::EncodingError) -> Self {
        ApngError::Encode(e)
    }
}

/// An APNG written a frame at a time: the caller keeps only the frame just
/// written and the next one, whatever the number of frames. Every frame
/// must have the first one's size and palette (frames drawn in one
/// [`GamePalette`](crate::gif::GamePalette) do).
pub struct ApngWriter {
    writer: png::Writer<Sink>,
    out: Sink,
    size: (u32, u32),
    /// The first frame's palette: PNG has one PLTE for every frame.
    palette: Vec<[u8; 4]>,
    /// The fully transparent entry appended after an opaque palette of at
    /// most 255 colours: later frames mark the pixels of their rectangle
    /// that did not change with it and are blended OVER the canvas, so
    /// only what changed is drawn and the rest compresses to runs.
    unchanged: Option<u8>,
    /// Frames announced in acTL, and written so far: a file with fewer
    /// frames than its acTL says is not a valid APNG.
    frames: (u32, u32),
}

impl std::fmt::Debug for ApngWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApngWriter")
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// `image`'s size after checking its palette and indices.
fn check(image: &PaletteImage<'_>) -> Result<(u32, u32), ApngError> {
    if image.width == 0 || image.height == 0 {
        return Err(ApngError::BadImage("an image needs at least one pixel"));
    }
    if image.palette.is_empty() || image.palette.len() > 256 {
        return Err(ApngError::BadImage("a palette needs 1 to 256 colours"));
    }
    if image.indices.len() != image.width as usize * image.height as usize {
        return Err(ApngError::BadImage("one palette index per pixel is needed"));
    }
    // A fold the compiler vectorizes (see the GIF writer's check).
    let largest = image.indices.iter().fold(0u8, |m, &i| m.max(i));
    if usize::from(largest) >= image.palette.len() {
        return Err(ApngError::BadImage("a pixel index is outside the palette"));
    }
    Ok((image.width, image.height))
}

/// The rectangle `(x, y, w, h)` holding every pixel whose index differs
/// between `before` and `after`, or `None` when nothing changed (or the
/// two are not pictures of one size, one index per pixel).
pub fn changed_rect(
    before: &PaletteImage<'_>,
    after: &PaletteImage<'_>,
) -> Option<(u32, u32, u32, u32)> {
    let pixels = after.width as usize * after.height as usize;
    if (before.width, before.height) != (after.width, after.height) || after.indices.len() != pixels
    {
        return None;
    }
    let change = FrameChange {
        next: *after,
        before: Some(vec![Patch::whole(before)]),
    };
    if !change.patches_fit() {
        return None;
    }
    let (x0, y0, x1, y1) = change.changed_rect()?;
    Some((x0 as u32, y0 as u32, (x1 - x0) as u32, (y1 - y0) as u32))
}

/// The bytes the `png` writer writes, kept after it is finished (its
/// `finish` consumes it without giving its output back).
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl ApngWriter {
    /// Starts an animation of `frames` frames (acTL announces the count
    /// before any frame) with its whole `first` frame, shown for
    /// `delay_cs` hundredths of a second.
    pub fn new(
        first: &PaletteImage<'_>,
        delay_cs: u16,
        frames: u32,
    ) -> Result<ApngWriter, ApngError> {
        let (w, h) = check(first)?;
        let out = Sink::default();
        let mut encoder = png::Encoder::new(out.clone(), w, h);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        let mut rgb: Vec<u8> = first
            .palette
            .iter()
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect();
        let mut alpha: Vec<u8> = first.palette.iter().map(|c| c[3]).collect();
        // OVER a canvas equals SOURCE only for opaque pixels: with a
        // translucent colour (a see-through background) every frame's
        // rectangle is written whole, with SOURCE.
        let unchanged = (first.palette.len() < 256 && alpha.iter().all(|&a| a == 255))
            .then_some(first.palette.len() as u8);
        if unchanged.is_some() {
            rgb.extend([0, 0, 0]);
            alpha.push(0);
        }
        encoder.set_palette(rgb);
        // tRNS up to the last colour that is not opaque (shorter is opaque).
        let keep = alpha.iter().rposition(|&a| a != 255).map_or(0, |i| i + 1);
        if keep > 0 {
            encoder.set_trns(alpha[..keep].to_vec());
        }
        // zlib's default level without row filters: palette indices of
        // flat squares and runs of the "unchanged" index compress well as
        // they are. The `png` crate's Fast (fdeflate) is made for filtered
        // true colour and wrote indices ten times larger (measured on a
        // 400 px game: 30 kB for a 200x383 rectangle against 1.2 kB), and
        // zlib level 1 wrote a 100-ply 720 px game in 680 kB against 355 kB
        // at this level, for 0.08 s less (docs/PERFORMANCE.md).
        encoder.set_compression(png::Compression::Balanced);
        encoder.set_filter(png::Filter::NoFilter);
        // 0 plays: forever.
        encoder.set_animated(frames.max(1), 0)?;
        encoder.set_frame_delay(delay_cs, 100)?;
        encoder.set_dispose_op(png::DisposeOp::None)?;
        encoder.set_blend_op(png::BlendOp::Source)?;
        let mut writer = encoder.write_header()?;
        writer.write_image_data(first.indices)?;
        Ok(ApngWriter {
            writer,
            out,
            size: (w, h),
            palette: first.palette.to_vec(),
            unchanged,
            frames: (frames.max(1), 1),
        })
    }

    /// Adds `next`, shown for `delay_cs` hundredths of a second, drawn as
    /// the rectangle that changed since `previous` (the frame written
    /// last); a frame where nothing changed is one unchanged pixel.
    pub fn push(
        &mut self,
        previous: &PaletteImage<'_>,
        next: &PaletteImage<'_>,
        delay_cs: u16,
    ) -> Result<(), ApngError> {
        if check(previous)? != self.size || check(next)? != self.size {
            return Err(ApngError::BadImage(
                "every frame must have the first one's size",
            ));
        }
        if previous.palette != next.palette {
            return Err(ApngError::BadImage(
                "every frame must have the first one's palette",
            ));
        }
        let change = FrameChange {
            next: *next,
            before: Some(vec![Patch::whole(previous)]),
        };
        self.push_change(&change, delay_cs)
    }

    /// Adds `change.next`, shown for `delay_cs` hundredths of a second,
    /// drawn as the rectangle that changed since the frame written last,
    /// which `change`'s patches hold where the two may differ. Only the
    /// patches are compared, and only the next frame's indices there are
    /// checked: elsewhere they are the frame before's, checked when it was
    /// written.
    pub fn push_change(
        &mut self,
        change: &FrameChange<'_>,
        delay_cs: u16,
    ) -> Result<(), ApngError> {
        let next = &change.next;
        if self.frames.1 >= self.frames.0 {
            return Err(ApngError::BadImage("more frames than announced"));
        }
        if change.before.is_none() {
            return Err(ApngError::BadImage("a later frame needs the frame before"));
        }
        if (next.width, next.height) != self.size
            || next.indices.len() != next.width as usize * next.height as usize
        {
            return Err(ApngError::BadImage(
                "every frame must have the first one's size",
            ));
        }
        if next.palette != self.palette.as_slice() {
            return Err(ApngError::BadImage(
                "every frame must have the first one's palette",
            ));
        }
        if !change.patches_fit() {
            return Err(ApngError::BadImage(frame_change::BAD_PATCH));
        }
        let rect @ (x0, y0, x1, y1) = change.changed_rect().unwrap_or((0, 0, 1, 1));
        if usize::from(change.largest_changed_index(rect)) >= next.palette.len() {
            return Err(ApngError::BadImage("a pixel index is outside the palette"));
        }
        let (w, h) = ((x1 - x0) as u32, (y1 - y0) as u32);
        let mut data = Vec::with_capacity(w as usize * h as usize);
        change.rect_indices(rect, self.unchanged, &mut data);
        self.writer.set_blend_op(if self.unchanged.is_some() {
            png::BlendOp::Over
        } else {
            png::BlendOp::Source
        })?;
        // Position 0 first: the dimension is checked against the current
        // offset, the offset against the current dimension.
        self.writer.reset_frame_position()?;
        self.writer.set_frame_dimension(w, h)?;
        self.writer.set_frame_position(x0 as u32, y0 as u32)?;
        self.writer.set_frame_delay(delay_cs, 100)?;
        self.writer.write_image_data(&data)?;
        self.frames.1 += 1;
        Ok(())
    }

    /// The APNG's bytes, with its end chunk. Fails if fewer frames were
    /// written than announced.
    pub fn finish(self) -> Result<Vec<u8>, ApngError> {
        if self.frames.1 != self.frames.0 {
            return Err(ApngError::BadImage("fewer frames than announced"));
        }
        self.writer.finish()?;
        let bytes = std::mem::take(&mut *self.out.0.lock().unwrap_or_else(|e| e.into_inner()));
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image<'a>(palette: &'a [[u8; 4]], indices: &'a [u8], width: u32) -> PaletteImage<'a> {
        PaletteImage {
            width,
            height: indices.len() as u32 / width,
            palette,
            indices,
        }
    }

    #[test]
    fn the_changed_rectangle_holds_every_changed_pixel_and_no_more() {
        let palette = [[0, 0, 0, 255], [255, 255, 255, 255]];
        let before = [0u8; 20];
        let mut after = before;
        assert_eq!(
            changed_rect(&image(&palette, &before, 5), &image(&palette, &after, 5)),
            None
        );
        after[5 + 3] = 1; // (3, 1)
        after[15 + 1] = 1; // (1, 3)
        assert_eq!(
            changed_rect(&image(&palette, &before, 5), &image(&palette, &after, 5)),
            Some((1, 1, 3, 3))
        );
    }

    #[test]
    fn the_changed_rectangle_of_pictures_unlike_in_size_is_none() {
        // Never a panic: frames of two sizes, or with too few indices.
        let palette = [[0, 0, 0, 255], [255, 255, 255, 255]];
        let small = [0u8; 4];
        let large = [1u8; 9];
        let short = [1u8; 3];
        let a = image(&palette, &small, 2);
        let b = image(&palette, &large, 3);
        assert_eq!(changed_rect(&a, &b), None);
        assert_eq!(changed_rect(&b, &a), None);
        let c = PaletteImage {
            width: 2,
            height: 2,
            palette: &palette,
            indices: &short,
        };
        assert_eq!(changed_rect(&a, &c), None);
        assert_eq!(changed_rect(&c, &a), None);
    }

    #[test]
    fn frames_of_another_palette_or_size_or_count_are_refused() {
        let palette = [[0, 0, 0, 255], [255, 255, 255, 255]];
        let other = [[0, 0, 0, 255], [255, 0, 0, 255]];
        let a = [0u8, 1, 1, 0];
        let mut writer = ApngWriter::new(&image(&palette, &a, 2), 10, 2).unwrap();
        let wrong = writer.push(&image(&palette, &a, 2), &image(&other, &a, 2), 10);
        assert!(matches!(wrong, Err(ApngError::BadImage(_))));
        let wide = writer.push(&image(&palette, &a, 2), &image(&palette, &a, 4), 10);
        assert!(matches!(wide, Err(ApngError::BadImage(_))));
        // One frame of the two announced: no file.
        assert!(writer.finish().is_err());
        let bad = ApngWriter::new(&image(&palette, &[0, 2, 0, 0], 2), 10, 1);
        assert!(matches!(bad, Err(ApngError::BadImage(_))));
    }
}
