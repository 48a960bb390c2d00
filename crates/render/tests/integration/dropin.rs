//! What the lila-gif drop-in and social previews draw: lichess's ic, pink
//! and purple boards, clocks in the player bars and the `og` page, as
//! goldens (each board, the clocks at 160, 400 and 720 px, the preview in
//! three themes), and the preview's page in SVG and pixels alike.

use fen2img_render::internals::Rasterizer;
use fen2img_render::options::{Around, ArrowSpec, Caption, CheckMark, Player};
use fen2img_render::{svg, Coordinates, DiagramOptions, Glyph, Layout, Markup, Preset, Theme};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::common::{pixmap_rgba, position, sq, RUY_LOPEZ, SCHOLARS_MATE};
use crate::golden::Case;

/// A game frame as lila-gif draws one: the last move, its glyph, check.
fn frame_markup() -> Markup {
    Markup {
        lastmove: Some((sq("h5"), sq("f7"))),
        check: CheckMark::Auto,
        glyphs: vec![(sq("f7"), Glyph::Brilliant)],
        arrows: vec![ArrowSpec::parse("Gc4f7").unwrap()],
        ..Markup::default()
    }
}

/// Players with clocks: a title and an hour, a bare clock under a minute.
fn clocked() -> Around {
    Around {
        white: Some(Player {
            name: "DrDrunkenstein".into(),
            title: Some("GM".into()),
            elo: Some(2888),
            clock: Some(372_300),
        }),
        black: Some(Player {
            clock: Some(947),
            ..Player::default()
        }),
        ..Around::default()
    }
}

/// lila-gif's frame: 720 px (here `size`), coordinates inside, no frame
/// or marker.
fn lila(theme: &str, size: u32) -> DiagramOptions {
    DiagramOptions {
        size,
        theme: Theme::built_in(theme).unwrap(),
        coordinates: Coordinates::Inside,
        side_to_move: false,
        border: false,
        markup: frame_markup(),
        around: clocked(),
        ..DiagramOptions::default()
    }
}

/// A social preview in `theme`.
fn og(theme: &str) -> DiagramOptions {
    DiagramOptions {
        preset: Preset::Og,
        theme: Theme::built_in(theme).unwrap(),
        markup: frame_markup(),
        around: Around {
            caption: Some(Caption::Text("Scholar's mate: the queen takes f7".into())),
            ..clocked()
        },
        ..DiagramOptions::default()
    }
}

pub(crate) const GOLDEN_CASES: &[Case] = &[
    Case {
        name: "lichess_ic_400",
        fen: SCHOLARS_MATE,
        options: || lila("ic", 400),
    },
    Case {
        name: "lichess_pink_400",
        fen: SCHOLARS_MATE,
        options: || lila("pink", 400),
    },
    Case {
        name: "lichess_purple_400",
        fen: SCHOLARS_MATE,
        options: || lila("purple", 400),
    },
    Case {
        name: "clocks_brown_160",
        fen: SCHOLARS_MATE,
        options: || lila("brown", 160),
    },
    Case {
        name: "clocks_print_720",
        fen: SCHOLARS_MATE,
        options: || lila("print", 720),
    },
    Case {
        name: "og_brown",
        fen: SCHOLARS_MATE,
        options: || og("brown"),
    },
    Case {
        name: "og_purple",
        fen: RUY_LOPEZ,
        options: || og("purple"),
    },
    Case {
        name: "og_print",
        fen: SCHOLARS_MATE,
        options: || og("print"),
    },
];

/// The preview page is the same in SVG and in pixels: 1200×630, and few
/// pixels apart (the pieces' and text's anti-aliased edges).
#[test]
fn the_preview_page_agrees_in_svg_and_pixels() {
    for theme in ["brown", "print", "pink"] {
        let l = Layout::new(&position(SCHOLARS_MATE), &og(theme)).unwrap();
        assert_eq!((l.frame.width(), l.frame.height()), (1200, 630));
        let doc = svg::write(&l);
        assert!(doc.contains("viewBox=\"0 0 1200 630\""), "{theme}");
        let tree = usvg::Tree::from_str(&doc, &usvg::Options::default()).unwrap();
        let mut pixmap = Pixmap::new(1200, 630).unwrap();
        resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
        let a = pixmap_rgba(&pixmap);
        let b = pixmap_rgba(&Rasterizer::new().render(&l));
        let far = a
            .chunks_exact(4)
            .zip(b.chunks_exact(4))
            .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 2))
            .count();
        // 0.5 % of the page, the parity suite's share for a whole board.
        assert!(far < 1200 * 630 / 200, "{theme}: {far} pixels differ");
        // The alt text says the caption, the clocks and every annotation.
        for said in [
            "Scholar's mate",
            "1:02:03 on the clock",
            "Black's clock: 00:09.4",
            "Last move h5 to f7",
            "Check on e8",
            "Arrow: green c4 to f7",
            "f7: brilliant move, marked !!",
        ] {
            assert!(l.description.contains(said), "{said}: {}", l.description);
        }
    }
}
