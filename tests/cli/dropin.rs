//! The drop-ins as lichess calls them today (lila-gif's board names, piece
//! sets, coordinates, frame glyphs and clocks), `--piece-sets` checked at
//! start-up, and `/og.png` social previews. A child of `serve`, whose
//! server and request helpers it uses.

use std::path::Path;
use std::process::Command;

use super::{cli, enc, post, Server, FEN};
use crate::util::{decode_png, gif_delays, gif_screens, scratch_dir};

/// A piece set whose glyphs are plain shapes: nothing like the built-in
/// set, so a board drawn with it differs wherever a piece stands.
fn shapes_set(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    for color in ["w", "b"] {
        let fill = if color == "w" { "#ffffff" } else { "#000000" };
        for role in ["K", "Q", "R", "B", "N", "P"] {
            let svg = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\">\
                 <rect x=\"8\" y=\"8\" width=\"29\" height=\"29\" fill=\"{fill}\" \
                 stroke=\"#808080\" stroke-width=\"2\"/></svg>"
            );
            std::fs::write(dir.join(format!("{color}{role}.svg")), svg).unwrap();
        }
    }
}

/// Width and height from a GIF's logical screen descriptor.
fn gif_size(gif: &[u8]) -> (u16, u16) {
    (
        u16::from_le_bytes([gif[6], gif[7]]),
        u16::from_le_bytes([gif[8], gif[9]]),
    )
}

/// The text of every comment extension of a GIF, walking its blocks as
/// the format lays them out (GIF89a, section 24).
fn gif_comments(gif: &[u8]) -> Vec<String> {
    let table = |flags: u8| {
        if flags & 0x80 != 0 {
            3 << ((flags & 7) + 1)
        } else {
            0
        }
    };
    // Sub-blocks from `at`, up to the terminator: their bytes, and where
    // the next block starts.
    let sub_blocks = |mut at: usize| {
        let mut data = Vec::new();
        while gif[at] != 0 {
            let n = usize::from(gif[at]);
            data.extend_from_slice(&gif[at + 1..at + 1 + n]);
            at += 1 + n;
        }
        (data, at + 1)
    };
    let mut comments = Vec::new();
    let mut at = 13 + table(gif[10]);
    loop {
        match gif[at] {
            0x21 => {
                let (data, next) = sub_blocks(at + 2);
                if gif[at + 1] == 0xFE {
                    comments.push(String::from_utf8(data).unwrap());
                }
                at = next;
            }
            0x2C => at = sub_blocks(at + 10 + table(gif[at + 9]) + 1).1,
            0x3B => return comments,
            b => panic!("not a GIF block: {b:#x} at {at}"),
        }
    }
}

/// The colour at the middle of `square` (`d4`) of a board drawn from
/// White's side at `left`, `top` with squares of `side` pixels, in an RGBA
/// image `width` pixels wide.
fn square_colour(
    rgba: &[u8],
    width: usize,
    (left, top, side): (usize, usize, usize),
    square: &str,
) -> [u8; 3] {
    let b = square.as_bytes();
    let (file, rank) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'1'));
    let (x, y) = (
        left + file * side + side / 2,
        top + (7 - rank) * side + side / 2,
    );
    let at = (y * width + x) * 4;
    [rgba[at], rgba[at + 1], rgba[at + 2]]
}

