//! Building responses: content types, error answers, cache validators and
//! compression.

use std::io::Write as _;

use axum::body::Body;
use axum::http::header::{HeaderValue, CACHE_CONTROL, CONNECTION, CONTENT_TYPE, RETRY_AFTER};
use axum::http::StatusCode;

use fen2img_render::{Format, ImageFormat};

/// The response type of every handler (axum's: a boxed body, so every
/// handler and layer answers the same type).
pub type Reply = axum::response::Response;

/// Images never change for the same URL and version: caches may keep them
/// for a year and never revalidate.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// What a drawing is sent as: a picture or text board in one of the
/// renderer's formats, or a one-page PDF (`/diagram.pdf`, drawn from the
/// layout the SVG writer walks).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Media {
    /// The renderer's own output in this format.
    Drawn(Format),
    /// A vector PDF.
    Pdf,
}

impl Media {
    /// What `request` asks to be sent as.
    pub fn of(request: &fen2img_requests::DiagramRequest) -> Media {
        match request.pdf {
            true => Media::Pdf,
            false => Media::Drawn(request.format),
        }
    }
}

/// The `Content-Type` of `media`.
pub fn content_type(media: Media) -> &'static str {
    match media {
        Media::Pdf => "application/pdf",
        Media::Drawn(Format::Image(ImageFormat::Svg)) => "image/svg+xml",
        Media::Drawn(Format::Image(ImageFormat::Png)) => "image/png",
        Media::Drawn(Format::Image(ImageFormat::Webp)) => "image/webp",
        Media::Drawn(Format::Image(ImageFormat::Jpeg)) => "image/jpeg",
        Media::Drawn(Format::Image(ImageFormat::Gif)) => "image/gif",
        Media::Drawn(_) => "text/plain; charset=utf-8",
    }
}

/// Whether `media` is text that compresses well (SVG, text boards); a
/// PDF's streams are compressed already.
pub fn compressible(media: Media) -> bool {
    match media {
        Media::Pdf => false,
        Media::Drawn(format) => !format.is_binary(),
    }
}

/// A plain-text answer.
pub fn text(status: StatusCode, body: impl Into<String>) -> Reply {
    let mut body = body.into();
    if !body.ends_with('\n') {
        body.push('\n');
    }
    let mut r = Reply::new(Body::from(body));
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

/// How a body is compressed: our SVG and text boards when the client
/// accepts it, never images (PNG, WebP, JPEG and GIF are compressed already).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// As rendered.
    Identity,
    /// `Content-Encoding: gzip`.
    Gzip,
    /// `Content-Encoding: br`.
    Brotli,
}

impl Encoding {
    /// The `Content-Encoding` value; `None` for identity.
    pub fn header(self) -> Option<&'static str> {
        match self {
            Encoding::Identity => None,
            Encoding::Gzip => Some("gzip"),
            Encoding::Brotli => Some("br"),
        }
    }

    /// `body` in this encoding; deterministic bytes for the same input.
    pub fn apply(self, body: Vec<u8>) -> Vec<u8> {
        match self {
            Encoding::Identity => body,
            Encoding::Gzip => gzip(&body),
            Encoding::Brotli => brotli(&body),
        }
    }
}

/// The strong entity tag of a response: a stable hash of the fen2img
/// version, the server defaults' digest and the canonical request, and the
/// body's encoding (another representation, another tag).
pub fn etag(defaults: u64, canonical: &str, encoding: Encoding) -> String {
    let h = fen2img_support::digest::stable_hash(&[
        env!("CARGO_PKG_VERSION").as_bytes(),
        &defaults.to_le_bytes(),
        canonical.as_bytes(),
    ]);
    let suffix = match encoding {
        Encoding::Identity => "",
        Encoding::Gzip => "-gz",
        Encoding::Brotli => "-br",
    };
    format!("\"{h:016x}{suffix}\"")
}

