//! Games: move generation proved by perft, games replayed position by
//! position against python-chess's (fixture) results, the PGN reader's
//! lenient and strict forms, its errors, hostile input, and selection.

use std::collections::BTreeMap;
use std::path::Path;

use fen2img_chess::game::limits::{MAX_ARROWS, MAX_WARNINGS};
use fen2img_chess::game::pgn::{read_game, read_games, PgnErrorKind, PgnOptions};
use fen2img_chess::game::{play_moves, LegalPosition, Selector, Variant};
use fen2img_chess::{parse, Color, ParseOptions, Position};

/// Canonical FEN (the `Display` of a position).
fn write(position: &Position) -> String {
    position.to_string()
}

fn legal(fen: &str) -> LegalPosition {
    let position = parse(fen.as_bytes(), ParseOptions::default())
        .unwrap()
        .position;
    LegalPosition::new(&position, Variant::for_position(&position)).unwrap()
}

fn perft(fen: &str, counts: &[u64]) {
    let p = legal(fen);
    for (depth, &expected) in counts.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(p.perft(depth), expected, "{fen} at depth {depth}");
    }
}

// Figures from the chessprogramming wiki's "Perft Results" page. Depths are
// chosen so the suite stays quick on a 2-core CI (tests build at
// opt-level 1; the move generator, a dependency, at 2).

#[test]
fn perft_start_position() {
    perft(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    );
}

#[test]
fn perft_kiwipete() {
    perft(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603],
    );
}

#[test]
fn perft_position_3() {
    perft(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624],
    );
}

#[test]
fn perft_position_4_and_its_mirror() {
    perft(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333],
    );
    perft(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9_467, 422_333],
    );
}

#[test]
fn perft_position_5() {
    perft(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487],
    );
}

#[test]
fn perft_position_6() {
    perft(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    );
}

#[test]
fn perft_chess960() {
    // The first positions of the wiki's "Chess960 Perft Results" page.
    let table: [(&str, [u64; 4]); 5] = [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            [21, 528, 12_189, 326_672],
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            [21, 807, 18_002, 667_366],
        ),
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            [20, 479, 10_471, 273_318],
        ),
        (
            "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
            [22, 593, 13_440, 382_958],
        ),
        (
            "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
            [28, 1_120, 31_058, 1_171_749],
        ),
    ];
    for (fen, counts) in table {
        assert_eq!(legal(fen).variant(), Variant::Chess960, "{fen}");
        perft(fen, &counts);
    }
}

/// One line of tests/data/games/expected.tsv: python-chess's SAN and FEN.
struct Expected {
    san: String,
    fen: String,
}

fn expected_table(text: &str) -> BTreeMap<(String, usize), Vec<Expected>> {
    let mut table: BTreeMap<(String, usize), Vec<Expected>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 5, "{line}");
        let plies = table
            .entry((f[0].to_string(), f[1].parse().unwrap()))
            .or_default();
        assert_eq!(plies.len(), f[2].parse::<usize>().unwrap(), "{line}");
        plies.push(Expected {
            san: f[3].to_string(),
            fen: f[4].to_string(),
        });
    }
    table
}

fn data(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/games")
            .join(name),
    )
    .unwrap()
}

#[test]
fn games_replay_as_python_chess_replays_them() {
    let table = expected_table(&String::from_utf8(data("expected.tsv")).unwrap());
    let mut seen = (0, 0);
    let mut en_passant = 0;
    let mut sans = String::new();
    for ((file, number), expected) in &table {
        let input = data(file);
        let game = read_game(&input, *number, PgnOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let positions = game.positions();
        assert_eq!(positions.len(), expected.len(), "{file} game {number}");
        for (got, want) in positions.iter().zip(expected) {
            let context = format!("{file} game {number} ply {}", got.ply);
            assert_eq!(write(&got.position), want.fen, "{context}");
            if got.ply > 0 {
                assert_eq!(
                    got.last_san.as_deref(),
                    Some(want.san.as_str()),
                    "{context}"
                );
                en_passant += got.last_move.unwrap().en_passant as usize;
                sans.push_str(&want.san);
                sans.push(' ');
            }
        }
        // The reader's own final position is the replayed one, and the
        // final selector gives it whether the reader kept it or not.
        assert_eq!(game.end.as_ref(), positions.last(), "{file} game {number}");
        let mut by_hand = game.clone();
        by_hand.end = None;
        assert_eq!(
            by_hand.select(&Selector::Final).ok().as_ref(),
            positions.last(),
            "{file} game {number}"
        );
        seen.0 += 1;
        seen.1 += positions.len();
    }
    assert!(seen.0 >= 90 && seen.1 >= 5_000, "{seen:?}");
    // The corpus covers every special move.
    assert!(en_passant > 0);
    for special in ["O-O ", "O-O-O", "=Q", "=R", "=B", "=N", "+ ", "# "] {
        assert!(sans.contains(special), "no {special} in the corpus");
    }
}

#[test]
#[ignore = "needs python-chess: FEN2IMG_PYTHON=venv/bin/python cargo test -- --ignored"]
fn the_fixture_is_python_chess_s_own_output() {
    // Regenerates tests/data/games/expected.tsv with python-chess, the
    // independent implementation, and compares (python-chess in
    // FEN2IMG_PYTHON, default `python3`; CI gives it its venv's).
    let python = std::env::var("FEN2IMG_PYTHON").unwrap_or_else(|_| "python3".into());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(python)
        .arg(root.join("../../tools/games_fixtures.py"))
        .args(["expected", "-"])
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout == data("expected.tsv"),
        "tests/data/games/expected.tsv differs from python-chess's output: run tools/games_fixtures.py expected"
    );
}

