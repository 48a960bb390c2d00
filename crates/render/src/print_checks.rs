//! Print's pictures as a plate keeps them: the print theme drawn at
//! newspaper sizes, thresholded to one bit as a photocopier or a 1-bit
//! plate does, and measured in pixels, millimetres and points.

use fen2img_chess::Square;

use crate::assets::theme::Theme;
use crate::layout::{Layout, Rect};
use crate::options::{DiagramOptions, Markup};
use crate::raster::Rasterizer;
use crate::test_support::{layout, sq};

/// The print theme at `size` pixels with `markup`.
fn print_options(size: u32, markup: Markup) -> DiagramOptions {
    DiagramOptions {
        size,
        theme: Theme::built_in("print").unwrap(),
        markup,
        ..DiagramOptions::default()
    }
}

/// A picture thresholded at 128 (on luminance): `true` is ink.
struct Plate {
    pub width: u32,
    pub height: u32,
    ink: Vec<bool>,
}

impl Plate {
    /// `layout` rasterized and thresholded.
    pub fn of(layout: &Layout) -> Plate {
        let pixmap = Rasterizer::new().render(layout);
        let ink = pixmap
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                // Over white paper: a transparent pixel is paper.
                let a = c.alpha() as u32;
                let lum = |v: u8| (v as u32 * a + 255 * (255 - a)) / 255;
                let y = 299 * lum(c.red()) + 587 * lum(c.green()) + 114 * lum(c.blue());
                y < 128 * 1000
            })
            .collect();
        Plate {
            width: pixmap.width(),
            height: pixmap.height(),
            ink,
        }
    }

    /// Whether pixel (`x`, `y`) is ink.
    pub fn at(&self, x: u32, y: u32) -> bool {
        self.ink[(y * self.width + x) as usize]
    }
}

/// The pixels of the outermost ring of square `r` (one pixel wide) that
/// are paper: none where the last move's box is closed.
fn gaps_in_box(plate: &Plate, r: Rect) -> Vec<(u32, u32)> {
    let (x0, y0) = (r.x as u32, r.y as u32);
    let (x1, y1) = ((r.x + r.w) as u32 - 1, (r.y + r.h) as u32 - 1);
    let ring = (x0..=x1)
        .flat_map(|x| [(x, y0), (x, y1)])
        .chain((y0..=y1).flat_map(|y| [(x0, y), (x1, y)]));
    ring.filter(|&(x, y)| !plate.at(x, y)).collect()
}

#[test]
fn the_last_move_box_stays_closed_around_the_piece_that_moved() {
    // After castling: the king on g1, the rook on f1, e1 and h1 empty; and
    // a pawn's move (the pawn's base and halo reach the square's foot).
    for (fen, from, to) in [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4",
            "e1",
            "g1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "e2",
            "e4",
        ),
    ] {
        // 35 mm at 150, 300 and 600 dpi, and 50 mm at 150.
        for size in [207, 295, 413, 827] {
            let markup = Markup {
                lastmove: Some((sq(from), sq(to))),
                ..Markup::default()
            };
            let l = layout(fen, &print_options(size, markup));
            let plate = Plate::of(&l);
            for s in [from, to] {
                let square: Square = sq(s);
                let gaps = gaps_in_box(&plate, l.square_rect(square));
                assert!(
                    gaps.is_empty(),
                    "{size} px, {s}: the box is open at {gaps:?}"
                );
            }
            // Without the box drawn again over the piece (as before), the
            // halo opens it where the piece stands: the check sees that.
            let open = Layout {
                frames: Vec::new(),
                ..l.clone()
            };
            let gaps = gaps_in_box(&Plate::of(&open), l.square_rect(sq(to)));
            assert!(!gaps.is_empty(), "{size} px, {to}: closed without the fix");
        }
    }
}

/// The pixels of square `s` where the piece standing there is opaque ink
/// or paper of its own (its sprite's alpha is full), in image coordinates.
fn piece_pixels(l: &Layout, s: Square) -> Vec<(u32, u32)> {
    sprite_pixels(l, s, |alpha| alpha == 255)
}

