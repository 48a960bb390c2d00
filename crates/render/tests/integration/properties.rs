//! Properties of the parser and the writers, over generated input:
//! - every position survives `to_string()` → `parse` unchanged;
//! - `parse` never panics, whatever the bytes, and its errors point inside
//!   the input with a caret that can always be drawn;
//! - whatever parses can be laid out and written (SVG, text) without panic.

use proptest::prelude::*;
use proptest::test_runner::Config;

use fen2img_render::{
    parse, svg, Color, Coordinates, DiagramOptions, Field, Layout, ParseOptions, Piece, Position,
    Role, Square,
};
use fen2img_render::{render_text, TextFormat, TextOptions};
use fen2img_render::{CastlingSide, CheckCounters, Pockets};

const CASES: u32 = 256;

fn config() -> Config {
    Config {
        cases: CASES,
        // No files: a failure prints its minimal input, which goes into a test.
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------
// Generators

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

fn role() -> impl Strategy<Value = Role> {
    prop::sample::select(Role::ALL.to_vec())
}

/// A piece; knights, bishops, rooks and queens are sometimes promoted (`~`).
fn piece() -> impl Strategy<Value = Piece> {
    (color(), role(), any::<bool>()).prop_map(|(color, role, promoted)| Piece {
        color,
        role,
        promoted: promoted && !matches!(role, Role::Pawn | Role::King),
    })
}

/// About a third of the squares occupied.
fn board() -> impl Strategy<Value = Vec<Option<Piece>>> {
    prop::collection::vec(prop::option::weighted(0.35, piece()), 64)
}

fn castling_side() -> impl Strategy<Value = CastlingSide> {
    prop_oneof![
        Just(CastlingSide::King),
        Just(CastlingSide::Queen),
        (0u8..8).prop_map(CastlingSide::File),
    ]
}

fn pockets() -> impl Strategy<Value = Pockets> {
    prop::collection::vec(0u8..4, 10).prop_map(|counts| {
        let mut pockets = Pockets::default();
        let roles = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for (i, &n) in counts.iter().enumerate() {
            let color = if i < 5 { Color::White } else { Color::Black };
            for _ in 0..n {
                assert!(pockets.add(color, roles[i % 5]));
            }
        }
        pockets
    })
}

fn checks() -> impl Strategy<Value = Option<CheckCounters>> {
    prop_oneof![
        2 => Just(None),
        1 => (0u8..=3, 0u8..=3).prop_map(|(white, black)| Some(CheckCounters::Remaining { white, black })),
        1 => (0u8..=3, 0u8..=3).prop_map(|(white, black)| Some(CheckCounters::Given { white, black })),
    ]
}

fn clock() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..200, 0u32..=1_000_000]
}

prop_compose! {
    fn position()(
        squares in board(),
        turn in color(),
        rights in prop::collection::vec((color(), castling_side()), 0..6),
        en_passant in prop::option::of(0u8..64),
        halfmove_clock in clock(),
        fullmove_number in clock(),
        pockets in prop::option::weighted(0.25, pockets()),
        checks in checks(),
    ) -> Position {
        let mut p = Position { turn, halfmove_clock, fullmove_number, pockets, checks, ..Position::default() };
        for (i, piece) in squares.into_iter().enumerate() {
            p.board.set(Square::from_index(i as u8).unwrap(), piece);
        }
        for (color, side) in rights {
            p.castling.insert(color, side);
        }
        p.en_passant = en_passant.and_then(Square::from_index);
        p
    }
}

/// Strings over the characters FEN is made of, so that the parser gets far.
fn fen_like() -> impl Strategy<Value = String> {
    const ALPHABET: &str = "KQRBNPkqrbnp12345678/ -wb[]~+0123456789;\"";
    let chars: Vec<char> = ALPHABET.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..200).prop_map(String::from_iter)
}

