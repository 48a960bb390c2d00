//! Helpers for the unit tests of every stage: one copy, where each module's
//! tests used to carry their own.

use fen2img_chess::{parse, ParseOptions, Position, Square};

use crate::assets::color::Rgba;
use crate::assets::theme::Theme;
use crate::layout::Layout;
use crate::options::{Around, Caption, CheckMark, Coordinates, DiagramOptions, Markup, Player};

/// A seeded pseudo-random stream (xorshift32): the same numbers on every
/// machine, for tests that want many varied inputs.
pub(crate) struct Xorshift(pub u32);

impl Xorshift {
    /// The next number of the stream (never 0 when the seed is not 0).
    pub(crate) fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// The next number taken modulo `m` (at least 1).
    pub(crate) fn below(&mut self, m: u32) -> u32 {
        self.next() % m
    }
}

/// Parses a FEN that the test knows to be valid.
pub(crate) fn position(fen: &str) -> Position {
    parse(fen.as_bytes(), ParseOptions::default())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position
}

/// The layout of a FEN that the test knows to be valid.
pub(crate) fn layout(fen: &str, options: &DiagramOptions) -> Layout {
    Layout::new(&position(fen), options).unwrap()
}

/// A square the test knows to be valid.
pub(crate) fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// A game's diagram as `batch games.pgn` draws one: a last move, check, a
/// fill and both player bars with titles, ratings and clocks, and a
/// caption; `n` varies the moved squares, the fill, names and clocks.
pub(crate) fn game_board(
    theme: &str,
    coordinates: Coordinates,
    transparent: bool,
    n: u32,
) -> Layout {
    const FEN: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    let player = |name: &str| Player {
        name: format!("{name} {n}"),
        title: Some("GM".into()),
        elo: Some(2700 + n),
        clock: Some(6000 + 100 * n),
    };
    let moves = [("h5", "f7"), ("d1", "f7"), ("e2", "e4")];
    let (from, to) = moves[n as usize % 3];
    let options = DiagramOptions {
        theme: Theme::built_in(theme).unwrap(),
        coordinates,
        transparent,
        markup: Markup {
            lastmove: Some((sq(from), sq(to))),
            check: CheckMark::Auto,
            fills: vec![(
                sq(["a3", "h6", "d4"][n as usize % 3]),
                Rgba::rgb(200, 40, 40),
            )],
            ..Markup::default()
        },
        around: Around {
            caption: Some(Caption::Text(format!("{n}. Qxf7#"))),
            white: Some(player("Morphy")),
            black: Some(player("Allies")),
            ..Around::default()
        },
        ..DiagramOptions::default()
    };
    layout(FEN, &options)
}
