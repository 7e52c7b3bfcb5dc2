//! The transposition table is filled a chunk at a time, which a stop
//! interrupts and a search reports (issue 44, item 1: a 4 GiB table used to
//! be written whole, silently and unstoppably, at the first search).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use halma_engine::{Engine, EngineOptions, HashSize, Limits, SearchEvent, SearchOptions};
use halma_rules::Game;

/// An engine with a table of `mib` MiB.
fn engine(mib: u64) -> Engine {
    let mut options = EngineOptions::default();
    options.hash = HashSize::new(mib).unwrap();
    Engine::new(options)
}

#[test]
fn a_search_fills_the_table_first_reporting_progress_and_a_stop_interrupts_it() {
    let game = Game::new("halma".parse().unwrap());
    let mut engine = engine(128);
    assert!(!engine.table_is_whole());
    let stop = AtomicBool::new(false);
    let options = SearchOptions {
        progress_interval: Some(Duration::ZERO),
        ..SearchOptions::default()
    };
    let mut fills = Vec::new();
    let mut lines = 0;
    // A report at once, then one before each chunk; stopped at the third
    // (48 MiB filled, and the chunk after it): 64 MiB of 128.
    let result = engine
        .search_with(
            &game,
            Limits::default(),
            &options,
            &stop,
            &mut |event| match event {
                SearchEvent::TableFill(fill) => {
                    fills.push((fill.filled_mib, fill.size_mib));
                    if fills.len() == 3 {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                SearchEvent::Line(_) => lines += 1,
                _ => {}
            },
        )
        .unwrap();
    assert_eq!(fills, [(16, 128), (32, 128), (48, 128)]);
    assert!(!engine.table_is_whole());
    // A stop during the fill still gives a legal move.
    let best = result.best_move.expect("a move");
    assert!(game.legal_moves().contains(&best));
    assert!(lines <= 1, "{lines} lines after a stop before the search");

    // The next search goes on from there and fills the rest.
    stop.store(false, Ordering::Relaxed);
    fills.clear();
    engine
        .search_with(&game, Limits::depth(2), &options, &stop, &mut |event| {
            if let SearchEvent::TableFill(fill) = event {
                fills.push((fill.filled_mib, fill.size_mib));
            }
        })
        .unwrap();
    assert_eq!(fills, [(64, 128), (80, 128), (96, 128), (112, 128)]);
    assert!(engine.table_is_whole());
}

#[test]
fn fill_table_fills_in_advance_and_stops_when_asked() {
    let mut engine = engine(64);
    let stop = AtomicBool::new(true);
    assert!(!engine.fill_table(&stop));
    assert!(!engine.table_is_whole());
    stop.store(false, Ordering::Relaxed);
    assert!(engine.fill_table(&stop));
    assert!(engine.table_is_whole());
    // A new game forgets the table: it is filled again (a chunk is at once).
    engine.new_game();
    assert!(!engine.table_is_whole());
    assert!(engine.fill_table(&stop));
    // A new size is a new table, filled anew.
    engine.set_hash(HashSize::new(32).unwrap());
    assert!(!engine.table_is_whole());
    assert!(engine.fill_table(&stop));
}

#[test]
fn a_filled_table_gives_the_same_search_as_one_filled_by_the_search() {
    let game = Game::new("halma8".parse().unwrap());
    let stop = AtomicBool::new(false);
    let mut ahead = engine(48);
    assert!(ahead.fill_table(&stop));
    let mut lazy = engine(48);
    let a = ahead.search(&game, Limits::nodes(20_000), &stop).unwrap();
    let b = lazy.search(&game, Limits::nodes(20_000), &stop).unwrap();
    assert!(lazy.table_is_whole());
    assert_eq!(
        (a.best_move, a.score, a.nodes, a.pv),
        (b.best_move, b.score, b.nodes, b.pv)
    );
}

#[test]
fn a_timed_search_spends_at_most_a_part_of_its_time_filling() {
    // 4 GiB would take seconds to fill; a 200 ms search fills some of it
    // and answers in time, with the table not yet whole.
    let game = Game::new("halma8".parse().unwrap());
    let mut engine = engine(4096);
    let stop = AtomicBool::new(false);
    let result = engine
        .search(&game, Limits::movetime(Duration::from_millis(200)), &stop)
        .unwrap();
    assert!(result.best_move.is_some());
    assert!(!engine.table_is_whole());
    assert!(result.depth >= 1, "{result:?}");
}