/// A valid FEN with one byte replaced, inserted or removed.
fn mutated_fen() -> impl Strategy<Value = Vec<u8>> {
    (
        position(),
        any::<prop::sample::Index>(),
        any::<u8>(),
        0..3u8,
    )
        .prop_map(|(p, index, byte, how)| {
            let mut bytes = p.to_string().into_bytes();
            let i = index.index(bytes.len());
            match how {
                0 => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ => {
                    bytes.remove(i);
                }
            }
            bytes
        })
}

// ---------------------------------------------------------------------------
// Checks

/// Parses leniently and strictly; on error, checks the error's offset and
/// caret. Returns the lenient result, `None` if it is an error.
fn parse_checked(input: &[u8]) -> Result<Option<Position>, TestCaseError> {
    let mut lenient = None;
    for strict in [false, true] {
        match parse(input, ParseOptions::default().with_strict(strict)) {
            Ok(record) => {
                if !strict {
                    lenient = Some(record.position);
                }
            }
            Err(e) => {
                prop_assert!(
                    e.offset <= input.len(),
                    "offset {} past the end of {} bytes: {e}",
                    e.offset,
                    input.len()
                );
                prop_assert_eq!(e.column(), e.offset + 1);
                let caret = e.caret(input);
                let lines: Vec<&str> = caret.lines().collect();
                prop_assert_eq!(lines.len(), 2, "{}", caret);
                prop_assert!(lines[1].trim_start() == "^", "{}", caret);
                // Short inputs are shown whole: the caret stands under the byte.
                if input.len() <= 72 && !input.iter().any(|&b| b >= 0x80) {
                    prop_assert_eq!(lines[1].len() - 1, 2 + e.offset, "{}", caret);
                    prop_assert_eq!(lines[0].len(), 2 + input.len(), "{}", caret);
                }
                // The message names a field and a column.
                let text = e.to_string();
                prop_assert!(
                    text.starts_with(e.field.name()) && text.contains(" at column "),
                    "{}",
                    text
                );
            }
        }
    }
    Ok(lenient)
}

