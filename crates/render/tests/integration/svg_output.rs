//! The SVG writer: snapshots, size, determinism, clean parsing by usvg (no
//! warnings), colour syntax, title and description, and piece geometry.

use std::cell::RefCell;
use std::sync::Once;

use fen2img_render::options::{ArrowSpec, CheckMark};
use fen2img_render::Rgba;
use fen2img_render::{
    svg, Coordinates, DiagramOptions, Format, Layout, Markup, PieceSet, Position, RenderOptions,
    Renderer, Square, Theme,
};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::common::{position, RUY_LOPEZ, SCHOLARS_MATE, START};

// ---------------------------------------------------------------------------
// Capturing usvg's log output

/// A logger that keeps Warn and Error records per thread, so that tests
/// running in parallel each see only their own.
struct Capture;

thread_local! {
    static RECORDS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

impl log::Log for Capture {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            let line = format!("{} {}: {}", record.level(), record.target(), record.args());
            RECORDS.with(|r| r.borrow_mut().push(line));
        }
    }

    fn flush(&self) {}
}

static LOGGER: Capture = Capture;
static INSTALL: Once = Once::new();

/// Parses `svg` with usvg; returns the tree and the warnings it logged.
fn parse_logged(svg: &str) -> (Result<usvg::Tree, usvg::Error>, Vec<String>) {
    INSTALL.call_once(|| {
        log::set_logger(&LOGGER).expect("no other logger in this test binary");
        log::set_max_level(log::LevelFilter::Warn);
    });
    RECORDS.with(|r| r.borrow_mut().clear());
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default());
    (tree, RECORDS.with(|r| r.take()))
}

/// Parses `svg`, failing on any error or logged warning.
#[track_caller]
fn parse_clean(svg: &str, what: &str) -> usvg::Tree {
    let (tree, warnings) = parse_logged(svg);
    assert!(warnings.is_empty(), "{what}: usvg warned: {warnings:#?}");
    tree.unwrap_or_else(|e| panic!("{what}: usvg error: {e}"))
}

#[test]
fn the_log_capture_sees_usvg_warnings() {
    // A self-check: if the capture were broken, "no warnings" would mean nothing.
    let broken = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" fill="url(#nowhere)" filter="url(#nothing)"/><use xlink:href="#missing"/><rect width="-5" height="1"/></svg>"##;
    let (_, warnings) = parse_logged(broken);
    assert!(!warnings.is_empty(), "usvg logs warnings for broken links");
}

// ---------------------------------------------------------------------------
// Helpers

fn render_svg(position: &Position, diagram: DiagramOptions) -> String {
    let mut options = RenderOptions::new(Format::SVG);
    options.diagram = diagram;
    let mut renderer = Renderer::new(options);
    String::from_utf8(renderer.render(position).unwrap()).unwrap()
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Flipped, inside coordinates, and every kind of markup.
fn markup_heavy() -> DiagramOptions {
    DiagramOptions {
        flip: true,
        coordinates: Coordinates::Inside,
        markup: Markup {
            lastmove: Some((square("h5"), square("f7"))),
            check: CheckMark::Auto,
            arrows: ["Gc4f7", "Yd8h4", "Bg1f3", "Re8", "Ya1a1"]
                .iter()
                .map(|s| ArrowSpec::parse(s).unwrap())
                .collect(),
            marks: vec![square("e5"), square("d4")],
            fills: vec![
                (square("a1"), Rgba::parse("#ff000080").unwrap()),
                (square("h8"), Rgba::parse("#3050ff").unwrap()),
            ],
            ..Markup::default()
        },
        ..DiagramOptions::default()
    }
}

/// Numeric attribute `name="..."` of an element's text.
fn attr(element: &str, name: &str) -> Option<f32> {
    let pat = format!(" {name}=\"");
    let start = element.find(&pat)? + pat.len();
    let end = start + element[start..].find('"')?;
    element[start..end].parse().ok()
}

fn str_attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let pat = format!(" {name}=\"");
    let start = element.find(&pat)? + pat.len();
    let end = start + element[start..].find('"')?;
    Some(&element[start..end])
}

/// The text of every `<tag ...>` element (up to its `>`).
fn elements<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find(&open) {
        let end = i + rest[i..].find('>').unwrap();
        out.push(&rest[i..=end]);
        rest = &rest[end..];
    }
    out
}

