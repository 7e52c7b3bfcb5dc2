//! The engine through the ABI: the same answers as the Rust engine under a
//! node limit, a stop from another thread, hostile arguments, finished games.

use std::ptr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use ::halma_engine::{Engine, EngineOptions, HashSize, Level, Limits};
use ::halma_rules::Game;
use halma_ffi::*;

mod common;
use common::record_of;

/// A game handle (freed by the caller).
fn game(rules_text: &str, position: Option<&str>) -> *mut halma_game {
    let mut rules = ptr::null_mut();
    let mut out = ptr::null_mut();
    let (p, len) = position.map_or((ptr::null(), 0), |p| (p.as_ptr().cast(), p.len()));
    // SAFETY: valid strings and outputs; the rules are freed once.
    unsafe {
        assert_eq!(
            halma_rules_new(rules_text.as_ptr().cast(), rules_text.len(), &mut rules),
            halma_result::Ok
        );
        assert_eq!(halma_game_new(rules, p, len, &mut out), halma_result::Ok);
        halma_rules_free(rules);
    }
    out
}

/// An engine handle with a small table (freed by the caller).
fn engine(level: u32) -> *mut halma_engine {
    engine_with(level, 4)
}

/// An engine handle with a table of `hash_mib` MiB (freed by the caller).
fn engine_with(level: u32, hash_mib: u32) -> *mut halma_engine {
    let mut out = ptr::null_mut();
    // SAFETY: a valid output.
    let code = unsafe { halma_engine_new(level, 1, hash_mib, &mut out) };
    assert_eq!(code, halma_result::Ok);
    assert!(!out.is_null());
    out
}

/// The principal variation of the engine's last search.
fn pv(engine: *mut halma_engine) -> Vec<halma_move> {
    let mut len = 0;
    // SAFETY: a live handle; a NULL buffer with length 0 asks for the size.
    let code = unsafe { halma_engine_pv(engine, ptr::null_mut(), 0, &mut len) };
    assert!(matches!(
        code,
        halma_result::Ok | halma_result::BufferTooSmall
    ));
    let mut moves = vec![
        halma_move {
            origin: 0,
            destination: 0,
            kind: 0
        };
        len
    ];
    let mut got = 0;
    // SAFETY: a buffer of `len` records.
    let code = unsafe { halma_engine_pv(engine, moves.as_mut_ptr(), len, &mut got) };
    assert_eq!(code, halma_result::Ok);
    assert_eq!(got, len);
    moves
}

const UNTOUCHED: halma_search_result = halma_search_result {
    best_move: halma_move {
        origin: 7,
        destination: 7,
        kind: 77,
    },
    score: 12345,
    win_in: 99,
    depth: 777,
    seldepth: 777,
    nodes: 777,
    elapsed_ms: 777,
    pv_len: 777,
};

#[test]
fn node_limited_search_matches_the_rust_engine() {
    for (rules, level, plies) in [("halma8", 10, 6), ("halma", 7, 2), ("halma3", 10, 3)] {
        let g = game(rules, None);
        let e = engine(level);
        let mut rust_game = Game::new(rules.parse().unwrap());
        let mut options = EngineOptions::default();
        options.level = Level::new(level.into()).unwrap();
        options.hash = HashSize::new(4).unwrap();
        let mut rust_engine = Engine::new(options);
        let stop = AtomicBool::new(false);
        for _ in 0..plies {
            let expected = rust_engine
                .search(&rust_game, Limits::nodes(3_000), &stop)
                .expect("limits in range");
            let expected_move = expected.best_move.expect("the game goes on");
            let mut got = UNTOUCHED;
            // SAFETY: live handles and a valid output.
            let code = unsafe { halma_engine_search(e, g, 0, 3_000, 0, &mut got) };
            assert_eq!(code, halma_result::Ok, "{rules}");
            assert_eq!(got.best_move, record_of(expected_move), "{rules}");
            assert_eq!(got.score, expected.score.raw());
            assert_eq!(got.depth, expected.depth);
            assert_eq!(got.seldepth, expected.seldepth);
            assert_eq!(got.nodes, expected.nodes);
            assert!(got.nodes <= 3_000 + 1_000, "{}", got.nodes);
            assert_eq!(got.pv_len, expected.pv.len().max(1));
            let line = pv(e);
            assert_eq!(line.len(), got.pv_len);
            assert_eq!(line[0], got.best_move);
            let want: Vec<halma_move> = expected.pv.iter().map(|&m| record_of(m)).collect();
            assert_eq!(line, want);
            rust_game.play(expected_move).unwrap();
            // SAFETY: a live game and a legal move record.
            let played = unsafe { halma_game_play(g, &got.best_move) };
            assert_eq!(played, halma_result::Ok);
        }
        // SAFETY: freed once.
        unsafe {
            halma_engine_free(e);
            halma_game_free(g);
        }
    }
}

