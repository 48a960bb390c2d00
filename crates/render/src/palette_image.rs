//! Palette pictures: straight RGBA colours and one index per pixel, as the
//! rasterizer draws them for animations and the GIF and APNG writers take
//! them. Below both writers, so that neither imports the other.

/// An owned palette picture, as [`Renderer::render_palette`](crate::Renderer::render_palette)
/// draws a position for an animation; [`PalettePicture::view`] is what the
/// writers here take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PalettePicture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// At most 256 straight RGBA colours.
    pub palette: Vec<[u8; 4]>,
    /// `width × height` indices into `palette`, row by row.
    pub indices: Vec<u8>,
}

impl PalettePicture {
    /// The picture as the GIF writers take it.
    pub fn view(&self) -> PaletteImage<'_> {
        PaletteImage {
            width: self.width,
            height: self.height,
            palette: &self.palette,
            indices: &self.indices,
        }
    }
}

/// A palette image: straight RGBA colours and one index per pixel.
#[derive(Debug, Clone, Copy)]
pub struct PaletteImage<'a> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// At most 256 straight (not premultiplied) RGBA colours.
    pub palette: &'a [[u8; 4]],
    /// `width × height` indices into `palette`, row by row.
    pub indices: &'a [u8],
}
