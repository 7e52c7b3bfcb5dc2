//! Move-generation benchmarks on the fixed positions of `benches/positions.tsv`
//! (issue 5, items 1 and 2), each measured next to the plain baseline
//! generator `halma_reference::baseline` in the same criterion group and run, so
//! that every result is a ratio taken side by side. The baseline is what a
//! careful programmer writes without bitboards: a mailbox with sentinel
//! borders, piece lists, a breadth-first jump search per piece with a stamp
//! array as visited set (which de-duplicates moves by origin and
//! destination), bulk counting at the last perft ply.
//!
//! - `legal_moves/<position>`: every legal move, listed by `Rules::legal_moves`
//!   (allocating and sorted) against the baseline's list (allocating,
//!   unordered), and counted by the allocation-free per-piece
//!   `MoveGenerator` path (destination sets) against the baseline's count;
//! - `jump_closure/<position>`: the jump closure of the piece of the side to
//!   move with the most jump destinations;
//! - `make_unmake/<position>`: make + undo of every legal move;
//! - `hash/<position>`: the incremental Zobrist update of every legal move
//!   (step and jump moves) against one hash from scratch;
//! - `perft/<position>`: perft at the file's fixed depth with bulk counting,
//!   `halma` against `baseline`, single-threaded. Both counts are asserted on
//!   every iteration against the baseline's count computed once at setup
//!   (`tests/baseline_perft.rs` checks the baseline against the rule book's
//!   reference counts), so a wrong fast generator cannot pass. Throughput is
//!   in perft leaves. `examples/perft_vs_baseline.rs` adds two threads.
//!   `halma-reuse-replies` is the same count by reply reuse
//!   (`PerftMode::ReuseReplies`), a perft algorithm rather than the
//!   generator, beside the two.
//!
//! The positions cover `halma` and `halma4`, and long jumps (issue 15):
//! `super-halma` and `halma,long-jumps` each at the start, in the opening,
//! in the midgame and crowded, so halma's long jumps are measured next to
//! the baseline's long jumps in the same run.
//!
//! Run with `cargo bench --bench movegen` (a filter such as
//! `cargo bench --bench movegen -- perft/` selects groups;
//! `-- 'perft/(super-halma|long-jumps)'` the long-jump perfts).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use halma_core::zobrist;
use halma_core::{MoveKind, Position};
use halma_reference::baseline;
use halma_rules::{PerftMode, PerftOptions, Rules};

mod common;

/// One benchmark position, parsed by both generators and checked against each other.
struct Case {
    name: &'static str,
    rules: Rules,
    position: Position,
    baseline: baseline::Position,
    perft_depth: u32,
}

/// Parses every position of `positions.tsv` with `halma` and the baseline,
/// and checks that both agree on the number of legal moves.
fn cases() -> Vec<Case> {
    common::positions()
        .into_iter()
        .map(|(name, rules_text, position_text, perft_depth)| {
            let rules: Rules = rules_text
                .parse()
                .unwrap_or_else(|e| panic!("{name}: rules {rules_text:?}: {e}"));
            let position = rules
                .parse_position(position_text)
                .unwrap_or_else(|e| panic!("{name}: position {position_text:?}: {e}"));
            let baseline = baseline::Position::new(rules_text, position_text)
                .unwrap_or_else(|e| panic!("{name}: baseline: {e}"));
            assert_eq!(
                rules.legal_moves(&position).len(),
                baseline::Generator::new()
                    .legal_moves(&mut baseline.clone())
                    .len(),
                "{name}: halma and the baseline disagree on the number of legal moves"
            );
            Case {
                name,
                rules,
                position,
                baseline,
                perft_depth,
            }
        })
        .collect()
}

/// Short, bounded measurements: the whole suite has to run in a few minutes on two cores.
fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(800));
}

/// The number of moves of the side to move, by the allocation-free per-piece path.
fn count_piece_moves(rules: &Rules, position: &Position) -> u64 {
    let generator = rules.move_generator(position);
    rules
        .piece_moves(position, &generator)
        .map(|piece| u64::from(black_box(piece).count()))
        .sum()
}

fn legal_moves(c: &mut Criterion) {
    for case in cases() {
        let moves = case.rules.legal_moves(&case.position).len();
        let mut group = c.benchmark_group(format!("legal_moves/{}", case.name));
        configure(&mut group);
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_function("halma", |b| {
            b.iter(|| case.rules.legal_moves(black_box(&case.position)))
        });
        // The baseline lifts each piece off its board while it moves, so it
        // needs its own copy.
        let mut position = case.baseline.clone();
        let mut generator = baseline::Generator::new();
        group.bench_function("baseline", |b| {
            b.iter(|| generator.legal_moves(black_box(&mut position)))
        });
        group.bench_function("halma_piece_moves", |b| {
            b.iter(|| count_piece_moves(&case.rules, black_box(&case.position)))
        });
        group.bench_function("baseline_count", |b| {
            b.iter(|| generator.count_moves(black_box(&mut position)))
        });
        group.finish();
    }
}

