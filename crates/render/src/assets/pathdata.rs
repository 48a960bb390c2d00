//! SVG path data: a compact writer and a reader for the absolute subset.
//!
//! The writer keeps diagrams small: relative commands, numbers rounded to a
//! fixed grid, no separator where a sign or decimal point already separates.
//! Rounding happens on absolute coordinates and each relative step is taken
//! from the previous *rounded* point, so errors never accumulate.

use resvg::tiny_skia::{Path, PathBuilder, PathSegment, Point};

/// Writes `path` as SVG path data with coordinates rounded to `1/scale`
/// (e.g. `scale = 100.0` keeps two decimals).
///
/// Cubic curves that trace a circle (what a parser makes of `<circle>`:
/// four quarter cubics) are written as arcs where that is shorter: a
/// whole circle as two half arcs takes half the text of its four cubics.
/// An arc is written only where the cubics stay within one grid step of
/// it (1/100 unit of a 45-unit glyph: 0.02 px on a 720 px board).
pub fn encode(path: &Path, scale: f32) -> String {
    encode_with(path, scale, true)
}

/// [`encode`], writing arcs where shorter only if `arcs`.
fn encode_with(path: &Path, scale: f32, arcs: bool) -> String {
    let mut out = String::new();
    let q = |v: f32| to_grid(v * scale);
    // Current and subpath-start points, in grid units.
    let (mut cx, mut cy) = (0i64, 0i64);
    let (mut sx, mut sy) = (0i64, 0i64);
    // The same two points unrounded, for finding arcs.
    let (mut current, mut start) = (Point::zero(), Point::zero());
    let mut last_cmd = ' ';
    let segments: Vec<PathSegment> = path.segments().collect();
    let mut i = 0;
    while i < segments.len() {
        match segments[i] {
            PathSegment::MoveTo(p) => {
                let (x, y) = (q(p.x), q(p.y));
                let fresh = cmd(&mut out, 'm', &mut last_cmd);
                push_numbers(&mut out, &[x - cx, y - cy], scale, fresh);
                (cx, cy, sx, sy) = (x, y, x, y);
                (current, start) = (p, p);
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
                current = p;
            }
            PathSegment::QuadTo(p1, p) => {
                let (x1, y1, x, y) = (q(p1.x), q(p1.y), q(p.x), q(p.y));
                let fresh = cmd(&mut out, 'q', &mut last_cmd);
                push_numbers(&mut out, &[x1 - cx, y1 - cy, x - cx, y - cy], scale, fresh);
                (cx, cy) = (x, y);
                current = p;
            }
            PathSegment::CubicTo(..) => {
                // The cubics from here that one arc can replace, if any.
                let arc = arcs
                    .then(|| arc_run(&segments[i..], current, 0.5 / scale))
                    .flatten();
                let count = arc.as_ref().map_or(1, |a| a.cubics);
                let mut as_cubics = String::new();
                let mut cubic_cmd = last_cmd;
                let (mut x0, mut y0) = (cx, cy);
                for seg in &segments[i..i + count] {
                    if let PathSegment::CubicTo(p1, p2, p) = *seg {
                        let (x1, y1, x2, y2) = (q(p1.x), q(p1.y), q(p2.x), q(p2.y));
                        let (x, y) = (q(p.x), q(p.y));
                        let fresh = cmd(&mut as_cubics, 'c', &mut cubic_cmd);
                        let steps = [x1 - x0, y1 - y0, x2 - x0, y2 - y0, x - x0, y - y0];
                        push_numbers_after(&mut as_cubics, &out, &steps, scale, fresh);
                        (x0, y0) = (x, y);
                        current = p;
                    }
                }
                let as_arc = arc.map(|a| {
                    let mut text = String::new();
                    let mut arc_cmd = last_cmd;
                    let fresh = cmd(&mut text, 'a', &mut arc_cmd);
                    let r = to_grid(a.radius * scale);
                    push_numbers_after(&mut text, &out, &[r, r], scale, fresh);
                    text.push_str(if a.large { " 0 1 " } else { " 0 0 " });
                    text.push(if a.sweep { '1' } else { '0' });
                    push_numbers(&mut text, &[x0 - cx, y0 - cy], scale, false);
                    (text, arc_cmd)
                });
                match as_arc {
                    Some((text, arc_cmd)) if text.len() < as_cubics.len() => {
                        out.push_str(&text);
                        last_cmd = arc_cmd;
                    }
                    _ => {
                        out.push_str(&as_cubics);
                        last_cmd = cubic_cmd;
                    }
                }
                (cx, cy) = (x0, y0);
                i += count;
                continue;
            }
            PathSegment::Close => {
                out.push('z');
                last_cmd = 'z';
                (cx, cy) = (sx, sy);
                current = start;
            }
        }
        i += 1;
    }
    out
}

