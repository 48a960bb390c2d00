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
//! What keeps that as fast as the fixed table (`render_corpus`, 300
//! boards at 400 px, 2026-11-29: 0.166 ms a board against fdeflate's
//! 0.167 ms, where a first version of this encoder took 0.195 ms): the
//! ends of the runs and stretches are found 64 bytes at a time from a mask
//! rather than by searches whose ends the processor mispredicts; a run of
//! zeros is written as one precomputed code, a short stretch of literals
//! as four codes a write without a loop; and the code is built on the
//! stack, its symbols sorted by a radix sort.
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
    /// The literal bytes `data[from..to]`, none of them zero (`data` is
    /// the whole stream, so that a writer may read a little past `to`).
    fn literals(&mut self, data: &[u8], from: usize, to: usize) {
        for &b in &data[from..to] {
            self.literal(b);
        }
    }
    /// A copy of the byte before, `len` (3..=258) times: distance 1.
    fn copy(&mut self, len: usize);
    /// A run of `len` (at least 1) zeros: see [`run_tokens`].
    fn zeros(&mut self, len: usize)
    where
        Self: Sized,
    {
        run_tokens(self, len);
    }
}

/// A run of `len` (at least 1) zeros as tokens: one literal zero, then
/// copies of it, then the one or two zeros too few for a copy as literals.
fn run_tokens(sink: &mut impl Tokens, len: usize) {
    sink.literal(0);
    let mut rest = len - 1;
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
}

/// Hands `sink` the tokens `data` becomes: literal bytes, and each run of
/// zeros as one literal zero and copies of it. The same tokens on every
/// call, so counting and writing agree.
///
/// A stream is a stretch of other bytes (empty at the start, perhaps), a
/// run of zeros, a stretch, a run...: where each ends is all there is to
/// find, and in diagram rows that is every dozen bytes or so, too often
/// and too irregularly for a processor to guess the end of a byte-by-byte
/// (or word-by-word) search. So the places where the data turns from
/// zeros to other bytes or back are found 64 bytes at a time, as the set
/// bits of a mask, and the segments between them handed on in turn.
fn tokens(data: &[u8], sink: &mut impl Tokens) {
    // The segment being read: where it starts, and whether it is a run of
    // zeros (else a stretch of other bytes; at the start, an empty one).
    let mut start = 0;
    let mut in_run = false;
    let mut end_segment = |at: usize, in_run: bool, start: usize| {
        if in_run {
            sink.zeros(at - start);
        } else if at > start {
            sink.literals(data, start, at);
        }
    };
    let mut blocks = data.chunks_exact(64);
    let mut base = 0;
    for block in &mut blocks {
        let mut words = [0u64; 8];
        for (w, word) in words.iter_mut().zip(block.chunks_exact(8)) {
            *w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        }
        if in_run && words.iter().fold(0, |acc, &w| acc | w) == 0 {
            base += 64;
            continue;
        }
        let zeros = zero_mask(&words);
        // A bit for each byte whose kind differs from the byte before.
        let mut turns = zeros ^ (zeros << 1 | u64::from(in_run));
        while turns != 0 {
            let at = base + turns.trailing_zeros() as usize;
            end_segment(at, in_run, start);
            in_run = !in_run;
            start = at;
            turns &= turns - 1;
        }
        base += 64;
    }
    for (k, &b) in blocks.remainder().iter().enumerate() {
        if (b == 0) != in_run {
            end_segment(base + k, in_run, start);
            in_run = !in_run;
            start = base + k;
        }
    }
    end_segment(data.len(), in_run, start);
}