/// The pixels of square `s` whose alpha in the sprite of the piece
/// standing there passes `keep`, in image coordinates.
pub(crate) fn sprite_pixels(l: &Layout, s: Square, keep: impl Fn(u8) -> bool) -> Vec<(u32, u32)> {
    let piece = l.pieces.iter().find(|p| p.square == s).expect("a piece");
    let mut raster = Rasterizer::new();
    let sprite = &raster.sprites(&l.frame.sprites.glyphs)[piece.piece.index()];
    let r = l.square_rect(s);
    let side = sprite.width();
    (0..side * side)
        .filter(|i| keep(sprite.pixels()[*i as usize].alpha()))
        .map(|i| (r.x as u32 + i % side, r.y as u32 + i / side))
        .collect()
}

#[test]
fn marks_in_print_leave_the_pieces_under_them_whole() {
    use crate::options::ArrowSpec;
    // Issue 35's board: a hollow arrow over the pawn on d6, X marks on the
    // knight on c3, a dashed circle round the knight on f6, a knight's
    // arrow from g1 (its tail on the knight) and a label on the king.
    const FEN: &str = "r2qk2r/ppp2ppp/2np1n2/2b1p3/2BPP3/2N5/PPP2PPP/R1BQK1NR w KQkq - 0 1";
    let arrows = |s: &str| vec![ArrowSpec::parse(s).unwrap()];
    // (the piece's square, whether the mark shows in that square or only
    // along its way, the markup)
    let cases: Vec<(&str, bool, Markup)> = vec![
        (
            "d6",
            false,
            Markup {
                arrows: arrows("Rd8d4"),
                ..Markup::default()
            },
        ),
        (
            "d6",
            false,
            Markup {
                arrows: arrows("Bd8d4"),
                ..Markup::default()
            },
        ),
        (
            "c3",
            true,
            Markup {
                marks: vec![sq("c3")],
                ..Markup::default()
            },
        ),
        (
            "f6",
            true,
            Markup {
                arrows: arrows("Yf6f6"),
                ..Markup::default()
            },
        ),
        (
            "g1",
            false,
            Markup {
                arrows: arrows("Gg1f3"),
                ..Markup::default()
            },
        ),
        (
            "e1",
            true,
            Markup {
                labels: vec![(sq("e1"), "A".into())],
                ..Markup::default()
            },
        ),
        (
            "e4",
            false,
            Markup {
                glyphs: vec![(sq("e4"), crate::annotation::Glyph::Blunder)],
                ..Markup::default()
            },
        ),
    ];
    for size in [207, 413] {
        let bare = layout(FEN, &print_options(size, Markup::default()));
        let bare_plate = Plate::of(&bare);
        for (at, in_square, markup) in &cases {
            let marked = layout(FEN, &print_options(size, markup.clone()));
            let plate = Plate::of(&marked);
            let s = sq(at);
            let piece = piece_pixels(&marked, s);
            let changed = piece
                .iter()
                .filter(|&&(x, y)| plate.at(x, y) != bare_plate.at(x, y))
                .count();
            // The piece keeps its pixels; the mark shows in its square (an
            // arrow passing under a piece: along its way).
            assert!(
                changed * 50 <= piece.len(),
                "{size} px, {markup:?}: {changed} of the piece's {} pixels changed",
                piece.len()
            );
            let r = if *in_square {
                marked.square_rect(s)
            } else {
                marked.frame.board.board
            };
            let sq_area = marked.frame.board.square.powi(2);
            let shown = (r.y as u32..(r.y + r.h) as u32)
                .flat_map(|y| (r.x as u32..(r.x + r.w) as u32).map(move |x| (x, y)))
                .filter(|&(x, y)| plate.at(x, y) != bare_plate.at(x, y))
                .count();
            assert!(
                shown as f32 >= 0.025 * sq_area,
                "{size} px, {markup:?}: the mark is hidden ({shown} pixels)"
            );
        }
    }
}

/// Pixels per millimetre at `dpi`.
fn per_mm(dpi: f32) -> f32 {
    dpi / 25.4
}

/// The pixel width of `mm` millimetres at `dpi`, as `--size 35mm --dpi N`
/// makes it.
fn width_at(mm: f32, dpi: f32) -> u32 {
    (mm * per_mm(dpi)).round() as u32
}

/// The height in pixels of the ink of the rank digit `ch` on `plate`.
fn digit_ink_height(l: &Layout, plate: &Plate, ch: char) -> u32 {
    use crate::assets::labels::{LabelFont, BASELINE};
    let label = l.frame.board.labels.iter().find(|p| p.ch == ch).unwrap();
    let font = LabelFont::get();
    let g = font.glyph(ch).unwrap();
    let (x0, x1) = (
        label.x as u32,
        (label.x + g.advance * label.scale).ceil() as u32,
    );
    let top = (label.y + (BASELINE - font.cap_height) * label.scale - 3.0) as u32;
    let bottom = (label.y + BASELINE * label.scale + 3.0) as u32;
    let rows = (top..bottom).filter(|&y| (x0..x1).any(|x| plate.at(x, y)));
    rows.count() as u32
}

