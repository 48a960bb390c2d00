//! Deflate for filtered PNG rows, fast and made to measure.
//!
//! Filtered diagram rows are mostly zeros (flat squares, rows repeating the
//! row above) with short bursts of other bytes along the edges of pieces.
//! The stream is therefore tokens of two kinds, as fdeflate makes them:
//! literal bytes, and runs of zeros (a literal zero, then copies of it at
//! distance 1). fdeflate codes those tokens with one fixed Huffman table
//! tuned for photographs' small differences; on a palette image the
//! differences of palette indices are not small, so here each image gets a
//! code made from its own token counts (one dynamic block): one pass counts,
//! a second writes.
//!
//! Why not zlib (flate2 with zlib-rs is already a dependency)? Measured on
//! 20 corpus boards at 720 px with inside coordinates (2026-11-29, loaded
//! machine, the filtered rows recompressed by C zlib 1.2 from Python): the
//! IDAT stream was 25,267 B with fdeflate's fixed table; zlib gave 24,255 B
//! at level 1 in 1.8 ms a board, 20,474 B with `Z_RLE` in 1.6 ms, 19,737 B
//! at level 6 (`Z_FILTERED`) in 5.2 ms and 18,155 B at level 9 in 57 ms,
//! where this encoder writes about 21,500 B in 0.46 ms (the whole PNG,
//! filtering included; `bench/sizes.sh`, `render_corpus`). A diagram server
//! draws a board in well under a millisecond; zlib's smaller files would
//! cost three to a hundred times that.

/// A large image's code is made from the tokens of an eighth of it: a
/// slice of `SAMPLE` bytes every `SAMPLE_STRIDE`, rows from top to bottom
/// (counting everything was a third of the time, for a code that is
/// hardly better).
const SAMPLE: usize = 2048;
const SAMPLE_STRIDE: usize = 16384;

/// The smallest copy deflate can express.
const MIN_MATCH: usize = 3;
/// The longest.
const MAX_MATCH: usize = 258;
/// Literal/length alphabet: 256 bytes, end of block, 29 length codes.
const LITLEN_SYMBOLS: usize = 286;
const END_OF_BLOCK: usize = 256;

/// First length of each length code 257..=285, and its extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];

/// The length code (0-based, add 257) of each copy length 3..=258.
const LENGTH_CODE: [u8; MAX_MATCH + 1] = {
    let mut table = [0u8; MAX_MATCH + 1];
    let mut code = 0;
    let mut len = MIN_MATCH;
    while len <= MAX_MATCH {
        while code + 1 < LENGTH_BASE.len() && LENGTH_BASE[code + 1] as usize <= len {
            code += 1;
        }
        table[len] = code as u8;
        len += 1;
    }
    table
};

/// The order in which code-length code lengths are stored (RFC 1951, 3.2.7).
const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// What the tokens of a stream go to: first a count, then the writer.
trait Tokens {
    /// One literal byte.
    fn literal(&mut self, byte: u8);
    /// Literal bytes, none of them zero.
    fn literals(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.literal(b);
        }
    }
    /// A copy of the byte before, `len` (3..=258) times: distance 1.
    fn copy(&mut self, len: usize);
}

/// Hands `sink` the tokens `data` becomes: literal bytes, and each run of
/// zeros as one literal zero and copies of it. The same tokens on every
/// call, so counting and writing agree.
fn tokens(data: &[u8], sink: &mut impl Tokens) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    while i < data.len() {
        if data[i] != 0 {
            // The end of the stretch of other bytes, a word at a time: the
            // lowest zero byte of a word is the lowest set bit of this mask.
            let mut j = i + 1;
            while j + 8 <= data.len() {
                let word = u64::from_le_bytes(data[j..j + 8].try_into().expect("eight bytes"));
                let zeros = word.wrapping_sub(ONES) & !word & HIGHS;
                if zeros != 0 {
                    j += zeros.trailing_zeros() as usize / 8;
                    break;
                }
                j += 8;
            }
            while j < data.len() && data[j] != 0 {
                j += 1;
            }
            sink.literals(&data[i..j]);
            i = j;
            continue;
        }
        // The end of the run of zeros, a word at a time.
        let mut j = i + 1;
        while j + 8 <= data.len() {
            let word = u64::from_le_bytes(data[j..j + 8].try_into().expect("eight bytes"));
            if word != 0 {
                j += word.trailing_zeros() as usize / 8;
                break;
            }
            j += 8;
        }
        while j < data.len() && data[j] == 0 {
            j += 1;
        }
        sink.literal(0);
        let mut rest = j - i - 1;
        while rest >= MIN_MATCH {
            // Never leave one or two zeros behind a longest copy.
            let len = if rest > MAX_MATCH && rest - MAX_MATCH < MIN_MATCH {
                rest - MIN_MATCH
            } else {
                rest.min(MAX_MATCH)
            };
            sink.copy(len);
            rest -= len;
        }
        for _ in 0..rest {
            sink.literal(0);
        }
        i = j;
    }
}

