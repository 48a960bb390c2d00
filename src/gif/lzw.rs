//! GIF's LZW compression, specialised for diagrams.
//!
//! A board is mostly long runs of one palette index (a square's colour, the
//! margin) broken by piece edges. A textbook LZW encoder looks up its
//! dictionary once per pixel; this one does so only where the picture is
//! busy. While the string being matched is a run of one index `p`, it keeps
//! the codes of `p`, `pp`, `ppp`, ... in a list, counts how many more `p`
//! follow (a plain byte scan) and jumps straight to the longest run code the
//! dictionary has. The parse is still greedy LZW's, so the stream is the one
//! a textbook encoder writes and every decoder reads it.
//!
//! Stream rules (GIF89a appendix F): codes are written least significant bit
//! first; the first code is Clear; a code is one bit wider than the minimum
//! code size at first and widens when the next free code no longer fits; at
//! 4096 codes a Clear starts a fresh dictionary; End of Information closes.

/// The largest code GIF allows, plus one.
const MAX_CODES: u16 = 4096;

/// Slots of the hash table: a power of two, at most half full (the
/// dictionary holds fewer than 4096 entries).
const SLOTS: usize = 8192;

/// An empty hash slot. Its key part would be prefix 4095, which is never a
/// prefix: the dictionary is cleared as soon as code 4095 is given out.
const EMPTY: u32 = u32::MAX;

/// The dictionary of strings that are not single-index runs: `(prefix code,
/// next index) → code`, open addressing with linear probing. A slot packs
/// the 20-bit key over the 12-bit code, so the table is 32 KB, one load per
/// probe, and stays in the first-level cache.
struct Table {
    slots: Vec<u32>,
    /// Per prefix code, its latest child: `index << 12 | code`, or
    /// [`EMPTY`]. Neighbouring pixels repeat, so a prefix is usually
    /// followed by the same index as last time: one load, no hashing.
    latest: Vec<u32>,
}

impl Table {
    fn new() -> Table {
        Table {
            slots: vec![EMPTY; SLOTS],
            latest: vec![EMPTY; usize::from(MAX_CODES)],
        }
    }

    fn clear(&mut self) {
        self.slots.fill(EMPTY);
        self.latest.fill(EMPTY);
    }

    fn key(prefix: u16, index: u8) -> u32 {
        u32::from(prefix) << 8 | u32::from(index)
    }

    fn slot(key: u32) -> usize {
        // Fibonacci hashing: the top bits of a multiplicative hash.
        (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
    }

    fn get(&self, prefix: u16, index: u8) -> Option<u16> {
        let latest = self.latest[usize::from(prefix & 0xFFF)];
        if latest >> 12 == u32::from(index) {
            return Some((latest & 0xFFF) as u16);
        }
        let key = Table::key(prefix, index);
        let mut at = Table::slot(key);
        loop {
            match self.slots[at] {
                EMPTY => return None,
                s if s >> 12 == key => return Some((s & 0xFFF) as u16),
                _ => at = (at + 1) & (SLOTS - 1),
            }
        }
    }

    fn insert(&mut self, prefix: u16, index: u8, code: u16) {
        let key = Table::key(prefix, index);
        let mut at = Table::slot(key);
        while self.slots[at] != EMPTY {
            at = (at + 1) & (SLOTS - 1);
        }
        self.slots[at] = key << 12 | u32::from(code & 0xFFF);
        self.latest[usize::from(prefix & 0xFFF)] = u32::from(index) << 12 | u32::from(code & 0xFFF);
    }
}

/// How many of `data`'s first bytes (at most `max`) equal `p`, eight at a
/// time: runs on a board are tens to hundreds of pixels.
fn run_length(data: &[u8], p: u8, max: usize) -> usize {
    let data = &data[..data.len().min(max)];
    let splat = u64::from_le_bytes([p; 8]);
    let mut chunks = data.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let diff = u64::from_le_bytes(word) ^ splat;
        if diff != 0 {
            // Little-endian: the first differing byte is the lowest.
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + chunks.remainder().iter().take_while(|&&x| x == p).count()
}

/// Packs codes least significant bit first.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    len: u32,
}

impl Bits {
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= u64::from(code) << self.len;
        self.len += width;
        if self.len >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.len -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.len > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len = self.len.saturating_sub(8);
        }
        self.out
    }
}

