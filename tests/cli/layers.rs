//! Arrows between modules point one way: no import cycle in any crate of
//! the workspace. Crate boundaries let the compiler enforce the layers
//! (binary → games → render → chess); inside a crate only this check does.
//!
//! At every level of the module tree, the children of a module (and the
//! module's own file, for the items it defines) form a graph: an edge
//! a → b when code anywhere under `a` names anything under `b` through
//! `crate::…`, `super::…` or `self::…`. Each such graph must be acyclic.
//! Module declarations and re-exports (`mod x;`, `pub use x::Y;`) are not
//! dependencies, and neither are unit tests (`#[cfg(test)] mod tests`),
//! which may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path, `["layout", "frame"]`; the crate root is `[]`.
type ModPath = Vec<String>;

/// Every crate's `src` folder, from the workspace root.
fn crate_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    vec![
        root.join("src"),
        root.join("crates/chess/src"),
        root.join("crates/render/src"),
        root.join("crates/games/src"),
        root.join("crates/pdf/src"),
    ]
}

/// The module path of a source file (`layout/mod.rs` and `layout.rs` are
/// both `layout`; `lib.rs` and `main.rs` are the root).
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code that counts: no comments, no unit tests, no declarations or
/// re-exports.
fn code_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut previous_cfg_test = false;
    for line in text.lines() {
        let t = line.trim_start();
        // A `#[cfg(test)] mod tests` runs to the end of the file by
        // convention here; stop at it.
        if previous_cfg_test && t.starts_with("mod ") {
            break;
        }
        previous_cfg_test = t.starts_with("#[cfg(test)]");
        let declaration = [
            "mod ",
            "pub mod ",
            "pub(crate) mod ",
            "pub use ",
            "pub(crate) use ",
        ]
        .iter()
        .any(|p| t.starts_with(p));
        if t.starts_with("//") || declaration {
            continue;
        }
        lines.push(line);
    }
    lines
}

/// The module paths a line names: `crate::a::b`, `crate::{a, b::c}`,
/// `super::x`, `self::x`, resolved from module `here`.
fn references(line: &str, here: &[String]) -> Vec<ModPath> {
    let mut found = Vec::new();
    for (keyword, base) in [
        ("crate::", Some(Vec::new())),
        ("super::", {
            let mut parent = here.to_vec();
            parent.pop().map(|_| parent)
        }),
        ("self::", Some(here.to_vec())),
    ] {
        let Some(base) = base else { continue };
        let mut rest = line;
        while let Some(at) = rest.find(keyword) {
            let before = rest[..at].chars().next_back();
            let tail = &rest[at + keyword.len()..];
            rest = tail;
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            for path in expand(tail) {
                let mut full = base.clone();
                full.extend(path);
                found.push(full);
            }
        }
    }
    found
}

/// The paths at the start of `tail`: `a::b::C` or a group `{a, b::c}`.
fn expand(tail: &str) -> Vec<Vec<String>> {
    if let Some(group) = tail.strip_prefix('{') {
        let end = group.find('}').unwrap_or(group.len());
        return group[..end]
            .split(',')
            .map(|part| path_words(part.trim()))
            .filter(|p| !p.is_empty())
            .collect();
    }
    vec![path_words(tail)]
}

fn path_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for word in text.split("::") {
        let ident: String = word
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() {
            break;
        }
        let whole = ident.len() == word.len();
        words.push(ident);
        if !whole {
            break;
        }
    }
    words
}

/// The longest prefix of `path` that is a module of the crate.
fn resolve(path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
}

/// A cycle in `edges`, if any, as the list of nodes along it.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let start = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(next, edges, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if !state.contains_key(node.as_str()) {
            if let Some(c) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The cycles of one crate, one line each.
fn cycles_in(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<ModPath> = files.iter().map(|f| module_of(src, f)).collect();
    // (from module, to module) pairs over the whole crate.
    let mut pairs = BTreeSet::new();
    for file in &files {
        let here = module_of(src, file);
        let text = fs::read_to_string(file).unwrap();
        for line in code_lines(&text) {
            for path in references(line, &here) {
                if let Some(target) = resolve(&path, &modules) {
                    if target != here {
                        pairs.insert((here.clone(), target));
                    }
                }
            }
        }
    }
    // At each parent module, the graph of its children ("." = its own file).
    let mut problems = Vec::new();
    for parent in &modules {
        let child_of = |m: &ModPath| -> Option<String> {
            if !m.starts_with(parent) {
                return None;
            }
            Some(m.get(parent.len()).cloned().unwrap_or_else(|| ".".into()))
        };
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in &pairs {
            if let (Some(a), Some(b)) = (child_of(from), child_of(to)) {
                if a != b {
                    edges.entry(a).or_default().insert(b);
                }
            }
        }
        if let Some(cycle) = find_cycle(&edges) {
            let at = if parent.is_empty() {
                "crate root".to_string()
            } else {
                parent.join("::")
            };
            problems.push(format!("{}: in {at}: {}", src.display(), cycle.join(" → ")));
        }
    }
    problems
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let problems: Vec<String> = crate_sources().iter().flat_map(|s| cycles_in(s)).collect();
    assert!(
        problems.is_empty(),
        "import cycles (\".\" is the module's own file):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_a_cycle_it_is_shown() {
    let dir = crate::common::scratch_dir("layers-cycle");
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "use crate::b::Thing;\n").unwrap();
    fs::write(dir.join("b.rs"), "use crate::{a::Other, c};\n").unwrap();
    fs::write(dir.join("a/inner.rs"), "use super::super::b::X;\n").unwrap();
    let problems = cycles_in(&dir);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].ends_with("a → b → a"), "{problems:?}");
    // Declarations, re-exports, comments and unit tests are not edges.
    fs::write(
        dir.join("b.rs"),
        "pub use crate::a::Other;\n// crate::a::x\n#[cfg(test)]\nmod tests {\n use crate::a::y;\n}\n",
    )
    .unwrap();
    assert!(cycles_in(&dir).is_empty());
}
