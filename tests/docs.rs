//! The documents name only what exists. Every repository path, `--test`
//! target, `-p` package, `--bin` and `--bench` target, `--features` feature
//! and `FEN2IMG_*` environment variable that the README, CONTRIBUTING, the
//! guide and the other documents name is checked against the tree, and
//! every relative link (and its `#anchor`) must lead somewhere.
//!
//! Its own test binary, using nothing but std (so it builds and links in a
//! few seconds, apart from the `cli` suite's dependencies). The checker is
//! tried on planted mistakes too, so a check that stopped looking fails.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The documents checked: what a user or contributor reads. CHANGELOG.md
/// is a history, naming what used to be, and is left out.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut docs = vec![
        root.join("README.md"),
        root.join("CONTRIBUTING.md"),
        root.join("bench/README.md"),
        root.join("bench/results/README.md"),
        root.join("fuzz/README.md"),
        root.join("crates/render/assets/pieces/README.md"),
        root.join("crates/render/assets/fonts/README.md"),
    ];
    for dir in ["docs", "crates", "examples/book/src"] {
        walk(&root.join(dir), &mut |p| {
            let in_crate_top = p.parent().and_then(Path::parent) == Some(&root.join("crates"));
            let wanted = if dir == "crates" {
                in_crate_top && p.file_name().is_some_and(|n| n == "README.md")
            } else {
                p.extension().is_some_and(|e| e == "md")
            };
            if wanted {
                docs.push(p.to_path_buf());
            }
        });
    }
    docs.sort();
    docs.dedup();
    docs.retain(|p| p.is_file());
    docs
}

fn walk(dir: &Path, f: &mut dyn FnMut(&Path)) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "target" || name.starts_with('.') || name == "corpus" {
            continue;
        }
        if path.is_dir() {
            walk(&path, f);
        } else {
            f(&path);
        }
    }
}

/// What the tree has that documents may name.
struct Tree {
    root: PathBuf,
    /// Integration test targets of every package (`--test NAME`).
    tests: BTreeSet<String>,
    /// Package names (`-p NAME`).
    packages: BTreeSet<String>,
    /// Binary targets (`--bin NAME`).
    bins: BTreeSet<String>,
    /// Benchmark targets (`--bench NAME`).
    benches: BTreeSet<String>,
    /// Features of every package (`--features NAME`).
    features: BTreeSet<String>,
    /// `FEN2IMG_*` variables the code, scripts and CI read or set.
    variables: BTreeSet<String>,
}

impl Tree {
    fn read(root: &Path) -> Tree {
        let mut tree = Tree {
            root: root.to_path_buf(),
            tests: BTreeSet::new(),
            packages: BTreeSet::new(),
            bins: BTreeSet::new(),
            benches: BTreeSet::new(),
            features: BTreeSet::new(),
            variables: BTreeSet::new(),
        };
        let mut manifests = vec![root.join("Cargo.toml"), root.join("fuzz/Cargo.toml")];
        walk(&root.join("crates"), &mut |p| {
            if p.file_name().is_some_and(|n| n == "Cargo.toml") {
                manifests.push(p.to_path_buf());
            }
        });
        walk(&root.join("bench"), &mut |p| {
            if p.file_name().is_some_and(|n| n == "Cargo.toml") {
                manifests.push(p.to_path_buf());
            }
        });
        for manifest in &manifests {
            let text = fs::read_to_string(manifest).unwrap();
            let dir = manifest.parent().unwrap();
            tree.read_manifest(&text, dir);
        }
        for dir in [
            "src",
            "crates",
            "tests",
            "tools",
            "bench",
            "fuzz/fuzz_targets",
            ".ci",
        ] {
            walk(&root.join(dir), &mut |p| {
                // This file names variables that do not exist, on purpose.
                if p.ends_with("tests/docs.rs") {
                    return;
                }
                let text_file = match p.extension().and_then(|e| e.to_str()) {
                    Some(ext) => ["rs", "py", "sh", "toml"].contains(&ext),
                    None => true,
                };
                if text_file {
                    if let Ok(text) = fs::read_to_string(p) {
                        tree.variables.extend(variables(&text));
                    }
                }
            });
        }
        tree
    }

