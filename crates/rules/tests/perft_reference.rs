//! Conformance: every line of `../shared/perft/reference.tsv` and
//! `reference_options.tsv` (the counts of an independent implementation of
//! the rule book) must be reproduced exactly.

use std::path::PathBuf;

use halma_rules::Rules;

fn reference_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/perft")
        .join(name)
}

#[test]
fn every_reference_line_matches() {
    check_file("reference.tsv", 42);
}

#[test]
fn every_options_reference_line_matches() {
    check_file("reference_options.tsv", 18);
}

/// Runs perft on every line of `name`, which has at least `lines` lines.
fn check_file(name: &str, lines: usize) {
    let path = reference_file(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut checked = 0;
    let mut failures = Vec::new();
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            fields.len(),
            4,
            "line {}: expected 4 tab-separated fields",
            number + 1
        );
        let rules: Rules = fields[0]
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let position = if fields[1] == "startpos" {
            rules.start_position()
        } else {
            rules
                .parse_position(fields[1])
                .unwrap_or_else(|e| panic!("line {}: {e}", number + 1))
        };
        let depth: u32 = fields[2].parse().expect("depth");
        let expected: u64 = fields[3].parse().expect("count");
        let got = rules
            .perft(&position, depth)
            .unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        if got != expected {
            failures.push(format!("line {}: {line}: got {got}", number + 1));
        }
        checked += 1;
    }
    assert!(checked >= lines, "only {checked} lines found in {name}");
    assert!(
        failures.is_empty(),
        "{} of {checked} lines of {name} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