const OPERA: &str = "[White \"Morphy\"]\n[Black \"Allies\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

#[test]
fn errors_name_game_players_place_move_and_reason() {
    let mut input = String::new();
    input.push_str("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n\n");
    input.push_str("1. d4 d5 0-1\n\n");
    input.push_str(&OPERA.replace("17. Rd8#", "17. Rd8# 18. Rd8"));
    let games: Vec<_> = read_games(input.as_bytes(), PgnOptions::default()).collect();
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[1].is_ok());
    let e = games[2].as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "game 3 (Morphy – Allies), move 17 Black: Rd8 is not legal here: no rook can reach d8"
    );
    assert_eq!(e.line, 11);
    // The illegal move is Black's 17th: Rd8 played again by the wrong side.
    let bad = OPERA.replace("16. Qb8+", "16. Rd8");
    let e = read_game(bad.as_bytes(), 1, PgnOptions::default()).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::IllegalMove);
    assert_eq!(
        e.to_string(),
        "game 1 (Morphy – Allies), move 16 White: Rd8 is not legal here: no rook can reach d8"
    );
    let column = bad.lines().nth(3).unwrap().find("16. Rd8").unwrap() + 5;
    assert_eq!((e.line, e.column), (4, column));
    let caret = e.caret(bad.as_bytes());
    let lines: Vec<&str> = caret.lines().collect();
    assert_eq!(
        lines[1].find('^').map(|c| c + 4),
        lines[0].find("16. Rd8").map(|c| c + 8),
        "{caret}"
    );
}

#[test]
fn the_next_games_still_read_after_an_error() {
    let input = "[Event \"1\"]\n\n1. e4 e5 2. Ke2 Kd5 1-0\n\n[Event \"2\"]\n[White \"X\"]\n\n1. d4 d5 *\n\n[Event \"3\"\n\n1. c4 *\n\n[Event \"4\"]\n\n1. Nf3 *\n";
    let games: Vec<_> = read_games(input.as_bytes(), PgnOptions::default()).collect();
    assert_eq!(games.len(), 4, "{games:?}");
    assert!(games[0]
        .as_ref()
        .unwrap_err()
        .message
        .contains("Kd5 is not legal here"));
    assert_eq!(games[1].as_ref().unwrap().plies.len(), 2);
    let e = games[2].as_ref().unwrap_err();
    assert_eq!((e.game, e.line), (3, 10));
    assert!(e.message.contains("not closed"), "{e}");
    assert_eq!(games[3].as_ref().unwrap().tag("Event"), Some("4"));
    assert_eq!(
        read_game(input.as_bytes(), 4, PgnOptions::default())
            .unwrap()
            .plies[0]
            .san,
        "Nf3"
    );
    let e = read_game(input.as_bytes(), 9, PgnOptions::default()).unwrap_err();
    assert_eq!(e.message, "there is no game 9: the input holds 4 games");
}

#[test]
fn lenient_import_matches_the_export_form() {
    let export = "1. e4 d5 2. exd5 Nf6 3. d4 Nxd5 4. c4 Nb6 5. Nf3 Bg4 6. Be2 e6 7. O-O Nc6 8. d5 exd5 9. cxd5 Bxf3 10. Bxf3 Ne5 11. Re1 Qe7 12. Rxe5 Qxe5 13. Nc3 O-O-O 14. Bf4 Qf6 15. Qe2 Bd6 16. Bxd6 Rxd6 17. Qe8+ Rd8 18. Qxd8+ Kxd8 *";
    let import =
        "1.e4 d5 2.exd5 Nf6 d4 Nxd5 4 c4 Nb6 Ng1-f3 Bg4 Be2 e6 0-0 Nc6 d5 e6xd5 c4:d5 B:f3 B×f3"
            .replace('×', "x")
            + " Ne5 Re1 Qe7 Rxe5+ Qxe5 Nc3 0-0-0 Bf4 Qf6 Qe2 Bd6 Bxd6 Rxd6 Qe8 Rd8 Qxd8 Kxd8 *";
    let a = read_game(export.as_bytes(), 1, PgnOptions::default()).unwrap();
    let b = read_game(import.as_bytes(), 1, PgnOptions::default()).unwrap();
    assert_eq!(a.positions(), b.positions());
    assert!(read_game(export.as_bytes(), 1, PgnOptions::STRICT).is_ok());
    let e = read_game(import.as_bytes(), 1, PgnOptions::STRICT).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::Strict);
}