/// A bit for each zero byte of the 64 bytes `words` hold (little-endian),
/// the first byte's lowest: for each word, the high bit of each zero byte
/// (exactly: no carry crosses bytes), gathered into a byte by a
/// multiplication.
#[inline(always)]
fn zero_mask(words: &[u64; 8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut mask = 0u64;
    for (w, &x) in words.iter().enumerate() {
        let high = !(((x & LOW7).wrapping_add(LOW7)) | x) & !LOW7;
        mask |= ((high >> 7).wrapping_mul(GATHER) >> 56) << (8 * w);
    }
    mask
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
    fn literals(&mut self, data: &[u8], from: usize, to: usize) {
        // Four bytes a step, as the coder writes them: those past the
        // stretch read but counted zero times, so that a short stretch
        // (most are) is counted without a loop that ends unforeseen.
        if to + 4 <= data.len() {
            let mut at = from;
            while at < to {
                for k in 0..4 {
                    self.0[k][data[at + k] as usize] += u32::from(at + k < to);
                }
                at += 4;
            }
            return;
        }
        for &b in &data[from..to] {
            self.0[0][b as usize] += 1;
        }
    }

    #[inline(always)]
    fn copy(&mut self, len: usize) {
        self.0[0][257 + LENGTH_CODE[len] as usize] += 1;
    }

    #[inline(always)]
    fn zeros(&mut self, len: usize) {
        if len > SHORT_RUN {
            run_tokens(self, len);
            return;
        }
        // A literal zero, then one copy or, for one or two zeros more,
        // literal zeros (see `run_tokens`): counted without asking which.
        let rest = len - 1;
        let copies = rest >= MIN_MATCH;
        self.0[1][0] += 1 + if copies { 0 } else { rest as u32 };
        self.0[2][257 + LENGTH_CODE[rest.max(MIN_MATCH)] as usize] += u32::from(copies);
    }
}

/// The bits of a run of zeros up to [`SHORT_RUN`] long, ready to write
/// at once: what [`run_tokens`] would write token by token.
#[derive(Clone, Copy, Default)]
struct RunCode {
    bits: u64,
    len: u8,
}

/// The longest run of zeros one [`RunCode`] holds: a literal zero and one
/// longest copy. (Longer runs are a few in an image.)
const SHORT_RUN: usize = 1 + MAX_MATCH;

/// Writes each token with the block's code.
struct Coder<'a> {
    out: &'a mut BitWriter,
    /// Each symbol's code in the low 16 bits, its length above.
    table: &'a [u32; LITLEN_SYMBOLS],
    /// Each short run of zeros whole, by length.
    runs: &'a [RunCode; SHORT_RUN + 1],
}

impl Coder<'_> {
    /// The codes of the (up to) four bytes of `data` from `at`, the
    /// first `count` of them: bits and their number. The bytes past the
    /// count are read but their codes masked off, so that short
    /// stretches are written without a loop.
    #[inline(always)]
    fn four(&self, data: &[u8], at: usize, count: usize) -> (u64, u8) {
        let mut bits = 0u64;
        let mut len = 0u32;
        for k in 0..4 {
            let entry = self.table[data[at + k] as usize];
            let keep = 0u32.wrapping_sub(u32::from(k < count));
            let code_len = (entry >> 16) & keep;
            bits |= u64::from(entry & 0xffff & keep) << len;
            len += code_len;
        }
        (bits, len as u8)
    }
}

impl Tokens for Coder<'_> {
    #[inline(always)]
    fn literal(&mut self, byte: u8) {
        let entry = self.table[byte as usize];
        self.out.put((entry & 0xffff) as u64, (entry >> 16) as u8);
    }

    #[inline(always)]
    fn literals(&mut self, data: &[u8], from: usize, to: usize) {
        let count = to - from;
        // Nine stretches in ten are at most four bytes, and almost all at
        // most eight: written as four codes a time, without a loop, when
        // the eight bytes from `from` are there to read.
        if count <= 8 && from + 8 <= data.len() {
            let (bits, len) = self.four(data, from, count);
            self.out.put(bits, len);
            if count > 4 {
                let (bits, len) = self.four(data, from + 4, count - 4);
                self.out.put(bits, len);
            }
            return;
        }
        // Two codes of at most 15 bits a write.
        let mut pairs = data[from..to].chunks_exact(2);
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
        let (bits, count) = copy_code(self.table, len);
        self.out.put(bits, count);
    }

    #[inline(always)]
    fn zeros(&mut self, len: usize) {
        match self.runs.get(len) {
            Some(run) => self.out.put(run.bits, run.len),
            // A long run (a few an image), token by token.
            None => run_tokens(self, len),
        }
    }
}

/// A copy of `len` (3..=258) at distance 1 in `table`'s code: the length
/// code, its extra bits, then distance code 0, alone in its code and one
/// bit long.
#[inline(always)]
fn copy_code(table: &[u32; LITLEN_SYMBOLS], len: usize) -> (u64, u8) {
    let code = LENGTH_CODE[len] as usize;
    let entry = table[257 + code];
    let value = (len - LENGTH_BASE[code] as usize) as u64;
    let bits = (entry >> 16) as u8;
    (
        (entry & 0xffff) as u64 | value << bits,
        bits + LENGTH_EXTRA[code] + 1,
    )
}