    /// A package's name, features, and test, bin and bench targets, from
    /// its manifest and the directories Cargo finds targets in.
    fn read_manifest(&mut self, text: &str, dir: &Path) {
        let mut section = String::new();
        let mut names_in_section = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                section = line.trim_matches(|c| c == '[' || c == ']').to_string();
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let key = key.trim();
            let value = value.trim().trim_matches('"').to_string();
            match (section.as_str(), key) {
                ("package", "name") => {
                    self.packages.insert(value.clone());
                    // A package with src/main.rs has a binary of its name.
                    if dir.join("src/main.rs").is_file() {
                        self.bins.insert(value);
                    }
                }
                ("features", feature) => {
                    self.features.insert(feature.to_string());
                }
                ("bin" | "test" | "bench", "name") => {
                    names_in_section.push((section.clone(), value))
                }
                _ => {}
            }
        }
        for (section, name) in names_in_section {
            match section.as_str() {
                "bin" => self.bins.insert(name),
                "test" => self.tests.insert(name),
                _ => self.benches.insert(name),
            };
        }
        for (sub, set) in [
            ("tests", &mut self.tests),
            ("src/bin", &mut self.bins),
            ("benches", &mut self.benches),
        ] {
            let Ok(entries) = fs::read_dir(dir.join(sub)) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                // A target is NAME.rs, or a directory NAME/ with a main.rs.
                if path.extension().is_some_and(|e| e == "rs") || path.join("main.rs").is_file() {
                    set.insert(stem.to_string());
                }
            }
        }
    }
}

/// Every `FEN2IMG_NAME` in `text`.
fn variables(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("FEN2IMG_") {
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(tail.len());
        let name = tail[..end].trim_end_matches('_');
        // Not the tail of a longer identifier (`MY_FEN2IMG_X`).
        let before = text.len() - rest.len() + at;
        let glued = text[..before]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if !glued && name.len() > "FEN2IMG_".len() {
            found.push(name.to_string());
        }
        rest = &tail[end.max(1)..];
    }
    found
}

/// One piece of a document to check: its line number, the text, and
/// whether it is code (a code span or a line of a fenced block), where
/// paths and command-line words are read.
struct Piece<'a> {
    line: usize,
    text: &'a str,
    code: bool,
}

/// The document cut into prose and code, fenced blocks' lines being code.
fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        if let Some(open) = &fence {
            if marker.len() >= open.len()
                && marker.starts_with(&open[..1])
                && trimmed.trim() == marker
            {
                fence = None;
            } else {
                out.push(Piece {
                    line: i + 1,
                    text: line,
                    code: true,
                });
            }
            continue;
        }
        if marker.len() >= 3 {
            fence = Some(marker);
            continue;
        }
        // Code spans: text between runs of backticks of the same length.
        let mut rest = line;
        while let Some(start) = rest.find('`') {
            out.push(Piece {
                line: i + 1,
                text: &rest[..start],
                code: false,
            });
            let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
            let after = &rest[start + ticks..];
            let closing = "`".repeat(ticks);
            match after.find(&closing) {
                Some(end) => {
                    out.push(Piece {
                        line: i + 1,
                        text: &after[..end],
                        code: true,
                    });
                    rest = &after[end + ticks..];
                }
                None => {
                    rest = after;
                    break;
                }
            }
        }
        out.push(Piece {
            line: i + 1,
            text: rest,
            code: false,
        });
    }
    out
}

/// Where a path-looking word is read from: the repository's top.
const TOP_DIRS: [&str; 9] = [
    "src/",
    "crates/",
    "docs/",
    "tools/",
    "bench/",
    "fuzz/",
    "tests/",
    "examples/",
    ".ci/",
];

/// Places the scripts and tools make when they run (git-ignored), which
/// documents name but a fresh clone does not have.
const GENERATED: [&str; 7] = [
    "bench/out",
    "bench/.venv",
    "bench/.games",
    "bench/.lila-gif",
    "fuzz/target",
    "fuzz/artifacts",
    "examples/book/book",
];

/// Whether a word names a path at all, rather than a pattern or a
/// placeholder (`fuzz/artifacts/<target>/`, `crates/*/README.md`,
/// `bench/SCRIPT.sh`), or a place made by running something.
fn is_concrete_path(word: &str) -> bool {
    let placeholder = |part: &str| {
        let stem = part.split('.').next().unwrap_or(part);
        stem.len() > 1 && stem.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    };
    !word.contains(['{', '}', '<', '>', '*', '$', '…', '?', '=', '|'])
        && !word.contains("...")
        && !word.split('/').any(placeholder)
        && !GENERATED.iter().any(|g| word.starts_with(g))
}