#[test]
fn annotations_land_on_their_positions() {
    let input = "{[%csl Ge4] Start [#]} 1. e4! {[%clk 0:59:58] [%cal Ge7e5]} e5 $2 $14 ( 1... c5 {Sicilian} ( 1... e6 ) 2. Nf3 ) 2. Nf3?! {[D]} ; to the line end\n% an escape line\n2... Nc6 *";
    let game = read_game(input.as_bytes(), 1, PgnOptions::STRICT).unwrap();
    assert_eq!(game.plies.len(), 4);
    assert_eq!(game.start_notes.comments, ["Start"]);
    assert_eq!(game.markers(), [0, 3]);
    let e4 = &game.plies[0].notes;
    assert_eq!((e4.nags.as_slice(), e4.glyph()), (&[1][..], Some("!")));
    assert_eq!(e4.clock_ms, Some(3_598_000));
    assert_eq!(e4.arrows[0].to.to_string(), "e5");
    assert_eq!(game.plies[1].notes.nags, [2, 14]);
    assert_eq!(game.plies[2].notes.glyph(), Some("?!"));
    assert_eq!(game.plies[2].notes.comments, ["to the line end"]);
    assert_eq!(game.plies[2].numbered_san(), "2.Nf3");
}

#[test]
fn variations_are_checked_but_not_kept() {
    let bad = "1. e4 e5 (1... Nf6 2. Qh4) 2. Nf3 *";
    let game = read_game(bad.as_bytes(), 1, PgnOptions::default()).unwrap();
    assert_eq!(game.plies.len(), 3);
    assert_eq!(game.warnings.len(), 1);
    assert!(
        game.warnings[0].message.contains("Qh4 is not legal here"),
        "{:?}",
        game.warnings
    );
    let e = read_game(bad.as_bytes(), 1, PgnOptions::STRICT).unwrap_err();
    assert!(
        e.to_string()
            .contains("move 2 White: Qh4 is not legal here"),
        "{e}"
    );
}

#[test]
fn hostile_input_is_refused_or_read_in_bounded_time() {
    // 100,000 nested variations: refused at the depth limit.
    let deep = format!("1. e4 e5 {} *", "( 1... c5 ".repeat(100_000));
    let e = read_game(deep.as_bytes(), 1, PgnOptions::default()).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::Limit);
    // An unclosed variation: the main line is kept (a warning), strict refuses.
    let open = "1. e4 e5 ( 1... c5 2. Nf3";
    let game = read_game(open.as_bytes(), 1, PgnOptions::default()).unwrap();
    assert_eq!(game.plies.len(), 2);
    assert!(read_game(open.as_bytes(), 1, PgnOptions::STRICT).is_err());
    // An unterminated comment ends the file.
    let comment = "1. e4 { never closed 1-0\n\n[Event \"2\"]\n1. d4 *";
    let games: Vec<_> = read_games(comment.as_bytes(), PgnOptions::default()).collect();
    assert_eq!(games.len(), 1);
    assert!(games[0]
        .as_ref()
        .unwrap_err()
        .message
        .contains("never closed"));
    // A megabyte tag value.
    let tag = format!(
        "[Annotator \"{}\"]\n1. e4 *\n[Event \"next\"]\n1. d4 *",
        "x".repeat(1 << 20)
    );
    let games: Vec<_> = read_games(tag.as_bytes(), PgnOptions::default()).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap_err().kind, PgnErrorKind::Limit);
    assert!(games[1].is_ok());
    // A Latin-1 FEN whose error lies past the end of the bytes (fuzz).
    let latin1 = [
        &b"[FEN \"8/8/B"[..],
        &[0xff; 120],
        b"/8/8/9/8//8/K6(k w - - 0 1\"]\n1. Kb3 *",
    ]
    .concat();
    let e = read_game(&latin1, 1, PgnOptions::default()).unwrap_err();
    assert!(e.offset <= latin1.len(), "{e}");
    // NUL bytes and other control characters.
    let nul = "1. e4\0 e5 *";
    let e = read_game(nul.as_bytes(), 1, PgnOptions::default()).unwrap_err();
    assert_eq!((e.line, e.column), (1, 6));
    assert!(e.message.contains("0x00"), "{e}");
    // A million moves of junk in one word and a long run of garbage.
    let junk = format!("1. {} *", "N".repeat(1 << 20));
    assert!(read_game(junk.as_bytes(), 1, PgnOptions::default()).is_err());
    let many: String = "1. e4 e5 *\n".repeat(20_000);
    assert_eq!(
        read_games(many.as_bytes(), PgnOptions::default()).count(),
        20_000
    );
}

