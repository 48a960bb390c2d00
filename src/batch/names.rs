//! `--name` templates, and ids made safe as file names.

use fen2img_render::fingerprint::diagram_digest;

use crate::failure::Failure;

/// Width of the zero-padded `{n}`.
const N_WIDTH: usize = 6;

/// Longest `{id}` kept in a file name.
const MAX_ID_LEN: usize = 100;

/// Names Windows reserves for devices, with any extension and in any case
/// (`nul.png` is the null device there): a file copied to Windows must not
/// take one.
const WINDOWS_DEVICES: [&str; 4] = ["CON", "PRN", "AUX", "NUL"];

/// A parsed `--name` template.
pub struct NameTemplate {
    parts: Vec<Part>,
}

enum Part {
    Literal(String),
    N,
    Id,
    Hash,
    Ext,
}

impl NameTemplate {
    /// Parses a template; only safe literal characters and the four
    /// placeholders are allowed, so a name never leaves the directory.
    pub fn parse(text: &str) -> Result<NameTemplate, Failure> {
        let mut parts = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                parts.push(Part::Literal(rest[..open].to_string()));
            }
            let close = rest[open..]
                .find('}')
                .ok_or_else(|| Failure::invalid(format!("--name '{text}': '{{' without '}}'")))?
                + open;
            parts.push(match &rest[open + 1..close] {
                "n" => Part::N,
                "id" => Part::Id,
                "hash" => Part::Hash,
                "ext" => Part::Ext,
                other => {
                    return Err(Failure::invalid(format!(
                        "--name '{text}': unknown placeholder {{{other}}}; \
                         use {{n}}, {{id}}, {{hash}} or {{ext}}"
                    )))
                }
            });
            rest = &rest[close + 1..];
        }
        if !rest.is_empty() {
            parts.push(Part::Literal(rest.to_string()));
        }
        for p in &parts {
            if let Part::Literal(l) = p {
                if !l.chars().all(|c| safe_char(c) || c == ' ') || l.contains("..") {
                    return Err(Failure::invalid(format!(
                        "--name '{text}': only letters, digits, '.', '-', '_' and spaces \
                         may stand outside placeholders (no '/', no '..')"
                    )));
                }
            }
        }
        if parts.is_empty() {
            return Err(Failure::invalid("--name is empty"));
        }
        Ok(NameTemplate { parts })
    }

    /// Whether every line gets its own name whatever the input says.
    pub fn unique_by_line(&self) -> bool {
        self.parts.iter().any(|p| matches!(p, Part::N))
    }

    /// The file name for line `n` with EPD `id`, canonical `fen`, and options
    /// whose [`fen2img_render::fingerprint::options_digest`] is `options`.
    pub fn expand(&self, n: usize, id: Option<&str>, fen: &str, options: u64, ext: &str) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Literal(l) => out.push_str(l),
                Part::N => out.push_str(&format!("{n:0N_WIDTH$}")),
                Part::Id => match id.and_then(safe_id) {
                    Some(id) => out.push_str(&id),
                    None => out.push_str(&format!("{n:0N_WIDTH$}")),
                },
                Part::Hash => {
                    let h = diagram_digest(fen, options);
                    out.push_str(&format!("{h:016x}")[..12]);
                }
                Part::Ext => out.push_str(ext),
            }
        }
        // A name made only of dots (".", "..") would not be a file.
        if out.trim_matches('.').is_empty() {
            out = format!("{n:0N_WIDTH$}");
        }
        // A literal template such as `nul.{ext}` is made safe the same way.
        if is_windows_device(&out) {
            out.insert(0, '_');
        }
        out
    }
}

fn safe_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')
}

/// Whether `name` is a Windows device name (`CON`, `nul.png`, `Com1.svg`,
/// `LPT9.tar.gz`): what comes before the first dot, in any case.
fn is_windows_device(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or("").to_ascii_uppercase();
    if WINDOWS_DEVICES.contains(&stem.as_str()) {
        return true;
    }
    let bytes = stem.as_bytes();
    bytes.len() == 4
        && (stem.starts_with("COM") || stem.starts_with("LPT"))
        && (b'1'..=b'9').contains(&bytes[3])
}