/// Everything downstream of the parser runs without panicking.
fn render_everything(p: &Position) -> Result<(), TestCaseError> {
    let _ = p.warnings();
    let _ = p.checked_king();
    let description = fen2img_render::describe(p);
    prop_assert!(!description.is_empty());
    for (flip, coordinates) in [
        (false, Coordinates::Outside),
        (true, Coordinates::Inside),
        (false, Coordinates::None),
    ] {
        let options = DiagramOptions {
            size: 64,
            flip,
            coordinates,
            ..DiagramOptions::default()
        };
        let layout = Layout::new(p, &options).unwrap();
        let svg = svg::write(&layout);
        prop_assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        let options = TextOptions {
            flip,
            coordinates: coordinates != Coordinates::None,
            ..TextOptions::default()
        };
        for format in [
            TextFormat::Ascii,
            TextFormat::Unicode,
            TextFormat::Ansi,
            TextFormat::Font,
        ] {
            let text = render_text(p, format, &options);
            prop_assert!(text.ends_with('\n'));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn positions_round_trip_through_canonical_fen(p in position()) {
        let fen = p.to_string();
        let record = parse(fen.as_bytes(), ParseOptions::default())
            .map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        prop_assert_eq!(&record.position, &p, "{}", fen);
        prop_assert_eq!(record.position.to_string(), fen);
        prop_assert!(record.operations.is_empty());
    }

    #[test]
    fn plain_positions_round_trip_strictly(p in position()) {
        // Without variant fields, Shredder files or promoted markers the
        // canonical FEN is the strict six-field form.
        let mut p = p;
        p.pockets = None;
        p.checks = None;
        p.fullmove_number = p.fullmove_number.max(1);
        let squares: Vec<Square> = Square::all().collect();
        for sq in squares {
            if let Some(mut piece) = p.board.get(sq) {
                piece.promoted = false;
                p.board.set(sq, Some(piece));
            }
        }
        let rights: Vec<_> = p.castling.rights().to_vec();
        p.castling = Default::default();
        for (color, side) in rights {
            if !matches!(side, CastlingSide::File(_)) {
                p.castling.insert(color, side);
            }
        }
        let fen = p.to_string();
        let record = parse(fen.as_bytes(), ParseOptions::STRICT)
            .map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        prop_assert_eq!(record.position, p);
    }

    #[test]
    fn parse_never_panics_on_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        parse_checked(&input)?;
    }

    #[test]
    fn parse_never_panics_on_fen_like_text(input in fen_like()) {
        if let Some(p) = parse_checked(input.as_bytes())? {
            // Whatever parses has a canonical form that parses to itself.
            let again = parse(p.to_string().as_bytes(), ParseOptions::default())
                .map(|r| r.position);
            prop_assert_eq!(again, Ok(p));
        }
    }

    #[test]
    fn parse_never_panics_on_mutated_fen(input in mutated_fen()) {
        if let Some(p) = parse_checked(&input)? {
            let again = parse(p.to_string().as_bytes(), ParseOptions::default())
                .map(|r| r.position);
            prop_assert_eq!(again, Ok(p));
        }
    }

    #[test]
    fn whatever_parses_renders(input in prop_oneof![
        position().prop_map(|p| p.to_string().into_bytes()),
        mutated_fen(),
        fen_like().prop_map(String::into_bytes),
    ]) {
        if let Some(p) = parse_checked(&input)? {
            render_everything(&p)?;
        }
    }
}

/// Strings of square names, colours, brushes, non-ASCII letters and noise.
fn markup_text() -> impl Strategy<Value = String> {
    let pieces = vec![
        "a", "e", "h", "i", "1", "4", "8", "9", "G", "R", "Y", "B", "#", "f", "0", ":", "é", "ß",
        "€", "♔", " ", ",",
    ];
    prop::collection::vec(prop::sample::select(pieces), 0..8).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn square_and_colour_parsers_never_panic(text in markup_text()) {
        if let Some(sq) = Square::parse(&text) {
            prop_assert_eq!(sq.to_string(), text.clone());
        }
        if let Some(c) = fen2img_render::Rgba::parse(&text) {
            prop_assert!(text.trim_start_matches('#').len() >= 3);
            let _ = c.hex6();
        }
        let theme = format!("light = {text}\ndark={text} # c\n{text}");
        let _ = fen2img_render::Theme::parse(&theme, "prop.theme");
    }

    #[test]
    fn arrow_parser_never_panics(text in markup_text()) {
        if let Some(a) = fen2img_render::options::ArrowSpec::parse(&text) {
            prop_assert!(text.is_ascii());
            let _ = (a.from, a.to);
        }
    }
}

#[test]
fn arrow_parser_refuses_non_ascii() {
    for text in ["aé4", "Gaé4", "Ré4", "é4e5", "e4é"] {
        assert_eq!(
            fen2img_render::options::ArrowSpec::parse(text),
            None,
            "{text}"
        );
    }
}

/// Inputs that once found problems, and edge cases worth keeping explicit,
/// each with what lenient and strict parsing must do: accept (`None`) or
/// refuse with an error in this field.
#[test]
fn known_edge_cases() {
    use Field::*;
    let cases: [(&[u8], Option<Field>, Option<Field>); 26] = [
        (b"", Some(Input), Some(Input)),
        (b" ", Some(Input), Some(Input)),
        (b"\xff", Some(Input), Some(Input)),
        (b"8/8/8/8/8/8/8/8~", Some(Placement), Some(Placement)),
        (b"~/8/8/8/8/8/8/8", Some(Placement), Some(Placement)),
        (b"N~~7/8/8/8/8/8/8/8", Some(Placement), Some(Placement)),
        (b"8/8/8/8/8/8/8/8[", Some(Pocket), Some(Pocket)),
        (b"8/8/8/8/8/8/8/8[]]", Some(Pocket), Some(Pocket)),
        // A ninth, empty segment is an empty crazyhouse pocket.
        (b"8/8/8/8/8/8/8/8/", None, Some(Placement)),
        (b"8/8/8/8/8/8/8/8/K", Some(Pocket), Some(Placement)),
        (b"8/8/8/8/8/8/8/8 w - - +1+1", Some(HalfmoveClock), Some(HalfmoveClock)),
        (b"8/8/8/8/8/8/8/8 w - - 3+3", None, Some(CheckCounters)),
        (b"8/8/8/8/8/8/8/8 w - - 3+3 0 1 +0+0", Some(Input), Some(CheckCounters)),
        (b"8/8/8/8/8/8/8/8 w - - 0 1 +0+0 +0+0", Some(Input), Some(CheckCounters)),
        (b"8/8/8/8/8/8/8/8 w - - ;", Some(HalfmoveClock), Some(HalfmoveClock)),
        (b"8/8/8/8/8/8/8/8 w - - a;", None, Some(EpdOperation)),
        (b"8/8/8/8/8/8/8/8 w - - hmvc 99999999999;", Some(EpdOperation), Some(EpdOperation)),
        // No ';': not EPD, so `c0` stands where the halfmove clock goes.
        (b"8/8/8/8/8/8/8/8 w - - c0 \"", Some(HalfmoveClock), Some(HalfmoveClock)),
        // Three rights for White: refused at 'H' (strict refuses 'H' itself).
        (b"8/8/8/8/8/8/8/8 w KQkqHAha - 0 1", Some(Castling), Some(Castling)),
        (b"8/8/8/8/8/8/8/8 w - - 4294967296 1", Some(HalfmoveClock), Some(HalfmoveClock)),
        (b"QQQQQQQQ9/8/8/8/8/8/8/8", Some(Placement), Some(Placement)),
        (b"\t8/8/8/8/8/8/8/8\tw\t-\t-\t0\t1\t", None, Some(Input)),
        // ERET 001: '-' for the clocks before the EPD operations.
        (
            b"r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - - bm Rxf4; id \"ERET 001 - Entlastung\";",
            None,
            Some(HalfmoveClock),
        ),
        (b"4k3/8/8/8/8/8/8/RR2K2R w KBQk - 0 1", Some(Castling), Some(Castling)),
        (b"\xef\xbb\xbf4k3/8/8/8/8/8/8/4K3 w - - 0 1", None, None),
        (b"4k3/8/8/8/8/8/8/4K3 w\xc2\xa0- - 0 1", Some(Input), Some(Input)),
    ];
    for (input, lenient, strict) in cases {
        let shown = String::from_utf8_lossy(input);
        for (options, expected) in [
            (ParseOptions::default(), lenient),
            (ParseOptions::STRICT, strict),
        ] {
            match parse(input, options) {
                Ok(record) => {
                    assert_eq!(expected, None, "{shown:?} {options:?}: accepted");
                    let p = record.position;
                    let again = parse(p.to_string().as_bytes(), ParseOptions::default()).unwrap();
                    assert_eq!(again.position, p, "{shown:?}");
                }
                Err(e) => {
                    assert_eq!(expected, Some(e.field), "{shown:?} {options:?}: {e}");
                    assert!(e.offset <= input.len(), "{e}");
                    let _ = e.caret(input);
                }
            }
        }
    }
    // The longest accepted input, and one byte more.
    let long = vec![b' '; fen2img_render::chess::MAX_INPUT_LEN + 1];
    let e = parse(&long, ParseOptions::default()).unwrap_err();
    assert_eq!(
        (e.field, e.kind, e.offset),
        (
            Input,
            fen2img_render::FenErrorKind::TooLong,
            fen2img_render::chess::MAX_INPUT_LEN
        )
    );
    let _ = e.caret(&long);
    let longest = vec![b' '; fen2img_render::chess::MAX_INPUT_LEN];
    let e = parse(&longest, ParseOptions::default()).unwrap_err();
    assert_eq!(
        e.kind,
        fen2img_render::FenErrorKind::Empty,
        "blank, not too long"
    );
}
