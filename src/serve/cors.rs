//! Cross-origin requests: which origins `--cors` allows, the headers every
//! response carries for them, and the answer to a browser's `OPTIONS`
//! preflight.
//!
//! `--cors '*'` lets every page read our images; `--cors
//! https://a.org,https://b.org` lets those pages only, by echoing the
//! request's `Origin` when it is one of them. An echoed origin makes the
//! response depend on `Origin`, so such responses say `Vary: Origin` (else a
//! shared cache could hand one site's answer to another); `*` does not vary.

use hyper::header::{
    HeaderMap, HeaderValue, ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS,
    ACCESS_CONTROL_ALLOW_ORIGIN, ACCESS_CONTROL_EXPOSE_HEADERS, ACCESS_CONTROL_MAX_AGE, ALLOW,
    CACHE_CONTROL, CONTENT_TYPE, ORIGIN, VARY,
};
use hyper::StatusCode;

use super::response::{text, Reply};

/// The request headers a page may send us beyond the CORS-safelisted ones:
/// the JSON body type of `POST /game.gif` and the cache validator.
const ALLOW_HEADERS: &str = "Content-Type, If-None-Match";

/// How long (seconds) a browser may keep a preflight's answer: a day, the
/// most Firefox honours (Chromium caps at 2 hours).
const MAX_AGE: &str = "86400";

/// The origins `--cors` allows.
#[derive(Debug, Clone, PartialEq)]
pub enum Cors {
    /// `*`: any page.
    Any,
    /// These origins, each echoed back when it asks.
    Listed(Vec<HeaderValue>),
}

impl Cors {
    /// Reads `--cors`: `*` or a comma-separated list of origins
    /// (`https://example.org`).
    pub fn parse(arg: &str) -> Result<Cors, String> {
        if arg.trim() == "*" {
            return Ok(Cors::Any);
        }
        let origins = arg
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .map(|o| {
                HeaderValue::from_str(o).map_err(|_| {
                    format!(
                        "--cors: '{}' cannot be a header value",
                        fen2img_support::quote::escape(o)
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if origins.is_empty() {
            return Err("--cors: give * or a comma-separated list of origins".into());
        }
        Ok(Cors::Listed(origins))
    }

    /// The `Access-Control-Allow-Origin` for a request from `origin`, if any.
    fn allow_origin(&self, origin: Option<&HeaderValue>) -> Option<HeaderValue> {
        match self {
            Cors::Any => Some(HeaderValue::from_static("*")),
            Cors::Listed(list) => origin.filter(|o| list.contains(o)).cloned(),
        }
    }

    /// Adds the CORS headers to a response for a request with
    /// `request_headers`: the allowed origin, `ETag` readable by scripts,
    /// and `Vary: Origin` whenever the answer depends on the origin.
    pub fn decorate(&self, request_headers: &HeaderMap, response: &mut HeaderMap) {
        if let Some(origin) = self.allow_origin(request_headers.get(ORIGIN)) {
            response.insert(ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            response.insert(
                ACCESS_CONTROL_EXPOSE_HEADERS,
                HeaderValue::from_static("ETag"),
            );
        }
        if matches!(self, Cors::Listed(_)) {
            response.append(VARY, HeaderValue::from_static("Origin"));
        }
    }
}

/// The answer to `OPTIONS` (a CORS preflight or a plain question): `204`
/// with the path's methods (`methods`, the route's `Allow`), the headers a page may send and how long to
/// remember it. The allowed origin is added by [`Cors::decorate`] like on
/// every response; without `--cors` a browser then refuses the real request,
/// which is what no `--cors` means.
pub fn preflight(methods: &'static str) -> Reply {
    let mut r = text(StatusCode::NO_CONTENT, "");
    *r.body_mut() = Default::default();
    let methods = HeaderValue::from_static(methods);
    let h = r.headers_mut();
    h.remove(CONTENT_TYPE);
    h.insert(ALLOW, methods.clone());
    h.insert(ACCESS_CONTROL_ALLOW_METHODS, methods);
    h.insert(
        ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static(ALLOW_HEADERS),
    );
    h.insert(ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static(MAX_AGE));
    // Shared caches must not keep a preflight answer beyond its Max-Age.
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request_from(origin: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(ORIGIN, HeaderValue::from_str(origin).unwrap());
        h
    }

    #[test]
    fn star_allows_everyone_without_vary() {
        let cors = Cors::parse("*").unwrap();
        let mut out = HeaderMap::new();
        cors.decorate(&request_from("https://a.org"), &mut out);
        assert_eq!(out[ACCESS_CONTROL_ALLOW_ORIGIN], "*");
        assert!(out.get(VARY).is_none());
    }

    #[test]
    fn a_list_echoes_members_only_and_always_varies() {
        let cors = Cors::parse("https://a.org, https://b.org").unwrap();
        let mut out = HeaderMap::new();
        cors.decorate(&request_from("https://b.org"), &mut out);
        assert_eq!(out[ACCESS_CONTROL_ALLOW_ORIGIN], "https://b.org");
        assert_eq!(out[VARY], "Origin");
        let mut other = HeaderMap::new();
        other.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
        cors.decorate(&request_from("https://evil.org"), &mut other);
        assert!(other.get(ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
        let vary: Vec<_> = other.get_all(VARY).iter().collect();
        assert_eq!(vary, ["Accept-Encoding", "Origin"]);
    }

    #[test]
    fn bad_lists_are_refused() {
        assert!(Cors::parse(" , ").is_err());
        assert!(Cors::parse("https://a\u{1}.org").is_err());
    }

    #[test]
    fn preflight_names_the_paths_methods() {
        let r = preflight("POST, OPTIONS");
        assert_eq!(r.status(), StatusCode::NO_CONTENT);
        assert_eq!(r.headers()[ACCESS_CONTROL_ALLOW_METHODS], "POST, OPTIONS");
        assert_eq!(r.headers()[ALLOW], "POST, OPTIONS");
        assert_eq!(r.headers()[ACCESS_CONTROL_MAX_AGE], "86400");
    }
}
