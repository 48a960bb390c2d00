//! The two checks over a crate's arrows: no cycle at any level of the
//! module tree, and no arrow a rule forbids.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::modules::{Arrow, Crate, ModPath, Target};
use super::rules::{Exception, Rule};

/// `a::b` for a module path, `crate` for the root.
fn name(path: &[String]) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

fn target_name(target: &Target) -> String {
    match target {
        Target::Module(m) => name(m),
        Target::Extern(c) => format!("::{c}"),
    }
}

/// Where an arrow is written and what it names, for a message.
fn at(arrow: &Arrow, root: &Path) -> String {
    let file = arrow.file.strip_prefix(root).unwrap_or(&arrow.file);
    format!("{}:{}: {}", file.display(), arrow.line, arrow.path)
}

/// Does `pattern` (`svg`, `batch::args`, `*`, `::clap`) cover `target`?
/// A module pattern covers the module and everything under it.
fn covers(pattern: &str, target: &Target) -> bool {
    match (pattern.strip_prefix("::"), target) {
        (Some(krate), Target::Extern(c)) => krate == c,
        (None, Target::Module(m)) => {
            pattern == "*" || {
                let p: Vec<&str> = pattern.split("::").collect();
                m.len() >= p.len() && m.iter().zip(&p).all(|(a, b)| a == b)
            }
        }
        _ => false,
    }
}

/// The crate's arrows less those an exception names (from a module or
/// any under it, to exactly a module or crate); each exception that names
/// none is reported: it has outlived its reason.
pub fn arrows_less_exceptions(
    krate: &Crate,
    exceptions: &[Exception],
    problems: &mut Vec<String>,
) -> Vec<Arrow> {
    let mut arrows = krate.arrows();
    for e in exceptions.iter().filter(|e| e.krate == krate.name) {
        let before = arrows.len();
        arrows.retain(|a| {
            let from = Target::Module(a.from.clone());
            !(covers(e.from, &from) && target_name(&a.to) == e.to)
        });
        if arrows.len() == before {
            problems.push(format!(
                "{}: exception {} → {} ({}) matches no arrow any more: remove it from EXCEPTIONS",
                krate.name, e.from, e.to, e.why
            ));
        }
    }
    arrows
}

/// Every arrow a rule forbids: file, line, path, rule and why.
pub fn forbidden(krate: &Crate, arrows: &[Arrow], rules: &[Rule], root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for arrow in arrows {
        let from = Target::Module(arrow.from.clone());
        for rule in rules
            .iter()
            .filter(|r| r.crates.contains(&krate.name.as_str()))
        {
            if rule.except.iter().any(|p| covers(p, &from)) {
                continue;
            }
            let source = rule.from.iter().find(|p| covers(p, &from));
            let dest = rule.to.iter().find(|p| covers(p, &arrow.to));
            // Within one of a rule's groups (`raster` to `raster::cache`)
            // is no arrow between two of them.
            if let (Some(source), Some(dest)) = (source, dest) {
                if source != dest {
                    problems.push(format!(
                        "{}: {} → {} is forbidden: {}",
                        at(arrow, root),
                        name(&arrow.from),
                        target_name(&arrow.to),
                        rule.why
                    ));
                }
            }
        }
    }
    problems
}

/// The cycles among the crate's modules: at each module, its children
/// (and "." for the module's own file) form a graph, with an edge a → b
/// when code anywhere under `a` names something under `b`. A parent's own
/// file may use its children; a child that uses the parent's own items
/// while the parent uses the child closes a cycle.
pub fn cycles(krate: &Crate, arrows: &[Arrow], root: &Path) -> Vec<String> {
    // The first arrow for each pair of modules, for the message.
    let mut pairs: BTreeMap<(ModPath, ModPath), &Arrow> = BTreeMap::new();
    for arrow in arrows {
        if let Target::Module(to) = &arrow.to {
            pairs
                .entry((arrow.from.clone(), to.clone()))
                .or_insert(arrow);
        }
    }
    let mut problems = Vec::new();
    for parent in krate.modules.keys() {
        let child_of = |m: &ModPath| -> Option<String> {
            m.starts_with(parent)
                .then(|| m.get(parent.len()).cloned().unwrap_or_else(|| ".".into()))
        };
        let mut edges: BTreeMap<String, BTreeMap<String, &Arrow>> = BTreeMap::new();
        for ((from, to), arrow) in &pairs {
            if let (Some(a), Some(b)) = (child_of(from), child_of(to)) {
                if a != b {
                    edges.entry(a).or_default().entry(b).or_insert(arrow);
                }
            }
        }
        for members in strongly_connected(&edges) {
            let steps: Vec<String> = members
                .iter()
                .flat_map(|a| edges[a].iter().map(move |(b, arrow)| (a, b, arrow)))
                .filter(|(_, b, _)| members.contains(*b))
                .map(|(a, b, arrow)| format!("    {a} → {b}: {}", at(arrow, root)))
                .collect();
            let names: Vec<&str> = members.iter().map(String::as_str).collect();
            problems.push(format!(
                "{}: modules of {} that import each other (\".\" is its own file): {}\n{}",
                krate.name,
                name(parent),
                names.join(", "),
                steps.join("\n")
            ));
        }
    }
    problems
}

/// The groups of nodes that reach each other (Tarjan's strongly
/// connected components), those of more than one node.
fn strongly_connected(edges: &BTreeMap<String, BTreeMap<String, &Arrow>>) -> Vec<BTreeSet<String>> {
    struct Search<'e, 'a> {
        edges: &'e BTreeMap<String, BTreeMap<String, &'a Arrow>>,
        index: BTreeMap<&'e str, (usize, usize)>,
        stack: Vec<&'e str>,
        found: Vec<BTreeSet<String>>,
    }
    impl<'e> Search<'e, '_> {
        fn visit(&mut self, node: &'e str) {
            let n = self.index.len();
            self.index.insert(node, (n, n));
            self.stack.push(node);
            let edges = self.edges;
            for next in edges.get(node).into_iter().flat_map(|e| e.keys()) {
                let low = match self.index.get(next.as_str()) {
                    None => {
                        self.visit(next);
                        self.index[next.as_str()].1
                    }
                    Some(&(i, _)) if self.stack.contains(&next.as_str()) => i,
                    Some(_) => continue,
                };
                let entry = self.index.get_mut(node).unwrap();
                entry.1 = entry.1.min(low);
            }
            let (i, low) = self.index[node];
            if i == low {
                let at = self.stack.iter().rposition(|n| *n == node).unwrap();
                let group: BTreeSet<String> = self.stack.drain(at..).map(String::from).collect();
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !search.index.contains_key(node.as_str()) {
            search.visit(node);
        }
    }
    search.found
}
