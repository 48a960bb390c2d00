//! Issue 37, goal 6: the response cache. An answer asked for again comes
//! from memory with the same bytes and headers it was drawn with, per
//! encoding; the access log says `hit` or `miss` and the bytes the cache
//! holds, which never pass `--response-cache`; `--response-cache 0` turns
//! it off; errors, games posted and `304`s are never kept. A child of
//! `serve`, whose server and request helpers it uses.
//!
//! Nothing here measures speed (bench/serve_cache.sh does).

use std::io::{BufRead, Read};

use super::{enc, post, Reply, Server, FEN};

/// The headers a cached answer must repeat exactly.
const SAME: [&str; 6] = [
    "etag",
    "content-type",
    "content-encoding",
    "content-length",
    "vary",
    "cache-control",
];

/// The access log's next line: the one for the request just answered
/// (the server writes it before the answer leaves).
fn log_line(server: &mut Server) -> String {
    let mut line = String::new();
    server.stderr.read_line(&mut line).unwrap();
    line.trim_end().to_string()
}

/// Whether a log line says the cache answered (`Some(true)`), missed
/// (`Some(false)`) or was not asked (`None`), and the bytes it holds.
fn cache_word(line: &str) -> (Option<bool>, Option<usize>) {
    let mut words = line.rsplit(' ');
    let bytes = words.next().and_then(|w| w.strip_prefix("cached="));
    let Some(bytes) = bytes else {
        return (None, None);
    };
    let hit = match words.next() {
        Some("hit") => true,
        Some("miss") => false,
        other => panic!("{other:?} before the bytes in {line:?}"),
    };
    (Some(hit), Some(bytes.parse().unwrap()))
}

fn assert_same_answer(a: &Reply, b: &Reply, what: &str) {
    assert_eq!(a.status, b.status, "{what}");
    assert_eq!(a.body, b.body, "{what}");
    for name in SAME {
        assert_eq!(a.header(name), b.header(name), "{what}: {name}");
    }
}

#[test]
fn an_answer_asked_again_is_the_same_bytes_from_the_cache() {
    let mut server = Server::start(&["--log"]);
    let fen = enc(FEN);
    let targets = [
        (format!("/diagram.png?fen={fen}&size=200"), ""),
        (format!("/diagram.svg?fen={fen}&size=200"), "br"),
        (format!("/diagram.svg?fen={fen}&size=200"), "gzip"),
        (format!("/diagram/{fen}.txt?format=unicode"), "gzip, br"),
        (format!("/board.png?fen={fen}&size=120"), ""),
        (format!("/image.gif?fen={fen}&comment=hi"), ""),
        (format!("/og.png?fen={fen}&caption=Mate"), ""),
        // A game's position: read on a render thread the first time only.
        (
            "/diagram.png?pgn=1.e4%20e5%202.Nf3&size=100".to_string(),
            "",
        ),
    ];
    for (target, accept) in &targets {
        let headers: &[(&str, &str)] = if accept.is_empty() {
            &[]
        } else {
            &[("Accept-Encoding", accept)]
        };
        let first = server.send("GET", target, headers);
        assert_eq!(first.status, 200, "{target}");
        let line = log_line(&mut server);
        assert_eq!(cache_word(&line).0, Some(false), "{line}");
        let again = server.send("GET", target, headers);
        let line = log_line(&mut server);
        assert_eq!(cache_word(&line).0, Some(true), "{line}");
        assert_same_answer(&first, &again, target);

        // HEAD from the cache: the same headers, no body.
        let head = server.send("HEAD", target, headers);
        let line = log_line(&mut server);
        assert_eq!(cache_word(&line).0, Some(true), "{line}");
        assert_eq!(head.status, 200);
        assert!(head.body.is_empty());
        for name in SAME {
            assert_eq!(
                head.header(name),
                first.header(name),
                "HEAD {target}: {name}"
            );
        }

        // The tag of a cached answer still revalidates: 304, no body.
        let tag = first.header("etag").unwrap();
        let mut conditional = headers.to_vec();
        conditional.push(("If-None-Match", tag));
        let not_modified = server.send("GET", target, &conditional);
        log_line(&mut server);
        assert_eq!(not_modified.status, 304, "{target}");
        assert!(not_modified.body.is_empty());
        assert_eq!(not_modified.header("etag"), Some(tag));
    }
}