#[test]
fn node_limited_search_is_deterministic_after_new_game() {
    let g = game("halma", None);
    let e = engine(10);
    let mut first = UNTOUCHED;
    let mut second = UNTOUCHED;
    // SAFETY: live handles and valid outputs.
    unsafe {
        assert_eq!(
            halma_engine_search(e, g, 0, 2_000, 0, &mut first),
            halma_result::Ok
        );
        assert_eq!(halma_engine_new_game(e), halma_result::Ok);
        assert_eq!(
            halma_engine_search(e, g, 0, 2_000, 0, &mut second),
            halma_result::Ok
        );
    }
    let first_ms = first.elapsed_ms;
    second.elapsed_ms = first_ms;
    assert_eq!(first, second);
    // Depth-limited and level-default searches give a legal move too.
    let mut shallow = UNTOUCHED;
    let mut level_default = UNTOUCHED;
    let low = engine(3);
    // SAFETY: live handles and valid outputs; freed once.
    unsafe {
        assert_eq!(
            halma_engine_search(e, g, 2, 0, 0, &mut shallow),
            halma_result::Ok
        );
        assert_eq!(shallow.depth, 2);
        assert_eq!(
            halma_engine_search(low, g, 0, 0, 0, &mut level_default),
            halma_result::Ok
        );
        assert_eq!(halma_engine_set_level(low, 1), halma_result::Ok);
        assert_eq!(
            halma_engine_search(low, g, 0, 0, 0, &mut level_default),
            halma_result::Ok
        );
        let mut clone = ptr::null_mut();
        assert_eq!(halma_game_clone(g, &mut clone), halma_result::Ok);
        assert_eq!(
            halma_game_play(clone, &level_default.best_move),
            halma_result::Ok
        );
        halma_game_free(clone);
        assert_eq!(halma_game_clone(g, &mut clone), halma_result::Ok);
        assert_eq!(halma_game_play(clone, &shallow.best_move), halma_result::Ok);
        halma_game_free(clone);
        halma_engine_free(low);
        halma_engine_free(e);
        halma_game_free(g);
    }
}

/// Pointers that may cross threads in the test (the ABI allows
/// `halma_engine_stop` from another thread).
#[derive(Clone, Copy)]
struct Shared(*mut halma_engine);
// SAFETY: the engine handle is used on the other thread only through
// `halma_engine_stop`, which the ABI documents as thread-safe.
unsafe impl Send for Shared {}

