//! A picture of the diagram in Unicode half blocks with 24-bit colour, for
//! terminals that show no images and where the chess glyphs are tiny or
//! turn into emoji.
//!
//! Each character cell shows two pixels, one above the other: `▀` (U+2580)
//! in the top pixel's colour on the bottom pixel's background. Terminal
//! cells are about twice as tall as wide, so the pixels come out square.
//! The pixels come from the diagram rendered at a few times the cell grid
//! and box-filtered down, so edges are smooth rather than jagged.
//!
//! U+2580 and U+2584 are East-Asian-Width *ambiguous*: a terminal set to
//! draw ambiguous characters two cells wide (a CJK setting) widens the
//! picture; the `ansi` board has no such characters.

use std::fmt::Write as _;

/// Pixels with less alpha than this are left to the terminal's background.
const OPAQUE: u8 = 128;

/// Box-filters a premultiplied RGBA image by an integer `factor` in both
/// directions and returns straight (not premultiplied) RGBA. Averaging
/// premultiplied values is what keeps anti-aliased edges over a
/// transparent background from turning dark.
pub fn downscale(premultiplied: &[u8], width: u32, height: u32, factor: u32) -> Vec<u8> {
    let factor = factor.max(1) as usize;
    let (w, h) = (width as usize, height as usize);
    let (ow, oh) = (w / factor, h / factor);
    let area = (factor * factor) as u32;
    let mut out = vec![0u8; ow * oh * 4];
    if premultiplied.len() < w * h * 4 {
        return out;
    }
    for oy in 0..oh {
        for ox in 0..ow {
            let mut sum = [0u32; 4];
            for y in oy * factor..(oy + 1) * factor {
                let row =
                    &premultiplied[(y * w + ox * factor) * 4..(y * w + (ox + 1) * factor) * 4];
                for px in row.chunks_exact(4) {
                    for c in 0..4 {
                        sum[c] += px[c] as u32;
                    }
                }
            }
            let a = (sum[3] + area / 2) / area;
            let o = &mut out[(oy * ow + ox) * 4..][..4];
            o[3] = a as u8;
            if a > 0 {
                for c in 0..3 {
                    // Straight = premultiplied sum / alpha sum, rounded.
                    o[c] = ((sum[c] * 255 + sum[3] / 2) / sum[3]).min(255) as u8;
                }
            }
        }
    }
    out
}

/// The colour state of the terminal while a line is written, so that only
/// changes are sent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ink {
    Default,
    Rgb(u8, u8, u8),
}

fn ink(px: &[u8]) -> Ink {
    if px[3] < OPAQUE {
        Ink::Default
    } else {
        Ink::Rgb(px[0], px[1], px[2])
    }
}

