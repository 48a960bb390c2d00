//! Numbers, colours and rectangles spelled as short as SVG allows, with a
//! fixed format so the output is the same on every machine.

use crate::assets::color::Rgba;
use crate::assets::pathdata;

/// ` fill="#abc"` plus ` fill-opacity=".5"` when translucent.
pub(super) fn paint(attr: &str, c: Rgba) -> String {
    if c.a == 255 {
        format!(" {attr}=\"{}\"", hex(c))
    } else {
        format!(
            " {attr}=\"{}\" {attr}-opacity=\"{}\"",
            hex(c),
            num(c.opacity())
        )
    }
}

/// `#rgb` when the colour allows it, else `#rrggbb`.
pub(super) fn hex(c: Rgba) -> String {
    let short = |v: u8| v.is_multiple_of(17);
    if short(c.r) && short(c.g) && short(c.b) {
        format!("#{:x}{:x}{:x}", c.r / 17, c.g / 17, c.b / 17)
    } else {
        c.hex6()
    }
}

/// A colour as an id suffix.
pub(super) fn color_key(c: Rgba) -> String {
    format!("{:02x}{:02x}{:02x}{:02x}", c.r, c.g, c.b, c.a)
}

pub(super) fn rect_attrs(x: f32, y: f32, w: f32, h: f32) -> String {
    format!(
        " x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        num(x),
        num(y),
        num(w),
        num(h)
    )
}

/// A number with at most two decimals and no trailing zeros.
pub(super) fn num(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 2);
    s
}

/// A number with at most one decimal (label positions in font units).
pub(super) fn num1(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 1);
    s
}

/// A number with at most four decimals (scales).
pub(super) fn num4(v: f32) -> String {
    let mut s = String::new();
    pathdata::write_rounded(&mut s, v, 4);
    s
}