#[test]
fn messages_hold_no_control_characters() {
    let input = "[White \"\u{1b}[2J\"]\n1. e4 \u{1b}x *";
    let e = read_game(input.as_bytes(), 1, PgnOptions::default()).unwrap_err();
    assert!(!e.to_string().contains('\u{1b}'), "{e}");
}

#[test]
fn setups_variants_and_refusals() {
    let setup = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]\n\n30... Kd7 31. O-O *";
    let game = read_game(setup.as_bytes(), 1, PgnOptions::default()).unwrap();
    assert_eq!(game.plies[1].numbered_san(), "31.O-O");
    assert_eq!(
        write(&game.select(&Selector::Final).unwrap().position),
        "8/3k4/8/8/8/8/8/5RK1 b - - 2 31"
    );
    let c960 = "[Variant \"Chess960\"]\n[FEN \"nrbkqbrn/pppppppp/8/8/8/1P6/PBPPPPPP/NR1KQBRN w GBgb - 0 1\"]\n\n1. O-O-O Nb6 *";
    let game = read_game(c960.as_bytes(), 1, PgnOptions::default()).unwrap();
    assert_eq!(game.variant, Variant::Chess960);
    let last = game.plies[0].mv;
    assert_eq!(
        (last.from.to_string(), last.to.to_string()),
        ("d1".into(), "c1".into())
    );
    assert_eq!(last.castle.unwrap().rook_from.to_string(), "b1");
    for (tag, name) in [
        ("Crazyhouse", "crazyhouse"),
        ("Three-check", "three-check"),
        ("Atomic", "atomic"),
    ] {
        let input = format!("[Variant \"{tag}\"]\n\n1. e4 *");
        let e = read_game(input.as_bytes(), 1, PgnOptions::default()).unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::Setup);
        assert_eq!(
            e.message,
            format!(
                "{name} games cannot be played: fen2img plays standard chess and Chess960 only"
            )
        );
        assert_eq!(e.line, 1);
    }
    let drop = "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n\n1. e4 *";
    let e = read_game(drop.as_bytes(), 1, PgnOptions::default()).unwrap_err();
    assert!(e.message.starts_with("crazyhouse games"), "{e}");
    let e = read_game(b"1. e4 e5 2. N@f3 *", 1, PgnOptions::default()).unwrap_err();
    assert!(e.message.contains("drops belong to crazyhouse"), "{e}");
}

#[test]
fn positions_are_selected_by_ply_and_move() {
    let game = read_game(OPERA.as_bytes(), 1, PgnOptions::default()).unwrap();
    let start = game.select(&Selector::Ply(0)).unwrap();
    assert_eq!(start.last_move, None);
    let final_ = game.select(&Selector::default()).unwrap();
    assert_eq!(final_.ply, 33);
    assert_eq!(final_.numbered_san().as_deref(), Some("17.Rd8#"));
    assert_eq!(final_.check.unwrap().to_string(), "e8");
    let m = final_.last_move.unwrap();
    assert_eq!(
        (m.from.to_string(), m.to.to_string()),
        ("d1".into(), "d8".into())
    );
    let by_move = game.select(&"17.Rd8".parse().unwrap()).unwrap();
    assert_eq!(by_move, final_);
    let black = game.select(&"16b".parse().unwrap()).unwrap();
    assert_eq!(
        (black.ply, black.numbered_san().as_deref()),
        (32, Some("16...Nxb8"))
    );
    let e = game.select(&"17.Qd8".parse().unwrap()).unwrap_err();
    assert_eq!(e.message, "move 17 White is Rd8#, not Qd8");
    let e = game.select(&Selector::Ply(40)).unwrap_err();
    assert_eq!(
        e.message,
        "ply 40 is beyond the end of the game: the game has 33 half-moves (the last is 17.Rd8#)"
    );
    let e = game.select(&"17b".parse().unwrap()).unwrap_err();
    assert!(
        e.message
            .starts_with("move 17... (Black) is not in the game"),
        "{e}"
    );
}

