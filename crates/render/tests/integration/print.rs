//! Print that survives a photocopier: the `print` theme's hatching is laid
//! on the pixel grid (every empty dark square the same ink, 15–25 %, crisp
//! through a 1-bit threshold), in the PNG the CLI writes and in the SVG at
//! its natural size.

use crate::common;

use fen2img_render::{
    svg, DiagramOptions, Format, Layout, RenderOptions, Renderer, Rgba, Square, Theme,
};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::common::{decode_png, pixmap_rgba, position, Image};

const EMPTY: &str = "8/8/8/8/8/8/8/8 w - - 0 1";

/// Sizes a diagram is printed at: newspaper (207 px is 35 mm at 150 dpi,
/// 413 at 300 dpi), screen sizes, and large.
const SIZES: [u32; 9] = [160, 207, 240, 333, 400, 413, 720, 1000, 1500];

fn print_options(size: u32, flip: bool) -> DiagramOptions {
    DiagramOptions {
        size,
        flip,
        theme: Theme::built_in("print").unwrap(),
        ..DiagramOptions::default()
    }
}

fn png(fen: &str, diagram: DiagramOptions) -> Image {
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = diagram;
    decode_png(&Renderer::new(options).render(&position(fen)).unwrap())
}

/// The grey level (red channel) of every pixel of square `r`, row by row.
fn square_pixels(image: &Image, r: fen2img_render::layout::Rect) -> Vec<u8> {
    let w = image.width as usize;
    let mut out = Vec::new();
    for y in r.y as usize..(r.y + r.h) as usize {
        for x in r.x as usize..(r.x + r.w) as usize {
            out.push(image.rgba[(y * w + x) * 4]);
        }
    }
    out
}

/// Share of ink in `pixels`: exact (grey counts in part), and after a
/// 1-bit threshold at 128.
fn ink(pixels: &[u8]) -> (f64, f64) {
    let n = pixels.len() as f64;
    let exact: f64 = pixels.iter().map(|&v| (255 - v) as f64 / 255.0).sum();
    let black = pixels.iter().filter(|&&v| v < 128).count() as f64;
    (exact / n, black / n)
}

#[test]
fn every_empty_dark_square_gets_the_same_crisp_book_light_hatching() {
    for size in SIZES {
        for flip in [false, true] {
            let options = print_options(size, flip);
            let layout = Layout::new(&position(EMPTY), &options).unwrap();
            let image = png(EMPTY, options);
            let mut first: Option<Vec<u8>> = None;
            for square in Square::all() {
                let pixels = square_pixels(&image, layout.square_rect(square));
                let what = format!("{size} px flip={flip} {square}");
                if !square.is_dark() {
                    assert!(pixels.iter().all(|&v| v == 255), "{what}: light is blank");
                    continue;
                }
                // Crisp: ink or paper, nothing a threshold could move.
                assert!(
                    pixels.iter().all(|&v| v == 0 || v == 255),
                    "{what}: grey pixels in the hatching"
                );
                let (exact, thresholded) = ink(&pixels);
                assert_eq!(exact, thresholded, "{what}");
                assert!(
                    (0.15..=0.25).contains(&exact),
                    "{what}: {:.1} % ink",
                    100.0 * exact
                );
                // Not only the same amount: the same pixels.
                match &first {
                    None => first = Some(pixels),
                    Some(f) => assert!(f == &pixels, "{what} differs from the first dark square"),
                }
            }
        }
    }
}

#[test]
fn the_svg_draws_the_same_hatching_pixels_at_its_natural_size() {
    for size in [160, 207, 400, 413, 720] {
        for flip in [false, true] {
            let options = print_options(size, flip);
            let layout = Layout::new(&position(EMPTY), &options).unwrap();
            let text = svg::write(&layout);
            let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).unwrap();
            let mut pixmap = Pixmap::new(size, size).unwrap();
            resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
            let from_svg = Image {
                width: size,
                height: size,
                rgba: pixmap_rgba(&pixmap),
            };
            let from_png = png(EMPTY, options);
            for square in Square::all().filter(|s| s.is_dark()) {
                let r = layout.square_rect(square);
                let a = square_pixels(&from_svg, r);
                let b = square_pixels(&from_png, r);
                let worst = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max();
                assert!(
                    worst <= Some(2),
                    "{size} px flip={flip} {square}: SVG and PNG differ by {worst:?}"
                );
            }
        }
    }
}

