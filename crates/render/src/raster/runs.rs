//! Run-length images: the empty board kept as runs of equal pixels.
//!
//! Most of a diagram's background is flat colour (margin, frame, squares):
//! as runs it takes a few tens of kilobytes, where a pixmap of a 400 px
//! board takes 640. It is also drawn without ever allocating a full-size
//! pixmap: a band of rows is drawn, encoded, and reused for the next rows.
//! Fresh memory is not free (every new page is a page fault, a few
//! microseconds each on a virtual machine), and for a one-shot render the
//! background's pixmap alone was a tenth of the run time.
//!
//! Where the bands break matters: tiny-skia flattens a curve that crosses
//! the edge of the pixmap differently from one that does not, so a curve
//! cut by a band edge would come out a shade different from the same curve
//! drawn whole. The caller therefore chooses the breaks (fen2img's layout
//! breaks between rows of squares, which no label or glyph crosses).

use resvg::tiny_skia::{IntRect, Pixmap, PremultipliedColorU8};

/// One run: `len` copies of `pixel` along a row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Run {
    /// The premultiplied pixel, as tiny-skia stores it.
    pub pixel: PremultipliedColorU8,
    /// How many pixels the run covers (at least 1).
    pub len: u32,
}

/// A premultiplied RGBA image as runs of equal pixels, row by row.
#[derive(Debug, Clone)]
pub(crate) struct RunImage {
    width: u32,
    height: u32,
    /// All runs, top row first; no run crosses the end of a row.
    runs: Vec<Run>,
    /// The index in `runs` of each row's first run, then `runs.len()`.
    row_starts: Vec<usize>,
}

/// The bands (first row, row past the end) of an image `height` rows tall
/// broken at `breaks`: one starts at row 0 and at each break inside the
/// image. The one place [`RunImage::draw`] and the marks drawn over its
/// images later (`marks`) take them from, so both draw in the same bands.
pub(crate) fn bands(height: u32, breaks: &[u32]) -> Vec<(u32, u32)> {
    let mut tops: Vec<u32> = breaks.iter().copied().filter(|&y| y < height).collect();
    tops.push(0);
    tops.sort_unstable();
    tops.dedup();
    let ends = tops.iter().skip(1).copied().chain([height]);
    tops.iter().copied().zip(ends).collect()
}

/// A pixel's four bytes as one word.
fn word(px: PremultipliedColorU8) -> u64 {
    u64::from(u32::from_le_bytes([
        px.red(),
        px.green(),
        px.blue(),
        px.alpha(),
    ]))
}

/// How many of `pixels`' first pixels equal `p`, compared two at a time: a
/// board row is a few dozen runs of tens of pixels, and a branch per pixel
/// made turning a one-shot's background into runs cost more than drawing
/// it.
fn run_length(pixels: &[PremultipliedColorU8], p: PremultipliedColorU8) -> usize {
    let pair = word(p) | word(p) << 32;
    let mut pairs = pixels.chunks_exact(2);
    let mut n = 0;
    for two in &mut pairs {
        let diff = (word(two[0]) | word(two[1]) << 32) ^ pair;
        if diff != 0 {
            // The first differing pixel is the one in the low half, if any.
            return n + (diff.trailing_zeros() / 32) as usize;
        }
        n += 2;
    }
    n + pairs.remainder().iter().take_while(|&&q| q == p).count()
}

impl RunImage {
    /// Draws a `width`×`height` image band by band. A band starts at each
    /// row in `breaks` (and at row 0) and ends at the next. `draw(band, top)`
    /// must draw into `band` the rows from image row `top` on, as if `band`
    /// were the image shifted up by `top` rows, starting by covering all of
    /// `band` (it holds the previous band's pixels); rows of `band` past the
    /// band's end are ignored.
    pub fn draw(
        width: u32,
        height: u32,
        breaks: &[u32],
        mut draw: impl FnMut(&mut Pixmap, u32),
    ) -> RunImage {
        let bands = bands(height, breaks);
        let band_rows = bands.iter().map(|(t, e)| e - t).max();
        let band_rows = band_rows.expect("at least one band");
        let mut band = Pixmap::new(width, band_rows).expect("image sizes are at least 1");
        let mut image = RunImage {
            width,
            height,
            // A board row has about twenty runs; growing a vector
            // by doubling would copy it a dozen times.
            runs: Vec::with_capacity(height as usize * 24),
            row_starts: Vec::with_capacity(height as usize + 1),
        };
        for (top, end) in bands {
            draw(&mut band, top);
            let rows = (end - top) as usize;
            for row in band.pixels().chunks_exact(width as usize).take(rows) {
                image.push_row(row);
            }
        }
        image.row_starts.push(image.runs.len());
        image
    }