#[test]
fn move_lists_after_a_fen() {
    let start = legal("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let line = play_moves(&start, "e1g1 O-O-O").unwrap();
    assert_eq!(
        write(&line[2].position),
        "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"
    );
    assert_eq!(line[1].last_san.as_deref(), Some("O-O"));
    assert_eq!(line[2].position.turn, Color::White);
    let c960 = legal("1r2k2r/8/8/8/8/8/8/1R2K1R1 w GBhb - 0 1");
    assert_eq!(c960.variant(), Variant::Chess960);
    let line = play_moves(&c960, "e1g1 e8b8").unwrap();
    assert_eq!(
        write(&line[2].position),
        "2kr3r/8/8/8/8/8/8/1R3RK1 w - - 2 2"
    );
    assert_eq!(line[2].last_san.as_deref(), Some("O-O-O"));
    // g1 is attacked once the rook leaves it: no castling into check.
    let e = play_moves(&legal("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"), "e1g1").unwrap_err();
    assert_eq!(e.message, "e1g1 is not legal here");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // The fuzz target's properties (fuzz/fuzz_targets/pgn.rs), on
        // mutated real games: no panic, errors placed inside the input and
        // free of control characters, every game read replays.
        #[test]
        fn mutated_games_read_or_fail_cleanly(
            edits in proptest::collection::vec((0usize..2_000, any::<u8>()), 0..12),
            cut in 0usize..2_000,
        ) {
            let mut input = OPERA.as_bytes().to_vec();
            input.extend_from_slice(b"\n[Event \"2\"]\n1. e4 (1. d4 d5 (1... Nf6)) e5 {[%cal Ge2e4]} 2. Nf3 $1 *\n");
            for (at, byte) in edits {
                let at = at % input.len();
                input[at] = byte;
            }
            input.truncate(cut.max(1));
            for options in [PgnOptions::default(), PgnOptions::STRICT] {
                for game in read_games(&input, options) {
                    match game {
                        Ok(game) => prop_assert_eq!(game.positions().len(), game.plies.len() + 1),
                        Err(e) => {
                            prop_assert!(e.offset <= input.len());
                            let shown = e.to_string();
                            prop_assert!(!shown.chars().any(char::is_control), "{:?}", shown);
                            let _ = e.caret(&input);
                        }
                    }
                }
            }
        }
    }
}

// Real files' spellings, line ends and hostile movetext.

