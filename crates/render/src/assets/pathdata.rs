//! SVG path data: a compact writer and a reader for the absolute subset.
//!
//! The writer keeps diagrams small: relative commands, numbers rounded to a
//! fixed grid, no separator where a sign or decimal point already separates.
//! Rounding happens on absolute coordinates and each relative step is taken
//! from the previous *rounded* point, so errors never accumulate.

use resvg::tiny_skia::{Path, PathBuilder, PathSegment, Point};

/// Writes `path` as SVG path data with coordinates rounded to `1/scale`
/// (e.g. `scale = 100.0` keeps two decimals).
pub fn encode(path: &Path, scale: f32) -> String {
    let mut out = String::new();
    let q = |v: f32| to_grid(v * scale);
    // Current and subpath-start points, in grid units.
    let (mut cx, mut cy) = (0i64, 0i64);
    let (mut sx, mut sy) = (0i64, 0i64);
    let mut last_cmd = ' ';
    let cmd = |out: &mut String, c: char, last: &mut char| {
        // A repeated command letter may be omitted (except after moveto,
        // where repeats mean lineto).
        if *last != c || c == 'm' {
            out.push(c);
            *last = c;
            true
        } else {
            false
        }
    };
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                let (x, y) = (q(p.x), q(p.y));
                let fresh = cmd(&mut out, 'm', &mut last_cmd);
                push_numbers(&mut out, &[x - cx, y - cy], scale, fresh);
                (cx, cy, sx, sy) = (x, y, x, y);
            }
            PathSegment::LineTo(p) => {
                let (x, y) = (q(p.x), q(p.y));
                if y == cy {
                    let fresh = cmd(&mut out, 'h', &mut last_cmd);
                    push_numbers(&mut out, &[x - cx], scale, fresh);
                } else if x == cx {
                    let fresh = cmd(&mut out, 'v', &mut last_cmd);
                    push_numbers(&mut out, &[y - cy], scale, fresh);
                } else {
                    let fresh = cmd(&mut out, 'l', &mut last_cmd);
                    push_numbers(&mut out, &[x - cx, y - cy], scale, fresh);
                }
                (cx, cy) = (x, y);
            }
            PathSegment::QuadTo(p1, p) => {
                let (x1, y1, x, y) = (q(p1.x), q(p1.y), q(p.x), q(p.y));
                let fresh = cmd(&mut out, 'q', &mut last_cmd);
                push_numbers(&mut out, &[x1 - cx, y1 - cy, x - cx, y - cy], scale, fresh);
                (cx, cy) = (x, y);
            }
            PathSegment::CubicTo(p1, p2, p) => {
                let (x1, y1, x2, y2) = (q(p1.x), q(p1.y), q(p2.x), q(p2.y));
                let (x, y) = (q(p.x), q(p.y));
                let fresh = cmd(&mut out, 'c', &mut last_cmd);
                push_numbers(
                    &mut out,
                    &[x1 - cx, y1 - cy, x2 - cx, y2 - cy, x - cx, y - cy],
                    scale,
                    fresh,
                );
                (cx, cy) = (x, y);
            }
            PathSegment::Close => {
                out.push('z');
                last_cmd = 'z';
                (cx, cy) = (sx, sy);
            }
        }
    }
    out
}

/// The largest grid value written, in either direction. Values beyond it
/// (a user glyph at 1e38, an infinity) are clamped to it, and NaN is
/// written as 0: `as i64` alone saturates at `i64::MAX`, and a relative
/// step between two saturated values overflowed into garbage such as
/// `-92233720368547758.08`. At 10^15, differences of two clamped values
/// stay far inside `i64`.
const GRID_LIMIT: f64 = 1e15;

/// `v` (already in grid units) rounded to a whole grid value, clamped to
/// [`GRID_LIMIT`], NaN as 0.
fn to_grid(v: impl Into<f64>) -> i64 {
    let v: f64 = v.into();
    if v.is_nan() {
        0
    } else {
        v.round().clamp(-GRID_LIMIT, GRID_LIMIT) as i64
    }
}

