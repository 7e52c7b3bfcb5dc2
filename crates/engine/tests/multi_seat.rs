//! The search of three- and four-seat games: the default is best-reply
//! search; `MultiSeatSearch::Hybrid` searches three seats as a race and four
//! seats by best reply, exactly as those two searches do on their own.

use std::sync::atomic::AtomicBool;

use halma_engine::{Engine, EngineOptions, Limits, MultiSeatSearch};
use halma_rules::{Game, Rules};

/// The moves, scores, node counts and principal variations of six plies
/// of 3,000-node searches with `search` from `rules`' start.
fn search(rules: &str, search: MultiSeatSearch) -> String {
    let rules: Rules = rules.parse().unwrap();
    let mut game = Game::new(rules);
    let stop = AtomicBool::new(false);
    let mut options = EngineOptions::default();
    options.multi_seat = search;
    let mut engine = Engine::new(options);
    let mut summary = String::new();
    for _ in 0..6 {
        let result = engine.search(&game, Limits::nodes(3_000), &stop).unwrap();
        let mv = result.best_move.expect("a move");
        summary += &format!(
            "{} {:?} {} {:?};",
            game.move_to_string(mv).unwrap(),
            result.score,
            result.nodes,
            result.pv
        );
        game.play(mv).unwrap();
    }
    summary
}

#[test]
fn hybrid_races_with_three_seats_and_replies_with_four() {
    assert_eq!(
        EngineOptions::default().multi_seat,
        MultiSeatSearch::BestReply
    );
    let three_race = search("halma3", MultiSeatSearch::Race);
    assert_eq!(search("halma3", MultiSeatSearch::Hybrid), three_race);
    assert_ne!(search("halma3", MultiSeatSearch::BestReply), three_race);
    let four_reply = search("halma4", MultiSeatSearch::BestReply);
    assert_eq!(search("halma4", MultiSeatSearch::Hybrid), four_reply);
    assert_ne!(search("halma4", MultiSeatSearch::Race), four_reply);
    assert!(MultiSeatSearch::Hybrid.races(3) && !MultiSeatSearch::Hybrid.races(4));
}
