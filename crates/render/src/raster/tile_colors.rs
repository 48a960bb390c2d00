//! The colours of drawn tiles: counted into a histogram for a palette, and
//! turned into palette indices. Both take a tile a run of one colour at a
//! time, and keep a small table of recent colours in front of their hash
//! maps.

use resvg::tiny_skia::{Pixmap, PremultipliedColorU8};

use crate::pixels::quantize::{ColorMap, Packed};

/// A pixel as straight-alpha packed RGBA, by tiny-skia's own conversion
/// (the one `pixels::rgba` uses), so both raster paths agree exactly.
pub(super) fn straight(px: PremultipliedColorU8) -> Packed {
    let c = px.demultiply();
    u32::from_le_bytes([c.red(), c.green(), c.blue(), c.alpha()])
}

/// Adds every pixel of `p` to `histogram`, by its straight-alpha colour.
pub(super) fn count_colors(p: &Pixmap, histogram: &mut ColorMap<u64>) {
    // Runs of one colour are the norm (squares), so count runs, not pixels.
    // Most runs are of a few colours (a square's, a piece's fill and
    // outline), which are added up in a small table before the map.
    let mut recent = [(PremultipliedColorU8::TRANSPARENT, 0u64); RECENT];
    let mut add = |c: PremultipliedColorU8, n: u64| {
        let slot = &mut recent[recent_slot(c)];
        if slot.0 == c {
            slot.1 += n;
        } else {
            if slot.1 > 0 {
                *histogram.entry(straight(slot.0)).or_default() += slot.1;
            }
            *slot = (c, n);
        }
    };
    let mut run: Option<(PremultipliedColorU8, u64)> = None;
    for &px in p.pixels() {
        match &mut run {
            Some((c, n)) if *c == px => *n += 1,
            _ => {
                if let Some((c, n)) = run {
                    add(c, n);
                }
                run = Some((px, 1));
            }
        }
    }
    if let Some((c, n)) = run {
        add(c, n);
    }
    for (c, n) in recent {
        if n > 0 {
            *histogram.entry(straight(c)).or_default() += n;
        }
    }
}

/// Slots of the small tables of recent colours that `count_colors` and
/// `to_indices` keep in front of their hash maps: a direct-mapped table
/// is a multiplication and a comparison, a hash map update several times
/// that (callgrind: the two were a tenth of a one-shot PNG's
/// instructions).
const RECENT: usize = 64;

/// `c`'s slot in a table of [`RECENT`] colours.
fn recent_slot(c: PremultipliedColorU8) -> usize {
    let key = u32::from_le_bytes([c.red(), c.green(), c.blue(), c.alpha()]);
    (key.wrapping_mul(0x9E37_79B1) >> (32 - RECENT.trailing_zeros())) as usize
}

/// `p`'s pixels as palette indices, row by row: `index` of each pixel's
/// straight-alpha colour (asked once for a run, and once for a colour as
/// long as it stays in the table of recent ones).
pub(super) fn to_indices(p: &Pixmap, mut index: impl FnMut(Packed) -> u8) -> Vec<u8> {
    let mut out = Vec::with_capacity((p.width() * p.height()) as usize);
    // The index of a colour never changes, so recent ones are kept (a
    // slot holding transparent black with `None` is empty).
    let mut recent = [(PremultipliedColorU8::TRANSPARENT, None::<u8>); RECENT];
    let mut last: Option<(PremultipliedColorU8, u8)> = None;
    for &px in p.pixels() {
        let i = match last {
            Some((c, i)) if c == px => i,
            _ => {
                let slot = &mut recent[recent_slot(px)];
                match *slot {
                    (c, Some(i)) if c == px => i,
                    _ => {
                        let i = index(straight(px));
                        *slot = (px, Some(i));
                        i
                    }
                }
            }
        };
        last = Some((px, i));
        out.push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables of recent colours change nothing: counts and indices
    /// as a plain per-pixel count and lookup give them, on pixels with
    /// more colours than the table has slots, in runs and alone.
    #[test]
    fn recent_colours_count_and_index_as_every_pixel_would() {
        let mut rng = crate::test_support::Xorshift(11);
        let mut p = Pixmap::new(61, 37).unwrap();
        let mut k = 0;
        while k < p.pixels().len() {
            let a = [0, 255, 90][rng.below(3) as usize];
            let c = PremultipliedColorU8::from_rgba(
                (rng.below(12) * 20).min(a) as u8,
                (rng.below(5) * 50).min(a) as u8,
                (rng.below(3) * 80).min(a) as u8,
                a as u8,
            )
            .unwrap();
            let run = 1 + rng.below(6) as usize;
            for px in p.pixels_mut().iter_mut().skip(k).take(run) {
                *px = c;
            }
            k += run;
        }
        let mut counted = ColorMap::default();
        count_colors(&p, &mut counted);
        let mut plain: ColorMap<u64> = ColorMap::default();
        for &px in p.pixels() {
            *plain.entry(straight(px)).or_default() += 1;
        }
        assert!(plain.len() > RECENT);
        assert_eq!(counted, plain);
        // Any fixed map of colours to indices will do.
        let index = |c: Packed| (c.wrapping_mul(2_654_435_761) >> 24) as u8;
        let expected: Vec<u8> = p.pixels().iter().map(|&px| index(straight(px))).collect();
        assert_eq!(to_indices(&p, index), expected);
    }
}