/// Appends numbers given in grid units, separated as tightly as SVG allows.
fn push_numbers(out: &mut String, values: &[i64], scale: f32, after_command: bool) {
    for (i, &v) in values.iter().enumerate() {
        let text = format_grid(v, scale);
        // A sign, a leading '.' after a number that has a point, or the
        // command letter itself already separate this number from the last.
        let separated = (i == 0 && after_command)
            || text.starts_with('-')
            || (text.starts_with('.') && last_number_has_point(out));
        if !separated {
            out.push(' ');
        }
        out.push_str(&text);
    }
}

/// Whether the number at the end of `out` already has a decimal point, so a
/// following `.5` cannot be read as part of it.
fn last_number_has_point(out: &str) -> bool {
    let tail = out
        .rsplit(|c: char| !(c.is_ascii_digit() || c == '.'))
        .next()
        .unwrap_or("");
    tail.contains('.')
}

/// `v / scale` with no trailing zeros and no leading zero: `-0.5` → `-.5`.
fn format_grid(v: i64, scale: f32) -> String {
    let decimals = (scale.log10().round() as u32).min(6);
    let mut s = String::new();
    write_fixed(&mut s, v, decimals);
    s
}

/// Writes `units / 10^decimals` as SVG likes it: no trailing zeros, no
/// leading zero (`.5`, `-.25`), `0` for zero. Integer arithmetic only:
/// formatting floats exactly is what made writing SVG slow.
pub(crate) fn write_fixed(out: &mut String, units: i64, decimals: u32) {
    if units < 0 {
        out.push('-');
    }
    let magnitude = units.unsigned_abs();
    let divisor = 10u64.pow(decimals);
    let (whole, mut frac) = (magnitude / divisor, magnitude % divisor);
    if whole > 0 || frac == 0 {
        out.push_str(&whole.to_string());
    }
    if frac > 0 {
        let mut digits = decimals;
        while frac % 10 == 0 {
            frac /= 10;
            digits -= 1;
        }
        out.push('.');
        let text = frac.to_string();
        for _ in text.len()..digits as usize {
            out.push('0');
        }
        out.push_str(&text);
    }
    if out.ends_with('-') {
        // -0 rounds to 0.
        out.pop();
        out.push('0');
    }
}

/// Writes `v` rounded to `decimals` places (see [`write_fixed`]).
pub(crate) fn write_rounded(out: &mut String, v: f32, decimals: u32) {
    let units = to_grid(v as f64 * 10f64.powi(decimals as i32));
    write_fixed(out, units, decimals);
}

