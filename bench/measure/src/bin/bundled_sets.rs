//! What a bundled piece set costs the first time a process uses it: the
//! parse of its twelve SVG files and the search for its hint edges
//! (`PieceSet::bundled`), then a 400 px PNG with it (sprites drawn at
//! 45 px squares, unhinted) and a 160 px one (20 px squares, hinted),
//! against the same with the built-in set, which is read from
//! pre-flattened paths.
//!
//! Run: `cargo run --release -p measure --bin bundled_sets`

use std::time::Instant;

use fen2img_render::{
    parse, DiagramOptions, Format, ParseOptions, PieceSet, RenderOptions, Renderer,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Milliseconds to render one PNG of `size` px with `pieces` in a fresh
/// renderer (its sprites drawn anew): the least of 21 runs (this machine
/// is shared; the least is the cost, the rest is its neighbours).
fn png_ms(pieces: &PieceSet, size: u32) -> f64 {
    (0..21)
        .map(|_| one_png_ms(pieces, size))
        .fold(f64::MAX, f64::min)
}

fn one_png_ms(pieces: &PieceSet, size: u32) -> f64 {
    let position = parse(START.as_bytes(), ParseOptions::default())
        .expect("valid FEN")
        .position;
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = DiagramOptions {
        size,
        pieces: Some(pieces.clone()),
        ..DiagramOptions::default()
    };
    let t = Instant::now();
    let png = Renderer::new(options).render(&position).expect("renders");
    assert!(!png.is_empty());
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let t = Instant::now();
    let own = PieceSet::built_in();
    let own_ms = t.elapsed().as_secs_f64() * 1e3;
    println!("| set | first use (parse, hints) | 400 px PNG | 160 px PNG (hinted) |");
    println!("|---|---|---|---|");
    println!(
        "| built-in | {own_ms:.2} ms | {:.2} ms | {:.2} ms |",
        png_ms(&own, 400),
        png_ms(&own, 160)
    );
    for set in PieceSet::bundled_sets() {
        let t = Instant::now();
        let pieces = PieceSet::bundled(set.name).expect("bundled");
        let parse_ms = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "| {} | {parse_ms:.2} ms | {:.2} ms | {:.2} ms |",
            set.name,
            png_ms(&pieces, 400),
            png_ms(&pieces, 160)
        );
    }
}
