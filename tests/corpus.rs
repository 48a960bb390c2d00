//! The shared corpus (copied into tests/data): every valid position round-trips
//! through canonical FEN, and every malformed case gives what it expects.

use fen2img::{parse, ParseOptions};

const POSITIONS: &str = include_str!("data/positions.fen");
const MALFORMED: &str = include_str!("data/malformed.jsonl");

fn records() -> impl Iterator<Item = &'static str> {
    POSITIONS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

#[test]
fn all_corpus_positions_parse_strictly_and_round_trip() {
    let mut n = 0;
    for line in records() {
        let strict = ParseOptions { strict: true };
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

/// A minimal reader for the flat JSON objects of malformed.jsonl, so the
/// tests need no JSON dependency: string values only, with JSON escapes.
fn json_field(line: &str, key: &str) -> String {
    let pat = format!("\"{key}\": \"");
    let start = line.find(&pat).unwrap_or_else(|| panic!("{key} in {line}")) + pat.len();
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return out,
            '\\' => match chars.next().unwrap() {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    panic!("unterminated string in {line}")
}

/// Each malformed case: (input, expect, field, what).
pub fn malformed_cases() -> Vec<(String, String, String, String)> {
    MALFORMED
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            (
                json_field(l, "input"),
                json_field(l, "expect"),
                json_field(l, "field"),
                json_field(l, "what"),
            )
        })
        .collect()
}

#[test]
fn malformed_cases_give_what_they_expect() {
    let cases = malformed_cases();
    assert_eq!(cases.len(), 29);
    for (input, expect, field, what) in cases {
        let result = parse(input.as_bytes(), ParseOptions::default());
        match expect.as_str() {
            "reject" => {
                let err = result.expect_err(&what);
                assert_eq!(err.field.name(), field, "{what}: {err}");
                assert!(err.offset <= input.len(), "{what}: column inside the input");
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