/// A user theme's hatching is laid on the pixels too, at its own share.
#[test]
fn a_user_hatch_keeps_its_share_of_ink() {
    let theme = Theme::parse(
        "light = #ffffff\ndark = #ffffff\nhatch = #000000\nhatch_spacing = 0.08\nhatch_width = 0.04\n",
        "dense.theme",
    )
    .unwrap();
    let options = DiagramOptions {
        size: 400,
        theme,
        ..DiagramOptions::default()
    };
    let layout = Layout::new(&position(EMPTY), &options).unwrap();
    let image = png(EMPTY, options);
    let (exact, _) = ink(&square_pixels(
        &image,
        layout.square_rect(Square::all().find(|s| s.is_dark()).unwrap()),
    ));
    assert!((0.45..=0.55).contains(&exact), "{exact}");
}

/// Print's annotations are ink only: the last move a frame of solid ink,
/// check a ring and not a glow, arrows, circles and marks opaque.
#[test]
fn print_annotations_are_ink_only() {
    use fen2img_render::options::{ArrowSpec, CheckMark};
    use fen2img_render::Markup;
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5";
    let e2 = Square::parse("e2").unwrap();
    let e4 = Square::parse("e4").unwrap();
    let e1 = Square::parse("e1").unwrap();
    for size in [207, 400] {
        let options = DiagramOptions {
            markup: Markup {
                lastmove: Some((e2, e4)),
                check: CheckMark::Square(e1),
                arrows: ["Gf3g5", "Rf6", "Bc4f7"]
                    .iter()
                    .filter_map(|a| ArrowSpec::parse(a))
                    .collect(),
                marks: vec![Square::parse("d5").unwrap()],
                ..Markup::default()
            },
            ..print_options(size, false)
        };
        let l = Layout::new(&position(fen), &options).unwrap();
        assert!(l.glows.is_empty(), "no glow in print");
        // Two frames of four whole-pixel rectangles of solid ink.
        assert_eq!(l.frame.board.tints.len(), 8);
        for t in &l.frame.board.tints {
            assert_eq!(t.color.a, 255);
            assert_eq!(
                [t.rect.x, t.rect.y, t.rect.w, t.rect.h].map(f32::fract),
                [0.0; 4]
            );
        }
        // The check ring first, then the R circle on f6: a double line,
        // an unbroken ink ring with a thinner paper ring along its middle.
        assert_eq!(l.rings.len(), 3);
        let king = l.square_rect(e1);
        assert_eq!(
            (l.rings[0].cx, l.rings[0].cy),
            (king.x + king.w / 2.0, king.y + king.h / 2.0)
        );
        let (ink, paper) = (l.rings[1], l.rings[2]);
        assert_eq!(
            (ink.color, paper.color),
            (Rgba::rgb(0, 0, 0), Rgba::rgb(255, 255, 255))
        );
        assert_eq!((ink.r, ink.dash, paper.dash), (paper.r, None, None));
        // Two ink lines and the paper between, a third each, at least a
        // pixel each at 207 px too.
        assert!(paper.width >= 1.0 && 3.0 * paper.width <= ink.width + 1e-3);
        assert!(l.rings.iter().all(|r| r.color.a == 255));
        assert!(l.crosses.iter().all(|c| c.color.a == 255));
        // Each arrow is drawn over a paper-coloured casing, all opaque. G
        // is one polygon of ink; B is told apart by shape: hollow (ink,
        // then paper inside) and dashed, every dash and its head cased.
        assert!(l.arrows.iter().all(|a| a.color.a == 255));
        let ink = l.arrows.iter().filter(|a| a.color == Rgba::rgb(0, 0, 0));
        let paper = l
            .arrows
            .iter()
            .filter(|a| a.color == Rgba::rgb(255, 255, 255));
        let (ink, paper) = (ink.count(), paper.count());
        assert_eq!(ink + paper, l.arrows.len(), "only ink and paper");
        assert!(ink >= 4, "G and at least two dashes and a head of B: {ink}");
        assert_eq!(paper, 1 + 2 * (ink - 1), "a casing each, B hollow");
        // The empty from-square's frame is solid ink in the image.
        let image = png(fen, options.clone());
        let mut frame_pixels = Vec::new();
        for t in l.frame.board.tints.iter().take(4) {
            frame_pixels.extend(square_pixels(&image, t.rect));
        }
        assert!(
            frame_pixels.iter().all(|&v| v == 0),
            "{size} px: solid frame"
        );
    }
}

