//! The rows of the game options' table, in the order they are applied
//! (the game, then what chooses positions, then the animation before its
//! timing).

use fen2img_render::vocabulary::{Alias, Form, Names, Repeats, Row};

use super::values as v;
use super::GameChoice;

const fn value(name: &'static str) -> Alias {
    Alias {
        name,
        form: Form::Value,
    }
}

const fn switch(name: &'static str) -> Alias {
    Alias {
        name,
        form: Form::Switch {
            on: "true",
            off: Some("false"),
        },
    }
}

/// The server draws one position a request (`/diagram` with `pgn=`); its
/// animations are lila-gif's API.
const ONE_POSITION_A_REQUEST: &str =
    "a request draws one position of a game (pgn= with game, ply or move); POST /game.gif and \
     /game.apng animate, with lila-gif's parameters";

/// A pgn block reads lists of positions, one diagram each.
const BLOCK_LISTS: &str =
    "a pgn block takes ply=, plies= and move= as lists of positions, one diagram each";

/// The server's game diagrams carry no caption from the game.
const NO_GAME_CAPTION: &str =
    "a request's caption is the caption parameter's text; the game gives none";

/// Every game option.
pub(super) const ROWS: [Row<GameChoice>; 12] = [
    Row {
        name: "game",
        value: "N",
        help: "Which game of the PGN, from 1 (default the first).",
        cli: Names::Here(&[value("game")]),
        server: Names::Here(&[value("game")]),
        fence: Names::Here(&[value("game")]),
        python: Names::Here(&[value("game")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["3"],
        parse: v::game,
        show: v::show_game,
    },
    Row {
        name: "ply",
        value: "N",
        help: "The position after N half-moves of the game (0: its start).",
        cli: Names::Here(&[value("ply")]),
        server: Names::Here(&[value("ply")]),
        fence: Names::NotHere(BLOCK_LISTS),
        python: Names::Here(&[value("ply")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["12", "0"],
        parse: v::ply,
        show: v::show_ply,
    },
    Row {
        name: "move",
        value: "MOVE",
        help: "The position after a move: 17w, 17b, or checked against the game, 17.Rd8.",
        cli: Names::Here(&[value("move")]),
        server: Names::Here(&[value("move")]),
        fence: Names::NotHere(BLOCK_LISTS),
        python: Names::Here(&[value("move")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["17.Rd8", "23b"],
        parse: v::move_,
        show: v::show_move,
    },
    Row {
        name: "markers",
        value: "BOOL",
        help: "One diagram at each diagram marker of the game ({[#]}, [%diagram], ...).",
        cli: Names::Here(&[switch("markers")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[switch("markers")]),
        python: Names::Here(&[value("markers")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["true"],
        parse: v::markers,
        show: v::show_markers,
    },
    Row {
        name: "animate",
        value: "BOOL",
        help: "An animated game, one frame per half-move (GIF, or APNG).",
        cli: Names::Here(&[switch("animate")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[switch("animate")]),
        python: Names::NotHere("fen2img.animate() is a function of its own"),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["true"],
        parse: v::animate,
        show: v::show_animate,
    },
    Row {
        name: "from",
        value: "PLY|MOVE",
        help: "Every position from this one on (default the start): a ply or a move.",
        cli: Names::Here(&[value("from")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[value("from")]),
        python: Names::Here(&[value("start")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["12w", "4"],
        parse: v::from,
        show: v::show_from,
    },
    Row {
        name: "to",
        value: "PLY|MOVE",
        help: "Every position up to this one (default the final one): a ply or a move.",
        cli: Names::Here(&[value("to")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[value("to")]),
        python: Names::Here(&[value("end")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["20...Nf6"],
        parse: v::to,
        show: v::show_to,
    },
    Row {
        name: "caption_source",
        value: "BOOL",
        help:
            "The game's source from its tags in the caption (Morphy – Allies, Paris 1858: 17.Rd8#).",
        cli: Names::Here(&[switch("caption-source")]),
        server: Names::NotHere(NO_GAME_CAPTION),
        fence: Names::Here(&[switch("caption-source")]),
        python: Names::Here(&[value("caption_source")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["true"],
        parse: v::caption_source,
        show: v::show_caption_source,
    },
    Row {
        name: "figurine",
        value: "BOOL",
        help: "Captions in figurine SAN (♘f3).",
        cli: Names::Here(&[switch("figurine")]),
        server: Names::NotHere(NO_GAME_CAPTION),
        fence: Names::Here(&[switch("figurine")]),
        python: Names::Here(&[value("figurine")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["true"],
        parse: v::figurine,
        show: v::show_figurine,
    },
    Row {
        name: "delay",
        value: "TIME",
        help:
            "How long each frame of an animation shows: 800ms, 1.5s, or milliseconds (default 1s).",
        cli: Names::Here(&[value("delay")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[value("delay")]),
        python: Names::Here(&[value("delay")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["800ms"],
        parse: v::delay,
        show: v::show_delay,
    },
    Row {
        name: "last_delay",
        value: "TIME",
        help: "How long the last frame of an animation shows (default 3s).",
        cli: Names::Here(&[value("last-delay")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[value("last-delay")]),
        python: Names::Here(&[value("last_delay")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["5s"],
        parse: v::last_delay,
        show: v::show_last_delay,
    },
    Row {
        name: "clock_delays",
        value: "SCALE",
        help:
            "Frames show for the game's own thinking times times SCALE (0.05: a minute shows 3 s).",
        cli: Names::Here(&[value("clock-delays")]),
        server: Names::NotHere(ONE_POSITION_A_REQUEST),
        fence: Names::Here(&[value("clock-delays")]),
        python: Names::Here(&[value("clock_scale")]),
        repeats: Repeats::Once,
        verbatim: false,
        examples: &["0.05"],
        parse: v::clock_delays,
        show: v::show_clock_delays,
    },
];
