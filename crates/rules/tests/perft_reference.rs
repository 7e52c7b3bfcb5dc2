//! Conformance: every line of the reference perft files
//! (`tests/data/perft/reference.tsv` and `reference_options.tsv`, verbatim
//! copies of the counts of an independent implementation of the rule book)
//! must be reproduced exactly by plain perft.

mod common;
use common::perft_cases::{check_every_line, reference_lines};

#[test]
fn every_reference_line_matches() {
    // Each file's size when the copies were made: a test that quietly read
    // fewer lines would prove less.
    let lines = reference_lines();
    for (file, at_least) in [("reference.tsv", 42), ("reference_options.tsv", 18)] {
        let read = lines.iter().filter(|l| l.place.starts_with(file)).count();
        assert!(read >= at_least, "only {read} lines of {file}");
    }
    check_every_line("plain perft", |line| {
        line.rules
            .perft(&line.position, line.depth)
            .unwrap_or_else(|e| panic!("{}: {e}", line.place))
    });
}
