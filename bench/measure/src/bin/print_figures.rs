//! The photocopy figures of the `print` theme (issue 10 §3), as a 1-bit
//! device sees a diagram: every pixel thresholded at 128.
//!
//! - hatch: the ink of each empty dark square (least and most over the 32),
//!   before and after the threshold;
//! - outline: for each white piece, the share of the pixels on the edge of
//!   its silhouette (covered at least half, beside one covered less) still
//!   black after the threshold;
//!   (leaks: paper pixels inside the silhouette reached from outside it
//!   through gaps in the thresholded outline; 0 when the outline is closed);
//!   paper: of the pixels inside the silhouette that are paper in the glyph
//!   drawn 8 times larger (at least 3/4 of their area white fill), the share
//!   still paper after the threshold (a heavy outline fills a white piece in);
//! - touching: on a dark square, hatch pixels that touch the piece's black
//!   pixels after the threshold (0: the halo keeps the hatching clear);
//!   the same for inside coordinates and for X marks on every dark square.
//!
//! Run: `cargo run --release -p measure --bin print_figures` (sizes as arguments,
//! default 207 and 720: 35 mm at 150 dpi, and a large board).

#![allow(clippy::needless_range_loop)] // pixel grids read clearest by (x, y)

use fen2img_render::internals::tiny_skia::Pixmap;
use fen2img_render::{
    internals::Rasterizer, parse, Color, DiagramOptions, Layout, ParseOptions, Piece, Role, Square,
    Theme, SIZE_RANGE,
};

fn main() {
    let mut sizes = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.parse::<u32>() {
            Ok(size) if SIZE_RANGE.contains(&size) => sizes.push(size),
            _ => {
                let (lo, hi) = (SIZE_RANGE.start(), SIZE_RANGE.end());
                eprintln!("print_figures: {arg:?} is not a board size in pixels ({lo} to {hi})");
                std::process::exit(2);
            }
        }
    }
    if sizes.is_empty() {
        sizes = vec![207, 720];
    }
    let mut raster = Rasterizer::new();
    for size in sizes {
        let options = print_options(size);
        println!(
            "{size} px (print theme, squares of {} px):",
            square_of(&options)
        );
        hatch_figures(&mut raster, &options);
        piece_figures(&mut raster, &options);
        clearance_figures(&mut raster, &options);
    }
}

/// The print theme's default diagram at `size` pixels.
fn print_options(size: u32) -> DiagramOptions {
    DiagramOptions {
        size,
        theme: Theme::built_in("print").expect("built in"),
        ..DiagramOptions::default()
    }
}

fn square_of(options: &DiagramOptions) -> u32 {
    let layout = Layout::new(&board("8/8/8/8/8/8/8/8 w - - 0 1"), options).expect("size");
    layout.frame.board.square as u32
}

fn board(fen: &str) -> fen2img_render::Position {
    parse(fen.as_bytes(), ParseOptions::default())
        .expect("valid FEN")
        .position
}

/// Grey levels (red channel, over white) of the pixels of `square`.
fn grey(pixmap: &Pixmap, layout: &Layout, square: Square) -> Vec<Vec<u8>> {
    let r = layout.square_rect(square);
    (r.y as u32..(r.y + r.h) as u32)
        .map(|y| {
            (r.x as u32..(r.x + r.w) as u32)
                .map(|x| {
                    let p = pixmap.pixel(x, y).expect("inside").demultiply();
                    // Over white paper.
                    let a = p.alpha() as u32;
                    (p.red() as u32 * a / 255 + 255 - a) as u8
                })
                .collect()
        })
        .collect()
}

fn hatch_figures(raster: &mut Rasterizer, options: &DiagramOptions) {
    let layout = Layout::new(&board("8/8/8/8/8/8/8/8 w - - 0 1"), options).expect("size");
    let pixmap = raster.render(&layout);
    let (mut lo, mut hi, mut lo_t, mut hi_t) = (1.0f64, 0.0f64, 1.0f64, 0.0f64);
    for square in Square::all().filter(|s| s.is_dark()) {
        let g = grey(&pixmap, &layout, square);
        let n = g.iter().map(Vec::len).sum::<usize>() as f64;
        let exact = g
            .iter()
            .flatten()
            .map(|&v| (255 - v) as f64 / 255.0)
            .sum::<f64>()
            / n;
        let black = g.iter().flatten().filter(|&&v| v < 128).count() as f64 / n;
        (lo, hi) = (lo.min(exact), hi.max(exact));
        (lo_t, hi_t) = (lo_t.min(black), hi_t.max(black));
    }
    println!(
        "  hatch ink per empty dark square: {:.1}–{:.1} %, after the threshold {:.1}–{:.1} %",
        100.0 * lo,
        100.0 * hi,
        100.0 * lo_t,
        100.0 * hi_t
    );
}

