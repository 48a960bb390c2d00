//! Hugo sites, recognised so that the two settings a Hugo site needs are
//! hard to miss. Hugo's Markdown renderer (Goldmark) replaces raw HTML,
//! and so every diagram, by `<!-- raw HTML omitted -->` unless
//! `markup.goldmark.renderer.unsafe` is true; and Hugo serves a page at a
//! directory URL (`content/posts/opening.md` at `/posts/opening/`), so an
//! image link relative to the page's file points one level too shallow
//! unless `--assets-url` gives an absolute one.

use std::path::{Path, PathBuf};

use crate::output::read::read_regular;

/// Site configuration files Hugo reads, in its order of precedence.
const HUGO_FILES: [&str; 4] = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"];
/// Older names, shared with other generators (Zola's `config.toml`).
const CONFIG_FILES: [&str; 4] = ["config.toml", "config.yaml", "config.yml", "config.json"];
/// A configuration file is small; a larger one is not read.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// A Hugo site's configuration file and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HugoSite {
    /// The configuration file.
    pub config: PathBuf,
    /// Whether it sets Goldmark's `unsafe = true`.
    pub unsafe_html: bool,
    /// Whether it sets `uglyURLs = true` (pages at `x.html`, not `x/`).
    pub ugly_urls: bool,
}

/// Whether a line sets `key` to true, in TOML, YAML or JSON.
fn sets_true(text: &str, key: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim().to_ascii_lowercase();
        let Some(rest) = line
            .strip_prefix(key)
            .or_else(|| line.strip_prefix(&format!("\"{key}\"")))
        else {
            return false;
        };
        let value = rest.trim_start().trim_start_matches(['=', ':']).trim();
        value.trim_end_matches(',') == "true"
    })
}

/// What a configuration file says, if it is Hugo's: a `hugo.*` file, or a
/// `config.*` file with Hugo's `baseURL` (Zola writes `base_url`).
fn read_site(path: &Path, hugo_name: bool) -> Option<HugoSite> {
    let bytes = read_regular(path, MAX_CONFIG_BYTES).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    if !hugo_name && !text.to_ascii_lowercase().contains("baseurl") {
        return None;
    }
    Some(HugoSite {
        config: path.to_path_buf(),
        unsafe_html: sets_true(&text, "unsafe"),
        ugly_urls: sets_true(&text, "uglyurls"),
    })
}

/// The Hugo site that `input` (a content directory or page) belongs to:
/// the configuration file in its directory or the nearest one above, also
/// under `config/_default/`.
pub fn find_site(input: &Path) -> Option<HugoSite> {
    let start = std::path::absolute(input).ok()?;
    let mut dir = if start.is_dir() {
        Some(start.as_path())
    } else {
        start.parent()
    };
    while let Some(d) = dir {
        for base in [d.to_path_buf(), d.join("config/_default")] {
            for (names, hugo) in [(&HUGO_FILES, true), (&CONFIG_FILES, false)] {
                for name in names {
                    let path = base.join(name);
                    if path.is_file() {
                        if let Some(site) = read_site(&path, hugo) {
                            return Some(site);
                        }
                    }
                }
            }
        }
        dir = d.parent();
    }
    None
}

/// Warnings for a Hugo site, one line each: what to change and where.
pub fn warnings(site: &HugoSite, images: bool, assets_url: bool) -> Vec<String> {
    let config = site.config.display();
    let mut out = Vec::new();
    if !site.unsafe_html {
        out.push(format!(
            "this is a Hugo site ({config}), whose Markdown renderer replaces every diagram \
             by <!-- raw HTML omitted --> unless {config} sets \
             [markup.goldmark.renderer] unsafe = true"
        ));
    }
    if images && !assets_url && !site.ugly_urls {
        out.push(format!(
            "this is a Hugo site ({config}), which serves each page at a directory URL \
             (posts/x.md at /posts/x/), so image links relative to the page break: \
             put the images under static/ and give their URL, e.g. \
             --assets static/diagrams --assets-url /diagrams/"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_in_toml_yaml_and_json() {
        assert!(sets_true(
            "[markup.goldmark.renderer]\n  unsafe = true\n",
            "unsafe"
        ));
        assert!(sets_true(
            "markup:\n  goldmark:\n    renderer:\n      unsafe: true\n",
            "unsafe"
        ));
        let json = "{\n \"markup\": {\n  \"goldmark\": {\n   \"renderer\": {\n    \"unsafe\": true\n   }\n  }\n }\n}\n";
        assert!(sets_true(json, "unsafe"));
        assert!(!sets_true("unsafe = false\n", "unsafe"));
        assert!(!sets_true("# unsafe = true\n", "unsafe"));
        assert!(sets_true("uglyURLs = true\n", "uglyurls"));
    }

    #[test]
    fn hugo_sites_are_found_above_the_content_and_zola_is_not_hugo() {
        let dir = std::env::temp_dir().join(format!("fen2img-hugo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("content/posts")).unwrap();
        std::fs::write(dir.join("config.toml"), "base_url = \"https://x\"\n").unwrap();
        assert_eq!(find_site(&dir.join("content")), None, "Zola's config");
        std::fs::write(dir.join("hugo.toml"), "baseURL = 'https://x/'\n").unwrap();
        let site = find_site(&dir.join("content/posts")).unwrap();
        assert_eq!(site.config, dir.join("hugo.toml"));
        assert!(!site.unsafe_html);
        assert_eq!(warnings(&site, true, false).len(), 2);
        assert_eq!(warnings(&site, false, false).len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
