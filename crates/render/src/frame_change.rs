//! What changed from one frame of an animation to the next, as the GIF and
//! APNG writers take it: the next frame whole, and the frame before only
//! where it may differ ([`Patch`]es). Below both writers, so that neither
//! imports the other.
//!
//! A game's frame is drawn by changing a few squares of the last one in
//! place ([`Renderer::render_next_in_palette`](crate::Renderer::render_next_in_palette));
//! the squares' earlier indices are all the writers need to find what
//! changed. Handing them the whole frame before instead meant copying it
//! for every frame and comparing every row of the two, a fifth of a
//! 100-ply game's time at 720 px (`perf`, `POST /game.gif`).

use crate::palette_image::PaletteImage;

/// A rectangle of the frame before, with its indices.
#[derive(Debug, Clone, Copy)]
pub struct Patch<'a> {
    /// Left edge, in pixels.
    pub left: u32,
    /// Top edge, in pixels.
    pub top: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width × height` indices of the frame before, row by row.
    pub indices: &'a [u8],
}

impl<'a> Patch<'a> {
    /// All of `image`, as the patch of a frame that may differ anywhere.
    pub fn whole(image: &PaletteImage<'a>) -> Patch<'a> {
        Patch {
            left: 0,
            top: 0,
            width: image.width,
            height: image.height,
            indices: image.indices,
        }
    }
}

impl Patch<'_> {
    /// The part of the patch inside `(x0, y0, x1, y1)` (ends excluded),
    /// in the picture's coordinates; `None` when they do not overlap.
    fn within(
        &self,
        (x0, y0, x1, y1): (usize, usize, usize, usize),
    ) -> Option<(usize, usize, usize, usize)> {
        let (left, top) = (self.left as usize, self.top as usize);
        let (cx0, cx1) = (left.max(x0), (left + self.width as usize).min(x1));
        let (cy0, cy1) = (top.max(y0), (top + self.height as usize).min(y1));
        (cx0 < cx1 && cy0 < cy1).then_some((cx0, cy0, cx1, cy1))
    }
}

/// The next frame of an animation and the frame before it, both in one
/// palette: the frame before is `next` except inside the patches, which
/// hold its own indices there (patches may overlap; each holds the frame
/// before's indices).
#[derive(Debug, Clone)]
pub struct FrameChange<'a> {
    /// The next frame, whole.
    pub next: PaletteImage<'a>,
    /// Where the frame before may differ, and its indices there; `None`
    /// for an animation's first frame.
    pub before: Option<Vec<Patch<'a>>>,
}

/// Why a [`FrameChange`] does not describe two frames.
pub(crate) const BAD_PATCH: &str = "a patch of the frame before lies outside the picture";

impl FrameChange<'_> {
    /// Whether every patch lies inside the picture and holds one index per
    /// pixel.
    pub(crate) fn patches_fit(&self) -> bool {
        let (w, h) = (self.next.width as u64, self.next.height as u64);
        self.before.iter().flatten().all(|p| {
            u64::from(p.left) + u64::from(p.width) <= w
                && u64::from(p.top) + u64::from(p.height) <= h
                && p.indices.len() as u64 == u64::from(p.width) * u64::from(p.height)
        })
    }

    /// The rectangle `(x0, y0, x1, y1)` (ends excluded) holding every
    /// pixel whose index differs from the frame before, or `None` when
    /// nothing changed. The patches must fit ([`FrameChange::patches_fit`]).
    pub(crate) fn changed_rect(&self) -> Option<(usize, usize, usize, usize)> {
        let w = self.next.width as usize;
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for p in self.before.iter().flatten() {
            let (left, top, pw) = (p.left as usize, p.top as usize, p.width as usize);
            if pw == 0 {
                continue;
            }
            let rows = p.indices.chunks_exact(pw).enumerate();
            for (dy, was) in rows {
                let y = top + dy;
                let now = &self.next.indices[y * w + left..y * w + left + pw];
                if was == now {
                    continue;
                }
                x0 = x0.min(left + first_difference(was, now));
                x1 = x1.max(left + last_difference(was, now) + 1);
                y0 = y0.min(y);
                y1 = y1.max(y + 1);
            }
        }
        (x0 != usize::MAX).then_some((x0, y0, x1, y1))
    }

    /// Appends the next frame's indices inside `rect` (as
    /// [`FrameChange::changed_rect`] gives it) to `out`, row by row, with
    /// `unchanged` (when given) in place of every pixel whose index is the
    /// frame before's.
    pub(crate) fn rect_indices(
        &self,
        (x0, y0, x1, y1): (usize, usize, usize, usize),
        unchanged: Option<u8>,
        out: &mut Vec<u8>,
    ) {
        let w = self.next.width as usize;
        let rw = x1 - x0;
        let start = out.len();
        let Some(hole) = unchanged else {
            for y in y0..y1 {
                out.extend_from_slice(&self.next.indices[y * w + x0..y * w + x1]);
            }
            return;
        };
        // Unchanged everywhere, then the changed pixels written in from
        // the patches (outside them nothing changed).
        out.resize(start + rw * (y1 - y0), hole);
        let rect = &mut out[start..];
        for p in self.before.iter().flatten() {
            let Some((cx0, cy0, cx1, cy1)) = p.within((x0, y0, x1, y1)) else {
                continue;
            };
            let (left, top, pw) = (p.left as usize, p.top as usize, p.width as usize);
            for y in cy0..cy1 {
                let was = &p.indices[(y - top) * pw + cx0 - left..(y - top) * pw + cx1 - left];
                let now = &self.next.indices[y * w + cx0..y * w + cx1];
                let dst = &mut rect[(y - y0) * rw + cx0 - x0..(y - y0) * rw + cx1 - x0];
                // Each pixel from its two indices alone, without a branch
                // (vectorized): patches that overlap hold the same earlier
                // indices, so the last one written is right.
                for ((d, &b), &a) in dst.iter_mut().zip(was).zip(now) {
                    *d = if a == b { hole } else { a };
                }
            }
        }
    }

    /// The largest index among the next frame's pixels inside both `rect`
    /// and the patches: every pixel that changed (elsewhere they are the
    /// frame before's, checked with it).
    pub(crate) fn largest_changed_index(&self, rect: (usize, usize, usize, usize)) -> u8 {
        let w = self.next.width as usize;
        let mut largest = 0u8;
        for (cx0, cy0, cx1, cy1) in self.before.iter().flatten().filter_map(|p| p.within(rect)) {
            for y in cy0..cy1 {
                let now = &self.next.indices[y * w + cx0..y * w + cx1];
                largest = now.iter().fold(largest, |m, &i| m.max(i));
            }
        }
        largest
    }
}

/// Where two rows of indices first differ (0 when they do not), eight
/// indices at a time: a changed frame's rows differ in a square or two,
/// and a byte at a time this was a tenth of a game's time.
pub(crate) fn first_difference(a: &[u8], b: &[u8]) -> usize {
    let words = a.chunks_exact(8).zip(b.chunks_exact(8));
    for (n, (x, y)) in words.enumerate() {
        let d = word(x) ^ word(y);
        if d != 0 {
            // Little-endian: the first differing byte is the lowest.
            return 8 * n + (d.trailing_zeros() / 8) as usize;
        }
    }
    let tail = a.len() / 8 * 8;
    let mut rest = a[tail..].iter().zip(&b[tail..]);
    rest.position(|(p, q)| p != q).map_or(0, |i| tail + i)
}

/// Where two rows of indices last differ (0 when they do not), eight
/// indices at a time from the end.
pub(crate) fn last_difference(a: &[u8], b: &[u8]) -> usize {
    let tail = a.len() / 8 * 8;
    let mut rest = a[tail..].iter().zip(&b[tail..]);
    if let Some(i) = rest.rposition(|(p, q)| p != q) {
        return tail + i;
    }
    let words = a[..tail].chunks_exact(8).zip(b[..tail].chunks_exact(8));
    for (n, (x, y)) in words.enumerate().rev() {
        let d = word(x) ^ word(y);
        if d != 0 {
            return 8 * n + 7 - (d.leading_zeros() / 8) as usize;
        }
    }
    0
}

/// Eight indices as a little-endian word.
fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_differences_are_found_at_every_place() {
        // Rows of every length around the eight-byte words, one or two
        // bytes changed anywhere: the word scans give what a byte scan
        // gives.
        for len in [1usize, 7, 8, 9, 16, 23, 720] {
            let a: Vec<u8> = (0..len).map(|i| (i * 7 % 5) as u8).collect();
            for i in 0..len {
                for j in [i, (i + 3).min(len - 1), len - 1] {
                    let mut b = a.clone();
                    b[i] ^= 0x40;
                    b[j] ^= 0x01;
                    let first = a.iter().zip(&b).position(|(p, q)| p != q).unwrap();
                    let last = a.iter().zip(&b).rposition(|(p, q)| p != q).unwrap();
                    assert_eq!(first_difference(&a, &b), first, "{len} {i} {j}");
                    assert_eq!(last_difference(&a, &b), last, "{len} {i} {j}");
                }
            }
        }
    }

    /// A `w × h` picture of pseudo-random indices below 4.
    fn picture(w: usize, h: usize, seed: u32) -> Vec<u8> {
        let mut s = seed;
        (0..w * h)
            .map(|_| {
                s = s.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (s >> 16) as u8 % 4
            })
            .collect()
    }

    #[test]
    fn patches_give_what_comparing_the_whole_frames_gives() {
        // A frame changed in a few rectangles (some overlapping, some
        // changed to what they were): the changed rectangle and its
        // indices from the rectangles' earlier pixels are those found by
        // comparing the two whole frames pixel by pixel.
        let palette = [[0, 0, 0, 255]; 4];
        let (w, h) = (37usize, 23usize);
        for seed in 0..40u32 {
            let before = picture(w, h, seed);
            let mut next = before.clone();
            let mut rects = Vec::new();
            for k in 0..(seed % 4) as usize {
                let x = (seed as usize * 7 + k * 11) % w;
                let y = (seed as usize * 5 + k * 3) % h;
                let rw = (3 + k * 5).min(w - x);
                let rh = (2 + k * 4).min(h - y);
                let fresh = picture(rw, rh, seed * 31 + k as u32);
                for dy in 0..rh {
                    for dx in 0..rw {
                        // Every other rectangle writes back some of what was there.
                        if k % 2 == 0 || (dx + dy) % 3 != 0 {
                            next[(y + dy) * w + x + dx] = fresh[dy * rw + dx];
                        }
                    }
                }
                rects.push((x, y, rw, rh));
            }
            let held: Vec<Vec<u8>> = rects
                .iter()
                .map(|&(x, y, rw, rh)| {
                    (y..y + rh)
                        .flat_map(|row| before[row * w + x..row * w + x + rw].to_vec())
                        .collect()
                })
                .collect();
            let view = |indices| PaletteImage {
                width: w as u32,
                height: h as u32,
                palette: &palette,
                indices,
            };
            let change = FrameChange {
                next: view(&next),
                before: Some(
                    rects
                        .iter()
                        .zip(&held)
                        .map(|(&(x, y, rw, rh), indices)| Patch {
                            left: x as u32,
                            top: y as u32,
                            width: rw as u32,
                            height: rh as u32,
                            indices,
                        })
                        .collect(),
                ),
            };
            assert!(change.patches_fit());
            let whole = FrameChange {
                next: view(&next),
                before: Some(vec![Patch::whole(&view(&before))]),
            };
            // Pixel by pixel, the plain way.
            let changed: Vec<(usize, usize)> = (0..w * h)
                .filter(|&i| before[i] != next[i])
                .map(|i| (i % w, i / w))
                .collect();
            let want = (!changed.is_empty()).then(|| {
                (
                    changed.iter().map(|c| c.0).min().unwrap(),
                    changed.iter().map(|c| c.1).min().unwrap(),
                    changed.iter().map(|c| c.0).max().unwrap() + 1,
                    changed.iter().map(|c| c.1).max().unwrap() + 1,
                )
            });
            assert_eq!(change.changed_rect(), want, "seed {seed}");
            assert_eq!(whole.changed_rect(), want, "seed {seed}");
            let Some(rect @ (x0, y0, x1, y1)) = want else {
                continue;
            };
            for unchanged in [Some(9u8), None] {
                let plain: Vec<u8> = (y0..y1)
                    .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                    .map(|(x, y)| match unchanged {
                        Some(u) if before[y * w + x] == next[y * w + x] => u,
                        _ => next[y * w + x],
                    })
                    .collect();
                for c in [&change, &whole] {
                    let mut out = vec![7];
                    c.rect_indices(rect, unchanged, &mut out);
                    assert_eq!(out[0], 7, "appended");
                    assert_eq!(out[1..], plain[..], "seed {seed} {unchanged:?}");
                }
            }
            let largest = rects
                .iter()
                .flat_map(|&(x, y, rw, rh)| {
                    (y..y + rh).flat_map(move |row| (x..x + rw).map(move |c| row * w + c))
                })
                .map(|i| next[i])
                .max()
                .unwrap_or(0);
            let all = (0, 0, w, h);
            assert_eq!(change.largest_changed_index(all), largest, "seed {seed}");
        }
    }

    #[test]
    fn patches_outside_the_picture_do_not_fit() {
        let palette = [[0, 0, 0, 255]];
        let indices = [0u8; 12];
        let next = PaletteImage {
            width: 4,
            height: 3,
            palette: &palette,
            indices: &indices,
        };
        let patch = |left, top, width, height, indices| Patch {
            left,
            top,
            width,
            height,
            indices,
        };
        let fits = |p: Patch| {
            FrameChange {
                next,
                before: Some(vec![p]),
            }
            .patches_fit()
        };
        assert!(fits(patch(2, 1, 2, 2, &[0; 4])));
        assert!(!fits(patch(3, 1, 2, 2, &[0; 4])), "too far right");
        assert!(!fits(patch(2, 2, 2, 2, &[0; 4])), "too far down");
        assert!(!fits(patch(2, 1, 2, 2, &[0; 3])), "too few indices");
        assert!(!fits(patch(u32::MAX, 0, 2, 1, &[0; 2])), "overflow");
    }
}