fn jump_closure(c: &mut Criterion) {
    for case in cases() {
        let generator = case.rules.move_generator(&case.position);
        let pieces = case.position.pieces(case.position.to_move());
        let Some(origin) = pieces
            .into_iter()
            .max_by_key(|&square| generator.jumps(square).count())
        else {
            continue;
        };
        let mut group = c.benchmark_group(format!("jump_closure/{}", case.name));
        configure(&mut group);
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("halma/{origin}"), |b| {
            b.iter(|| generator.jumps(black_box(origin)))
        });
        group.finish();
    }
}

fn make_unmake(c: &mut Criterion) {
    for case in cases() {
        let moves = case.rules.legal_moves(&case.position);
        let mut group = c.benchmark_group(format!("make_unmake/{}", case.name));
        configure(&mut group);
        group.throughput(Throughput::Elements(moves.len() as u64));
        let mut position = case.position.clone();
        group.bench_function("halma", |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for &mv in &moves {
                    position.make_move_unchecked(black_box(mv));
                    sum = sum.wrapping_add(position.hash());
                    position.unmake_move(mv);
                }
                sum
            })
        });
        assert_eq!(
            position.hash(),
            case.position.hash(),
            "{}: make/unmake must restore the position",
            case.name
        );
        group.finish();
    }
}

fn hash_update(c: &mut Criterion) {
    for case in cases() {
        let position = &case.position;
        let mover = position.to_move();
        let next = position.seats().next_after(mover);
        let moves: Vec<_> = case
            .rules
            .legal_moves(position)
            .into_iter()
            .filter(|mv| matches!(mv.kind(), MoveKind::Step | MoveKind::Jump))
            .collect();
        // The incremental update must agree with make_move's hash.
        for &mv in &moves {
            let mut after = position.clone();
            after.make_move_unchecked(mv);
            let incremental = position.hash()
                ^ zobrist::piece_key(mover, mv.from())
                ^ zobrist::piece_key(mover, mv.to())
                ^ zobrist::side_key(mover)
                ^ zobrist::side_key(next);
            assert_eq!(
                incremental,
                after.hash(),
                "{}: incremental hash of {mv:?}",
                case.name
            );
            assert_eq!(
                after.hash_from_scratch(),
                after.hash(),
                "{}: hash after {mv:?}",
                case.name
            );
        }
        let mut group = c.benchmark_group(format!("hash/{}", case.name));
        configure(&mut group);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function("incremental_all_moves", |b| {
            b.iter(|| {
                let base =
                    black_box(position).hash() ^ zobrist::side_key(mover) ^ zobrist::side_key(next);
                let mut sum = 0u64;
                for &mv in black_box(&moves) {
                    let key = base
                        ^ zobrist::piece_key(mover, mv.from())
                        ^ zobrist::piece_key(mover, mv.to());
                    sum = sum.wrapping_add(key);
                }
                sum
            })
        });
        group.throughput(Throughput::Elements(1));
        group.bench_function("from_scratch_once", |b| {
            b.iter(|| black_box(position).hash_from_scratch())
        });
        group.finish();
    }
}

fn perft(c: &mut Criterion) {
    for case in cases() {
        let depth = case.perft_depth;
        let started = Instant::now();
        let expected = baseline::perft(&case.baseline, depth);
        let baseline_once = started.elapsed();
        let started = Instant::now();
        assert_eq!(
            case.rules.perft(&case.position, depth),
            Ok(expected),
            "{}: halma perft({depth}) differs from the baseline",
            case.name
        );
        let halma_once = started.elapsed();
        // Flat sampling needs at least one iteration per sample: give each
        // generator the time for its 10 samples (avoids criterion's warning;
        // either may be the slower, as with long jumps).
        let budget = |once: Duration| (once * 15).max(Duration::from_secs(1));
        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(budget(halma_once));
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("halma/depth{depth}"), |b| {
            b.iter(|| {
                let count = case.rules.perft(black_box(&case.position), depth);
                assert_eq!(
                    count,
                    Ok(expected),
                    "{}: wrong halma perft({depth})",
                    case.name
                );
                count
            })
        });
        // The same count by reply reuse (a perft algorithm, not the
        // generator: most positions above the leaves are not generated).
        group.bench_function(format!("halma-reuse-replies/depth{depth}"), |b| {
            b.iter(|| {
                let count = case.rules.perft_with(
                    black_box(&case.position),
                    depth,
                    PerftOptions::new().mode(PerftMode::ReuseReplies),
                );
                assert_eq!(
                    count,
                    Ok(expected),
                    "{}: wrong halma perft({depth}) reusing replies",
                    case.name
                );
                count
            })
        });
        group.measurement_time(budget(baseline_once));
        group.bench_function(format!("baseline/depth{depth}"), |b| {
            b.iter(|| {
                let count = baseline::perft(black_box(&case.baseline), depth);
                assert_eq!(
                    count, expected,
                    "{}: wrong baseline perft({depth})",
                    case.name
                );
                count
            })
        });
        group.finish();
    }
}

/// Runs the benchmarks (what `criterion_group!`/`criterion_main!` expand to,
/// written out so that every item has a doc comment).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    legal_moves(&mut criterion);
    jump_closure(&mut criterion);
    make_unmake(&mut criterion);
    hash_update(&mut criterion);
    perft(&mut criterion);
    criterion.final_summary();
}