/// Appends command letter `c` unless it repeats the last one (a repeated
/// letter may be omitted, except after moveto, where repeats mean
/// lineto); returns whether it was written.
fn cmd(out: &mut String, c: char, last: &mut char) -> bool {
    if *last != c || c == 'm' {
        out.push(c);
        *last = c;
        true
    } else {
        false
    }
}

/// [`push_numbers`] into `text`, which will follow `before`: the
/// separator before the first number depends on how `before` ends.
fn push_numbers_after(text: &mut String, before: &str, values: &[i64], scale: f32, fresh: bool) {
    if text.is_empty() && !fresh {
        // Judge the separator against what precedes, then keep only ours.
        let mut joined = before.to_string();
        let from = joined.len();
        push_numbers(&mut joined, values, scale, false);
        text.push_str(&joined[from..]);
    } else {
        push_numbers(text, values, scale, fresh);
    }
}

/// One circular arc that a run of cubics traces.
struct Arc {
    /// How many cubics, from the first, the arc replaces.
    cubics: usize,
    radius: f32,
    /// Whether the arc turns through more than half a circle.
    large: bool,
    /// SVG's sweep flag: the arc runs towards increasing angles (clockwise
    /// on screen, where y points down).
    sweep: bool,
}

/// The arc traced by the cubics at the start of `segments` (from the
/// point `from`), each within `tolerance` of one circle, turning the same
/// way through at most half a circle together; `None` when the first
/// segment is no such cubic.
fn arc_run(segments: &[PathSegment], from: Point, tolerance: f32) -> Option<Arc> {
    let mut circle: Option<(Point, f32, bool)> = None;
    let (mut cubics, mut turned) = (0, 0.0f32);
    let mut p0 = from;
    for seg in segments {
        let PathSegment::CubicTo(p1, p2, p3) = *seg else {
            break;
        };
        let Some((centre, radius, sweep, angle)) = cubic_arc(p0, p1, p2, p3, tolerance) else {
            break;
        };
        if let Some((c, r, s)) = circle {
            // The arc written is the first cubic's circle: each cubic
            // after it must lie on that circle too.
            let same = sweep == s
                && (centre.x - c.x).abs() <= 4.0 * tolerance
                && (centre.y - c.y).abs() <= 4.0 * tolerance
                && on_circle(p0, p1, p2, p3, c, r, tolerance);
            if !same || turned + angle > std::f32::consts::PI + 1e-3 {
                break;
            }
        } else {
            circle = Some((centre, radius, sweep));
        }
        cubics += 1;
        turned += angle;
        p0 = p3;
    }
    let (_, radius, sweep) = circle?;
    Some(Arc {
        cubics,
        radius,
        large: turned > std::f32::consts::PI + 1e-3,
        sweep,
    })
}