/// Counts each symbol of the literal/length alphabet. Literals go to four
/// tables in turn: a run of one byte value would otherwise wait on its
/// own count, one increment after the other.
struct Counts([[u32; LITLEN_SYMBOLS]; 4]);

impl Tokens for Counts {
    #[inline(always)]
    fn literal(&mut self, byte: u8) {
        self.0[0][byte as usize] += 1;
    }

    #[inline(always)]
    fn literals(&mut self, bytes: &[u8]) {
        let mut quads = bytes.chunks_exact(4);
        for q in &mut quads {
            self.0[0][q[0] as usize] += 1;
            self.0[1][q[1] as usize] += 1;
            self.0[2][q[2] as usize] += 1;
            self.0[3][q[3] as usize] += 1;
        }
        for &b in quads.remainder() {
            self.0[0][b as usize] += 1;
        }
    }

    #[inline(always)]
    fn copy(&mut self, len: usize) {
        self.0[0][257 + LENGTH_CODE[len] as usize] += 1;
    }
}

/// Writes each token with the block's code.
struct Coder<'a> {
    out: &'a mut BitWriter,
    /// Each symbol's code in the low 16 bits, its length above.
    table: &'a [u32; LITLEN_SYMBOLS],
}

impl Tokens for Coder<'_> {
    #[inline(always)]
    fn literal(&mut self, byte: u8) {
        let entry = self.table[byte as usize];
        self.out.put((entry & 0xffff) as u64, (entry >> 16) as u8);
    }

    #[inline(always)]
    fn literals(&mut self, bytes: &[u8]) {
        // Two codes of at most 15 bits a write.
        let mut pairs = bytes.chunks_exact(2);
        for pair in &mut pairs {
            let (a, b) = (self.table[pair[0] as usize], self.table[pair[1] as usize]);
            let bits = (a & 0xffff) as u64 | ((b & 0xffff) as u64) << (a >> 16);
            self.out.put(bits, ((a >> 16) + (b >> 16)) as u8);
        }
        for &b in pairs.remainder() {
            self.literal(b);
        }
    }

    #[inline(always)]
    fn copy(&mut self, len: usize) {
        let code = LENGTH_CODE[len] as usize;
        let entry = self.table[257 + code];
        let value = (len - LENGTH_BASE[code] as usize) as u64;
        // The length code, its extra bits, then distance 1: distance code
        // 0, alone in its code and one bit long.
        let bits = (entry >> 16) as u8;
        self.out.put(
            (entry & 0xffff) as u64 | value << bits,
            bits + LENGTH_EXTRA[code] + 1,
        );
    }
}

/// `data` as a zlib stream (RFC 1950) of one dynamic deflate block.
pub(crate) fn zlib(data: &[u8]) -> Vec<u8> {
    let mut counts = Counts([[0; LITLEN_SYMBOLS]; 4]);
    let sampled = data.len() > 4 * SAMPLE_STRIDE;
    if sampled {
        for start in (0..data.len()).step_by(SAMPLE_STRIDE) {
            tokens(&data[start..(start + SAMPLE).min(data.len())], &mut counts);
        }
    } else {
        tokens(data, &mut counts);
    }
    let mut total = [0u32; LITLEN_SYMBOLS];
    for (s, t) in total.iter_mut().enumerate() {
        *t = counts.0.iter().map(|c| c[s]).sum();
        if sampled {
            // Every symbol the sample missed may still occur: a code for
            // each, as long as a rare symbol's.
            *t = (*t).max(1);
        }
    }
    total[END_OF_BLOCK] = 1;
    let lengths = code_lengths(&total, 15);
    let codes = canonical_codes(&lengths);
    let mut table = [0u32; LITLEN_SYMBOLS];
    for (entry, (&code, &len)) in table.iter_mut().zip(codes.iter().zip(&lengths)) {
        *entry = code as u32 | (len as u32) << 16;
    }
    let mut out = BitWriter::with_capacity(data.len() / 8 + 256);
    // zlib header: deflate, 32 KiB window, fastest-level hint; check bits.
    out.bytes.extend_from_slice(&[0x78, 0x01]);
    out.put(1, 1); // the last block
    out.put(2, 2); // dynamic Huffman codes
    write_code_lengths(&mut out, &lengths);
    let mut coder = Coder {
        out: &mut out,
        table: &table,
    };
    tokens(data, &mut coder);
    out.put(codes[END_OF_BLOCK] as u64, lengths[END_OF_BLOCK]);
    let mut bytes = out.finish();
    bytes.extend_from_slice(&simd_adler32::adler32(&data).to_be_bytes());
    bytes
}

