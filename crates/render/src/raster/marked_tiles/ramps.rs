//! The palette entry of a text's ink at each coverage over each entry,
//! remembered as boards are drawn.
//!
//! A board's texts (player names, clocks, captions) blend a few inks at up
//! to 255 coverages over the few entries of the ground they sit on, board
//! after board. Keyed in a hash map, the lookup per text pixel was a sixth
//! of drawing a marked board (`perf` over `bench/game_marks.sh`, 10,000
//! games, 2026-11-27); here an ink over an entry is one ramp of 256 slots,
//! found once per text and entry, and a pixel is two array reads.

use crate::pixels::quantize::Packed;

/// A slot not filled yet.
const UNKNOWN: u16 = u16::MAX;

/// One ink over one palette entry: the entry of each coverage.
#[derive(Debug)]
struct Ramp {
    ink: Packed,
    under: u8,
    entry: [u16; 256],
}

/// The ramps met so far, at most `most` of them (past that, blends are
/// worked out each time and not kept).
#[derive(Debug)]
pub(super) struct BlendRamps {
    ramps: Vec<Ramp>,
    most: usize,
}

/// The ramps of one ink over each entry, as one text is drawn.
pub(super) struct InkRamps<'a> {
    ramps: &'a mut BlendRamps,
    ink: Packed,
    /// The ramp of each entry under this ink, or [`UNKNOWN`].
    of_entry: [u16; 256],
}

impl BlendRamps {
    /// Keeping at most `most` ramps (512 bytes each).
    pub(super) fn new(most: usize) -> BlendRamps {
        BlendRamps {
            ramps: Vec::new(),
            most,
        }
    }

    /// The bytes the kept ramps hold.
    pub(super) fn bytes(&self) -> u64 {
        (self.ramps.capacity() * std::mem::size_of::<Ramp>()) as u64
    }

    /// The ramps of `ink`, for one text's pixels.
    pub(super) fn of_ink(&mut self, ink: Packed) -> InkRamps<'_> {
        let mut of_entry = [UNKNOWN; 256];
        for (i, r) in self.ramps.iter().enumerate() {
            if r.ink == ink {
                of_entry[r.under as usize] = i as u16;
            }
        }
        InkRamps {
            ramps: self,
            ink,
            of_entry,
        }
    }
}

impl InkRamps<'_> {
    /// The entry of the ink at coverage `alpha` over entry `under`;
    /// `blend` works it out the first time.
    #[inline]
    pub(super) fn entry(&mut self, under: u8, alpha: u8, blend: impl FnOnce() -> u8) -> u8 {
        let mut r = self.of_entry[under as usize];
        if r == UNKNOWN {
            if self.ramps.ramps.len() >= self.ramps.most {
                return blend();
            }
            r = self.ramps.ramps.len() as u16;
            self.ramps.ramps.push(Ramp {
                ink: self.ink,
                under,
                entry: [UNKNOWN; 256],
            });
            self.of_entry[under as usize] = r;
        }
        let slot = &mut self.ramps.ramps[r as usize].entry[alpha as usize];
        if *slot == UNKNOWN {
            *slot = u16::from(blend());
        }
        *slot as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blend_is_worked_out_once_per_ink_entry_and_coverage() {
        let mut ramps = BlendRamps::new(2);
        let mut calls = 0;
        let mut ink = ramps.of_ink(7);
        assert_eq!(
            ink.entry(3, 128, || {
                calls += 1;
                40
            }),
            40
        );
        assert_eq!(
            ink.entry(3, 128, || {
                calls += 1;
                99
            }),
            40
        );
        assert_eq!(
            ink.entry(3, 127, || {
                calls += 1;
                41
            }),
            41
        );
        assert_eq!(calls, 2);
        // Another text of the same ink finds the ramp.
        let mut again = ramps.of_ink(7);
        assert_eq!(again.entry(3, 128, || 99), 40);
        // Another ink over the same entry is a ramp of its own.
        let mut other = ramps.of_ink(8);
        assert_eq!(other.entry(3, 128, || 50), 50);
        // Past the limit, blends are not kept.
        let mut third = ramps.of_ink(9);
        assert_eq!(third.entry(3, 128, || 60), 60);
        assert_eq!(third.entry(3, 128, || 61), 61);
        assert_eq!(ramps.ramps.len(), 2);
    }
}
