//! `fen2img serve` end to end: the real binary on 127.0.0.1:0, spoken to
//! over raw TCP (no client library: the tests also send what no client
//! library would).
#![cfg(unix)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

/// A running server, stopped (SIGKILL) when dropped if a test failed first.
struct Server {
    child: Child,
    addr: SocketAddr,
    stderr: BufReader<std::process::ChildStderr>,
}

impl Server {
    /// Starts the server this test was built with, or the build named by
    /// `FEN2IMG_SERVE_BIN` (to run these tests against another build, say
    /// main's, and see which fail there).
    fn start(args: &[&str]) -> Server {
        let bin = std::env::var_os("FEN2IMG_SERVE_BIN")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_fen2img").into());
        let mut child = Command::new(bin)
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .rsplit("http://")
            .next()
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server {
            child,
            addr,
            stderr,
        }
    }

    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        s
    }

    /// One request on its own connection.
    fn send(&self, method: &str, target: &str, headers: &[(&str, &str)]) -> Reply {
        let mut s = self.connect();
        let mut req = format!("{method} {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n");
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        s.write_all(req.as_bytes()).unwrap();
        read_reply(&mut s)
    }

    fn get(&self, target: &str) -> Reply {
        self.send("GET", target, &[])
    }

    /// SIGTERM, then the exit status.
    fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        self.child.wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug)]
struct Reply {
    status: u16,
    reason: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Reads one response whose connection closes after it.
fn read_reply(s: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    parse_reply(&raw)
        .unwrap_or_else(|| panic!("not a response: {:?}", String::from_utf8_lossy(&raw)))
}

fn parse_reply(raw: &[u8]) -> Option<Reply> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let mut parts = status_line.splitn(3, ' ');
    parts.next()?;
    let status = parts.next()?.parse().ok()?;
    let reason = parts.next().unwrap_or("").to_string();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Some(Reply {
        status,
        reason,
        headers,
        body: raw[end + 4..].to_vec(),
    })
}

/// Percent-encodes everything but unreserved characters.
fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn cli(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_fen2img"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn diagram_png_is_byte_identical_to_the_cli() {
    let server = Server::start(&[]);
    let r = server.get(&format!(
        "/diagram.png?fen={}&size=240&theme=blue&flip=1&coords=inside&lastmove=e2e4\
         &check=e1&arrow=Ge2e4,Rd2d4&arrow=Bh7&mark=e5&fill=e4:%23ff000080&side_to_move=0",
        enc(FEN)
    ));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/png"));
    let expected = cli(&[
        FEN,
        "-f",
        "png",
        "-o",
        "-",
        "--size",
        "240",
        "--theme",
        "blue",
        "--flip",
        "--coords",
        "inside",
        "--lastmove",
        "e2e4",
        "--check=e1",
        "--arrow",
        "Ge2e4,Rd2d4",
        "--arrow",
        "Bh7",
        "--mark",
        "e5",
        "--fill",
        "e4:#ff000080",
        "--no-side-to-move",
    ]);
    assert_eq!(r.body, expected);

    // The path form names the same image.
    let path = server.get(&format!(
        "/diagram/{}.png?size=240&theme=blue&flip=true&coords=inside&lastmove=e2e4\
         &check=e1&arrow=Ge2e4&arrow=Rd2d4,Bh7&mark=e5&fill=e4:%23ff000080&side_to_move=no",
        enc(FEN)
    ));
    assert_eq!(path.status, 200);
    assert_eq!(path.body, expected);
    assert_eq!(path.header("etag"), r.header("etag"));
}

#[test]
fn captions_numbers_and_player_bars_match_the_cli() {
    let server = Server::start(&[]);
    let r = server.get(&format!(
        "/diagram.png?fen={}&size=300&caption={}&number=7&white={}&white_title=GM\
         &white_elo=2710&black={}",
        enc(FEN),
        enc("Linares 1995"),
        enc("Алексей Широв"),
        enc("Ljubomir Ljubojević"),
    ));
    assert_eq!(r.status, 200, "{}", r.text());
    let expected = cli(&[
        FEN,
        "-f",
        "png",
        "-o",
        "-",
        "--size",
        "300",
        "--caption",
        "Linares 1995",
        "--number",
        "7",
        "--white",
        "Алексей Широв",
        "--white-title",
        "GM",
        "--white-elo",
        "2710",
        "--black",
        "Ljubomir Ljubojević",
    ]);
    assert_eq!(r.body, expected);
    let bad = server.get(&format!("/diagram.png?fen={}&black_elo=2600", enc(FEN)));
    assert_eq!(bad.status, 400);
    assert!(
        bad.text()
            .starts_with("black_elo at column 1: a title or rating needs the player's name"),
        "{}",
        bad.text()
    );
}

#[test]
fn every_format_has_its_content_type_and_bytes() {
    let server = Server::start(&[]);
    let fen = enc(FEN);
    for (ext, ctype, magic) in [
        ("svg", "image/svg+xml", &b"<svg"[..]),
        ("png", "image/png", b"\x89PNG"),
        ("webp", "image/webp", b"RIFF"),
        ("jpg", "image/jpeg", b"\xff\xd8"),
        ("txt", "text/plain; charset=utf-8", b"  +---"),
    ] {
        let r = server.get(&format!("/diagram.{ext}?fen={fen}&size=64"));
        assert_eq!(r.status, 200, "{ext}: {}", r.text());
        assert_eq!(r.header("content-type"), Some(ctype), "{ext}");
        assert!(r.body.starts_with(magic), "{ext}");
    }
    let uni = server.get(&format!("/diagram.txt?fen={fen}&format=unicode"));
    assert!(uni.text().contains('♜'), "{}", uni.text());
    assert_eq!(uni.body, cli(&[FEN, "-f", "unicode"]));
}