/// The FEN after every ply of game `number` of `input`, read leniently.
fn fens_of(input: &[u8], number: usize) -> Vec<String> {
    let game = read_game(input, number, PgnOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    game.positions()
        .iter()
        .map(|p| write(&p.position))
        .collect()
}

#[test]
fn warnings_are_kept_up_to_a_bound_and_the_rest_counted() {
    // 20,000 stray ')' on one line: each is a warning of the lenient reader.
    let input = format!("1. e4 {} e5 *", ")".repeat(20_000));
    let game = read_game(input.as_bytes(), 1, PgnOptions::default()).unwrap();
    assert_eq!(game.plies.len(), 2);
    assert_eq!(game.warnings.len(), MAX_WARNINGS, "the first ones are kept");
    assert_eq!(game.warnings_not_kept, 20_000 - MAX_WARNINGS);
    assert!(game.warnings[MAX_WARNINGS - 1]
        .message
        .contains("closes no variation"));
    // Strict reading stops at the first.
    let e = read_game(input.as_bytes(), 1, PgnOptions::STRICT).unwrap_err();
    assert_eq!(e.column, 7);
}

#[test]
fn arrows_and_circles_of_one_position_are_bounded() {
    let arrows: Vec<String> = (0..1_000)
        .map(|i| format!("G{}{}", ["a1", "b2", "c3"][i % 3], ["h8", "g7"][i % 2]))
        .collect();
    let input = format!(
        "1. e4 {{[%cal {}]}} {{[%csl Gd4,Re5]}} e5 {{[%csl Ra1]}} *",
        arrows.join(",")
    );
    let game = read_game(input.as_bytes(), 1, PgnOptions::default()).unwrap();
    let notes = &game.plies[0].notes;
    assert_eq!(notes.arrows.len(), MAX_ARROWS, "the first ones are kept");
    assert_eq!(notes.squares.len(), 0, "the circles come after: dropped");
    assert_eq!(game.plies[1].notes.squares.len(), 1, "another position");
    assert_eq!(game.warnings.len(), 2, "{:?}", game.warnings);
    assert!(
        game.warnings[0].message.contains("more than 64"),
        "{}",
        game.warnings[0]
    );
    let e = read_game(input.as_bytes(), 1, PgnOptions::STRICT).unwrap_err();
    assert!(e.message.contains("more than 64"), "{e}");
    assert_eq!(e.kind, PgnErrorKind::Limit);
}

#[test]
fn lone_cr_and_mixed_line_ends_end_lines() {
    // An old Mac file: CR only. The `;` comment ends at its CR.
    let cr = b"[Event \"cr\"]\r\r1. e4 e5 ; a comment\r2. Nf3 Nc6 *\r";
    let lf = b"[Event \"cr\"]\n\n1. e4 e5 ; a comment\n2. Nf3 Nc6 *\n";
    let crlf = b"[Event \"cr\"]\r\n\r\n1. e4 e5 ; a comment\r\n2. Nf3 Nc6 *\r\n";
    let want = fens_of(lf, 1);
    assert_eq!(want.len(), 5);
    assert_eq!(fens_of(cr, 1), want);
    assert_eq!(fens_of(crlf, 1), want);
    // Every kind of line end counts, mixed in one file.
    let mixed = b"[Event \"m\"]\r\n\r1. e4 e5 ; one\r2. Nf3 ; two\n Nc6\r\n3. Kd4 *";
    let e = read_game(mixed, 1, PgnOptions::default()).unwrap_err();
    assert_eq!((e.line, e.column), (6, 4), "{e}");
    let game = read_game(&cr[..], 1, PgnOptions::default()).unwrap();
    assert_eq!(
        (game.plies[2].line, game.plies[2].column),
        (4, 4),
        "Nf3 on line 4"
    );
    // `%` escapes a line after a lone CR too.
    let escaped = b"1. e4\r% 1... Ke7\re5 *";
    assert_eq!(fens_of(escaped, 1).len(), 3);
    // The caret shows the error's line only.
    let bad = b"1. e4 e5\r2. Nf3 Nc6\r3. Kd4 *";
    let e = read_game(bad, 1, PgnOptions::default()).unwrap_err();
    assert_eq!((e.line, e.column), (3, 4));
    assert_eq!(e.caret(bad), "  3. Kd4 *\n     ^");
}

#[test]
fn the_caret_is_a_window_around_the_error_however_long_the_line() {
    // Stray UTF-8 continuation bytes (Latin-1 text) in a comment before
    // the error, on a line of 200,000 bytes: the caret stands under the
    // move, and the excerpt is a window of the line, not the line.
    let mut input = b"1. e4 {".to_vec();
    input.extend(std::iter::repeat_n(0xA0u8, 100_000));
    input.extend_from_slice(b"} e5 2. Kd4 ");
    input.extend(std::iter::repeat_n(b' ', 100_000));
    input.extend_from_slice(b"*");
    let e = read_game(&input, 1, PgnOptions::default()).unwrap_err();
    assert!(e.message.contains("Kd4 is not legal"), "{e}");
    let caret = e.caret(&input);
    let lines: Vec<&str> = caret.lines().collect();
    assert_eq!(lines.len(), 2);
    let at = lines[1].len() - 1;
    assert_eq!(lines[0].get(at..at + 3), Some("Kd4"), "{caret}");
    assert!(caret.len() < 200, "{} bytes", caret.len());
}

#[test]
fn null_moves_pass_the_turn() {
    // ChessBase writes `--` (and `Z0`); UCI writes `0000`. python-chess
    // reads all three: the same board, the other side to move, no en
    // passant.
    let input = b"1. e4 -- 2. d4 Z0 3. c4 e5 4. 0000 d5 *";
    let game = read_game(input, 1, PgnOptions::default()).unwrap();
    let sans: Vec<&str> = game.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["e4", "--", "d4", "--", "c4", "e5", "--", "d5"]);
    assert!(game.plies[1].mv.is_null());
    assert_eq!(game.plies[1].numbered_san(), "1...--");
    let fens = fens_of(input, 1);
    assert_eq!(
        fens[2], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
        "the e3 square is no en passant square after the pass"
    );
    assert_eq!(
        fens[8],
        "rnbqkbnr/ppp2ppp/8/3pp3/2PPP3/8/PP3PPP/RNBQKBNR w KQkq d6 0 5"
    );
    // A side in check cannot pass.
    let e = read_game(b"1. e4 f5 2. Qh5+ -- *", 1, PgnOptions::default()).unwrap_err();
    assert!(e.message.contains("in check"), "{e}");
    // Strict reading takes `--`, the spelling PGN writers export.
    assert!(read_game(b"1. e4 -- 2. d4 *", 1, PgnOptions::STRICT).is_ok());
    assert!(read_game(b"1. e4 Z0 2. d4 *", 1, PgnOptions::STRICT).is_err());
}

#[test]
fn uci_movetext_is_read_and_its_errors_name_the_piece() {
    let uci = b"1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. e1g1 *";
    let san = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *";
    assert_eq!(fens_of(uci, 1), fens_of(san, 1));
    let e = read_game(b"1. e2e4 e7e5 2. g1g3 *", 1, PgnOptions::default()).unwrap_err();
    assert!(!e.message.contains("pawn"), "{e}");
    assert!(e.message.contains("knight"), "{e}");
    let e = read_game(b"1. e2e4 e7e5 2. g3f3 *", 1, PgnOptions::default()).unwrap_err();
    assert!(!e.message.contains("pawn on g3"), "{e}");
    assert!(e.message.contains("g3"), "{e}");
    assert!(read_game(uci, 1, PgnOptions::STRICT).is_err());
}

