//! Query strings and path segments: percent-decoding into UTF-8 pairs.

/// The decoded `name=value` pairs of a query string, in request order.
///
/// `+` is a space (HTML form encoding, which aiohttp and browsers use), a
/// pair without `=` has an empty value, and empty pairs (`a=1&&b=2`) are
/// skipped. A pair whose bytes are not UTF-8 after decoding is an error
/// naming the parameter.
pub fn pairs(query: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = part.split_once('=').unwrap_or((part, ""));
        let name = decode(name, true).ok_or_else(|| "a parameter name is not UTF-8".to_string())?;
        let value = decode(value, true).ok_or_else(|| {
            format!(
                "{}: the value is not UTF-8",
                fen2img_support::quote::escape(&name)
            )
        })?;
        out.push((name, value));
    }
    Ok(out)
}

/// Percent-decodes `text`; `plus_is_space` for query strings. A `%` not
/// followed by two hex digits stays as it is (as browsers leave it).
/// `None` when the result is not UTF-8.
pub fn decode(text: &str, plus_is_space: bool) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(if plus_is_space && b == b'+' { b' ' } else { b });
        i += 1;
    }
    String::from_utf8(out).ok()
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// The first value named `name`.
pub fn first<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_percent_plus_and_bare_names() {
        let p = pairs("fen=8%2F8+w&flip&&arrow=Ge2e4").unwrap();
        assert_eq!(
            p,
            [
                ("fen".into(), "8/8 w".into()),
                ("flip".into(), String::new()),
                ("arrow".into(), "Ge2e4".into())
            ]
        );
    }

    #[test]
    fn keeps_stray_percent_signs_and_refuses_bad_utf8() {
        assert_eq!(decode("100%", false).as_deref(), Some("100%"));
        assert_eq!(decode("%4", false).as_deref(), Some("%4"));
        assert_eq!(decode("%zz", false).as_deref(), Some("%zz"));
        assert_eq!(decode("a+b", false).as_deref(), Some("a+b"));
        assert_eq!(decode("%ff", true), None);
        assert!(pairs("fen=%ff").unwrap_err().starts_with("fen:"));
    }
}
