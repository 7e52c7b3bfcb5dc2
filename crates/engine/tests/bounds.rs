//! Recursion and resource bounds of the engine reachable from its public API:
//! the deepest search allowed, `MAX_DEPTH`, stays within it, plies included
//! (a deeper one is refused: `tests/search.rs`).

use std::sync::atomic::AtomicBool;

use halma_engine::search::MAX_DEPTH;
use halma_engine::{Engine, EngineOptions, Limits};
use halma_rules::Rules;

#[test]
fn the_deepest_search_stays_within_the_bound() {
    for rules_text in ["halma8", "halma4", "super-halma"] {
        let rules: Rules = rules_text.parse().expect("rules");
        let start = rules.start_position();
        let mut engine = Engine::new(EngineOptions::default());
        let limits = Limits {
            depth: Some(MAX_DEPTH),
            nodes: Some(3_000),
            ..Limits::default()
        };
        let result = engine
            .search_position(&rules, &start, &[], limits, &AtomicBool::new(false))
            .unwrap();
        let best = result.best_move.expect("the start is not over");
        assert!(rules.legal_moves(&start).contains(&best), "{rules_text}");
        assert!(
            result.depth <= MAX_DEPTH,
            "{rules_text}: depth {}",
            result.depth
        );
        // No extensions: a line is never longer than its iteration.
        assert!(
            result.seldepth <= MAX_DEPTH,
            "{rules_text}: seldepth {}",
            result.seldepth
        );
    }
}
