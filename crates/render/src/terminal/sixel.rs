//! Sixel: the DEC graphics format that foot, mlterm, xterm (`-ti vt340`),
//! WezTerm, Windows Terminal and others draw inline.
//!
//! A sixel image is a stream of six-pixel-tall bands. Within a band each
//! colour is painted in one pass: a character from `?` (0x3F) to `~` (0x7E)
//! sets the pixels of one column whose bits are on (bit 0 at the top), `!n`
//! repeats the next character n times, `$` returns to the band's left edge
//! for the next colour and `-` moves to the next band. Colours are
//! registers `#n;2;r;g;b` with components in percent.
//!
//! The image comes in as a palette and one index per pixel, which is what
//! the renderer's palette path already makes: no quantizing happens here.

use std::fmt::Write as _;

/// At most this many colour registers: what xterm and most terminals offer.
pub const MAX_COLORS: usize = 256;

/// Why an image cannot be written as sixel.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SixelError {
    /// More than [`MAX_COLORS`] colours in the palette.
    TooManyColors(usize),
    /// `indices` does not hold `width × height` entries.
    WrongLength {
        /// `width × height`.
        expected: usize,
        /// What was given.
        got: usize,
    },
    /// An index is outside the palette.
    IndexOutOfRange(u8),
}

impl std::fmt::Display for SixelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SixelError::TooManyColors(n) => {
                write!(f, "sixel: {n} colours, at most {MAX_COLORS}")
            }
            SixelError::WrongLength { expected, got } => {
                write!(f, "sixel: {got} pixel indices for {expected} pixels")
            }
            SixelError::IndexOutOfRange(i) => write!(f, "sixel: index {i} outside the palette"),
        }
    }
}

impl std::error::Error for SixelError {}

/// A component 0..=255 as sixel's percent, rounded to nearest.
fn percent(v: u8) -> u32 {
    (v as u32 * 100 + 127) / 255
}

/// Writes an image as a sixel sequence, from `ESC P` to `ESC \`.
///
/// `palette` holds straight (not premultiplied) RGBA colours; a pixel whose
/// colour has an alpha below 128 is left unpainted, so the terminal's own
/// background shows through, and every other pixel is painted opaque.
/// The raster attributes declare square pixels and the image's size, so
/// terminals size the picture before it arrives.
pub fn encode(
    width: u32,
    height: u32,
    palette: &[[u8; 4]],
    indices: &[u8],
) -> Result<String, SixelError> {
    if palette.len() > MAX_COLORS {
        return Err(SixelError::TooManyColors(palette.len()));
    }
    let (w, h) = (width as usize, height as usize);
    if indices.len() != w * h {
        return Err(SixelError::WrongLength {
            expected: w * h,
            got: indices.len(),
        });
    }
    if let Some(&bad) = indices.iter().find(|&&i| i as usize >= palette.len()) {
        return Err(SixelError::IndexOutOfRange(bad));
    }
    // ESC P 0;1;0 q: aspect from the raster attributes, unpainted pixels
    // keep the background (P2 = 1), no grid size.
    let mut out = String::with_capacity(w * h / 3 + 64);
    let _ = write!(out, "\x1bP0;1;0q\"1;1;{width};{height}");
    let painted: Vec<bool> = palette.iter().map(|c| c[3] >= 128).collect();
    for (i, c) in palette.iter().enumerate() {
        if painted[i] {
            let _ = write!(
                out,
                "#{i};2;{};{};{}",
                percent(c[0]),
                percent(c[1]),
                percent(c[2])
            );
        }
    }
    // One row of sixel bits per colour, reused for every band.
    let mut bits = vec![0u8; w * palette.len()];
    let mut used = vec![false; palette.len()];
    for band in (0..h).step_by(6) {
        bits.iter_mut().for_each(|b| *b = 0);
        used.iter_mut().for_each(|u| *u = false);
        for dy in 0..6.min(h - band) {
            let row = &indices[(band + dy) * w..(band + dy + 1) * w];
            for (x, &i) in row.iter().enumerate() {
                let i = i as usize;
                if painted[i] {
                    bits[i * w + x] |= 1 << dy;
                    used[i] = true;
                }
            }
        }
        let mut first = true;
        for (i, _) in used.iter().enumerate().filter(|&(_, &u)| u) {
            if !first {
                out.push('$');
            }
            first = false;
            let _ = write!(out, "#{i}");
            write_runs(&mut out, &bits[i * w..(i + 1) * w]);
        }
        out.push('-');
    }
    out.push_str("\x1b\\");
    Ok(out)
}

