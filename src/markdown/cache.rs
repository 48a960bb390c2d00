//! `fen2img md --out-dir`: which pages are already up to date, so a run with
//! nothing changed renders nothing. One line per page in
//! `OUT/.fen2img-md-cache`: the source's key (its bytes, the options and
//! fen2img's version), the hash of the page written, the page's path and
//! the images it refers to. A page is skipped only when its key matches and
//! its output and images are still there, with the output's bytes unchanged.
//!
//! Not covered: a theme or piece file named by `--defaults` that changes on
//! disk under the same name (delete the cache file to force a full run).

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use fen2img_render::fingerprint::stable_hash;

/// The cache file's name in the output directory.
pub const FILE: &str = ".fen2img-md-cache";

/// What was written for one page.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    key: u64,
    output: u64,
    assets: Vec<String>,
}

/// The page cache of one output directory.
#[derive(Debug, Default)]
pub struct PageCache {
    entries: HashMap<String, Entry>,
}

impl PageCache {
    /// Reads `path`; a missing or unreadable cache is empty (a full run).
    pub fn load(path: &Path) -> PageCache {
        let mut cache = PageCache::default();
        let Ok(text) = fs::read_to_string(path) else {
            return cache;
        };
        for line in text.lines() {
            let mut fields = line.split('\t');
            let (Some(key), Some(output), Some(page), assets) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let (Ok(key), Ok(output)) = (
                u64::from_str_radix(key, 16),
                u64::from_str_radix(output, 16),
            ) else {
                continue;
            };
            let assets = assets
                .unwrap_or("")
                .split(',')
                .filter(|a| !a.is_empty())
                .map(String::from)
                .collect();
            cache.entries.insert(
                page.to_string(),
                Entry {
                    key,
                    output,
                    assets,
                },
            );
        }
        cache
    }

    /// Whether `dest` was written from a source of this `key` and is intact.
    pub fn fresh(&self, dest: &Path, key: u64, assets_dir: &Path) -> bool {
        let Some(entry) = self.entries.get(&dest.to_string_lossy().into_owned()) else {
            return false;
        };
        entry.key == key
            && entry.assets.iter().all(|a| assets_dir.join(a).is_file())
            && fs::read(dest).is_ok_and(|bytes| stable_hash(&[&bytes]) == entry.output)
    }

    /// Records that `dest` now holds `output`, made from a source of `key`.
    pub fn record(&mut self, dest: &Path, key: u64, output: &[u8], assets: Vec<String>) {
        self.entries.insert(
            dest.to_string_lossy().into_owned(),
            Entry {
                key,
                output: stable_hash(&[output]),
                assets,
            },
        );
    }

    /// The cache as text, sorted by page (deterministic).
    pub fn text(&self) -> String {
        let mut pages: Vec<&String> = self.entries.keys().collect();
        pages.sort();
        let mut out = String::new();
        for page in pages {
            let e = &self.entries[page];
            out.push_str(&format!(
                "{:016x}\t{:016x}\t{page}\t{}\n",
                e.key,
                e.output,
                e.assets.join(",")
            ));
        }
        out
    }
}

/// The cache file of output directory `out`.
pub fn path(out: &Path) -> PathBuf {
    out.join(FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_fresh_only_while_key_and_output_match() {
        let dir = std::env::temp_dir().join(format!("fen2img-cache-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let page = dir.join("p.md");
        fs::write(&page, "out").unwrap();
        let mut cache = PageCache::default();
        cache.record(&page, 7, b"out", Vec::new());
        let cache = {
            fs::write(path(&dir), cache.text()).unwrap();
            PageCache::load(&path(&dir))
        };
        assert!(cache.fresh(&page, 7, &dir));
        assert!(!cache.fresh(&page, 8, &dir), "the source changed");
        fs::write(&page, "edited").unwrap();
        assert!(!cache.fresh(&page, 7, &dir), "the output was edited");
        let mut with_asset = PageCache::default();
        with_asset.record(&page, 7, b"edited", vec!["gone.png".into()]);
        assert!(!with_asset.fresh(&page, 7, &dir), "an image is missing");
        let _ = fs::remove_dir_all(&dir);
    }
}