fn hex(c: &str) -> [u8; 3] {
    let v = u32::from_str_radix(c.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

#[test]
fn lila_gif_boards_are_lichess_colours_and_ours_keep_theirs() {
    // lila-gif's theme/make-sprites.py (62a6ee7): each board's light and
    // dark squares, and one highlight (#9bc70069) for the last move on
    // every board. fen2img's own purple is lighter (#bcaecb/#91669f, for
    // black pieces at 4.5:1); the drop-in draws lichess's.
    let server = Server::start(&[]);
    let boards = [
        ("blue", "#dee3e6", "#8ca2ad"),
        ("brown", "#f0d9b5", "#b58863"),
        ("green", "#ffffdd", "#86a666"),
        ("ic", "#ececec", "#c1c18e"),
        ("pink", "#f1f1c9", "#f07272"),
        ("purple", "#9f90b0", "#7d4a8d"),
        ("purple-diag", "#9f90b0", "#7d4a8d"),
        ("leather", "#ececec", "#c1c18e"),
    ];
    // Within a level of lila-gif's blend (PIL's alpha_composite).
    let highlighted = |square: [u8; 3]| -> [u8; 3] {
        let (tint, a) = (hex("#9bc700"), f32::from(0x69u8) / 255.0);
        std::array::from_fn(|i| {
            (f32::from(tint[i]) * a + f32::from(square[i]) * (1.0 - a)).round() as u8
        })
    };
    let near = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 1);
    const KINGS: &str = "7k/8/8/8/8/8/8/K7 w - - 0 1";
    let game = |theme: &str| {
        format!(
            r#"{{"theme":"{theme}","coordinates":false,"frames":[{{"fen":"{KINGS}","lastMove":"h2h3"}}]}}"#
        )
    };
    for (theme, light, dark) in boards {
        let image = server.get(&format!(
            "/image.gif?fen={}&lastMove=h2h3&coordinates=0&theme={theme}",
            enc(KINGS)
        ));
        assert_eq!(image.status, 200, "{theme}: {}", image.text());
        let posted = post(&server, "/game.gif", game(theme).as_bytes());
        assert_eq!(posted.status, 200, "{theme}: {}", posted.text());
        for (what, gif) in [("image", &image.body), ("game", &posted.body)] {
            let screen = &gif_screens(gif)[0];
            let at = |sq| square_colour(screen, 720, (0, 0, 90), sq);
            assert_eq!(at("e4"), hex(light), "{what} {theme} light");
            assert_eq!(at("d4"), hex(dark), "{what} {theme} dark");
            // h2 is dark, h3 light.
            let (h2, h3) = (highlighted(hex(dark)), highlighted(hex(light)));
            assert!(near(at("h2"), h2), "{what} {theme}: {:?} {h2:?}", at("h2"));
            assert!(near(at("h3"), h3), "{what} {theme}: {:?} {h3:?}", at("h3"));
        }
    }
    // fen2img's own purple, on the command line's and the own API's terms.
    let own = server.get(&format!(
        "/diagram.png?fen={}&theme=purple&coords=none&border=0&side_to_move=0&size=400",
        enc(KINGS)
    ));
    assert_eq!(own.status, 200, "{}", own.text());
    let png = decode_png(&own.body);
    let at = |sq| square_colour(&png.rgba, png.width as usize, (0, 0, 50), sq);
    assert_eq!(at("e4"), hex("#bcaecb"));
    assert_eq!(at("d4"), hex("#91669f"));
}

#[test]
fn lila_gif_board_names_piece_sets_and_coordinates() {
    let sets = scratch_dir("dropin-sets");
    shapes_set(&sets.join("shapes"));
    std::fs::create_dir_all(sets.join(".git")).unwrap();
    std::fs::write(sets.join("README"), "not a set").unwrap();
    let server = Server::start(&["--piece-sets", sets.to_str().unwrap()]);
    let image = |q: &str| {
        let r = server.get(&format!("/image.gif?fen={}&{q}", enc(FEN)));
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        r.body
    };
    let brown = image("theme=brown");
    // lichess's board names draw lila-gif's six boards.
    assert_eq!(image("theme=wood4"), brown);
    assert_eq!(image("theme=maple"), brown);
    assert_eq!(image("theme=leather"), image("theme=ic"));
    assert_eq!(image("theme=purple-diag"), image("theme=purple"));
    let boards = [
        "theme=blue",
        "theme=green",
        "theme=ic",
        "theme=pink",
        "theme=purple",
    ];
    for (i, a) in boards.iter().enumerate() {
        assert_ne!(image(a), brown, "{a}");
        for b in &boards[i + 1..] {
            assert_ne!(image(a), image(b), "{a} {b}");
        }
    }
    let bad = server.get("/image.gif?theme=violet");
    assert_eq!(bad.status, 400);
    assert!(bad.text().starts_with("theme: "), "{}", bad.text());

    // A set found at start-up draws; lichess's names of sets fen2img does
    // not bundle are the default set; any other name is refused, as
    // lila-gif refuses it, and no name is ever a path.
    let shapes = image("piece=shapes");
    assert_ne!(shapes, brown);
    for lichess in ["merida", "alpha", "staunty"] {
        assert_eq!(image(&format!("piece={lichess}")), brown, "{lichess}");
    }
    for other in [
        "..%2Fshapes",
        "shapes%2F..%2Fshapes",
        "SHAPES",
        ".git",
        "nope",
    ] {
        let r = server.get(&format!("/image.gif?piece={other}"));
        assert_eq!(r.status, 400, "{other}");
        assert!(r.text().starts_with("piece: "), "{}", r.text());
        assert!(
            r.text().contains("shapes"),
            "names the loaded sets: {}",
            r.text()
        );
    }
    // The game endpoint takes the same names.
    let game = |extra: &str| {
        let body = format!(r#"{{{extra}"frames":[{{"fen":"{FEN}"}}]}}"#);
        let r = post(&server, "/game.gif", body.as_bytes());
        assert_eq!(r.status, 200, "{extra}: {}", r.text());
        r.body
    };
    assert_eq!(game(r#""theme":"wood4","#), game(""));
    assert_ne!(game(r#""piece":"shapes","#), game(""));
    assert_eq!(game(r#""piece":"alpha","#), game(""));
    let nope = post(&server, "/game.gif", br#"{"piece":"nope","frames":[]}"#);
    assert_eq!(nope.status, 422, "{}", nope.text());

    // Coordinates are on unless turned off, as in lila-gif.
    assert_ne!(image("coordinates=0"), brown);
    assert_eq!(image("coordinates=yes"), brown);
    assert_eq!(image("coordinates=no"), image("coordinates=false"));
    assert_eq!(server.get("/image.gif?coordinates=maybe").status, 400);
}

#[test]
fn every_bundled_set_answers_piece_by_its_lila_gif_name() {
    // No --piece-sets: the bundled sets need none.
    let server = Server::start(&[]);
    let image = |q: &str| {
        let r = server.get(&format!("/image.gif?fen={}&{q}", enc(FEN)));
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        r.body
    };
    let game = |piece: &str| {
        let body = format!(r#"{{"piece":"{piece}","frames":[{{"fen":"{FEN}"}}]}}"#);
        let r = post(&server, "/game.gif", body.as_bytes());
        assert_eq!(r.status, 200, "{piece}: {}", r.text());
        r.body
    };
    let listed = cli(&["--list-pieces"]);
    let names: Vec<String> = String::from_utf8(listed)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert!(names.len() >= 9, "{names:?}");
    // lichess's names of sets fen2img has not got draw lila-gif's default,
    // cburnett; every other bundled set draws itself.
    let (default_image, default_game) = (image("piece=merida"), game("merida"));
    assert_eq!(default_image, image("piece=cburnett"));
    let mut seen = Vec::new();
    for name in &names {
        let drawn = image(&format!("piece={name}"));
        if name != "cburnett" {
            assert_ne!(drawn, default_image, "{name}: drawn with its own set");
            assert_ne!(game(name), default_game, "{name} on /game.gif");
        }
        assert!(!seen.contains(&drawn), "{name}: like another set");
        seen.push(drawn);
    }
}

/// The drop-ins draw their peers' pieces when a request names none:
/// lila-gif's default set, cburnett, on every board theme, and
/// web-boardimage's (python-chess's cburnett); never the set the server's
/// own defaults or a theme's own set would give.
#[test]
fn the_drop_ins_keep_their_peers_default_pieces() {
    let plain = Server::start(&[]);
    let operator = Server::start(&["--pieces", "chessnut", "--theme", "print"]);
    let get = |server: &Server, target: &str| {
        let r = server.get(target);
        assert_eq!(r.status, 200, "{target}: {}", r.text());
        r.body
    };
    for theme in ["brown", "blue", "green", "ic", "pink", "purple"] {
        let query = format!("/image.gif?fen={}&theme={theme}", enc(FEN));
        let cburnett = get(&plain, &format!("{query}&piece=cburnett"));
        assert_eq!(get(&plain, &query), cburnett, "{theme}");
        assert_eq!(get(&operator, &query), cburnett, "{theme}, serve --pieces");
        assert_ne!(get(&plain, &format!("{query}&piece=kosal")), cburnett);
    }
    let body = format!(r#"{{"theme":"blue","frames":[{{"fen":"{FEN}"}}]}}"#);
    let game = |server: &Server| {
        let r = post(server, "/game.gif", body.as_bytes());
        assert_eq!(r.status, 200, "{}", r.text());
        r.body
    };
    assert_eq!(game(&plain), game(&operator), "/game.gif");
    for colors in ["lichess-brown", "lichess-blue", "wikipedia"] {
        let board = format!("/board.png?fen={}&colors={colors}", enc(FEN));
        assert_eq!(get(&plain, &board), get(&operator, &board), "{colors}");
    }
    // The server's own API follows the operator's set.
    let own = format!("/diagram.png?fen={}", enc(FEN));
    assert_ne!(get(&plain, &own), get(&operator, &own));
}

#[test]
fn lila_gif_frames_draw_glyphs_and_clocks() {
    let server = Server::start(&[]);
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let game = |second: &str| {
        let body = format!(
            r#"{{"delay":70,"frames":[{{}},{{"fen":"{after_e4}","lastMove":"e2e4"{second}}}]}}"#
        );
        let r = post(&server, "/game.gif", body.as_bytes());
        assert_eq!(r.status, 200, "{second}: {}", r.text());
        r.body
    };
    let plain = game("");
    assert_eq!(gif_size(&plain), (720, 720));
    assert_eq!(gif_delays(&plain), [70, 70]);
    // A glyph is a badge on the square moved to: the frame changes.
    let glyphs: Vec<Vec<u8>> = ["!!", "!", "?", "??", "!?", "?!", "\u{25A1}", "O"]
        .iter()
        .map(|g| game(&format!(r#","glyph":"{g}""#)))
        .collect();
    for (i, a) in glyphs.iter().enumerate() {
        assert_ne!(a, &plain, "glyph {i}");
        for b in &glyphs[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(game(r#","glyph":"⨀""#), glyphs[7], "⨀ and O are zugzwang");
    // JSON that does not fit: 422, as lila-gif's extractor answers.
    let bad = post(&server, "/game.gif", br#"{"frames":[{"glyph":"!!!"}]}"#);
    assert_eq!(bad.status, 422);
    assert!(
        bad.text().starts_with("frames[0].glyph: "),
        "{}",
        bad.text()
    );

    // Clocks put the players' bars around the board, named or not, and
    // each frame shows its own time.
    let timed = game(r#","clock":{"white":12550,"black":947}"#);
    let (w, h) = gif_size(&timed);
    assert_eq!(w, 720);
    assert!(h > 720, "{h}");
    let other = game(r#","clock":{"white":12550,"black":948}"#);
    assert_eq!(gif_size(&other), (w, h));
    // 948 and 947 hundredths are both 00:09.4: the same picture.
    assert_eq!(other, timed);
    let later = game(r#","clock":{"white":12550,"black":1047}"#);
    assert_ne!(later, timed);
    // No delay anywhere: lila-gif's default of 0.
    let r = post(&server, "/game.gif", br#"{"frames":[{},{}]}"#);
    assert_eq!(gif_delays(&r.body), [0, 0]);
}

/// Runs `fen2img serve --piece-sets dir`, which must refuse to start.
fn refused(dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fen2img"))
        .args(["serve", "--bind", "127.0.0.1:0", "--piece-sets"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(!out.status.success(), "started with {}", dir.display());
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn piece_sets_are_checked_before_the_server_listens() {
    let base = scratch_dir("dropin-bad-sets");
    // A glyph missing: named, file and all.
    let missing = base.join("missing");
    shapes_set(&missing.join("alpha"));
    std::fs::remove_file(missing.join("alpha/bN.svg")).unwrap();
    let err = refused(&missing);
    assert!(err.contains("bN.svg"), "{err}");
    // Not SVG.
    let broken = base.join("broken");
    shapes_set(&broken.join("alpha"));
    std::fs::write(broken.join("alpha/wK.svg"), "not an svg").unwrap();
    assert!(refused(&broken).contains("wK.svg"));
    // A name that is not a set name.
    let named = base.join("named");
    shapes_set(&named.join("Alpha"));
    assert!(refused(&named).contains("Alpha"));
    // No such directory.
    assert!(refused(&base.join("nothing")).contains("--piece-sets"));
    #[cfg(unix)]
    {
        // A glyph that leads out of the directory is never read.
        let outside = base.join("outside-set");
        shapes_set(&outside);
        let linked = base.join("linked");
        shapes_set(&linked.join("alpha"));
        std::fs::remove_file(linked.join("alpha/wQ.svg")).unwrap();
        std::os::unix::fs::symlink(outside.join("wQ.svg"), linked.join("alpha/wQ.svg")).unwrap();
        assert!(refused(&linked).contains("a link out of"));
        // Nor a set that is a link.
        let via = base.join("via");
        std::fs::create_dir_all(&via).unwrap();
        std::os::unix::fs::symlink(&outside, via.join("alpha")).unwrap();
        assert!(refused(&via).contains("a link"));
    }
}

#[test]
fn og_png_is_a_1200_by_630_preview_like_the_cli() {
    let server = Server::start(&[]);
    let q = format!(
        "/og.png?fen={}&caption={}&white=Carlsen&black=Nepomniachtchi&theme=green",
        enc(FEN),
        enc("Mate in two")
    );
    let r = server.get(&q);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/png"));
    let image = decode_png(&r.body);
    assert_eq!((image.width, image.height), (1200, 630));
    let same = cli(&[
        FEN,
        "--preset",
        "og",
        "--caption",
        "Mate in two",
        "--white",
        "Carlsen",
        "--black",
        "Nepomniachtchi",
        "--theme",
        "green",
        "-f",
        "png",
        "-o",
        "-",
    ]);
    assert!(
        same == r.body,
        "the server's preview differs from the CLI's"
    );
    // The caption is part of the image.
    let other = server.get(&q.replace("Mate", "Win"));
    assert_ne!(other.body, r.body);
    assert_ne!(other.header("etag"), r.header("etag"));
    let bad = server.get("/og.png?caption=x");
    assert_eq!(bad.status, 400);
}

/// Issue 22: `POST /game.gif` takes a game as PGN, as the whole body or as
/// a JSON `pgn` field beside lila-gif's style fields. Its frames are the
/// frames a client would have sent for the same positions: the same GIF,
/// byte for byte, as the explicit JSON frames.
#[test]
fn game_gif_takes_a_pgn_game() {
    let server = Server::start(&[]);
    let pgn = "[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n";
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3",
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    ];
    let moves = ["", "e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    let frames: Vec<String> = fens
        .iter()
        .zip(moves)
        .enumerate()
        .map(|(i, (fen, mv))| {
            let mut f = format!(r#"{{"fen":"{fen}""#);
            if !mv.is_empty() {
                f.push_str(&format!(r#","lastMove":"{mv}""#));
            }
            if i == 6 {
                f.push_str(r#","glyph":"??""#);
            }
            if i == 7 {
                f.push_str(r#","check":"e8""#);
            }
            let delay = if i == 7 { 300 } else { 50 };
            f.push_str(&format!(r#","delay":{delay}}}"#));
            f
        })
        .collect();
    let explicit = format!(
        r#"{{"white":"Anderssen","black":"Kieseritzky","theme":"blue","frames":[{}]}}"#,
        frames.join(",")
    );
    let by_frames = post(&server, "/game.gif", explicit.as_bytes());
    assert_eq!(by_frames.status, 200, "{}", by_frames.text());

    let field = serde_json::json!({"pgn": pgn, "theme": "blue", "delay": 50}).to_string();
    let by_field = post(&server, "/game.gif", field.as_bytes());
    assert_eq!(by_field.status, 200, "{}", by_field.text());
    assert_eq!(
        gif_delays(&by_field.body),
        [50, 50, 50, 50, 50, 50, 50, 300]
    );
    // The same frames a client would send; the PGN game's GIF also
    // carries its source from the tags as a comment, as `--animate` writes.
    let source = "Anderssen – Kieseritzky";
    assert_eq!(gif_comments(&by_field.body), [source]);
    assert!(gif_comments(&by_frames.body).is_empty());
    let with_source = format!(
        r#"{{"comment":"{source}",{}"#,
        explicit.strip_prefix('{').unwrap()
    );
    let by_frames = post(&server, "/game.gif", with_source.as_bytes());
    assert!(
        by_field.body == by_frames.body,
        "a PGN game draws the frames a client would send"
    );
    // A `comment` field wins over the tags, an empty one included.
    let quiet = serde_json::json!({"pgn": pgn, "comment": ""}).to_string();
    let quiet = post(&server, "/game.gif", quiet.as_bytes());
    assert!(gif_comments(&quiet.body).is_empty());

    // The bare PGN body: lila-gif's style defaults, 1 s a frame, 3 s on the last.
    let bare = post(&server, "/game.gif", pgn.as_bytes());
    assert_eq!(bare.status, 200, "{}", bare.text());
    assert_eq!(
        gif_delays(&bare.body),
        [100, 100, 100, 100, 100, 100, 100, 300]
    );
    assert_eq!(gif_size(&bare.body), gif_size(&by_frames.body));

    // A move that is not legal is a 400 naming line, column, game and move.
    let bad = post(&server, "/game.gif", b"1. e4 e5 2. Qh6 *\n");
    assert_eq!(bad.status, 400);
    let reason = bad.text();
    assert!(
        reason.contains("pgn:1:13") && reason.contains("Qh6"),
        "{reason}"
    );
    // In a JSON body, as lila-gif answers JSON that does not fit: 422.
    let bad = post(&server, "/game.gif", br#"{"pgn": 7}"#);
    assert_eq!((bad.status, bad.text().contains("pgn:")), (422, true));
    let bad = post(&server, "/game.gif", br#"{"pgn": "1. e4 *", "game": 2}"#);
    assert_eq!(bad.status, 422, "{}", bad.text());
    // A game longer than the frames a request may have: refused by count.
    let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(260) + "*";
    let bad = post(&server, "/game.gif", long.as_bytes());
    assert_eq!(bad.status, 400);
    assert!(
        bad.text().contains("1041 positions; at most 1000 frames"),
        "{}",
        bad.text()
    );
}

/// Issue 22: `GET /diagram.*?pgn=...` draws a position of a game (`ply`,
/// `move`, `game`; the final one by default) with what the game marks
/// there, exactly as the same marks given by hand; the request's own
/// parameters come after the game's.
#[test]
fn diagram_takes_a_pgn_game_and_its_selectors() {
    let server = Server::start(&[]);
    let pgn = "[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? {[%cal Gh5f7]} 4. Qxf7# 1-0";
    let get = |q: &str| {
        let r = server.get(&format!("/diagram.svg?{q}"));
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        r.body
    };
    let after_nf6 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let by_hand = get(&format!(
        "fen={}&lastmove=g8f6&glyph=f6:??&arrow=Gh5f7&white=Anderssen&black=Kieseritzky",
        enc(after_nf6)
    ));
    assert_eq!(get(&format!("pgn={}&ply=6", enc(pgn))), by_hand);
    assert_eq!(get(&format!("pgn={}&move=3b", enc(pgn))), by_hand);
    assert_eq!(get(&format!("pgn={}&move=3...Nf6", enc(pgn))), by_hand);
    // The request's own marks add to the game's.
    assert_ne!(get(&format!("pgn={}&ply=6&arrow=Ra1a8", enc(pgn))), by_hand);
    // The final position by default: the mate, with its check.
    let mate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    assert_eq!(
        get(&format!("pgn={}", enc(pgn))),
        get(&format!(
            "fen={}&lastmove=h5f7&check=e8&white=Anderssen&black=Kieseritzky",
            enc(mate)
        ))
    );
    // Refusals name the parameter.
    for (q, field) in [
        (format!("pgn={}&ply=40", enc(pgn)), "ply 40"),
        (format!("pgn={}&move=9z", enc(pgn)), "move:"),
        (format!("pgn={}&game=2", enc(pgn)), "game"),
        (format!("pgn={}&fen={}", enc(pgn), enc(mate)), "not both"),
        (format!("fen={}&ply=3", enc(mate)), "ply:"),
        ("pgn=1.%20e4%20e5%202.%20Qh6".to_string(), "Qh6"),
    ] {
        let r = server.get(&format!("/diagram.png?{q}"));
        assert_eq!(r.status, 400, "{q}");
        assert!(r.text().contains(field), "{q}: {}", r.text());
    }
}

/// lila-gif's `GET /example.gif`: its example game (lichess Q0iQs5Zi),
/// 93 frames (the start and 92 half-moves), half a second each and five
/// seconds on the last, with its comment.
#[test]
fn example_gif_is_lila_gifs_example_game() {
    let server = Server::start(&[]);
    let r = server.get("/example.gif");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/gif"));
    let delays = gif_delays(&r.body);
    assert_eq!(delays.len(), 93);
    assert!(delays[..92].iter().all(|&d| d == 50), "{delays:?}");
    assert_eq!(delays[92], 500);
    let comment = b"https://lichess.org/Q0iQs5Zi";
    assert!(r.body.windows(comment.len()).any(|w| w == comment));
    assert_eq!(server.get("/example.gif").body, r.body, "deterministic");
    assert_eq!(post(&server, "/example.gif", b"").status, 405);
}
