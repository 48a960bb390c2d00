//! Issue 32, the server's part: the deadline covers everything a request
//! does (reading and replaying a game included, on a render thread), a
//! render thread stops working on a request answered `503`, the drain
//! finishes a body it accepted, and error answers are `nosniff`. A child
//! of `serve`, whose server and request helpers it uses; every hostile
//! input is generated here.
//!
//! Nothing here measures speed: a client-side timeout only says that an
//! answer came at all (liveness), and the figures are in
//! docs/PERFORMANCE.md.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use super::{enc, parse_reply, post, read_reply, Reply, Server, FEN};

/// `GET target` on its own connection, answered within `within` (else the
/// test fails: the server did not answer at all).
fn get_within(server: &Server, target: &str, within: Duration) -> Reply {
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.set_read_timeout(Some(within)).unwrap();
    s.write_all(
        format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .unwrap_or_else(|e| panic!("{target}: no answer within {within:?}: {e}"));
    parse_reply(&raw).unwrap_or_else(|| panic!("{target}: not a response: {raw:?}"))
}

/// Sends `request` (head and body) on a thread of its own, and its answer
/// (within a minute) when joined; `sent` hears when the last byte went.
fn in_flight(
    addr: SocketAddr,
    request: Vec<u8>,
    sent: mpsc::Sender<()>,
) -> std::thread::JoinHandle<Reply> {
    std::thread::spawn(move || {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        s.write_all(&request).unwrap();
        sent.send(()).unwrap();
        read_reply(&mut s)
    })
}

/// `POST /game.gif` with `body` as PGN.
fn pgn_post(body: &[u8]) -> Vec<u8> {
    let head = format!(
        "POST /game.gif HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
         Content-Type: application/x-chess-pgn\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    [head.as_bytes(), body].concat()
}

/// What a hostile request may be answered: its game (when the reader got
/// through it), a refusal naming the field, or `503` past the deadline;
/// never a `500`, never no answer.
fn answered_in_bounds(r: &Reply, what: &str) {
    let fine = r.status == 200 || r.status == 503 || (400..500).contains(&r.status);
    assert!(fine, "{what}: {} {}", r.status, r.text());
    if r.status == 503 {
        assert_eq!(r.header("retry-after"), Some("1"), "{what}");
    }
}

#[test]
fn hostile_games_are_read_on_render_threads_while_healthz_answers() {
    // Items 1–3: a comment of `[` (the reader searched the rest of the
    // comment again after each) and a line of stray `)` (a warning that
    // copied its whole line each), a megabyte each, kept both request
    // threads busy for minutes: /healthz went unanswered, and the answers
    // were 200s long after the deadline. A game in a query is read where
    // a body's is.
    let server = Server::start(&[
        "--deadline",
        "2000",
        "--workers",
        "2",
        "--max-uri",
        "1000000",
    ]);
    let limit = 1 << 20;
    let open_comment = "1. e4 {";
    let close_comment = "} e5 *\n";
    let brackets = "[".repeat(limit - open_comment.len() - close_comment.len());
    let comment = format!("{open_comment}{brackets}{close_comment}");
    let strays = format!("1. e4 {}*\n", ") ".repeat((limit - 10) / 2));
    assert!(comment.len() <= limit && strays.len() <= limit);
    let query = format!(
        "GET /diagram.png?pgn={}{}{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        enc(open_comment),
        "%5B".repeat(300_000),
        enc(close_comment)
    );
    let (sent, all_sent) = mpsc::channel();
    let requests = [
        pgn_post(comment.as_bytes()),
        pgn_post(strays.as_bytes()),
        query.into_bytes(),
    ];
    let count = requests.len();
    let flights: Vec<_> = requests
        .into_iter()
        .map(|r| in_flight(server.addr, r, sent.clone()))
        .collect();
    for _ in 0..count {
        all_sent.recv().unwrap();
    }
    // Being read now (or answered already): the request threads stay
    // free all the while.
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(500));
        let r = get_within(&server, "/healthz", Duration::from_secs(10));
        assert_eq!(r.status, 200);
        assert_eq!(r.text(), "ok\n");
    }
    for (flight, what) in flights.into_iter().zip(["[ comment", ") line", "query"]) {
        let r = flight.join().expect("an answer within a minute");
        answered_in_bounds(&r, what);
    }
}

