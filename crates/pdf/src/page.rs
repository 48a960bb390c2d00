//! Page widths and the units of PDF (points, 1/72 in).

/// How wide the page of a single diagram is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PageWidth {
    /// Exactly this many points (1/72 in): a printed `--size`.
    Points(f32),
    /// This many pixels per inch: a size in pixels, placed as an image of
    /// that resolution would be (96: CSS pixels, 0.75 pt each).
    Dpi(u32),
}

/// Points in a millimetre.
pub const POINTS_PER_MM: f32 = 72.0 / 25.4;
