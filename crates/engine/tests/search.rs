//! The search: wins in one are found, node-limited searches are
//! reproducible, the stop flag stops, every preset and option is searched,
//! and configurations are valid by construction. (Solo races and matches
//! against the baselines are tested with the tools, in `halma-tools`.)

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use halma_engine::{
    Clock, ConfigError, Engine, EngineOptions, HashSize, Level, Limits, Score, ScoreBound,
    SearchError, SearchEvent, SearchOptions, SearchResult, Selectivity, Threads, MAX_MULTIPV,
};
use halma_rules::{occurrences_of_final_position, Game, GameResult, Move, Rules, Seat};

fn options() -> EngineOptions {
    let mut options = EngineOptions::default();
    options.hash = HashSize::new(4).unwrap();
    options
}

fn engine() -> Engine {
    Engine::new(options())
}

/// The best move of a search in a game that is not over.
fn best(result: &SearchResult) -> Move {
    result.best_move.expect("a move in a game not over")
}

#[test]
fn a_win_in_one_is_found() {
    let rules: Rules = "halma8".parse().unwrap();
    // Red fills its target camp but for e1; d2-e1 wins.
    let position = rules
        .parse_position("8/8/bbbbb3/bbbbb3/7r/6rr/3r1rrr/5rrr r")
        .unwrap();
    for limits in [Limits::depth(1), Limits::depth(4), Limits::nodes(500)] {
        let result = engine()
            .search_position(&rules, &position, &[], limits, &AtomicBool::new(false))
            .unwrap();
        assert_eq!(
            rules.move_to_string(&position, best(&result)).unwrap(),
            "d2-e1"
        );
        assert_eq!(result.score, Score::Win(1));
    }
}

#[test]
fn the_opponent_win_in_one_is_prevented_or_seen() {
    // Blue threatens e7-d8, which Red cannot stop: the score says so.
    let rules: Rules = "halma8".parse().unwrap();
    let position = rules
        .parse_position("bbb5/bbb1b3/bb6/b7/8/8/2rrrrr1/3rrrrr r")
        .unwrap();
    let result = engine()
        .search_position(
            &rules,
            &position,
            &[],
            Limits::depth(3),
            &AtomicBool::new(false),
        )
        .unwrap();
    assert!(rules.is_legal(&position, best(&result)));
    assert_eq!(result.score, Score::Loss(2));
}

#[test]
fn node_limited_searches_are_reproducible() {
    let rules: Rules = "halma".parse().unwrap();
    let mut game = Game::new(rules.clone());
    for text in ["c15-e13", "o3-m5", "b15-d13-f13"] {
        game.play_str(text).unwrap();
    }
    for limits in [Limits::nodes(20_000), Limits::depth(4)] {
        let stop = AtomicBool::new(false);
        let mut two = options();
        two.threads = Threads::new(2).unwrap();
        let first = Engine::new(two).search(&game, limits, &stop).unwrap();
        let second = engine().search(&game, limits, &stop).unwrap();
        assert_eq!(first.best_move, second.best_move);
        assert_eq!(first.score, second.score);
        assert_eq!(first.nodes, second.nodes);
        assert_eq!(first.pv, second.pv);
        assert_eq!(first.pv[0], best(&first));
        if let Some(n) = limits.nodes {
            assert!(first.nodes <= n);
        }
    }
}