/// The circle a cubic from `p0` traces, if it stays within `tolerance` of
/// one along its whole length and turns through less than half of it:
/// its centre, radius, sweep flag and the angle turned.
fn cubic_arc(
    p0: Point,
    p1: Point,
    p2: Point,
    p3: Point,
    tolerance: f32,
) -> Option<(Point, f32, bool, f32)> {
    let at = |t: f32| {
        let u = 1.0 - t;
        let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        (
            (a * p0.x + b * p1.x + c * p2.x + d * p3.x) as f64,
            (a * p0.y + b * p1.y + c * p2.y + d * p3.y) as f64,
        )
    };
    // The circle through both ends and the middle.
    let (ax, ay) = (p0.x as f64, p0.y as f64);
    let (bx, by) = at(0.5);
    let (cx, cy) = (p3.x as f64, p3.y as f64);
    let d = 2.0 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
    let chord = ((cx - ax).powi(2) + (cy - ay).powi(2)).sqrt();
    if chord <= tolerance as f64 * 4.0 || d.abs() < 1e-9 {
        return None;
    }
    let (a2, b2, c2) = (ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy);
    let ox = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
    let oy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
    let radius = ((ax - ox).powi(2) + (ay - oy).powi(2)).sqrt();
    let centre = Point::from_xy(ox as f32, oy as f32);
    let on_circle = on_circle(p0, p1, p2, p3, centre, radius as f32, tolerance);
    // The middle point on the minor arc: the cubic turns less than half
    // a circle (the middle lies on the far side of the chord from the
    // centre).
    let side = |x: f64, y: f64| (cx - ax) * (y - ay) - (cy - ay) * (x - ax);
    let minor = side(bx, by) * side(ox, oy) < 0.0;
    if !on_circle || !minor || !radius.is_finite() {
        return None;
    }
    // Turning direction: the cross product of the two halves' chords.
    let sweep = (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0.0;
    let cos = ((ax - ox) * (cx - ox) + (ay - oy) * (cy - oy)) / (radius * radius);
    let angle = cos.clamp(-1.0, 1.0).acos();
    Some((centre, radius as f32, sweep, angle as f32))
}

/// Whether the cubic from `p0` stays within `tolerance` of the circle
/// around `centre`: fifteen points along it, close enough together that a
/// cubic cannot wander off between them.
fn on_circle(
    p0: Point,
    p1: Point,
    p2: Point,
    p3: Point,
    centre: Point,
    radius: f32,
    tolerance: f32,
) -> bool {
    (1..16).all(|k| {
        let t = k as f64 / 16.0;
        let u = 1.0 - t;
        let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        let x = a * p0.x as f64 + b * p1.x as f64 + c * p2.x as f64 + d * p3.x as f64;
        let y = a * p0.y as f64 + b * p1.y as f64 + c * p2.y as f64 + d * p3.y as f64;
        let off = (x - centre.x as f64).hypot(y - centre.y as f64) - radius as f64;
        off.abs() <= tolerance as f64
    })
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
    // Room for the points and verbs up front (a coordinate takes at least
    // two bytes with its separator): growing the builder's lists was a
    // fifth of reading a set's paths.
    let mut pb = PathBuilder::with_capacity(data.len() / 4, data.len() / 4);
    let mut numbers: Vec<f32> = Vec::with_capacity(6);
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
        } else if b.is_ascii_whitespace() || b == b',' {
            i += 1;
        } else {
            let (end, value) = number_at(data, i);
            numbers.push(value?);
            i = end;
        }
    }
    flush(command?, &mut numbers, &mut current)?;
    pb.finish()
}