/// Every short run of zeros in `table`'s code, as [`run_tokens`] makes
/// it: a literal zero, then one copy, or one or two more literal zeros
/// when a copy would be too short.
fn run_codes(table: &[u32; LITLEN_SYMBOLS]) -> [RunCode; SHORT_RUN + 1] {
    let zero = table[0];
    let (zero_bits, zero_len) = ((zero & 0xffff) as u64, (zero >> 16) as u8);
    let mut runs = [RunCode::default(); SHORT_RUN + 1];
    for (len, run) in runs.iter_mut().enumerate().skip(1) {
        let (mut bits, mut count) = (zero_bits, zero_len);
        let rest = len - 1;
        if rest >= MIN_MATCH {
            let (copy, copy_len) = copy_code(table, rest);
            bits |= copy << count;
            count += copy_len;
        } else {
            for _ in 0..rest {
                bits |= zero_bits << count;
                count += zero_len;
            }
        }
        *run = RunCode { bits, len: count };
    }
    runs
}

/// `data` as a zlib stream (RFC 1950) of one dynamic deflate block.
pub(crate) fn zlib(data: &[u8]) -> Vec<u8> {
    stream(data, |coder| tokens(data, coder))
}

/// `data` as a zlib stream whose tokens `write` writes with the block's
/// code (the tests write them one by one, to compare).
fn stream(data: &[u8], write: impl FnOnce(&mut Coder<'_>)) -> Vec<u8> {
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
    let runs = run_codes(&table);
    let mut coder = Coder {
        out: &mut out,
        table: &table,
        runs: &runs,
    };
    write(&mut coder);
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
    let mut lengths = [0u8; LITLEN_SYMBOLS + 1];
    lengths[..used].copy_from_slice(&litlen[..used]);
    lengths[used] = 1; // the distance code: code 0 alone, one bit
    let lengths = &lengths[..used + 1];
    // Runs in the sequence of lengths: 16 repeats the last length 3-6
    // times, 17 writes 3-10 zeros, 18 writes 11-138 zeros. At most one
    // item a length.
    let mut items = [(0u8, 0u8); LITLEN_SYMBOLS + 1]; // (symbol, extra bits value)
    let mut count = 0;
    let mut push = |item: (u8, u8)| {
        items[count] = item;
        count += 1;
    };
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
                push((18, (n - 11) as u8));
                left -= n;
            }
            if left >= 3 {
                push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            push((l, 0));
            left -= 1;
            while left >= 3 {
                let n = left.min(6);
                push((16, (n - 3) as u8));
                left -= n;
            }
        }
        for _ in 0..left {
            push((l, 0));
        }
        i += run;
    }
    let items = &items[..count];
    let mut counts = [0u32; 19];
    for &(symbol, _) in items {
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
    for &(symbol, extra) in items {
        let s = symbol as usize;
        let extra_bits = match symbol {
            16 => 2,
            17 => 3,
            18 => 7,
            _ => 0,
        };
        out.put(
            cl_codes[s] as u64 | (extra as u64) << cl[s],
            cl[s] + extra_bits,
        );
    }
}

/// The most symbols of an alphabet coded here (the literal/length one).
const MAX_SYMBOLS: usize = LITLEN_SYMBOLS;

/// Huffman code lengths for `counts` (at most [`MAX_SYMBOLS`]), none
/// longer than `limit`: a symbol with a count gets a length, others 0.
/// Where the optimal code is too deep, counts are halved (rounding up)
/// until it fits: rare, and only ever a little longer than optimal.
fn code_lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    let mut weights = [0u32; MAX_SYMBOLS];
    let weights = &mut weights[..counts.len()];
    weights.copy_from_slice(counts);
    loop {
        huffman_lengths(weights, &mut lengths);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        for w in weights.iter_mut().filter(|w| **w > 0) {
            *w = w.div_ceil(2);
        }
    }
}

