//! Benchmarks of each pipeline stage over the test corpus
//! (`crates/test-support/data/positions.fen`, 300 positions).
//!
//! Every reported time is **per board**: one criterion iteration runs the
//! stage over a fixed list of boards and the measured duration is divided by
//! the list's length. The cheap stages (`parse`, `layout`, `svg`) run over the
//! whole corpus; the pixel stages (`raster`, `encode_png`,
//! `end_to_end_png_400`) over every tenth position (30 boards: openings,
//! middlegames and endgames alike), to keep `cargo bench` near two minutes.
//!
//! Each stage's input is prepared before timing, so a stage's figure holds
//! only that stage:
//!
//! - `parse`: FEN bytes → `Record`
//! - `layout/400px`: `Position` → `Layout`
//! - `svg/400px`: `Layout` → SVG string with a reused `SvgWriter` (as a
//!   `Renderer` does); `svg/400px_fresh`: a new writer each time
//! - `raster/rgba/{400px,720px}`: `Layout` → `Pixmap` (tiny-skia), one
//!   reused `Rasterizer` (its piece sprites are built before timing)
//! - `raster/indexed/{400px,720px}`: `Layout` → `IndexedImage` (copies of
//!   pre-quantized palette tiles; the PNG path of `Renderer` for boards
//!   without markup), one reused `Rasterizer` (tiles built before timing)
//! - `encode_png/rgba/{default,optimize}/{400px,720px}`: `Pixmap` → PNG
//!   bytes (`encode::png`, which takes the pixmap: a copy of it is
//!   timed too); `encode_png/rgba_only/...` is a copy and the first step
//!   alone (`encode::rgba`, premultiplied → straight alpha)
//! - `encode_png/indexed/{default,optimize}/{400px,720px}`: `IndexedImage`
//!   → PNG bytes (`encode::png_indexed`)
//! - `encode_gif/{400px,720px}`: `IndexedImage` → GIF bytes
//!   (`gif::still`, most of it LZW compression)
//! - `end_to_end_png_400`: FEN bytes → PNG bytes (parse, layout, raster,
//!   encode) with one reused `Renderer`
//!
//! ```text
//! cargo bench -p measure --bench pipeline                 # everything, about 2 minutes
//! cargo bench -p measure --bench pipeline -- raster       # one group (a filter)
//! cargo bench -p measure --bench pipeline -- --quick      # rough figures, fast
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode};
use fen2img_render::internals::{self as encode, Rasterizer};
use fen2img_render::{
    gif, parse, svg, DiagramOptions, EncodeOptions, Format, Layout, ParseOptions, Position,
    RenderOptions, Renderer,
};

const CORPUS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/test-support/data/positions.fen"
));

/// The pixel stages take every `STRIDE`-th corpus position.
const STRIDE: usize = 10;

/// The FEN lines of the corpus (comments and blank lines skipped).
fn lines() -> Vec<&'static [u8]> {
    CORPUS
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::as_bytes)
        .collect()
}

fn positions(lines: &[&[u8]]) -> Vec<Position> {
    lines
        .iter()
        .map(|l| {
            parse(l, ParseOptions::default())
                .expect("the corpus parses")
                .position
        })
        .collect()
}

fn subset<T: Clone>(all: &[T]) -> Vec<T> {
    all.iter().step_by(STRIDE).cloned().collect()
}

fn diagram(size: u32) -> DiagramOptions {
    DiagramOptions {
        size,
        ..DiagramOptions::default()
    }
}

fn layouts(positions: &[Position], size: u32) -> Vec<Layout> {
    let options = diagram(size);
    positions
        .iter()
        .map(|p| Layout::new(p, &options).expect("valid size"))
        .collect()
}

/// Runs `stage` over every item per iteration; reports the time per item.
fn per_board<T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    items: &[T],
    mut stage: impl FnMut(&T),
) {
    let n = items.len() as u32;
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                for item in items {
                    stage(black_box(item));
                }
            }
            start.elapsed() / n
        })
    });
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    // Flat sampling: the same iteration count in every sample, so a slow
    // stage (hundreds of ms per iteration) still fits its time budget.
    g.sampling_mode(SamplingMode::Flat);
    g
}

