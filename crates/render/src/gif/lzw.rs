//! GIF's LZW compression, specialised for diagrams.
//!
//! A board is mostly long runs of one palette index (a square's colour, the
//! margin, a piece's fill) broken by piece edges. A textbook LZW encoder
//! looks up its dictionary once per pixel; this one does so about once per
//! run. Each dictionary string lies on a *chain*: a string `s`, then `s·p`,
//! `s·pp`, `s·ppp`, ... for one index `p`, whose codes are kept in a list.
//! While the next pixel is the chain's index, the encoder counts how many
//! more follow (a plain word scan) and jumps straight to the deepest code
//! the chain has. Only where a string turns to another index does it look
//! in a hash table. The parse is still greedy LZW's, so the stream is the
//! one a textbook encoder writes and every decoder reads it.
//!
//! Stream rules (GIF89a appendix F): codes are written least significant bit
//! first; the first code is Clear; a code is one bit wider than the minimum
//! code size at first and widens when the next free code no longer fits; at
//! 4096 codes a Clear starts a fresh dictionary; End of Information closes.
//!
//! A Clear may also come whenever the encoder likes, and everything after
//! it depends only on the pixels that follow. So a picture can be cut into
//! [`Segment`]s, compressed apart (on different threads) and [`join`]ed
//! with a Clear before each: the bytes are the same whoever compressed
//! which segment.

/// The largest code GIF allows, plus one.
const MAX_CODES: usize = 4096;

/// Slots of the hash table: a power of two, at most half full (the
/// dictionary holds fewer than 4096 entries).
const SLOTS: usize = 8192;

/// An empty hash slot or no latest turn. As a slot, its key part would be
/// prefix 4095, which is never a prefix: the dictionary is cleared as soon
/// as code 4095 is given out.
const EMPTY: u32 = u32::MAX;

/// Room for every chain's list. A list lives in a block of twice its
/// length (at least 2) and moves to a fresh block twice as large when it
/// fills, so a list of `n` codes has used at most `4n` slots in all, and
/// the dictionary holds fewer than 4096 codes.
const ARENA: usize = 4 * MAX_CODES;

/// The dictionary, laid out for the matching loop: three small arrays of
/// `u32` and one of `u16`, so it stays in the first- and second-level
/// caches.
struct Dictionary {
    /// Per code: where it lies (`index << 24 | chain << 12 | position`, the
    /// chain's index `p` and its place on the chain, 0 for the first), and
    /// its latest turn (`index << 12 | code`, or [`EMPTY`]): neighbouring
    /// rows repeat, so a string usually turns to the same index as last
    /// time. Both in one cache line.
    codes: Vec<[u32; 2]>,
    /// Per chain: its list's start in `arena` `<< 16 | length`.
    chains: Vec<u32>,
    /// Chains in use.
    used: usize,
    /// The lists' codes.
    arena: Vec<u16>,
    /// Slots of `arena` in use.
    top: usize,
    /// Every turn: `(prefix code, next index) → code`, open addressing
    /// with linear probing; a slot packs the 20-bit key over the 12-bit
    /// code.
    slots: Vec<u32>,
    /// Single indices: the codes below this.
    roots: usize,
}

impl Dictionary {
    fn new(roots: usize) -> Dictionary {
        let mut d = Dictionary {
            codes: vec![[0, EMPTY]; MAX_CODES],
            chains: vec![0; MAX_CODES],
            used: 0,
            arena: vec![0; ARENA],
            top: 0,
            slots: vec![EMPTY; SLOTS],
            roots,
        };
        d.clear();
        d
    }

    /// Back to the single indices, each the first code of its own chain.
    fn clear(&mut self) {
        self.slots.fill(EMPTY);
        for p in 0..self.roots {
            self.codes[p] = [Dictionary::place(p as u8, p, 0), EMPTY];
            self.chains[p] = ((2 * p) << 16 | 1) as u32;
            self.arena[2 * p] = p as u16;
        }
        self.used = self.roots;
        self.top = 2 * self.roots;
    }

    fn place(index: u8, chain: usize, position: usize) -> u32 {
        u32::from(index) << 24 | (chain as u32 & 0xFFF) << 12 | (position as u32 & 0xFFF)
    }

