//! `fen2img md --out-dir`: which pages are already up to date, so a run with
//! nothing changed renders nothing. One line per page in
//! `OUT/.fen2img-md-cache`: the source's key (its bytes, the options and
//! fen2img's version), the hash of the page written, the page's path and
//! the images it refers to with the hash of each one's bytes. A page is
//! skipped only when its key matches and its output and images are still
//! there with their bytes unchanged (a truncated image is made again).
//! Every file is read bounded (`--max-page-size`): a FIFO or a link to
//! `/dev/zero` in place of the cache or a page is not fresh, never a hang.
//!
//! Not covered: a theme or piece file named by `--defaults` that changes on
//! disk under the same name (delete the cache file to force a full run).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use fen2img_support::digest::stable_hash;

use super::page::Asset;
use crate::output::read::read_regular;

/// The cache file's name in the output directory.
pub const FILE: &str = ".fen2img-md-cache";

/// What was written for one page.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    key: u64,
    output: u64,
    /// Image names with the hash of their bytes.
    assets: Vec<(String, u64)>,
}

/// The page cache of one output directory.
#[derive(Debug, Default)]
pub struct PageCache {
    entries: HashMap<String, Entry>,
}

impl PageCache {
    /// Reads `path` (at most `limit` bytes); a missing, unreadable or
    /// too large cache is empty (a full run).
    pub fn load(path: &Path, limit: u64) -> PageCache {
        let mut cache = PageCache::default();
        let Ok(bytes) = read_regular(path, limit) else {
            return cache;
        };
        let text = String::from_utf8_lossy(&bytes);
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
            // `name:hash`; an entry of an older format is never fresh.
            let assets = assets
                .unwrap_or("")
                .split(',')
                .filter(|a| !a.is_empty())
                .map(|a| {
                    let (name, hash) = a.split_once(':').unwrap_or((a, ""));
                    (name.to_string(), u64::from_str_radix(hash, 16).unwrap_or(0))
                })
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

    /// Whether `dest` was written from a source of this `key` and it and
    /// its images still hold what was written (files read up to `limit`).
    pub fn fresh(&self, dest: &Path, key: u64, assets_dir: &Path, limit: u64) -> bool {
        let Some(entry) = self.entries.get(&dest.to_string_lossy().into_owned()) else {
            return false;
        };
        let holds = |path: &Path, hash: u64| {
            read_regular(path, limit).is_ok_and(|bytes| stable_hash(&[&bytes]) == hash)
        };
        entry.key == key
            && entry
                .assets
                .iter()
                .all(|(name, hash)| holds(&assets_dir.join(name), *hash))
            && holds(dest, entry.output)
    }

    /// Records that `dest` now holds `output`, made from a source of `key`,
    /// with these images.
    pub fn record(&mut self, dest: &Path, key: u64, output: &[u8], assets: &[Asset]) {
        self.entries.insert(
            dest.to_string_lossy().into_owned(),
            Entry {
                key,
                output: stable_hash(&[output]),
                assets: assets
                    .iter()
                    .map(|a| (a.name.clone(), stable_hash(&[&a.bytes])))
                    .collect(),
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
                e.assets
                    .iter()
                    .map(|(name, hash)| format!("{name}:{hash:016x}"))
                    .collect::<Vec<_>>()
                    .join(",")
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
    fn a_page_is_fresh_only_while_key_output_and_images_match() {
        use std::fs;
        let dir = std::env::temp_dir().join(format!("fen2img-cache-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let page = dir.join("p.md");
        fs::write(&page, "out").unwrap();
        let mut cache = PageCache::default();
        cache.record(&page, 7, b"out", &[]);
        let cache = {
            fs::write(path(&dir), cache.text()).unwrap();
            PageCache::load(&path(&dir), 1 << 20)
        };
        assert!(cache.fresh(&page, 7, &dir, 1 << 20));
        assert!(!cache.fresh(&page, 8, &dir, 1 << 20), "the source changed");
        assert!(
            !cache.fresh(&page, 7, &dir, 2),
            "the output is over the limit"
        );
        fs::write(&page, "edited").unwrap();
        assert!(
            !cache.fresh(&page, 7, &dir, 1 << 20),
            "the output was edited"
        );
        let image = Asset {
            name: "a.png".into(),
            bytes: b"png".to_vec(),
        };
        let mut with_asset = PageCache::default();
        with_asset.record(&page, 7, b"edited", std::slice::from_ref(&image));
        assert!(
            !with_asset.fresh(&page, 7, &dir, 1 << 20),
            "an image is missing"
        );
        fs::write(dir.join("a.png"), "png").unwrap();
        assert!(with_asset.fresh(&page, 7, &dir, 1 << 20));
        fs::write(dir.join("a.png"), "").unwrap();
        assert!(
            !with_asset.fresh(&page, 7, &dir, 1 << 20),
            "an image was truncated"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_for_a_cache_is_an_empty_cache() {
        let dir = std::env::temp_dir().join(format!("fen2img-cache-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(path(&dir))
            .status()
            .unwrap();
        assert!(made.success());
        assert!(PageCache::load(&path(&dir), 1 << 20).text().is_empty());
        let zero = dir.join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(PageCache::load(&zero, 1 << 20).text().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