/// Other themes keep their tints and glow.
#[test]
fn screen_themes_keep_tinted_annotations() {
    use fen2img_render::options::CheckMark;
    use fen2img_render::Markup;
    let e1 = Square::parse("e1").unwrap();
    let options = DiagramOptions {
        markup: Markup {
            lastmove: Some((Square::parse("e2").unwrap(), Square::parse("e4").unwrap())),
            check: CheckMark::Square(e1),
            ..Markup::default()
        },
        ..DiagramOptions::default()
    };
    let l = Layout::new(&position(common::START), &options).unwrap();
    assert_eq!(l.glows.len(), 1);
    assert!(l.rings.is_empty());
    assert_eq!(l.frame.board.tints.len(), 2);
    assert!(l.frame.board.tints.iter().all(|t| t.color.a < 255));
}

/// Black (below 128) pixels of the board area of `image`.
fn black_pixels(image: &Image, board: fen2img_render::layout::Rect) -> Vec<Vec<bool>> {
    let w = image.width as usize;
    (board.y as usize..(board.y + board.h) as usize)
        .map(|y| {
            (board.x as usize..(board.x + board.w) as usize)
                .map(|x| image.rgba[(y * w + x) * 4] < 128)
                .collect()
        })
        .collect()
}

/// Pieces, inside labels and X marks stay clear of the hatching at print
/// sizes: after a 1-bit threshold no hatch pixel touches their ink.
#[test]
fn pieces_labels_and_marks_stay_clear_of_the_hatching() {
    use fen2img_render::{Coordinates, Markup};
    // Every piece on dark squares (a1 is dark), an X on each empty one.
    let fen = "1k1q1r1b/n1p1K1Q1/1R1B1N1P/8/8/8/8/8 w - - 0 1";
    let marks: Vec<Square> = ["a2", "c2", "e2", "g2", "b1", "d1", "f1", "h1"]
        .iter()
        .map(|s| Square::parse(s).unwrap())
        .collect();
    let touching = |size: u32, halo: bool| {
        let mut options = DiagramOptions {
            coordinates: Coordinates::Inside,
            markup: Markup {
                marks: marks.clone(),
                ..Markup::default()
            },
            ..print_options(size, false)
        };
        if !halo {
            options.theme.halo = None;
        }
        let mut bare = options.clone();
        bare.theme.hatch = None;
        let board = Layout::new(&position(fen), &options)
            .unwrap()
            .frame
            .board
            .board;
        let drawn = black_pixels(&png(fen, options), board);
        let ink = black_pixels(&png(fen, bare), board);
        let n = drawn.len();
        let mut touching = 0;
        for y in 1..n - 1 {
            for x in 1..n - 1 {
                // A hatch pixel: black only because of the hatching.
                if drawn[y][x] && !ink[y][x] {
                    let near = (y - 1..=y + 1).any(|j| (x - 1..=x + 1).any(|i| ink[j][i]));
                    touching += near as usize;
                }
            }
        }
        touching
    };
    for size in [207, 413, 720] {
        assert_eq!(
            touching(size, true),
            0,
            "{size} px: hatch pixels touching ink"
        );
    }
    // Self-check: without the halo the hatching runs into the ink.
    assert!(touching(207, false) > 100);
}

