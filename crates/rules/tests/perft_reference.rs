//! Conformance: every line of `../shared/perft/reference.tsv` (the counts of an
//! independent implementation of the rule book) must be reproduced exactly.

use std::path::PathBuf;

use halma_rules::Rules;

fn reference_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/perft/reference.tsv")
}

#[test]
fn every_reference_line_matches() {
    let path = reference_file();
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
    assert!(checked >= 42, "only {checked} reference lines found");
    assert!(
        failures.is_empty(),
        "{} of {checked} lines differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
