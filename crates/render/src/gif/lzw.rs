//! GIF's LZW compression, specialised for diagrams.
//!
//! A board is mostly long runs of one palette index (a square's colour, the
//! margin, a piece's fill) broken by piece edges. A textbook LZW encoder
//! looks up its dictionary once per pixel; this one does so about once per
//! run. Each dictionary string lies on a *chain*: a string `s`, then `s·p`,
//! `s·pp`, `s·ppp`, ... for one index `p`, whose codes are kept in a list.
//! A string's chain index is its last pixel, so a string goes on along its
//! chain exactly while the pixels repeat: the encoder takes the picture a
//! run at a time (the runs' ends found beforehand, in one pass that has no
//! data-dependent branches), jumps down the chain as far as the run goes,
//! and only where a run starts, where the string turns to another index,
//! looks up the turn. The parse is still greedy LZW's, so the stream is the
//! one a textbook encoder writes and every decoder reads it.
//!
//! The encoder is bound by its branches on the data (does the turn exist,
//! does the run outlast the chain), which no predictor gets right much more
//! than half the time, and by the loads each run's step waits for; the
//! layout keeps the latter to two (see [`Dictionary`]).
//!
//! Why hand-written: the `gif` crate's encoder (weezl) took 3.44 ms for a
//! 720 px middlegame board (2026-11-23); this one takes 0.375 ms a board
//! over the corpus's 720 px boards, and its streams are never larger (a
//! test compares); docs/PERFORMANCE.md, "GIF".
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

/// Slots of the hash table: a power of two, at most a quarter full (the
/// dictionary holds fewer than 4096 entries), so that a probe rarely goes
/// past its first slot.
const SLOTS: usize = 16384;

/// An empty hash slot. Its key part would be prefix 4095, which is never a
/// prefix: the dictionary is cleared as soon as code 4095 is given out.
const EMPTY: u32 = u32::MAX;

/// Room for every chain's list. A list lives in a block of twice its
/// length (at least 2) and moves to a fresh block twice as large when it
/// fills, so a list of `n` codes has used at most `4n` slots in all, and
/// the dictionary holds fewer than 4096 codes.
const ARENA: usize = 4 * MAX_CODES;

/// Past the lists: eight slots that a short list's eight-entry copy may
/// read or write beyond its block, then eight that take the copies that do
/// not count (see [`Dictionary::extend`]).
const SPARE: usize = ARENA + 8;

/// The arena's size.
const ARENA_SIZE: usize = SPARE + 8;

/// The dictionary. Each string lies on a chain `s`, `s·p`, `s·pp`, ...
/// whose first code is a single index or a turn (a string whose last two
/// indices differ); a chain is known by its first code.
///
/// The encoder's path from one run to the next is two dependent loads:
/// the chain's list (by the chain's first code, which is what a turn
/// gives), then the entry of the string the run ends on, which holds both
/// its code and its latest turn: usually the next run's chain.
struct Dictionary {
    /// Per chain, by its first code: its list's start in `arena` `<< 16 |
    /// length`.
    chains: Box<[u32; MAX_CODES]>,
    /// The lists' entries: a string's code, and over it its latest turn,
    /// the last one made or taken (`turn << 20 | index << 12`, or 0 for
    /// none; no turn is code 0): neighbouring rows repeat, so a string
    /// often turns the way it did last time, and then the hash table is
    /// not needed.
    arena: Box<[u32; ARENA_SIZE]>,
    /// Slots of `arena` in use.
    top: usize,
    /// Every turn: `(prefix code, next index) → code`, open addressing
    /// with linear probing; a slot packs the 20-bit key over the 12-bit
    /// code.
    slots: Box<[u32; SLOTS]>,
    /// Single indices: the codes below this.
    roots: usize,
}

/// `if cond { a } else { b }` as a conditional move: for conditions that
/// are as good as random.
#[inline(always)]
fn select<T>(cond: bool, a: T, b: T) -> T {
    std::hint::select_unpredictable(cond, a, b)
}

/// `N` copies of `x` on the heap, as an array: fixed sizes let the
/// compiler drop the bounds checks that masked indices cannot fail.
fn boxed<T: Copy + std::fmt::Debug, const N: usize>(x: T) -> Box<[T; N]> {
    vec![x; N]
        .into_boxed_slice()
        .try_into()
        .expect("a vector of N elements")
}

