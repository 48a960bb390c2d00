//! What is drawn around the board (issue 11): captions, numbers, player
//! bars, pockets and three-check signs, through the library. Text is
//! outlines (no `<text>`, no font), long text stays inside the image, a
//! character the font lacks is reported and drawn as U+FFFD, and the alt
//! text says what the image shows.

use crate::common;

use proptest::prelude::*;

use fen2img_render::options::{Around, Caption, CaptionPosition, Player};
use fen2img_render::{DiagramOptions, Format, Layout, RenderOptions, Renderer};

use crate::common::{position, RUY_LOPEZ, START};

const CRAZYHOUSE: &str =
    "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ~K2R[NNPPPq] w KQ - 0 7";

fn with_caption(text: &str) -> Around {
    Around {
        caption: Some(Caption::Text(text.into())),
        number: Some(12),
        white: Some(Player {
            name: "Ljubomir Ljubojević".into(),
            title: Some("GM".into()),
            elo: Some(2620),
            clock: None,
        }),
        black: Some(Player {
            name: "Алексей Широв".into(),
            title: None,
            elo: None,
            clock: None,
        }),
        ..Around::default()
    }
}

fn render(fen: &str, format: Format, diagram: DiagramOptions) -> Vec<u8> {
    let mut options = RenderOptions::new(format);
    options.diagram = diagram;
    Renderer::new(options).render(&position(fen)).unwrap()
}

#[test]
fn svg_text_is_paths_with_no_font() {
    let diagram = DiagramOptions {
        around: with_caption("Ljubojević – Широв, Linares 1995 «Χ»"),
        ..DiagramOptions::default()
    };
    let svg = String::from_utf8(render(RUY_LOPEZ, Format::SVG, diagram.clone())).unwrap();
    for forbidden in [
        "<text",
        "font-family",
        "font-face",
        "@font",
        "<tspan",
        "font=",
    ] {
        assert!(!svg.contains(forbidden), "{forbidden} in the SVG");
    }
    let plain =
        String::from_utf8(render(RUY_LOPEZ, Format::SVG, DiagramOptions::default())).unwrap();
    // The caption's lines, the number and the bars' runs are paths.
    let paths = |s: &str| s.matches("<path d=").count();
    assert!(paths(&svg) >= paths(&plain) + 6, "{svg}");
    // And the alt text in <desc> says what they say.
    let desc = svg
        .split("<desc>")
        .nth(1)
        .unwrap()
        .split("</desc>")
        .next()
        .unwrap();
    assert!(
        desc.starts_with("Diagram 12: Ljubojević – Широв, Linares 1995 «Χ». "),
        "{desc}"
    );
    assert!(desc.contains("White player: GM Ljubomir Ljubojević, rated 2620."));
    assert!(desc.contains("Black player: Алексей Широв."));
    assert!(desc.contains("Black to move."));
}

#[test]
fn svg_and_png_agree_on_the_size_and_text_adds_height() {
    let diagram = DiagramOptions {
        size: 300,
        around: with_caption("White to play and win"),
        ..DiagramOptions::default()
    };
    let layout = Layout::new(&position(START), &diagram).unwrap();
    let bare = Layout::new(
        &position(START),
        &DiagramOptions {
            size: 300,
            ..DiagramOptions::default()
        },
    )
    .unwrap();
    assert_eq!(layout.frame.width(), 300, "--size stays the width");
    assert!(layout.frame.height() > bare.frame.height() + 40);
    let svg = String::from_utf8(render(START, Format::SVG, diagram.clone())).unwrap();
    let h = layout.frame.height();
    assert!(svg.contains(&format!("width=\"300\" height=\"{h}\"")));
    let png = common::decode_png(&render(START, Format::PNG, diagram));
    assert_eq!((png.width, png.height), (300, h));
}

