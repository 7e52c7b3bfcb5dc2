//! Solo-race solver speed (issue 13): the beam, the meeting beam and the
//! exact search of `halma solve solo`, each on one thread and on two, in
//! the same run, so that the ratio of the two is measured on the same
//! machine at the same time. Each search is deterministic: its node count
//! (measured once at setup, and checked the same on both thread counts) is
//! the throughput.
//!
//! Run with `cargo bench --bench solve`.

use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use halma_rules::Rules;
use halma_solver::solo::{solve_with, SoloConfig, SoloSolution};
use halma_solver::{SolveError, SolveLimits};

/// One search: a name, the rules, and what runs (everything else off).
struct Case {
    name: &'static str,
    rules: &'static str,
    config: SoloConfig,
}

fn cases() -> Vec<Case> {
    let alone = SoloConfig {
        beam_width: 0,
        meet_width: 0,
        exact: false,
        ..SoloConfig::default()
    };
    vec![
        Case {
            name: "beam-2000",
            rules: "halma10",
            config: SoloConfig {
                beam_width: 2000,
                ..alone
            },
        },
        Case {
            name: "meet-2000",
            rules: "halma10",
            config: SoloConfig {
                meet_width: 2000,
                ..alone
            },
        },
        // Rounds 13 to 16 refuted: "no race of at most 16 moves".
        Case {
            name: "exact-to-16",
            rules: "halma8",
            config: SoloConfig {
                exact: true,
                max_length: Some(16),
                ..alone
            },
        },
    ]
}

/// Runs `config` from the start of `rules` and returns the nodes it took.
fn run(rules: &Rules, config: &SoloConfig) -> u64 {
    let start = rules.start_position();
    let outcome: Result<SoloSolution, SolveError> =
        solve_with(rules, &start, SolveLimits::default(), config, &mut |_| {});
    match outcome {
        Ok(solution) => solution.stats.nodes,
        Err(SolveError::Impossible(detail)) => {
            // The exact search's refutation names its nodes:
            // "... (123 nodes, 1.2 s)".
            let before = detail.rsplit(" nodes").nth(1).expect("a node count");
            before
                .rsplit('(')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no node count in {detail}"))
        }
        Err(error) => panic!("{error}"),
    }
}

fn solve(c: &mut Criterion) {
    for case in cases() {
        let rules: Rules = case.rules.parse().expect("a preset");
        let mut group = c.benchmark_group(format!("solo/{}/{}", case.rules, case.name));
        let started = Instant::now();
        let nodes = run(&rules, &case.config);
        let measurement = (started.elapsed() * 12).max(Duration::from_secs(1));
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(measurement)
            .throughput(Throughput::Elements(nodes));
        for threads in [1, 2] {
            let config = SoloConfig {
                threads,
                ..case.config
            };
            group.bench_function(format!("threads{threads}"), |b| {
                b.iter(|| {
                    let took = run(&rules, &config);
                    assert_eq!(took, nodes, "{}: the search is deterministic", case.name);
                })
            });
        }
        group.finish();
    }
}

/// Runs the benchmarks (what `criterion_group!`/`criterion_main!` expand to,
/// written out so that every item has a doc comment).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    solve(&mut criterion);
    criterion.final_summary();
}
