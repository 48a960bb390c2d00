//! Page widths and the units of PDF (points, 1/72 in).

use fen2img_render::options::DEFAULT_DPI;
use fen2img_render::Width;

/// How wide the page of a single diagram is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PageWidth {
    /// Exactly this many points (1/72 in): a printed `--size`.
    Points(f32),
    /// This many pixels per inch: a size in pixels, placed as an image of
    /// that resolution would be (96: CSS pixels, 0.75 pt each).
    Dpi(u32),
}

impl PageWidth {
    /// The page of a diagram whose width was given as `width` (`--size`,
    /// `size=`, Python's `size`), at the resolution `dpi` asked for: a
    /// printed width exactly (its unit's length in points), pixels at
    /// `dpi`, or at 96 dpi (CSS pixels) when none was asked for. Every
    /// front end reads its page through this, so the same options give
    /// the same page, and the same bytes.
    ///
    /// ```
    /// use fen2img_pdf::PageWidth;
    ///
    /// let PageWidth::Points(points) = PageWidth::of(Some("35mm".parse()?), None) else {
    ///     panic!("a printed width is a width in points");
    /// };
    /// assert!((points - 35.0 * 72.0 / 25.4).abs() < 1e-4);
    /// assert_eq!(PageWidth::of(Some("400".parse()?), Some(300)), PageWidth::Dpi(300));
    /// assert_eq!(PageWidth::of(None, None), PageWidth::Dpi(96));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(width: Option<Width>, dpi: Option<u32>) -> PageWidth {
        match width {
            Some(Width::Printed {
                milli,
                per_100_inches,
            }) => {
                // `per_100_inches` says which unit (mm, cm or in): the
                // exact length of one unit in points.
                let unit_points = match per_100_inches {
                    2540 => 72.0 / 25.4,
                    254 => 72.0 / 2.54,
                    _ => 72.0,
                };
                PageWidth::Points(milli as f32 / 1000.0 * unit_points)
            }
            _ => PageWidth::Dpi(dpi.unwrap_or(DEFAULT_DPI)),
        }
    }
}

/// Points in a millimetre.
pub const POINTS_PER_MM: f32 = 72.0 / 25.4;