/// Optimal (unlimited) Huffman code lengths of `counts` into `lengths`, by
/// the two-queue method over the symbols sorted by count (ties by symbol:
/// deterministic). Everything on the stack: this runs twice an image,
/// where a millisecond is a lot.
fn huffman_lengths(counts: &[u32], lengths: &mut [u8]) {
    lengths.fill(0);
    let mut order = [0u16; MAX_SYMBOLS];
    let n = by_count(counts, &mut order);
    let leaves = &order[..n];
    match n {
        0 => return,
        1 => {
            lengths[leaves[0] as usize] = 1;
            return;
        }
        _ => {}
    }
    // Nodes 0..n are the leaves, n.. the merged ones: the weight and the
    // parent of each.
    let mut weight = [0u64; 2 * MAX_SYMBOLS];
    let mut parent = [0u16; 2 * MAX_SYMBOLS];
    for (w, &s) in weight.iter_mut().zip(leaves) {
        *w = u64::from(counts[s as usize]);
    }
    let (mut next_leaf, mut next_node) = (0, n);
    for made in n..2 * n - 1 {
        let mut pair = [0usize; 2];
        for taken in &mut pair {
            // The lighter of the next leaf and the next merged node (the
            // leaf on a tie), chosen without a branch: which one it is
            // cannot be guessed.
            let leaf = if next_leaf < n {
                weight[next_leaf]
            } else {
                u64::MAX
            };
            let node = if next_node < made {
                weight[next_node]
            } else {
                u64::MAX
            };
            let is_leaf = leaf <= node;
            *taken = if is_leaf { next_leaf } else { next_node };
            next_leaf += usize::from(is_leaf);
            next_node += usize::from(!is_leaf);
        }
        weight[made] = weight[pair[0]] + weight[pair[1]];
        parent[pair[0]] = made as u16;
        parent[pair[1]] = made as u16;
    }
    // Depths from the root (the last node) down.
    let mut depth = [0u8; 2 * MAX_SYMBOLS];
    for node in (0..2 * n - 2).rev() {
        depth[node] = depth[parent[node] as usize].saturating_add(1);
    }
    for (leaf, &symbol) in leaves.iter().enumerate() {
        lengths[symbol as usize] = depth[leaf];
    }
}