/// A hollow arrow (R and B in ink) crossing a piece leaves the piece in
/// view inside the hollow: its paper lies under the pieces and only thin
/// bands (casing, ink, paper) cross over. Before, a paper fill on top
/// wiped out the pawns an arrow crossed (issue 21). Measured on d2's and
/// d7's pawns under `Rd1d8` and a2's under `Ba2a7`, at three sizes: the
/// ink of the piece inside the hollow is at least half of what it is with
/// no arrow.
#[test]
fn a_hollow_arrow_leaves_the_pieces_it_crosses_in_view() {
    use fen2img_render::options::ArrowSpec;
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for size in [207, 400, 720] {
        for (arrow, squares) in [("Rd1d8", ["d2", "d7"]), ("Ba2a7", ["a2", "a7"])] {
            let plain = print_options(size, false);
            let mut marked = plain.clone();
            marked.markup.arrows = vec![ArrowSpec::parse(arrow).unwrap()];
            let l = Layout::new(&position(START), &marked).unwrap();
            assert!(
                !l.arrows_under.is_empty(),
                "{arrow}: paper under the pieces"
            );
            let (a, b) = (png(START, plain), png(START, marked));
            for name in squares {
                let r = l.frame.board.square_rect(Square::parse(name).unwrap());
                // The hollow's inside: the middle of the shaft, a third of
                // its width either side of the square's centre line.
                let third = r.w * 0.08 / 3.0;
                let strip = fen2img_render::layout::Rect {
                    x: (r.x + r.w / 2.0 - third).round(),
                    y: r.y,
                    w: (2.0 * third).round().max(1.0),
                    h: r.h,
                };
                let dark = |i: &Image| square_pixels(i, strip).iter().filter(|&&g| g < 128).count();
                let (before, after) = (dark(&a), dark(&b));
                assert!(
                    before > 0 && after * 2 >= before,
                    "{size} {arrow} {name}: {after} dark pixels in the hollow, {before} without the arrow"
                );
            }
        }
    }
}

/// Whether (x, y) is inside the polygon `points` (even-odd).
fn inside(points: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut odd = false;
    for (i, &(x1, y1)) in points.iter().enumerate() {
        let (x2, y2) = points[(i + 1) % points.len()];
        if (y1 > y) != (y2 > y) && x < x1 + (y - y1) / (y2 - y1) * (x2 - x1) {
            odd = !odd;
        }
    }
    odd
}

/// A hollow arrow's ink survives a threshold at 128: most pixels of its
/// ink band (between the outline and the hollow) stay black, on the
/// diagonal too, at newspaper size (207 px: 35 mm at 150 dpi) and above.
/// A one-pixel diagonal outline was grey on every pixel and broke into
/// dots (issue 21, "annotations stay readable after the threshold").
#[test]
fn a_hollow_arrows_ink_survives_a_threshold() {
    use fen2img_render::options::ArrowSpec;
    for size in [207, 240, 400] {
        for arrow in ["Rb4d6", "Bb5c6", "Ra1a8", "Bb1c3"] {
            let mut options = print_options(size, false);
            options.markup.arrows = vec![ArrowSpec::parse(arrow).unwrap()];
            let l = Layout::new(&position(EMPTY), &options).unwrap();
            let image = png(EMPTY, options);
            let (mut band, mut black) = (0, 0);
            for shape in l
                .arrows
                .iter()
                .filter(|a| !a.hole.is_empty() && (a.color.r, a.color.g, a.color.b) == (0, 0, 0))
            {
                for y in 0..image.height {
                    for x in 0..image.width {
                        let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                        if inside(&shape.points, px, py) && !inside(&shape.hole, px, py) {
                            band += 1;
                            black +=
                                (image.rgba[((y * image.width + x) * 4) as usize] < 128) as u32;
                        }
                    }
                }
            }
            assert!(band > 0, "{size} {arrow}: an ink band");
            let share = black as f64 / band as f64;
            assert!(
                share >= 0.6,
                "{size} {arrow}: {black} of {band} band pixels black after the threshold"
            );
        }
    }
}