impl Dictionary {
    fn new(roots: usize) -> Dictionary {
        let mut d = Dictionary {
            chains: boxed(0),
            arena: boxed(0),
            top: 0,
            // Made empty: `root_chains` alone does not fill it a second time.
            slots: boxed(EMPTY),
            roots,
        };
        d.root_chains();
        d
    }

    /// Back to the single indices, each the first code of its own chain.
    fn clear(&mut self) {
        self.slots.fill(EMPTY);
        self.root_chains();
    }

    /// The single indices' chains and entries, from the arena's start.
    fn root_chains(&mut self) {
        for p in 0..self.roots {
            self.chains[p] = ((2 * p) << 16 | 1) as u32;
            self.arena[2 * p] = p as u32;
        }
        self.top = 2 * self.roots;
    }

    fn slot(key: u32) -> usize {
        // Fibonacci hashing: the top bits of a multiplicative hash.
        (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
    }

    /// A chain's list: its start in `arena` and its length.
    #[inline(always)]
    fn list(&self, chain: usize) -> (usize, usize) {
        let c = self.chains[chain & (MAX_CODES - 1)];
        ((c >> 16) as usize, (c & 0xFFFF) as usize)
    }

    /// The list entry at `at`: a string's code and its latest turn.
    #[inline(always)]
    fn entry(&self, at: usize) -> u32 {
        self.arena[at]
    }

    /// Gives `code` to the string one index longer than the last of chain
    /// `chain` (whose list is at `start`, `len` long). A list's block
    /// fills at lengths 2, 4, 8, ...: as good as random to the encoder, so
    /// a short list (at most 8 codes) moves by a fixed eight-entry copy,
    /// done whether it moves or not (to a spare place when not).
    #[inline(always)]
    fn extend(&mut self, chain: usize, start: usize, len: usize, code: usize) {
        let full = (len >= 2) & (len & (len - 1) == 0);
        let start = if full & (len > 8) {
            // A long list's block is full: rare, so a branch.
            self.arena.copy_within(start..start + len, self.top);
            self.top += 2 * len;
            self.top - 2 * len
        } else {
            let to = select(full, self.top, SPARE).min(ARENA_SIZE - 8);
            let from = start.min(ARENA_SIZE - 8);
            let mut eight = [0u32; 8];
            eight.copy_from_slice(&self.arena[from..from + 8]);
            self.arena[to..to + 8].copy_from_slice(&eight);
            let start = select(full, self.top, start);
            self.top += select(full, 2 * len, 0);
            start
        };
        self.arena[start + len] = code as u32;
        self.chains[chain & (MAX_CODES - 1)] = (start << 16 | (len + 1)) as u32;
    }

    /// Gives `code` to `prefix·index`, a turn: the first code of a new
    /// chain. `from` is the prefix's entry, `at` the empty slot its key's
    /// probe ended on.
    #[inline(always)]
    fn branch(&mut self, from: usize, prefix: usize, index: u8, code: usize, at: usize) {
        let code = code & (MAX_CODES - 1);
        self.chains[code] = (self.top << 16 | 1) as u32;
        self.arena[self.top] = code as u32;
        self.top += 2;
        self.arena[from] = (code << 20 | usize::from(index) << 12 | prefix) as u32;
        self.slots[at & (SLOTS - 1)] = (prefix as u32) << 20 | u32::from(index) << 12 | code as u32;
    }

    /// The code of `prefix·index`, a turn off the prefix's chain, or the
    /// empty slot where it would go.
    #[inline(always)]
    fn find(&self, prefix: usize, index: u8) -> Result<usize, usize> {
        let key = (prefix as u32) << 8 | u32::from(index);
        let mut at = Dictionary::slot(key);
        loop {
            match self.slots[at] {
                EMPTY => return Err(at),
                s if s >> 12 == key => return Ok((s & 0xFFF) as usize),
                _ => at = (at + 1) & (SLOTS - 1),
            }
        }
    }
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
    // A word's four bytes at a time (a byte at a time through `flat_map`
    // was a fiftieth of a server's GIF).
    for w in &words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.truncate(1 + count.div_ceil(8) as usize);
    out
}

/// Bit `k` of the result (word `k / 64`, bit `k % 64`) is set when pixel
/// `k` is the last of its run: `data[k] != data[k + 1]`, or `k` is the last
/// pixel. Three words of set bits follow, so a reader may look three words
/// past any pixel. Also the largest index, found on the way.
fn run_ends(data: &[u8]) -> (Vec<u64>, u8) {
    let n = data.len();
    let mut mask = vec![u64::MAX; n / 64 + 4];
    // Whole words of pixels that have a next pixel, a block at a time:
    // first a byte per pixel (a loop the compiler vectorizes; it does not
    // turn a safe formulation into SSE2's byte-mask instruction), then
    // eight bytes to one by a multiplication.
    const BLOCK: usize = 2048;
    let whole = if n > 0 { (n - 1) / 64 } else { 0 };
    let mut ne = [0u8; BLOCK];
    let mut largest = 0u8;
    for (b, out) in mask[..whole].chunks_mut(BLOCK / 64).enumerate() {
        let base = b * BLOCK;
        let len = out.len() * 64;
        let a = &data[base..base + len];
        let c = &data[base + 1..base + len + 1];
        for ((x, &p), &q) in ne[..len].iter_mut().zip(a).zip(c) {
            *x = u8::from(p != q);
            largest = largest.max(p);
        }
        for (o, w) in out.iter_mut().zip(ne[..len].chunks_exact(64)) {
            let mut m = 0u64;
            for q in 0..8 {
                let x = u64::from_le_bytes(w[8 * q..8 * q + 8].try_into().unwrap());
                // Bit 56 + j of the product is byte j's bit 0.
                m |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * q);
            }
            *o = m;
        }
    }
    let mut m = 0u64;
    let mut w = whole;
    for k in 64 * whole..n {
        largest = largest.max(data[k]);
        if k + 1 == n || data[k] != data[k + 1] {
            m |= 1 << (k % 64);
        }
        if k % 64 == 63 {
            mask[w] = m;
            m = 0;
            w += 1;
        }
    }
    if !n.is_multiple_of(64) || n == 0 {
        // Pixels past the end count as run ends.
        mask[w] = m | (u64::MAX << (n % 64));
    }
    (mask, largest)
}

