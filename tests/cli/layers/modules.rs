//! One crate's module tree and every path its code names, read with a
//! Rust parser (`syn`): `use` trees (groups, globs, renames), paths in
//! expressions, types, patterns and attributes, and the paths inside
//! macro calls (their tokens, which syn leaves unparsed). Unit tests
//! (`#[cfg(test)]` items) are skipped: they may reach anywhere.
//!
//! A path is resolved as rustc would, far enough to know which module it
//! lands in: `crate::`, `super::`, `self::`, a child module's name, a name
//! brought in by `use`, and re-exports followed to the module that defines
//! the item (`crate::Renderer` lands in `renderer`, not the crate root).
//! Whatever is not the crate's own is an external crate by its first
//! segment (`clap::Args` → `::clap`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// A module path, `["layout", "frame"]`; the crate root is `[]`.
pub type ModPath = Vec<String>;

/// Where a path lands.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// A module of the same crate (the one defining the item named).
    Module(ModPath),
    /// Another crate, by its name as code spells it (`clap`, `fen2img_render`).
    Extern(String),
}

/// One path as written, where it was written.
#[derive(Debug, Clone)]
pub struct Reference {
    /// Segments; `crate`, `super` and `self` kept, a leading `::` as "::".
    pub segments: Vec<String>,
    /// 1-based line in `file`.
    pub line: usize,
}

impl Reference {
    /// The path as source spells it.
    pub fn text(&self) -> String {
        self.segments.join("::").replacen("::::", "::", 1)
    }
}

/// What one module holds, as far as resolving needs.
#[derive(Debug, Default)]
pub struct Module {
    /// The file it is in (an inline module: its parent's file).
    pub file: PathBuf,
    /// The module whose file this is: itself, or for an inline module
    /// (`mod native { ... }` in `lib.rs`) the file's module, whose code
    /// it counts as.
    owner: ModPath,
    children: BTreeSet<String>,
    /// Names the module defines (fn, struct, enum, trait, const, macro...).
    items: BTreeSet<String>,
    /// Names brought in by `use` (any visibility): name → path as written.
    aliases: BTreeMap<String, Vec<String>>,
    /// `use path::*` prefixes, as written.
    globs: Vec<Vec<String>>,
    /// Every path the module's own code names (its child modules' excluded).
    pub references: Vec<Reference>,
}

/// A crate: its name and modules.
#[derive(Debug)]
pub struct Crate {
    pub name: String,
    pub modules: BTreeMap<ModPath, Module>,
}

/// A path that leaves the module: it, where, and where it lands.
#[derive(Debug, Clone)]
pub struct Arrow {
    pub from: ModPath,
    pub to: Target,
    pub file: PathBuf,
    pub line: usize,
    pub path: String,
}

/// Reads the crate whose root file is `root` (`lib.rs`, `main.rs`, a
/// `bin/*.rs`), following `mod x;` declarations to their files.
pub fn read_crate(name: &str, root: &Path) -> Result<Crate, String> {
    let mut krate = Crate {
        name: name.to_string(),
        modules: BTreeMap::new(),
    };
    read_file(&mut krate, Vec::new(), root, root.parent().unwrap())?;
    Ok(krate)
}

/// Reads a crate from source text held in memory: `files` maps paths
/// relative to the crate's `src` (`lib.rs`, `a/mod.rs`) to their text.
/// For the check's own tests.
pub fn read_crate_in(dir: &Path, files: &[(&str, &str)]) -> Crate {
    for (rel, text) in files {
        let path = dir.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    read_crate("scratch", &dir.join("lib.rs")).unwrap()
}

fn read_file(krate: &mut Crate, here: ModPath, file: &Path, dir: &Path) -> Result<(), String> {
    let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let syntax = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        format!("{}:{}:{}: {e}", file.display(), at.line, at.column + 1)
    })?;
    read_items(krate, here, &syntax.items, file, dir)
}