#[test]
fn stop_from_another_thread_ends_a_long_search() {
    let g = game("halma", None);
    let e = engine(10);
    let shared = Shared(e);
    let started = Instant::now();
    let stopper = std::thread::spawn(move || {
        let shared = shared;
        std::thread::sleep(Duration::from_millis(300));
        // SAFETY: a live handle; stop is allowed during a search.
        unsafe { halma_engine_stop(shared.0) };
    });
    let mut got = UNTOUCHED;
    // SAFETY: live handles and a valid output; no limit but a minute.
    let code = unsafe { halma_engine_search(e, g, 0, 0, 60_000, &mut got) };
    stopper.join().unwrap();
    assert_eq!(code, halma_result::Ok);
    let spent = started.elapsed();
    assert!(spent < Duration::from_secs(20), "stopped after {spent:?}");
    // SAFETY: a live game and a move record.
    let played = unsafe { halma_game_play(g, &got.best_move) };
    assert_eq!(played, halma_result::Ok);
    // The stop was for that search: the next one is not stopped.
    let mut next = UNTOUCHED;
    // SAFETY: live handles and a valid output; freed once.
    unsafe {
        assert_eq!(
            halma_engine_search(e, g, 3, 0, 0, &mut next),
            halma_result::Ok
        );
        assert_eq!(next.depth, 3);
        halma_engine_stop(ptr::null());
        halma_engine_free(e);
        halma_game_free(g);
    }
}

#[test]
fn a_stop_sent_just_before_a_search_stops_it() {
    let g = game("halma", None);
    let e = engine(10);
    let mut got = UNTOUCHED;
    let started = Instant::now();
    // SAFETY: live handles and valid outputs; freed once.
    unsafe {
        // The stop comes before the search begins (it used to be cleared
        // when the search started, which then ran for its whole movetime).
        halma_engine_stop(e);
        assert_eq!(
            halma_engine_search(e, g, 0, 0, 30_000, &mut got),
            halma_result::Ok
        );
        let spent = started.elapsed();
        assert!(spent < Duration::from_secs(10), "stopped after {spent:?}");
        let mut clone = ptr::null_mut();
        assert_eq!(halma_game_clone(g, &mut clone), halma_result::Ok);
        assert_eq!(halma_game_play(clone, &got.best_move), halma_result::Ok);
        halma_game_free(clone);
        // The request was used up by that search.
        let mut next = UNTOUCHED;
        assert_eq!(
            halma_engine_search(e, g, 3, 0, 0, &mut next),
            halma_result::Ok
        );
        assert_eq!(next.depth, 3);
        // A new game withdraws a waiting request.
        halma_engine_stop(e);
        assert_eq!(halma_engine_new_game(e), halma_result::Ok);
        let mut after = UNTOUCHED;
        assert_eq!(
            halma_engine_search(e, g, 3, 0, 0, &mut after),
            halma_result::Ok
        );
        assert_eq!(after.depth, 3);
        halma_engine_free(e);
        halma_game_free(g);
    }
}

#[test]
fn a_failed_search_consumes_a_waiting_stop() {
    // A stop waiting for the next search used to survive a search call that
    // failed before searching, and then ended a later, unrelated search at once.
    let g = game("halma8", None);
    let finished = game("halma8", Some("bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b"));
    let e = engine(10);
    const NODES: u64 = 20_000;
    let mut out = UNTOUCHED;
    // What fails: (why, game, depth, whether the result pointer is NULL).
    let failing: [(&str, *const halma_game, u32, bool); 4] = [
        ("a finished game", finished, 3, false),
        (
            "a depth above the maximum",
            g,
            HALMA_MAX_SEARCH_DEPTH + 1,
            false,
        ),
        ("a NULL game", ptr::null(), 3, false),
        ("a NULL result", g, 3, true),
    ];
    // SAFETY: live handles or NULL, valid outputs or NULL; freed once.
    unsafe {
        for (what, searched, depth, null_result) in failing {
            halma_engine_stop(e);
            let result: *mut halma_search_result = if null_result {
                ptr::null_mut()
            } else {
                &mut out
            };
            assert_ne!(
                halma_engine_search(e, searched, depth, 0, 0, result),
                halma_result::Ok,
                "{what}"
            );
            assert_eq!(out, UNTOUCHED, "{what}");
            // Not stopped: the search runs to its node limit (a stopped one
            // returns at its first check of the flag, after 1024 nodes).
            let mut next = UNTOUCHED;
            assert_eq!(
                halma_engine_search(e, g, 0, NODES, 0, &mut next),
                halma_result::Ok
            );
            assert!(
                next.nodes >= NODES,
                "a stop sent before {what} stopped the next search after {} nodes",
                next.nodes
            );
        }
        halma_engine_free(e);
        halma_game_free(finished);
        halma_game_free(g);
    }
}