/// Reads path data made only of absolute `M L H V C Q Z` commands, as the
/// project's own data files use. Returns `None` on anything else.
pub fn decode_absolute(data: &str) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let mut numbers: Vec<f32> = Vec::new();
    let mut command: Option<char> = None;
    let mut current = Point::zero();
    let bytes = data.as_bytes();
    let mut i = 0;
    let mut flush = |cmd: char, nums: &mut Vec<f32>, current: &mut Point| -> Option<()> {
        let arity = match cmd {
            'M' | 'L' => 2,
            'H' | 'V' => 1,
            'C' => 6,
            'Q' => 4,
            'Z' => 0,
            _ => return None,
        };
        if arity == 0 {
            if !nums.is_empty() {
                return None;
            }
            pb.close();
            return Some(());
        }
        if nums.is_empty() || !nums.len().is_multiple_of(arity) {
            return None;
        }
        for (k, n) in nums.chunks(arity).enumerate() {
            match cmd {
                'M' if k == 0 => pb.move_to(n[0], n[1]),
                'M' | 'L' => pb.line_to(n[0], n[1]),
                'H' => pb.line_to(n[0], current.y),
                'V' => pb.line_to(current.x, n[0]),
                'C' => pb.cubic_to(n[0], n[1], n[2], n[3], n[4], n[5]),
                _ => pb.quad_to(n[0], n[1], n[2], n[3]),
            }
            *current = match cmd {
                'H' => Point::from_xy(n[0], current.y),
                'V' => Point::from_xy(current.x, n[0]),
                _ => Point::from_xy(n[arity - 2], n[arity - 1]),
            };
        }
        nums.clear();
        Some(())
    };
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_alphabetic() {
            if let Some(c) = command {
                flush(c, &mut numbers, &mut current)?;
            }
            command = Some(b as char);
            i += 1;
        } else if b == b' ' || b == b',' {
            i += 1;
        } else {
            let start = i;
            i += 1;
            while i < bytes.len()
                && (bytes[i].is_ascii_digit()
                    || (bytes[i] == b'.' && !data[start..i].contains('.')))
            {
                i += 1;
            }
            numbers.push(data[start..i].parse().ok()?);
        }
    }
    flush(command?, &mut numbers, &mut current)?;
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(data: &str) -> Path {
        decode_absolute(data).unwrap()
    }

    /// Whether `text` is one plain decimal number (what SVG can read).
    fn is_plain_number(text: &str) -> bool {
        let digits = text.strip_prefix('-').unwrap_or(text);
        !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
            && digits.matches('.').count() <= 1
    }

    #[test]
    fn extreme_numbers_are_clamped_never_garbage() {
        let written = |v: f32| {
            let mut s = String::new();
            write_rounded(&mut s, v, 2);
            s
        };
        assert_eq!(written(1e38), "10000000000000");
        assert_eq!(written(-1e38), "-10000000000000");
        assert_eq!(written(f32::INFINITY), "10000000000000");
        assert_eq!(written(f32::NEG_INFINITY), "-10000000000000");
        assert_eq!(written(f32::NAN), "0");
        assert_eq!(written(1e-38), "0");
        assert_eq!(written(-1e-38), "0");
        assert_eq!(written(-0.004), "0");
        assert_eq!(written(-123.456), "-123.46");
        for v in [f32::MAX, f32::MIN, 3.4e37, -9.2e16, 9.3e16] {
            let text = written(v);
            assert!(is_plain_number(&text), "{v}: {text}");
            let back: f64 = text.parse().unwrap();
            assert_eq!(back.signum(), (v as f64).signum(), "{v}: {text}");
        }
    }

    #[test]
    fn paths_at_extreme_coordinates_stay_readable() {
        // Relative steps between clamped points: from -1e38 to +1e38 was
        // an i64 overflow.
        let mut pb = PathBuilder::new();
        pb.move_to(-1e38, -1e38);
        pb.line_to(1e38, 1e38);
        pb.line_to(1e38, -1e38);
        pb.line_to(1e-38, 0.0);
        pb.close();
        let p = pb.finish().unwrap();
        let data = encode(&p, 100.0);
        assert_eq!(
            data,
            "m-10000000000000-10000000000000l20000000000000 20000000000000\
             v-20000000000000l-10000000000000 10000000000000z"
        );
    }

    #[test]
    fn encodes_relative_and_tight() {
        let p = path("M10 10L20 10L20 30L25.5 35Z");
        assert_eq!(encode(&p, 100.0), "m10 10h10v20l5.5 5z");
        let p = path("M1 1C1.5 .5 2 0 3 -1");
        assert_eq!(encode(&p, 100.0), "m1 1c.5-.5 1-1 2-2");
    }

    #[test]
    fn round_trip_stays_on_the_grid() {
        // Re-reading the relative output as absolute points must land on the
        // rounded originals: walk it by hand with the decoder's help.
        let p = path("M0.333 0.666L10.111 3.333Q12 12 1.25 7.777Z");
        let data = encode(&p, 100.0);
        assert_eq!(data, "m.33.67l9.78 2.66q1.89 8.67-8.86 4.45z");
    }

    #[test]
    fn fixed_numbers_are_short() {
        let f = |v: i64, d: u32| {
            let mut s = String::new();
            write_fixed(&mut s, v, d);
            s
        };
        assert_eq!(f(4500, 2), "45");
        assert_eq!(f(50, 2), ".5");
        assert_eq!(f(-25, 2), "-.25");
        assert_eq!(f(-5, 2), "-.05");
        assert_eq!(f(1234, 2), "12.34");
        assert_eq!(f(0, 2), "0");
        assert_eq!(f(7, 0), "7");
        assert_eq!(f(-120, 1), "-12");
        let mut s = String::new();
        write_rounded(&mut s, -0.001, 2);
        assert_eq!(s, "0");
    }

    #[test]
    fn decoder_refuses_what_it_does_not_know() {
        assert!(decode_absolute("M0 0a1 1 0 0 0 1 1").is_none());
        assert!(decode_absolute("M0 0L1").is_none());
        assert!(decode_absolute("").is_none());
        assert!(decode_absolute("M0 0H5V5Z").is_some());
    }
}
