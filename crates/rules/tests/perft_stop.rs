//! `PerftOptions::stop`: a raised stop flag ends a perft that would
//! run for hours with `PerftError::Stopped` (never a partial count), on one
//! thread and on two, with and without a table; a table used by a stopped
//! perft still gives exact counts afterwards; a flag that stays down changes
//! nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use halma_rules::{PerftError, PerftMode, PerftOptions, PerftTable, Rules};

fn rules(text: &str) -> Rules {
    text.parse().expect("a preset")
}

/// Runs a perft of `depth` from the `halma` start (hours of work at depth
/// 9) and raises the flag from another thread after `delay`.
fn stopped_after(
    delay: Duration,
    threads: usize,
    table: Option<&mut PerftTable>,
    mode: PerftMode,
) -> Result<u64, PerftError> {
    let rules = rules("halma");
    let start = rules.start_position();
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        scope.spawn(|| {
            thread::sleep(delay);
            stop.store(true, Ordering::Relaxed);
        });
        rules.perft_with(
            &start,
            9,
            PerftOptions::new()
                .threads(threads)
                .table(table)
                .mode(mode)
                .stop(&stop),
        )
    })
}

#[test]
fn a_raised_flag_stops_a_long_perft() {
    for threads in [1, 2] {
        for mode in [PerftMode::Generate, PerftMode::ReuseReplies] {
            let outcome = stopped_after(Duration::from_millis(50), threads, None, mode);
            assert_eq!(
                outcome,
                Err(PerftError::Stopped),
                "{threads} threads, {mode:?}"
            );
        }
    }
}

#[test]
fn a_table_used_by_a_stopped_perft_keeps_only_whole_counts() {
    let mut table = PerftTable::new(8).expect("8 MiB");
    let outcome = stopped_after(
        Duration::from_millis(50),
        2,
        Some(&mut table),
        PerftMode::Generate,
    );
    assert_eq!(outcome, Err(PerftError::Stopped));
    // The same table, reused: whatever the stopped run stored is exact.
    let rules = rules("halma");
    let start = rules.start_position();
    let go = AtomicBool::new(false);
    for depth in 1..=4 {
        let hashed = rules.perft_with(
            &start,
            depth,
            PerftOptions::new()
                .threads(1)
                .table(Some(&mut table))
                .stop(&go),
        );
        assert_eq!(hashed, rules.perft(&start, depth), "depth {depth}");
    }
}

#[test]
fn a_flag_raised_before_the_call_stops_it_and_a_lowered_one_changes_nothing() {
    for preset in ["halma8", "halma4", "super-halma"] {
        let rules = rules(preset);
        let start = rules.start_position();
        let up = AtomicBool::new(true);
        let down = AtomicBool::new(false);
        for depth in 2..=4 {
            for threads in [1, 2] {
                assert_eq!(
                    rules.perft_with(
                        &start,
                        depth,
                        PerftOptions::new().threads(threads).stop(&up)
                    ),
                    Err(PerftError::Stopped),
                    "{preset} depth {depth}"
                );
                assert_eq!(
                    rules.perft_with(
                        &start,
                        depth,
                        PerftOptions::new().threads(threads).stop(&down)
                    ),
                    rules.perft(&start, depth),
                    "{preset} depth {depth}"
                );
            }
        }
        // Depths 0 and 1 are one bulk count: they do not read the flag.
        for depth in 0..=1 {
            assert_eq!(
                rules.perft_with(&start, depth, PerftOptions::new().threads(1).stop(&up)),
                rules.perft(&start, depth)
            );
        }
    }
}