/// The symbols with a count into `order`, by count, then by symbol; how
/// many there are. The symbols in order, sorted stably on their counts a
/// byte at a time: a few passes over 286 symbols, where a comparison sort
/// took longer than making the rest of the code.
fn by_count(counts: &[u32], order: &mut [u16; MAX_SYMBOLS]) -> usize {
    let mut n = 0;
    let mut most = 0;
    for (s, &c) in counts.iter().enumerate() {
        if c > 0 {
            order[n] = s as u16;
            n += 1;
            most = most.max(c);
        }
    }
    let mut sorted = [0u16; MAX_SYMBOLS];
    let mut shift = 0;
    while shift < 32 && most >> shift > 0 {
        let digit = |s: u16| ((counts[s as usize] >> shift) & 0xff) as usize;
        let mut start = [0u16; 257];
        for &s in &order[..n] {
            start[digit(s) + 1] += 1;
        }
        for d in 1..257 {
            start[d] += start[d - 1];
        }
        for &s in &order[..n] {
            let d = digit(s);
            sorted[start[d] as usize] = s;
            start[d] += 1;
        }
        order[..n].copy_from_slice(&sorted[..n]);
        shift += 8;
    }
    n
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

    /// Appends the low `count` bits of `value` (at most 64), eight bytes
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

    /// A token, as the tests record them.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Token {
        Literal(u8),
        Copy(usize),
    }

    /// The tokens handed on, one by one (the trait's own `literals` and
    /// `zeros`).
    #[derive(Default)]
    struct Recorded(Vec<Token>);

    impl Tokens for Recorded {
        fn literal(&mut self, byte: u8) {
            self.0.push(Token::Literal(byte));
        }
        fn copy(&mut self, len: usize) {
            self.0.push(Token::Copy(len));
        }
    }

    /// The tokens of `data` found one byte at a time, as the first version
    /// of this encoder found them.
    fn tokens_byte_by_byte(data: &[u8]) -> Vec<Token> {
        let mut out = Recorded::default();
        let mut i = 0;
        while i < data.len() {
            let mut j = i;
            if data[i] != 0 {
                while j < data.len() && data[j] != 0 {
                    out.literal(data[j]);
                    j += 1;
                }
            } else {
                while j < data.len() && data[j] == 0 {
                    j += 1;
                }
                run_tokens(&mut out, j - i);
            }
            i = j;
        }
        out.0
    }

    /// Streams whose runs and stretches begin and end everywhere a 64-byte
    /// block can put them, runs around the longest copy and its multiples,
    /// stretches of every length near the end, and row-like streams.
    fn edge_cases() -> Vec<Vec<u8>> {
        let mut cases = Vec::new();
        for len in [0, 1, 2, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200] {
            cases.push(vec![0; len]);
            cases.push(vec![9; len]);
            cases.push((0..len).map(|i| (i % 2) as u8).collect());
            cases.push((0..len).map(|i| u8::from(i % 3 == 0) * 5).collect());
        }
        for at in [0, 1, 62, 63, 64, 65, 126, 127, 128] {
            for run in [
                1, 2, 3, 4, 63, 64, 65, 258, 259, 260, 261, 262, 517, 518, 520,
            ] {
                let mut data = vec![3u8; at];
                data.extend(std::iter::repeat_n(0, run));
                data.extend(1..=11);
                data.extend(std::iter::repeat_n(0, run));
                cases.push(data);
            }
        }
        for tail in 1..=20 {
            for gap in 0..4 {
                let mut data = vec![0u8; 61];
                data.extend(std::iter::repeat_n(0, gap));
                data.extend((1..=tail).map(|i| i as u8));
                cases.push(data);
            }
        }
        for seed in 0..40 {
            cases.push(rows_like(3_000 + seed * 97, seed as u32));
        }
        cases
    }

    #[test]
    fn tokens_are_those_of_a_byte_by_byte_reading() {
        // The runs and stretches found 64 bytes at a time from a mask are
        // those a byte-by-byte reading finds: the same tokens, so the
        // same bytes as before.
        for data in edge_cases() {
            let mut walked = Recorded::default();
            tokens(&data, &mut walked);
            assert_eq!(walked.0, tokens_byte_by_byte(&data), "{data:?}");
        }
    }

    #[test]
    fn short_cuts_write_what_token_by_token_writing_writes() {
        // A run's precomputed code and four literals a write are, bit for
        // bit, the tokens written one by one with the same code.
        let mut cases = edge_cases();
        cases.push(rows_like(200_000, 7));
        for data in cases {
            let one_by_one = stream(&data, |coder| {
                for token in tokens_byte_by_byte(&data) {
                    match token {
                        Token::Literal(b) => coder.literal(b),
                        Token::Copy(len) => coder.copy(len),
                    }
                }
            });
            assert!(zlib(&data) == one_by_one, "{} bytes", data.len());
        }
    }

    /// The CRC-32 of a PNG chunk, bit by bit.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    0xEDB8_8320 ^ (crc >> 1)
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn streams_decode_with_the_png_crate() {
        // Each case's bytes as the rows of a grey PNG (filter type 0, so
        // the rows' bytes are the pixels), its IDAT this encoder's stream,
        // read back by the png crate.
        let mut images: Vec<(usize, Vec<u8>)> = edge_cases()
            .into_iter()
            .filter(|data| !data.is_empty())
            .map(|data| (data.len(), data))
            .collect();
        // Over 64 KiB: the code made from a sample.
        images.push((1_000, rows_like(120_000, 3)));
        images.push((400, vec![0; 400 * 300]));
        for (width, pixels) in images {
            let height = pixels.len() / width;
            let mut rows = Vec::with_capacity(pixels.len() + height);
            for row in pixels.chunks_exact(width) {
                rows.push(0);
                rows.extend_from_slice(row);
            }
            let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
            let mut ihdr = Vec::new();
            ihdr.extend_from_slice(&(width as u32).to_be_bytes());
            ihdr.extend_from_slice(&(height as u32).to_be_bytes());
            ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
            for (kind, body) in [
                (&b"IHDR"[..], ihdr),
                (b"IDAT", zlib(&rows)),
                (b"IEND", Vec::new()),
            ] {
                png.extend_from_slice(&(body.len() as u32).to_be_bytes());
                let mut typed = kind.to_vec();
                typed.extend_from_slice(&body);
                png.extend_from_slice(&typed);
                png.extend_from_slice(&crc32(&typed).to_be_bytes());
            }
            let mut reader = png::Decoder::new(std::io::Cursor::new(&png))
                .read_info()
                .expect("a PNG the png crate reads");
            let mut decoded = vec![0; reader.output_buffer_size().expect("a size")];
            let info = reader.next_frame(&mut decoded).expect("its pixels");
            decoded.truncate(info.buffer_size());
            assert!(decoded == pixels[..width * height], "{width} x {height}");
        }
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
        let mut optimal = vec![0; fib.len()];
        huffman_lengths(&fib, &mut optimal);
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
