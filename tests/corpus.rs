//! The shared corpus (copied into tests/data): every valid position round-trips
//! through canonical FEN, and every malformed case gives what it expects.

mod common;

use fen2img::{parse, ParseOptions};

#[test]
fn all_corpus_positions_parse_strictly_and_round_trip() {
    let mut n = 0;
    for line in common::corpus_positions() {
        let strict = ParseOptions::STRICT;
        let record = parse(line.as_bytes(), strict).unwrap_or_else(|e| panic!("{line}: {e}"));
        let canonical = record.position.to_string();
        assert_eq!(canonical, line, "the corpus is already canonical");
        let again = parse(canonical.as_bytes(), strict).unwrap();
        assert_eq!(again.position, record.position);
        assert!(
            record.position.warnings().is_empty(),
            "{line}: {:?}",
            record.position.warnings()
        );
        n += 1;
    }
    assert_eq!(n, 300);
}

#[test]
fn malformed_cases_give_what_they_expect() {
    let cases = common::malformed_cases();
    assert_eq!(cases.len(), 29);
    for case in cases {
        let what = &case.what;
        let result = parse(case.input.as_bytes(), ParseOptions::default());
        match case.expect.as_str() {
            "reject" => {
                let err = result.expect_err(what);
                assert_eq!(err.field.name(), case.field, "{what}: {err}");
                assert!(
                    err.offset <= case.input.len(),
                    "{what}: column inside the input"
                );
            }
            "accept" => {
                let record = result.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(record.position.warnings().is_empty(), "{what}");
            }
            "warn" => {
                let record = result.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(!record.position.warnings().is_empty(), "{what}");
            }
            other => panic!("unknown expectation {other}"),
        }
    }
}
