//! Internals for the project's own benchmarks and measurement tools, behind
//! the `bench-internals` feature: not part of the supported API, which never
//! names a resvg or tiny-skia type (their upgrades are not our breaking
//! changes) and may change these in any release.

pub use crate::encode::{jpeg, png, png_indexed, webp};
pub use crate::pixels::{rgba, IndexedImage};
pub use crate::raster::Rasterizer;
pub use resvg::tiny_skia;
