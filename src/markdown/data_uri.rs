//! An image inside the page: a `data:` URI (RFC 2397) in base64 (RFC 4648
//! §4, with padding), for an animated GIF where a page holds its diagrams
//! inline (an SVG goes in as itself; a GIF cannot).

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// `bytes` in base64 with `=` padding.
pub fn base64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// What a `data:` URI of a GIF starts with.
const GIF_PREFIX: &str = "data:image/gif;base64,";

/// `data:image/gif;base64,...` for the GIF `bytes`.
pub fn gif(bytes: &[u8]) -> String {
    format!("{GIF_PREFIX}{}", base64(bytes))
}

/// The length of [`gif`] for a GIF of `len` bytes, without making it.
pub fn gif_len(len: usize) -> usize {
    GIF_PREFIX.len() + len.div_ceil(3) * 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648s() {
        // RFC 4648 §10's test vectors.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(&[0xff, 0xfe, 0xfd]), "//79");
    }
}
