//! Engine search speed (issue 5, item 1): nodes per second of a
//! single-threaded search at a fixed node budget, on a few positions of
//! `benches/positions.tsv`. Every iteration starts a new game (empty
//! transposition table), so iterations are identical. Throughput is in
//! searched nodes (the count the engine reports, measured once at setup).
//!
//! Run with `cargo bench --bench search`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use halma_engine::{Engine, EngineOptions, Limits};
use halma_rules::Rules;

mod common;

/// The node budget of one search.
const NODES: u64 = 50_000;

/// The searched positions.
const POSITIONS: [&str; 3] = ["halma-opening", "halma-midgame", "super-halma-midgame"];

fn search(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    for (name, rules_text, position_text, _) in common::positions()
        .into_iter()
        .filter(|p| POSITIONS.contains(&p.0))
    {
        let rules: Rules = rules_text.parse().expect("a valid rules string");
        let position = rules
            .parse_position(position_text)
            .unwrap_or_else(|e| panic!("{name}: position {position_text:?}: {e}"));
        let mut engine = Engine::new(EngineOptions::default());
        let started = Instant::now();
        let nodes = engine
            .search_position(&rules, &position, &[], Limits::nodes(NODES), &stop)
            .unwrap()
            .nodes;
        // Flat sampling needs one search per sample at least.
        let measurement = (started.elapsed() * 15).max(Duration::from_secs(1));
        assert!(nodes > 0, "{name}: the search visited no node");

        let mut group = c.benchmark_group(format!("search/{name}"));
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(measurement);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("nodes{NODES}"), |b| {
            b.iter(|| {
                engine.new_game();
                let result = engine
                    .search_position(
                        &rules,
                        black_box(&position),
                        &[],
                        Limits::nodes(NODES),
                        &stop,
                    )
                    .unwrap();
                assert_eq!(
                    result.nodes, nodes,
                    "{name}: a fixed-budget search must be deterministic"
                );
                result.best_move
            })
        });
        group.finish();
    }
}

/// Runs the benchmarks (what `criterion_group!`/`criterion_main!` expand to,
/// written out so that every item has a doc comment).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    search(&mut criterion);
    criterion.final_summary();
}
