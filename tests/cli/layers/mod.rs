//! Arrows between modules point one way, and the rule table's forbidden
//! arrows are absent, in every crate of the workspace. Crate boundaries
//! let the compiler enforce the layers between crates (binary → games →
//! render → chess → support); inside a crate only this check does.
//!
//! `modules` reads each crate with a Rust parser and resolves every path
//! its code names to the module it lands in; `check` finds cycles and
//! forbidden arrows; `rules` is the table of what is forbidden and why;
//! `length` holds every function of the workspace to a length limit.

mod check;
mod length;
mod modules;
mod rules;

use std::path::{Path, PathBuf};

use modules::{read_crate, read_crate_in, Crate};
use rules::{Exception, Rule, EXCEPTIONS, RULES};

/// Every crate of the workspace: its name as code spells it and its root
/// file (each `bin/*.rs` of `measure` is a crate of its own).
fn workspace_crates() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates: Vec<(String, PathBuf)> = [
        ("fen2img", "src/main.rs"),
        ("fen2img_support", "crates/support/src/lib.rs"),
        ("fen2img_chess", "crates/chess/src/lib.rs"),
        ("fen2img_render", "crates/render/src/lib.rs"),
        ("fen2img_games", "crates/games/src/lib.rs"),
        ("fen2img_native", "crates/python/src/lib.rs"),
        ("fen2img_requests", "crates/requests/src/lib.rs"),
        ("fen2img_blocks", "crates/blocks/src/lib.rs"),
        ("fen2img_pdf", "crates/pdf/src/lib.rs"),
        ("test_support", "crates/test-support/src/lib.rs"),
        ("measure", "bench/measure/src/lib.rs"),
    ]
    .iter()
    .map(|(name, file)| (name.to_string(), root.join(file)))
    .collect();
    let bins = root.join("bench/measure/src/bin");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&bins)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for bin in names {
        crates.push(("measure".to_string(), bin));
    }
    crates
}

/// Every problem in one crate: cycles, forbidden arrows, stale exceptions.
fn problems_in(
    krate: &Crate,
    rules: &[Rule],
    exceptions: &[Exception],
    root: &Path,
) -> Vec<String> {
    let mut problems = Vec::new();
    let arrows = check::arrows_less_exceptions(krate, exceptions, &mut problems);
    problems.extend(check::cycles(krate, &arrows, root));
    problems.extend(check::forbidden(krate, &arrows, rules, root));
    problems
}

#[test]
fn no_cycle_and_no_forbidden_arrow_in_any_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for (name, file) in workspace_crates() {
        match read_crate(&name, &file) {
            Ok(krate) => problems.extend(problems_in(&krate, RULES, EXCEPTIONS, root)),
            Err(e) => problems.push(e),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_rule_names_crates_that_exist() {
    for rule in RULES {
        for krate in rule.crates {
            assert!(
                rules::ALL.contains(krate),
                "{krate}: no such crate ({})",
                rule.why
            );
        }
    }
}

/// A crate planted with a cycle (a parent and its child through a path
/// in a function body and a grouped, renamed `use`), a forbidden arrow
/// (through a rename, a body and a macro's tokens) and code that is not
/// an arrow (a comment, a unit test), written into the scratch directory
/// `name` (one a test: the tests run at the same time).
fn planted(name: &str) -> (Crate, std::path::PathBuf) {
    let dir = crate::util::scratch_dir(name);
    let krate = read_crate_in(
        &dir,
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\n"),
            (
                "a/mod.rs",
                "mod x;\nuse clap::Parser;\npub struct Frame;\npub fn run() {\n    x::go();\n}\n",
            ),
            (
                "a/x.rs",
                "pub fn go() {\n    let _ = super::Frame;\n}\n",
            ),
            (
                "b.rs",
                "use crate::{c as see, d::*};\npub fn f() {\n    see::g();\n    println!(\"{}\", crate::c::NAME);\n}\n",
            ),
            (
                "c.rs",
                "pub const NAME: &str = \"c\";\npub fn g() {}\n#[derive(clap::Args)]\npub struct Flags;\n",
            ),
            (
                "d.rs",
                "// crate::b::f\n#[cfg(test)]\nmod tests {\n    use crate::b::f;\n}\npub use crate::c::NAME as D;\n",
            ),
        ],
    );
    (krate, dir)
}

const PLANTED_RULES: &[Rule] = &[
    Rule {
        crates: &["scratch"],
        from: &["b"],
        except: &[],
        to: &["c"],
        why: "b never sees c",
    },
    Rule {
        crates: &["scratch"],
        from: &["*"],
        except: &["a"],
        to: &["::clap"],
        why: "only a sees clap",
    },
];

#[test]
fn the_check_finds_a_planted_cycle_and_forbidden_arrows() {
    let (krate, dir) = planted("layers-planted-cycle");
    let problems = problems_in(&krate, PLANTED_RULES, &[], &dir);
    let text = problems.join("\n");
    // The cycle: a's own file runs x, x uses a's own Frame.
    assert!(
        text.contains("modules of a that import each other (\".\" is its own file): ., x"),
        "{text}"
    );
    assert!(text.contains(". → x: a/mod.rs:5: x::go"), "{text}");
    assert!(text.contains("x → .: a/x.rs:2: super::Frame"), "{text}");
    // The forbidden arrows, each with file, line and path: the renamed
    // group member, a path through the rename in a body, a path in a
    // macro call's tokens.
    for line in [
        "b.rs:1: crate::c: b → c is forbidden: b never sees c",
        "b.rs:3: see::g: b → c is forbidden",
        "b.rs:4: crate::c::NAME: b → c is forbidden",
        // Another crate named in an attribute's tokens, outside the one
        // module the rule excepts (a's `use clap::Parser` is allowed).
        "c.rs:3: clap::Args: c → ::clap is forbidden: only a sees clap",
    ] {
        assert!(text.contains(line), "{line} not in\n{text}");
    }
    // Comments, unit tests and d's re-export (no rule) are no problem;
    // nothing else is reported.
    assert_eq!(problems.len(), 5, "{text}");
}

#[test]
fn an_exception_that_matches_nothing_is_reported() {
    let (krate, dir) = planted("layers-planted-stale");
    let stale = [Exception {
        krate: "scratch",
        from: "c",
        to: "b",
        why: "test",
    }];
    let problems = problems_in(&krate, &[], &stale, &dir);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("exception c → b (test) matches no arrow"),
        "{problems:?}"
    );
    // Excepting one arrow of the cycle breaks it.
    let breaks = [Exception {
        krate: "scratch",
        from: "a::x",
        to: "a",
        why: "test",
    }];
    assert!(problems_in(&krate, &[], &breaks, &dir).is_empty());
}