#[test]
fn a_printed_width_gives_one_layout_at_every_resolution() {
    let options = |size| print_options(size, Markup::default());
    const FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for mm in [35.0, 50.0] {
        // The reference: the same width at 2000 dpi, where a pixel is a
        // hundredth of a millimetre.
        let fine = layout(FEN, &options(width_at(mm, 2000.0)));
        let fine_board = fine.frame.board.board.w / per_mm(2000.0);
        let fine_height = fine.frame.board.height as f32 / per_mm(2000.0);
        for dpi in [150.0, 300.0, 600.0] {
            let size = width_at(mm, dpi);
            let l = layout(FEN, &options(size));
            let b = &l.frame.board;
            // The squares are whole pixels: the board may be short of the
            // reference by less than a pixel a square, never more.
            let board = b.board.w / per_mm(dpi);
            let slack = 8.0 / per_mm(dpi);
            assert!(
                (board - fine_board).abs() <= slack,
                "{mm} mm at {dpi} dpi: a board of {board:.2} mm, {fine_board:.2} at 2000 dpi"
            );
            let height = b.height as f32 / per_mm(dpi);
            assert!(
                (height - fine_height).abs() <= slack,
                "{mm} mm at {dpi} dpi: {height:.2} mm tall, {fine_height:.2} at 2000 dpi"
            );
            // Paper on the image's first and last rows: no frame on the
            // edge, no descender reaching it.
            let plate = Plate::of(&l);
            for y in [0, plate.height - 1] {
                let inked = (0..plate.width).filter(|&x| plate.at(x, y)).count();
                assert_eq!(inked, 0, "{mm} mm at {dpi} dpi: ink on row {y}");
            }
            // Every digit at least as tall as a 6 pt type's capitals
            // (0.7 em: 4.2 pt), measured in ink after the threshold.
            for ch in ['1', '5', '8'] {
                let pt = digit_ink_height(&l, &plate, ch) as f32 / dpi * 72.0;
                assert!(pt >= 4.2, "{mm} mm at {dpi} dpi: {ch} is {pt:.2} pt tall");
            }
        }
    }
}

#[test]
fn the_print_svg_hatches_with_polygons_not_a_pattern() {
    // A `<pattern>` is drawn by CairoSVG into a bitmap tile and resampled:
    // the lines came out grey and dashed. Plain polygons, placed on each
    // dark square, are drawn alike by every renderer.
    let l = layout(
        "8/8/8/8/8/8/8/8 w - - 0 1",
        &print_options(207, Markup::default()),
    );
    let svg = crate::svg::write(&l);
    assert!(!svg.contains("<pattern"), "{svg}");
    assert!(!svg.contains("url(#"), "no paint server: {svg}");
    // One square's polygons, placed on each of the 32 dark squares.
    assert_eq!(svg.matches("hatch\" x=").count(), 32, "{svg}");
}

#[test]
fn text_around_a_printed_board_is_at_least_6_pt() {
    use crate::options::{Around, Caption, Player};
    let player = |name: &str| Player {
        name: name.into(),
        title: Some("GM".into()),
        elo: Some(2800),
        clock: None,
    };
    for dpi in [150.0, 300.0, 600.0] {
        let options = DiagramOptions {
            around: Around {
                caption: Some(Caption::Text("White to move".into())),
                white: Some(player("Carlsen")),
                black: Some(player("Nepomniachtchi")),
                ..Around::default()
            },
            ..print_options(width_at(35.0, dpi), Markup::default())
        };
        let l = layout("8/8/8/8/8/8/8/8 w - - 0 1", &options);
        assert!(l.frame.board.texts.len() >= 3);
        for t in &l.frame.board.texts {
            let pt = t.size / dpi * 72.0;
            assert!(pt >= 6.0 - 0.05, "{dpi} dpi: {:?} at {pt:.2} pt", t.text);
            // Bold runs are not emboldened further (GM closed up).
            assert!(!(t.bold && t.casing.is_some()), "{:?}", t.text);
        }
    }
}
