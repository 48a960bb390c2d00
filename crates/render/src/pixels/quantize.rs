//! Palettes: exact when an image set has at most 256 colours, otherwise a
//! deterministic median cut.
//!
//! The input is a colour histogram, not an image, so a palette can be made
//! once for everything a set of options can draw (every tile, every margin)
//! and shared by all boards: the same options then always give the same
//! palette, whatever order boards are rendered in.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// A flat colour (see [`Palette::from_histogram_keeping_flat`]) has at
/// least one part in this many of a histogram's weight.
pub const FLAT_SHARE: u64 = 200;

/// A straight-alpha colour packed as `u32::from_le_bytes([r, g, b, a])`.
pub type Packed = u32;

/// A map keyed by packed colours, with a hash suited to them.
pub type ColorMap<V> = HashMap<Packed, V, BuildHasherDefault<ColorHasher>>;

/// Hashes a `u32` colour with one multiplication (Fibonacci hashing):
/// colour maps are built from hundreds of thousands of pixels, and the
/// standard library's DoS-resistant hasher is several times slower.
#[derive(Default)]
pub struct ColorHasher(u64);

impl Hasher for ColorHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u32(&mut self, v: u32) {
        self.0 = (v as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The nearest palette entry of colours a palette was not made from (a
/// text's edges, a glow no sampled frame had), remembered: the search runs
/// over every entry, and such colours recur board after board.
#[derive(Debug)]
pub struct NearestCache {
    entries: ColorMap<u8>,
    most: usize,
}

impl NearestCache {
    /// Remembering at most `most` colours (past it, the rest are searched
    /// each time).
    pub fn new(most: usize) -> NearestCache {
        NearestCache {
            entries: ColorMap::default(),
            most,
        }
    }

    /// The entry of `c` in `palette` (which must be the one the cache was
    /// used with from the start): its own, or the nearest.
    pub fn index(&mut self, palette: &Palette, c: Packed) -> u8 {
        if let Some(&i) = self.entries.get(&c) {
            return i;
        }
        let i = palette.index(c);
        if self.entries.len() < self.most {
            self.entries.insert(c, i);
        }
        i
    }
}

/// A palette and the index of every colour it was made from.
#[derive(Debug, Clone)]
pub struct Palette {
    /// Up to 256 colours, `[r, g, b, a]`.
    pub colors: Vec<[u8; 4]>,
    /// Whether every input colour is in the palette exactly (read by the
    /// tests, which check which path an image took).
    #[cfg_attr(not(test), allow(dead_code))]
    pub exact: bool,
    lookup: ColorMap<u8>,
}

impl Palette {
    /// A palette for `histogram` (colour → pixel count), at most 256 entries.
    /// The tests' shorthand: every caller in the crate says how many
    /// entries it can take.
    #[cfg(test)]
    pub fn from_histogram(histogram: &ColorMap<u64>) -> Palette {
        Palette::from_histogram_within(histogram, 256)
    }

    /// A palette for `histogram` of at most `most` (1 to 256) entries: an
    /// animation's palette keeps one entry free for "unchanged".
    pub fn from_histogram_within(histogram: &ColorMap<u64>, most: usize) -> Palette {
        let most = most.clamp(1, 256);
        let mut colors: Vec<(Packed, u64)> = histogram.iter().map(|(&c, &n)| (c, n)).collect();
        // Most frequent first (the background gets index 0), then by value,
        // so the palette does not depend on hash map order. The colours
        // are distinct, so no two keys are equal and an unstable sort
        // gives the one order.
        colors.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if colors.len() <= most {
            let lookup = colors
                .iter()
                .enumerate()
                .map(|(i, &(c, _))| (c, i as u8))
                .collect();
            return Palette {
                colors: colors.iter().map(|&(c, _)| c.to_le_bytes()).collect(),
                exact: true,
                lookup,
            };
        }
        let boxes = median_cut(&colors, most);
        let entries: Vec<([u8; 4], u64)> = boxes.iter().map(|b| mean(b)).collect();
        Palette::of_entries(entries, &colors)
    }

    /// A palette of at most `most` colours for `histogram`: 256, as
    /// [`Palette::from_histogram_within`] (PNG, sixel, every palette made
    /// before still GIFs had fewer colours); fewer (a still GIF's), as
    /// [`Palette::from_histogram_keeping_flat`].
    pub fn reduced(histogram: &ColorMap<u64>, most: usize) -> Palette {
        if most >= 256 {
            Palette::from_histogram_within(histogram, most)
        } else {
            Palette::from_histogram_keeping_flat(histogram, most)
        }
    }

    /// A palette for `histogram` of at most `most` (1 to 256) entries that
    /// keeps its flat colours exact: each colour with at least
    /// 1/[`FLAT_SHARE`] of the weight (a board's squares, margin and tints,
    /// the pieces' fills), up to half the entries, heaviest first, is an
    /// entry of its own, and the other colours are cut by the median into
    /// the entries left. Exact when the histogram has at most `most`
    /// colours. ([`Palette::from_histogram_within`] takes box means for
    /// all, and a flat colour sharing a box with a few edge shades can
    /// move by a level.)
    pub fn from_histogram_keeping_flat(histogram: &ColorMap<u64>, most: usize) -> Palette {
        let most = most.clamp(1, 256);
        if histogram.len() <= most {
            return Palette::from_histogram_within(histogram, most);
        }
        let mut colors: Vec<(Packed, u64)> = histogram.iter().map(|(&c, &n)| (c, n)).collect();
        colors.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let total: u64 = colors.iter().map(|(_, n)| n).sum();
        let flat = colors
            .iter()
            .take(most / 2)
            .take_while(|(_, n)| n.saturating_mul(FLAT_SHARE) >= total)
            .count();
        let (kept, rest) = colors.split_at(flat);
        let kept = kept.iter().map(|&(c, n)| (c.to_le_bytes(), n));
        let boxes = median_cut(rest, most - flat);
        let entries = kept.chain(boxes.iter().map(|b| mean(b))).collect();
        Palette::of_entries(entries, &colors)
    }

    /// The palette of `entries` (colours with their weights), heaviest
    /// first, each of `colors` (sorted as the histogram's) looked up: its
    /// own entry, else the nearest.
    fn of_entries(mut entries: Vec<([u8; 4], u64)>, colors: &[(Packed, u64)]) -> Palette {
        // Equal keys are equal entries, so an unstable sort gives the one
        // order.
        entries.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let palette: Vec<[u8; 4]> = entries.into_iter().map(|(c, _)| c).collect();
        // Most colours are a box of their own, so they are in the palette
        // exactly: look those up (the first entry, as `nearest` would give)
        // and search only for the rest.
        let mut exact: ColorMap<u8> = ColorMap::default();
        for (i, c) in palette.iter().enumerate().rev() {
            exact.insert(u32::from_le_bytes(*c), i as u8);
        }
        let by_red = ByRed::new(&palette);
        let lookup = colors
            .iter()
            .map(|&(c, _)| {
                let i = exact
                    .get(&c)
                    .copied()
                    .unwrap_or_else(|| by_red.nearest(c.to_le_bytes()));
                (c, i)
            })
            .collect();
        Palette {
            colors: palette,
            exact: false,
            lookup,
        }
    }

    /// This palette with `extra` colours appended (those it lacks, as far
    /// as 256 entries go), each its own exact entry: colours a set of
    /// boards will show that no histogram counted (the anti-aliasing ramp
    /// of a text's ink over its background), kept out of the median cut so
    /// that they stay exact however many colours the pieces bring.
    pub fn extended(mut self, extra: impl IntoIterator<Item = Packed>) -> Palette {
        for c in extra {
            if self.colors.len() == 256 {
                break;
            }
            if !self.colors.contains(&c.to_le_bytes()) {
                self.lookup.insert(c, self.colors.len() as u8);
                self.colors.push(c.to_le_bytes());
            }
        }
        self
    }

    /// The exact palette of an image (straight RGBA bytes), colours in
    /// order of first appearance, with each pixel's index; `None` when it
    /// has more than 256 colours. The one exact-palette builder: the PNG
    /// encoder's RGBA path uses it, and the tile path's exact palettes
    /// (from a histogram, above) order by use instead.
    pub fn exact_of_pixels(pixels: &[u8]) -> Option<(Palette, Vec<u8>)> {
        let mut lookup: ColorMap<u8> = ColorMap::default();
        lookup.reserve(256);
        let mut colors: Vec<[u8; 4]> = Vec::with_capacity(256);
        let mut indices = Vec::with_capacity(pixels.len() / 4);
        let mut last: Option<(Packed, u8)> = None;
        for px in pixels.chunks_exact(4) {
            let key = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
            // Runs of one colour are the norm (squares): check the last first.
            let index = match last {
                Some((k, i)) if k == key => i,
                _ => match lookup.get(&key) {
                    Some(&i) => i,
                    None => {
                        if colors.len() == 256 {
                            return None;
                        }
                        let i = colors.len() as u8;
                        colors.push(key.to_le_bytes());
                        lookup.insert(key, i);
                        i
                    }
                },
            };
            last = Some((key, index));
            indices.push(index);
        }
        let palette = Palette {
            colors,
            exact: true,
            lookup,
        };
        Some((palette, indices))
    }

    /// The index of a colour the palette was made from (nearest otherwise).
    pub fn index(&self, c: Packed) -> u8 {
        match self.lookup.get(&c) {
            Some(&i) => i,
            None => nearest(&self.colors, c.to_le_bytes()),
        }
    }
}

/// Colours with their pixel counts.
type Weighted = Vec<([u8; 4], u64)>;

/// A median-cut box: its colours, and its widest channel with that
/// channel's range, computed once when the box is made.
#[derive(Default)]
struct ColorBox {
    colors: Weighted,
    channel: usize,
    range: u32,
}

impl ColorBox {
    fn new(colors: Weighted) -> ColorBox {
        let mut best = (0usize, 0u32);
        for ch in 0..4 {
            let (lo, hi) = colors.iter().fold((255u8, 0u8), |(lo, hi), (c, _)| {
                (lo.min(c[ch]), hi.max(c[ch]))
            });
            // Alpha counts double: a wrong transparency shows more than a
            // wrong tint.
            let range = hi.saturating_sub(lo) as u32 * if ch == 3 { 2 } else { 1 };
            if range > best.1 {
                best = (ch, range);
            }
        }
        ColorBox {
            colors,
            channel: best.0,
            range: best.1,
        }
    }
}

/// Splits the colour set into at most `n` boxes: repeatedly the box with the
/// widest channel range (the first on ties), at the pixel-count median
/// along that channel.
fn median_cut(colors: &[(Packed, u64)], n: usize) -> Vec<Weighted> {
    let first: Weighted = colors.iter().map(|&(c, w)| (c.to_le_bytes(), w)).collect();
    let mut boxes = vec![ColorBox::new(first)];
    // The boxes that can still be split, widest first, then lowest index:
    // a heap instead of a scan of all boxes for every cut.
    let mut splittable = BinaryHeap::new();
    let offer = |heap: &mut BinaryHeap<(u32, Reverse<usize>)>, b: &ColorBox, i: usize| {
        if b.colors.len() >= 2 && b.range > 0 {
            heap.push((b.range, Reverse(i)));
        }
    };
    offer(&mut splittable, &boxes[0], 0);
    while boxes.len() < n {
        let Some((_, Reverse(i))) = splittable.pop() else {
            break;
        };
        let ColorBox {
            colors: mut b,
            channel: ch,
            ..
        } = std::mem::take(&mut boxes[i]);
        // The colours are distinct, so the keys are, and an unstable sort
        // gives the one order.
        b.sort_unstable_by_key(|(c, _)| u64::from(c[ch]) << 32 | u64::from(u32::from_le_bytes(*c)));
        let total: u64 = b.iter().map(|(_, w)| w).sum();
        let mut acc = 0;
        let mut cut = 1;
        for (k, (_, w)) in b.iter().enumerate() {
            acc += w;
            if acc * 2 >= total {
                cut = (k + 1).clamp(1, b.len() - 1);
                break;
            }
        }
        let rest = b.split_off(cut);
        boxes[i] = ColorBox::new(b);
        boxes.push(ColorBox::new(rest));
        offer(&mut splittable, &boxes[i], i);
        offer(&mut splittable, &boxes[boxes.len() - 1], boxes.len() - 1);
    }
    boxes.into_iter().map(|b| b.colors).collect()
}

/// Pixel-weighted mean colour of a box, and its weight.
fn mean(b: &[([u8; 4], u64)]) -> ([u8; 4], u64) {
    let total: u64 = b.iter().map(|(_, w)| w).sum::<u64>().max(1);
    let mut sum = [0u64; 4];
    for (c, w) in b {
        for ch in 0..4 {
            sum[ch] += c[ch] as u64 * w;
        }
    }
    let avg = |ch: usize| ((sum[ch] + total / 2) / total) as u8;
    ([avg(0), avg(1), avg(2), avg(3)], total)
}

/// The index of the palette entry nearest `c` (squared distance, alpha
/// counted twice; the first of equals). Each entry's distance is summed a
/// channel at a time and the entry left as soon as the sum reaches the best
/// so far, which picks the same entry as summing all four: a one-shot
/// diagram in cburnett brings a few hundred colours that a 256-entry
/// palette holds only near, and searching for those was most of its
/// palette's time.
fn nearest(palette: &[[u8; 4]], c: [u8; 4]) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (i, p) in palette.iter().enumerate() {
        let d = |ch: usize| {
            let x = p[ch] as i32 - c[ch] as i32;
            (x * x) as u32
        };
        // Alpha last: most colours are opaque, and their alphas tell
        // entries apart least.
        let mut dist = d(0);
        if dist >= best.0 {
            continue;
        }
        dist += d(1);
        if dist >= best.0 {
            continue;
        }
        dist += d(2);
        if dist >= best.0 {
            continue;
        }
        dist += 2 * d(3);
        if dist < best.0 {
            best = (dist, i as u8);
        }
    }
    best.1
}

/// A palette's entries in order of red, for many nearest-entry searches
/// at once (a palette's own colours that its median cut moved: several
/// hundred for a one-shot cburnett board, where a search of all 256
/// entries each was a fifth of building the palette).
struct ByRed {
    /// Each entry with its index, by red, then by index.
    entries: Vec<([u8; 4], u8)>,
}

impl ByRed {
    fn new(palette: &[[u8; 4]]) -> ByRed {
        let mut entries: Vec<([u8; 4], u8)> = palette
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u8))
            .collect();
        entries.sort_unstable_by_key(|&(c, i)| (c[0], i));
        ByRed { entries }
    }