fn bench_text_stages(c: &mut Criterion) {
    let lines = lines();
    let positions = positions(&lines);
    let layouts = layouts(&positions, 400);

    let mut g = group(c, "parse");
    per_board(&mut g, "fen", &lines, |l| {
        black_box(parse(l, ParseOptions::default()).unwrap());
    });
    g.finish();

    let mut g = group(c, "layout");
    let options = diagram(400);
    per_board(&mut g, "400px", &positions, |p| {
        black_box(Layout::new(p, &options).unwrap());
    });
    g.finish();

    let mut g = group(c, "svg");
    // What a Renderer does: one SvgWriter, glyph definitions cached.
    let mut writer = svg::SvgWriter::new();
    per_board(&mut g, "400px", &layouts, |l| {
        black_box(writer.write(l));
    });
    // A fresh writer per board (svg::write): the one-shot cost.
    per_board(&mut g, "400px_fresh", &layouts, |l| {
        black_box(svg::write(l));
    });
    g.finish();
}

fn bench_pixel_stages(c: &mut Criterion) {
    let lines = subset(&lines());
    let positions = positions(&lines);

    // Two raster paths: RGBA (tiny-skia, any layout) and indexed (palette
    // tiles, boards without markup; what `Renderer` uses for PNG).
    let mut g = group(c, "raster");
    let mut pixmaps = Vec::new();
    let mut indexed = Vec::new();
    for size in [400, 720] {
        let layouts = layouts(&positions, size);
        // Build the sprites and tiles for this size before timing.
        let mut rgba_rasterizer = Rasterizer::new();
        let mut indexed_rasterizer = Rasterizer::new();
        let rendered: Vec<_> = layouts.iter().map(|l| rgba_rasterizer.render(l)).collect();
        let tiled: Vec<_> = layouts
            .iter()
            .map(|l| {
                indexed_rasterizer
                    .render_indexed(l)
                    .expect("corpus boards have no markup")
            })
            .collect();
        per_board(&mut g, &format!("rgba/{size}px"), &layouts, |l| {
            black_box(rgba_rasterizer.render(l));
        });
        per_board(&mut g, &format!("indexed/{size}px"), &layouts, |l| {
            black_box(indexed_rasterizer.render_indexed(l));
        });
        pixmaps.push((size, rendered));
        indexed.push((size, tiled));
    }
    g.finish();

    let mut g = group(c, "encode_png");
    // An optimized 720 px board takes ~10 ms, so 30 boards ~0.3 s an iteration.
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(6));
    for (size, rendered) in &pixmaps {
        // The first step of the RGBA encoder: premultiplied → straight RGBA.
        per_board(&mut g, &format!("rgba_only/{size}px"), rendered, |p| {
            black_box(encode::rgba(p));
        });
    }
    for (name, optimize) in [("default", false), ("optimize", true)] {
        let options = EncodeOptions {
            optimize,
            ..EncodeOptions::default()
        };
        for (size, rendered) in &pixmaps {
            per_board(&mut g, &format!("rgba/{name}/{size}px"), rendered, |p| {
                black_box(encode::png(p.clone(), options));
            });
        }
        for (size, tiled) in &indexed {
            per_board(&mut g, &format!("indexed/{name}/{size}px"), tiled, |i| {
                black_box(encode::png_indexed(i, options));
            });
        }
    }
    g.finish();

    let mut g = group(c, "encode_gif");
    for (size, tiled) in &indexed {
        per_board(&mut g, &format!("{size}px"), tiled, |i| {
            let image = gif::PaletteImage {
                width: i.width,
                height: i.height,
                palette: &i.palette.colors,
                indices: &i.indices,
            };
            black_box(gif::still(&image, "").unwrap());
        });
    }
    g.finish();

    let mut g = group(c, "end_to_end_png_400");
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = diagram(400);
    let mut renderer = Renderer::new(options);
    renderer.render(&positions[0]).unwrap();
    per_board(&mut g, "reused_renderer", &lines, |l| {
        let record = parse(l, ParseOptions::default()).unwrap();
        black_box(renderer.render(&record.position).unwrap());
    });
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(4))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_text_stages, bench_pixel_stages
}
criterion_main!(benches);