/// The end of the run that starts at `s` (one past its last pixel), found
/// without a loop (or a branch the data decides) for runs up to 128 pixels
/// long: nearly all of a board's, whose squares are 90 pixels wide.
#[inline(always)]
fn run_end(mask: &[u64], s: usize) -> usize {
    let w = s / 64;
    let sh = (s % 64) as u32;
    let low = u128::from(mask[w]) | u128::from(mask[w + 1]) << 64;
    // The 128 bits from `s` on (two shifts: `sh` may be 0).
    let x = low >> sh | (u128::from(mask[w + 2]) << 1) << (127 - sh);
    let e = if x != 0 {
        s + x.trailing_zeros() as usize
    } else {
        // Beyond 128 pixels (word `w + 2` is partly unread when `sh` is 0).
        let mut w = w + 2;
        while mask[w] == 0 {
            w += 1;
        }
        w * 64 + mask[w].trailing_zeros() as usize
    };
    e + 1
}

/// The encoder's state between runs.
struct Encoder {
    d: Dictionary,
    bits: Bits,
    /// The code the next new string gets.
    next: usize,
    width: u32,
    clear: u32,
    min_width: u32,
}

impl Encoder {
    /// After a code was written: counts the entry the decoder adds,
    /// clearing the dictionary when it is full and widening codes when
    /// the next one no longer fits.
    #[inline(always)]
    fn count(&mut self) {
        self.next += 1;
        if self.next == MAX_CODES {
            self.bits.put(self.clear, self.width);
            self.d.clear();
            self.next = self.clear as usize + 2;
            self.width = self.min_width;
        } else {
            self.width += u32::from(self.next > 1 << self.width);
        }
    }