/// The board's rectangle as the SVG draws it: the rect filled with the
/// light-square colour.
fn board_rect(svg: &str, light: Rgba) -> (f32, f32, f32, f32) {
    let fill = light.hex6();
    let rects: Vec<&str> = elements(svg, "rect")
        .into_iter()
        .filter(|r| attr(r, "x").is_some() && str_attr(r, "fill") == Some(fill.as_str()))
        .collect();
    assert_eq!(rects.len(), 1, "one board rect filled {fill}: {rects:?}");
    let r = rects[0];
    (
        attr(r, "x").unwrap(),
        attr(r, "y").unwrap(),
        attr(r, "width").unwrap(),
        attr(r, "height").unwrap(),
    )
}

fn rasterize(tree: &usvg::Tree) -> Pixmap {
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

// ---------------------------------------------------------------------------
// Snapshots

#[test]
fn start_position_snapshot() {
    let svg = render_svg(&position(START), DiagramOptions::default());
    insta::assert_snapshot!("start_position", svg);
}

#[test]
fn markup_heavy_snapshot() {
    let svg = render_svg(&position(SCHOLARS_MATE), markup_heavy());
    insta::assert_snapshot!("markup_heavy", svg);
}

// ---------------------------------------------------------------------------
// Properties of the document

#[test]
fn the_start_position_is_small() {
    // Issue 37's goal: at most 12 KB, for the default (brown, cburnett)
    // and for the built-in set. About 11 KB of drawing (circles as arcs;
    // a cap or join a path cannot show left to its group) and 0.8 KB of
    // six-character id prefixes (129 ids and references), which make the
    // document safe to inline. 2026-11-29: 11,792 and 11,494 bytes; 11,806
    // for the built-in set since its king and queen were redrawn.
    let own = DiagramOptions {
        pieces: Some(PieceSet::built_in()),
        ..DiagramOptions::default()
    };
    for (name, options) in [("default", DiagramOptions::default()), ("built-in", own)] {
        let svg = render_svg(&position(START), options);
        assert!(svg.len() <= 12_000, "{name}: {} bytes", svg.len());
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
    }
}

#[test]
fn output_is_byte_identical_across_renders() {
    for (fen, options) in [
        (START, DiagramOptions::default()),
        (SCHOLARS_MATE, markup_heavy()),
    ] {
        let p = position(fen);
        let a = render_svg(&p, options.clone());
        let b = render_svg(&p, options.clone());
        assert_eq!(a, b, "{fen}: two renderers");
        // One renderer used twice, and the writer called directly.
        let mut render_options = RenderOptions::new(Format::SVG);
        render_options.diagram = options.clone();
        let mut r = Renderer::new(render_options);
        assert_eq!(r.render(&p).unwrap(), a.as_bytes());
        assert_eq!(r.render(&p).unwrap(), a.as_bytes());
        let layout = Layout::new(&p, &options).unwrap();
        assert_eq!(svg::write(&layout), a);
    }
}

#[test]
fn it_parses_without_warnings() {
    for (fen, options, what) in [
        (START, DiagramOptions::default(), "start"),
        (SCHOLARS_MATE, markup_heavy(), "markup"),
        (RUY_LOPEZ, DiagramOptions::default(), "ruy lopez"),
    ] {
        let layout = Layout::new(&position(fen), &options).unwrap();
        let svg = render_svg(&position(fen), options);
        let tree = parse_clean(&svg, what);
        // --size is the width; the height follows what is drawn around.
        assert_eq!(tree.size().width(), 400.0);
        assert_eq!(tree.size().height(), layout.frame.height() as f32);
    }
}

#[test]
fn every_built_in_theme_renders_without_warnings() {
    for name in Theme::built_in_names() {
        let theme = Theme::built_in(name).unwrap();
        for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
            for (fen, base) in [
                (START, DiagramOptions::default()),
                (SCHOLARS_MATE, markup_heavy()),
            ] {
                let options = DiagramOptions {
                    theme: theme.clone(),
                    coordinates,
                    ..base
                };
                let svg = render_svg(&position(fen), options);
                let what = format!("{name} {coordinates:?} {fen}");
                let tree = parse_clean(&svg, &what);
                // And it draws: the light squares' colour is on the image.
                let pixmap = rasterize(&tree);
                assert!(pixmap.pixels().iter().any(|p| p.alpha() == 255), "{what}");
                assert!(!svg.contains("NaN") && !svg.contains("inf"), "{what}");
            }
        }
    }
}