/// The text of the calling thread's last error.
fn last_error() -> String {
    let mut buf = [0u8; 256];
    let mut len = 0;
    // SAFETY: a buffer of `buf.len()` bytes and a valid length output.
    let code = unsafe { halma_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(code, halma_result::Ok);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

#[test]
fn a_depth_above_the_maximum_is_refused_not_clamped() {
    let g = game("halma8", None);
    let e = engine(10);
    let mut out = UNTOUCHED;
    // SAFETY: live handles and valid outputs; freed once.
    unsafe {
        for depth in [HALMA_MAX_SEARCH_DEPTH + 1, u32::MAX] {
            assert_eq!(
                halma_engine_search(e, g, depth, 1_000, 0, &mut out),
                halma_result::InvalidArgument,
                "{depth}"
            );
            assert_eq!(out, UNTOUCHED);
            assert_eq!(
                last_error(),
                format!(
                    "argument `depth`: search depth {depth} is more than {HALMA_MAX_SEARCH_DEPTH}"
                )
            );
        }
        // The maximum itself is searched (here under a node limit).
        assert_eq!(
            halma_engine_search(e, g, HALMA_MAX_SEARCH_DEPTH, 1_000, 0, &mut out),
            halma_result::Ok
        );
        assert!(out.depth <= HALMA_MAX_SEARCH_DEPTH);
        halma_engine_free(e);
        halma_game_free(g);
    }
}

#[test]
fn hostile_arguments_are_refused() {
    let g = game("halma8", None);
    let e = engine(5);
    let mut out = UNTOUCHED;
    let mut handle = ptr::null_mut::<halma_engine>();
    // SAFETY: every pointer is NULL, live or valid for its output.
    unsafe {
        for (level, threads, hash) in [
            (0, 1, 1),
            (11, 1, 1),
            (u32::MAX, 1, 1),
            (5, 65, 1),
            (5, 1, 4097),
        ] {
            assert_eq!(
                halma_engine_new(level, threads, hash, &mut handle),
                halma_result::InvalidArgument,
                "{level} {threads} {hash}"
            );
            assert!(handle.is_null());
        }
        assert_eq!(
            halma_engine_new(5, 0, 0, ptr::null_mut()),
            halma_result::NullPointer
        );
        assert_eq!(halma_engine_new(5, 0, 0, &mut handle), halma_result::Ok);
        halma_engine_free(handle);
        halma_engine_free(ptr::null_mut());

        assert_eq!(
            halma_engine_search(ptr::null_mut(), g, 1, 0, 0, &mut out),
            halma_result::NullPointer
        );
        assert_eq!(
            halma_engine_search(e, ptr::null(), 1, 0, 0, &mut out),
            halma_result::NullPointer
        );
        assert_eq!(
            halma_engine_search(e, g, 1, 0, 0, ptr::null_mut()),
            halma_result::NullPointer
        );
        let misaligned = (ptr::addr_of_mut!(out) as *mut u8)
            .add(1)
            .cast::<halma_search_result>();
        assert_eq!(
            halma_engine_search(e, g, 1, 0, 0, misaligned),
            halma_result::InvalidArgument
        );
        assert_eq!(out, UNTOUCHED);

        assert_eq!(
            halma_engine_set_level(ptr::null_mut(), 3),
            halma_result::NullPointer
        );
        assert_eq!(halma_engine_set_level(e, 0), halma_result::InvalidArgument);
        assert_eq!(halma_engine_set_level(e, 11), halma_result::InvalidArgument);
        assert_eq!(
            halma_engine_new_game(ptr::null_mut()),
            halma_result::NullPointer
        );

        // The principal variation: empty at first, too-small buffers untouched.
        let mut len = 99;
        assert_eq!(
            halma_engine_pv(e, ptr::null_mut(), 0, &mut len),
            halma_result::Ok
        );
        assert_eq!(len, 0);
        assert_eq!(
            halma_engine_pv(ptr::null_mut(), ptr::null_mut(), 0, &mut len),
            halma_result::NullPointer
        );
        assert_eq!(
            halma_engine_pv(e, ptr::null_mut(), 0, ptr::null_mut()),
            halma_result::NullPointer
        );
        assert_eq!(
            halma_engine_search(e, g, 0, 500, 0, &mut out),
            halma_result::Ok
        );
        assert!(out.pv_len >= 1);
        let sentinel = halma_move {
            origin: 9,
            destination: 9,
            kind: 99,
        };
        let mut small = vec![sentinel; out.pv_len - 1];
        let mut len = 0;
        assert_eq!(
            halma_engine_pv(e, small.as_mut_ptr(), small.len(), &mut len),
            halma_result::BufferTooSmall
        );
        assert_eq!(len, out.pv_len);
        assert!(small.iter().all(|m| *m == sentinel));
        assert_eq!(halma_engine_new_game(e), halma_result::Ok);
        assert_eq!(
            halma_engine_pv(e, ptr::null_mut(), 0, &mut len),
            halma_result::Ok
        );
        assert_eq!(len, 0);

        halma_engine_free(e);
        halma_game_free(g);
    }
}

#[test]
fn searching_a_finished_game_is_game_over() {
    let finished = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b";
    let g = game("halma8", Some(finished));
    let e = engine(10);
    let mut out = UNTOUCHED;
    // SAFETY: live handles and valid outputs; freed once.
    unsafe {
        assert_eq!(
            halma_engine_search(e, g, 0, 1_000, 0, &mut out),
            halma_result::GameOver
        );
        assert_eq!(out, UNTOUCHED);
        let mut buf = [0u8; 256];
        let mut len = 0;
        assert_eq!(
            halma_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len),
            halma_result::Ok
        );
        let detail = std::str::from_utf8(&buf[..len]).unwrap();
        assert!(detail.contains("game is over"), "{detail}");
        halma_engine_free(e);
        halma_game_free(g);
    }
}

#[test]
fn stops_racing_searches_and_engines_in_parallel_are_sound() {
    // One engine searched repeatedly while another thread keeps stopping it,
    // and a second engine searching at the same time on its own thread.
    let g = game("halma8", None);
    let e = engine(10);
    let shared = Shared(e);
    let done = std::sync::Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    let stopper = std::thread::spawn(move || {
        let shared = shared;
        while !flag.load(std::sync::atomic::Ordering::Relaxed) {
            // SAFETY: a live handle (freed only after this thread is joined).
            unsafe { halma_engine_stop(shared.0) };
            std::thread::yield_now();
        }
    });
    let other = std::thread::spawn(|| {
        let g = game("halma", None);
        let e = engine(6);
        let mut out = UNTOUCHED;
        for _ in 0..5 {
            // SAFETY: live handles owned by this thread and a valid output.
            let code = unsafe { halma_engine_search(e, g, 0, 1_000, 0, &mut out) };
            assert_eq!(code, halma_result::Ok);
        }
        // SAFETY: freed once.
        unsafe {
            halma_engine_free(e);
            halma_game_free(g);
        }
    });
    for _ in 0..20 {
        let mut out = UNTOUCHED;
        // SAFETY: live handles and a valid output; only stop runs concurrently.
        let code = unsafe { halma_engine_search(e, g, 0, 0, 5_000, &mut out) };
        assert_eq!(code, halma_result::Ok);
        assert_ne!(out, UNTOUCHED);
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    stopper.join().unwrap();
    other.join().unwrap();
    // SAFETY: no other thread uses the handles any more; freed once.
    unsafe {
        halma_engine_free(e);
        halma_game_free(g);
    }
}

/// Games of `halma8` where Red, to move, is behind and can repeat a
/// position: Red steps one piece out and back again and again while Blue
/// races, then both step out and back once more. Each comes with the
/// moves that led to it (to replay through the ABI).
fn red_behind_games() -> Vec<(Game, Vec<::halma_rules::Move>)> {
    let rules: ::halma_rules::Rules = "halma8".parse().unwrap();
    let stop = AtomicBool::new(false);
    let is_step = |mv: &::halma_rules::Move| {
        let df = i32::from(mv.from().file()) - i32::from(mv.to().file());
        let dr = i32::from(mv.from().rank()) - i32::from(mv.to().rank());
        !mv.is_pass() && df.abs() <= 1 && dr.abs() <= 1
    };
    let mut games = Vec::new();
    for wasted_rounds in 3..9 {
        let mut game = Game::new(rules.clone());
        let mut blue = Engine::new(EngineOptions::default());
        let mut ok = true;
        // Red: out, back, out, back, ...; Blue: the engine; then Blue too
        // steps out and back once.
        for round in 0..=wasted_rounds {
            let red = if round % 2 == 0 {
                game.legal_moves().into_iter().find(is_step)
            } else {
                let last_red = game.moves()[game.moves().len() - 2];
                game.legal_moves()
                    .into_iter()
                    .find(|m| m.from() == last_red.to() && m.to() == last_red.from())
            };
            let blue_move = |game: &Game, blue: &mut Engine| {
                if round + 2 > wasted_rounds {
                    // The last two rounds: Blue steps out, then back.
                    let last_blue = game.moves()[game.moves().len() - 2];
                    if round == wasted_rounds {
                        game.legal_moves()
                            .into_iter()
                            .find(|m| m.from() == last_blue.to() && m.to() == last_blue.from())
                    } else {
                        game.legal_moves().into_iter().find(is_step)
                    }
                } else {
                    blue.search(game, Limits::nodes(500), &stop)
                        .expect("limits in range")
                        .best_move
                }
            };
            let Some(red) = red else {
                ok = false;
                break;
            };
            if game.play(red).is_err() || game.is_over() {
                ok = false;
                break;
            }
            let Some(b) = blue_move(&game, &mut blue) else {
                ok = false;
                break;
            };
            if game.play(b).is_err() || game.is_over() {
                ok = false;
                break;
            }
        }
        if ok {
            let moves = game.moves().to_vec();
            games.push((game, moves));
        }
    }
    games
}

#[test]
fn contempt_set_through_the_abi_is_the_engines_contempt() {
    let games = red_behind_games();
    assert!(games.len() >= 3, "only {} games", games.len());
    let mut distinguished = 0;
    for (rust_game, moves) in &games {
        let g = game("halma8", None);
        for &mv in moves {
            // SAFETY: a live game and a legal move record.
            let played = unsafe { halma_game_play(g, &record_of(mv)) };
            assert_eq!(played, halma_result::Ok);
        }
        let mut answers = Vec::new();
        for contempt in [0, HALMA_DEFAULT_CONTEMPT, HALMA_MAX_CONTEMPT] {
            let mut options = EngineOptions::default();
            options.contempt = ::halma_engine::Contempt::new(contempt.into()).unwrap();
            options.hash = HashSize::new(4).unwrap();
            let mut rust = Engine::new(options);
            let expected = rust
                .search(rust_game, Limits::nodes(3_000), &AtomicBool::new(false))
                .expect("limits in range");
            let e = engine(10);
            let mut got = UNTOUCHED;
            // SAFETY: live handles and a valid output; the engine freed once.
            unsafe {
                if contempt != HALMA_DEFAULT_CONTEMPT {
                    assert_eq!(halma_engine_set_contempt(e, contempt), halma_result::Ok);
                }
                assert_eq!(
                    halma_engine_search(e, g, 0, 3_000, 0, &mut got),
                    halma_result::Ok
                );
                halma_engine_free(e);
            }
            let best = record_of(expected.best_move.expect("a move"));
            assert_eq!(got.best_move, best, "contempt {contempt}");
            assert_eq!(got.score, expected.score.raw(), "contempt {contempt}");
            assert_eq!(got.nodes, expected.nodes, "contempt {contempt}");
            answers.push(best);
        }
        // SAFETY: freed once.
        unsafe { halma_game_free(g) };
        if answers[0] != answers[2] {
            distinguished += 1;
        }
    }
    // Otherwise the equality above would hold for a setting that is ignored.
    assert!(
        distinguished > 0,
        "contempt changed no move in {} games",
        games.len()
    );
}

#[test]
fn contempt_out_of_range_is_refused_with_the_value() {
    let e = engine(10);
    // SAFETY: a live handle, freed once; NULL is refused.
    unsafe {
        assert_eq!(
            halma_engine_set_contempt(ptr::null_mut(), 0),
            halma_result::NullPointer
        );
        assert_eq!(
            halma_engine_set_contempt(e, HALMA_MAX_CONTEMPT + 1),
            halma_result::InvalidArgument
        );
        assert_eq!(
            last_error(),
            format!(
                "contempt {} is more than {HALMA_MAX_CONTEMPT}",
                HALMA_MAX_CONTEMPT + 1
            )
        );
        assert_eq!(
            halma_engine_set_contempt(e, u32::MAX),
            halma_result::InvalidArgument
        );
        assert_eq!(
            halma_engine_set_contempt(e, HALMA_MAX_CONTEMPT),
            halma_result::Ok
        );
        halma_engine_free(e);
    }
    assert_eq!(
        u64::from(HALMA_DEFAULT_CONTEMPT),
        EngineOptions::default().contempt.units() as u64
    );
}

#[test]
fn a_stop_interrupts_the_filling_of_a_large_table() {
    // Issue 44, item 1: the table was written whole at the first search,
    // which no stop could interrupt (4 GiB: the search returned 6.5 s after
    // the stop). 2 GiB here: about 2 s to fill on the test machine.
    let g = game("halma", None);
    let e = engine_with(10, 2048);
    let shared = Shared(e);
    let stopper = std::thread::spawn(move || {
        let shared = shared;
        std::thread::sleep(Duration::from_millis(100));
        // SAFETY: a live handle; stop is allowed during a search.
        unsafe { halma_engine_stop(shared.0) };
        Instant::now()
    });
    let mut got = UNTOUCHED;
    // SAFETY: live handles and a valid output; no limit but a minute.
    let code = unsafe { halma_engine_search(e, g, 0, 0, 60_000, &mut got) };
    let returned = Instant::now();
    let stopped = stopper.join().unwrap();
    assert_eq!(code, halma_result::Ok);
    let late = returned.saturating_duration_since(stopped);
    assert!(
        late < Duration::from_secs(1),
        "returned {late:?} after the stop"
    );
    // SAFETY: live handles; freed once.
    unsafe {
        assert_eq!(halma_game_play(g, &got.best_move), halma_result::Ok);
        halma_engine_free(e);
        halma_game_free(g);
    }
}

#[test]
fn fill_hash_fills_ahead_and_a_stop_ends_it() {
    let g = game("halma8", None);
    let e = engine_with(10, 64);
    let mut got = UNTOUCHED;
    // SAFETY: live handles and valid outputs; freed once.
    unsafe {
        // A stop before: the fill ends at once and uses the request up, so
        // the next search is not stopped.
        halma_engine_stop(e);
        assert_eq!(halma_engine_fill_hash(e), halma_result::Ok);
        assert_eq!(
            halma_engine_search(e, g, 3, 0, 0, &mut got),
            halma_result::Ok
        );
        assert_eq!(got.depth, 3);
        assert_eq!(halma_engine_new_game(e), halma_result::Ok);
        assert_eq!(halma_engine_fill_hash(e), halma_result::Ok);
        assert_eq!(
            halma_engine_fill_hash(ptr::null_mut()),
            halma_result::NullPointer
        );
        halma_engine_free(e);
        halma_game_free(g);
    }
}