    fn key(prefix: u16, index: u8) -> u32 {
        u32::from(prefix) << 8 | u32::from(index)
    }

    fn slot(key: u32) -> usize {
        // Fibonacci hashing: the top bits of a multiplicative hash.
        (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
    }

    /// The code of `prefix·index`, a turn off the prefix's chain.
    fn turn(&self, prefix: u16, index: u8) -> Option<u16> {
        let key = Dictionary::key(prefix, index);
        let mut at = Dictionary::slot(key);
        loop {
            match self.slots[at] {
                EMPTY => return None,
                s if s >> 12 == key => return Some((s & 0xFFF) as u16),
                _ => at = (at + 1) & (SLOTS - 1),
            }
        }
    }

    /// Gives `code` to `prefix·index`: the next step of the prefix's chain
    /// when that chain repeats `index` (the prefix is then the chain's last
    /// code, or the longer string would have matched), else the first code
    /// of a new chain, and a turn.
    fn add(&mut self, prefix: u16, index: u8, code: u16) {
        let place = self.codes[usize::from(prefix)][0];
        if (place >> 24) as u8 == index {
            self.extend((place >> 12 & 0xFFF) as usize, index, code);
        } else {
            self.branch(prefix, index, code);
        }
    }

    fn extend(&mut self, chain: usize, index: u8, code: u16) {
        let (mut start, len) = Dictionary::list(self.chains[chain]);
        if len >= 2 && len.is_power_of_two() {
            // The block is full: move to one twice as large.
            self.arena.copy_within(start..start + len, self.top);
            start = self.top;
            self.top += 2 * len;
        }
        self.arena[start + len] = code;
        self.chains[chain] = (start << 16 | (len + 1)) as u32;
        self.codes[usize::from(code)] = [Dictionary::place(index, chain, len), EMPTY];
    }

    fn branch(&mut self, prefix: u16, index: u8, code: u16) {
        let chain = self.used;
        self.used += 1;
        self.arena[self.top] = code;
        self.chains[chain] = (self.top << 16 | 1) as u32;
        self.top += 2;
        self.codes[usize::from(code)] = [Dictionary::place(index, chain, 0), EMPTY];
        self.codes[usize::from(prefix)][1] = u32::from(index) << 12 | u32::from(code);
        let key = Dictionary::key(prefix, index);
        let mut at = Dictionary::slot(key);
        while self.slots[at] != EMPTY {
            at = (at + 1) & (SLOTS - 1);
        }
        self.slots[at] = key << 12 | u32::from(code);
    }

    /// A chain's list: its start in `arena` and its length.
    fn list(chain: u32) -> (usize, usize) {
        ((chain >> 16) as usize, (chain & 0xFFFF) as usize)
    }
}

/// How many of `data`'s first bytes (at most `max`) equal `p`, eight at a
/// time: runs on a board are tens to hundreds of pixels.
#[inline(always)]
fn run_length(data: &[u8], p: u8, max: usize) -> usize {
    let splat = u64::from_le_bytes([p; 8]);
    let mut n = 0;
    while let Some(chunk) = data.get(n..n + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let diff = u64::from_le_bytes(word) ^ splat;
        if diff != 0 {
            // Little-endian: the first differing byte is the lowest.
            return (n + (diff.trailing_zeros() / 8) as usize).min(max);
        }
        n += 8;
        if n >= max {
            return max;
        }
    }
    (n + data[n..].iter().take_while(|&&x| x == p).count()).min(max)
}

/// Packs codes least significant bit first, into little-endian 32-bit
/// words (segments join a word at a time). A code is written without a
/// branch on whether it fills a word: which codes do is as good as random,
/// and that branch was a seventh of the encoder's mispredicted ones.
struct Bits {
    /// The full words, then at least one more slot (the one `acc` is
    /// stored to before it is full).
    words: Vec<u32>,
    /// How many of `words` are full.
    full: usize,
    acc: u64,
    len: u32,
}

impl Bits {
    fn new(capacity_bytes: usize) -> Bits {
        Bits {
            words: vec![0; capacity_bytes / 4 + 2],
            full: 0,
            acc: 0,
            len: 0,
        }
    }

