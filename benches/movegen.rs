//! Move-generation benchmarks on the fixed positions of `benches/positions.tsv`
//! (issue 5, items 1 and 2), each measured next to the plain baseline
//! generator of `halma-reference` in the same criterion group and run:
//!
//! - `legal_moves/<position>`: every legal move, listed by `Rules::legal_moves`
//!   (allocating and sorted), by the allocation-free per-piece
//!   `MoveGenerator` path (destination sets, counted), and by
//!   `halma_reference::legal_moves` (square arrays, path search; it also
//!   builds each move's canonical path);
//! - `jump_closure/<position>`: the jump closure of the piece of the side to
//!   move with the most jump destinations;
//! - `make_unmake/<position>`: make + undo of every legal move;
//! - `hash/<position>`: the incremental Zobrist update of every legal move
//!   (step and jump moves) against one hash from scratch;
//! - `perft/<position>`: perft at the file's fixed depth with bulk counting,
//!   `halma` against `reference`. Both counts are asserted on every iteration
//!   against the reference count computed once at setup, so a wrong fast
//!   generator cannot pass. Throughput is in perft leaves.
//!
//! Run with `cargo bench --bench movegen` (a filter such as
//! `cargo bench --bench movegen -- perft/` selects groups).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use halma_core::zobrist;
use halma_core::{MoveKind, Position};
use halma_reference::{RefPosition, RefRules};
use halma_rules::Rules;

mod common;

/// One benchmark position, parsed by both generators and checked against each other.
struct Case {
    name: &'static str,
    rules: Rules,
    position: Position,
    ref_rules: RefRules,
    ref_position: RefPosition,
    perft_depth: u32,
}

/// Parses every position of `positions.tsv` with `halma` and the reference,
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
            let ref_rules = halma_reference::parse_rules(rules_text)
                .unwrap_or_else(|e| panic!("{name}: reference rules {rules_text:?}: {e}"));
            let ref_position = halma_reference::parse_position(&ref_rules, position_text)
                .unwrap_or_else(|e| panic!("{name}: reference position {position_text:?}: {e}"));
            assert_eq!(
                rules.legal_moves(&position).len(),
                halma_reference::legal_moves(&ref_rules, &ref_position).len(),
                "{name}: halma and the reference disagree on the number of legal moves"
            );
            Case {
                name,
                rules,
                position,
                ref_rules,
                ref_position,
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
        group.bench_function("halma_piece_moves", |b| {
            b.iter(|| count_piece_moves(&case.rules, black_box(&case.position)))
        });
        group.bench_function("reference", |b| {
            b.iter(|| halma_reference::legal_moves(&case.ref_rules, black_box(&case.ref_position)))
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
                    position.make_move(black_box(mv));
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
            after.make_move(mv);
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
        let expected = halma_reference::perft(&case.ref_rules, &case.ref_position, depth);
        // Flat sampling needs at least one iteration per sample: give the
        // baseline the time for its 10 samples (avoids criterion's warning).
        let reference_time = (started.elapsed() * 15).max(Duration::from_secs(1));
        assert_eq!(
            case.rules.perft(&case.position, depth),
            expected,
            "{}: halma perft({depth}) differs from the reference",
            case.name
        );
        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_secs(1));
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("halma/depth{depth}"), |b| {
            b.iter(|| {
                let count = case.rules.perft(black_box(&case.position), depth);
                assert_eq!(count, expected, "{}: wrong halma perft({depth})", case.name);
                count
            })
        });
        group.measurement_time(reference_time);
        group.bench_function(format!("reference/depth{depth}"), |b| {
            b.iter(|| {
                let count =
                    halma_reference::perft(&case.ref_rules, black_box(&case.ref_position), depth);
                assert_eq!(
                    count, expected,
                    "{}: wrong reference perft({depth})",
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
