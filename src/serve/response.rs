//! Building responses: content types, error answers, cache validators and
//! compression.

use std::io::Write as _;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{HeaderValue, CACHE_CONTROL, CONTENT_TYPE, RETRY_AFTER};
use hyper::{Response, StatusCode};

use fen2img::{Format, ImageFormat};

/// The response type of every handler.
pub type Reply = Response<Full<Bytes>>;

/// Images never change for the same URL and version: caches may keep them
/// for a year and never revalidate.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The `Content-Type` of `format`.
pub fn content_type(format: Format) -> &'static str {
    match format {
        Format::Image(ImageFormat::Svg) => "image/svg+xml",
        Format::Image(ImageFormat::Png) => "image/png",
        Format::Image(ImageFormat::Webp) => "image/webp",
        Format::Image(ImageFormat::Jpeg) => "image/jpeg",
        Format::Image(ImageFormat::Gif) => "image/gif",
        _ => "text/plain; charset=utf-8",
    }
}

/// Whether `format` is text that compresses well (SVG, text boards).
pub fn compressible(format: Format) -> bool {
    !format.is_binary()
}

/// A plain-text answer.
pub fn text(status: StatusCode, body: impl Into<String>) -> Reply {
    let mut body = body.into();
    if !body.ends_with('\n') {
        body.push('\n');
    }
    let mut r = Response::new(Full::new(Bytes::from(body)));
    *r.status_mut() = status;
    r.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// `400 Bad Request` with a one-line reason.
pub fn bad_request(reason: impl Into<String>) -> Reply {
    text(StatusCode::BAD_REQUEST, reason)
}

/// `400` the way aiohttp (web-boardimage) answers it: the reason in the
/// status line and `400: reason` as the body.
pub fn aiohttp_bad_request(reason: &'static str) -> Reply {
    let mut r = text(StatusCode::BAD_REQUEST, format!("400: {reason}"));
    if let Ok(phrase) = hyper::ext::ReasonPhrase::try_from(reason.as_bytes()) {
        r.extensions_mut().insert(phrase);
    }
    r
}

/// `503` with `Retry-After`: the render queue is full or a render missed
/// its deadline.
pub fn busy(reason: &str) -> Reply {
    let mut r = text(StatusCode::SERVICE_UNAVAILABLE, reason);
    r.headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from_static("1"));
    r.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The strong entity tag of a response: a stable hash of the fen2img
/// version, the server defaults' digest and the canonical request, and
/// whether the body is gzip-compressed (another representation, another tag).
pub fn etag(defaults: u64, canonical: &str, gzip: bool) -> String {
    let h = fen2img::stable_hash(&[
        env!("CARGO_PKG_VERSION").as_bytes(),
        &defaults.to_le_bytes(),
        canonical.as_bytes(),
    ]);
    format!("\"{h:016x}{}\"", if gzip { "-gz" } else { "" })
}

/// Whether an `If-None-Match` value names `tag` (or is `*`). Weak tags
/// compare by their opaque part, as RFC 9110 asks for this header.
pub fn none_match(header: &str, tag: &str) -> bool {
    header
        .split(',')
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

/// Whether `Accept-Encoding` allows gzip (present, and not `q=0`).
pub fn accepts_gzip(header: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or("");
        if !coding.eq_ignore_ascii_case("gzip") && coding != "*" {
            return false;
        }
        !parts.any(|p| {
            p.strip_prefix("q=")
                .and_then(|q| q.parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        })
    })
}

/// `bytes` gzip-compressed; deterministic (no time stamp, no file name).
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::GzBuilder::new().mtime(0).write(
        Vec::with_capacity(bytes.len() / 3),
        flate2::Compression::default(),
    );
    // Writing to a Vec cannot fail.
    let _ = enc.write_all(bytes);
    enc.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etags_differ_by_request_defaults_and_encoding() {
        let a = etag(1, "fen=x", false);
        assert_eq!(a, etag(1, "fen=x", false));
        assert_ne!(a, etag(2, "fen=x", false));
        assert_ne!(a, etag(1, "fen=y", false));
        assert_ne!(a, etag(1, "fen=x", true));
        assert!(a.starts_with('"') && a.ends_with('"') && a.len() == 18);
    }

    #[test]
    fn if_none_match_lists_star_and_weak_tags() {
        assert!(none_match("\"a\", \"b\"", "\"b\""));
        assert!(none_match("*", "\"b\""));
        assert!(none_match("W/\"b\"", "\"b\""));
        assert!(!none_match("\"a\"", "\"b\""));
    }

    #[test]
    fn gzip_acceptance_honours_q_zero() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip("identity"));
        assert!(accepts_gzip("*"));
    }

    #[test]
    fn gzip_round_trips_and_is_deterministic() {
        use std::io::Read;
        let data = b"<svg>hello hello hello</svg>".repeat(50);
        let packed = gzip(&data);
        assert_eq!(packed, gzip(&data));
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, data);
    }
}