#[test]
fn promotions_in_parentheses_and_en_passant_marks() {
    let promo = b"[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. a8(Q) Kb2 2. Qb8+ *";
    let fens = fens_of(promo, 1);
    assert_eq!(fens[1], "Q7/8/8/8/8/8/8/k6K b - - 0 1");
    assert_eq!(fens.len(), 4);
    let ep = "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. MOVE Kd7 *";
    let want = fens_of(ep.replace("MOVE", "exd6").as_bytes(), 1);
    for spelling in ["exd6e.p.", "exd6 e.p.", "exd6e.p.+", "exd6 e.p. "] {
        let input = ep.replace("MOVE", spelling);
        let game = read_game(input.as_bytes(), 1, PgnOptions::default()).unwrap();
        assert!(game.warnings.is_empty(), "{spelling}: {:?}", game.warnings);
        assert_eq!(fens_of(input.as_bytes(), 1), want, "{spelling}");
        let e = read_game(input.as_bytes(), 1, PgnOptions::STRICT).unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::Strict, "{spelling}");
    }
}

#[test]
fn a_byte_order_mark_may_start_any_game() {
    // What `cat a.pgn b.pgn` makes of two files that each start with one.
    let a = "\u{feff}[Event \"a\"]\n\n1. e4 *\n";
    let b = "\u{feff}[Event \"b\"]\n\n1. d4 *\n";
    let both = format!("{a}{b}");
    let games: Vec<_> = read_games(both.as_bytes(), PgnOptions::default()).collect();
    assert_eq!(games.len(), 2);
    let second = games[1].as_ref().unwrap();
    assert_eq!(second.tag("Event"), Some("b"));
    assert_eq!(second.plies[0].san, "d4");
    assert_eq!(second.line, 4);
}

#[test]
fn control_bytes_in_tag_values_are_refused_and_long_variants_clipped() {
    for bad in ["a\0b", "a\u{1b}[2Jb", "a\u{7f}"] {
        let input = format!("[Event \"{bad}\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *");
        let games: Vec<_> = read_games(input.as_bytes(), PgnOptions::default()).collect();
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::Syntax, "{e}");
        assert!(e.message.contains("control character"), "{e}");
        assert_eq!(e.line, 1);
        assert!(!e.to_string().chars().any(char::is_control), "{e}");
        assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
    }
    // A tab is white space to people who write tags by hand: kept.
    let tab = read_game(b"[Event \"a\tb\"]\n\n1. e4 *", 1, PgnOptions::default()).unwrap();
    assert_eq!(tab.tag("Event"), Some("a\tb"));
    let long = format!("[Variant \"{}\"]\n\n1. e4 *", "v".repeat(60_000));
    let e = read_game(long.as_bytes(), 1, PgnOptions::default()).unwrap_err();
    assert!(e.message.len() < 200, "{e}");
    assert!(e.message.contains(&format!("{}…", "v".repeat(40))), "{e}");
}

#[test]
fn nags_and_comments_of_one_position_are_bounded() {
    use fen2img_chess::game::limits::{MAX_COMMENTS, MAX_NAGS};
    // `{a}` costs three bytes of input and would cost a string each.
    let input = format!(
        "1. e4 {} {} e5 {{kept}} *",
        "{a}".repeat(10_000),
        "$1 ".repeat(10_000)
    );
    let game = read_game(input.as_bytes(), 1, PgnOptions::default()).unwrap();
    let notes = &game.plies[0].notes;
    assert_eq!(notes.comments.len(), MAX_COMMENTS);
    assert_eq!(notes.nags.len(), MAX_NAGS);
    assert_eq!(game.plies[1].notes.comments, ["kept"]);
    // One warning per comment beyond the bound (counted past the kept
    // ones), one for the NAGs.
    assert_eq!(game.warnings.len(), MAX_WARNINGS);
    assert_eq!(
        game.warnings.len() + game.warnings_not_kept,
        10_000 - MAX_COMMENTS + 1
    );
    let e = read_game(input.as_bytes(), 1, PgnOptions::STRICT).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::Limit);
    assert!(e.message.contains("comments on one position"), "{e}");
}