#[test]
fn colours_are_never_eight_digit_hex() {
    let mut docs = Vec::new();
    for name in Theme::built_in_names() {
        let theme = Theme::built_in(name).unwrap();
        docs.push(render_svg(
            &position(SCHOLARS_MATE),
            DiagramOptions {
                theme,
                ..markup_heavy()
            },
        ));
    }
    docs.push(render_svg(&position(START), DiagramOptions::default()));
    for svg in docs {
        let bytes = svg.as_bytes();
        for (i, _) in svg.match_indices('#') {
            let run = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            assert!(
                run < 8,
                "8-digit hex colour at byte {i}: {}",
                &svg[i..(i + 12).min(svg.len())]
            );
        }
        // Every paint is #rgb or #rrggbb (references like "#wP" are not paints).
        for name in ["fill", "stroke", "stop-color"] {
            let pat = format!(" {name}=\"#");
            for (i, _) in svg.match_indices(&pat) {
                let value = &svg[i + pat.len()..];
                let value = &value[..value.find('"').unwrap()];
                assert!(
                    matches!(value.len(), 3 | 6) && value.bytes().all(|b| b.is_ascii_hexdigit()),
                    "{name}=\"#{value}\""
                );
            }
        }
    }
}

#[test]
fn title_is_the_canonical_fen_and_desc_the_description() {
    // Sloppy input: the title is still canonical.
    let input = "  r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR   b   qkQK  -  0  4 ";
    let p = fen2img_render::parse(input.as_bytes(), fen2img_render::ParseOptions::default())
        .unwrap()
        .position;
    let svg = render_svg(&p, DiagramOptions::default());
    let title = format!("<title>{SCHOLARS_MATE}</title>");
    assert!(svg.contains(&title), "{title}");
    let desc = format!("<desc>{}</desc>", fen2img_render::describe(&p));
    assert!(svg.contains(&desc), "{desc}");
    // Scholar's mate: Black, to move, is mated; the result is said.
    assert!(desc.contains("Checkmate, White wins"), "{desc}");
    // Both come right after the root element, once each.
    assert_eq!(svg.matches("<title>").count(), 1);
    assert_eq!(svg.matches("<desc>").count(), 1);
    let second_line = svg.lines().nth(1).unwrap();
    assert_eq!(second_line, title);
}

