//! The tools against the engine: solo races finish, and the engine beats the
//! baselines in short games.

use halma_engine::{EngineOptions, HashSize, Limits};
use halma_rules::{Rules, Seat};
use halma_tools::arena::{play_match, ArenaConfig};
use halma_tools::players::{EnginePlayer, GreedyPlayer, Player, RandomPlayer, SearchCounts};
use halma_tools::solo::{engine_solo_race, solo_position};

fn options() -> EngineOptions {
    let mut options = EngineOptions::default();
    options.hash = HashSize::new(4).unwrap();
    options
}

#[test]
fn solo_races_finish() {
    for (text, budget, most) in [
        ("halma8", 1_000, 40),
        ("halma", 2_000, 110),
        ("super-halma", 2_000, 80),
    ] {
        let rules: Rules = text.parse().unwrap();
        let start = solo_position(&rules, Seat::Red);
        let mut engine = halma_engine::Engine::new(options());
        let moves = engine_solo_race(&mut engine, &rules, &start, Limits::nodes(budget), most)
            .unwrap_or_else(|m| panic!("{text}: not finished after {} moves", m.len()));
        assert!(moves.len() <= most, "{text}: {}", moves.len());
    }
}

#[test]
fn beats_random_and_greedy_in_short_games() {
    // Under `spoil=none` a random mover that leaves a piece in the engine's
    // target camp holds the game off for good (1 game in 40 at these
    // settings, with the lateral term on 8x8 and without); `spoil=fill`
    // counts that piece, so every game can be won.
    let mut config = ArenaConfig::new("halma8,spoil=fill".parse().unwrap());
    config.max_plies = 400;
    let mut engine = EnginePlayer::new(options(), Limits::nodes(1_000), "engine");
    let mut random = RandomPlayer::new(3);
    let score = play_match(&config, &mut engine, &mut random, 4, &mut |_, _, _| {});
    assert_eq!(score.wins, 4, "{score}");
    let mut greedy = GreedyPlayer::new(3);
    let score = play_match(&config, &mut engine, &mut greedy, 4, &mut |_, _, _| {});
    assert_eq!(score.wins, 4, "{score}");
}

/// Every player answers a finished game with a forfeit, never a panic (the
/// baselines used to index an empty move list).
#[test]
fn every_player_forfeits_a_finished_game() {
    use halma_tools::players::{EnginePlayer, GreedyPlayer, Player, RandomPlayer};
    let rules: halma_rules::Rules = "halma8".parse().unwrap();
    // The start with Red and Blue swapped: each side's pieces fill its
    // target camp, so the game is over before any move.
    let swapped: String = rules
        .start_position()
        .to_string()
        .chars()
        .map(|c| match c {
            'r' => 'b',
            'b' => 'r',
            other => other,
        })
        .collect();
    let position = rules.parse_position(&swapped).unwrap();
    let game = halma_rules::Game::from_position(rules, position).unwrap();
    assert!(game.is_over(), "{:?}", game.result());
    let mut players: Vec<Box<dyn Player>> = vec![
        Box::new(RandomPlayer::new(1)),
        Box::new(GreedyPlayer::new(1)),
        Box::new(EnginePlayer::new(
            halma_engine::EngineOptions::default(),
            halma_engine::Limits::nodes(100),
            "engine",
        )),
    ];
    for player in &mut players {
        let forfeit = player.choose(&game).unwrap_err();
        assert!(
            forfeit.reason.contains("finished game"),
            "{}",
            player.name()
        );
    }
}

#[test]
fn the_engine_player_counts_the_moves_its_endgame_solver_plays() {
    let rules: Rules = "halma8".parse().unwrap();
    let mut engine = EnginePlayer::new(options(), Limits::nodes(5_000), "engine");
    assert_eq!(engine.search_counts(), Some(SearchCounts::default()));
    // From the start: searched.
    let start = halma_rules::Game::new(rules.clone());
    engine.choose(&start).unwrap();
    // Blue is two moves from home and far away, Red needs one step
    // (e2-e1): the races are separated and the exact solver plays. (With
    // Blue a move from home the two-seat search plays, to show who wins.)
    let end = rules
        .parse_position("bbbb4/bbb5/b1bb4/8/7r/6rr/4rrrr/5rrr r")
        .unwrap();
    let winning = rules.parse_move(&end, "e2-e1").unwrap();
    let end = halma_rules::Game::from_position(rules, end).unwrap();
    assert_eq!(engine.choose(&end).unwrap(), winning);
    assert_eq!(
        engine.search_counts(),
        Some(SearchCounts {
            moves: 2,
            endgame_moves: 1
        })
    );
}
