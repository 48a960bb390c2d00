//! `fen2img md`: rewrites Markdown pages for a static-site generator (Hugo,
//! Zola, Jekyll, Eleventy, Astro) as a pre-build step, every fen block
//! replaced by its diagram.

use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use rayon::prelude::*;

use fen2img_render::Format;
use fen2img_support::quote::escape;

use fen2img_support::digest::stable_hash;

use super::cache::{self, PageCache};
use super::diagram::{DiagramMaker, DocError};
use super::files::{write_if_changed, write_page_if_changed, WriteOutcome};
use super::hugo;
use super::info;
use super::lines::LineIndex;
use super::page::{rewrite, rewrite_html, Images, Rewritten};
use super::tally::{self, Blocks};
use super::walk::{self, Found, Page, Walk};
use crate::args::markdown::{ImageArg, MdArgs};
use crate::failure::{count, error, warn, Failure, EXIT_INVALID, EXIT_OK};
use crate::output::read::read_regular;

/// Parses `--defaults` texts into attributes (the same syntax as a fence's
/// info string).
pub fn defaults_from(texts: &[String]) -> Result<Vec<info::Attr>, Failure> {
    let mut attrs = Vec::new();
    for text in texts {
        let parsed = info::parse(&format!("fen {text}")).map_err(|e| {
            Failure::invalid(format!(
                "--defaults: column {}: {}",
                e.column.saturating_sub(4),
                e.message
            ))
        })?;
        attrs.extend(parsed);
    }
    Ok(attrs)
}

fn is_html(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "htm")
    )
}

/// A page's text: read bounded, and UTF-8, or an error at the first byte
/// that is not (exit 2, as `batch` reports a bad line).
fn read_page(path: &Path, limit: u64) -> Result<String, Failure> {
    let bytes = read_regular(path, limit)
        .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        // The text before the bad byte is valid: index it for the position.
        let before = std::str::from_utf8(&bytes[..valid]).unwrap_or("");
        let (line, column) = LineIndex::new(before).position(valid);
        Failure::invalid(located(
            &path.display().to_string(),
            &DocError {
                line,
                column,
                message: format!(
                    "byte 0x{:02x} is not UTF-8: pages are UTF-8 text",
                    bytes[valid]
                ),
            },
        ))
    })
}

/// The URL path from directory `from` to directory `to`, ending in `/`.
fn relative_url(from: &Path, to: &Path) -> String {
    // The empty path (a page in the current directory) is `.`: made
    // absolute as is, it failed and the URL began at the root.
    let abs = |p: &Path| {
        let p = if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        };
        std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
    };
    let normal = |p: PathBuf| -> Vec<String> {
        let mut parts: Vec<String> = Vec::new();
        for c in p.components() {
            match c {
                Component::ParentDir => {
                    parts.pop();
                }
                Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
                _ => {}
            }
        }
        parts
    };
    let (from, to) = (normal(abs(from)), normal(abs(to)));
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut url = "../".repeat(from.len() - common);
    for part in &to[common..] {
        url.push_str(part);
        url.push('/');
    }
    url
}

/// Runs `fen2img md`: finds the pages, rewrites them all (in parallel),
/// reports what each block gave, then writes them unless a block failed.
pub fn run(args: &MdArgs) -> Result<u8, Failure> {
    if !args.check && !args.in_place && args.out_dir.is_none() {
        return Err(Failure::invalid(
            "say where the pages go: --out-dir DIR or --in-place (or --check to only validate)",
        ));
    }
    let defaults = defaults_from(&args.defaults)?;
    let pages = find_pages(args)?;
    let assets_dir = assets_dir(args, &pages);
    // With --out-dir, pages whose source and options are unchanged since
    // the last run (and whose output is intact) are not even rendered.
    let cache_path = args
        .out_dir
        .as_deref()
        .filter(|_| !args.check)
        .map(cache::path);
    let mut cache = cache_path
        .as_deref()
        .map(|p| PageCache::load(p, args.max_page_size))
        .unwrap_or_default();
    let rewritten = rewrite_pages(args, &pages, &defaults, &assets_dir, &cache, &cache_path)?;
    let tally = report(args, &pages, &rewritten);
    let mut written = 0;
    if !args.check && (tally.errors == 0 || args.keep_going) {
        written = write_pages(args, &pages, &rewritten, &assets_dir, &mut cache)?;
        if let Some(path) = &cache_path {
            write_if_changed(path, cache.text().as_bytes())
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
        }
    }
    finish(args, &pages, &rewritten, &tally, written)
}