/// The problems in one document, each `FILE:LINE: what`.
fn check(doc: &Path, text: &str, tree: &Tree) -> Vec<String> {
    let name = doc
        .strip_prefix(&tree.root)
        .unwrap_or(doc)
        .display()
        .to_string();
    let dir = doc.parent().unwrap_or(&tree.root);
    let mut problems = Vec::new();
    let mut say = |line: usize, what: String| problems.push(format!("{name}:{line}: {what}"));
    for piece in pieces(text) {
        for variable in variables(piece.text) {
            if !tree.variables.contains(&variable) {
                say(
                    piece.line,
                    format!("{variable}: no code reads or sets this variable"),
                );
            }
        }
        if piece.code {
            check_code(piece.text, dir, tree, &mut |what| say(piece.line, what));
        } else {
            check_links(piece.text, doc, text, tree, &mut |what| {
                say(piece.line, what)
            });
        }
    }
    problems
}

/// Paths and cargo's target, package and feature words in code.
fn check_code(text: &str, dir: &Path, tree: &Tree, say: &mut dyn FnMut(String)) {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect();
    // Target, package and feature flags are cargo's only in a cargo
    // command (`mkdir -p` is not a package).
    let cargo = text.contains("cargo ");
    // Without --locked, `cargo install` resolves the dependencies afresh
    // and builds versions CI never tested.
    if text.contains("cargo install") && text.contains("--path") && !text.contains("--locked") {
        say("cargo install --path without --locked".to_string());
    }
    for (i, raw) in words.iter().enumerate() {
        let word = raw.trim_matches(|c: char| "'\"`;:,.)(".contains(c));
        let next = words
            .get(i + 1)
            .map(|w| w.trim_matches(|c: char| "'\";,.".contains(c)));
        // A flag's value, unless it is a placeholder (`-p NAME`, `<PKG>`).
        let flag_value = |flag: &str| -> Option<String> {
            let value = if word == flag {
                next.map(str::to_string)
            } else {
                word.strip_prefix(&format!("{flag}=")).map(str::to_string)
            }?;
            let placeholder = value.contains(['<', '$', '{'])
                || value.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            (!placeholder).then_some(value)
        };
        if !cargo {
            // Only paths below.
        } else if let Some(target) = flag_value("--test") {
            if !tree.tests.contains(&target) {
                say(format!("--test {target}: no such test target"));
            }
        }
        for flag in ["-p", "--package"].into_iter().filter(|_| cargo) {
            if let Some(package) = flag_value(flag) {
                if !package.starts_with('-') && !tree.packages.contains(&package) {
                    say(format!(
                        "{flag} {package}: no such package in the workspace"
                    ));
                }
            }
        }
        if let Some(bin) = flag_value("--bin").filter(|_| cargo) {
            if !tree.bins.contains(&bin) {
                say(format!("--bin {bin}: no such binary"));
            }
        }
        if let Some(bench) = flag_value("--bench").filter(|_| cargo) {
            if !tree.benches.contains(&bench) {
                say(format!("--bench {bench}: no such benchmark"));
            }
        }
        if let Some(features) = flag_value("--features").filter(|_| cargo) {
            for feature in features.split(',').filter(|f| !f.is_empty()) {
                if !tree.features.contains(feature) {
                    say(format!("--features {feature}: no package has this feature"));
                }
            }
        }
        if TOP_DIRS.iter().any(|top| word.starts_with(top)) && is_concrete_path(word) {
            let path = word.split(['#', ':']).next().unwrap_or(word);
            if !tree.root.join(path).exists() && !dir.join(path).exists() {
                say(format!("{path}: no such file or directory"));
            }
        }
    }
}

/// Relative links `[text](target#anchor)` and `src="target"` in prose;
/// `doc_text` is the whole document, for its own anchors.
fn check_links(text: &str, doc: &Path, doc_text: &str, tree: &Tree, say: &mut dyn FnMut(String)) {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        targets.push(&after[..end]);
        rest = &after[end..];
    }
    let mut rest = text;
    while let Some(at) = rest.find("src=\"") {
        let after = &rest[at + 5..];
        let end = after.find('"').unwrap_or(after.len());
        targets.push(&after[..end]);
        rest = &after[end..];
    }
    for target in targets {
        let target = target.split_whitespace().next().unwrap_or("");
        if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target, None),
        };
        let file = doc.parent().unwrap_or(&tree.root).join(path);
        if !path.is_empty() && !file.exists() {
            say(format!("link to {target}: no such file or directory"));
            continue;
        }
        let Some(anchor) = anchor else {
            continue;
        };
        let anchors = if path.is_empty() {
            heading_anchors(doc_text)
        } else if file.extension().is_some_and(|e| e == "md") {
            heading_anchors(&fs::read_to_string(&file).unwrap_or_default())
        } else {
            continue;
        };
        if !anchors.contains(anchor) {
            say(format!("link to {target}: no heading with that anchor"));
        }
    }
}