#[test]
fn an_encoding_is_only_sent_to_a_client_that_accepts_it() {
    let mut server = Server::start(&["--log"]);
    let target = format!("/diagram.svg?fen={}&size=300", enc(FEN));
    let br = server.send("GET", &target, &[("Accept-Encoding", "br")]);
    assert_eq!(br.header("content-encoding"), Some("br"));
    log_line(&mut server);
    // The brotli body is kept; these clients get their own bodies.
    for (accept, coding) in [
        (None, None),
        (Some("gzip"), Some("gzip")),
        (Some("br;q=0, gzip;q=0"), None),
        (Some("identity"), None),
    ] {
        let headers: Vec<(&str, &str)> =
            accept.map(|a| ("Accept-Encoding", a)).into_iter().collect();
        for round in 0..2 {
            let r = server.send("GET", &target, &headers);
            let line = log_line(&mut server);
            assert_eq!(r.header("content-encoding"), coding, "{accept:?} {line}");
            assert_eq!(r.header("vary"), Some("Accept-Encoding"));
            match coding {
                None => assert!(r.text().contains("<svg"), "{accept:?}: not plain SVG"),
                Some(_) => {
                    let mut plain = Vec::new();
                    flate2::read::GzDecoder::new(&r.body[..])
                        .read_to_end(&mut plain)
                        .unwrap();
                    assert!(String::from_utf8_lossy(&plain).contains("<svg"));
                }
            }
            // Identity is one entry whichever header asked for it.
            let first_identity = accept.is_none() && round == 0;
            let expect_hit = round == 1 || (coding.is_none() && !first_identity);
            assert_eq!(cache_word(&line).0, Some(expect_hit), "{accept:?} {line}");
        }
    }
    let again = server.send("GET", &target, &[("Accept-Encoding", "br")]);
    assert_eq!(again.body, br.body);
    assert!(cache_word(&log_line(&mut server)).0 == Some(true));
}

#[test]
fn errors_games_posted_and_a_cache_of_zero_are_not_kept() {
    let mut server = Server::start(&["--log"]);
    for target in [
        "/diagram.png?fen=bogus".to_string(),
        "/diagram.png?pgn=1.e5".to_string(),
        "/nowhere.png".to_string(),
        "/healthz".to_string(),
    ] {
        for _ in 0..2 {
            let r = server.get(&target);
            assert_ne!(r.status, 304);
            let line = log_line(&mut server);
            assert_eq!(cache_word(&line), (None, None), "{line}");
        }
    }
    let body = br#"{"frames":[{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}]}"#;
    for _ in 0..2 {
        assert_eq!(post(&server, "/game.gif", body).status, 200);
        let line = log_line(&mut server);
        assert_eq!(cache_word(&line), (None, None), "{line}");
    }

    let mut off = Server::start(&["--log", "--response-cache", "0"]);
    let target = format!("/diagram.png?fen={}", enc(FEN));
    let first = off.get(&target);
    let second = off.get(&target);
    assert_same_answer(&first, &second, "no cache");
    for _ in 0..2 {
        let line = log_line(&mut off);
        assert!(line.ends_with("ms"), "{line}");
    }
}

#[test]
fn the_cache_keeps_within_its_budget_and_drops_the_least_recent() {
    let budget = 40_000;
    let mut server = Server::start(&["--log", "--response-cache", &budget.to_string()]);
    // Distinct small boards (one square's mark each), about 1.5 to 3 KB
    // of brotli SVG: far more than the budget together.
    let target = |n: usize| {
        let square = format!("{}{}", (b'a' + (n % 8) as u8) as char, 1 + (n / 8) % 8);
        let size = 100 + n / 64;
        format!("/diagram.svg?fen={}&size={size}&mark={square}", enc(FEN))
    };
    let mut total = 0;
    let mut most = 0;
    for n in 0..120 {
        let r = server.send("GET", &target(n), &[("Accept-Encoding", "br")]);
        assert_eq!(r.status, 200, "{}", r.text());
        total += r.body.len();
        let line = log_line(&mut server);
        let (hit, held) = cache_word(&line);
        assert_eq!(hit, Some(false), "{line}");
        let held = held.unwrap();
        assert!(held <= budget, "{held} bytes held: {line}");
        most = most.max(held);
    }
    assert!(total > 3 * budget, "the test sent only {total} bytes");
    assert!(most > budget / 2, "the cache held at most {most} bytes");
    // The newest is still there, the first long gone.
    server.send("GET", &target(119), &[("Accept-Encoding", "br")]);
    assert_eq!(cache_word(&log_line(&mut server)).0, Some(true));
    server.send("GET", &target(0), &[("Accept-Encoding", "br")]);
    assert_eq!(cache_word(&log_line(&mut server)).0, Some(false));
}