#[test]
fn a_piece_on_e4_lands_on_the_e4_square() {
    let p = position("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    let empty = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for flip in [false, true] {
        for coordinates in [Coordinates::Outside, Coordinates::Inside, Coordinates::None] {
            let what = format!("flip {flip}, {coordinates:?}");
            let options = DiagramOptions {
                flip,
                coordinates,
                ..DiagramOptions::default()
            };
            let svg = render_svg(&p, options.clone());
            let (bx, by, bw, bh) = board_rect(&svg, options.theme.light);
            assert_eq!(bw, bh, "{what}: a square board");
            let sq = bw / 8.0;
            // e4 from the board rect: file e is column 4 from the left (3 when
            // flipped), rank 4 is row 4 from the top (3 when flipped).
            let (col, row) = if flip { (3.0, 3.0) } else { (4.0, 4.0) };
            let (ex, ey) = (bx + col * sq, by + row * sq);

            let uses: Vec<&str> = elements(&svg, "use")
                .into_iter()
                .filter(|u| str_attr(u, "xlink:href").is_some_and(|h| h.ends_with("wP")))
                .collect();
            assert_eq!(uses.len(), 1, "{what}: one white pawn");
            assert_eq!(attr(uses[0], "x"), Some(ex), "{what}: x of {}", uses[0]);
            assert_eq!(attr(uses[0], "y"), Some(ey), "{what}: y of {}", uses[0]);

            // And the ink the pawn adds, as usvg and resvg draw it, is inside e4.
            let with = rasterize(&parse_clean(&svg, &what));
            let without = rasterize(&parse_clean(&render_svg(&empty, options), &what));
            let w = with.width() as usize;
            let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
            for (i, (a, b)) in with.pixels().iter().zip(without.pixels()).enumerate() {
                if a != b {
                    let (x, y) = (i % w, i / w);
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
            }
            assert!(x0 <= x1, "{what}: the pawn is drawn");
            assert!(
                x0 as f32 >= ex && (x1 + 1) as f32 <= ex + sq,
                "{what}: ink x {x0}..={x1} in {ex}..{}",
                ex + sq
            );
            assert!(
                y0 as f32 >= ey && (y1 + 1) as f32 <= ey + sq,
                "{what}: ink y {y0}..={y1} in {ey}..{}",
                ey + sq
            );
            // The pawn fills a fair part of its square.
            assert!((x1 - x0) as f32 > sq * 0.4 && (y1 - y0) as f32 > sq * 0.5);
        }
    }
}

#[test]
fn markup_elements_are_present() {
    let svg = render_svg(&position(SCHOLARS_MATE), markup_heavy());
    // A radial gradient for the check glow, over the checked king's square (e8).
    assert!(svg.contains("<radialGradient"), "check glow");
    // The two circles (Re8, Ya1a1) plus the side-to-move marker.
    assert_eq!(elements(&svg, "circle").len(), 3);
    // The fills use #rrggbb plus an opacity.
    assert!(svg.contains("fill=\"#f00\" fill-opacity=\".5\""));
    assert!(svg.contains("fill=\"#3050ff\""));
    // Flipped: h8 is at the bottom-left, a1 at the top-right.
    let (bx, by, bw, _) = board_rect(&svg, Theme::default().light);
    let sq = bw / 8.0;
    let h8 = format!("<rect x=\"{}\" y=\"{}\"", bx, by + 7.0 * sq);
    let a1 = format!("<rect x=\"{}\" y=\"{}\"", bx + 7.0 * sq, by);
    assert!(svg.contains(&h8), "{h8}");
    assert!(svg.contains(&a1), "{a1}");
}

// ---------------------------------------------------------------------------
// Ids: any number of documents inlined in one HTML page

/// Every id a document defines.
fn ids(svg: &str) -> Vec<String> {
    svg.split(" id=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

/// Every id a document refers to (`href="#..."`, `url(#...)`).
fn references(svg: &str) -> Vec<String> {
    let mut out = Vec::new();
    for mark in ["href=\"#", "url(#"] {
        for rest in svg.split(mark).skip(1) {
            let end = rest.find(['"', ')']).unwrap();
            out.push(rest[..end].to_string());
        }
    }
    out
}

#[test]
fn two_different_documents_share_no_id() {
    let print = DiagramOptions {
        theme: Theme::built_in("print").unwrap(),
        ..DiagramOptions::default()
    };
    let docs = [
        render_svg(&position(START), DiagramOptions::default()),
        render_svg(&position(RUY_LOPEZ), DiagramOptions::default()),
        render_svg(&position(SCHOLARS_MATE), markup_heavy()),
        render_svg(&position(START), print.clone()),
        render_svg(&position(RUY_LOPEZ), print),
    ];
    for (i, a) in docs.iter().enumerate() {
        let defined = ids(a);
        assert!(!defined.is_empty());
        // Every reference resolves inside the document itself.
        for r in references(a) {
            assert!(defined.contains(&r), "doc {i}: #{r} is not defined");
        }
        for (j, b) in docs.iter().enumerate().skip(i + 1) {
            let theirs = ids(b);
            let shared: Vec<&String> = defined.iter().filter(|id| theirs.contains(id)).collect();
            assert!(shared.is_empty(), "docs {i} and {j} share {shared:?}");
        }
    }
}

#[test]
fn an_explicit_id_prefix_is_used_and_an_empty_one_keeps_bare_ids() {
    let p = position(RUY_LOPEZ);
    let mut options = RenderOptions::new(Format::SVG);
    options.svg_id_prefix = Some("diagram12-".into());
    let svg = String::from_utf8(Renderer::new(options.clone()).render(&p).unwrap()).unwrap();
    assert!(ids(&svg).iter().all(|id| id.starts_with("diagram12-")));
    assert!(references(&svg)
        .iter()
        .all(|id| id.starts_with("diagram12-")));
    options.svg_id_prefix = Some(String::new());
    let bare = String::from_utf8(Renderer::new(options.clone()).render(&p).unwrap()).unwrap();
    assert!(ids(&bare).contains(&"wN".to_string()), "{:?}", ids(&bare));
    options.svg_id_prefix = Some("1bad\"prefix".into());
    let e = Renderer::new(options).render(&p).unwrap_err();
    assert!(matches!(e, fen2img_render::Error::Layout(_)), "{e}");
    assert!(svg::is_valid_id_prefix("_a.b-c9"));
    assert!(!svg::is_valid_id_prefix("9a") && !svg::is_valid_id_prefix("a b"));
}

/// A shaded set's gradients are definitions like the glyphs: under the
/// document's id prefix (its content's, or any valid one a caller gives),
/// each defined once and used, every reference resolved, the same bytes
/// every time; and two shaded documents inlined in one page share no id.
#[test]
fn gradient_ids_take_every_id_prefix() {
    let long = "x".repeat(64);
    let prefixes = [None, Some("p"), Some("_a.b-c9"), Some(long.as_str())];
    let mut inlined = Vec::new();
    for name in ["fantasy", "spatial", "celtic", "firi"] {
        for prefix in prefixes {
            let mut options = RenderOptions::new(Format::SVG);
            options.diagram.pieces = PieceSet::bundled(name);
            options.svg_id_prefix = prefix.map(str::to_string);
            let render = || {
                String::from_utf8(
                    Renderer::new(options.clone())
                        .render(&position(START))
                        .unwrap(),
                )
                .unwrap()
            };
            let svg = render();
            assert_eq!(svg, render(), "{name} {prefix:?}: not deterministic");
            let defined = ids(&svg);
            let used = references(&svg);
            for r in &used {
                assert!(
                    defined.contains(r),
                    "{name} {prefix:?}: #{r} is not defined"
                );
            }
            let gradients: Vec<String> = svg
                .split("Gradient id=\"")
                .skip(1)
                .map(|rest| rest[..rest.find('"').unwrap()].to_string())
                .collect();
            assert!(!gradients.is_empty(), "{name}: no gradient");
            // The content prefix: six characters (see `svg::ids`).
            let own = prefix.unwrap_or_else(|| &defined[0][..6]);
            for g in &gradients {
                assert!(
                    g.starts_with(own),
                    "{name} {prefix:?}: {g} outside the prefix"
                );
                assert_eq!(defined.iter().filter(|d| *d == g).count(), 1, "{g} twice");
                assert!(used.contains(g), "{name} {prefix:?}: {g} unused");
            }
            if prefix.is_none() {
                inlined.push((name, defined));
            }
        }
    }
    for (i, (a, mine)) in inlined.iter().enumerate() {
        for (b, theirs) in &inlined[i + 1..] {
            assert!(
                mine.iter().all(|id| !theirs.contains(id)),
                "{a} and {b} share an id"
            );
        }
    }
}