    /// `pixmap` as runs.
    pub fn from_pixmap(pixmap: &Pixmap) -> RunImage {
        let (width, height) = (pixmap.width(), pixmap.height());
        let mut image = RunImage {
            width,
            height,
            runs: Vec::with_capacity(height as usize * 24),
            row_starts: Vec::with_capacity(height as usize + 1),
        };
        for row in pixmap.pixels().chunks_exact(width as usize) {
            image.push_row(row);
        }
        image.row_starts.push(image.runs.len());
        image
    }

    fn push_row(&mut self, row: &[PremultipliedColorU8]) {
        self.row_starts.push(self.runs.len());
        let mut at = 0;
        while let Some(&pixel) = row.get(at) {
            let len = 1 + run_length(&row[at + 1..], pixel);
            self.runs.push(Run {
                pixel,
                len: len as u32,
            });
            at += len;
        }
    }

    /// The bytes the image holds (its runs and row index), for a cache.
    pub fn bytes(&self) -> u64 {
        (self.runs.len() * std::mem::size_of::<Run>()
            + self.row_starts.len() * std::mem::size_of::<usize>()) as u64
    }

    /// Every run, top row first.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// The runs of row `y`.
    fn row(&self, y: u32) -> &[Run] {
        &self.runs[self.row_starts[y as usize]..self.row_starts[y as usize + 1]]
    }

    /// The pixels of `rect` (which must lie inside the image) as a pixmap.
    pub fn crop(&self, rect: IntRect) -> Pixmap {
        let mut out = Pixmap::new(rect.width(), rect.height()).expect("rect sizes are at least 1");
        self.crop_into(rect, &mut out);
        out
    }

    /// The pixels of `rect` (inside the image) written over `out`, a
    /// pixmap of `rect`'s size: every pixel of it is written, so a caller
    /// can reuse one pixmap for many rectangles.
    pub fn crop_into(&self, rect: IntRect, out: &mut Pixmap) {
        let (w, h) = (rect.width(), rect.height());
        debug_assert_eq!((out.width(), out.height()), (w, h));
        let x0 = rect.x() as u32;
        let x1 = x0 + w;
        for (dy, dst) in out.pixels_mut().chunks_exact_mut(w as usize).enumerate() {
            let mut x = 0;
            for run in self.row(rect.y() as u32 + dy as u32) {
                let (start, end) = (x.max(x0), (x + run.len).min(x1));
                if start < end {
                    dst[(start - x0) as usize..(end - x0) as usize].fill(run.pixel);
                }
                x += run.len;
                if x >= x1 {
                    break;
                }
            }
        }
    }

    /// The image rows from `top` to `end` written over the first rows of
    /// `out`, a pixmap of the image's width and at least that many rows
    /// (a band of `marks::draw_bands`).
    pub fn rows_into(&self, top: u32, end: u32, out: &mut Pixmap) {
        debug_assert_eq!(out.width(), self.width);
        let rows = out.pixels_mut().chunks_exact_mut(self.width as usize);
        for (y, dst) in (top..end).zip(rows) {
            let mut x = 0;
            for run in self.row(y) {
                dst[x..x + run.len as usize].fill(run.pixel);
                x += run.len as usize;
            }
        }
    }