/// The pages named on the command line: files as they are, directories
/// walked (skipping the output and assets directories). Says on stderr
/// what the walk skipped and what a Hugo site needs.
fn find_pages(args: &MdArgs) -> Result<Vec<Page>, Failure> {
    // The output and assets directories are never read as input.
    let skip: Vec<PathBuf> = args.out_dir.iter().chain(&args.assets).cloned().collect();
    let walker = Walk {
        skip: &skip,
        follow_links: args.follow_links,
    };
    let mut found = Found::default();
    for input in &args.inputs {
        if input.is_dir() {
            walker.dir(input, &mut found).map_err(|e| {
                Failure::io(format!("cannot read directory '{}': {e}", input.display()))
            })?;
        } else {
            let relative = PathBuf::from(input.file_name().unwrap_or(input.as_os_str()));
            let root = input.parent().unwrap_or(Path::new("")).to_path_buf();
            found.pages.push(Page {
                source: input.clone(),
                relative,
                root,
            });
        }
    }
    for note in &found.skipped {
        warn(note);
    }
    if let Some(site) = args.inputs.first().and_then(|i| hugo::find_site(i)) {
        for w in hugo::warnings(&site, args.images.is_some(), args.assets_url.is_some()) {
            warn(&w);
        }
    }
    Ok(found.pages)
}

/// Where images go: `--assets`, or `diagrams/` in the output directory
/// (in place: beside the first page).
fn assets_dir(args: &MdArgs, pages: &[Page]) -> PathBuf {
    args.assets.clone().unwrap_or_else(|| {
        let base = match &args.out_dir {
            Some(out) => out.clone(),
            None => pages.first().map(|p| p.root.clone()).unwrap_or_default(),
        };
        base.join("diagrams")
    })
}

/// Where `page` is written: in the output tree, or over itself.
fn destination(args: &MdArgs, page: &Page) -> PathBuf {
    match &args.out_dir {
        Some(out) => out.join(&page.relative),
        None => page.source.clone(),
    }
}

/// A page rewritten, with the cache key of its source and options; `None`
/// for a page the cache shows unchanged.
type Rewrite = Option<(Rewritten, u64)>;

/// Every page rewritten in memory. Pages are independent: one diagram maker
/// (renderer cache) per thread. Everything is rendered before anything is
/// written, so without --keep-going one bad block leaves every output as
/// it was. A page that cannot be read stops the run.
fn rewrite_pages(
    args: &MdArgs,
    pages: &[Page],
    defaults: &[info::Attr],
    assets_dir: &Path,
    cache: &PageCache,
    cache_path: &Option<PathBuf>,
) -> Result<Vec<Rewrite>, Failure> {
    let format = match args.images {
        Some(ImageArg::Png) => Format::PNG,
        _ => Format::SVG,
    };
    let limit = args.max_page_size;
    let signature = format!(
        "{}\n{:?}\n{:?}\n{}\n{}",
        env!("CARGO_PKG_VERSION"),
        args.images,
        args.assets_url,
        assets_dir.display(),
        args.defaults.join("\n")
    );
    let key_of = |text: &str| stable_hash(&[signature.as_bytes(), text.as_bytes()]);
    let pdf = args.images == Some(ImageArg::Pdf);
    if let Some(page) = pages.iter().find(|p| pdf && is_html(&p.source)) {
        return Err(Failure::invalid(format!(
            "--images pdf: '{}' is an HTML page, which cannot show a PDF as an image; \
             PDF figures are for Markdown bound for LaTeX (use --images svg or png)",
            escape(&page.source.display().to_string())
        )));
    }
    let results: Vec<Result<Rewrite, Failure>> = pages
        .par_iter()
        .map_init(
            || {
                let mut maker = DiagramMaker::new(format, defaults.to_vec());
                // A document bound for PDF cannot show a GIF either.
                maker.set_pdf(pdf);
                maker.set_stills_only(pdf);
                maker
            },
            |maker, page| {
                let text = read_page(&page.source, limit)?;
                let key = key_of(&text);
                let dest = destination(args, page);
                if cache_path.is_some() && cache.fresh(&dest, key, assets_dir, limit) {
                    return Ok(None);
                }
                let url = args.assets_url.clone().unwrap_or_else(|| {
                    relative_url(dest.parent().unwrap_or(Path::new("")), assets_dir)
                });
                let images = match args.images {
                    // Animations past the page's inline budget go to the
                    // assets directory, as with --images.
                    None => Images::Inline { spill: Some(url) },
                    Some(_) => Images::Files { url },
                };
                let r = if is_html(&page.source) {
                    rewrite_html(&text, maker, &images)
                } else {
                    rewrite(&text, maker, &images)
                };
                Ok(Some((r, key)))
            },
        )
        .collect();
    // The first unreadable page in order (rayon's own collect into a
    // `Result` returns whichever failed first in time).
    results.into_iter().collect()
}