    /// Appends the low `width` bits of `code` (at most 32; the bits above
    /// `width` must be zero).
    #[inline(always)]
    fn put(&mut self, code: u32, width: u32) {
        self.acc |= u64::from(code) << self.len;
        self.len += width;
        if self.full + 1 >= self.words.len() {
            self.words.resize(2 * self.words.len(), 0);
        }
        self.words[self.full] = self.acc as u32;
        // 1 when the word is full (fewer than 32 bits were pending).
        let filled = self.len >> 5;
        self.full += filled as usize;
        self.acc >>= 32 * filled;
        self.len -= 32 * filled;
    }

    /// Appends the first `count` bits of `words`.
    fn append(&mut self, words: &[u32], count: u64) {
        let whole = ((count / 32) as usize).min(words.len());
        if self.len == 0 {
            self.words.truncate(self.full);
            self.words.extend_from_slice(&words[..whole]);
            self.full = self.words.len();
            self.words.push(0);
        } else {
            for &word in &words[..whole] {
                self.put(word, 32);
            }
        }
        let rest = (count % 32) as u32;
        if rest > 0
            && let Some(&word) = words.get(whole)
        {
            self.put(word & ((1 << rest) - 1), rest);
        }
    }

    /// The words, the last one padded with zero bits, and how many bits
    /// were written.
    fn finish(mut self) -> (Vec<u32>, u64) {
        let count = self.full as u64 * 32 + u64::from(self.len);
        self.words.truncate(self.full);
        if self.len > 0 {
            self.words.push(self.acc as u32);
        }
        (self.words, count)
    }
}

/// The minimum code size for indices below `colors` (GIF's least is 2).
pub fn min_code_size(colors: usize) -> u8 {
    let mut size = 2;
    while (1usize << size) < colors && size < 8 {
        size += 1;
    }
    size
}

/// Part of a code stream: the codes of some consecutive pixels, from a
/// fresh dictionary on, without the Clear before them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// The codes, least significant bit first in little-endian words; the
    /// last word's unused high bits are zero.
    words: Vec<u32>,
    /// How many bits of `words` are codes.
    bits: u64,
    /// The code width the decoder has reached after the last code: the
    /// width of the Clear or End of Information that follows.
    end_width: u32,
}

/// `indices` LZW-compressed for a GIF image block: the minimum code size
/// byte, then the code stream (not yet cut into sub-blocks). An index at
/// or beyond `1 << min_code_size` is taken modulo that (the caller's
/// mistake makes wrong pixels, never a panic).
#[cfg(test)]
pub fn encode(indices: &[u8], min_code_size: u8) -> Vec<u8> {
    join(min_code_size, &[segment(indices, min_code_size)])
}

/// The code stream of `segments` in order, each after a Clear, with the
/// minimum code size byte before and End of Information after.
pub fn join(min_code_size: u8, segments: &[Segment]) -> Vec<u8> {
    let min_code_size = min_code_size.clamp(2, 8);
    let clear = 1u32 << min_code_size;
    let total: u64 = segments.iter().map(|s| s.bits + 12).sum::<u64>() + 12;
    let mut bits = Bits::new((total / 8) as usize + 8);
    let mut width = u32::from(min_code_size) + 1;
    for segment in segments {
        bits.put(clear, width);
        bits.append(&segment.words, segment.bits);
        width = segment.end_width;
    }
    bits.put(clear + 1, width);
    let (words, count) = bits.finish();
    let mut out = Vec::with_capacity(words.len() * 4 + 1);
    out.push(min_code_size);
    out.extend(words.iter().flat_map(|w| w.to_le_bytes()));
    out.truncate(1 + count.div_ceil(8) as usize);
    out
}