#[test]
fn caption_above_or_below_the_board() {
    for (position_, above) in [
        (CaptionPosition::Below, false),
        (CaptionPosition::Above, true),
    ] {
        let diagram = DiagramOptions {
            around: Around {
                caption: Some(Caption::Auto),
                caption_position: position_,
                ..Around::default()
            },
            ..DiagramOptions::default()
        };
        let layout = Layout::new(&position(RUY_LOPEZ), &diagram).unwrap();
        let texts = &layout.frame.board.texts;
        assert_eq!(texts.len(), 1);
        assert_eq!(texts[0].text, "Black to move", "automatic caption");
        let board = layout.frame.board.board;
        assert_eq!(texts[0].y < board.y, above);
    }
}

#[test]
fn long_text_wraps_or_ends_with_an_ellipsis_inside_the_image() {
    let long = "Pneumonoultramicroscopicsilicovolcanoconiosis ".repeat(12);
    for size in [32, 120, 240, 400, 720] {
        let diagram = DiagramOptions {
            size,
            around: Around {
                white: Some(Player {
                    name: long.clone(),
                    title: Some("WGM".into()),
                    elo: Some(2400),
                    clock: None,
                }),
                ..with_caption(&long)
            },
            ..DiagramOptions::default()
        };
        let layout = Layout::new(&position(START), &diagram).unwrap();
        let texts = &layout.frame.board.texts;
        assert!(texts.iter().any(|t| t.text.ends_with('…')), "{size}");
        for t in texts {
            assert!(
                t.x >= 0.0 && t.x + t.width() <= size as f32 + 0.01,
                "{size}: {t:?}"
            );
            assert!(t.y <= layout.frame.height() as f32, "{size}: {t:?}");
        }
        // One baseline per bar (two bars), three for the caption at most
        // (the number and two lines of text).
        let mut baselines: Vec<u32> = texts.iter().map(|t| t.y.to_bits()).collect();
        baselines.sort();
        baselines.dedup();
        assert!(baselines.len() <= 5, "{size}: {baselines:?}");
    }
}

#[test]
fn a_missing_glyph_is_reported_and_drawn_as_the_replacement() {
    let diagram = |text: &str| DiagramOptions {
        size: 240,
        around: Around {
            caption: Some(Caption::Text(text.into())),
            ..Around::default()
        },
        ..DiagramOptions::default()
    };
    let layout = Layout::new(&position(START), &diagram("Mate 漢")).unwrap();
    assert_eq!(layout.frame.missing_glyphs, ['漢']);
    assert!(Layout::new(&position(START), &diagram("Mate ć"))
        .unwrap()
        .frame
        .missing_glyphs
        .is_empty());
    // Drawn, not dropped: the image differs from one without the character,
    // and is the same as one with U+FFFD written out.
    let png = |t: &str| render(START, Format::PNG, diagram(t));
    assert_ne!(png("Mate 漢"), png("Mate "));
    assert_eq!(
        common::decode_png(&png("Mate 漢")).rgba,
        common::decode_png(&png("Mate \u{FFFD}")).rgba
    );
    assert_eq!(fen2img_render::layout::missing_glyphs("a漢♔"), ['漢', '♔']);
}

#[test]
fn pockets_and_promotions_are_placed_and_described() {
    let layout = Layout::new(&position(CRAZYHOUSE), &DiagramOptions::default()).unwrap();
    let around = &layout.around;
    assert_eq!(around.pocket_pieces.len(), 3, "N, P and q slots");
    assert_eq!(around.badges.len(), 2, "2 knights, 3 pawns");
    assert_eq!(around.promoted.len(), 1, "the promoted queen on d1");
    let board = layout.frame.board.board;
    for p in &around.pocket_pieces {
        // White's pocket below the board, Black's above.
        let below = p.rect.y > board.y + board.h;
        assert_eq!(
            below,
            p.piece.color == fen2img_render::Color::White,
            "{p:?}"
        );
        assert_eq!(p.rect.w, layout.frame.board.square, "board-sized sprites");
    }
    assert!(
        layout.description.contains("In hand: 2×N, 3×P."),
        "{}",
        layout.description
    );
    // The SVG draws the pocket pieces with the board's glyph definitions.
    let svg =
        String::from_utf8(render(CRAZYHOUSE, Format::SVG, DiagramOptions::default())).unwrap();
    assert!(svg.matches("xlink:href=\"#").count() > 30);
    // Flipped, the pockets swap sides.
    let flipped = Layout::new(
        &position(CRAZYHOUSE),
        &DiagramOptions {
            flip: true,
            ..DiagramOptions::default()
        },
    )
    .unwrap();
    let q = flipped
        .around
        .pocket_pieces
        .iter()
        .find(|p| p.piece.color == fen2img_render::Color::Black)
        .unwrap();
    assert!(q.rect.y > flipped.frame.board.board.y + flipped.frame.board.board.h);
}