/// Whether an `If-None-Match` value names `tag` (or is `*`). Weak tags
/// compare by their opaque part, as RFC 9110 asks for this header.
pub fn none_match(header: &str, tag: &str) -> bool {
    header
        .split(',')
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

/// The encoding to send for an `Accept-Encoding` value (RFC 9110 12.5.3):
/// brotli or gzip, whichever has the higher q-value (an explicit coding
/// over `*`, `q=0` refusing it); brotli on a tie, as it is the smaller.
pub fn negotiate(header: &str) -> Encoding {
    let (mut br, mut gz, mut star) = (None, None, None);
    for item in header.split(',') {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or("");
        let q = parts
            .find_map(|p| {
                let (k, v) = p.split_once('=')?;
                k.trim()
                    .eq_ignore_ascii_case("q")
                    .then(|| v.trim().parse::<f32>().ok())
            })
            .map_or(1.0, |q| q.unwrap_or(0.0));
        let slot = if coding.eq_ignore_ascii_case("br") {
            &mut br
        } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            &mut gz
        } else if coding == "*" {
            &mut star
        } else {
            continue;
        };
        // A coding listed twice keeps its best weight.
        *slot = Some(slot.map_or(q, |old: f32| old.max(q)));
    }
    let br = br.or(star).unwrap_or(0.0);
    let gz = gz.or(star).unwrap_or(0.0);
    if br > 0.0 && br >= gz {
        Encoding::Brotli
    } else if gz > 0.0 {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
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

/// Brotli quality. Measured on a 400 px SVG (12.4 KB; gzip 3,337 bytes in
/// 0.13 ms): quality 5 gives 3,144 bytes in 0.3 ms, while 9 gives the same
/// size in 8 ms and 10 to 11 save another 10% for 6 to 15 ms, more than the
/// render itself. Above 5 the latency is not worth the bytes.
const BROTLI_QUALITY: u32 = 5;

/// Brotli window: 2^22 bytes, the encoder's default; our bodies are smaller.
const BROTLI_WINDOW: u32 = 22;

/// `bytes` brotli-compressed; the encoder has no clock or randomness in its
/// output, so the bytes are the same on every machine.
pub fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() / 4);
    {
        let mut enc =
            ::brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
        // Writing to a Vec cannot fail; dropping the writer finishes the stream.
        let _ = enc.write_all(bytes);
    }
    out
}

/// `reply` with `Connection: close`: after a refused head or an unread
/// body the connection is not worth keeping.
pub fn closing(mut reply: Reply) -> Reply {
    reply
        .headers_mut()
        .insert(CONNECTION, HeaderValue::from_static("close"));
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etags_differ_by_request_defaults_and_encoding() {
        let a = etag(1, "fen=x", Encoding::Identity);
        assert_eq!(a, etag(1, "fen=x", Encoding::Identity));
        assert_ne!(a, etag(2, "fen=x", Encoding::Identity));
        assert_ne!(a, etag(1, "fen=y", Encoding::Identity));
        let gz = etag(1, "fen=x", Encoding::Gzip);
        let br = etag(1, "fen=x", Encoding::Brotli);
        assert!(a != gz && a != br && gz != br);
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
    fn negotiation_follows_q_values_and_prefers_brotli_on_ties() {
        use Encoding::*;
        assert_eq!(negotiate("gzip, deflate, br"), Brotli);
        assert_eq!(negotiate("gzip, deflate, br, zstd"), Brotli);
        assert_eq!(negotiate("br;q=1.0, GZIP;q=0.5"), Brotli);
        assert_eq!(negotiate("br;q=0.4, gzip;q=0.5"), Gzip);
        assert_eq!(negotiate("gzip"), Gzip);
        assert_eq!(negotiate("x-gzip"), Gzip);
        assert_eq!(negotiate("BR"), Brotli);
        assert_eq!(negotiate("gzip;q=0"), Identity);
        assert_eq!(negotiate("br;q=0, gzip;q=0.1"), Gzip);
        assert_eq!(negotiate("identity"), Identity);
        assert_eq!(negotiate(""), Identity);
        assert_eq!(negotiate("*"), Brotli);
        assert_eq!(negotiate("*;q=0.5, br;q=0"), Gzip);
        assert_eq!(negotiate("gzip;q=bogus, br;q=0"), Identity);
        assert_eq!(negotiate("gzip; Q=0.8 , br ; q=0.9"), Brotli);
    }

    #[test]
    fn brotli_round_trips_and_is_deterministic() {
        use std::io::Read;
        let data = b"<svg><path d='M1 2L3 4'/></svg>".repeat(200);
        let packed = brotli(&data);
        assert_eq!(packed, brotli(&data));
        assert!(packed.len() < data.len() / 10);
        let mut out = Vec::new();
        ::brotli::Decompressor::new(&packed[..], 4096)
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, data);
        assert_eq!(Encoding::Brotli.apply(data.clone()), packed);
        assert_eq!(Encoding::Identity.apply(data.clone()), data);
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