/// Powers of ten that an `f32` holds exactly (5^10 < 2^24).
const EXACT_POWERS: [f32; 11] = [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/// The number whose first byte is `text[start]` (anything but a command
/// letter or a separator), and the index just past it: digits and at most
/// one point follow the first byte. Read as [`number`] reads it, in the
/// same pass that finds its end (scanning for the end and then reading
/// the number was a tenth of reading a set's paths).
fn number_at(text: &str, start: usize) -> (usize, Option<f32>) {
    let bytes = text.as_bytes();
    let first = bytes[start];
    let mut point = first == b'.';
    let mut seen_digit = first.is_ascii_digit();
    let mut mantissa = if seen_digit {
        u32::from(first - b'0')
    } else {
        0
    };
    let mut decimals = 0usize;
    let mut end = start + 1;
    while let Some(&b) = bytes.get(end) {
        if b.is_ascii_digit() {
            // Saturating: past 2^24 the parser reads it anyway.
            mantissa = mantissa
                .saturating_mul(10)
                .saturating_add(u32::from(b - b'0'));
            decimals += usize::from(point);
            seen_digit = true;
        } else if b == b'.' && !point {
            point = true;
        } else {
            break;
        }
        end += 1;
    }
    let plain = seen_digit && (first == b'-' || first == b'.' || first.is_ascii_digit());
    let value = match EXACT_POWERS.get(decimals) {
        Some(&power) if plain && mantissa <= 1 << 24 => {
            let v = mantissa as f32 / power;
            Some(if first == b'-' { -v } else { v })
        }
        // Not on a character boundary only where the data is not ASCII,
        // which is no number either.
        _ => text.get(start..end).and_then(number),
    };
    (end, value)
}

/// `text` as the nearest `f32`, as `str::parse` reads it. A bundled set's
/// paths are thousands of numbers read at every one-shot run: reading the
/// set was a twentieth of a one-shot PNG's instructions, most of it the
/// standard parser's general path (callgrind, 2026-11-29). A decimal of up to 2^24 in its
/// digits and at most ten after the point is one exact integer over one
/// exact power of ten, and IEEE division rounds that quotient correctly,
/// so one division gives the parser's answer; anything else goes to the
/// parser.
fn number(text: &str) -> Option<f32> {
    let (negative, digits) = match text.as_bytes().split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text.as_bytes()),
    };
    let mut mantissa: u32 = 0;
    let mut decimals: Option<usize> = None;
    let mut seen_digit = false;
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                // At most 2^24 before, so no overflow here.
                mantissa = mantissa * 10 + u32::from(b - b'0');
                if mantissa > 1 << 24 {
                    return text.parse().ok();
                }
                if let Some(d) = decimals.as_mut() {
                    *d += 1;
                }
                seen_digit = true;
            }
            b'.' if decimals.is_none() => decimals = Some(0),
            _ => return text.parse().ok(),
        }
    }
    let power = EXACT_POWERS.get(decimals.unwrap_or(0));
    match power {
        Some(&power) if seen_digit => {
            let v = mantissa as f32 / power;
            Some(if negative { -v } else { v })
        }
        _ => text.parse().ok(),
    }
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

    /// A circle as usvg makes it of `<circle>`: four quarter cubics,
    /// clockwise on screen from the rightmost point.
    fn circle(cx: f32, cy: f32, r: f32) -> Path {
        let k = 0.552_284_8 * r;
        let mut pb = PathBuilder::new();
        pb.move_to(cx + r, cy);
        pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
        pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
        pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
        pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
        pb.close();
        pb.finish().unwrap()
    }

    #[test]
    fn circles_are_written_as_two_half_arcs() {
        let data = encode(&circle(22.5, 18.4, 2.3), 100.0);
        assert_eq!(data, "m24.8 18.4a2.3 2.3 0 0 1-4.6 0 2.3 2.3 0 0 1 4.6 0z");
        // The other way round (a glyph's hole): the sweep flag follows.
        let k = 0.552_284_8 * 2.3;
        let (cx, cy, r) = (22.5, 18.4, 2.3);
        let mut pb = PathBuilder::new();
        pb.move_to(cx + r, cy);
        pb.cubic_to(cx + r, cy - k, cx + k, cy - r, cx, cy - r);
        pb.cubic_to(cx - k, cy - r, cx - r, cy - k, cx - r, cy);
        pb.cubic_to(cx - r, cy + k, cx - k, cy + r, cx, cy + r);
        pb.cubic_to(cx + k, cy + r, cx + r, cy + k, cx + r, cy);
        pb.close();
        let data = encode(&pb.finish().unwrap(), 100.0);
        assert_eq!(data, "m24.8 18.4a2.3 2.3 0 0 0-4.6 0 2.3 2.3 0 0 0 4.6 0z");
    }

    #[test]
    fn curves_off_the_circle_stay_cubics() {
        // An ellipse, a cubic whose middle leaves the circle by 0.05, and a
        // quarter circle's cubic with a handle off by 0.05: none is an arc.
        let ellipse = PathBuilder::from_oval(
            resvg::tiny_skia::Rect::from_xywh(0.0, 0.0, 20.0, 10.0).unwrap(),
        )
        .unwrap();
        assert!(!encode(&ellipse, 100.0).contains('a'));
        let bulging = path("M10 0C15.57 0 20 4.43 20 10");
        assert_eq!(encode(&bulging, 100.0), "m10 0c5.57 0 10 4.43 10 10");
        let skewed = path("M10 0C15.52 0 20 4.53 20 10");
        assert!(!encode(&skewed, 100.0).contains('a'));
    }

    #[test]
    fn a_quarter_arc_is_written_only_where_shorter() {
        // Radius 10: "a10 10 0 0 1 10 10" is shorter than the cubic.
        let p = path("M10 0C15.52 0 20 4.48 20 10");
        assert_eq!(encode(&p, 100.0), "m10 0a10 10 0 0 1 10 10");
        // On a grid of whole units the cubic's text is the shorter.
        let p = path("M10 0C16 0 20 4 20 10");
        assert_eq!(encode(&p, 1.0), "m10 0c6 0 10 4 10 10");
    }

    #[test]
    fn arcs_draw_the_circle_the_cubics_drew() {
        // The arc's path, read back by usvg, stays within a grid step of
        // the original circle everywhere.
        for (cx, cy, r) in [(22.5, 18.4, 2.3), (5.0, 7.0, 1.5), (30.0, 30.0, 12.25)] {
            let data = encode(&circle(cx, cy, r), 100.0);
            assert!(data.contains('a'), "{data}");
            let svg = format!(
                "<svg xmlns='http://www.w3.org/2000/svg' width='60' height='60'><path d='{data}'/></svg>"
            );
            let tree = resvg::usvg::Tree::from_str(&svg, &Default::default()).unwrap();
            let resvg::usvg::Node::Path(p) = &tree.root().children()[0] else {
                panic!("a path");
            };
            for seg in p.data().segments() {
                let end = match seg {
                    PathSegment::MoveTo(e) | PathSegment::LineTo(e) => e,
                    PathSegment::QuadTo(_, e) | PathSegment::CubicTo(_, _, e) => e,
                    PathSegment::Close => continue,
                };
                let off = ((end.x - cx).hypot(end.y - cy) - r).abs();
                assert!(off <= 0.011, "{data}: {end:?} is {off} off the circle");
            }
        }
    }

    /// Alpha of `data` filled and stroked (a 45th of the glyph wide),
    /// drawn at `px` pixels for the glyph's `units`.
    fn draw(data: &str, px: u32, units: f32) -> Vec<u8> {
        let svg = format!(
            "<svg xmlns='http://www.w3.org/2000/svg' width='{px}' height='{px}' viewBox='0 0 {units} {units}'>\
             <path d='{data}' stroke='#000' stroke-width='{}'/></svg>",
            units / 45.0
        );
        let tree = resvg::usvg::Tree::from_str(&svg, &Default::default()).unwrap();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(px, px).unwrap();
        resvg::render(&tree, Default::default(), &mut pixmap.as_mut());
        pixmap.pixels().iter().map(|p| p.alpha()).collect()
    }

    #[test]
    fn pieces_with_arcs_draw_as_with_cubics() {
        // Every path of the built-in and bundled sets that gains an arc,
        // drawn both ways from 45 px to 720 px: at most a faint edge pixel
        // apart. A wrong sweep or large-arc flag would move whole curves.
        use crate::assets::pieces::PieceSet;
        let mut sets = vec![PieceSet::built_in()];
        sets.extend(
            PieceSet::bundled_sets()
                .iter()
                .filter_map(|s| PieceSet::bundled(s.name)),
        );
        let mut compared = 0;
        for set in &sets {
            for piece in fen2img_chess::Piece::ALL {
                let glyph = set.glyph(piece);
                let units = glyph.size.0.max(glyph.size.1);
                for p in &glyph.paths {
                    let (with, without) =
                        (encode(&p.path, 100.0), encode_with(&p.path, 100.0, false));
                    if with == without {
                        continue;
                    }
                    compared += 1;
                    for px in [45, 180, 512] {
                        let (a, b) = (draw(&with, px, units), draw(&without, px, units));
                        let diffs: Vec<u8> =
                            a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).collect();
                        let worst = diffs.iter().max().copied().unwrap_or(0);
                        let total: u64 = diffs.iter().map(|&d| d as u64).sum();
                        // tiny-skia samples four rows a pixel: an edge a
                        // hair away may cross one or two of them (a quarter
                        // of coverage each). A wrong flag moves whole
                        // curves: many pixels 255 apart.
                        assert!(
                            worst <= 128,
                            "{}: {px} px, a pixel {worst}/255 apart\n{with}\n{without}",
                            set.name()
                        );
                        // Summed differences of at most a tenth of a pixel
                        // along a glyph's width: a hair, not a shape.
                        assert!(
                            total <= 255 * px as u64 / 10,
                            "{}: {px} px, {total}\n{with}",
                            set.name()
                        );
                    }
                }
            }
        }
        assert!(compared > 0, "no arcs found in any set");
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
    fn numbers_read_as_the_standard_parser_reads_them() {
        // Short decimals (the fast path), long ones and odd forms (the
        // parser's), each compared bit for bit.
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "0.5",
            ".5",
            "5.",
            "-.25",
            "16777216",
            "16777217",
            "123456789",
            "0.1",
            "0.30000001",
            "44.999996",
            "1e3",
            "+2",
            "",
            "-",
            ".",
            "1.2.3",
            "0.00000000001",
            "0.0000000001",
            "99999.99",
            "-22.5",
            "007",
            "12345678.9",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut rng = crate::test_support::Xorshift(0x2545_f491);
        for _ in 0..20_000 {
            let seed = rng.next();
            let digits = (seed % 100_000_000).to_string();
            let point = (seed >> 27) as usize % (digits.len() + 1);
            let sign = if seed & 1 == 1 { "-" } else { "" };
            texts.push(format!("{sign}{}.{}", &digits[..point], &digits[point..]));
            // An f32 from 0.0005 to 512 written shortest, as the data files
            // write them.
            texts.push(f32::from_bits(0x3a00_0000 + seed % 0x0a00_0000).to_string());
        }
        for text in &texts {
            let ours = number(text).map(f32::to_bits);
            let std = text.parse::<f32>().ok().map(f32::to_bits);
            assert_eq!(ours, std, "{text:?}");
            // Read within path data, where the scan finds its end, the
            // same (the scan takes digits and one point after the first
            // byte).
            if text.is_empty() {
                continue;
            }
            let data = format!("{text}Z");
            let (end, within) = number_at(&data, 0);
            let scanned = &data[..end];
            assert_eq!(
                within.map(f32::to_bits),
                scanned.parse::<f32>().ok().map(f32::to_bits),
                "{text:?} read as {scanned:?}"
            );
        }
        // Where the data is not ASCII: no number, no panic.
        assert_eq!(number_at("\u{e9}1", 0), (1, None));
    }

    #[test]
    fn decoder_refuses_what_it_does_not_know() {
        assert!(decode_absolute("M0 0a1 1 0 0 0 1 1").is_none());
        assert!(decode_absolute("M0 0L1").is_none());
        assert!(decode_absolute("").is_none());
        assert!(decode_absolute("M0 0H5V5Z").is_some());
    }
}