    /// The string whose entry is at `from` meets index `index`, which
    /// differs from its last one: the first code of the chain the string
    /// goes on along. If the string·`index` is a known turn, that turn;
    /// else the string's code is written, the string·`index` becomes a new
    /// string, and the chain is `index`'s own.
    #[inline(always)]
    fn turn(&mut self, from: usize, index: u8) -> usize {
        let entry = self.d.entry(from);
        let code = (entry & 0xFFF) as usize;
        // Zero in the low eight bits when the latest turn is to `index`;
        // not zero when there is one.
        let latest = (entry >> 12) ^ u32::from(index);
        if latest & 0xFF == 0 && latest != 0 {
            return (latest >> 8) as usize;
        }
        match self.d.find(code, index) {
            Ok(turn) => {
                // The latest turn becomes this one.
                self.d.arena[from] = (turn << 20 | usize::from(index) << 12 | code) as u32;
                turn
            }
            Err(at) => {
                self.bits.put(code as u32, self.width);
                self.d.branch(from, code, index, self.next, at);
                self.count();
                usize::from(index)
            }
        }
    }

    /// Follows chain `chain` (whose strings end in `index`) for `rest` more
    /// pixels of `index`: the entry of the longest string matched. Past a
    /// chain's end, its last code is written, the string one `index`
    /// longer gets the next code, and the string starts again at `index`
    /// alone, on `index`'s own chain.
    #[inline(always)]
    fn walk(&mut self, mut chain: usize, index: u8, mut rest: usize) -> usize {
        loop {
            let (start, len) = self.d.list(chain);
            if rest < len {
                return start + rest;
            }
            let last = self.d.entry(start + len - 1) & 0xFFF;
            self.bits.put(last, self.width);
            self.d.extend(chain, start, len, self.next);
            self.count();
            rest -= len;
            chain = usize::from(index);
        }
    }
}

/// The codes of `indices` from a fresh dictionary on. An index at or
/// beyond `1 << min_code_size` is taken modulo that (the caller's mistake
/// makes wrong pixels, never a panic).
pub fn segment(indices: &[u8], min_code_size: u8) -> Segment {
    let min_code_size = min_code_size.clamp(2, 8);
    let roots = 1usize << min_code_size;
    let (ends, largest) = run_ends(indices);
    let (indices, ends): (std::borrow::Cow<'_, [u8]>, _) = if usize::from(largest) < roots {
        (indices.into(), ends)
    } else {
        let masked: Vec<u8> = indices.iter().map(|&i| i & (roots - 1) as u8).collect();
        let ends = run_ends(&masked).0;
        (masked.into(), ends)
    };
    let clear = roots as u32;
    let min_width = u32::from(min_code_size) + 1;
    let n = indices.len();
    let mut enc = Encoder {
        d: Dictionary::new(roots),
        bits: Bits::new(n / 8 + 16),
        next: clear as usize + 2,
        width: min_width,
        clear,
        min_width,
    };
    if n > 0 {
        // The first pixel is a single index: its chain is its own.
        let index = indices[0];
        let e = run_end(&ends, 0);
        let mut at = enc.walk(usize::from(index), index, e - 1);
        let mut s = e;
        while s < n {
            let index = indices[s];
            let e = run_end(&ends, s);
            let chain = enc.turn(at, index);
            at = enc.walk(chain, index, e - s - 1);
            s = e;
        }
        enc.bits.put(enc.d.entry(at) & 0xFFF, enc.width);
        // The decoder adds an entry after this last code too; it widens
        // its codes if that entry fills the current width.
        if enc.next == 1 << enc.width && enc.width < 12 {
            enc.width += 1;
        }
    }
    let (words, bits) = enc.bits.finish();
    Segment {
        words,
        bits,
        end_width: enc.width,
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
    fn noise(len: usize, colors: u32, seed: u32) -> Vec<u8> {
        let mut rng = crate::test_support::Xorshift(seed);
        (0..len).map(|_| rng.below(colors) as u8).collect()
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
    fn run_ends_match_a_scan() {
        // Runs of 1 to 300 pixels, ends on every word position, and
        // lengths around the 64-pixel words.
        for n in [0, 1, 2, 63, 64, 65, 128, 129, 5000] {
            let data: Vec<u8> = (0..n as u32)
                .map(|i| {
                    if i % 700 < 300 {
                        1
                    } else {
                        ((i / 37 + i / 101 + i / 7) % 3) as u8
                    }
                })
                .collect();
            let (ends, largest) = run_ends(&data);
            assert_eq!(largest, data.iter().copied().max().unwrap_or(0));
            for s in 0..n {
                let mut e = s + 1;
                while e < n && data[e] == data[s] {
                    e += 1;
                }
                assert_eq!(run_end(&ends, s), e, "n {n} s {s}");
            }
        }
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