/// An EPD id as a file name part: unsafe characters become `_`, no leading
/// dots, no `..`, no Windows device name (`CON` becomes `_CON`), at most
/// [`MAX_ID_LEN`] bytes. `None` if nothing remains.
pub fn safe_id(id: &str) -> Option<String> {
    let mut s: String = id
        .chars()
        .map(|c| if safe_char(c) { c } else { '_' })
        .collect();
    while s.contains("..") {
        s = s.replace("..", "_");
    }
    while s.contains("__") {
        s = s.replace("__", "_");
    }
    let s = s.trim_start_matches('.');
    let mut s: String = s.chars().take(MAX_ID_LEN).collect();
    if s.trim_matches('_').is_empty() {
        return None;
    }
    if is_windows_device(&s) {
        s.insert(0, '_');
        s.truncate(MAX_ID_LEN);
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_cannot_escape_the_directory() {
        assert_eq!(safe_id("../../etc/x").as_deref(), Some("_etc_x"));
        assert_eq!(safe_id("/abs/path").as_deref(), Some("_abs_path"));
        assert_eq!(safe_id("..").as_deref(), None);
        assert_eq!(safe_id("a\u{0}b\nc").as_deref(), Some("a_b_c"));
        assert_eq!(safe_id("BK.01").as_deref(), Some("BK.01"));
        assert_eq!(safe_id(&"y".repeat(500)).map(|s| s.len()), Some(MAX_ID_LEN));
    }

    #[test]
    fn windows_device_names_are_made_safe() {
        for id in [
            "CON",
            "con",
            "PRN",
            "aux",
            "Nul",
            "COM1",
            "com9",
            "LPT1",
            "lpt9",
            "NUL.txt",
            "con.tar.gz",
            "Com3.x",
        ] {
            let safe = safe_id(id).unwrap();
            assert_eq!(safe, format!("_{id}"), "{id}");
            assert!(!is_windows_device(&safe));
        }
        for id in [
            "CONSOLE", "COM0", "COM10", "LPT", "NULL", "xCON", "AUX_1", "COMA",
        ] {
            assert_eq!(safe_id(id).as_deref(), Some(id), "{id} is not a device");
        }
        assert_eq!(
            safe_id(&format!("CON.{}", "y".repeat(200))).map(|s| s.len()),
            Some(MAX_ID_LEN)
        );
        let t = NameTemplate::parse("{id}.{ext}").unwrap();
        assert_eq!(t.expand(1, Some("nul"), "f", 0, "png"), "_nul.png");
        let literal = NameTemplate::parse("aux.{ext}").unwrap();
        assert_eq!(literal.expand(1, None, "f", 0, "svg"), "_aux.svg");
    }

    #[test]
    fn templates_expand_and_refuse_paths() {
        let t = NameTemplate::parse("pos-{n}-{id}.{ext}").unwrap();
        assert_eq!(t.expand(7, None, "f", 0, "png"), "pos-000007-000007.png");
        assert_eq!(
            t.expand(7, Some("BK.01"), "f", 0, "svg"),
            "pos-000007-BK.01.svg"
        );
        let h = NameTemplate::parse("{hash}.{ext}").unwrap();
        let a = h.expand(1, None, "fen a", 1, "png");
        assert_eq!(a.len(), 16);
        assert_eq!(a, h.expand(2, None, "fen a", 1, "png"));
        assert_ne!(a, h.expand(1, None, "fen b", 1, "png"));
        assert_ne!(a, h.expand(1, None, "fen a", 2, "png"));
        assert!(NameTemplate::parse("../{n}").is_err());
        assert!(NameTemplate::parse("a/{n}").is_err());
        assert!(NameTemplate::parse("{nope}").is_err());
        assert!(NameTemplate::parse("{n").is_err());
        assert!(!NameTemplate::parse("{id}.{ext}").unwrap().unique_by_line());
    }
}