/// What the rewritten pages hold, added up.
#[derive(Default)]
struct Tally {
    errors: usize,
    diagrams: usize,
    animations: usize,
    blocks: Blocks,
    failed: Blocks,
}

/// Adds up the pages and prints their warnings and errors (with carets)
/// on stderr; without --keep-going, only the first failing page's errors,
/// as a sequential run would.
fn report(args: &MdArgs, pages: &[Page], rewritten: &[Rewrite]) -> Tally {
    let mut err = io::stderr().lock();
    let mut tally = Tally::default();
    for (page, r) in pages.iter().zip(rewritten) {
        let Some((r, _)) = r else { continue };
        tally.diagrams += r.diagrams;
        tally.animations += r.animations;
        tally.blocks.merge(r.blocks);
        tally.failed.merge(r.failed);
        let name = page.source.display().to_string();
        for warning in &r.warnings {
            warn(located(&name, warning));
        }
        for (e, caret) in r.errors.iter().zip(&r.carets) {
            error(located(&name, e));
            for line in caret.lines() {
                let _ = writeln!(err, "{line}");
            }
        }
        tally.errors += r.errors.len();
        if tally.errors > 0 && !args.keep_going {
            break;
        }
    }
    tally
}

/// Writes every page without errors and its images, and records it in the
/// cache; the number of pages written.
fn write_pages(
    args: &MdArgs,
    pages: &[Page],
    rewritten: &[Rewrite],
    assets_dir: &Path,
    cache: &mut PageCache,
) -> Result<usize, Failure> {
    // The default assets directory lies in the output tree: a link
    // there (`out/diagrams -> /elsewhere`) is one out of it too.
    if let Some(out) = args.out_dir.as_deref().filter(|_| !args.follow_links) {
        let image = assets_dir.join("image");
        if assets_dir.starts_with(out) && !walk::stays_inside(out, &image) {
            return Err(Failure::io(format!(
                "cannot write images to '{}': it is a link out of '{}' \
                 (--follow-links writes through it)",
                assets_dir.display(),
                out.display()
            )));
        }
    }
    let mut written = 0;
    for (page, r) in pages.iter().zip(rewritten) {
        let Some((r, key)) = r else { continue };
        if r.errors.is_empty() {
            let dest = target(args, page, &destination(args, page))?;
            written += write_page(&dest, r, assets_dir)?;
            cache.record(&destination(args, page), *key, r.text.as_bytes(), &r.assets);
        }
    }
    Ok(written)
}