/// The block header after its first three bits: the literal/length code's
/// lengths and a one-code distance code, themselves Huffman coded.
fn write_code_lengths(out: &mut BitWriter, litlen: &[u8]) {
    let used = litlen
        .iter()
        .rposition(|&l| l > 0)
        .map_or(257, |p| p + 1)
        .max(257);
    let mut lengths: Vec<u8> = litlen[..used].to_vec();
    lengths.push(1); // the distance code: code 0 alone, one bit
                     // Runs in the sequence of lengths: 16 repeats the last length 3-6
                     // times, 17 writes 3-10 zeros, 18 writes 11-138 zeros.
    let mut items: Vec<(u8, u8)> = Vec::new(); // (symbol, extra bits value)
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let mut run = 1;
        while i + run < lengths.len() && lengths[i + run] == l {
            run += 1;
        }
        let mut left = run;
        if l == 0 {
            while left >= 11 {
                let n = left.min(138);
                items.push((18, (n - 11) as u8));
                left -= n;
            }
            if left >= 3 {
                items.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            items.push((l, 0));
            left -= 1;
            while left >= 3 {
                let n = left.min(6);
                items.push((16, (n - 3) as u8));
                left -= n;
            }
        }
        for _ in 0..left {
            items.push((l, 0));
        }
        i += run;
    }
    let mut counts = [0u32; 19];
    for &(symbol, _) in &items {
        counts[symbol as usize] += 1;
    }
    let cl = code_lengths(&counts, 7);
    let cl_codes = canonical_codes(&cl);
    let stored = CODE_LENGTH_ORDER
        .iter()
        .rposition(|&s| cl[s] > 0)
        .map_or(4, |p| p + 1)
        .max(4);
    out.put((used - 257) as u64, 5); // HLIT
    out.put(0, 5); // HDIST: one distance code
    out.put((stored - 4) as u64, 4); // HCLEN
    for &s in &CODE_LENGTH_ORDER[..stored] {
        out.put(cl[s] as u64, 3);
    }
    for (symbol, extra) in items {
        let s = symbol as usize;
        out.put(cl_codes[s] as u64, cl[s]);
        match symbol {
            16 => out.put(extra as u64, 2),
            17 => out.put(extra as u64, 3),
            18 => out.put(extra as u64, 7),
            _ => {}
        }
    }
}

/// Huffman code lengths for `counts`, none longer than `limit`: a symbol
/// with a count gets a length, others 0. Where the optimal code is too
/// deep, counts are halved (rounding up) until it fits: rare, and only
/// ever a little longer than optimal.
fn code_lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut weights: Vec<u32> = counts.to_vec();
    loop {
        let lengths = huffman_lengths(&weights);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        for w in weights.iter_mut().filter(|w| **w > 0) {
            *w = w.div_ceil(2);
        }
    }
}

/// Optimal (unlimited) Huffman code lengths, by the two-queue method over
/// the symbols sorted by count (ties by symbol: deterministic).
fn huffman_lengths(counts: &[u32]) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    let mut leaves: Vec<(u64, usize)> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(s, &c)| (c as u64, s))
        .collect();
    if leaves.len() == 1 {
        lengths[leaves[0].1] = 1;
        return lengths;
    }
    leaves.sort_unstable();
    let n = leaves.len();
    // Nodes 0..n are the leaves, n.. the merged ones; parent of each.
    let mut parent = vec![0usize; 2 * n - 1];
    let mut weight: Vec<u64> = leaves.iter().map(|&(c, _)| c).collect();
    let (mut next_leaf, mut next_node) = (0, n);
    let take = |weight: &Vec<u64>, next_leaf: &mut usize, next_node: &mut usize, made: usize| {
        if *next_leaf < n && (*next_node >= made || weight[*next_leaf] <= weight[*next_node]) {
            *next_leaf += 1;
            *next_leaf - 1
        } else {
            *next_node += 1;
            *next_node - 1
        }
    };
    for made in n..2 * n - 1 {
        let a = take(&weight, &mut next_leaf, &mut next_node, made);
        let b = take(&weight, &mut next_leaf, &mut next_node, made);
        weight.push(weight[a] + weight[b]);
        parent[a] = made;
        parent[b] = made;
    }
    // Depths from the root (the last node) down.
    let mut depth = vec![0u8; 2 * n - 1];
    for node in (0..2 * n - 2).rev() {
        depth[node] = depth[parent[node]].saturating_add(1);
    }
    for (leaf, &(_, symbol)) in leaves.iter().enumerate() {
        lengths[symbol] = depth[leaf];
    }
    lengths
}