fn piece_figures(raster: &mut Rasterizer, options: &DiagramOptions) {
    let mut line = String::from("  white outline still black:");
    let mut touching = String::from("  hatch pixels touching the piece:");
    for role in Role::ALL {
        let name = Piece::new(Color::White, role).asset_name();
        let letter = name.chars().nth(1).unwrap_or('?');
        // The piece on d4 (dark) and e4 (light).
        let fen = format!("8/8/8/8/3{letter}{letter}3/8/8/8 w - - 0 1");
        let layout = Layout::new(&board(&fen), options).expect("size");
        let pixmap = raster.render(&layout);
        let e4 = Square::parse("e4").expect("square");
        let light = grey(&pixmap, &layout, e4);
        // The silhouette's edge: drawn on red squares, a pixel's coverage
        // by the piece is 1 - (red - green) / 255 (the piece is grey).
        let on_red = Layout::new(&board(&fen), &red(options)).expect("size");
        let cover = coverage(&raster.render(&on_red), &on_red, e4);
        let side = cover.len();
        let inside = |x: usize, y: usize| cover[y][x] >= 0.5;
        let mut edge = 0;
        let mut kept = 0;
        for y in 0..side {
            for x in 0..side {
                let outside_next = [(0, 1), (2, 1), (1, 0), (1, 2)].iter().any(|&(dx, dy)| {
                    let (nx, ny) = ((x + dx).checked_sub(1), (y + dy).checked_sub(1));
                    match (nx, ny) {
                        (Some(nx), Some(ny)) if nx < side && ny < side => !inside(nx, ny),
                        _ => true,
                    }
                });
                if inside(x, y) && outside_next {
                    edge += 1;
                    kept += (light[y][x] < 128) as usize;
                }
            }
        }
        line += &format!(
            " {letter} {:.0} %, {} leaks, paper {:.0} %;",
            100.0 * kept as f64 / edge.max(1) as f64,
            leaks(&light, &cover),
            100.0 * paper_kept(raster, options, &fen, &light)
        );
        // On the dark square: black pixels that are not the piece's (the
        // piece draws the same pixels on both squares) are hatching.
        let dark = grey(&pixmap, &layout, Square::parse("d4").expect("square"));
        let black = |g: &[Vec<u8>], x: usize, y: usize| g[y][x] < 128;
        let side = dark.len();
        let mut touch = 0;
        for y in 0..side {
            for x in 0..side {
                if !black(&dark, x, y) || black(&light, x, y) {
                    continue;
                }
                let near_piece = (y.saturating_sub(1)..(y + 2).min(side)).any(|ny| {
                    (x.saturating_sub(1)..(x + 2).min(side)).any(|nx| black(&light, nx, ny))
                });
                touch += near_piece as usize;
            }
        }
        touching += &format!(" {letter} {touch}");
    }
    println!("{line}");
    println!("{touching}");
}

