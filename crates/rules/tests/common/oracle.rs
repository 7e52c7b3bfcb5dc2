//! Our rules and positions as the reference oracle (`halma-reference`) reads them.

use halma_reference as oracle;
use halma_rules::{Position, Rules, Square};

/// A square as the oracle names it: (file, rank).
pub fn oracle_square(square: Square) -> oracle::RefSquare {
    (square.file(), square.rank())
}

/// The oracle's rules and position for ours, read from their strings.
pub fn oracle_of(rules: &Rules, position: &Position) -> (oracle::RefRules, oracle::RefPosition) {
    let ref_rules =
        oracle::parse_rules(&rules.to_string()).expect("the oracle reads our rules strings");
    let ref_position = oracle::parse_position(&ref_rules, &position.to_string())
        .expect("the oracle reads our position strings");
    (ref_rules, ref_position)
}
