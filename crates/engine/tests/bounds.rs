//! Recursion and resource bounds of the engine reachable from its public API:
//! a search depth far above `MAX_DEPTH` stays within it, plies included, and
//! the solo beam search copes with any width.

use std::sync::atomic::AtomicBool;

use halma_engine::search::MAX_DEPTH;
use halma_engine::solo::{beam_search, solo_position};
use halma_engine::{Engine, EngineOptions, EvalWeights, Limits};
use halma_rules::{Rules, Seat};

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
        let result = engine.search(&rules, &start, &[], limits, &AtomicBool::new(false));
        assert!(
            rules.legal_moves(&start).contains(&result.best_move),
            "{rules_text}"
        );
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

#[test]
fn beam_search_takes_any_width() {
    let rules: Rules = "halma8".parse().expect("rules");
    let start = solo_position(&rules, Seat::Red);
    // Width 0 used to panic (`width - 1` overflowed once a ply had children).
    for width in [0, 1, 2] {
        // A narrow beam may find nothing; it must not fail.
        let _ = beam_search(&rules, &start, width, 40, EvalWeights::default());
    }
    assert_eq!(
        beam_search(&rules, &start, 0, 40, EvalWeights::default()),
        None
    );
}