#[test]
fn bad_input_is_a_one_line_400_naming_the_field() {
    let server = Server::start(&[]);
    let r = server.get("/diagram.png?fen=rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(r.status, 400);
    assert_eq!(r.header("content-type"), Some("text/plain; charset=utf-8"));
    assert_eq!(
        r.text(),
        "invalid FEN: placement at column 18: rank 7 has 9 squares, expected 8\n"
    );
    // The options table's messages: the parameter, and the column within
    // its value where the value does not read.
    for (query, name) in [
        ("size=9", "size"),
        ("size=5000", "size"),
        ("theme=/etc/passwd", "theme"),
        ("flip=maybe", "flip"),
        ("coords=left", "coords"),
        ("lastmove=e2", "lastmove"),
        ("check=z9", "check"),
        ("arrow=Qe2e4", "arrow"),
        ("mark=i1", "mark"),
        ("fill=e4", "fill"),
        ("background=red", "background"),
        ("quality=0", "quality"),
    ] {
        let r = server.get(&format!("/diagram.jpg?fen={}&{query}", enc(FEN)));
        assert_eq!(r.status, 400, "{query}");
        let text = r.text();
        assert!(
            text.starts_with(&format!("{name}: "))
                || text.starts_with(&format!("{name} at column ")),
            "{query}: {text}"
        );
        assert_eq!(r.text().lines().count(), 1);
    }
    let many = vec!["Ge2e4"; 65].join(",");
    let r = server.get(&format!("/diagram.svg?fen={}&arrow={many}", enc(FEN)));
    assert_eq!(r.status, 400);
    assert!(r.text().starts_with("arrow: at most 64"));
    assert_eq!(server.get("/diagram.svg").status, 400);
    assert_eq!(server.get("/diagram.bmp?fen=8/8/8/8/8/8/8/8").status, 400);
    assert_eq!(server.get("/nothing").status, 404);
    let post = server.send("POST", "/diagram.png", &[("Content-Length", "0")]);
    assert_eq!(post.status, 405);
    assert_eq!(post.header("allow"), Some("GET, HEAD, OPTIONS"));
    let get = server.get("/game.gif");
    assert_eq!(get.status, 405);
    assert_eq!(get.header("allow"), Some("POST, OPTIONS"));
}

#[test]
fn cors_preflight_and_origins() {
    let preflight = |server: &Server, path: &str, origin: &str| {
        server.send(
            "OPTIONS",
            path,
            &[
                ("Origin", origin),
                ("Access-Control-Request-Method", "GET"),
                ("Access-Control-Request-Headers", "if-none-match"),
            ],
        )
    };
    // Without --cors: the preflight is answered, but no origin is allowed.
    let closed = Server::start(&[]);
    let r = preflight(&closed, "/diagram.png", "https://a.org");
    assert_eq!(r.status, 204);
    assert!(r.body.is_empty());
    assert_eq!(
        r.header("access-control-allow-methods"),
        Some("GET, HEAD, OPTIONS")
    );
    assert_eq!(r.header("access-control-allow-origin"), None);

    let any = Server::start(&["--cors", "*"]);
    let r = preflight(&any, "/game.gif", "https://a.org");
    assert_eq!(r.status, 204);
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    assert_eq!(
        r.header("access-control-allow-methods"),
        Some("POST, OPTIONS")
    );
    let allowed = r.header("access-control-allow-headers").unwrap();
    assert!(allowed.contains("Content-Type") && allowed.contains("If-None-Match"));
    assert_eq!(r.header("access-control-max-age"), Some("86400"));
    assert_eq!(r.header("vary"), None, "* does not depend on Origin");
    let image = any.get(&format!("/diagram.svg?fen={}", enc(FEN)));
    assert_eq!(image.header("access-control-allow-origin"), Some("*"));
    assert_eq!(image.header("access-control-expose-headers"), Some("ETag"));

    let listed = Server::start(&["--cors", "https://a.org,https://b.org"]);
    let r = preflight(&listed, "/diagram.png", "https://b.org");
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://b.org")
    );
    assert_eq!(r.header("vary"), Some("Origin"));
    let r = preflight(&listed, "/diagram.png", "https://evil.org");
    assert_eq!(r.header("access-control-allow-origin"), None);
    assert_eq!(r.header("vary"), Some("Origin"));
    let image = listed.send(
        "GET",
        &format!("/diagram.svg?fen={}", enc(FEN)),
        &[("Origin", "https://a.org")],
    );
    assert_eq!(image.status, 200);
    assert_eq!(
        image.header("access-control-allow-origin"),
        Some("https://a.org")
    );
    let vary: Vec<&str> = image
        .headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("vary"))
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(vary, ["Accept-Encoding", "Origin"]);
}

