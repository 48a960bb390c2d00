//! One `Renderer` reused across many option sets gives, for every board,
//! the bytes a fresh renderer gives: no cache returns something drawn for
//! other options (the halo sprites once did, keyed without the halo).

use std::path::Path;

use fen2img_render::options::CheckMark;
use fen2img_render::Rgba;
use fen2img_render::{
    Coordinates, DiagramOptions, Format, PieceSet, RenderOptions, Renderer, Theme,
};

use crate::common::{position, scratch_dir, RUY_LOPEZ, SCHOLARS_MATE, START};

/// A copy of the project's piece set with other colours, loaded from disk
/// (a user set: its sprites must never stand in for the built-in ones).
fn user_set(dir: &Path) -> PieceSet {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pieces");
    for color in ['w', 'b'] {
        for role in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let name = format!("{color}{role}.svg");
            let text = std::fs::read_to_string(source.join(&name)).unwrap();
            let recoloured = text
                .replace("#ffffff", "#ffe0a0")
                .replace("#1a1a1a", "#602010");
            assert_ne!(text, recoloured, "{name} has the colours this test changes");
            std::fs::write(dir.join(&name), recoloured).unwrap();
        }
    }
    PieceSet::load(dir).unwrap()
}

/// The print theme with another halo colour and width: two haloed themes
/// at one size.
fn print_variant() -> Theme {
    let mut theme = Theme::built_in("print").unwrap();
    theme.name = "print-variant".into();
    theme.halo = Some(Rgba::rgb(0xff, 0x40, 0x40));
    theme.halo_width *= 2.0;
    theme
}

#[test]
fn a_reused_renderer_matches_a_fresh_one_for_every_option_set() {
    let user = user_set(&scratch_dir("renderer_reuse_user_set"));
    let themes = [
        Theme::built_in("print").unwrap(),
        Theme::built_in("brown").unwrap(),
        print_variant(),
        Theme::built_in("blue").unwrap(),
    ];
    let sets = [PieceSet::built_in(), user];
    let positions = [START, RUY_LOPEZ, SCHOLARS_MATE].map(position);
    let mut reused = Renderer::new(RenderOptions::default());
    let mut cases = 0;
    for format in [Format::PNG, Format::SVG] {
        for round in 0..2 {
            // Themes change within a piece set, sets between: a set's
            // sprites meet every theme (two of them haloed) at one size.
            for (s, pieces) in sets.iter().enumerate() {
                for (t, theme) in themes.iter().enumerate() {
                    // Sizes, coordinates, orientation and check glows vary
                    // with the case, so neighbours differ in several ways.
                    let k = t + s + round;
                    let diagram = DiagramOptions {
                        size: [400, 333, 400, 256][k % 4],
                        flip: k % 2 == 1,
                        coordinates: [Coordinates::Outside, Coordinates::Inside, Coordinates::None]
                            [k % 3],
                        theme: theme.clone(),
                        pieces: Some(pieces.clone()),
                        markup: fen2img_render::Markup {
                            check: if k % 2 == 0 {
                                CheckMark::Auto
                            } else {
                                CheckMark::None
                            },
                            ..Default::default()
                        },
                        ..DiagramOptions::default()
                    };
                    let mut options = RenderOptions::new(format);
                    options.diagram = diagram;
                    reused.set_options(options.clone());
                    for (i, p) in positions.iter().enumerate() {
                        let got = reused.render(p).unwrap();
                        let want = Renderer::new(options.clone()).render(p).unwrap();
                        assert!(
                            got == want,
                            "{format} round {round}, theme {}, set {s}, position {i}: \
                             the reused renderer's output differs from a fresh one's",
                            theme.name
                        );
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 2 * 2 * 4 * 2 * 3);
}