/// The module `here`'s items; `dir` is where its child modules' files are.
fn read_items(
    krate: &mut Crate,
    here: ModPath,
    items: &[syn::Item],
    file: &Path,
    dir: &Path,
) -> Result<(), String> {
    let owner = match krate.modules.values().find(|m| m.file == file) {
        Some(m) => m.owner.clone(),
        None => here.clone(),
    };
    let module = krate.modules.entry(here.clone()).or_default();
    module.file = file.to_path_buf();
    module.owner = owner;
    for item in items {
        if is_test_only(item_attrs(item)) {
            continue;
        }
        if let syn::Item::Mod(m) = item {
            let name = m.ident.to_string();
            let mut child = here.clone();
            child.push(name.clone());
            let module = krate.modules.get_mut(&here).unwrap();
            module.children.insert(name.clone());
            module.items.insert(name.clone());
            let child_dir = dir.join(&name);
            if m.attrs.iter().any(|a| a.path().is_ident("path")) {
                // Not followed: a file elsewhere would escape the check.
                return Err(format!(
                    "{}: mod {name}: #[path] is not read by the layering check",
                    file.display()
                ));
            }
            if let Some((_, content)) = &m.content {
                read_items(krate, child, content, file, &child_dir)?;
            } else {
                let flat = dir.join(format!("{name}.rs"));
                let nested = child_dir.join("mod.rs");
                let path = if flat.is_file() { flat } else { nested };
                read_file(krate, child, &path, &child_dir)?;
            }
            continue;
        }
        let module = krate.modules.get_mut(&here).unwrap();
        if let Some(name) = item_name(item) {
            module.items.insert(name);
        }
        let mut reader = PathReader {
            module,
            base: Vec::new(),
        };
        reader.visit_item(item);
    }
    Ok(())
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item::*;
    match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => &[],
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    use syn::Item::*;
    let ident = match item {
        Const(i) => &i.ident,
        Enum(i) => &i.ident,
        Fn(i) => &i.sig.ident,
        Macro(i) => i.ident.as_ref()?,
        Static(i) => &i.ident,
        Struct(i) => &i.ident,
        Trait(i) => &i.ident,
        TraitAlias(i) => &i.ident,
        Type(i) => &i.ident,
        Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// `#[cfg(test)]`: code that exists only in unit tests.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

/// Collects one module's references and `use` names.
struct PathReader<'a> {
    module: &'a mut Module,
    /// The prefix of the `use` tree being read.
    base: Vec<String>,
}

impl PathReader<'_> {
    fn add(&mut self, segments: Vec<String>, line: usize) {
        if !segments.is_empty() {
            self.module.references.push(Reference { segments, line });
        }
    }

    /// Paths in a macro call's or an attribute's tokens: every run of
    /// `ident (:: ident)*` with at least one `::` (`self.x` is no path).
    fn scan(&mut self, tokens: TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut line = 0;
        let mut colons = 0; // ':' seen since the last segment
        let flush = |run: &mut Vec<String>, line: usize, me: &mut Self| {
            if run.len() > 1 {
                me.add(std::mem::take(run), line);
            }
            run.clear();
        };
        for tree in tokens {
            match tree {
                TokenTree::Ident(i) => {
                    let word = i.to_string();
                    if run.is_empty() || colons != 2 {
                        flush(&mut run, line, self);
                        line = i.span().start().line;
                    }
                    if run.is_empty() && colons == 2 {
                        run.push("::".into());
                    }
                    run.push(word);
                    colons = 0;
                }
                TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                TokenTree::Group(g) => {
                    flush(&mut run, line, self);
                    colons = 0;
                    self.scan(g.stream());
                }
                _ => {
                    flush(&mut run, line, self);
                    colons = 0;
                }
            }
        }
        flush(&mut run, line, self);
    }

    fn use_tree(&mut self, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                self.base.push(p.ident.to_string());
                self.use_tree(&p.tree);
                self.base.pop();
            }
            syn::UseTree::Name(n) => {
                let mut path = self.base.clone();
                let name = if n.ident == "self" {
                    path.last().cloned().unwrap_or_default()
                } else {
                    path.push(n.ident.to_string());
                    n.ident.to_string()
                };
                self.module.aliases.insert(name, path.clone());
                self.add(path, n.ident.span().start().line);
            }
            syn::UseTree::Rename(r) => {
                let mut path = self.base.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                self.module
                    .aliases
                    .insert(r.rename.to_string(), path.clone());
                self.add(path, r.ident.span().start().line);
            }
            syn::UseTree::Glob(g) => {
                self.module.globs.push(self.base.clone());
                let mut path = self.base.clone();
                path.push("*".into());
                self.add(path, g.star_token.spans[0].start().line);
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(tree);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for PathReader<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_test_only(item_attrs(item)) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.base = if item.leading_colon.is_some() {
            vec!["::".into()]
        } else {
            Vec::new()
        };
        self.use_tree(&item.tree);
        self.base.clear();
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let mut segments: Vec<String> = Vec::new();
        if path.leading_colon.is_some() {
            segments.push("::".into());
        }
        segments.extend(path.segments.iter().map(|s| s.ident.to_string()));
        let anchored = matches!(segments[0].as_str(), "crate" | "super" | "self" | "::");
        if segments.len() > 1 || anchored {
            let line = path.segments[0].ident.span().start().line;
            self.add(segments, line);
        }
        syn::visit::visit_path(self, path);
    }

    /// `pub(in crate::x)` says who may see an item, not what it uses.
    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.scan(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if attr.path().is_ident("doc") {
            return;
        }
        // `arg(value_hint = clap::ValueHint::X)`, `derive(clap::Args)`.
        if let syn::Meta::List(list) = &attr.meta {
            self.scan(list.tokens.clone());
        }
    }
}

