//! The plain baseline generator `halma_reference::baseline` (the yardstick
//! of the benchmarks) must count right, or its ratios mean nothing: it has to
//! reproduce every line of `tests/data/perft/reference.tsv`, on one thread
//! and on two, and agree with `halma_rules` perft on every position of
//! `benches/positions.tsv` at the file's depth.
//!
//! Every case runs at its full depth even in the dev profile (where the
//! baseline, in `halma-reference`, is optimised like the engine crates).

#[path = "../benches/common/mod.rs"]
mod common;

use halma_reference::baseline;
use halma_rules::Rules;

/// The baseline's position, panicking with the oracle's parser error (the
/// inputs are checked-in files).
fn baseline_position(rules: &str, position: &str) -> baseline::Position {
    baseline::Position::new(rules, position).unwrap_or_else(|e| panic!("{rules} {position}: {e}"))
}

#[test]
fn baseline_reproduces_every_reference_line() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in halma_testdata::perft_lines("reference.tsv") {
        let position = baseline_position(line.rules, line.position_text());
        let single = baseline::perft(&position, line.depth);
        let threaded = baseline::perft_threads(&position, line.depth, 2);
        if (single, threaded) != (line.count, line.count) {
            failures.push(format!(
                "{line}: {}: got {single} on one thread, {threaded} on two",
                line.to_tsv()
            ));
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

#[test]
fn baseline_agrees_with_halma_on_every_bench_position() {
    let mut failures = Vec::new();
    for (name, rules_text, position_text, depth) in common::positions() {
        let rules: Rules = rules_text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let position = rules
            .parse_position(position_text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = rules
            .perft(&position, depth)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = baseline::perft(&baseline_position(rules_text, position_text), depth);
        if got != expected {
            failures.push(format!("{name}: baseline {got}, halma {expected}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn baseline_lists_as_many_moves_as_it_counts() {
    for (name, rules_text, position_text, _) in common::positions() {
        let mut position = baseline_position(rules_text, position_text);
        let mut generator = baseline::Generator::new();
        let listed = generator.legal_moves(&mut position).len() as u64;
        assert_eq!(generator.count_moves(&mut position), listed, "{name}");
        assert_eq!(baseline::perft(&position, 1), listed, "{name}");
    }
}

#[test]
fn baseline_refuses_bad_input_with_the_oracles_errors() {
    for (rules, position) in [
        ("chess", "startpos"),
        ("halma,fast", "startpos"),
        ("halma8", "8/8/8/8/8/8/8/8 r"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb g"),
    ] {
        let error = baseline::Position::new(rules, position).err();
        assert_eq!(
            error,
            halma_reference::parse_rules(rules)
                .and_then(|r| halma_reference::parse_position(&r, position))
                .err(),
            "{rules} {position}"
        );
        assert!(error.is_some(), "{rules} {position}");
    }
}
