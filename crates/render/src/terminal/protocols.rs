//! The inline-image escape sequences of kitty and iTerm2, which carry a PNG
//! as base64.
//!
//! kitty graphics protocol: `ESC _ G keys ; payload ESC \`, the payload in
//! chunks of at most 4096 base64 bytes, `m=1` on every chunk but the last.
//! iTerm2 (also WezTerm, Konsole, mintty): `ESC ] 1337 ; File = keys : base64
//! BEL`, the whole image in one sequence.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// The largest base64 payload kitty takes in one escape sequence.
const KITTY_CHUNK: usize = 4096;

/// How large a terminal should draw the picture, in character cells.
/// `None` leaves it at the image's own pixel size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CellSize {
    /// Columns the picture spans.
    pub columns: Option<u32>,
    /// Rows the picture spans.
    pub rows: Option<u32>,
}

/// A PNG as kitty graphics protocol commands that transmit and display it
/// (`a=T`, `f=100`), followed by a newline. `q=2` keeps the terminal from
/// answering, so no reply lands in the shell's input.
pub fn kitty(png: &[u8], cells: CellSize) -> String {
    let payload = STANDARD.encode(png);
    let mut out = String::with_capacity(payload.len() + payload.len() / KITTY_CHUNK * 16 + 64);
    let mut keys = String::from("a=T,f=100,q=2");
    if let Some(c) = cells.columns {
        keys.push_str(&format!(",c={c}"));
    }
    if let Some(r) = cells.rows {
        keys.push_str(&format!(",r={r}"));
    }
    // Base64 is ASCII, so chunking by bytes never splits a character; 4096
    // is a multiple of 4, so every chunk but the last is whole quads.
    let chunks: Vec<&str> = payload
        .as_bytes()
        .chunks(KITTY_CHUNK)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
        .collect();
    let count = chunks.len().max(1);
    for i in 0..count {
        let chunk = chunks.get(i).copied().unwrap_or("");
        let more = u8::from(i + 1 < count);
        out.push_str("\x1b_G");
        if i == 0 {
            out.push_str(&keys);
            out.push(',');
        }
        out.push_str(&format!("m={more};"));
        out.push_str(chunk);
        out.push_str("\x1b\\");
    }
    out.push('\n');
    out
}

/// A PNG as an iTerm2 inline image (`File=inline=1`), followed by a newline.
/// The size in bytes lets the terminal show progress and check the data;
/// the name is base64 too, as the protocol asks.
pub fn iterm(png: &[u8], name: &str, cells: CellSize) -> String {
    let payload = STANDARD.encode(png);
    let mut out = String::with_capacity(payload.len() + 128);
    out.push_str("\x1b]1337;File=inline=1");
    out.push_str(&format!(";size={}", png.len()));
    out.push_str(&format!(";name={}", STANDARD.encode(name)));
    if let Some(c) = cells.columns {
        out.push_str(&format!(";width={c}"));
    }
    if let Some(r) = cells.rows {
        out.push_str(&format!(";height={r}"));
    }
    out.push_str(";preserveAspectRatio=1:");
    out.push_str(&payload);
    out.push_str("\x07\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads kitty commands back: the keys of each and the joined payload.
    fn parse_kitty(seq: &str) -> (Vec<String>, Vec<u8>) {
        let mut keys = Vec::new();
        let mut payload = String::new();
        for cmd in seq.trim_end_matches('\n').split("\x1b\\") {
            if cmd.is_empty() {
                continue;
            }
            let body = cmd.strip_prefix("\x1b_G").expect("APC G");
            let (k, data) = body.split_once(';').expect("keys;payload");
            assert!(data.len() <= KITTY_CHUNK);
            keys.push(k.to_string());
            payload.push_str(data);
        }
        (keys, STANDARD.decode(payload).unwrap())
    }

    #[test]
    fn kitty_chunks_decode_back_to_the_png() {
        let png: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let seq = kitty(
            &png,
            CellSize {
                columns: Some(40),
                rows: None,
            },
        );
        let (keys, data) = parse_kitty(&seq);
        assert_eq!(data, png);
        assert_eq!(keys.len(), 10_000usize.div_ceil(3).div_ceil(1024));
        assert_eq!(keys[0], "a=T,f=100,q=2,c=40,m=1");
        assert!(keys[1..keys.len() - 1].iter().all(|k| k == "m=1"));
        assert_eq!(keys.last().unwrap(), "m=0");
        assert!(seq.ends_with("\x1b\\\n"));
    }

    #[test]
    fn kitty_small_image_is_one_command() {
        let (keys, data) = parse_kitty(&kitty(b"png", CellSize::default()));
        assert_eq!(keys, ["a=T,f=100,q=2,m=0"]);
        assert_eq!(data, b"png");
    }

    #[test]
    fn iterm_carries_size_name_and_data() {
        let png = b"\x89PNG\r\n\x1a\n0123456789";
        let seq = iterm(
            png,
            "board.png",
            CellSize {
                columns: Some(30),
                rows: Some(15),
            },
        );
        let body = seq
            .strip_prefix("\x1b]1337;File=")
            .and_then(|s| s.strip_suffix("\x07\n"))
            .unwrap();
        let (args, data) = body.split_once(':').unwrap();
        assert_eq!(STANDARD.decode(data).unwrap(), png);
        let args: Vec<&str> = args.split(';').collect();
        assert!(args.contains(&"inline=1"));
        assert!(args.contains(&"size=18"));
        assert!(args.contains(&"width=30") && args.contains(&"height=15"));
        let name = args.iter().find_map(|a| a.strip_prefix("name=")).unwrap();
        assert_eq!(STANDARD.decode(name).unwrap(), b"board.png");
    }
}
