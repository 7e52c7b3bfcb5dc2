//! Recursion and resource bounds of the engine reachable from its public API:
//! a search depth far above `MAX_DEPTH` stays within it, plies included.
//! (The solo beam search's bounds are tested in `halma-tools`.)

use std::sync::atomic::AtomicBool;

use halma_engine::search::MAX_DEPTH;
use halma_engine::{Engine, EngineOptions, Limits};
use halma_rules::Rules;

#[test]
fn a_depth_far_above_the_bound_searches_within_it() {
    for rules_text in ["halma8", "halma4", "super-halma"] {
        let rules: Rules = rules_text.parse().expect("rules");
        let start = rules.start_position();
        let mut engine = Engine::new(EngineOptions::default());
        let limits = Limits {
            depth: Some(u32::MAX),
            nodes: Some(3_000),
            ..Limits::default()
        };
        let result = engine.search_position(&rules, &start, &[], limits, &AtomicBool::new(false));
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