    /// The whole image as a pixmap.
    pub fn to_pixmap(&self) -> Pixmap {
        let all = IntRect::from_xywh(0, 0, self.width, self.height).expect("size at least 1");
        self.crop(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, FillRule, Paint, PathBuilder, Transform};

    /// A disc and a bar over a tinted field, drawn whole or in bands.
    fn scene(pixmap: &mut Pixmap, top: u32) {
        pixmap.fill(Color::from_rgba8(240, 217, 181, 255));
        let shift = Transform::from_translate(0.0, -(top as f32));
        let mut paint = Paint {
            anti_alias: true,
            ..Paint::default()
        };
        paint.set_color_rgba8(20, 40, 200, 160);
        let disc = PathBuilder::from_circle(37.5, 41.25, 20.3).unwrap();
        pixmap.fill_path(&disc, &paint, FillRule::Winding, shift, None);
        paint.set_color_rgba8(0, 0, 0, 255);
        let bar = PathBuilder::from_rect(
            resvg::tiny_skia::Rect::from_xywh(3.0, 30.0, 70.0, 5.0).unwrap(),
        );
        pixmap.fill_path(&bar, &paint, FillRule::Winding, shift, None);
    }

    #[test]
    fn banded_drawing_gives_the_whole_image() {
        let (w, h) = (77, 90);
        let mut whole = Pixmap::new(w, h).unwrap();
        scene(&mut whole, 0);
        // Breaks above and below the disc, and through the straight bar.
        let runs = RunImage::draw(w, h, &[15, 33, 62, 500], scene);
        assert_eq!(runs.to_pixmap().data(), whole.data());
        assert!(runs.runs().len() < (w * h / 4) as usize, "runs are compact");
        let again = RunImage::from_pixmap(&whole);
        assert_eq!(again.runs(), runs.runs());
        assert_eq!(again.row_starts, runs.row_starts);
        let rect = IntRect::from_xywh(20, 25, 30, 40).unwrap();
        assert_eq!(
            runs.crop(rect).data(),
            whole.clone_rect(rect).unwrap().data()
        );
        // Rows into the top of a taller band, the rows below left alone.
        let mut band = Pixmap::new(w, 20).unwrap();
        band.fill(Color::from_rgba8(1, 2, 3, 255));
        runs.rows_into(33, 45, &mut band);
        let row_bytes = w as usize * 4;
        assert_eq!(
            &band.data()[..12 * row_bytes],
            &whole.data()[33 * row_bytes..45 * row_bytes]
        );
        assert!(band.data()[12 * row_bytes..]
            .chunks_exact(4)
            .all(|px| px == [1, 2, 3, 255]));
    }

    #[test]
    fn runs_cover_each_row_exactly() {
        let runs = RunImage::draw(50, 70, &[7, 9, 60], scene);
        for y in 0..runs.height {
            let total: u32 = runs.row(y).iter().map(|r| r.len).sum();
            assert_eq!(total, runs.width, "row {y}");
            assert!(runs.row(y).iter().all(|r| r.len > 0));
        }
    }

    #[test]
    fn runs_are_the_longest_stretches_of_equal_pixels() {
        // Rows of every width from 1 to 40 with runs of random lengths of a
        // few colours (which differ in any one channel), against a count
        // pixel by pixel: each run as long as it goes, and no two
        // neighbouring runs of one colour.
        let colours = [
            [0, 0, 0, 0],
            [9, 0, 0, 9],
            [0, 9, 0, 9],
            [0, 0, 9, 9],
            [9, 9, 9, 9],
        ];
        let mut rng = crate::test_support::Xorshift(0x51ed_2701);
        for width in 1..=40u32 {
            let mut pixmap = Pixmap::new(width, 3).unwrap();
            let mut k = 0;
            let mut colour = 0;
            for px in pixmap.data_mut().chunks_exact_mut(4) {
                if k == 0 {
                    colour = rng.below(5) as usize;
                    k = 1 + rng.below(9);
                }
                px.copy_from_slice(&colours[colour]);
                k -= 1;
            }
            let runs = RunImage::from_pixmap(&pixmap);
            for y in 0..3 {
                let row = &pixmap.pixels()[(y * width) as usize..((y + 1) * width) as usize];
                let mut expected: Vec<(PremultipliedColorU8, u32)> = Vec::new();
                for &px in row {
                    match expected.last_mut() {
                        Some((p, n)) if *p == px => *n += 1,
                        _ => expected.push((px, 1)),
                    }
                }
                let got: Vec<(PremultipliedColorU8, u32)> =
                    runs.row(y).iter().map(|r| (r.pixel, r.len)).collect();
                assert_eq!(got, expected, "width {width}, row {y}");
            }
        }
    }
}
