//! Renders every position of a FEN corpus in one process, single-threaded,
//! with one reused [`Renderer`], and prints the mean time and size per board.
//!
//! This is the "inside one process" measurement that `bench/compare.sh` puts
//! beside python-chess + cairosvg. Only the rendering (position → file bytes:
//! layout, raster, encode) is timed; parsing the FEN text is not, and neither
//! is a first, untimed warm-up board (which builds the piece sprites).
//!
//! ```text
//! cargo run --release -p measure --bin render_corpus -- --size 400 --format png
//! cargo run --release -p measure --bin render_corpus -- --size 720 --optimize --repeat 3
//! ```
//!
//! Options:
//!
//! - `--size N`: image size in pixels (default 400)
//! - `--format png|svg|webp|jpeg` (default png)
//! - `--optimize`: slower, smaller PNG
//! - `--repeat K`: render the corpus K times (default 1); bytes count one pass
//! - `--limit N`: only the first N positions
//! - `--corpus PATH`: FEN file, one record a line, `#` comments
//!   (default `tests/data/positions.fen`)
//! - `--out DIR`: also write each image of the first pass to DIR (not timed)
//!
//! The last line of output is machine-readable `key=value` pairs, starting
//! with `result`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fen2img_render::{
    parse, DiagramOptions, EncodeOptions, Format, ParseOptions, Position, RenderOptions, Renderer,
};

struct Args {
    size: u32,
    format: Format,
    optimize: bool,
    repeat: usize,
    limit: Option<usize>,
    corpus: PathBuf,
    out: Option<PathBuf>,
}

const USAGE: &str = "usage: render_corpus [--size N] [--format png|svg|webp|jpeg] [--optimize] \
                     [--repeat K] [--limit N] [--corpus PATH] [--out DIR]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        size: 400,
        format: Format::PNG,
        optimize: false,
        repeat: 1,
        limit: None,
        corpus: PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../crates/test-support/data/positions.fen"
        )),
        out: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--size" => {
                args.size = value("--size")?
                    .parse()
                    .map_err(|e| format!("--size: {e}"))?
            }
            "--format" => {
                let name = value("--format")?;
                args.format = match name.parse() {
                    Ok(format @ Format::Image(_)) => format,
                    _ => return Err(format!("--format: not an image format: {name:?}")),
                }
            }
            "--optimize" => args.optimize = true,
            "--repeat" => {
                args.repeat = value("--repeat")?
                    .parse()
                    .map_err(|e| format!("--repeat: {e}"))?;
                if args.repeat == 0 {
                    return Err("--repeat must be at least 1".into());
                }
            }
            "--limit" => {
                args.limit = Some(
                    value("--limit")?
                        .parse()
                        .map_err(|e| format!("--limit: {e}"))?,
                )
            }
            "--corpus" => args.corpus = PathBuf::from(value("--corpus")?),
            "--out" => args.out = Some(PathBuf::from(value("--out")?)),
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(args)
}

/// The positions of a corpus file (comments and blank lines skipped).
fn load(path: &PathBuf, limit: Option<usize>) -> Result<Vec<Position>, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut positions = Vec::new();
    for (n, line) in text.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) || line.first() == Some(&b'#') {
            continue;
        }
        let record = parse(line, ParseOptions::default())
            .map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        positions.push(record.position);
        if limit.is_some_and(|l| positions.len() >= l) {
            break;
        }
    }
    if positions.is_empty() {
        return Err(format!("{}: no positions", path.display()));
    }
    Ok(positions)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let positions = load(&args.corpus, args.limit)?;
    let mut options = RenderOptions::new(args.format);
    options.diagram = DiagramOptions {
        size: args.size,
        ..DiagramOptions::default()
    };
    options.encode = EncodeOptions {
        optimize: args.optimize,
        ..EncodeOptions::default()
    };
    let mut renderer = Renderer::new(options);

    // Warm-up, untimed: builds the piece sprites and touches the allocator.
    renderer.render(&positions[0]).map_err(|e| e.to_string())?;

    let mut times = Vec::with_capacity(positions.len() * args.repeat);
    let mut total_bytes = 0u64;
    for pass in 0..args.repeat {
        for (i, position) in positions.iter().enumerate() {
            let start = Instant::now();
            let bytes = renderer.render(position).map_err(|e| e.to_string())?;
            times.push(start.elapsed());
            let bytes = std::hint::black_box(bytes);
            if pass == 0 {
                total_bytes += bytes.len() as u64;
                if let Some(dir) = &args.out {
                    let path = dir.join(format!("{:03}.{}", i + 1, args.format.extension()));
                    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                    std::fs::write(&path, &bytes)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
        }
    }

    let total: Duration = times.iter().sum();
    let mean = ms(total) / times.len() as f64;
    times.sort_unstable();
    let median = ms(times[times.len() / 2]);
    let min = ms(times[0]);
    let max = ms(times[times.len() - 1]);
    let mean_bytes = total_bytes as f64 / positions.len() as f64;
    println!(
        "fen2img {} {} px{}: {} boards x {} pass(es), one thread, reused Renderer",
        args.format,
        args.size,
        if args.optimize { " --optimize" } else { "" },
        positions.len(),
        args.repeat
    );
    println!(
        "  per board: mean {mean:.3} ms, median {median:.3} ms, min {min:.3} ms, max {max:.3} ms"
    );
    println!(
        "  size: mean {:.1} KB ({mean_bytes:.0} bytes), total {total_bytes} bytes",
        mean_bytes / 1000.0
    );
    println!(
        "result tool=fen2img format={} size={} optimize={} boards={} repeat={} \
         per_board_ms={mean:.4} median_ms={median:.4} mean_bytes={mean_bytes:.0} total_bytes={total_bytes}",
        args.format,
        args.size,
        args.optimize,
        positions.len(),
        args.repeat
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("render_corpus: {e}");
            ExitCode::FAILURE
        }
    }
}
