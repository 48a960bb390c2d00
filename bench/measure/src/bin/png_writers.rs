//! Compares our palette-PNG writer (`encode::png_indexed`) with the `png`
//! crate's encoder set up the same way (palette, tRNS, smallest bit depth)
//! at its fdeflate-backed `Fast` and its `Fastest` compression, on the
//! corpus: time per board and total bytes. The input is what `Renderer`
//! encodes for PNG: the palette image of each board.
//!
//! ```text
//! cargo run --release -p measure --bin png_writers -- 400
//! cargo run --release -p measure --bin png_writers -- 720
//! ```

use std::time::{Duration, Instant};

use fen2img_render::internals::IndexedImage;
use fen2img_render::internals::{self as encode, Rasterizer};
use fen2img_render::{parse, DiagramOptions, EncodeOptions, Layout, ParseOptions};

const CORPUS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/test-support/data/positions.fen"
));

/// Packs 8-bit indices into rows of `depth`-bit pixels, each row whole bytes.
fn pack(w: usize, indices: &[u8], depth: u8) -> Vec<u8> {
    if depth == 8 {
        return indices.to_vec();
    }
    let per_byte = 8 / depth as usize;
    let mut out = Vec::new();
    for row in indices.chunks(w) {
        for group in row.chunks(per_byte) {
            let mut byte = 0u8;
            for (i, &v) in group.iter().enumerate() {
                byte |= v << (8 - depth as usize * (i + 1));
            }
            out.push(byte);
        }
    }
    out
}

/// The image through the `png` crate at `compression` and `filter`.
fn with_png_crate(
    img: &IndexedImage,
    compression: png::Compression,
    filter: png::Filter,
) -> Vec<u8> {
    let colors = &img.palette.colors;
    let depth = match colors.len() {
        0..=2 => 1u8,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    };
    let plte: Vec<u8> = colors.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
    let mut trns: Vec<u8> = colors.iter().map(|c| c[3]).collect();
    while trns.last() == Some(&255) {
        trns.pop();
    }
    let data = pack(img.width as usize, &img.indices, depth);
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, img.width, img.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(match depth {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        4 => png::BitDepth::Four,
        _ => png::BitDepth::Eight,
    });
    encoder.set_palette(plte);
    if !trns.is_empty() {
        encoder.set_trns(trns);
    }
    encoder.set_compression(compression);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(&data).expect("data");
    writer.finish().expect("finish");
    out
}

fn main() {
    let size: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let options = DiagramOptions {
        size,
        ..DiagramOptions::default()
    };
    let mut raster = Rasterizer::new();
    let images: Vec<IndexedImage> = CORPUS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| parse(l.as_bytes(), ParseOptions::default()).ok())
        .filter_map(|r| raster.render_indexed(&Layout::new(&r.position, &options).ok()?))
        .collect();
    type Writer<'a> = (&'a str, Box<dyn Fn(&IndexedImage) -> Vec<u8>>);
    let writers: Vec<Writer> = vec![
        (
            "ours (encode::png_indexed)",
            Box::new(|i| encode::png_indexed(i, EncodeOptions::default())),
        ),
        (
            "png Fast, Adaptive",
            Box::new(|i| with_png_crate(i, png::Compression::Fast, png::Filter::Adaptive)),
        ),
        (
            "png Fast, NoFilter",
            Box::new(|i| with_png_crate(i, png::Compression::Fast, png::Filter::NoFilter)),
        ),
        (
            "png Fastest, Adaptive",
            Box::new(|i| with_png_crate(i, png::Compression::Fastest, png::Filter::Adaptive)),
        ),
    ];
    println!("{} boards at {size} px", images.len());
    for (name, write) in &writers {
        // Three passes, the fastest counts (the machine is shared).
        let mut best = Duration::MAX;
        let mut bytes = 0;
        for _ in 0..3 {
            let start = Instant::now();
            bytes = images.iter().map(|i| write(i).len()).sum::<usize>();
            best = best.min(start.elapsed());
        }
        println!(
            "{name:28} {:7.1} µs/board {:9} bytes total {:7} mean",
            best.as_secs_f64() * 1e6 / images.len() as f64,
            bytes,
            bytes / images.len()
        );
    }
}