/// Paper pixels well inside the silhouette (covered 3/4 or more) that paper
/// from the square's edge reaches, 4-connected, after the threshold: what
/// leaks in through gaps in the outline.
fn leaks(g: &[Vec<u8>], cover: &[Vec<f32>]) -> usize {
    let side = g.len();
    let paper = |x: usize, y: usize| g[y][x] >= 128;
    let mut seen = vec![vec![false; side]; side];
    let mut stack = Vec::new();
    for i in 0..side {
        for (x, y) in [(i, 0), (i, side - 1), (0, i), (side - 1, i)] {
            if paper(x, y) && !seen[y][x] {
                seen[y][x] = true;
                stack.push((x, y));
            }
        }
    }
    let mut leaked = 0;
    while let Some((x, y)) = stack.pop() {
        leaked += (cover[y][x] >= 0.75) as usize;
        let next = [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ];
        for (nx, ny) in next {
            if nx < side && ny < side && !seen[ny][nx] && paper(nx, ny) {
                seen[ny][nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    leaked
}

/// `options` with plain red squares and no hatching or halo (the same
/// geometry: only colours change).
fn red(options: &DiagramOptions) -> DiagramOptions {
    let red = fen2img_render::Rgba::rgb(255, 0, 0);
    DiagramOptions {
        theme: Theme {
            light: red,
            dark: red,
            hatch: None,
            halo: None,
            ..options.theme.clone()
        },
        ..options.clone()
    }
}

/// How much the piece covers each pixel of `square` on red squares.
fn coverage(pixmap: &Pixmap, layout: &Layout, square: Square) -> Vec<Vec<f32>> {
    let r = layout.square_rect(square);
    (r.y as u32..(r.y + r.h) as u32)
        .map(|y| {
            (r.x as u32..(r.x + r.w) as u32)
                .map(|x| {
                    let p = pixmap.pixel(x, y).expect("inside").demultiply();
                    1.0 - (p.red() as f32 - p.green() as f32) / 255.0
                })
                .collect()
        })
        .collect()
}

/// Hatch pixels touching inside labels, and X marks on the dark squares,
/// after the threshold: what the labels' halo and the marks' casing keep
/// clear (0 when every element has paper all round).
fn clearance_figures(raster: &mut Rasterizer, options: &DiagramOptions) {
    let empty = board("8/8/8/8/8/8/8/8 w - - 0 1");
    let black = |o: &DiagramOptions, raster: &mut Rasterizer| {
        let layout = Layout::new(&empty, o).expect("size");
        let pixmap = raster.render(&layout);
        let (w, h) = (pixmap.width(), pixmap.height());
        let grid: Vec<Vec<bool>> = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| pixmap.pixel(x, y).expect("inside").demultiply().red() < 128)
                    .collect()
            })
            .collect();
        grid
    };
    let unhatched = |o: &DiagramOptions| DiagramOptions {
        theme: Theme {
            hatch: None,
            ..o.theme.clone()
        },
        ..o.clone()
    };
    let inside = DiagramOptions {
        coordinates: fen2img_render::Coordinates::Inside,
        ..options.clone()
    };
    let marked = DiagramOptions {
        markup: fen2img_render::Markup {
            marks: Square::all().filter(|s| s.is_dark()).collect(),
            ..fen2img_render::Markup::default()
        },
        ..options.clone()
    };
    // The board without the element, at the element's geometry: inside
    // labels take no margin, so their plain board has no labels at all.
    let no_labels = DiagramOptions {
        coordinates: fen2img_render::Coordinates::None,
        ..options.clone()
    };
    let mut figures = Vec::new();
    for (o, without) in [(inside, no_labels), (marked, options.clone())] {
        let plain = black(&unhatched(&without), raster);
        let drawn = black(&o, raster);
        let element = black(&unhatched(&o), raster);
        figures.push(touching(&plain, &element, &drawn));
    }
    // Below MIN_INSIDE_SQUARE the layout moves inside labels outside the
    // board, off the hatching: there is nothing to measure then.
    let square = Layout::new(&empty, options)
        .expect("size")
        .frame
        .board
        .square;
    let labels = if square < fen2img_render::layout::MIN_INSIDE_SQUARE {
        "none inside (labels go outside below 24 px squares)".to_string()
    } else {
        figures[0].to_string()
    };
    println!(
        "  hatch pixels touching inside labels: {labels}, touching X marks: {}",
        figures[1]
    );
}

/// Pixels black in `drawn` that are not the element's (hatching left
/// standing) and touch, 8-connected, a pixel of the element: black without
/// hatching in `element` but not in `plain` (the same board without it).
fn touching(plain: &[Vec<bool>], element: &[Vec<bool>], drawn: &[Vec<bool>]) -> usize {
    let (h, w) = (plain.len(), plain[0].len());
    let part = |x: usize, y: usize| element[y][x] && !plain[y][x];
    let mut count = 0;
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            if drawn[y][x] && !element[y][x] {
                let near = (y - 1..=y + 1).any(|ny| (x - 1..=x + 1).any(|nx| part(nx, ny)));
                count += near as usize;
            }
        }
    }
    count
}