/// The codes of `indices` from a fresh dictionary on (see [`encode`] for
/// indices beyond the code size).
pub fn segment(indices: &[u8], min_code_size: u8) -> Segment {
    let min_code_size = min_code_size.clamp(2, 8);
    let roots = 1usize << min_code_size;
    // A fold the compiler vectorizes: a few microseconds at 720 px.
    let largest = indices.iter().fold(0u8, |m, &i| m.max(i));
    let indices: std::borrow::Cow<'_, [u8]> = if usize::from(largest) < roots {
        indices.into()
    } else {
        indices.iter().map(|&i| i & (roots - 1) as u8).collect()
    };
    let clear = roots as u16;
    let min_width = u32::from(min_code_size) + 1;
    let mut d = Dictionary::new(roots);
    let mut bits = Bits::new(indices.len() / 8 + 16);
    let mut next = clear + 2;
    let mut width = min_width;

    if let Some((&first, rest)) = indices.split_first() {
        // The code of the string matched so far; `rest[i]` is the next pixel.
        let mut code = u16::from(first);
        let mut i = 0;
        // Where the run of equal indices that `rest[i]` is in ends, once
        // measured: a run is scanned once, however many codes it takes.
        let mut run_end = 0;
        while let Some(&index) = rest.get(i) {
            let [place, latest] = d.codes[usize::from(code)];
            if (place >> 24) as u8 == index {
                // The pixel continues the string's chain: go as far down
                // the chain as the pixels and the chain allow.
                let (start, len) = Dictionary::list(d.chains[(place >> 12 & 0xFFF) as usize]);
                let at = (place & 0xFFF) as usize;
                // Pixels the chain can still take, plus one to learn
                // whether the run outlasts it.
                let want = len - at;
                if i >= run_end {
                    run_end = i + run_length(&rest[i..], index, rest.len() - i);
                }
                // At least 1: `index` is the chain's.
                let ahead = (run_end - i).min(want);
                let step = ahead.min(want - 1);
                code = d.arena[start + at + step];
                i += step;
                if ahead < want {
                    // The run ends within the chain (or the data does): the
                    // next pixel turns, or there is none.
                    continue;
                }
                // Another `index` follows the chain's last code: emit below.
            } else if latest >> 12 == u32::from(index) {
                code = (latest & 0xFFF) as u16;
                i += 1;
                continue;
            } else if let Some(longer) = d.turn(code, index) {
                code = longer;
                i += 1;
                continue;
            }
            // `code` is the longest match: write it, and give the string
            // one pixel longer the next code (the entry the decoder adds
            // when it reads the code after this one).
            bits.put(u32::from(code), width);
            d.add(code, index, next);
            next += 1;
            if usize::from(next) == MAX_CODES {
                bits.put(u32::from(clear), width);
                d.clear();
                next = clear + 2;
                width = min_width;
            } else if u32::from(next) > 1 << width {
                width += 1;
            }
            code = u16::from(index);
            i += 1;
        }
        bits.put(u32::from(code), width);
        // The decoder adds an entry after this last code too; it widens
        // its codes if that entry fills the current width.
        if u32::from(next) == 1 << width && width < 12 {
            width += 1;
        }
    }
    let (words, bits) = bits.finish();
    Segment {
        words,
        bits,
        end_width: width,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    /// `indices` through our encoder, wrapped in a GIF and read back by the
    /// `gif` crate's decoder: the indices it sees.
    fn round_trip(indices: &[u8], width: u16, colors: usize) -> Vec<u8> {
        let height = (indices.len() / usize::from(width.max(1))) as u16;
        let lzw_data = encode(indices, min_code_size(colors));
        decode(&lzw_data, width, height, colors)
    }

    /// LZW data (the code size byte, then codes) as the pixels of a GIF
    /// image of `width × height`, read back by the `gif` crate's decoder.
    fn decode(lzw_data: &[u8], width: u16, height: u16, colors: usize) -> Vec<u8> {
        let palette: Vec<u8> = (0..colors.max(2) * 3).map(|i| i as u8).collect();
        let mut gif = Vec::new();
        {
            let mut encoder = ::gif::Encoder::new(&mut gif, width, height, &palette).unwrap();
            let frame = ::gif::Frame {
                width,
                height,
                buffer: Cow::Borrowed(lzw_data),
                ..::gif::Frame::default()
            };
            encoder.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&gif[..]).unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        frame.buffer.to_vec()
    }

    /// The `gif` crate's own (weezl) LZW size for the same indices.
    fn weezl_size(indices: &[u8], width: u16) -> usize {
        let height = (indices.len() / usize::from(width)) as u16;
        let mut frame = ::gif::Frame {
            width,
            height,
            buffer: Cow::Borrowed(indices),
            ..::gif::Frame::default()
        };
        frame.make_lzw_pre_encoded();
        frame.buffer.len()
    }

    /// A deterministic pseudo-random byte stream (xorshift).
    fn noise(len: usize, colors: u32, mut seed: u32) -> Vec<u8> {
        (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                (seed % colors) as u8
            })
            .collect()
    }

    /// A board-like picture: squares of two colours, "pieces" of busy
    /// pixels on some, a margin of a third colour.
    fn board(size: usize) -> Vec<u8> {
        let square = size / 8;
        let busy = noise(size * size, 150, 7);
        (0..size * size)
            .map(|i| {
                let (x, y) = (i % size, i / size);
                let (fx, fy) = (x / square, y / square);
                if fx >= 8 || fy >= 8 {
                    return 2;
                }
                let (cx, cy) = (x % square, y % square);
                let piece = !(2..=5).contains(&fy) && (fx + fy) % 3 != 0;
                let inside = (square / 5..square - square / 5).contains(&cx)
                    && (square / 8..square - square / 8).contains(&cy)
                    && (cx + cy) % 7 != 0;
                if piece && inside {
                    if cx % 9 < 4 {
                        3 + busy[i] % 100
                    } else {
                        4
                    }
                } else {
                    ((fx + fy) % 2) as u8
                }
            })
            .collect()
    }

    #[test]
    fn random_data_of_every_palette_size_decodes_back() {
        for (colors, len, width) in [
            (2, 1000, 10),
            (3, 4096, 64),
            (4, 1, 1),
            (5, 33_333, 3),
            (16, 70_000, 700),
            (153, 100_000, 1000),
            (256, 200_000, 800),
        ] {
            let data = noise(len, colors as u32, colors as u32 * 31 + 1);
            assert_eq!(round_trip(&data, width, colors), data, "{colors} colours");
        }
    }

    #[test]
    fn runs_decode_back_across_dictionary_resets() {
        // One run far longer than any run code; runs of every length; runs
        // alternating with noise, so run codes and table codes interleave
        // and the dictionary fills and clears many times.
        let long = vec![1u8; 300_000];
        assert_eq!(round_trip(&long, 600, 2), long);
        let mut mixed = Vec::new();
        for n in 0..2000usize {
            mixed.extend(std::iter::repeat_n((n % 5) as u8, n % 97));
            mixed.extend(noise(n % 13, 5, n as u32 + 1));
        }
        let width = 100;
        mixed.truncate(mixed.len() / width * width);
        assert_eq!(round_trip(&mixed, width as u16, 5), mixed);
    }

    #[test]
    fn board_pictures_decode_back_no_larger_than_weezl() {
        for size in [64usize, 400, 720] {
            let data = board(size);
            assert_eq!(round_trip(&data, size as u16, 256), data, "{size} px");
            // The code size the gif crate would pick, from the largest index.
            let colors = usize::from(*data.iter().max().unwrap()) + 1;
            let ours = encode(&data, min_code_size(colors)).len();
            let weezl = weezl_size(&data, size as u16);
            assert!(ours <= weezl, "{size} px: {ours} > weezl's {weezl}");
        }
    }

    #[test]
    fn segments_joined_decode_to_the_whole_picture() {
        let width = 720;
        let data = board(width);
        let colors = usize::from(*data.iter().max().unwrap()) + 1;
        let code_size = min_code_size(colors);
        // Cuts anywhere (not only between rows), an empty segment, and
        // segments long enough to fill and clear the dictionary inside.
        for cuts in [
            vec![0, data.len()],
            vec![0, 1, data.len()],
            vec![0, 1000, 1000, 300_001, data.len()],
            vec![0, width * 180, width * 360, width * 540, data.len()],
        ] {
            let segments: Vec<Segment> = cuts
                .windows(2)
                .map(|c| segment(&data[c[0]..c[1]], code_size))
                .collect();
            let joined = join(code_size, &segments);
            let height = (data.len() / width) as u16;
            assert_eq!(
                decode(&joined, width as u16, height, 256),
                data,
                "cuts {cuts:?}"
            );
        }
    }

    #[test]
    fn one_colour_pictures_decode_back() {
        // A palette of one colour still has GIF's least code size, 2; a
        // single pixel, one row, and a 720 px picture: one run, which
        // outlasts every chain (a thousand codes, each one pixel longer).
        for (len, width) in [(1usize, 1u16), (7, 7), (720, 720), (518_400, 720)] {
            let data = vec![0u8; len];
            assert_eq!(round_trip(&data, width, 1), data, "{len} pixels");
        }
    }

    #[test]
    fn streams_ending_at_every_code_width_and_clear_decode_back() {
        // 256 colours of noise give about one code per pixel, from code
        // 258 on: the lengths here end the stream just before, at and
        // after each widening (codes 512, 1024 and 2048) and the
        // dictionary's last code (4095), after which a Clear follows.
        let noise_256 = noise(5000, 256, 99);
        for (window, widths) in [
            (230..300, [9, 10]),
            (730..820, [10, 11]),
            (1740..1860, [11, 12]),
            // Narrower again: a Clear came, and a widening after it.
            (3700..4400, [12, 10]),
        ] {
            // The width the stream ends at, at the window's two ends: each
            // window holds the change.
            let end_width = |len: usize| segment(&noise_256[..len], 8).end_width;
            assert_eq!(
                [end_width(window.start), end_width(window.end)],
                widths,
                "{window:?}"
            );
            for len in window {
                let data = &noise_256[..len];
                assert_eq!(round_trip(data, 1, 256), data, "{len} pixels");
            }
        }
        // Two colours: codes start 3 bits wide and widen many times.
        let noise_2 = noise(3000, 2, 5);
        for len in 1..200 {
            assert_eq!(round_trip(&noise_2[..len], 1, 2), &noise_2[..len]);
        }
    }

    #[test]
    fn random_runs_of_random_colours_decode_back_whole_and_in_segments() {
        // Runs of random lengths (1 to 300) of random indices, for every
        // code size: the pictures a board's rows make, without a board's
        // regularity. Each is also cut into two to five segments.
        for seed in 1..40u32 {
            let colors = [2usize, 3, 4, 8, 16, 64, 65, 200, 256][seed as usize % 9];
            let lengths = noise(4000, 300, seed);
            let values = noise(4000, colors as u32, seed + 1000);
            let mut data: Vec<u8> = lengths
                .iter()
                .zip(&values)
                .flat_map(|(&n, &v)| std::iter::repeat_n(v, usize::from(n) + 1))
                .take(150_000)
                .collect();
            let width = 500;
            data.truncate(data.len() / width * width);
            assert_eq!(round_trip(&data, width as u16, colors), data, "seed {seed}");
            let code_size = min_code_size(colors);
            let parts = 2 + seed as usize % 4;
            let cuts: Vec<usize> = (0..=parts).map(|k| k * data.len() / parts).collect();
            let segments: Vec<Segment> = cuts
                .windows(2)
                .map(|c| segment(&data[c[0]..c[1]], code_size))
                .collect();
            let height = (data.len() / width) as u16;
            let joined = join(code_size, &segments);
            assert_eq!(
                decode(&joined, width as u16, height, colors),
                data,
                "seed {seed}, {parts} segments"
            );
        }
    }

    #[test]
    fn run_lengths_are_counted_to_the_first_other_byte() {
        let data = [3u8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 7, 3];
        assert_eq!(run_length(&data, 3, 100), 10);
        assert_eq!(run_length(&data, 3, 9), 9);
        assert_eq!(run_length(&data, 7, 100), 0);
        assert_eq!(run_length(&data[10..], 7, 100), 1);
        assert_eq!(run_length(&[], 7, 100), 0);
        let long = [5u8; 21];
        assert_eq!(run_length(&long, 5, 100), 21);
    }

    #[test]
    fn output_is_deterministic_and_empty_input_is_a_valid_stream() {
        let data = board(200);
        assert_eq!(encode(&data, 8), encode(&data, 8));
        // Clear then End of Information, in 3-bit codes after the size byte.
        assert_eq!(encode(&[], 2), [2, 0b0010_1100]);
        assert_eq!(min_code_size(1), 2);
        assert_eq!(min_code_size(5), 3);
        assert_eq!(min_code_size(153), 8);
        assert_eq!(min_code_size(256), 8);
    }
}
