//! Writes `docs/pieces.png`: every piece of the built-in set on a light and
//! a dark square, at three sizes, in each built-in theme (rows: brown,
//! blue, green, print), whatever set each theme draws by default.
//!
//! Run: `cargo run --release -p measure --bin contact_sheet`

use fen2img_render::internals::png;
use fen2img_render::internals::tiny_skia::{IntRect, Pixmap, PixmapPaint, Transform};
use fen2img_render::internals::Rasterizer;
use fen2img_render::EncodeOptions;
use fen2img_render::{parse, Coordinates, DiagramOptions, Layout, ParseOptions, PieceSet, Theme};

/// Square sizes in pixels: the smallest first, where only silhouettes survive.
const SQUARES: [u32; 3] = [20, 40, 80];
const GAP: u32 = 24;

fn main() {
    // Each piece twice on its rank pair, so it stands on a light and a dark square.
    let fen = "kqrbnp2/kqrbnp2/KQRBNP2/KQRBNP2/8/8/8/8 w - - 0 1";
    let position = parse(fen.as_bytes(), ParseOptions::default())
        .expect("valid FEN")
        .position;
    let themes: Vec<&str> = Theme::built_in_names().collect();
    let width = GAP + SQUARES.iter().map(|s| 6 * s + GAP).sum::<u32>();
    let row_height = 4 * SQUARES[2] + GAP;
    let mut sheet = Pixmap::new(width, GAP + themes.len() as u32 * row_height).expect("size");
    sheet.fill(fen2img_render::internals::tiny_skia::Color::WHITE);
    let mut raster = Rasterizer::new();
    for (row, theme) in themes.iter().enumerate() {
        let mut x = GAP;
        for &square in &SQUARES {
            let options = DiagramOptions {
                size: 8 * square,
                coordinates: Coordinates::None,
                side_to_move: false,
                border: false,
                theme: Theme::built_in(theme).expect("built in"),
                pieces: Some(PieceSet::built_in()),
                ..DiagramOptions::default()
            };
            let layout = Layout::new(&position, &options).expect("valid size");
            let board = raster.render(&layout);
            let crop = board
                .clone_rect(IntRect::from_xywh(0, 0, 6 * square, 4 * square).expect("rect"))
                .expect("inside the board");
            let y = GAP + row as u32 * row_height + (4 * SQUARES[2] - 4 * square) / 2;
            sheet.draw_pixmap(
                x as i32,
                y as i32,
                crop.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            x += 6 * square + GAP;
        }
    }
    let height = sheet.height();
    let bytes = png(
        sheet,
        EncodeOptions {
            optimize: true,
            ..EncodeOptions::default()
        },
    );
    std::fs::create_dir_all("docs").expect("docs/ can be created");
    std::fs::write("docs/pieces.png", bytes).expect("docs/pieces.png can be written");
    println!("wrote docs/pieces.png ({width}×{height})");
}