#[test]
fn the_stop_flag_stops_a_search() {
    let rules: Rules = "halma".parse().unwrap();
    let position = rules.start_position();
    // Raised before the search: a legal move at once.
    let raised = AtomicBool::new(true);
    let result = engine()
        .search_position(&rules, &position, &[], Limits::infinite(), &raised)
        .unwrap();
    assert!(rules.is_legal(&position, best(&result)));
    // Raised while an unlimited search runs on two threads.
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let started = Instant::now();
    let search = std::thread::spawn(move || {
        let mut two = options();
        two.threads = Threads::new(2).unwrap();
        Engine::new(two)
            .search_position(&rules, &position, &[], Limits::infinite(), &flag)
            .unwrap()
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let result = search.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(result.depth >= 1);
    // A movetime is kept.
    let rules: Rules = "halma".parse().unwrap();
    let started = Instant::now();
    let result = engine()
        .search_position(
            &rules,
            &rules.start_position(),
            &[],
            Limits::movetime(Duration::from_millis(150)),
            &AtomicBool::new(false),
        )
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_millis(600),
        "{:?}",
        started.elapsed()
    );
    assert!(result.depth >= 1);
}

#[test]
fn every_preset_and_option_is_searched() {
    for text in [
        "halma",
        "halma3",
        "halma4",
        "halma8",
        "halma10",
        "super-halma",
        "halma8,long-jumps,camp-lock,spoil=swap",
        "halma4,spoil=fill",
        "halma3,camp-lock,spoil=swap",
    ] {
        let rules: Rules = text.parse().unwrap();
        let mut game = Game::new(rules.clone());
        let mut engine = engine();
        let stop = AtomicBool::new(false);
        for _ in 0..6 {
            let result = engine.search(&game, Limits::nodes(1_500), &stop).unwrap();
            assert!(!result.pv.is_empty(), "{text}");
            game.play(best(&result))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }
}

#[test]
fn finished_games_and_single_moves_are_answered() {
    let rules: Rules = "halma8".parse().unwrap();
    let won = rules
        .parse_position("8/8/bbbbb3/bbbbb3/7r/6rr/5rrr/4rrrr b")
        .unwrap();
    let result = engine()
        .search_position(&rules, &won, &[], Limits::depth(3), &AtomicBool::new(false))
        .unwrap();
    assert_eq!(result.best_move, None);
    assert!(result.pv.is_empty());
}

#[test]
fn levels_play_legal_moves_and_level_one_is_fast() {
    let rules: Rules = "halma".parse().unwrap();
    let game = Game::new(rules.clone());
    for level in 1..=10 {
        let mut options = options();
        options.level = Level::new(level).unwrap();
        options.seed = 7;
        let result = Engine::new(options)
            .search(&game, Limits::nodes(5_000), &AtomicBool::new(false))
            .unwrap();
        assert!(
            rules.is_legal(game.position(), best(&result)),
            "level {level}"
        );
        if level <= 2 {
            assert_eq!(result.depth, 1);
        }
    }
}

/// Runs `limits` on the halma start position on a thread, raising the stop
/// flag after `after`; returns the result.
fn stopped_after(limits: Limits, after: Duration) -> SearchResult {
    let rules: Rules = "halma".parse().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let search = std::thread::spawn(move || {
        engine()
            .search_position(&rules, &rules.start_position(), &[], limits, &flag)
            .unwrap()
    });
    std::thread::sleep(after);
    stop.store(true, Ordering::Relaxed);
    search.join().expect("the search does not panic")
}

#[test]
fn extreme_limits_do_not_panic() {
    let huge_clock = Clock {
        remaining: Duration::MAX,
        increment: Duration::MAX,
        moves_to_go: Some(1),
    };
    // (A depth out of range is refused: `depths_out_of_range_are_refused_by_every_search`.)
    for limits in [
        Limits::depth(halma_engine::search::MAX_DEPTH),
        Limits::movetime(Duration::MAX),
        Limits {
            clock: Some(huge_clock),
            ..Limits::default()
        },
        Limits {
            clock: Some(Clock {
                moves_to_go: None,
                ..huge_clock
            }),
            movetime: Some(Duration::MAX),
            ..Limits::default()
        },
    ] {
        let result = stopped_after(limits, Duration::from_millis(100));
        let rules: Rules = "halma".parse().unwrap();
        assert!(
            rules.is_legal(&rules.start_position(), best(&result)),
            "{limits:?}"
        );
    }
}

fn midgame() -> Game {
    let mut game = Game::new("halma".parse().unwrap());
    for text in ["c15-e13", "o3-m5", "b15-d13-f13"] {
        game.play_str(text).unwrap();
    }
    game
}

#[test]
fn progress_reports_leave_node_limited_searches_unchanged() {
    let game = midgame();
    let stop = AtomicBool::new(false);
    let plain = engine()
        .search(&game, Limits::nodes(30_000), &stop)
        .unwrap();
    let options = SearchOptions {
        progress_interval: Some(Duration::ZERO),
        ..SearchOptions::default()
    };
    let mut progress = Vec::new();
    let mut lines = Vec::new();
    let observed = engine()
        .search_with(
            &game,
            Limits::nodes(30_000),
            &options,
            &stop,
            &mut |event| match event {
                SearchEvent::Progress(p) => progress.push(p.clone()),
                SearchEvent::Line(info) => lines.push(info.clone()),
                _ => {}
            },
        )
        .unwrap();
    assert_eq!(observed.best_move, plain.best_move);
    assert_eq!(observed.score, plain.score);
    assert_eq!(observed.nodes, plain.nodes);
    assert_eq!(observed.pv, plain.pv);
    // A report every 1024 nodes (the interval is zero), each on a legal root move.
    assert!(
        progress.len() as u64 >= plain.nodes / 1024 - 1,
        "{}",
        progress.len()
    );
    let legal = game.legal_moves();
    for p in &progress {
        assert!(legal.contains(&p.currmove), "{p:?}");
        assert!(
            (1..=legal.len() as u32).contains(&p.currmovenumber),
            "{p:?}"
        );
        assert!(p.nodes <= plain.nodes);
    }
    assert!(progress.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(lines.iter().all(|l| l.multipv == 1));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.bound == ScoreBound::Exact)
        .unwrap();
    assert_eq!(last.pv, plain.pv);
}

#[test]
fn multipv_lines_are_the_best_moves_in_order() {
    let game = midgame();
    let stop = AtomicBool::new(false);
    let depth = Limits::depth(4);
    let plain = engine().search(&game, depth, &stop).unwrap();
    let options = SearchOptions {
        multipv: 4,
        ..SearchOptions::default()
    };
    let mut lines = Vec::new();
    let result = engine()
        .search_with(&game, depth, &options, &stop, &mut |event| {
            if let SearchEvent::Line(info) = event {
                lines.push(info.clone());
            }
        })
        .unwrap();
    let last: Vec<_> = lines
        .iter()
        .filter(|l| l.depth == 4 && l.bound == ScoreBound::Exact)
        .collect();
    assert_eq!(
        last.iter().map(|l| l.multipv).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert!(last.windows(2).all(|w| w[0].score >= w[1].score));
    let mut firsts: Vec<_> = last.iter().map(|l| l.pv[0]).collect();
    firsts.sort_by_key(|m| format!("{m:?}"));
    firsts.dedup();
    assert_eq!(firsts.len(), 4);
    assert_eq!(best(&result), last[0].pv[0]);
    // The best line is the one-line search's best move, or as good.
    assert!(
        last[0].score >= plain.score,
        "{:?} < {:?}",
        last[0].score,
        plain.score
    );
}

#[test]
fn depths_out_of_range_are_refused_by_every_search() {
    // `search` and `search_position` used to search such a depth to 64
    // while `search_with` refused it: nothing is clamped.
    let game = midgame();
    let stop = AtomicBool::new(false);
    for depth in [0, halma_engine::search::MAX_DEPTH + 1, u32::MAX] {
        let limits = Limits {
            depth: Some(depth),
            nodes: Some(1_000),
            ..Limits::default()
        };
        let refused = Err(SearchError::Depth(depth));
        let options = SearchOptions::default();
        let checked = engine().search_with(&game, limits, &options, &stop, &mut |_| {});
        assert_eq!(checked, refused);
        assert_eq!(engine().search(&game, limits, &stop), refused);
        let low_level = engine().search_position(game.rules(), game.position(), &[], limits, &stop);
        assert_eq!(low_level, refused);
    }
    for depth in [1, halma_engine::search::MAX_DEPTH] {
        let limits = Limits {
            depth: Some(depth),
            nodes: Some(1_000),
            ..Limits::default()
        };
        let result = engine().search(&game, limits, &stop).unwrap();
        assert!(result.depth <= depth, "{depth}: {}", result.depth);
        assert!(game.legal_moves().contains(&best(&result)));
    }
}

#[test]
fn search_options_out_of_range_are_errors() {
    let game = midgame();
    let stop = AtomicBool::new(false);
    let legal = game.legal_moves();
    let run = |options: SearchOptions| {
        engine().search_with(&game, Limits::depth(1), &options, &stop, &mut |_| {})
    };
    for n in [0, MAX_MULTIPV + 1] {
        let options = SearchOptions {
            multipv: n,
            ..SearchOptions::default()
        };
        assert_eq!(run(options), Err(SearchError::MultiPv(n)));
    }
    let other: Game = Game::new("halma".parse().unwrap());
    let illegal = *other
        .legal_moves()
        .iter()
        .find(|m| !legal.contains(m))
        .unwrap();
    let options = SearchOptions {
        searchmoves: vec![legal[0], illegal],
        ..SearchOptions::default()
    };
    assert_eq!(
        run(options),
        Err(SearchError::IllegalSearchMove { index: 2 })
    );
    let options = SearchOptions {
        searchmoves: vec![legal[3], legal[3]],
        ..SearchOptions::default()
    };
    assert_eq!(
        run(options),
        Err(SearchError::RepeatedSearchMove { index: 2 })
    );
    let options = SearchOptions {
        searchmoves: vec![legal[3], legal[5]],
        multipv: MAX_MULTIPV,
        ..SearchOptions::default()
    };
    let chosen = best(&run(options).unwrap());
    assert!(chosen == legal[3] || chosen == legal[5]);
}

#[test]
fn invalid_settings_cannot_be_made() {
    // Each used to be clamped (threads 0 -> 1, level 0 -> 1) or to panic
    // in the search (a width of 0 overflowed a subtraction).
    assert_eq!(Threads::new(0), Err(ConfigError::Threads(0)));
    assert_eq!(Level::new(0), Err(ConfigError::Level(0)));
    assert_eq!(Level::new(11), Err(ConfigError::Level(11)));
    assert_eq!(
        Selectivity::new([0; 4], 4),
        Err(ConfigError::ZeroWidth { index: 1 })
    );
    assert_eq!(
        Selectivity::new([6, 10, 0, 20], 4),
        Err(ConfigError::ZeroWidth { index: 3 })
    );
    assert_eq!(
        Selectivity::new([1; 4], usize::MAX),
        Err(ConfigError::ReduceFrom(usize::MAX as u64))
    );
    // The narrowest valid selectivity, and reductions from the first move,
    // search every preset without a panic.
    let mut options = options();
    options.selectivity = Selectivity::new([1; 4], 0).unwrap();
    for text in ["halma8", "halma3", "halma4"] {
        let game = Game::new(text.parse().unwrap());
        let result = Engine::new(options.clone())
            .search(&game, Limits::depth(5), &AtomicBool::new(false))
            .unwrap();
        assert!(
            game.rules().is_legal(game.position(), best(&result)),
            "{text}"
        );
    }
}

/// Nodes of a depth-limited search of `game` with `selectivity`, without
/// the tempo (whose leaf values change which moves cut off: the counts
/// compare the selectivity alone).
fn nodes_at_depth(game: &Game, selectivity: Selectivity, depth: u32) -> u64 {
    let mut options = options();
    options.selectivity = selectivity;
    options.tempo = false;
    Engine::new(options)
        .search(game, Limits::depth(depth), &AtomicBool::new(false))
        .unwrap()
        .nodes
}

#[test]
fn replies_searched_in_full_by_default_and_only_with_two_seats() {
    assert!(!Selectivity::default().reduces_replies());
    assert!(Selectivity::V1.reduces_replies());
    assert_eq!(EngineOptions::v1().selectivity, Selectivity::V1);
    let full_replies = Selectivity::V1.with_reduced_replies(false);
    assert_eq!(Selectivity::V2, full_replies);
    assert_eq!(
        Selectivity::default(),
        full_replies
            .with_duel_root(halma_engine::search::DUEL_ROOT_WIDTH)
            .with_wins_first(true)
    );
    // Two seats: the replies searched to full depth make the same-depth
    // tree larger.
    let two = midgame();
    let full = nodes_at_depth(&two, full_replies, 6);
    let reduced = nodes_at_depth(&two, Selectivity::V1, 6);
    assert!(full > reduced, "{full} nodes against {reduced}");
    // Three and four seats: no two-seat replies, the same search.
    for text in ["halma3", "halma4"] {
        let mut game = Game::new(text.parse().unwrap());
        for _ in 0..6 {
            let result = Engine::new(options())
                .search(&game, Limits::nodes(2_000), &AtomicBool::new(false))
                .unwrap();
            game.play(best(&result)).unwrap();
        }
        assert_eq!(
            nodes_at_depth(&game, full_replies, 4),
            nodes_at_depth(&game, Selectivity::V1, 4),
            "{text}"
        );
    }
}

/// Blue is lost: Red lacks only j4, where Blue's last piece at home stands
/// (it can still jump out over j5). Blue keeping it there would hold Red off
/// for ever under `spoil=none`; the engine brings it out and loses, unless
/// spoiling is allowed (`v1`'s way), when it keeps the piece at home.
#[test]
fn the_engine_leaves_its_home_camp_rather_than_spoil() {
    let rules: Rules = "super-halma".parse().unwrap();
    let position = rules
        .parse_position("bbbbb5/bbbb6/bbbb6/bbb7/b9/4b3rr/6rrrb/6rrrr/5rrrrr/5rrrrr b")
        .unwrap();
    let origin = |spoiling: bool| {
        let mut options = options();
        options.spoiling = spoiling;
        let result = Engine::new(options)
            .search_position(
                &rules,
                &position,
                &[],
                Limits::nodes(20_000),
                &AtomicBool::new(false),
            )
            .unwrap();
        let text = rules.move_to_string(&position, best(&result)).unwrap();
        text[..2].to_string()
    };
    assert!(!EngineOptions::default().spoiling);
    assert!(EngineOptions::v1().spoiling);
    assert_eq!(origin(false), "j4");
    assert_ne!(origin(true), "j4");
}

/// Red, far ahead, has its last pieces beside its target camp (a position
/// of a ladder game that level 3 drew against level 2 by repeating). The
/// lateral and home-depth terms rate every way into the camp's open
/// squares as a step back, so a search of one or two plies with noise
/// settled there and shuffled into a threefold repetition (28 of these 40
/// games won with them); counting squares, level 3 brings the pieces in
/// (37 won; the rest still repeat: both sides' noise can fall into a
/// cycle).
#[test]
fn a_noisy_level_finishes_its_race() {
    let rules: Rules = "halma".parse().unwrap();
    let position = rules
        .parse_position(
            "b15/bbbbb11/1b14/16/b15/2b4b8/6b9/6brbr6/8b7/8bb6/16/9b2b1br/12rrr1/12rrrr/\
             11rrrrr/12rrrr r",
        )
        .unwrap();
    let engine = |level, seed| {
        let mut options = options();
        options.level = Level::new(level).unwrap();
        options.seed = seed;
        Engine::new(options)
    };
    let mut won = 0;
    for seed in 1..=40 {
        let mut game = Game::from_position(rules.clone(), position.clone()).unwrap();
        let (mut red, mut blue) = (engine(3, seed), engine(2, seed + 100));
        // As in the arena: a position seen three times ends the game drawn.
        while !game.is_over()
            && occurrences_of_final_position(&game) < 3
            && game.moves().len() < 1000
        {
            let player = if game.to_move() == Seat::Red {
                &mut red
            } else {
                &mut blue
            };
            let result = player
                .search(&game, Limits::default(), &AtomicBool::new(false))
                .unwrap();
            game.play(best(&result)).unwrap();
        }
        won += usize::from(game.result() == GameResult::Won(Seat::Red));
    }
    assert!(won >= 34, "level 3 won {won} of 40 games");
}

/// The root of a two-seat search keeps its best moves only, but a move the
/// caller asks for is searched wherever the ordering puts it.
#[test]
fn the_two_seat_root_keeps_its_best_moves_but_searches_what_it_is_asked() {
    let mut game = Game::new("halma".parse().unwrap());
    for text in ["b12-c11", "o5-n6"] {
        game.play_str(text).unwrap();
    }
    let legal = game.legal_moves();
    assert!(legal.len() > halma_engine::search::DUEL_ROOT_WIDTH);
    let stop = AtomicBool::new(false);
    // The move the ordering likes least is searched when asked for.
    let rules = game.rules().clone();
    let eval = halma_engine::Evaluator::new(&rules);
    let seat = game.to_move();
    let worst = *legal
        .iter()
        .min_by_key(|m| eval.gain(seat, m.from(), m.to()))
        .unwrap();
    let options = SearchOptions {
        searchmoves: vec![worst],
        ..SearchOptions::default()
    };
    let result = engine()
        .search_with(&game, Limits::nodes(2_000), &options, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(result.best_move, Some(worst));
}