/// The share of the pixels of the piece on e4 that are paper in the ideal
/// glyph (drawn up to 8 times larger, at least 3/4 of the pixel's area white
/// inside the silhouette) and are still paper in `light` after the
/// threshold.
fn paper_kept(
    raster: &mut Rasterizer,
    options: &DiagramOptions,
    fen: &str,
    light: &[Vec<u8>],
) -> f64 {
    let side = light.len() as u32;
    // 8 times larger, or as large as a diagram can be.
    let k = (4096 / (8 * side.max(1))).clamp(1, 8);
    // A bare board whose squares are about K times as large: the same glyph.
    let large = DiagramOptions {
        size: 8 * side * k,
        coordinates: fen2img_render::Coordinates::None,
        side_to_move: false,
        border: false,
        ..red(options)
    };
    let layout = Layout::new(&board(fen), &large).expect("size");
    let e4 = Square::parse("e4").expect("square");
    let pixmap = raster.render(&layout);
    let cover = coverage(&pixmap, &layout, e4);
    // The large square as drawn, which is not side * k: the print theme
    // keeps a strip of paper beside the board, taken before the squares
    // are fitted (126 px, not 128, for 16 px squares). Each small pixel is
    // the block of large pixels its area maps onto, however the two sides
    // divide.
    let big = cover.len() as u32;
    let r = layout.square_rect(e4);
    let (mut ideal, mut kept) = (0, 0);
    for y in 0..side {
        for x in 0..side {
            let (mut white, mut area) = (0, 0);
            for py in block(y, side, big) {
                for px in block(x, side, big) {
                    let p = pixmap
                        .pixel(r.x as u32 + px, r.y as u32 + py)
                        .expect("inside")
                        .demultiply();
                    let inside = cover[py as usize][px as usize] >= 0.99;
                    white += (inside && p.green() >= 128) as u32;
                    area += 1;
                }
            }
            if area > 0 && white * 4 >= 3 * area {
                ideal += 1;
                kept += (light[y as usize][x as usize] >= 128) as u32;
            }
        }
    }
    kept as f64 / ideal.max(1) as f64
}

/// The large pixels (of a square `big` wide) under small pixel `i` of a
/// square `side` wide: `[i * big / side, (i + 1) * big / side)`, so the
/// blocks tile the large square exactly (empty when `big < side`).
fn block(i: u32, side: u32, big: u32) -> std::ops::Range<u32> {
    let at = |i: u32| (i as u64 * big as u64 / side.max(1) as u64) as u32;
    at(i)..at(i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_tile_the_large_square_whatever_the_ratio() {
        // 16 px squares against 126 (the print board at 1024 px), 22 against
        // 173, an exact 8x, and a large square smaller than the small one.
        for (side, big) in [(16, 126), (22, 173), (16, 128), (77, 456), (10, 7)] {
            let mut next = 0;
            for i in 0..side {
                let b = block(i, side, big);
                assert_eq!(b.start, next, "side {side}, big {big}, pixel {i}");
                next = b.end;
            }
            assert_eq!(next, big, "side {side}, big {big}");
        }
    }

    /// The figures at the sizes that panicked (160 and 207 px: 16 and 22 px
    /// squares, whose enlarged square comes out a few pixels short of 8x)
    /// and a large one: every piece's share of kept paper is a share.
    #[test]
    fn paper_kept_is_a_share_at_every_size() {
        let mut raster = Rasterizer::new();
        for size in [160, 207, 720] {
            let options = print_options(size);
            for letter in ['K', 'R'] {
                let fen = format!("8/8/8/8/3{letter}{letter}3/8/8/8 w - - 0 1");
                let layout = Layout::new(&board(&fen), &options).expect("size");
                let pixmap = raster.render(&layout);
                let light = grey(&pixmap, &layout, Square::parse("e4").expect("square"));
                let share = paper_kept(&mut raster, &options, &fen, &light);
                assert!(share > 0.0 && share <= 1.0, "{size} px, {letter}: {share}");
            }
        }
    }
}
