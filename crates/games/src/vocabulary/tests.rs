//! The game options' table against itself.

use std::collections::BTreeSet;

use fen2img_render::chess::game::Selector;
use fen2img_render::vocabulary::{BuiltIn, FrontEnd, Names, Row};

use super::*;
use crate::options::Pick;

/// The choice a row's example is applied to: an animation for a timing.
fn base_for(row: &Row<GameChoice>) -> GameChoice {
    let mut c = GameChoice::default();
    if matches!(row.name, "delay" | "last_delay" | "clock_delays") {
        GAME.apply(&mut c, FrontEnd::Cli, "animate", None, &BuiltIn)
            .unwrap();
    }
    c
}

#[test]
fn every_example_changes_the_choice_and_reads_back_from_its_canonical_text() {
    for row in GAME.rows {
        for example in row.examples {
            let base = base_for(row);
            let mut c = base.clone();
            (row.parse)(&mut c, example, &BuiltIn)
                .unwrap_or_else(|e| panic!("{} = {example}: {e:?}", row.name));
            assert_ne!(c, base, "{} = {example} changes nothing", row.name);
            let canonical = GAME.canonical(&c);
            assert!(
                canonical.iter().any(|(n, _)| *n == row.name),
                "{} = {example}: {canonical:?}",
                row.name
            );
            // In table order, as canonical writes them.
            let mut again = GameChoice::default();
            for (name, value) in &canonical {
                let row = GAME.rows.iter().find(|r| r.name == *name).unwrap();
                (row.parse)(&mut again, value, &BuiltIn)
                    .unwrap_or_else(|e| panic!("{name} = {value}: {e:?}"));
            }
            assert_eq!(
                GAME.canonical(&again),
                canonical,
                "{} = {example}",
                row.name
            );
            assert_eq!(again.options, c.options, "{} = {example}", row.name);
        }
    }
}

#[test]
fn one_option_chooses_the_positions() {
    let apply = |pairs: &[(&str, Option<&str>)]| {
        let mut c = GameChoice::default();
        GAME.apply_all(&mut c, FrontEnd::Cli, pairs.iter().copied(), &BuiltIn)
            .map(|()| c)
    };
    let e = apply(&[("ply", Some("3")), ("move", Some("2w"))]).unwrap_err();
    assert_eq!(e.len(), 1);
    assert!(
        e[0].1.to_string().contains("ply already chooses"),
        "{}",
        e[0].1
    );
    assert!(apply(&[("animate", None), ("markers", None)]).is_err());
    let c = apply(&[("to", Some("20")), ("from", Some("4")), ("animate", None)]).unwrap();
    assert_eq!(
        c.options.pick,
        Pick::Range {
            from: Some(Selector::Ply(4)),
            to: Some(Selector::Ply(20))
        }
    );
    assert!(c.animate.is_some());
    // Timing needs an animation, whatever the order given.
    let c = apply(&[("delay", Some("1.5s")), ("animate", None)]).unwrap();
    assert_eq!(c.animate.unwrap().delay_cs, 150);
    let e = apply(&[("delay", Some("1.5s"))]).unwrap_err();
    assert!(
        e[0].1.to_string().contains("give animate too"),
        "{}",
        e[0].1
    );
}

#[test]
fn names_are_unique_on_every_front_end_and_each_row_is_there_or_says_why() {
    for front in FrontEnd::ALL {
        let mut seen = BTreeSet::new();
        for row in GAME.rows {
            match row.names(front) {
                Names::Here(aliases) => {
                    for alias in *aliases {
                        assert!(seen.insert(alias.name), "{} twice", alias.name);
                        assert_eq!(GAME.find(front, alias.name).unwrap().0.name, row.name);
                    }
                }
                Names::NotHere(why) => assert!(why.len() > 20, "{}: {why}", row.name),
            }
        }
        // No game option shadows a render option on the same front end.
        for name in &seen {
            assert!(
                fen2img_render::vocabulary::RENDER
                    .find(front, name)
                    .is_err(),
                "{name} is a render option on the {} too",
                front.name()
            );
        }
    }
}