/// The anchors GitHub gives a Markdown document's headings: lower case,
/// markup and punctuation dropped (but `-` and `_`), spaces as `-`, a
/// repeated anchor numbered `-1`, `-2`...
fn heading_anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut anchors = BTreeSet::new();
    let mut in_fence = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || !trimmed.starts_with('#') {
            continue;
        }
        let title = trimmed.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        // A link's text stays, its target goes.
        let mut plain = String::new();
        let mut rest = title.trim();
        while let Some(open) = rest.find("](") {
            plain.push_str(&rest[..open]);
            rest = rest[open..]
                .find(')')
                .map_or("", |close| &rest[open + close + 1..]);
        }
        plain.push_str(rest);
        let slug: String = plain
            .to_lowercase()
            .chars()
            .filter(|&c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let count = seen.entry(slug.clone()).or_insert(0);
        let anchor = if *count == 0 {
            slug.clone()
        } else {
            format!("{slug}-{count}")
        };
        *count += 1;
        anchors.insert(anchor);
    }
    anchors
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_path_target_feature_variable_and_link_the_documents_name_exists() {
    let root = root();
    let tree = Tree::read(&root);
    let docs = documents(&root);
    assert!(docs.len() > 20, "found only {} documents", docs.len());
    let mut problems = Vec::new();
    for doc in &docs {
        let text = fs::read_to_string(doc).unwrap();
        problems.extend(check(doc, &text, &tree));
    }
    assert!(
        problems.is_empty(),
        "the documents name what the tree does not have:\n{}",
        problems.join("\n")
    );
}

#[test]
fn planted_mistakes_are_each_reported() {
    let root = root();
    let tree = Tree::read(&root);
    let doc = root.join("docs/planted.md");
    let planted = "\
# Title

Run `cargo test --test golden` or `cargo test --test cli`.
Build with `cargo install --path . --no-default-features --features cli`.
Set FEN2IMG_REQUIRE_PYTHON_CHESS=1, or FEN2IMG_BLESS=1.

```sh
cargo run -p measure --bin replay_pgn
cargo run -p nonesuch --bin nonesuch
cat bench/replay_pgn.rs docs/notes/games.md crates/chess/src/lib.rs
```

See [the guide](GUIDE.md#usage), [nothing](nowhere.md),
[a heading](#title) and [no heading](#no-such-heading).
";
    let problems = check(&doc, planted, &tree);
    let expected = [
        "docs/planted.md:3: --test golden: no such test target",
        "docs/planted.md:4: cargo install --path without --locked",
        "docs/planted.md:4: --features cli: no package has this feature",
        "docs/planted.md:5: FEN2IMG_REQUIRE_PYTHON_CHESS: no code reads or sets this variable",
        "docs/planted.md:9: -p nonesuch: no such package in the workspace",
        "docs/planted.md:9: --bin nonesuch: no such binary",
        "docs/planted.md:10: bench/replay_pgn.rs: no such file or directory",
        "docs/planted.md:10: docs/notes/games.md: no such file or directory",
        "docs/planted.md:13: link to nowhere.md: no such file or directory",
        "docs/planted.md:14: link to #no-such-heading: no heading with that anchor",
    ];
    assert_eq!(problems, expected);
}

#[test]
fn anchors_are_githubs() {
    let anchors = heading_anchors(
        "# fen2img user guide\n## `fen2img md`: the pre-build step\n## Limits and flags\n\
         ```sh\n# not a heading\n```\n## Limits and flags\n### E-mail\n## [Python](guide/python.md)\n",
    );
    let expected: BTreeSet<String> = [
        "fen2img-user-guide",
        "fen2img-md-the-pre-build-step",
        "limits-and-flags",
        "limits-and-flags-1",
        "e-mail",
        "python",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(anchors, expected);
}