/// One colour's columns of a band, with runs of four or more written as
/// `!n` and trailing empty columns left out.
fn write_runs(out: &mut String, row: &[u8]) {
    let end = row.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
    let mut x = 0;
    while x < end {
        let b = row[x];
        let run = row[x..end].iter().take_while(|&&c| c == b).count();
        let ch = (0x3F + b) as char;
        if run >= 4 {
            let _ = write!(out, "!{run}{ch}");
        } else {
            out.extend(std::iter::repeat_n(ch, run));
        }
        x += run;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A sixel decoder for tests: the image as RGBA rows, unpainted pixels
    /// transparent black. Follows the format as terminals read it (VT330/340
    /// manual), independent of the encoder above.
    pub(crate) fn decode(seq: &str) -> (u32, u32, Vec<[u8; 4]>) {
        let body = seq
            .strip_prefix("\x1bP")
            .and_then(|s| s.strip_suffix("\x1b\\"))
            .expect("DCS ... ST");
        let q = body.find('q').expect("sixel introducer");
        let mut chars = body[q + 1..].chars().peekable();
        let number = |chars: &mut std::iter::Peekable<std::str::Chars>| -> u32 {
            let mut n = 0;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d;
                chars.next();
            }
            n
        };
        let (mut width, mut height) = (0, 0);
        let mut registers = [[0u8; 4]; 256];
        let mut pixels: Vec<[u8; 4]> = Vec::new();
        let (mut x, mut band, mut color) = (0u32, 0u32, 0usize);
        while let Some(c) = chars.next() {
            match c {
                '"' => {
                    let _ = number(&mut chars);
                    chars.next();
                    let _ = number(&mut chars);
                    chars.next();
                    width = number(&mut chars);
                    chars.next();
                    height = number(&mut chars);
                    pixels = vec![[0; 4]; (width * height) as usize];
                }
                '#' => {
                    color = number(&mut chars) as usize;
                    if chars.peek() == Some(&';') {
                        chars.next();
                        assert_eq!(number(&mut chars), 2, "RGB colour space");
                        let mut rgb = [0u8; 4];
                        for v in rgb.iter_mut().take(3) {
                            chars.next();
                            *v = ((number(&mut chars) * 255 + 50) / 100) as u8;
                        }
                        rgb[3] = 255;
                        registers[color] = rgb;
                    }
                }
                '$' => x = 0,
                '-' => {
                    x = 0;
                    band += 1;
                }
                '!' | '?'..='~' => {
                    let (count, ch) = if c == '!' {
                        let n = number(&mut chars);
                        (n, chars.next().unwrap())
                    } else {
                        (1, c)
                    };
                    let bits = ch as u32 - 0x3F;
                    for _ in 0..count {
                        for dy in 0..6 {
                            let y = band * 6 + dy;
                            if bits & (1 << dy) != 0 && x < width && y < height {
                                pixels[(y * width + x) as usize] = registers[color];
                            }
                        }
                        x += 1;
                    }
                }
                other => panic!("unexpected {other:?} in sixel data"),
            }
        }
        (width, height, pixels)
    }

    #[test]
    fn decodes_back_to_the_same_pixels() {
        let palette = [[240, 217, 181, 255], [181, 136, 99, 255], [0, 0, 0, 255]];
        let (w, h) = (13u32, 17u32);
        let indices: Vec<u8> = (0..w * h)
            .map(|i| ((i % w) / 3 + (i / w) / 5) as u8 % 3)
            .collect();
        let seq = encode(w, h, &palette, &indices).unwrap();
        let (dw, dh, pixels) = decode(&seq);
        assert_eq!((dw, dh), (w, h));
        for (p, &i) in pixels.iter().zip(&indices) {
            let want = palette[i as usize];
            for c in 0..3 {
                // Percent steps: at most 255 / 200 off after rounding twice.
                assert!(p[c].abs_diff(want[c]) <= 1, "{p:?} vs {want:?}");
            }
            assert_eq!(p[3], 255);
        }
    }

    #[test]
    fn transparent_colours_are_left_unpainted() {
        let palette = [[0, 0, 0, 0], [255, 0, 0, 255]];
        let indices = [0, 1, 1, 0];
        let seq = encode(2, 2, &palette, &indices).unwrap();
        assert!(
            !seq.contains("#0;"),
            "no register for the transparent colour"
        );
        let (_, _, pixels) = decode(&seq);
        assert_eq!(pixels[0][3], 0);
        assert_eq!(pixels[1], [255, 0, 0, 255]);
        assert_eq!(pixels[3][3], 0);
    }

    #[test]
    fn long_runs_are_compressed() {
        let seq = encode(100, 6, &[[9, 9, 9, 255]], &[0; 600]).unwrap();
        assert!(seq.contains("!100~"), "{seq}");
        assert!(seq.len() < 60, "{}", seq.len());
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert_eq!(
            encode(2, 2, &[[0; 4]], &[0; 3]),
            Err(SixelError::WrongLength {
                expected: 4,
                got: 3
            })
        );
        assert_eq!(
            encode(1, 1, &[[0; 4]], &[1]),
            Err(SixelError::IndexOutOfRange(1))
        );
        assert_eq!(
            encode(1, 1, &vec![[0; 4]; 257], &[0]),
            Err(SixelError::TooManyColors(257))
        );
        assert!(encode(0, 0, &[], &[]).is_ok());
    }
}