#[test]
fn one_renderer_draws_positions_with_and_without_pockets() {
    let mut renderer = Renderer::new(RenderOptions::new(Format::PNG));
    let plain = common::decode_png(&renderer.render(&position(START)).unwrap());
    let zh = common::decode_png(&renderer.render(&position(CRAZYHOUSE)).unwrap());
    let again = common::decode_png(&renderer.render(&position(START)).unwrap());
    assert!(zh.height > plain.height, "trays add height");
    assert_eq!(plain.rgba, again.rgba);
    assert_eq!(
        renderer.image_size(&position(CRAZYHOUSE)).unwrap(),
        (zh.width, zh.height)
    );
}

#[test]
fn three_check_signs_sit_beside_each_side() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2";
    let layout = Layout::new(&position(fen), &DiagramOptions::default()).unwrap();
    let signs = &layout.around.checks;
    assert_eq!(signs.len(), 6);
    let board = layout.frame.board.board;
    let right = board.x + board.w;
    for s in signs {
        assert!(s.points.iter().all(|&(x, _)| x > right), "beside the board");
    }
    assert!(layout
        .description
        .ends_with("Checks still to give: White 2, Black 3."));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Any text at any size: no panic, every run inside the image, the
    /// image as wide as asked.
    #[test]
    fn any_text_stays_inside_the_image(
        caption in "\\PC{0,120}",
        name in "[ -~\u{0100}-\u{04FF}\u{4E00}-\u{4E10}\t\n]{0,60}",
        title in proptest::option::of("[A-Z]{0,4}"),
        elo in proptest::option::of(0u32..5000),
        number in proptest::option::of(any::<u32>()),
        size in 32u32..900,
        flip in any::<bool>(),
        above in any::<bool>(),
    ) {
        let diagram = DiagramOptions {
            size,
            flip,
            around: Around {
                caption: Some(Caption::Text(caption)),
                caption_position: if above { CaptionPosition::Above } else { CaptionPosition::Below },
                number,
                number_format: None,
                white: Some(Player { name: name.clone(), title: title.clone(), elo, clock: None }),
                black: Some(Player { name, title, elo, clock: None }),
            },
            ..DiagramOptions::default()
        };
        let layout = Layout::new(&position(CRAZYHOUSE), &diagram).unwrap();
        prop_assert_eq!(layout.frame.width(), size);
        // Square edges on whole pixels, whatever is drawn around.
        let board = layout.frame.board.board;
        prop_assert_eq!((board.x.fract(), board.y.fract()), (0.0, 0.0));
        prop_assert!(board.y + board.h <= layout.frame.height() as f32);
        let height = layout.frame.height() as f32;
        for t in &layout.frame.board.texts {
            prop_assert!(t.x >= 0.0 && t.x + t.width() <= size as f32 + 0.01, "{:?}", t);
            prop_assert!(t.y > 0.0 && t.y <= height, "{:?}", t);
        }
        let svg = fen2img_render::svg::write(&layout);
        prop_assert!(!svg.contains("<text"));
    }
}

#[test]
fn a_megabyte_caption_is_cut_quickly_not_measured_whole() {
    let huge = "x".repeat(1 << 20);
    let diagram = DiagramOptions {
        around: with_caption(&huge),
        ..DiagramOptions::default()
    };
    let layout = Layout::new(&position(START), &diagram).unwrap();
    assert!(layout
        .frame
        .board
        .texts
        .iter()
        .any(|t| t.text.ends_with('…')));
}
