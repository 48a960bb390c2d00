//! The ids of an SVG document: the prefix every id carries, from the
//! content's hash or the caller, and putting it on every id and reference.

/// Whether `prefix` can start every id of a document: an XML name start
/// (letter or `_`) and then letters, digits, `_`, `-` or `.`, at most 64
/// bytes, so that ids stay valid and no CSS selector or URL breaks on them.
pub fn is_valid_id_prefix(prefix: &str) -> bool {
    let mut bytes = prefix.bytes();
    prefix.len() <= 64
        && bytes
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// `svg` with `prefix` put before every id it defines and every reference
/// to one (`id="`, `href="#`, `url(#`). Inline SVG shares one id namespace
/// with the whole HTML page, so documents inlined together must not share
/// ids that mean different shapes.
pub fn prefix_ids(svg: &str, prefix: &str) -> String {
    const MARKS: [&str; 3] = [" id=\"", "href=\"#", "url(#"];
    let mut out = String::with_capacity(svg.len() + 128 * (prefix.len() + 1));
    // The next place of each mark: only the one just used is searched for
    // again, so the document is scanned once per mark, not once per id.
    let find = |from: usize, mark: &str| svg[from..].find(mark).map(|at| from + at);
    let mut next: [Option<usize>; 3] = [0, 1, 2].map(|i| find(0, MARKS[i]));
    let mut copied = 0;
    while let Some((i, at)) = next
        .iter()
        .enumerate()
        .filter_map(|(i, at)| at.map(|at| (i, at)))
        .min_by_key(|&(_, at)| at)
    {
        let end = at + MARKS[i].len();
        out.push_str(&svg[copied..end]);
        out.push_str(prefix);
        copied = end;
        next[i] = find(end, MARKS[i]);
    }
    out.push_str(&svg[copied..]);
    out
}

/// The default id prefix of a document: six characters carrying a stable
/// 32-bit hash of the document itself, a letter from `g`–`z` or `G`–`Z`
/// (so no id reads as a hex colour after `#`) and five letters or digits.
/// Different documents get different prefixes (so any number can be
/// inlined in one page), the same document the same one (its definitions
/// are identical anyway), and the output stays the same on every machine.
/// Six characters where eight hex digits and an `x` took nine: a prefix
/// is written at every id and every reference, over a hundred times in a
/// full board.
pub(crate) fn content_prefix(svg: &str) -> String {
    // Eight bytes a step (FNV-1a goes byte by byte, a sizeable share of a
    // 20 µs document), read little-endian, so every machine agrees.
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut chunks = svg.as_bytes().chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        h = (h.rotate_left(23) ^ word).wrapping_mul(0x0100_0000_01b3_0001);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(23) ^ u64::from_le_bytes(tail) ^ svg.len() as u64)
        .wrapping_mul(0x0100_0000_01b3_0001);
    h ^= h >> 29;
    // 40 * 62^5 > 2^32: every hash has a prefix of its own.
    prefix_of_hash(h as u32 ^ (h >> 32) as u32)
}

/// The six-character id prefix that carries `hash` (see [`content_prefix`]).
pub(super) fn prefix_of_hash(hash: u32) -> String {
    const FIRST: &[u8; 40] = b"ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut v = hash as u64;
    let mut prefix = String::with_capacity(6);
    prefix.push(FIRST[(v % 40) as usize] as char);
    v /= 40;
    for _ in 0..5 {
        prefix.push(REST[(v % 62) as usize] as char);
        v /= 62;
    }
    prefix
}