/// Writes a straight RGBA image as lines of half blocks, one line per two
/// pixel rows, each line ending with a colour reset and a newline. A
/// transparent pixel shows the terminal's own background.
pub fn picture(rgba: &[u8], width: u32, height: u32) -> Vec<String> {
    let (w, h) = (width as usize, height as usize);
    if rgba.len() < w * h * 4 {
        return Vec::new();
    }
    let transparent = [0u8; 4];
    let mut lines = Vec::with_capacity(h.div_ceil(2));
    for y in (0..h).step_by(2) {
        let mut line = String::with_capacity(w * 24);
        let (mut fg, mut bg) = (Ink::Default, Ink::Default);
        for x in 0..w {
            let top = ink(&rgba[(y * w + x) * 4..][..4]);
            let bottom = if y + 1 < h {
                ink(&rgba[((y + 1) * w + x) * 4..][..4])
            } else {
                ink(&transparent)
            };
            // The glyph, and the colours it needs in front and behind.
            let (ch, want_fg, want_bg) = match (top, bottom) {
                (Ink::Default, Ink::Default) => (' ', fg, Ink::Default),
                (t, Ink::Default) => ('\u{2580}', t, Ink::Default),
                (Ink::Default, b) => ('\u{2584}', b, Ink::Default),
                (t, b) if t == b => (' ', fg, b),
                (t, b) => ('\u{2580}', t, b),
            };
            if want_fg != fg {
                match want_fg {
                    Ink::Default => line.push_str("\x1b[39m"),
                    Ink::Rgb(r, g, b) => {
                        let _ = write!(line, "\x1b[38;2;{r};{g};{b}m");
                    }
                }
                fg = want_fg;
            }
            if want_bg != bg {
                match want_bg {
                    Ink::Default => line.push_str("\x1b[49m"),
                    Ink::Rgb(r, g, b) => {
                        let _ = write!(line, "\x1b[48;2;{r};{g};{b}m");
                    }
                }
                bg = want_bg;
            }
            line.push(ch);
        }
        line.push_str("\x1b[0m");
        lines.push(line);
    }
    lines
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Reads a half-block picture back into straight RGBA pixels
    /// (transparent where the terminal's background shows).
    pub(crate) fn decode(lines: &[String], width: usize) -> Vec<[u8; 4]> {
        let mut pixels = vec![[0u8; 4]; width * lines.len() * 2];
        for (row, line) in lines.iter().enumerate() {
            let (mut fg, mut bg) = ([0u8; 4], [0u8; 4]);
            let mut x = 0;
            let mut rest = line.as_str();
            while let Some(c) = rest.chars().next() {
                if let Some(seq) = rest.strip_prefix("\x1b[") {
                    let end = seq.find('m').unwrap();
                    let params: Vec<u8> =
                        seq[..end].split(';').map(|p| p.parse().unwrap()).collect();
                    match params.as_slice() {
                        [38, 2, r, g, b] => fg = [*r, *g, *b, 255],
                        [48, 2, r, g, b] => bg = [*r, *g, *b, 255],
                        [39] => fg = [0; 4],
                        [49] => bg = [0; 4],
                        [0] => (fg, bg) = ([0; 4], [0; 4]),
                        other => panic!("unexpected SGR {other:?}"),
                    }
                    rest = &seq[end + 1..];
                    continue;
                }
                let (top, bottom) = match c {
                    '\u{2580}' => (fg, bg),
                    '\u{2584}' => (bg, fg),
                    ' ' => (bg, bg),
                    other => panic!("unexpected {other:?}"),
                };
                pixels[row * 2 * width + x] = top;
                pixels[(row * 2 + 1) * width + x] = bottom;
                x += 1;
                rest = &rest[c.len_utf8()..];
            }
            assert_eq!(x, width, "every line is the picture's width");
        }
        pixels
    }

    #[test]
    fn decodes_back_to_the_same_pixels() {
        let (w, h) = (7usize, 6usize);
        let mut rgba = Vec::new();
        for i in 0..w * h {
            let v = (i * 37 % 256) as u8;
            let a = if i % 5 == 0 { 0 } else { 255 };
            rgba.extend([v, 255 - v, v / 2, a]);
        }
        let lines = picture(&rgba, w as u32, h as u32);
        assert_eq!(lines.len(), 3);
        let back = decode(&lines, w);
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            if px[3] == 0 {
                assert_eq!(back[i][3], 0, "pixel {i} shows the background");
            } else {
                assert_eq!(back[i], [px[0], px[1], px[2], 255], "pixel {i}");
            }
        }
    }

    #[test]
    fn an_odd_last_row_leaves_the_bottom_half_to_the_background() {
        let lines = picture(&[10, 20, 30, 255], 1, 1);
        assert_eq!(lines, ["\x1b[38;2;10;20;30m\u{2580}\x1b[0m"]);
    }

    #[test]
    fn colours_are_only_sent_when_they_change() {
        let rgba: Vec<u8> = [1, 2, 3, 255].repeat(8 * 2);
        let lines = picture(&rgba, 8, 2);
        assert_eq!(
            lines[0],
            format!("\x1b[48;2;1;2;3m{}\x1b[0m", " ".repeat(8))
        );
    }

    #[test]
    fn downscaling_averages_premultiplied_pixels() {
        // 2×2 block: two opaque white pixels, two transparent: 50% white.
        let px = [
            255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255,
        ];
        assert_eq!(downscale(&px, 2, 2, 2), [255, 255, 255, 128]);
        // Opaque red and blue average to purple.
        let px = [255, 0, 0, 255, 0, 0, 255, 255].repeat(2);
        assert_eq!(downscale(&px, 2, 2, 2), [128, 0, 128, 255]);
    }
}
