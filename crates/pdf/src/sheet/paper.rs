//! Paper sizes, margins and grids as a user writes them: `a4`, `letter`,
//! `210x297mm`; `15mm`; `3x4`. Each reads with `FromStr`, and a bad value
//! says what would be right.

use std::str::FromStr;

use crate::POINTS_PER_MM;

/// The most columns and rows of a sheet's grid.
pub const MAX_GRID: (u32, u32) = (4, 5);

/// The largest page side, in points: 200 inches, PDF's own limit (14,400
/// units).
pub const MAX_PAGE_POINTS: f32 = 14_400.0;

/// A page size in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
}

impl Paper {
    /// ISO A4, 210 × 297 mm (595 × 842 pt).
    pub const A4: Paper = Paper {
        width: 595.2756,
        height: 841.8898,
    };
    /// US Letter, 8.5 × 11 in (612 × 792 pt).
    pub const LETTER: Paper = Paper {
        width: 612.0,
        height: 792.0,
    };
}

/// A length with its unit, `15mm`, `1.5cm`, `0.5in` or `36pt`, in points.
///
/// ```
/// use fen2img_pdf::sheet::length_points;
/// assert_eq!(length_points("72pt"), Ok(72.0));
/// assert!((length_points("25.4mm").unwrap() - 72.0).abs() < 1e-3);
/// assert!(length_points("12").is_err());
/// ```
pub fn length_points(text: &str) -> Result<f32, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let per_unit = match unit.to_ascii_lowercase().as_str() {
        "mm" => POINTS_PER_MM,
        "cm" => POINTS_PER_MM * 10.0,
        "in" => 72.0,
        "pt" => 1.0,
        _ => {
            return Err(format!(
                "'{text}': give a length with its unit, such as 15mm, 1.5cm, 0.5in or 36pt"
            ))
        }
    };
    let value: f32 = number
        .parse()
        .ok()
        .filter(|v: &f32| {
            v.is_finite() && *v >= 0.0 && number.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        })
        .ok_or_else(|| {
            format!("'{text}': give a length with its unit, such as 15mm, 1.5cm, 0.5in or 36pt")
        })?;
    Ok(value * per_unit)
}

impl FromStr for Paper {
    type Err = String;

    /// `a4`, `letter`, or `WxH` with a unit after the height (`210x297mm`,
    /// `8.5x11in`), each side up to 200 inches.
    ///
    /// ```
    /// use fen2img_pdf::sheet::Paper;
    /// assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
    /// assert_eq!("8.5x11in".parse::<Paper>(), Ok(Paper::LETTER));
    /// assert!("a7x".parse::<Paper>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Paper, String> {
        let bad = || {
            format!(
                "'{text}': give a4, letter, or a width and height with a unit such as 210x297mm \
                 or 8.5x11in"
            )
        };
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => return Ok(Paper::A4),
            "letter" => return Ok(Paper::LETTER),
            _ => {}
        }
        let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
        let unit_at = h.find(|c: char| c.is_ascii_alphabetic()).ok_or_else(bad)?;
        let unit = &h[unit_at..];
        let width = length_points(&format!("{w}{unit}")).map_err(|_| bad())?;
        let height = length_points(h).map_err(|_| bad())?;
        // At least 1 in a side: room for a diagram and its lines.
        let fits = |v: f32| (72.0..=MAX_PAGE_POINTS).contains(&v);
        if !fits(width) || !fits(height) {
            return Err(format!("'{text}': each side from 1 to 200 inches"));
        }
        Ok(Paper { width, height })
    }
}

/// Columns and rows of diagrams on a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// Diagrams across.
    pub columns: u32,
    /// Diagrams down.
    pub rows: u32,
}

impl FromStr for Grid {
    type Err = String;

    /// `CxR`, from `1x1` to `4x5`.
    ///
    /// ```
    /// use fen2img_pdf::sheet::Grid;
    /// assert_eq!("3x4".parse::<Grid>(), Ok(Grid { columns: 3, rows: 4 }));
    /// assert!("5x5".parse::<Grid>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Grid, String> {
        let bad = || {
            format!(
                "'{text}': give columns x rows, from 1x1 to {}x{}",
                MAX_GRID.0, MAX_GRID.1
            )
        };
        let (c, r) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let columns: u32 = c.parse().map_err(|_| bad())?;
        let rows: u32 = r.parse().map_err(|_| bad())?;
        if !(1..=MAX_GRID.0).contains(&columns) || !(1..=MAX_GRID.1).contains(&rows) {
            return Err(bad());
        }
        Ok(Grid { columns, rows })
    }
}
