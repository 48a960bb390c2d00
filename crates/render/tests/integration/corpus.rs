//! The shared corpus (copied into tests/data): every valid position round-trips
//! through canonical FEN, and every malformed case gives what it expects.

use crate::common;

use fen2img_render::{parse, ParseOptions};

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

/// tests/data/malformed.jsonl with, for each rejected case, the 1-based
/// column of the character at fault, decided by reading each input (see
/// tests/data/README.md), not by running the parser.
use crate::common::MALFORMED_WITH_COLUMNS;

/// The `"column": N` of each line of the copy, in order (`None` for cases
/// that are not rejected), after checking the copy lists the same cases.
fn expected_columns(cases: &[common::Case]) -> Vec<Option<usize>> {
    let lines: Vec<&str> = MALFORMED_WITH_COLUMNS
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), cases.len(), "the copy has every case");
    lines
        .iter()
        .zip(cases)
        .map(|(line, case)| {
            assert!(
                line.contains(&format!("\"what\": \"{}\"", case.what)),
                "the copy is in the same order: {line}"
            );
            let at = line.find("\"column\": ")? + "\"column\": ".len();
            let digits: String = line[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            Some(digits.parse().expect("a column number"))
        })
        .collect()
}

#[test]
fn malformed_cases_give_what_they_expect() {
    let cases = common::malformed_cases();
    assert_eq!(cases.len(), 29);
    let columns = expected_columns(&cases);
    for (case, column) in cases.iter().zip(columns) {
        let what = &case.what;
        let result = parse(case.input.as_bytes(), ParseOptions::default());
        match case.expect.as_str() {
            "reject" => {
                let err = result.expect_err(what);
                assert_eq!(err.field.name(), case.field, "{what}: {err}");
                let column = column.unwrap_or_else(|| panic!("{what}: no expected column"));
                assert_eq!(err.column(), column, "{what}: {err}");
            }
            "accept" => {
                let record = result.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(
                    record.warnings().is_empty(),
                    "{what}: {:?}",
                    record.warnings()
                );
                assert_eq!(column, None, "{what}");
            }
            "warn" => {
                let record = result.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(!record.position.warnings().is_empty(), "{what}");
                assert_eq!(column, None, "{what}");
            }
            other => panic!("unknown expectation {other}"),
        }
    }
}