/// The encoder's state between codes.
struct Encoder {
    bits: Bits,
    table: Table,
    /// `runs[p][k]`: the code of index `p` repeated `k + 2` times.
    runs: Vec<Vec<u16>>,
    clear: u16,
    next: u16,
    width: u32,
    min_width: u32,
}

impl Encoder {
    /// Writes `code`, then gives the string `code` + `index` the next free
    /// code (the entry the decoder adds when it reads the code after this
    /// one); a full dictionary is cleared.
    fn emit(&mut self, code: u16, index: u8, run_of: Option<(u8, usize)>) {
        self.bits.put(code, self.width);
        match run_of {
            // `code` is `index` repeated: the new string is a longer run.
            Some((p, _)) if p == index => self.runs[usize::from(p)].push(self.next),
            _ => self.table.insert(code, index, self.next),
        }
        self.next += 1;
        if self.next == MAX_CODES {
            self.bits.put(self.clear, self.width);
            self.reset();
        } else if u32::from(self.next) > 1 << self.width {
            self.width += 1;
        }
    }

    fn reset(&mut self) {
        self.table.clear();
        for r in &mut self.runs {
            r.clear();
        }
        self.next = self.clear + 2;
        self.width = self.min_width;
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

/// `indices` LZW-compressed for a GIF image block: the minimum code size
/// byte, then the code stream (not yet cut into sub-blocks). Every index
/// must be below `1 << min_code_size`.
pub fn encode(indices: &[u8], min_code_size: u8) -> Vec<u8> {
    let min_code_size = min_code_size.clamp(2, 8);
    let clear = 1u16 << min_code_size;
    let mut e = Encoder {
        bits: Bits {
            out: Vec::with_capacity(indices.len() / 8 + 16),
            acc: 0,
            len: 0,
        },
        table: Table::new(),
        // One list per byte value, not per colour: an index beyond the
        // code size (a caller's mistake) makes a bad stream, never a panic.
        runs: vec![Vec::new(); 256],
        clear,
        next: clear + 2,
        width: u32::from(min_code_size) + 1,
        min_width: u32::from(min_code_size) + 1,
    };
    e.bits.out.push(min_code_size);
    e.bits.put(clear, e.width);

    if let Some((&first, rest)) = indices.split_first() {
        // The string being matched: its code, and (index, length) when it
        // is one index repeated.
        let mut code = u16::from(first);
        let mut run: Option<(u8, usize)> = Some((first, 1));
        let mut i = 0;
        while let Some(&index) = rest.get(i) {
            if let Some((p, len)) = run.filter(|&(p, _)| p == index) {
                // Extend the run as far as the dictionary allows.
                let known = e.runs[usize::from(p)].len() + 1;
                let want = known - len + 1;
                let ahead = run_length(&rest[i..], p, want);
                // `ahead` is at least 1: `index` is a `p`.
                let best = (len + ahead).min(known);
                if best > len {
                    code = e.runs[usize::from(p)][best - 2];
                    i += best - len;
                    run = Some((p, best));
                }
                if ahead < want {
                    // All of the run is matched; its end (or the data's)
                    // is next.
                    continue;
                }
                // Another `p` follows the longest known run: emit below.
            } else if let Some(longer) = e.table.get(code, index) {
                code = longer;
                run = None;
                i += 1;
                continue;
            }
            e.emit(code, index, run);
            code = u16::from(index);
            run = Some((index, 1));
            i += 1;
        }
        e.bits.put(code, e.width);
        // The decoder adds an entry after this last code too; it widens
        // its codes if that entry fills the current width.
        if u32::from(e.next) == 1 << e.width && e.width < 12 {
            e.width += 1;
        }
    }
    let eoi = clear + 1;
    e.bits.put(eoi, e.width);
    e.bits.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    /// `indices` through our encoder, wrapped in a GIF and read back by the
    /// `gif` crate's decoder: the indices it sees.
    fn round_trip(indices: &[u8], width: u16, colors: usize) -> Vec<u8> {
        let height = (indices.len() / usize::from(width.max(1))) as u16;
        let palette: Vec<u8> = (0..colors.max(2) * 3).map(|i| i as u8).collect();
        let mut gif = Vec::new();
        {
            let mut encoder = ::gif::Encoder::new(&mut gif, width, height, &palette).unwrap();
            let frame = ::gif::Frame {
                width,
                height,
                buffer: Cow::Owned(encode(indices, min_code_size(colors))),
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