#[test]
fn web_boardimage_urls_work_unchanged() {
    let server = Server::start(&[]);
    let fen = enc("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
    let svg = server.get(&format!(
        "/board.svg?fen={fen}&lastMove=g1f3&check=e8&arrows=Ge6g8,Bh7&squares=a3,c3\
         &orientation=black&coordinates=1&colors=lichess-blue&size=300"
    ));
    assert_eq!(svg.status, 200, "{}", svg.text());
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert!(svg.text().starts_with("<svg"));
    let png = server.get(&format!("/board.png?fen={fen}&colors=wikipedia"));
    assert_eq!(png.status, 200);
    assert!(png.body.starts_with(b"\x89PNG"));
    // 360 px by default, the size in the PNG header.
    assert_eq!(&png.body[16..24], &[0, 0, 1, 104, 0, 0, 1, 104]);
    let clamped = server.get(&format!("/board.png?fen={fen}&size=4000"));
    assert_eq!(&clamped.body[16..20], &[0, 0, 4, 0]);

    for (query, reason) in [
        (String::new(), "fen required"),
        ("fen=nonsense".to_string(), "invalid fen"),
        (format!("fen={fen}&size=big"), "size is not a number"),
        (
            format!("fen={fen}&lastMove=e9e4"),
            "lastMove is not a valid uci move",
        ),
        (
            format!("fen={fen}&check=j1"),
            "check is not a valid square name",
        ),
        (format!("fen={fen}&arrows=Xe2"), "invalid arrow"),
        (format!("fen={fen}&squares=a9"), "invalid squares"),
        (format!("fen={fen}&colors=pink"), "theme colors not found"),
    ] {
        let r = server.get(&format!("/board.png?{query}"));
        assert_eq!(r.status, 400, "{query}");
        assert_eq!(r.reason, reason);
        assert_eq!(r.text(), format!("400: {reason}\n"));
    }
}

#[test]
fn etag_304_head_gzip_and_brotli() {
    let server = Server::start(&[]);
    let target = format!("/diagram.svg?fen={}&size=200", enc(FEN));
    let r = server.get(&target);
    assert_eq!(r.status, 200);
    let tag = r.header("etag").unwrap().to_string();
    assert_eq!(
        r.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    // Parameter order and spelling do not change the tag.
    let same = server.get(&format!("/diagram.svg?size=200&fen={}", enc(FEN)));
    assert_eq!(same.header("etag"), Some(tag.as_str()));
    let other = server.get(&format!("/diagram.svg?fen={}&size=201", enc(FEN)));
    assert_ne!(other.header("etag"), Some(tag.as_str()));

    let not_modified = server.send("GET", &target, &[("If-None-Match", &tag)]);
    assert_eq!(not_modified.status, 304);
    assert!(not_modified.body.is_empty());
    assert_eq!(not_modified.header("etag"), Some(tag.as_str()));

    let head = server.send("HEAD", &target, &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(
        head.header("content-length").and_then(|l| l.parse().ok()),
        Some(r.body.len())
    );

    let zipped = server.send("GET", &target, &[("Accept-Encoding", "gzip, deflate")]);
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert_ne!(zipped.header("etag"), Some(tag.as_str()));
    assert_eq!(zipped.header("vary"), Some("Accept-Encoding"));
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(&zipped.body[..])
        .read_to_end(&mut plain)
        .unwrap();
    assert_eq!(plain, r.body);

    // Brotli when offered, over gzip unless gzip weighs more.
    let mut tags = vec![tag.clone(), zipped.header("etag").unwrap().to_string()];
    for (accept, coding) in [
        ("gzip, deflate, br", Some("br")),
        ("br;q=0.5, gzip;q=0.8", Some("gzip")),
        ("br;q=0, gzip;q=0", None),
    ] {
        let got = server.send("GET", &target, &[("Accept-Encoding", accept)]);
        assert_eq!(got.header("content-encoding"), coding, "{accept}");
    }
    for path in [
        target.clone(),
        format!("/diagram.txt?fen={}&format=unicode", enc(FEN)),
    ] {
        let identity = server.get(&path);
        let br = server.send("GET", &path, &[("Accept-Encoding", "br")]);
        assert_eq!(br.status, 200);
        assert_eq!(br.header("content-encoding"), Some("br"));
        assert_eq!(br.header("vary"), Some("Accept-Encoding"));
        assert!(br.body.len() < identity.body.len(), "{path}");
        let mut plain = Vec::new();
        brotli::Decompressor::new(&br.body[..], 4096)
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, identity.body, "{path}");
        // The same bytes every time, under their own tag, which revalidates.
        let again = server.send("GET", &path, &[("Accept-Encoding", "br")]);
        assert_eq!(again.body, br.body);
        let br_tag = br.header("etag").unwrap().to_string();
        assert!(!tags.contains(&br_tag));
        let cached = server.send(
            "GET",
            &path,
            &[("Accept-Encoding", "br"), ("If-None-Match", &br_tag)],
        );
        assert_eq!(cached.status, 304);
        tags.push(br_tag);
    }
    // Images are never compressed again.
    let png = server.send(
        "GET",
        &format!("/diagram.png?fen={}", enc(FEN)),
        &[("Accept-Encoding", "br, gzip")],
    );
    assert_eq!(png.header("content-encoding"), None);

    // Another replica started the same way gives the same tag.
    let replica = Server::start(&[]);
    assert_eq!(replica.get(&target).header("etag"), Some(tag.as_str()));
    // One started with other defaults does not.
    let blue = Server::start(&["--theme", "blue"]);
    assert_ne!(blue.get(&target).header("etag"), Some(tag.as_str()));
}

#[test]
fn limits_answer_414_431_and_503() {
    let server = Server::start(&["--max-uri", "2048", "--cors", "*", "--log"]);
    let long = server.get(&format!(
        "/diagram.png?fen={}&x={}",
        enc(FEN),
        "a".repeat(3000)
    ));
    assert_eq!(long.status, 414);
    let huge = server.send("GET", "/healthz", &[("X-Big", &"b".repeat(40_000))]);
    assert_eq!(huge.status, 431);
    let ok = server.get("/healthz");
    assert_eq!(ok.status, 200);
    assert_eq!(ok.header("access-control-allow-origin"), Some("*"));

    let mut line = String::new();
    let mut server = server;
    // The access log: one line per request (the 414 first; hyper answers
    // the 431 itself, before any handler).
    server.stderr.read_line(&mut line).unwrap();
    assert!(
        line.contains("\"GET /diagram.png?") && line.contains(" 414 "),
        "{line}"
    );

    let late = Server::start(&["--deadline", "0"]);
    let r = late.get(&format!("/diagram.png?fen={}", enc(FEN)));
    assert_eq!(r.status, 503);
    assert_eq!(r.header("retry-after"), Some("1"));
}

#[test]
fn idle_and_slow_clients_are_disconnected() {
    let server = Server::start(&["--header-timeout", "1"]);
    // A request head that never ends (slowloris).
    let mut slow = server.connect();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let mut rest = Vec::new();
    // The server closes it (with or without a 408) instead of waiting.
    let _ = slow.read_to_end(&mut rest);
    assert!(
        rest.is_empty() || rest.starts_with(b"HTTP/1.1 408"),
        "{rest:?}"
    );
    // An idle keep-alive connection is closed too.
    let mut idle = server.connect();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut all = Vec::new();
    idle.read_to_end(&mut all).unwrap();
    assert!(all.starts_with(b"HTTP/1.1 200"));
    assert_eq!(server.get("/healthz").status, 200);
}

#[test]
fn sigterm_finishes_requests_in_flight_and_exits_zero() {
    let server = Server::start(&[]);
    let mut open = server.connect();
    let target = format!("/diagram.png?fen={}&size=800", enc(FEN));
    // The request is under way (its head half sent) when the signal comes.
    open.write_all(format!("GET {target} HTTP/1.1\r\nHost: x\r\n").as_bytes())
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    open.write_all(b"Connection: close\r\n\r\n").unwrap();
    let reply = read_reply(&mut open);
    assert_eq!(reply.status, 200);
    assert!(reply.body.starts_with(b"\x89PNG"));
    let addr = server.addr;
    let status = server.terminate();
    assert_eq!(status.code(), Some(0));
    // Nothing listens any more.
    assert!(TcpStream::connect(addr).is_err());
}

#[test]
fn a_malformed_request_storm_leaves_the_server_answering() {
    let server = Server::start(&["--header-timeout", "2"]);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let fixed: Vec<Vec<u8>> = vec![
        b"GET".to_vec(),
        b"GET / HTTP/1.1\r\n".to_vec(),
        b"\r\n\r\n\r\n".to_vec(),
        b"GET /diagram.png?fen=%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
        b"GET /diagram/%ff.png HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
        b"GET /board.png?fen=\x00\x01 HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
        b"BREW /pot HTTP/1.1\r\n\r\n".to_vec(),
        b"GET / HTTP/9.9\r\n\r\n".to_vec(),
        b"POST /diagram.png HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\nabc".to_vec(),
        b"GET /healthz HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".to_vec(),
        [b"GET /healthz HTTP/1.1\r\n".to_vec(), vec![b'a'; 70_000]].concat(),
        [
            b"GET /healthz HTTP/1.1\r\n".to_vec(),
            b"X: y\r\n".repeat(500),
        ]
        .concat(),
        format!(
            "GET /diagram.svg?fen={}&arrow={} HTTP/1.1\r\n\r\n",
            enc(FEN),
            "G".repeat(9000)
        )
        .into_bytes(),
    ];
    let mut sends = fixed;
    for _ in 0..40 {
        let len = (next() % 2000) as usize;
        sends.push((0..len).map(|_| next() as u8).collect());
    }
    for bytes in &sends {
        let Ok(mut s) = TcpStream::connect(server.addr) else {
            continue;
        };
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let _ = s.write_all(bytes);
        let _ = s.shutdown(std::net::Shutdown::Write);
        let mut sink = Vec::new();
        let _ = s.read_to_end(&mut sink);
        if let Some(r) = parse_reply(&sink) {
            assert!(r.status < 500 || r.status == 503, "{r:?}");
        }
    }
    assert_eq!(server.get("/healthz").text(), "ok\n");
    let r = server.get(&format!("/diagram.png?fen={}", enc(FEN)));
    assert_eq!(r.status, 200);
}

#[test]
fn lila_gif_image_has_its_defaults_and_comment() {
    let server = Server::start(&[]);
    let r = server.get("/image.gif");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/gif"));
    assert!(r.body.starts_with(b"GIF89a"));
    // 720 × 720 in the logical screen descriptor.
    assert_eq!(&r.body[6..10], &[0xd0, 0x02, 0xd0, 0x02]);

    let q = format!(
        "/image.gif?fen={}&lastMove=f3e5&check=true&orientation=black&theme=green\
         &coordinates=1&white=Alice&black=Bob&comment=Game%201&size=200",
        enc(FEN)
    );
    let c = server.get(&q);
    assert_eq!(c.status, 200, "{}", c.text());
    // 200 wide; the players' bars above and below add height.
    let height = |gif: &[u8]| u16::from_le_bytes([gif[8], gif[9]]);
    assert_eq!(&c.body[6..8], &[200, 0]);
    let unnamed = server.get(&q.replace("&white=Alice&black=Bob", ""));
    assert_eq!(height(&unnamed.body), 200);
    assert!(height(&c.body) > 200, "{}", height(&c.body));
    let needle = b"\x21\xfe\x06Game 1\x00";
    assert!(c.body.windows(needle.len()).any(|w| w == needle));
    // The comment is part of the image's identity.
    let other = server.get(&q.replace("Game%201", "Game%202"));
    assert_ne!(other.header("etag"), c.header("etag"));

    let bad = server.get("/image.gif?orientation=sideways");
    assert_eq!(bad.status, 400);
    assert!(bad.text().starts_with("orientation: "));
    let long = server.get(&format!("/image.gif?comment={}", "x".repeat(256)));
    assert_eq!(long.status, 400);

    // The own API serves GIF too, the CLI's bytes.
    let own = server.get(&format!("/diagram.gif?fen={}&size=120", enc(FEN)));
    assert_eq!(
        own.body,
        cli(&[FEN, "-f", "gif", "-o", "-", "--size", "120"])
    );
    // At 720 px the server's idle render threads take row bands of the
    // compression (one request at a time leaves them idle); the bytes are
    // still the CLI's, which compresses every band on one thread.
    let alone = cli(&[FEN, "-f", "gif", "-o", "-", "--size", "720"]);
    for _ in 0..5 {
        let shared = server.get(&format!("/diagram.gif?fen={}&size=720", enc(FEN)));
        assert_eq!(shared.status, 200);
        assert!(shared.body == alone, "720 px GIF differs from the CLI's");
    }
}

fn post(server: &Server, target: &str, body: &[u8]) -> Reply {
    let mut s = server.connect();
    let head = format!(
        "POST {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    let _ = s.write_all(body);
    read_reply(&mut s)
}

#[test]
fn lila_gif_game_is_an_animation_with_limits() {
    let server = Server::start(&["--max-body", "100000"]);
    let body = br#"{"white":"A","black":"B","comment":"a game","orientation":"white",
        "delay":100,"frames":[
        {"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","lastMove":"e2e4"},
        {"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","lastMove":"e7e5","delay":300}]}"#;
    let r = post(&server, "/game.gif", body);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/gif"));
    assert!(r.body.starts_with(b"GIF89a"));
    // 720 wide, and taller: the players' bars above and below.
    assert_eq!(&r.body[6..8], &[0xd0, 0x02]);
    assert!(u16::from_le_bytes([r.body[8], r.body[9]]) > 720);
    // Three image descriptors, a comment, and later frames much smaller
    // than a whole board (only the changed squares).
    let images = r.body.windows(2).filter(|w| w == b"\x00\x2c").count();
    assert!(images >= 3, "{images}");
    let comment = b"\x21\xfe\x06a game\x00";
    assert!(r.body.windows(comment.len()).any(|w| w == comment));
    let one = server.get("/image.gif");
    assert!(
        r.body.len() < one.body.len() * 2,
        "{} vs {}",
        r.body.len(),
        one.body.len()
    );

    let frames = vec![r#"{"fen":"8/8/8/8/8/8/8/K6k"}"#; 1001].join(",");
    let too_many = post(
        &server,
        "/game.gif",
        format!("{{\"frames\":[{frames}]}}").as_bytes(),
    );
    // JSON that parses but does not fit is 422, as lila-gif answers it.
    assert_eq!(too_many.status, 422);
    assert!(too_many.text().starts_with("frames: give at most 1000"));
    let bad = post(&server, "/game.gif", br#"{"frames":[{"fen":"9/8"}]}"#);
    assert_eq!(bad.status, 422);
    assert!(
        bad.text().starts_with("frames[0]: invalid FEN: "),
        "{}",
        bad.text()
    );
    let big = post(&server, "/game.gif", &vec![b' '; 200_000]);
    assert_eq!(big.status, 413);
}

#[test]
fn a_client_that_stops_reading_is_disconnected() {
    let server = Server::start(&["--write-timeout", "1"]);
    let mut s = server.connect();
    // Many large responses asked for at once (pipelined) and never read:
    // the socket buffers fill and the server's writes stall.
    let one = format!("GET /diagram.svg?fen={}&size=2048&number=", enc(FEN));
    let mut requests = String::new();
    for i in 0..2000 {
        requests.push_str(&format!("{one}{i} HTTP/1.1\r\nHost: x\r\n\r\n"));
    }
    let _ = s.write_all(requests.as_bytes());
    std::thread::sleep(Duration::from_secs(4));
    // The server gave up on the connection: reading what it had sent ends
    // (EOF or a reset) instead of going on for all the answers.
    let mut got = Vec::new();
    let _ = s.read_to_end(&mut got);
    let answers = got.windows(9).filter(|w| w == b"HTTP/1.1 ").count();
    assert!(answers < 2000, "{answers}");
    assert_eq!(server.get("/healthz").status, 200);
}

// ---- Hostile and careless clients (issue 20, items 1–8) ----

/// Reads one response from a connection that stays open (keep-alive): the
/// head, then `Content-Length` bytes of body.
fn read_one(s: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => raw.push(byte[0]),
            other => panic!(
                "no whole head: {other:?} after {:?}",
                String::from_utf8_lossy(&raw)
            ),
        }
    }
    let mut reply = parse_reply(&raw).expect("a response head");
    let length: usize = reply
        .header("content-length")
        .map_or(0, |v| v.parse().unwrap());
    let mut body = vec![0u8; length];
    s.read_exact(&mut body).unwrap();
    reply.body = body;
    reply
}

/// The server's memory in kB: `VmHWM` (the peak) or `VmRSS` (now).
fn memory_kb(server: &Server, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap();
    status
        .lines()
        .find_map(|l| {
            l.strip_prefix(field)?
                .trim_start_matches(':')
                .trim()
                .strip_suffix(" kB")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {field} in {status}"))
}

/// A connection that sent `POST /game.gif` with a body that will never
/// all arrive.
fn slow_body(server: &Server, chunked: bool) -> TcpStream {
    let mut s = server.connect();
    let head = if chunked {
        "POST /game.gif HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n"
    } else {
        "POST /game.gif HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{\"frames\":"
    };
    s.write_all(head.as_bytes()).unwrap();
    s
}

#[test]
fn slow_request_bodies_are_timed_out() {
    // Item 1: four connections sending bodies that never all arrive held a
    // server with four places for as long as they liked.
    let server = Server::start(&["--max-connections", "4", "--body-timeout", "1"]);
    let mut slow: Vec<TcpStream> = (0..4).map(|i| slow_body(&server, i % 2 == 1)).collect();
    for s in &mut slow {
        let r = read_reply(s);
        assert_eq!(r.status, 408, "{}", r.text());
        assert_eq!(r.header("connection"), Some("close"));
    }
    assert_eq!(server.get("/healthz").status, 200);
}

#[test]
fn the_drain_does_not_wait_for_bodies_that_are_not_arriving() {
    // Item 1: on SIGTERM a body still on its way held shutdown for the
    // whole grace period.
    // The default body timeout (10 s) outlasts this grace period.
    let mut server = Server::start(&["--shutdown-grace", "5"]);
    let mut slow = slow_body(&server, false);
    // The request has reached its handler when its next request on
    // another connection has been answered (one I/O thread in order).
    assert_eq!(server.get("/healthz").status, 200);
    std::thread::sleep(Duration::from_millis(200));
    let pid = server.child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    let r = read_reply(&mut slow);
    assert_eq!(r.status, 503, "{}", r.text());
    let status = server.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    let mut log = String::new();
    server.stderr.read_to_string(&mut log).unwrap();
    assert!(!log.contains("still open"), "{log}");
}

#[test]
fn at_the_connection_limit_idle_connections_make_room() {
    // Item 2: keep-alive connections held every place and a new client
    // waited in the backlog for as long as they stayed (here longer than
    // the client's read timeout: the head timeout does not close them).
    let server = Server::start(&["--max-connections", "4", "--header-timeout", "120"]);
    let mut idle: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut s = server.connect();
            s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            assert_eq!(read_one(&mut s).status, 200);
            s
        })
        .collect();
    // A new client gets in: one idle connection was closed for it.
    assert_eq!(server.get("/healthz").status, 200);
    let closed = idle
        .iter_mut()
        .map(|s| {
            s.set_read_timeout(Some(Duration::from_millis(500)))
                .unwrap();
            match s.read(&mut [0u8; 1]) {
                Ok(0) => true,
                Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
                Ok(_) => false,
            }
        })
        .filter(|closed| *closed)
        .count();
    assert!(closed >= 1, "no idle connection was closed");
}

#[test]
fn busy_keep_alive_connections_do_not_starve_new_clients() {
    // Item 2: a flood of busy keep-alive connections over the limit; a new
    // client is answered (its place, or a quick 503) instead of waiting in
    // the backlog for as long as the flood lasts.
    let server = Server::start(&[
        "--max-connections",
        "4",
        "--queue",
        "4",
        "--deadline",
        "200",
    ]);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let target = format!("/diagram.png?fen={}&size=600", enc(FEN));
    let flood: Vec<_> = (0..12)
        .map(|_| {
            let (addr, stop, target) = (server.addr, stop.clone(), target.clone());
            std::thread::spawn(move || {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let Ok(mut s) = TcpStream::connect(addr) else {
                        continue;
                    };
                    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
                    let request = format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n");
                    // Requests back to back on one connection until it closes.
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        if s.write_all(request.as_bytes()).is_err() {
                            break;
                        }
                        let mut head = [0u8; 12];
                        if s.read_exact(&mut head).is_err() {
                            break;
                        }
                        // Read the rest of the answer, whatever it is.
                        let _ = s.set_read_timeout(Some(Duration::from_millis(50)));
                        let mut sink = [0u8; 65536];
                        while let Ok(n) = s.read(&mut sink) {
                            if n == 0 {
                                break;
                            }
                        }
                        let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut answered = Vec::new();
    for _ in 0..5 {
        let mut s = server.connect();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let r = read_reply(&mut s);
        answered.push(r.status);
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for t in flood {
        t.join().unwrap();
    }
    assert!(
        answered.iter().all(|s| *s == 200 || *s == 503),
        "{answered:?}"
    );
    assert_eq!(server.get("/healthz").status, 200);
}

/// A `POST /game.gif` body of `n` frames that alternate between two
/// positions, with a last move each.
fn long_game(n: usize) -> Vec<u8> {
    let a =
        r#"{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","lastMove":"e2e4"}"#;
    let b = r#"{"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","lastMove":"e7e5"}"#;
    let frames: Vec<&str> = (0..n).map(|i| if i % 2 == 0 { a } else { b }).collect();
    format!(
        "{{\"white\":\"A\",\"black\":\"B\",\"frames\":[{}]}}",
        frames.join(",")
    )
    .into_bytes()
}

#[test]
fn a_long_game_gif_is_encoded_frame_by_frame() {
    // Item 3: every decoded frame was kept until the end (a 1,000-frame
    // game peaked near 600 MB). 300 frames of 720 × 840 pixels are 180 MB
    // of palette indices; encoded as drawn, a frame and its predecessor.
    let server = Server::start(&[
        "--workers",
        "1",
        "--deadline",
        "600000",
        "--max-body",
        "1000000",
    ]);
    let body = long_game(300);
    let r = post(&server, "/game.gif", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let peak_mb = memory_kb(&server, "VmHWM") / 1024;
    assert!(peak_mb < 100, "peak RSS {peak_mb} MB");
    // Every frame is there, as a decoder sees it.
    let mut decoder = gif::DecodeOptions::new().read_info(&r.body[..]).unwrap();
    let mut frames = 0;
    while decoder.next_frame_info().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 300);
    // The same game gives the same bytes.
    assert_eq!(post(&server, "/game.gif", &body).body, r.body);

    // Pixel work is bounded per request, by a flag.
    let small = Server::start(&["--max-pixels", "1000000"]);
    let r = post(&small, "/game.gif", &long_game(2));
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        r.text().starts_with("frames: 2 frames of 720x"),
        "{}",
        r.text()
    );
}

#[test]
fn a_large_request_leaves_no_large_caches_behind() {
    // Item 4: a 2048 px board with 64 squares filled in their own colours
    // left about 220 MB in the render thread for good.
    let server = Server::start(&["--workers", "1"]);
    let fills: String = (0..64)
        .map(|i| {
            let (file, rank) = (b"abcdefgh"[i % 8] as char, i / 8 + 1);
            format!(
                "&fill={file}{rank}:%23{:02x}{:02x}{:02x}",
                i * 4,
                255 - i * 3,
                i * 2
            )
        })
        .collect();
    let r = server.get(&format!("/diagram.png?fen={}&size=2048{fills}", enc(FEN)));
    assert_eq!(r.status, 200, "{}", r.text());
    // A small request after it runs on the same thread.
    assert_eq!(
        server.get(&format!("/diagram.png?fen={}", enc(FEN))).status,
        200
    );
    let now_mb = memory_kb(&server, "VmRSS") / 1024;
    assert!(now_mb < 100, "RSS {now_mb} MB after the large request");
}

#[test]
fn limits_apply_to_every_endpoint() {
    // Item 5.
    let server = Server::start(&["--max-size", "512", "--max-uri", "2048"]);
    let png_width = |png: &[u8]| u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let board = server.get(&format!("/board.png?fen={}&size=1024", enc(FEN)));
    assert_eq!(board.status, 200);
    assert_eq!(png_width(&board.body), 512);
    let gif = server.get("/image.gif");
    assert_eq!(gif.status, 200);
    assert_eq!(u16::from_le_bytes([gif.body[6], gif.body[7]]), 512);
    let arrows = vec!["Ge2e4"; 65].join(",");
    let many = server.get(&format!("/board.svg?fen={}&arrows={arrows}", enc(FEN)));
    assert_eq!(many.status, 400);
    assert_eq!(many.text(), "400: too many arrows (at most 64)\n");
    let long = format!("/game.gif?{}", "x".repeat(3000));
    assert_eq!(post(&server, &long, b"{}").status, 414);
    assert_eq!(server.send("OPTIONS", &long, &[]).status, 414);
}

#[test]
fn client_errors_get_the_right_status_codes() {
    // Item 6.
    let server = Server::start(&["--max-size", "8192", "--max-body", "1000"]);
    // A URI past --max-uri (8192) but under hyper's head limit: 414, not 431.
    let long = server.get(&format!(
        "/diagram.png?fen={}&caption={}",
        enc(FEN),
        "a".repeat(20_000)
    ));
    assert_eq!(long.status, 414, "{}", long.text());
    // More than 100 header fields: 431 (documented).
    let fields: Vec<(String, String)> = (0..120).map(|i| (format!("X-{i}"), "y".into())).collect();
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(server.send("GET", "/healthz", &fields).status, 431);
    // A standard and a crazyhouse frame: the request's fault.
    let mixed = post(
        &server,
        "/game.gif",
        br#"{"frames":[{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"},{"fen":"8/8/8/8/8/8/8/K6k[Qq] w - - 0 1"}]}"#,
    );
    assert_eq!(mixed.status, 400, "{}", mixed.text());
    assert!(mixed.text().starts_with("frames[1]: "), "{}", mixed.text());
    // Wider than the renderer draws, though under --max-size.
    let wide = server.get("/image.gif?size=5000");
    assert_eq!(wide.status, 400, "{}", wide.text());
    assert!(wide.text().starts_with("size: "), "{}", wide.text());
    // Expect: 100-continue over --max-body: 413 at once, never 100 Continue.
    let mut s = server.connect();
    s.write_all(
        b"POST /game.gif HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n",
    )
    .unwrap();
    let r = read_one(&mut s);
    assert_eq!(r.status, 413, "{r:?}");
}

#[test]
fn unknown_parameters_of_the_own_api_are_named() {
    // Item 7.
    let server = Server::start(&[]);
    let r = server.get(&format!("/diagram.png?fen={}&arow=e2e4", enc(FEN)));
    assert_eq!(r.status, 400);
    assert_eq!(r.text(), "arow: unknown parameter (did you mean arrow?)\n");
    let path_form = server.get(&format!("/diagram/{}.png?sise=300", enc(FEN)));
    assert_eq!(
        path_form.text(),
        "sise: unknown parameter (did you mean size?)\n"
    );
    // The drop-ins ignore what their originals ignore.
    assert_eq!(
        server
            .get(&format!("/board.png?fen={}&foo=1", enc(FEN)))
            .status,
        200
    );
    assert_eq!(server.get("/image.gif?piece=cburnett&foo=1").status, 200);
}

#[test]
fn captions_with_control_characters_give_well_formed_svg() {
    // Item 8.
    let server = Server::start(&[]);
    let r = server.get(&format!("/diagram.svg?fen={}&caption=Move%01%0B", enc(FEN)));
    assert_eq!(r.status, 200, "{}", r.text());
    let svg = r.text();
    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
}

// ---- Routing on axum, compression ours (issue 19) ----

#[test]
fn compressed_bytes_are_the_same_from_every_server_run() {
    // SVG and text boards are compressed per request on the render thread:
    // two server processes give byte-identical brotli and gzip bodies under
    // the same tags, so replicas behind a cache are interchangeable.
    let targets = [
        format!("/diagram.svg?fen={}&size=400&arrow=Ge2e4", enc(FEN)),
        format!("/diagram.txt?fen={}&format=unicode", enc(FEN)),
        format!("/board.svg?fen={}&coordinates=1", enc(FEN)),
    ];
    let fetch = |server: &Server| -> Vec<(String, Vec<u8>)> {
        let mut got = Vec::new();
        for target in &targets {
            for coding in ["br", "gzip"] {
                let r = server.send("GET", target, &[("Accept-Encoding", coding)]);
                assert_eq!(r.status, 200, "{target}: {}", r.text());
                assert_eq!(r.header("content-encoding"), Some(coding), "{target}");
                let length: usize = r.header("content-length").unwrap().parse().unwrap();
                assert_eq!(length, r.body.len());
                got.push((r.header("etag").unwrap().to_string(), r.body));
            }
        }
        got
    };
    let first = fetch(&Server::start(&[]));
    let second = fetch(&Server::start(&["--workers", "1", "--io-threads", "1"]));
    assert_eq!(first.len(), 6);
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(a.0, b.0, "tags differ");
        assert!(a.1 == b.1, "compressed bytes differ under {}", a.0);
    }
}

#[test]
fn routing_answers_404_405_and_head_as_documented() {
    let server = Server::start(&[]);
    // A path that is not an endpoint is 404 whatever the method.
    for method in ["GET", "POST", "OPTIONS", "DELETE"] {
        let r = server.send(method, "/nothing", &[("Content-Length", "0")]);
        assert_eq!(r.status, 404, "{method}");
        assert_eq!(r.text(), "not found\n");
    }
    assert_eq!(server.get("/diagram/").status, 404);
    assert_eq!(server.get("/diagram.png/x").status, 404);
    // An endpoint asked with a method it does not answer: 405 with Allow.
    for (method, path, allow) in [
        ("HEAD", "/game.gif", "POST, OPTIONS"),
        ("PUT", "/diagram.png", "GET, HEAD, OPTIONS"),
        ("DELETE", "/healthz", "GET, HEAD, OPTIONS"),
        ("POST", "/board.svg", "GET, HEAD, OPTIONS"),
    ] {
        let r = server.send(method, path, &[("Content-Length", "0")]);
        assert_eq!(r.status, 405, "{method} {path}");
        assert_eq!(r.header("allow"), Some(allow), "{method} {path}");
    }
    // Every endpoint of the path table answers GET.
    for path in [
        "/healthz".to_string(),
        format!("/diagram.png?fen={}&size=64", enc(FEN)),
        format!("/diagram/{}.svg", enc(FEN)),
        format!("/board.svg?fen={}", enc(FEN)),
        format!("/board.png?fen={}", enc(FEN)),
        "/image.gif?size=64".to_string(),
    ] {
        assert_eq!(server.get(&path).status, 200, "{path}");
    }
    // A path-form FEN with its slashes unencoded is still one FEN.
    let bare = server.get("/diagram/8/8/8/8/8/8/8/K6k.txt");
    assert_eq!(bare.status, 200, "{}", bare.text());
    // HEAD: GET's headers and length, no body; OPTIONS: 204 without a
    // length; a 304 does not claim the image is empty.
    let target = format!("/diagram.png?fen={}&size=64", enc(FEN));
    let get = server.get(&target);
    let head = server.send("HEAD", &target, &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(head.header("etag"), get.header("etag"));
    assert_eq!(
        head.header("content-length"),
        Some(get.body.len().to_string().as_str())
    );
    let options = server.send("OPTIONS", "/healthz", &[]);
    assert_eq!(options.status, 204);
    assert_eq!(options.header("allow"), Some("GET, HEAD, OPTIONS"));
    assert_eq!(options.header("content-length"), None);
    let tag = get.header("etag").unwrap();
    let cached = server.send("GET", &target, &[("If-None-Match", tag)]);
    assert_eq!(cached.status, 304);
    assert_eq!(cached.header("content-length"), None);
}

// lila-gif's and web-boardimage's current APIs, piece sets and previews.
#[path = "dropin.rs"]
mod dropin;

// The same requests to the real lila-gif (needs a build of it).
#[path = "lila_gif_peer.rs"]
mod lila_gif_peer;

#[path = "serve_deadline.rs"]
mod deadline;

// Issue 37: answers asked again come from the response cache.
#[path = "serve_cache.rs"]
mod cache;

/// A Fairy FEN with every kind of unit: neutral, turned, YACPDB tokens
/// (a fairy piece, a neutral knight turned twice), a marker, a text.
const FAIRY: &str = "k7/8/8/3-N4/8/2(G)1{a}3/1*1b-*3c5/(!S2)-r5K";

/// The options table's rows that ask for the problem layout.
const PROBLEM_ROWS: [&str; 5] = ["problem", "stipulation", "author", "source", "award"];

/// Issue 36: `/diagram.EXT?fen=<Fairy FEN>` draws the problem `fen2img
/// --problem` draws, byte for byte, in a raster, a text and the path
/// form; each problem has its own `ETag`; a bad Fairy FEN is a 400 naming
/// `fen` and the column.
#[test]
fn a_fairy_fen_draws_the_clis_problem() {
    let server = Server::start(&[]);
    let query = format!(
        "fen={}&stipulation={}&author=A.%20Composer&theme=print&size=300",
        enc(FAIRY),
        enc("h#2")
    );
    let flags = [
        "--stipulation",
        "h#2",
        "--author",
        "A. Composer",
        "--theme",
        "print",
        "--size",
        "300",
    ];
    for (ext, format) in [("png", "png"), ("txt", "ascii"), ("gif", "gif")] {
        let r = server.get(&format!("/diagram.{ext}?{query}"));
        assert_eq!(r.status, 200, "{ext}: {}", r.text());
        let mut args = vec![FAIRY, "-f", format, "-o", "-"];
        args.extend(flags);
        assert!(r.body == cli(&args), "{ext}: the server's problem differs");
    }
    let path = server.get(&format!(
        "/diagram/{}.png?stipulation={}&author=A.%20Composer&theme=print&size=300",
        enc(FAIRY),
        enc("h#2")
    ));
    let query_form = server.get(&format!("/diagram.png?{query}"));
    assert_eq!(path.status, 200, "{}", path.text());
    assert_eq!(path.body, query_form.body);
    // Another unit, another tag; an ordinary FEN's tag is its own.
    let other = server.get(&format!(
        "/diagram.png?{}",
        query.replace(&enc("3-N4"), &enc("3-B4"))
    ));
    assert_eq!(other.status, 200, "{}", other.text());
    assert_ne!(other.header("etag"), query_form.header("etag"));
    let bad = server.get(&format!(
        "/diagram.png?fen={}&problem=1",
        enc("8/8/8/8/8/8/8/7E")
    ));
    assert_eq!(bad.status, 400);
    assert!(
        bad.text()
            .starts_with("fen at column 16: invalid Fairy FEN: 'E'"),
        "{}",
        bad.text()
    );
}

/// Item 4 of issue 33, for two front ends so far: every example of every
/// row of the options table that both the command line and the server
/// take draws the same SVG bytes from `fen2img FEN --flag value -f svg`
/// and from `GET /diagram.svg?fen=...&name=value`. The fence is held to
/// the command line in md.rs, Python in
/// `crates/python/tests/test_options_table.py`; not here: `pieces` (it
/// needs a loaded piece set).
#[test]
fn every_table_example_draws_the_same_svg_from_the_cli_and_the_server() {
    use fen2img_render::vocabulary::{Alias, Form};
    use fen2img_render::vocabulary::{Names, RENDER};
    const NOT_ON_THE_SERVER_YET: [&str; 1] = ["pieces"];
    let server = Server::start(&[]);
    let mut compared = 0;
    for row in RENDER.rows {
        let (Names::Here(cli_names), Names::Here(server_names)) = (&row.cli, &row.server) else {
            continue;
        };
        if NOT_ON_THE_SERVER_YET.contains(&row.name) {
            continue;
        }
        let (flag, param) = (cli_names[0], server_names[0]);
        // A title or rating belongs to a named player.
        let side = ["white", "black"]
            .into_iter()
            .find(|s| row.name.starts_with(&format!("{s}_")));
        // A problem option is compared on an ordinary FEN and on Fairy FEN
        // (issue 36: the server reads it as `--problem` does).
        let positions: &[&str] = if PROBLEM_ROWS.contains(&row.name) {
            &[FEN, FAIRY]
        } else {
            &[FEN]
        };
        for (example, fen) in row
            .examples
            .iter()
            .flat_map(|e| positions.iter().map(move |f| (e, *f)))
        {
            let mut args = vec![
                fen.to_string(),
                "-f".into(),
                "svg".into(),
                "-o".into(),
                "-".into(),
            ];
            let mut query = format!("fen={}", enc(fen));
            if let Some(side) = side {
                args.extend([format!("--{side}"), "Name".into()]);
                query.push_str(&format!("&{side}=Name"));
            }
            match cli_flag(flag, example) {
                Some(arg) => args.push(arg),
                None => continue, // the switch's default: nothing to give
            }
            query.push_str(&format!("&{}={}", param.name, enc(example)));
            let r = server.get(&format!("/diagram.svg?{query}"));
            assert_eq!(r.status, 200, "{}={example}: {}", row.name, r.text());
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            assert!(
                r.body == cli(&args),
                "{}={example} on {fen}: the server's SVG differs from the CLI's",
                row.name
            );
            compared += 1;
        }
    }
    // Every row both front ends take, less `pieces`, and the problem rows'
    // examples again on Fairy FEN.
    assert!(compared >= 40, "{compared} examples compared");

    /// The command-line argument that gives `value` to the flag `alias`,
    /// `None` when it is the switch's off value (nothing to write).
    fn cli_flag(alias: Alias, value: &str) -> Option<String> {
        match alias.form {
            Form::Switch { on, .. } if on == value => Some(format!("--{}", alias.name)),
            Form::Switch { .. } => None,
            _ => Some(format!("--{}={value}", alias.name)),
        }
    }
}

/// `dpi`, `straight_knight_arrows`, `swap_glyphs` and `id_prefix` reach the
/// image and its ETag; an `id_prefix` that is not an XML id start never
/// reaches the SVG (a 400 naming it).
#[test]
fn the_late_options_change_the_etag_and_a_hostile_id_prefix_is_refused() {
    let server = Server::start(&[]);
    let target = |q: &str| format!("/diagram.svg?fen={}{q}", enc(FEN));
    let plain = server.get(&target(""));
    assert_eq!(plain.status, 200, "{}", plain.text());
    let mut tags = vec![plain.header("etag").unwrap().to_string()];
    for q in [
        "&dpi=150",
        "&straight_knight_arrows=1",
        "&swap_glyphs=1",
        "&id_prefix=board1",
        "&id_prefix=",
    ] {
        let r = server.get(&target(q));
        assert_eq!(r.status, 200, "{q}: {}", r.text());
        tags.push(r.header("etag").unwrap().to_string());
    }
    let mut distinct = tags.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), tags.len(), "{tags:?}");
    let prefixed = server.get(&target("&id_prefix=board1")).text();
    assert!(prefixed.contains(" id=\"board1"), "{prefixed}");
    for hostile in ["%22%3E%3Cscript%3E", "a%22%20onload%3D%22alert(1)"] {
        let r = server.get(&target(&format!("&id_prefix={hostile}")));
        assert_eq!(r.status, 400, "{hostile}: {}", r.text());
        assert!(
            r.text().starts_with("id_prefix at column 1: "),
            "{}",
            r.text()
        );
        assert!(!r.header("content-type").unwrap().contains("svg"));
    }
}

/// `/diagram.pdf`: the command's PDF for the same options, byte for byte
/// (a printed `size` sets the page exactly), with the validators and the
/// response cache of every image, and never gzipped (its streams are).
#[test]
fn diagram_pdf_is_the_commands_pdf_with_its_validators() {
    let dir = crate::util::scratch_dir("serve_pdf");
    let out = crate::util::Fen2img::new()
        .args([
            FEN,
            "--size",
            "35mm",
            "--caption",
            "Italian Game",
            "-o",
            "d.pdf",
        ])
        .current_dir(&dir)
        .output();
    crate::util::assert_code(&out, 0);
    let single = std::fs::read(dir.join("d.pdf")).unwrap();
    let server = Server::start(&[]);
    let target = format!(
        "/diagram.pdf?fen={}&size=35mm&caption=Italian%20Game",
        enc(FEN)
    );
    let r = server.send("GET", &target, &[("Accept-Encoding", "gzip")]);
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.header("content-type"), Some("application/pdf"));
    assert_eq!(r.header("content-encoding"), None);
    assert!(
        r.body == single,
        "the server's PDF differs from the command's"
    );
    // The path form, and again from the cache: the same bytes and tag.
    let tag = r.header("etag").unwrap().to_string();
    let path = format!("/diagram/{}.pdf?size=35mm&caption=Italian%20Game", enc(FEN));
    let again = server.get(&path);
    assert!(again.body == single);
    let cached = server.get(&target);
    assert!(cached.body == single);
    assert_eq!(cached.header("etag"), Some(tag.as_str()));
    let not_modified = server.send("GET", &target, &[("If-None-Match", &tag)]);
    assert_eq!(not_modified.status, 304);
    // Another printed width of the same pixels (35.1 mm is 132 px at 96
    // dpi too) is another page, another tag; the PNG of the same query
    // another answer.
    let wider = server.get(&target.replace("35mm", "35.1mm"));
    assert_ne!(wider.header("etag"), Some(tag.as_str()));
    assert!(wider.body != single);
    let png = server.get(&target.replace(".pdf", ".png"));
    assert_eq!(png.header("content-type"), Some("image/png"));
    // Bounded as the others: a size past --max-size, an unknown parameter.
    let big = server.get(&format!("/diagram.pdf?fen={}&size=9000", enc(FEN)));
    assert_eq!(big.status, 400);
    let unknown = server.get(&format!("/diagram.pdf?fen={}&format=ascii", enc(FEN)));
    assert_eq!(unknown.status, 400);
    // A problem (Fairy FEN: a neutral queen) is refused, not sent as SVG.
    let problem = server.get(&format!(
        "/diagram.pdf?fen={}",
        enc("4k3/8/8/8/8/8/8/-Q3K3")
    ));
    assert_eq!(problem.status, 400);
    assert!(String::from_utf8_lossy(&problem.body).contains("not written as PDF"));
    let asked = server.get(&format!("/diagram.pdf?fen={}&stipulation=%232", enc(FEN)));
    assert_eq!(asked.status, 400);
    let _ = std::fs::remove_dir_all(&dir);
}