#[test]
fn a_game_with_thousands_of_arrows_on_a_ply_does_not_hold_a_render_thread() {
    // Item 4: 160,000 arrows on one ply were answered 503 at the deadline
    // while the only render thread drew them on for half a minute, and
    // every render after it was 503 too. Now the reader keeps 64.
    let server = Server::start(&["--deadline", "2000", "--workers", "1"]);
    let arrows: Vec<&str> = ["Ge2e4", "Gd2d4", "Gc2c4", "Gb1c3"]
        .into_iter()
        .cycle()
        .take(160_000)
        .collect();
    let game = format!("1. e4 e5 {{[%cal {}]}} *\n", arrows.join(","));
    assert!(game.len() <= 1 << 20);
    let (sent, was_sent) = mpsc::channel();
    let flight = in_flight(server.addr, pgn_post(game.as_bytes()), sent);
    was_sent.recv().unwrap();
    let health = get_within(&server, "/healthz", Duration::from_secs(10));
    assert_eq!(health.status, 200);
    let r = flight.join().expect("an answer within a minute");
    // The reader keeps the first 64 arrows of the position, as the command
    // line does, so the game is drawn like any other (a 503 would mean the
    // frames were still too much work for the deadline).
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.body.starts_with(b"GIF89a"));
    // The render thread is free for the next request: it did not go on
    // drawing what nobody waits for.
    let png = get_within(
        &server,
        &format!("/diagram.png?fen={}", enc(FEN)),
        Duration::from_secs(10),
    );
    assert_eq!(png.status, 200, "{}", png.text());
    assert!(png.body.starts_with(b"\x89PNG"));
}

#[test]
fn a_body_that_arrives_after_sigterm_is_read_and_answered() {
    // Item 13: a POST whose head came before the signal and whose body
    // came after was answered `503 the server is closing this connection`;
    // nginx and hyper finish such a request, and a rolling deploy must not
    // lose uploads. New connections are still refused.
    let mut server = Server::start(&["--shutdown-grace", "20"]);
    let body = b"[White \"Morphy\"]\n[Black \"Allies\"]\n\n1. e4 e5 2. Nf3 d6 *\n";
    let request = pgn_post(body);
    let (head, body) = request.split_at(request.len() - body.len());
    let mut upload = server.connect();
    upload.write_all(head).unwrap();
    // The head reaches its handler, which waits for the body.
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    // The listener closes at the signal: a new client is refused (the
    // upload keeps the server running meanwhile).
    let refused = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        TcpStream::connect(server.addr).is_err()
    });
    assert!(refused, "new connections are still accepted while draining");
    upload.write_all(body).unwrap();
    let r = read_reply(&mut upload);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/gif"));
    assert!(r.body.starts_with(b"GIF89a"));
    // No other request on this connection after the signal.
    assert_eq!(r.header("connection"), Some("close"));
    let status = server.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    let mut log = String::new();
    server.stderr.read_to_string(&mut log).unwrap();
    assert!(!log.contains("still open"), "{log}");
}

#[test]
fn frames_must_be_objects_and_error_answers_are_nosniff() {
    // Item 12: `{"frames":[1,2,3]}` drew three start positions (lila-gif:
    // 422), and error answers that echo what was sent carried no
    // `X-Content-Type-Options: nosniff`.
    let server = Server::start(&[]);
    let r = post(&server, "/game.gif", br#"{"frames":[1,2,3]}"#);
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(
        r.text().starts_with("frames[0]: expected an object"),
        "{}",
        r.text()
    );
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    let echo = server.get(&format!(
        "/diagram.png?fen={}&theme=%3Cscript%3Ealert(1)%3C/script%3E",
        enc(FEN)
    ));
    assert_eq!(echo.status, 400);
    assert!(echo.text().contains("<script>"), "{}", echo.text());
    assert_eq!(
        echo.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(echo.header("x-content-type-options"), Some("nosniff"));
    for target in [
        "/nowhere",
        "/healthz",
        &format!("/diagram.png?fen={}", enc(FEN)),
    ] {
        let r = server.get(target);
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{target}"
        );
    }
    let wrong_method = server.send("DELETE", "/healthz", &[]);
    assert_eq!(wrong_method.status, 405);
    assert_eq!(
        wrong_method.header("x-content-type-options"),
        Some("nosniff")
    );
}

#[test]
fn a_game_in_a_query_is_tagged_and_revalidated_from_its_render_thread() {
    // The ETag of `/diagram.*?pgn=` names the position the game reaches,
    // known once the game is replayed on a render thread: a 304 comes from
    // there, and the tag is the one the 200 carried.
    let server = Server::start(&[]);
    let target = format!(
        "/diagram.svg?pgn={}&ply=3",
        enc("1. e4 {[%cal Ge2e4]} e5 2. Nf3 Nc6 *")
    );
    let first = server.send("GET", &target, &[("Accept-Encoding", "br")]);
    assert_eq!(first.status, 200, "{}", first.text());
    assert_eq!(first.header("content-encoding"), Some("br"));
    let tag = first.header("etag").expect("an ETag").to_string();
    let again = server.send(
        "GET",
        &target,
        &[("Accept-Encoding", "br"), ("If-None-Match", &tag)],
    );
    assert_eq!(again.status, 304);
    assert_eq!(again.header("etag"), Some(tag.as_str()));
    assert!(again.body.is_empty());
    // Another ply, another image and tag.
    let other = server.send(
        "GET",
        &target.replace("ply=3", "ply=2"),
        &[("Accept-Encoding", "br")],
    );
    assert_eq!(other.status, 200);
    assert_ne!(other.header("etag"), Some(tag.as_str()));
    let bad = server.get(&format!("/diagram.svg?pgn={}", enc("1. e5 *")));
    assert_eq!(bad.status, 400);
    assert!(bad.text().starts_with("pgn:"), "{}", bad.text());
}
