//! Long inputs from short ones, so that a cost quadratic in some run of
//! tokens shows up as a timeout or an out-of-memory report.
//!
//! libFuzzer keeps inputs short (`-max_len`, and it grows them slowly), and
//! on a few kilobytes a quadratic loop still takes microseconds: the PGN
//! target ran 815,653 inputs of at most 4,096 bytes without a hint that a
//! comment full of `[`, or a line of stray `)`, cost minutes at a megabyte.
//! So a target also reads its input *stretched*: a short piece of it (the
//! first two bytes choose where and how long, 1 to 8 bytes) repeated until
//! the whole is about [`STRETCHED_LEN`] bytes. The fuzzer's mutations then
//! choose what is repeated (`[`, `)`, `)\n`, `[%cal Ge2e4,`...), and the
//! timeout (`-timeout=10`) and memory limit (`-rss_limit_mb=1024`) judge
//! the cost.

/// The size a stretched input grows to: under a megabyte, so that a
/// stretched comment is still read (the longest is 1 MiB), and large
/// enough that a quadratic cost takes far longer than the timeout.
pub const STRETCHED_LEN: usize = 1_000_000;

/// `data[2..]` with the piece `data[0]` and `data[1]` choose repeated in
/// place to about [`STRETCHED_LEN`] bytes; `None` when there is no text.
pub fn stretch(data: &[u8]) -> Option<Vec<u8>> {
    let [at, len, text @ ..] = data else {
        return None;
    };
    if text.is_empty() {
        return None;
    }
    let start = *at as usize * text.len() / 256;
    let end = (start + 1 + *len as usize % 8).min(text.len());
    let piece = &text[start..end];
    let times = STRETCHED_LEN.saturating_sub(text.len()) / piece.len();
    let mut out = Vec::with_capacity(text.len() + times * piece.len());
    out.extend_from_slice(&text[..end]);
    for _ in 0..times {
        out.extend_from_slice(piece);
    }
    out.extend_from_slice(&text[end..]);
    Some(out)
}