/// The canonical codes of `lengths` (RFC 1951, 3.2.2), bit-reversed
/// because deflate writes codes from their first bit into the low end.
fn canonical_codes(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Bits into bytes, first bit lowest.
struct BitWriter {
    bytes: Vec<u8>,
    buffer: u64,
    bits: u32,
}

impl BitWriter {
    fn with_capacity(capacity: usize) -> BitWriter {
        BitWriter {
            bytes: Vec::with_capacity(capacity),
            buffer: 0,
            bits: 0,
        }
    }

    /// Appends the low `count` bits of `value` (at most 32), eight bytes
    /// at a time when the buffer fills.
    #[inline(always)]
    fn put(&mut self, value: u64, count: u8) {
        let count = count as u32;
        self.buffer |= value << self.bits;
        if self.bits + count >= 64 {
            self.bytes.extend_from_slice(&self.buffer.to_le_bytes());
            // The bits of `value` that did not fit (none when the buffer
            // was empty, where a shift by 64 would be out of range).
            self.buffer = value.checked_shr(64 - self.bits).unwrap_or(0);
            self.bits = self.bits + count - 64;
        } else {
            self.bits += count;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        let bytes = self.bits.div_ceil(8) as usize;
        self.bytes
            .extend_from_slice(&self.buffer.to_le_bytes()[..bytes]);
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn inflate(stream: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(stream)
            .read_to_end(&mut out)
            .expect("a valid zlib stream");
        out
    }

    /// Filtered-row-like bytes: long runs of zeros between bursts.
    fn rows_like(len: usize, seed: u32) -> Vec<u8> {
        let mut state = seed;
        let mut next = move || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            state >> 16
        };
        let mut data = Vec::with_capacity(len);
        while data.len() < len {
            let zeros = (next() % 300) as usize;
            data.extend(std::iter::repeat_n(0, zeros));
            let burst = (next() % 12) as usize;
            data.extend((0..burst).map(|_| (next() % 256) as u8));
        }
        data.truncate(len);
        data
    }

    #[test]
    fn streams_inflate_to_their_input() {
        let mut cases: Vec<Vec<u8>> = vec![
            Vec::new(),
            vec![0],
            vec![7],
            vec![0; 100_000],
            (0..=255).collect(),
            (0..70_000u32).map(|i| (i * 31 % 251) as u8).collect(),
            rows_like(200_000, 1),
            rows_like(3_000, 2),
        ];
        // Runs of zeros around the longest copy: 258 + 1 and + 2 must not
        // leave a copy shorter than three.
        for run in [1, 2, 3, 4, 258, 259, 260, 261, 262, 516, 517, 518, 519] {
            let mut data = vec![5u8];
            data.extend(std::iter::repeat_n(0, run));
            data.push(9);
            cases.push(data);
        }
        for data in cases {
            assert_eq!(inflate(&zlib(&data)), data, "{} bytes", data.len());
        }
    }

    #[test]
    fn skewed_counts_are_held_to_fifteen_bits() {
        // Fibonacci counts make the optimal code as deep as there are
        // symbols: the limit must cut it down, and the stream stay valid.
        let mut fib = vec![1u32, 1];
        while fib.len() < 30 {
            let n = fib.len();
            fib.push(fib[n - 1] + fib[n - 2]);
        }
        let optimal = huffman_lengths(&fib);
        assert!(optimal.iter().any(|&l| l > 15));
        assert!(code_lengths(&fib, 15)
            .iter()
            .all(|&l| (1..=15).contains(&l)));
        let data: Vec<u8> = fib
            .iter()
            .enumerate()
            .flat_map(|(s, &c)| std::iter::repeat_n(s as u8 + 1, c.min(40_000) as usize))
            .collect();
        assert_eq!(inflate(&zlib(&data)), data);
    }

    #[test]
    fn codes_are_prefix_free_and_complete() {
        // Kraft's sum of a complete code is exactly one.
        let counts: Vec<u32> = (0..286).map(|s| (s * 7919 % 1000) as u32).collect();
        let lengths = code_lengths(&counts, 15);
        let kraft: f64 = lengths
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 0.5f64.powi(l as i32))
            .sum();
        assert!((kraft - 1.0).abs() < 1e-12, "{kraft}");
    }
}