impl Crate {
    /// Where `segments`, written in module `here`, lands; `None` for what
    /// is not a module's or a crate's (a local's field, `Self::new`).
    pub fn resolve(&self, here: &[String], segments: &[String]) -> Option<Target> {
        self.resolve_at(here, segments, 0)
    }

    fn resolve_at(&self, here: &[String], segments: &[String], depth: usize) -> Option<Target> {
        if depth > 16 || segments.is_empty() {
            return None;
        }
        let first = segments[0].as_str();
        match first {
            "::" => return segments.get(1).map(|s| Target::Extern(s.clone())),
            "crate" => return Some(self.walk(Vec::new(), &segments[1..], depth)),
            "self" | "super" => return Some(self.walk(here.to_vec(), segments, depth)),
            _ => {}
        }
        let module = self.modules.get(here)?;
        if module.children.contains(first) {
            return Some(self.walk(here.to_vec(), segments, depth));
        }
        if let Some(alias) = module.aliases.get(first) {
            if alias.as_slice() != [first] {
                let mut full = alias.clone();
                full.extend_from_slice(&segments[1..]);
                return self.resolve_at(here, &full, depth + 1);
            }
        }
        if module.items.contains(first) || segments.len() == 1 {
            return None;
        }
        Some(Target::Extern(first.to_string()))
    }

    /// From module `at`, down `segments` as far as they are modules,
    /// following re-exports and globs to the module defining the item.
    fn walk(&self, mut at: ModPath, segments: &[String], depth: usize) -> Target {
        for (i, segment) in segments.iter().enumerate() {
            let Some(module) = self.modules.get(&at) else {
                break;
            };
            match segment.as_str() {
                "self" => continue,
                "super" => {
                    at.pop();
                    continue;
                }
                "*" => break,
                s if module.children.contains(s) => {
                    at.push(s.to_string());
                    continue;
                }
                s if module.items.contains(s) => break,
                s => {
                    if let Some(alias) = module.aliases.get(s) {
                        let mut full = alias.clone();
                        full.extend_from_slice(&segments[i + 1..]);
                        if let Some(Target::Module(m)) = self.resolve_at(&at, &full, depth + 1) {
                            return Target::Module(m);
                        }
                        break;
                    }
                    for glob in &module.globs {
                        if let Some(Target::Module(source)) = self.resolve_at(&at, glob, depth + 1)
                        {
                            let defines = self
                                .modules
                                .get(&source)
                                .is_some_and(|m| m.items.contains(s) || m.aliases.contains_key(s));
                            if defines && source != at {
                                return self.walk(source, &segments[i..], depth + 1);
                            }
                        }
                    }
                    break;
                }
            }
        }
        Target::Module(at)
    }

    /// Every path that leaves the module it is written in, resolved.
    pub fn arrows(&self) -> Vec<Arrow> {
        let mut arrows = Vec::new();
        for (here, module) in &self.modules {
            for reference in &module.references {
                let Some(to) = self.resolve(here, &reference.segments) else {
                    continue;
                };
                let to = match to {
                    Target::Module(m) => {
                        Target::Module(self.modules.get(&m).map_or(m, |t| t.owner.clone()))
                    }
                    other => other,
                };
                if to == Target::Module(module.owner.clone()) {
                    continue;
                }
                arrows.push(Arrow {
                    from: module.owner.clone(),
                    to,
                    file: module.file.clone(),
                    line: reference.line,
                    path: reference.text(),
                });
            }
        }
        arrows
    }
}
