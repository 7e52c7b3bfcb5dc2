//! Four seats under `spoil=fill` (issue 14): the engine at 5,000 nodes per
//! move wins every game against three blockers (greedy racers that keep
//! their two deepest home pieces in place), and nearly every game against
//! three greedy racers of different kinds, in every seat.
//!
//! Under `spoil=fill` the first version's evaluation counted only as many
//! of a seat's pieces as its target camp had empty squares, none while the
//! opposite seat's pieces filled it, so the seat's own progress hardly
//! counted ([`halma_engine::EvalWeights::fill_counts_foreign`]). With that
//! count this test fails on the blockers (docs/notes/strength-log.md, "Under
//! `spoil=fill`").
//!
//! Heavy (about a minute on two cores in release mode), so ignored by
//! `cargo test`; `.ci/run` runs it:
//!
//! ```text
//! cargo test --release -p halma-tools --test blockers -- --ignored
//! ```

use halma_core::Seat;
use halma_engine::{EngineOptions, Limits};
use halma_rules::Rules;
use halma_tools::arena::{play_match, ArenaConfig, Outcome};
use halma_tools::players::EnginePlayer;
use halma_tools::racers::baseline;

/// Games per opponent: 15 openings, each played from every seat.
const GAMES: usize = 60;

/// The engine's wins in `GAMES` `halma4,spoil=fill` games against
/// `opponent` in the three other seats, and the games it did not win.
fn play(opponent: &str, seed: u64) -> (usize, Vec<String>) {
    let rules: Rules = "halma4,spoil=fill".parse().expect("a rules string");
    let mut config = ArenaConfig::new(rules);
    config.seed = seed;
    let mut engine = EnginePlayer::new(EngineOptions::default(), Limits::nodes(5_000), "engine");
    let mut others = baseline(opponent, seed).expect("a built-in opponent");
    let mut wins = 0;
    let mut not_won = Vec::new();
    play_match(
        &config,
        &mut engine,
        others.as_mut(),
        GAMES,
        &mut |g, _, game| {
            let won: Option<Seat> = match g.outcome {
                Outcome::Won(seat) => Some(seat),
                _ => None,
            };
            if won == Some(g.a_seat) {
                wins += 1;
            } else {
                not_won.push(format!(
                    "{opponent} game {}: {:?} after {} plies, engine {:?}, final {}",
                    g.index,
                    g.outcome,
                    g.plies,
                    g.a_seat,
                    game.position()
                ));
            }
        },
    );
    (wins, not_won)
}

#[test]
#[ignore = "heavy: run in release mode by .ci/run"]
fn four_seats_under_fill_are_won() {
    let (blocker, racers) = std::thread::scope(|scope| {
        let blocker = scope.spawn(|| play("blocker", 3));
        let racers = scope.spawn(|| play("racers", 3));
        (blocker.join().unwrap(), racers.join().unwrap())
    });
    assert_eq!(
        blocker.0,
        GAMES,
        "lost against the blockers:\n{}",
        blocker.1.join("\n")
    );
    // 95% of the games, as the issue asks of the racers under `spoil=none`.
    assert!(
        racers.0 * 100 >= GAMES * 95,
        "{} of {GAMES} won against the racers:\n{}",
        racers.0,
        racers.1.join("\n")
    );
}
