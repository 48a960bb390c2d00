//! The built-in set at thumbnail size: the king must never read as a rook.
//! At 13 to 25 px squares (boards of 104 to 200 px, hinted; 13 px is a
//! 120 px board with coordinates outside), his cross is
//! drawn in whole rows, top to bottom: stem, a bar at least two pixels
//! wider on each side, stem again, and only then the crown; so the cross
//! stands clear of the crown in pixels, not merely in the outline. The
//! black king's light base line is a whole row of white pixels, not a
//! grey smear across two.

use fen2img_render::{
    Coordinates, DiagramOptions, Format, PieceSet, RenderOptions, Renderer, Theme,
};

use crate::common::{decode_png, position, Image};

/// `fen` on a bare brown board of `square` px squares.
fn board(fen: &str, square: u32) -> Image {
    let mut options = RenderOptions::new(Format::PNG);
    options.diagram = DiagramOptions {
        size: 8 * square,
        coordinates: Coordinates::None,
        side_to_move: false,
        border: false,
        theme: Theme::built_in("brown").unwrap(),
        // The built-in set's king (brown draws cburnett by default).
        pieces: Some(PieceSet::built_in()),
        ..DiagramOptions::default()
    };
    decode_png(&Renderer::new(options).render(&position(fen)).unwrap())
}

/// The ink of each row of the b1 square (light in every theme), as
/// (first, last) columns of the pixels much darker than the square, top
/// row first; `None` for a row without ink.
fn rows_of_b1(fen: &str, square: u32) -> Vec<Option<(u32, u32)>> {
    let image = board(fen, square);
    let (x0, y0) = (square, 7 * square);
    let grey = |x: u32, y: u32| image.rgba[((y * image.width + x) * 4) as usize];
    let ground = grey(x0, y0);
    (y0..y0 + square)
        .map(|y| {
            let ink: Vec<u32> = (x0..x0 + square)
                .filter(|&x| grey(x, y) < ground / 2)
                .map(|x| x - x0)
                .collect();
            Some((*ink.first()?, *ink.last()?))
        })
        .collect()
}

/// Whether the rows from the top show stem, bar, stem, then a crown.
fn a_cross_over_the_crown(rows: &[Option<(u32, u32)>]) -> Result<(), String> {
    let widths: Vec<u32> = rows.iter().flatten().map(|&(a, b)| b - a + 1).collect();
    let stem = *widths.first().ok_or("no ink")?;
    let mut i = 0;
    let run = |i: &mut usize, f: &dyn Fn(u32) -> bool| {
        let start = *i;
        while *i < widths.len() && f(widths[*i]) {
            *i += 1;
        }
        *i - start
    };
    let narrow = |w: u32| w <= stem;
    let wide = |w: u32| w >= stem + 4;
    let parts = [
        ("stem above the bar", run(&mut i, &narrow)),
        ("bar", run(&mut i, &wide)),
        ("stem under the bar", run(&mut i, &narrow)),
        ("crown", run(&mut i, &wide)),
    ];
    match parts.iter().find(|(_, n)| *n == 0) {
        Some((name, _)) => Err(format!("no {name} in row widths {widths:?}")),
        None => Ok(()),
    }
}

#[test]
fn the_kings_cross_stands_clear_of_his_crown_at_every_thumbnail_size() {
    let mut wrong = Vec::new();
    for square in 13..=25 {
        for (colour, fen) in [
            ("white", "8/8/8/8/8/8/8/1K6 w - - 0 1"),
            ("black", "8/8/8/8/8/8/8/1k6 w - - 0 1"),
        ] {
            if let Err(e) = a_cross_over_the_crown(&rows_of_b1(fen, square)) {
                wrong.push(format!("{colour} king, {square} px squares: {e}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_rook_has_no_cross() {
    // The check above fails on the rook's flat battlements: it can fail.
    let rows = rows_of_b1("8/8/8/8/8/8/8/1R6 w - - 0 1", 17);
    assert!(a_cross_over_the_crown(&rows).is_err());
}

/// The longest run of near-white pixels (grey 240 and more: the light
/// square is 222) in any row of the bottom third of b1.
fn whitest_run_low_in_b1(fen: &str, square: u32) -> u32 {
    let image = board(fen, square);
    let (x0, y0) = (square, 7 * square);
    let grey = |x: u32, y: u32| {
        let i = ((y * image.width + x) * 4) as usize;
        let [r, g, b] = [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]].map(u32::from);
        (299 * r + 587 * g + 114 * b) / 1000
    };
    (y0 + 2 * square / 3..y0 + square)
        .map(|y| {
            let mut best = 0;
            let mut run = 0;
            for x in x0..x0 + square {
                run = if grey(x, y) >= 240 { run + 1 } else { 0 };
                best = best.max(run);
            }
            best
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn the_black_kings_base_line_is_crisp_at_every_thumbnail_size() {
    let mut grey = Vec::new();
    for square in 14..=25 {
        // The line is about 30 of the 45 units wide: at least half the
        // square in solid white pixels.
        let run = whitest_run_low_in_b1("8/8/8/8/8/8/8/1k6 w - - 0 1", square);
        if run < square / 2 {
            grey.push(format!("{square} px squares: {run} white pixels in a row"));
        }
    }
    assert!(grey.is_empty(), "{grey:#?}");
}
