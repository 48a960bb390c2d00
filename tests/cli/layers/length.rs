//! No function in the workspace is longer than [`LIMIT`] lines: a longer
//! one does several jobs in a row, and is split into its phases (each a
//! function whose name says what it does) so that each can be read,
//! tested and changed alone.
//!
//! Every `.rs` file of the workspace is read with a Rust parser (`syn`);
//! a function is a free `fn`, a method, a trait's default method or a
//! function nested in another's body, each counted on its own. Its length
//! runs from the line of `fn` to the line of its closing brace (doc
//! comments and attributes are not counted).

use std::fs;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The longest a function may be, in lines. 120 for now: 28 functions
/// are between 100 and 120 lines (`cargo test --test cli layers::length`
/// lists them with the limit set to 100), to come down as they are split.
pub const LIMIT: usize = 120;

/// Functions allowed over the limit for now (file, function, why); each
/// must still be over it, so the list only shrinks.
pub const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "crates/render/src/problem/svg.rs",
        "write",
        "the problem layout is being reworked apart from this check; split with it",
    ),
    (
        "src/markdown/game_block.rs",
        "game_attrs",
        "the Markdown front end is being reworked apart from this check; split with it",
    ),
];

/// The folders read, from the workspace root (their `target/` and fuzz
/// corpora skipped).
const ROOTS: &[&str] = &["src", "crates", "tests", "bench", "fuzz", "tools"];

/// One function over the limit: its file (from the root), name, first line
/// and length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Long {
    pub file: String,
    pub name: String,
    pub line: usize,
    pub lines: usize,
    pub limit: usize,
}

impl Long {
    pub fn text(&self) -> String {
        format!(
            "{}:{}: fn {} is {} lines (limit {})",
            self.file, self.line, self.name, self.lines, self.limit
        )
    }
}

/// Every function over `limit` lines in one file's text.
pub fn long_functions(file: &str, text: &str, limit: usize) -> Result<Vec<Long>, String> {
    let syntax = syn::parse_file(text).map_err(|e| {
        let at = e.span().start();
        format!("{file}:{}:{}: {e}", at.line, at.column + 1)
    })?;
    let mut finder = Finder {
        file,
        limit,
        found: Vec::new(),
    };
    finder.visit_file(&syntax);
    Ok(finder.found)
}

struct Finder<'a> {
    file: &'a str,
    limit: usize,
    found: Vec<Long>,
}

impl Finder<'_> {
    fn measure(&mut self, sig: &syn::Signature, body: &syn::Block) {
        let first = sig.fn_token.span.start().line;
        let last = body.brace_token.span.close().end().line;
        let lines = last + 1 - first;
        if lines > self.limit {
            self.found.push(Long {
                file: self.file.to_string(),
                name: sig.ident.to_string(),
                line: first,
                lines,
                limit: self.limit,
            });
        }
    }
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.measure(&f.sig, &f.block);
        syn::visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.measure(&f.sig, &f.block);
        syn::visit::visit_impl_item_fn(self, f);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(body) = &f.default {
            self.measure(&f.sig, body);
        }
        syn::visit::visit_trait_item_fn(self, f);
    }
}

/// Every `.rs` file under the roots, sorted, as paths from `root`.
fn rust_files(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "target"
                    && name != "corpus"
                    && name != "artifacts"
                    && !name.starts_with('.')
                {
                    walk(&path, out);
                }
            } else if name.ends_with(".rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    for top in ROOTS {
        walk(&root.join(top), &mut files);
    }
    files.sort();
    files
}

#[test]
fn no_function_is_longer_than_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    let mut excepted = vec![false; EXCEPTIONS.len()];
    for path in rust_files(root) {
        let file = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let text = fs::read_to_string(&path).unwrap();
        match long_functions(&file, &text, LIMIT) {
            Ok(found) => {
                for long in found {
                    match EXCEPTIONS
                        .iter()
                        .position(|(f, name, _)| *f == long.file && *name == long.name)
                    {
                        Some(i) => excepted[i] = true,
                        None => problems.push(long.text()),
                    }
                }
            }
            Err(e) => problems.push(e),
        }
    }
    for (i, (file, name, why)) in EXCEPTIONS.iter().enumerate() {
        if !excepted[i] {
            problems.push(format!(
                "exception {file}: fn {name} ({why}) matches no function over {LIMIT} lines: remove it"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "split these into their phases:\n{}",
        problems.join("\n")
    );
}

/// A planted file: a function one line over a limit of 5 (a method and a
/// nested function too), and ones at the limit, which pass.
#[test]
fn the_check_finds_a_planted_long_function() {
    let text = "\
/// Docs are not counted.
#[inline]
fn at_limit() {
    let a = 1;
    let b = 2;
    let _ = a + b;
}

fn over() {
    let a = 1;
    let b = 2;
    let c = 3;
    let _ = a + b + c;
}

struct S;
impl S {
    fn method(&self) {
        fn nested() {
            let a = 1;
            let b = 2;
            let _ = a + b;
        }
        nested();
    }
}

trait T {
    fn default_body() {

        let _ = 1;


    }
    fn no_body();
}
";
    let found = long_functions("planted.rs", text, 5).unwrap();
    let names: Vec<String> = found.iter().map(Long::text).collect();
    assert_eq!(
        names,
        [
            "planted.rs:9: fn over is 6 lines (limit 5)",
            "planted.rs:18: fn method is 8 lines (limit 5)",
            "planted.rs:29: fn default_body is 6 lines (limit 5)",
        ],
        "{names:?}"
    );
    // A file that is not Rust is reported with its place, not skipped.
    let err = long_functions("bad.rs", "fn (", 5).unwrap_err();
    assert!(err.starts_with("bad.rs:1:"), "{err}");
}