    /// The entry [`nearest`] picks for `c`: the smallest distance, the
    /// lowest index of equals. The search starts at `c`'s red and goes
    /// out both ways, each way ending where the red difference alone
    /// exceeds the best distance so far.
    fn nearest(&self, c: [u8; 4]) -> u8 {
        let start = self.entries.partition_point(|(p, _)| p[0] < c[0]);
        let mut best = (u32::MAX, u8::MAX);
        let mut look = |&(p, i): &([u8; 4], u8)| {
            let d = |ch: usize| {
                let x = p[ch] as i32 - c[ch] as i32;
                (x * x) as u32
            };
            let red = d(0);
            if red > best.0 {
                return false;
            }
            let dist = red + d(1) + d(2) + 2 * d(3);
            if (dist, i) < best {
                best = (dist, i);
            }
            true
        };
        for entry in &self.entries[start..] {
            if !look(entry) {
                break;
            }
        }
        for entry in self.entries[..start].iter().rev() {
            if !look(entry) {
                break;
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The median cut with a stable sort of each box and a scan for the
    /// box to split, as first written.
    fn median_cut_by_sorting(colors: &[(Packed, u64)], n: usize) -> Vec<Weighted> {
        let first: Weighted = colors.iter().map(|&(c, w)| (c.to_le_bytes(), w)).collect();
        let mut boxes = vec![ColorBox::new(first)];
        while boxes.len() < n {
            let Some(i) = (0..boxes.len())
                .filter(|&i| boxes[i].colors.len() >= 2 && boxes[i].range > 0)
                .max_by_key(|&i| (boxes[i].range, Reverse(i)))
            else {
                break;
            };
            let ColorBox {
                colors: mut b,
                channel: ch,
                ..
            } = std::mem::take(&mut boxes[i]);
            b.sort_by_key(|(c, _)| (c[ch], u32::from_le_bytes(*c)));
            let total: u64 = b.iter().map(|(_, w)| w).sum();
            let mut acc = 0;
            let mut cut = 1;
            for (k, (_, w)) in b.iter().enumerate() {
                acc += w;
                if acc * 2 >= total {
                    cut = (k + 1).clamp(1, b.len() - 1);
                    break;
                }
            }
            let rest = b.split_off(cut);
            boxes[i] = ColorBox::new(b);
            boxes.push(ColorBox::new(rest));
        }
        boxes.into_iter().map(|b| b.colors).collect()
    }

    #[test]
    fn the_median_cut_makes_the_boxes_it_made_with_stable_sorts() {
        let mut rng = crate::test_support::Xorshift(0x1234_5677);
        for (len, spread, entries) in [
            (2, 256, 2),
            (40, 4, 8),
            (700, 256, 256),
            (900, 16, 64),
            (300, 256, 1),
        ] {
            // Distinct colours (a histogram's keys), some channels narrow so
            // that many colours share a value, weights from one to heavy.
            let mut colors: ColorMap<u64> = ColorMap::default();
            while colors.len() < len {
                let c = [
                    rng.below(spread) as u8,
                    rng.below(256) as u8,
                    rng.below(spread) as u8,
                    255 - rng.below(3) as u8,
                ];
                colors.insert(u32::from_le_bytes(c), 1 + u64::from(rng.below(1000)).pow(2));
            }
            let mut sorted: Vec<(Packed, u64)> = colors.into_iter().collect();
            sorted.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let as_sets = |boxes: Vec<Weighted>| -> Vec<Weighted> {
                boxes
                    .into_iter()
                    .map(|mut b| {
                        b.sort_unstable_by_key(|(c, _)| u32::from_le_bytes(*c));
                        b
                    })
                    .collect()
            };
            assert_eq!(
                as_sets(median_cut(&sorted, entries)),
                as_sets(median_cut_by_sorting(&sorted, entries)),
                "{len} colours into {entries}"
            );
        }
    }

    #[test]
    fn the_search_by_red_finds_the_entry_the_full_search_finds() {
        // Palettes with repeated entries and repeated reds (ties), colours
        // in and out of them, alpha included.
        let mut rng = crate::test_support::Xorshift(0x9e37_79b9);
        let mut next = |m: u32| rng.below(m) as u8;
        for size in [1usize, 2, 7, 64, 256] {
            let palette: Vec<[u8; 4]> = (0..size)
                .map(|_| {
                    [
                        next(256) / 8 * 8,
                        next(256),
                        next(256),
                        [0, 128, 255][next(3) as usize],
                    ]
                })
                .collect();
            let by_red = ByRed::new(&palette);
            for _ in 0..3000 {
                let c = [next(256), next(256), next(256), next(256)];
                assert_eq!(by_red.nearest(c), nearest(&palette, c), "{c:?} in {size}");
            }
            for &c in &palette {
                assert_eq!(by_red.nearest(c), nearest(&palette, c), "{c:?} in {size}");
            }
        }
    }

    fn hist(colors: &[([u8; 4], u64)]) -> ColorMap<u64> {
        colors
            .iter()
            .map(|&(c, n)| (u32::from_le_bytes(c), n))
            .collect()
    }

    #[test]
    fn small_sets_are_exact_and_ordered_by_use() {
        let p = Palette::from_histogram(&hist(&[([1, 2, 3, 255], 5), ([9, 9, 9, 255], 50)]));
        assert!(p.exact);
        assert_eq!(p.colors, vec![[9, 9, 9, 255], [1, 2, 3, 255]]);
        assert_eq!(p.index(u32::from_le_bytes([1, 2, 3, 255])), 1);
    }

    #[test]
    fn flat_colours_stay_exact_when_the_rest_are_cut() {
        // Three heavy colours (squares, a tint) with light shades of them
        // (edges) and a spread of greys, in six entries: the heavy ones
        // are entries of their own, and every other colour takes its
        // nearest entry.
        let heavy = [
            [100, 80, 60, 255],
            [240, 217, 181, 255],
            [170, 162, 58, 255],
        ];
        let mut colors: Vec<([u8; 4], u64)> = heavy.iter().map(|&c| (c, 10_000)).collect();
        for v in 1..=10u8 {
            colors.push(([100 - v, 80 - v / 2, 60, 255], 20));
            colors.push(([240 - v, 216, 181 - 2 * v, 255], 20));
        }
        for v in 0..40u8 {
            colors.push(([6 * v, 6 * v, 6 * v, 255], 1));
        }
        let histogram = hist(&colors);
        let p = Palette::from_histogram_keeping_flat(&histogram, 6);
        assert_eq!(p.colors.len(), 6);
        for c in heavy {
            assert_eq!(p.colors[p.index(u32::from_le_bytes(c)) as usize], c);
        }
        for (c, _) in &colors {
            let i = p.index(u32::from_le_bytes(*c));
            assert_eq!(i, nearest(&p.colors, *c), "{c:?}");
        }
        assert_eq!(
            Palette::from_histogram_keeping_flat(&histogram, 6).colors,
            p.colors,
            "deterministic"
        );
        // Few enough colours: exact, as `from_histogram_within`.
        let few = hist(&colors[..10]);
        let exact = Palette::from_histogram_keeping_flat(&few, 16);
        assert!(exact.exact);
        assert_eq!(
            exact.colors,
            Palette::from_histogram_within(&few, 16).colors
        );
    }

    #[test]
    fn nearest_picks_what_summing_every_channel_picks() {
        // The whole sum over every entry, the first of equals: what the
        // search leaving an entry early must agree with.
        fn by_full_sum(palette: &[[u8; 4]], c: [u8; 4]) -> u8 {
            let dist = |p: &[u8; 4]| {
                (0..4)
                    .map(|ch| {
                        let x = (p[ch] as i32 - c[ch] as i32).pow(2) as u32;
                        if ch == 3 {
                            2 * x
                        } else {
                            x
                        }
                    })
                    .sum::<u32>()
            };
            let best = palette.iter().map(dist).min().unwrap();
            palette.iter().position(|p| dist(p) == best).unwrap() as u8
        }
        // Seeded pseudo-random palettes (a few colours, so that ties come
        // up) and colours, and a palette of every grey with its ties.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..200 {
            let levels = if round % 2 == 0 { 4 } else { 256 };
            let pick = |r: u64| ((r % levels) * (255 / (levels - 1))) as u8;
            let len = 1 + (next() % 256) as usize;
            let palette: Vec<[u8; 4]> = (0..len)
                .map(|_| {
                    let r = next();
                    [pick(r), pick(r >> 8), pick(r >> 16), pick(r >> 24)]
                })
                .collect();
            for _ in 0..50 {
                let r = next();
                let c = [r as u8, (r >> 8) as u8, (r >> 16) as u8, (r >> 24) as u8];
                assert_eq!(
                    nearest(&palette, c),
                    by_full_sum(&palette, c),
                    "round {round}"
                );
            }
        }
        let greys: Vec<[u8; 4]> = (0..=255u8).step_by(2).map(|g| [g, g, g, 255]).collect();
        for g in 0..=255u8 {
            let c = [g, g, g, 255];
            assert_eq!(nearest(&greys, c), by_full_sum(&greys, c));
        }
    }

    #[test]
    fn large_sets_are_cut_to_256_deterministically() {
        let colors: Vec<([u8; 4], u64)> = (0..1000u32)
            .map(|i| {
                (
                    [(i % 256) as u8, (i / 4) as u8, (i * 7 % 256) as u8, 255],
                    1 + (i % 5) as u64,
                )
            })
            .collect();
        let a = Palette::from_histogram(&hist(&colors));
        let b = Palette::from_histogram(&hist(&colors));
        assert!(!a.exact);
        assert_eq!(a.colors.len(), 256);
        assert_eq!(a.colors, b.colors);
        // Every colour maps to a near palette entry.
        for (c, _) in &colors {
            let p = a.colors[a.index(u32::from_le_bytes(*c)) as usize];
            let err = (0..3)
                .map(|ch| (p[ch] as i32 - c[ch] as i32).abs())
                .max()
                .unwrap();
            assert!(err < 48, "{c:?} -> {p:?}");
        }
    }
}