/// The run's end: the failure when a block failed, else the one-line
/// summary on stderr.
fn finish(
    args: &MdArgs,
    pages: &[Page],
    rewritten: &[Rewrite],
    tally: &Tally,
    written: usize,
) -> Result<u8, Failure> {
    if tally.errors > 0 {
        return Err(Failure {
            code: EXIT_INVALID,
            // The blocks that failed, by kind (a block may have several
            // errors); a page that could not be read at all has none.
            message: if tally.failed.total() > 0 {
                format!(
                    "{} could not be made into diagrams; their pages were not written",
                    tally.failed.text()
                )
            } else {
                format!(
                    "{} in the pages; their pages were not written",
                    count(tally.errors, "error")
                )
            },
            detail: None,
        });
    }
    let made = tally::made(tally.blocks, tally.diagrams, tally.animations);
    let mut err = io::stderr().lock();
    if args.check {
        let _ = writeln!(
            err,
            "fen2img: {made} in {}: all valid",
            count(pages.len(), "page")
        );
    } else {
        let unchanged = rewritten.iter().filter(|r| r.is_none()).count();
        let _ = writeln!(
            err,
            "fen2img: {made} in {}; {} written, {unchanged} unchanged since the last run",
            count(pages.len() - unchanged, "page"),
            count(written, "page")
        );
    }
    Ok(EXIT_OK)
}

/// Where a page is written: its destination, checked. With --out-dir, no
/// directory on the way may be a link out of the output directory. With
/// --in-place, a page that is a symbolic link is converted where it points
/// (if that lies in the input tree), never replaced by a plain file.
fn target(args: &MdArgs, page: &Page, dest: &Path) -> Result<PathBuf, Failure> {
    if let Some(out) = &args.out_dir {
        if !args.follow_links && !walk::stays_inside(out, dest) {
            return Err(Failure::io(format!(
                "cannot write '{}': a directory on its way is a link out of '{}' \
                 (--follow-links writes through it)",
                dest.display(),
                out.display()
            )));
        }
        return Ok(dest.to_path_buf());
    }
    if !fs::symlink_metadata(dest).is_ok_and(|m| m.file_type().is_symlink()) {
        return Ok(dest.to_path_buf());
    }
    let real = fs::canonicalize(dest)
        .map_err(|e| Failure::io(format!("cannot follow '{}': {e}", dest.display())))?;
    let root = fs::canonicalize(if page.root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        &page.root
    })
    .unwrap_or_default();
    if args.follow_links || real.starts_with(&root) {
        Ok(real)
    } else {
        Err(Failure::io(format!(
            "cannot write '{}': it is a link to '{}', outside '{}' (--follow-links converts it there)",
            dest.display(),
            real.display(),
            page.root.display()
        )))
    }
}

/// Writes a page's images and the page itself, each only when its bytes
/// changed (an image damaged since the last run is made again); 1 when
/// the page was written. A page the user made read-only is not replaced.
fn write_page(dest: &Path, r: &Rewritten, assets_dir: &Path) -> Result<usize, Failure> {
    for asset in &r.assets {
        let path = assets_dir.join(&asset.name);
        write_if_changed(&path, &asset.bytes)
            .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
    }
    let outcome = write_page_if_changed(dest, r.text.as_bytes())
        .map_err(|e| Failure::io(format!("cannot write '{}': {e}", dest.display())))?;
    Ok(usize::from(outcome == WriteOutcome::Written))
}

/// `FILE:LINE:COL: message`, control characters shown by code point.
pub fn located(file: &str, e: &DocError) -> String {
    escape(&format!("{file}:{}:{}: {}", e.line, e.column, e.message)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_from_pages_to_assets() {
        assert_eq!(
            relative_url(Path::new("out"), Path::new("out/diagrams")),
            "diagrams/"
        );
        assert_eq!(
            relative_url(Path::new("out/posts/2024"), Path::new("out/diagrams")),
            "../../diagrams/"
        );
        assert_eq!(relative_url(Path::new("a"), Path::new("a")), "");
        // A page in the current directory (`games.md`: its parent is "").
        assert_eq!(relative_url(Path::new(""), Path::new("img")), "img/");
    }

    #[test]
    fn defaults_use_the_info_string_syntax() {
        let d = defaults_from(&["size=300 flip".into(), "caption=\"x y\"".into()]).unwrap();
        assert_eq!(d.len(), 3);
        assert_eq!(d[2].value.as_deref(), Some("x y"));
        assert!(defaults_from(&["size=\"300".into()]).is_err());
    }
}
