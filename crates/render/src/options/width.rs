//! An image's width as people give it: pixels (`400`, `400px`), or a
//! printed width (`35mm`, `3.5cm`, `1.5in`) made pixels at a resolution.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::ValueError;
use fen2img_support::quote::escape;

use super::diagram::SIZE_RANGE;

/// The resolution a printed width is made pixels at when none is given:
/// the screen's 96 dots per inch.
pub const DEFAULT_DPI: u32 = 96;

/// A width: pixels, or a printed width in mm, cm or in.
///
/// Printed widths are kept in whole thousandths of their unit, with the
/// unit as how many of it make 100 inches (2,540 mm, 254 cm, 100 in), so
/// the same width gives the same pixels on every machine. Written back as
/// pixels (`400`) or with three decimals (`35.000mm`).
///
/// ```
/// use fen2img_render::Width;
///
/// let w: Width = "35mm".parse()?;
/// // A newspaper diagram: 35 mm at 150 dpi is 207 px, at 300 dpi 413 px.
/// assert_eq!((w.pixels(150), w.pixels(300)), (207, 413));
/// assert_eq!(w.to_string(), "35.000mm");
/// assert_eq!("400px".parse::<Width>()?, Width::Px(400));
/// assert_eq!("35pt".parse::<Width>().unwrap_err().column(), 3);
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// Pixels, within [`SIZE_RANGE`].
    Px(u32),
    /// A printed width.
    Printed {
        /// Thousandths of the unit.
        milli: u64,
        /// How many of the unit make 100 inches: 2540 (mm), 254 (cm) or
        /// 100 (in).
        per_100_inches: u64,
    },
}

impl Width {
    /// The width in pixels at `dpi`, rounded to the nearest.
    pub fn pixels(self, dpi: u32) -> u64 {
        match self {
            Width::Px(px) => px as u64,
            Width::Printed {
                milli,
                per_100_inches,
            } => {
                let denominator = per_100_inches * 1000;
                (milli * dpi as u64 * 100 + denominator / 2) / denominator
            }
        }
    }

    /// Whether this is a printed width (one that a resolution makes pixels).
    pub fn is_printed(self) -> bool {
        matches!(self, Width::Printed { .. })
    }
}

/// What a width may be, for messages.
fn shape() -> String {
    format!(
        "a width from {} to {} pixels, or a printed width such as 35mm, 3.5cm or 1.5in",
        SIZE_RANGE.start(),
        SIZE_RANGE.end()
    )
}

impl FromStr for Width {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Width, ValueError> {
        let split = text
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let bad_number =
            || ValueError::new(1, format!("expected {}, found '{}'", shape(), escape(text)));
        let per_100_inches = match unit.to_ascii_lowercase().as_str() {
            "" | "px" => {
                return number
                    .parse::<u32>()
                    .ok()
                    .filter(|size| SIZE_RANGE.contains(size))
                    .map(Width::Px)
                    .ok_or_else(bad_number)
            }
            "mm" => 2540,
            "cm" => 254,
            "in" => 100,
            _ => {
                return Err(ValueError::at_byte(
                    text,
                    split,
                    format!(
                        "'{}' is not a unit: expected px, mm, cm or in",
                        escape(unit)
                    ),
                ))
            }
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty()
            || fraction.len() > 3
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
            || whole.len() > 6
        {
            return Err(bad_number());
        }
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad_number())?
        };
        let fraction: u64 = format!("{fraction:0<3}")
            .parse()
            .map_err(|_| bad_number())?;
        Ok(Width::Printed {
            milli: whole * 1000 + fraction,
            per_100_inches,
        })
    }
}

impl fmt::Display for Width {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Width::Px(px) => write!(f, "{px}"),
            Width::Printed {
                milli,
                per_100_inches,
            } => {
                let unit = match per_100_inches {
                    2540 => "mm",
                    254 => "cm",
                    _ => "in",
                };
                write!(f, "{}.{:03}{unit}", milli / 1000, milli % 1000)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn printed_widths_become_pixels_at_the_resolution() {
        let mm35: Width = "35mm".parse().unwrap();
        assert_eq!(mm35.pixels(150), 207);
        assert_eq!(mm35.pixels(300), 413);
        assert_eq!("3.5cm".parse::<Width>().unwrap().pixels(300), 413);
        assert_eq!("1.5in".parse::<Width>().unwrap().pixels(300), 450);
        // An inch is 25.4 mm exactly: a metre at 254 dpi is 10,000 pixels
        // (254 in taken as 6,450 mm made it 10,003).
        assert_eq!("1000mm".parse::<Width>().unwrap().pixels(254), 10_000);
        assert_eq!("100cm".parse::<Width>().unwrap().pixels(254), 10_000);
        assert_eq!(".5IN".parse::<Width>().unwrap().pixels(96), 48);
        assert_eq!("400".parse(), Ok(Width::Px(400)));
        for bad in [
            "", "mm", "35pt", "3.5555cm", "-3mm", "31", "4097px", "1e3mm", "1,5cm",
        ] {
            assert!(bad.parse::<Width>().is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn what_is_written_reads_back(
            px in SIZE_RANGE,
            milli in 0u64..1_000_000_000,
            unit in prop::sample::select(vec![2540u64, 254, 100]),
        ) {
            let w = Width::Px(px);
            prop_assert_eq!(w.to_string().parse::<Width>(), Ok(w));
            let w = Width::Printed { milli, per_100_inches: unit };
            prop_assert_eq!(w.to_string().parse::<Width>(), Ok(w));
        }
    }
}
