//! The lila-gif drop-in against the real lila-gif: the same requests to
//! both servers, and answers that must agree (status for every request;
//! for images: width, height or bars, frames, total display time and the
//! board's square colours). A child of `serve`, whose server and reply
//! helpers it uses.
//!
//! lila-gif is not in a package registry, so this test is not run by CI:
//! build lila-gif from its source (`git clone
//! https://github.com/lichess-org/lila-gif && cargo build --release`) and
//! run
//!
//! ```text
//! FEN2IMG_LILA_GIF=/path/to/lila-gif cargo test --test cli lila_gif_peer -- --ignored
//! ```
//!
//! `bench/lilagif_compare.sh` prints the same comparison as a table
//! (`docs/guide/server.md`, "The lila-gif drop-in").

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::{enc, read_reply, Reply, Server};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const MATE: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

/// A running lila-gif, killed when dropped.
struct LilaGif {
    child: Child,
    addr: SocketAddr,
}

impl LilaGif {
    /// Starts the binary `FEN2IMG_LILA_GIF` names on a free port and waits
    /// until it accepts connections.
    fn start() -> LilaGif {
        let bin = std::env::var_os("FEN2IMG_LILA_GIF").expect(
            "FEN2IMG_LILA_GIF names a lila-gif binary built from its source \
             (see this file's header)",
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let child = Command::new(bin)
            .args(["--bind", &addr.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("lila-gif starts");
        let since = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(
                since.elapsed() < Duration::from_secs(20),
                "lila-gif never listened"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        LilaGif { child, addr }
    }
}

impl Drop for LilaGif {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on its own connection to `addr`; a POST carries a JSON body.
fn ask(addr: SocketAddr, target: &str, body: Option<&[u8]>) -> Reply {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = match body {
        None => format!("GET {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"),
        Some(b) => format!(
            "POST {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            b.len()
        ),
    };
    s.write_all(head.as_bytes()).unwrap();
    if let Some(b) = body {
        s.write_all(b).unwrap();
    }
    let mut reply = read_reply(&mut s);
    if reply.header("transfer-encoding") == Some("chunked") {
        reply.body = dechunk(&reply.body);
    }
    reply
}

/// The body of a chunked response (lila-gif streams its GIFs).
fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("a chunk size line");
        let size = std::str::from_utf8(&raw[..line])
            .unwrap()
            .split(';')
            .next()
            .unwrap();
        let size = usize::from_str_radix(size.trim(), 16).expect("a hexadecimal chunk size");
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&raw[line + 2..line + 2 + size]);
        raw = &raw[line + 2 + size + 2..];
    }
}

/// What is compared of a GIF: its size, each frame's delay, and the first
/// frame's pixels (RGBA, whole screen).
struct Gif {
    width: u32,
    height: u32,
    delays: Vec<u16>,
    first: Vec<u8>,
}

fn decode(data: &[u8]) -> Gif {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(data).expect("a GIF");
    let (width, height) = (decoder.width() as u32, decoder.height() as u32);
    let mut delays = Vec::new();
    let mut first = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("frames decode") {
        if first.is_empty() {
            // The first frame covers the screen in both servers' GIFs.
            assert_eq!((frame.width as u32, frame.height as u32), (width, height));
            first = frame.buffer.to_vec();
        }
        delays.push(frame.delay);
    }
    Gif {
        width,
        height,
        delays,
        first,
    }
}

/// The colour at the centre of a square (file, rank from 0) of a board
/// drawn white at the bottom, `top` pixels below the image's top.
fn square_colour(gif: &Gif, top: u32, file: u32, rank: u32) -> [u8; 3] {
    let square = gif.width / 8;
    let (x, y) = (
        file * square + square / 2,
        top + (7 - rank) * square + square / 2,
    );
    let i = ((y * gif.width + x) * 4) as usize;
    [gif.first[i], gif.first[i + 1], gif.first[i + 2]]
}

/// How far apart two colours are, the largest channel difference.
fn distance(a: [u8; 3], b: [u8; 3]) -> u8 {
    (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap()
}

fn query(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", enc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

fn frame(fen: &str, extra: &str) -> String {
    format!(r#"{{"fen":"{fen}"{extra}}}"#)
}

#[test]
#[ignore = "needs lila-gif built from source: FEN2IMG_LILA_GIF=path (see the file's header)"]
fn answers_as_lila_gif_answers() {
    let lila = LilaGif::start();
    let ours = Server::start(&[]);
    for (name, (target, body)) in &cases() {
        let body = body.as_deref().map(str::as_bytes);
        let (a, b) = (ask(lila.addr, target, body), ask(ours.addr, target, body));
        assert_eq!(
            b.status,
            a.status,
            "{name}: lila-gif {}, fen2img {}: {}",
            a.status,
            b.status,
            b.text()
        );
        if a.status != 200 {
            continue;
        }
        assert_eq!(b.header("content-type"), Some("image/gif"), "{name}");
        same_animation(name, &decode(&a.body), &decode(&b.body));
    }
}

/// Each case by name: the path asked for and the body posted, if any.
fn cases() -> Vec<(&'static str, (String, Option<String>))> {
    let image = |q: &[(&str, &str)]| (format!("/image.gif?{}", query(q)), None::<String>);
    let game = |json: String| ("/game.gif".to_string(), Some(json));
    let three = [
        frame(START, ""),
        frame(E4, r#","lastMove":"e2e4""#),
        frame(E5, r#","lastMove":"e7e5""#),
    ];
    let three = three.join(",");
    let clocked: Vec<String> = [START, E4, E5]
        .iter()
        .enumerate()
        .map(|(i, f)| {
            frame(
                f,
                &format!(
                    r#","clock":{{"white":{},"black":{}}}"#,
                    18000 - 100 * i,
                    18000 - 150 * i
                ),
            )
        })
        .collect();
    vec![
        ("image: defaults", image(&[])),
        (
            "image: fen, lastMove, check",
            image(&[("fen", MATE), ("lastMove", "h5f7"), ("check", "e8")]),
        ),
        (
            "image: players",
            image(&[("fen", MATE), ("white", "GM Carlsen"), ("black", "Nepo")]),
        ),
        (
            "image: orientation=black",
            image(&[("orientation", "black")]),
        ),
        ("image: coordinates=0", image(&[("coordinates", "0")])),
        ("image: theme=blue", image(&[("theme", "blue")])),
        ("image: theme=green", image(&[("theme", "green")])),
        ("image: theme=ic", image(&[("theme", "ic")])),
        ("image: theme=pink", image(&[("theme", "pink")])),
        ("image: theme=purple", image(&[("theme", "purple")])),
        ("image: theme=wood4", image(&[("theme", "wood4")])),
        ("image: theme=leather", image(&[("theme", "leather")])),
        ("image: piece=merida", image(&[("piece", "merida")])),
        ("image: piece=nosuchset", image(&[("piece", "nosuchset")])),
        ("image: theme=violet", image(&[("theme", "violet")])),
        ("image: orientation=up", image(&[("orientation", "up")])),
        (
            "image: check=true",
            image(&[("fen", MATE), ("check", "true")]),
        ),
        ("image: lastMove=0000", image(&[("lastMove", "0000")])),
        ("image: bad fen", image(&[("fen", "9/8")])),
        (
            "image: white of 101 bytes",
            image(&[("white", &"w".repeat(101))]),
        ),
        (
            "game: 3 frames, delay 50",
            game(format!(r#"{{"delay":50,"frames":[{three}]}}"#)),
        ),
        ("game: no delay", game(format!(r#"{{"frames":[{three}]}}"#))),
        (
            "game: players",
            game(format!(
                r#"{{"white":"A","black":"B","delay":50,"frames":[{three}]}}"#
            )),
        ),
        (
            "game: glyphs",
            game(format!(
                r#"{{"delay":50,"frames":[{},{},{}]}}"#,
                frame(START, ""),
                frame(E4, r#","lastMove":"e2e4","glyph":"!!""#),
                frame(E5, r#","lastMove":"e7e5","glyph":"?""#)
            )),
        ),
        (
            "game: clocks",
            game(format!(
                r#"{{"delay":50,"frames":[{}]}}"#,
                clocked.join(",")
            )),
        ),
        (
            "game: theme, piece",
            game(format!(
                r#"{{"theme":"purple","piece":"cburnett","delay":50,"frames":[{three}]}}"#
            )),
        ),
        (
            "game: a frame without fen",
            game(format!(
                r#"{{"delay":50,"frames":[{{}},{}]}}"#,
                frame(E4, "")
            )),
        ),
        (
            "game: bad glyph",
            game(r#"{"frames":[{"glyph":"!!!"}]}"#.into()),
        ),
        (
            "game: bad fen",
            game(r#"{"frames":[{"fen":"9/8"}]}"#.into()),
        ),
        (
            "game: bad theme",
            game(r#"{"theme":"violet","frames":[]}"#.into()),
        ),
        ("game: no frames", game(r#"{"frames":[]}"#.into())),
        ("game: not JSON", game("{".into())),
        ("example", ("/example.gif".into(), None)),
    ]
}

/// lila-gif's animation `a` and ours `b` for case `name` agree: width,
/// bars, time on screen, frames, and the theme's square colours.
fn same_animation(name: &str, a: &Gif, b: &Gif) {
    assert_eq!(b.width, a.width, "{name}: width");
    // Bars: both add them, or neither (ours are 52 px at 720, lila-gif's 60).
    assert_eq!(b.height == b.width, a.height == a.width, "{name}: bars");
    // The same time on screen: lila-gif's animations end with a frame
    // of one hundredth (its "kork"), and split a frame whose clock
    // changes into frames without delay; fen2img draws one frame per
    // position.
    let total = |d: &[u16]| d.iter().map(|&d| u32::from(d)).sum::<u32>();
    let kork = u32::from(a.delays.len() > 1 && a.delays.last() == Some(&1));
    assert_eq!(
        total(&b.delays) + kork,
        total(&a.delays),
        "{name}: delays {:?} {:?}",
        a.delays,
        b.delays
    );
    assert!(b.delays.len() <= a.delays.len(), "{name}: frames");
    // The board's squares in the theme's colours: an empty light and
    // dark square of the middle (d5 light, e5 dark in every position
    // here but E5's; a4 and b4 are empty in all).
    let (top_a, top_b) = ((a.height - a.width) / 2, (b.height - b.width) / 2);
    for (file, rank) in [(0, 3), (1, 3)] {
        let (ca, cb) = (
            square_colour(a, top_a, file, rank),
            square_colour(b, top_b, file, rank),
        );
        assert!(
            distance(ca, cb) <= 24,
            "{name}: square {file},{rank}: lila-gif {ca:?}, fen2img {cb:?}"
        );
    }
}
