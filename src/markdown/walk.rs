//! Which pages `fen2img md` reads: the files named, and the Markdown and
//! HTML files below the directories named, in a deterministic order.
//!
//! The walk visits each directory once, by device and inode, so a link to
//! `.` or two links to each other end (they rendered the page dozens of
//! times, or never ended). It skips the output and assets directories when
//! they lie inside an input, so a second run does not read the first run's
//! output. And a symbolic link whose target lies outside the input tree is
//! not followed (a `notes.md` linking to a secrets file would be published)
//! unless the user says so with `--follow-links`.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One page to process.
#[derive(Debug, Clone)]
pub struct Page {
    /// Where it was found.
    pub source: PathBuf,
    /// Path below its input root (for --out-dir).
    pub relative: PathBuf,
    /// The root the page was found under (for the default assets directory).
    pub root: PathBuf,
}

/// A directory's identity: device and inode.
#[cfg(unix)]
fn identity(meta: &fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn identity(_meta: &fs::Metadata) -> (u64, u64) {
    (0, 0)
}

/// Whether `path` names a page: Markdown, or HTML with `<pre class="fen">`.
pub fn is_page(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("md" | "markdown" | "html" | "htm")
    )
}

/// The walk's settings.
pub struct Walk<'a> {
    /// Directories never entered (the output and assets directories).
    pub skip: &'a [PathBuf],
    /// Follow links whose target lies outside the input tree.
    pub follow_links: bool,
}

/// What a walk found: pages, and notes on what it left out.
#[derive(Debug, Default)]
pub struct Found {
    /// The pages, sorted within each input.
    pub pages: Vec<Page>,
    /// Why some entries were not read, one line each.
    pub skipped: Vec<String>,
}

impl Walk<'_> {
    /// Every page below directory `root`.
    pub fn dir(&self, root: &Path, found: &mut Found) -> io::Result<()> {
        let skip: HashSet<(u64, u64)> = self
            .skip
            .iter()
            .filter_map(|d| fs::metadata(d).ok())
            .map(|m| identity(&m))
            .collect();
        let canonical_root = fs::canonicalize(root)?;
        let mut visited = HashSet::new();
        visited.insert(identity(&fs::metadata(root)?));
        self.walk(root, root, &canonical_root, &skip, &mut visited, found)
    }

    fn walk(
        &self,
        dir: &Path,
        root: &Path,
        canonical_root: &Path,
        skip: &HashSet<(u64, u64)>,
        visited: &mut HashSet<(u64, u64)>,
        found: &mut Found,
    ) -> io::Result<()> {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for path in entries {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with('.') {
                continue;
            }
            let Ok(meta) = fs::metadata(&path) else {
                // A dangling link: nothing to read.
                continue;
            };
            if !meta.is_dir() && !is_page(&path) {
                continue;
            }
            let is_link = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
            if is_link && !self.follow_links {
                let inside = fs::canonicalize(&path).is_ok_and(|t| t.starts_with(canonical_root));
                if !inside {
                    found.skipped.push(format!(
                        "'{}' is a link out of '{}': not read (--follow-links reads it)",
                        path.display(),
                        root.display()
                    ));
                    continue;
                }
            }
            if meta.is_dir() {
                let id = identity(&meta);
                if skip.contains(&id) || !visited.insert(id) {
                    // The output tree, or a directory already walked (a loop).
                    continue;
                }
                self.walk(&path, root, canonical_root, skip, visited, found)?;
            } else {
                let relative = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
                found.pages.push(Page {
                    source: path,
                    relative,
                    root: root.to_path_buf(),
                });
            }
        }
        Ok(())
    }
}

/// Whether writing `path` stays inside directory `tree`: no existing
/// directory on the way is a link that leads out of it. Checked before the
/// directories are made, since making them would follow such a link.
pub fn stays_inside(tree: &Path, path: &Path) -> bool {
    let Ok(canonical_tree) = fs::canonicalize(tree) else {
        // Not made yet: nothing below it exists to lead anywhere.
        return true;
    };
    let Some(mut dir) = path.parent() else {
        return true;
    };
    // The deepest directory that exists already.
    loop {
        if let Ok(real) = fs::canonicalize(dir) {
            return real.starts_with(&canonical_tree);
        }
        match dir.parent() {
            Some(parent) => dir = parent,
            None => return true,
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fen2img-walk-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn walk(root: &Path, skip: &[PathBuf], follow_links: bool) -> Found {
        let mut found = Found::default();
        Walk { skip, follow_links }.dir(root, &mut found).unwrap();
        found
    }

    #[test]
    fn link_loops_are_walked_once() {
        let dir = scratch("loops");
        fs::write(dir.join("a.md"), "x").unwrap();
        fs::create_dir(dir.join("sub")).unwrap();
        symlink(".", dir.join("x")).unwrap();
        symlink("..", dir.join("sub/up")).unwrap();
        let found = walk(&dir, &[], false);
        assert_eq!(found.pages.len(), 1, "{:?}", found.pages);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_output_tree_and_links_out_of_the_input_are_skipped() {
        let dir = scratch("skip");
        let input = dir.join("site");
        fs::create_dir_all(input.join("public")).unwrap();
        fs::write(input.join("a.md"), "x").unwrap();
        fs::write(input.join("public/a.md"), "x").unwrap();
        fs::write(dir.join("secret.md"), "x").unwrap();
        symlink(dir.join("secret.md"), input.join("notes.md")).unwrap();
        symlink("a.md", input.join("b.md")).unwrap();
        let found = walk(&input, &[input.join("public")], false);
        let names: Vec<_> = found.pages.iter().map(|p| p.relative.clone()).collect();
        assert_eq!(names, [PathBuf::from("a.md"), PathBuf::from("b.md")]);
        assert!(found.skipped[0].contains("notes.md"), "{:?}", found.skipped);
        assert_eq!(walk(&input, &[input.join("public")], true).pages.len(), 3);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_through_a_link_out_of_the_tree_are_seen() {
        let dir = scratch("inside");
        let out = dir.join("out");
        fs::create_dir_all(out.join("real")).unwrap();
        fs::create_dir_all(dir.join("elsewhere")).unwrap();
        symlink(dir.join("elsewhere"), out.join("posts")).unwrap();
        assert!(stays_inside(&out, &out.join("real/new/x.md")));
        assert!(!stays_inside(&out, &out.join("posts/x.md")));
        assert!(!stays_inside(&out, &out.join("posts/deeper/x.md")));
        assert!(stays_inside(&dir.join("none"), &dir.join("none/x.md")));
        fs::remove_dir_all(&dir).unwrap();
    }
}