/// Games that make the reader warn, refuse or stop, one after another:
/// bounds on one position's notes (and the next position's starting
/// afresh), malformed commands, stray and unclosed variations, an illegal
/// move in a variation and in the main line, a game without a result
/// before the next one's tags, setups (Chess960 too), a null move, mate,
/// a game without moves, Latin-1 text and an unterminated comment last.
fn troubled_games() -> Vec<u8> {
    let nags = " $1".repeat(70);
    let comments = " {c}".repeat(70);
    let arrows = (0..70)
        .map(|i| format!("G{}h8", ["a1", "b2"][i % 2]))
        .collect::<Vec<_>>()
        .join(",");
    let mut text = String::new();
    text += &format!("[Event \"limits\"]\n\n1. e4{nags} e5{comments} 2. Nf3 {{[%cal {arrows}]}} $2 {{a}} Nc6 *\n\n");
    text += "[Event \"commands\"]\n\n1. d4 {[%cal Zz9] [%clk soon] [%csl] [#]} d5 {[%emt x]} *\n\n";
    text +=
        "[Event \"variations\"]\n\n1. e4 ) e5 ( 1... c5 2. Ke3 Nc6 ) 2. Nf3 ( 2. Bc4 ( 2. d4\n\n";
    text += "[Event \"illegal\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    text += "[Event \"setup\"]\n[FEN \"4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 40\"]\n\n40. a8=Q+ Kd7 41. O-O-O+ Ke6 *\n\n";
    text += "[Event \"960\"]\n[Variant \"Chess960\"]\n[FEN \"bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1\"]\n\n1. g3 g6 2. Qg2 Qg7 3. O-O O-O *\n\n";
    text += "[Event \"mate and a pass\"]\n\n1. e4 -- 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    text += "[Event \"pass last\"]\n\n1. e4 -- *\n\n";
    text += "[Event \"no moves\"]\n\n*\n\n";
    text += "[Event \"bad variant\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n";
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(b"[Event \"K\xf6ln\"]\n\n1. e4 {Stra\xdfe} e5 *\n\n");
    bytes.extend_from_slice(b"[Event \"open\"]\n\n1. e4 { never closed\n");
    bytes
}

#[test]
fn reading_for_the_end_only_gives_what_a_whole_reading_gives() {
    // `Games::next_end` keeps no half-move but replays and checks every
    // one, bounds every position's notes and warns as `Games::next`
    // does: the same games, warnings, errors and final positions, on the
    // corpus (comments, NAGs, nested variations, castling, en passant,
    // every promotion, Chess960, the lenient spellings) and on troubled
    // text, leniently and strictly.
    let mut inputs: Vec<Vec<u8>> = [
        "famous.pgn",
        "generated.pgn",
        "generated960.pgn",
        "spellings.pgn",
    ]
    .into_iter()
    .map(data)
    .collect();
    inputs.push(troubled_games());
    let mut compared = (0, 0);
    for input in &inputs {
        for options in [PgnOptions::default(), PgnOptions::STRICT] {
            let whole: Vec<_> = read_games(input, options).collect();
            let mut games = read_games(input, options);
            let mut ends = Vec::new();
            while let Some(end) = games.next_end() {
                ends.push(end);
            }
            assert_eq!(ends.len(), whole.len());
            for (end, game) in ends.iter().zip(&whole) {
                match (end, game) {
                    (Ok(end), Ok(game)) => {
                        let context = format!("game {} ({:?})", game.number, game.tag("Event"));
                        assert_eq!(end.number, game.number, "{context}");
                        assert_eq!(end.line, game.line, "{context}");
                        assert_eq!(end.tags, game.tags, "{context}");
                        assert_eq!(end.variant, game.variant, "{context}");
                        assert_eq!(end.result, game.result, "{context}");
                        assert_eq!(end.warnings, game.warnings, "{context}");
                        assert_eq!(end.warnings_not_kept, game.warnings_not_kept, "{context}");
                        assert_eq!(Some(&end.end), game.end.as_ref(), "{context}");
                        assert_eq!(end.end.ply, game.plies.len(), "{context}");
                        compared.0 += 1;
                    }
                    (Err(a), Err(b)) => {
                        assert_eq!(a, b);
                        compared.1 += 1;
                    }
                    (a, b) => panic!("{a:?} against {b:?}"),
                }
            }
        }
    }
    assert!(compared.0 > 150 && compared.1 > 10, "{compared:?}");
    // The troubled text does what it says: warnings kept and counted,
    // errors, the last move's SAN written once at the end.
    let troubled = troubled_games();
    let mut games = read_games(&troubled, PgnOptions::default());
    let limits = games.next_end().unwrap().unwrap();
    let said = |what: &str| {
        limits
            .warnings
            .iter()
            .filter(|w| w.message.contains(what))
            .count()
    };
    // The NAGs past the bound said once, each comment past it, the
    // arrows once; the next position's NAG and comment are within bounds.
    assert_eq!((said("NAGs"), said("comments"), said("arrows")), (1, 6, 1));
    assert_eq!(limits.warnings.len(), 8, "{:?}", limits.warnings);
    let mut lasts = Vec::new();
    while let Some(end) = games.next_end() {
        lasts.push(end.map(|e| e.end.last_san).map_err(|e| e.kind));
    }
    assert_eq!(
        lasts,
        [
            Ok(Some("d5".to_string())),
            Ok(Some("Nf3".to_string())),
            Err(PgnErrorKind::IllegalMove),
            Ok(Some("Ke6".to_string())),
            Ok(Some("O-O".to_string())),
            Ok(Some("Qxf7#".to_string())),
            Ok(Some("--".to_string())),
            Ok(None),
            Err(PgnErrorKind::Setup),
            Ok(Some("e5".to_string())),
            Err(PgnErrorKind::Syntax),
        ]
    );
}
