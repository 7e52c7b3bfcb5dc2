//! Never strand a piece (issue 14): the engine at 5,000 nodes per move
//! against greedy racers of different kinds (`racers`), every preset, every
//! seat: each game must end with a win. A game that reaches the ply cap or
//! repeats a position is one where play got stuck, typically because a
//! piece was shut in its home camp by the arriving opponents, after which
//! neither side can finish under `spoil=none`.
//!
//! Heavy (about a minute on two cores in release mode), so ignored by
//! `cargo test`; `.ci/run` runs it:
//!
//! ```text
//! cargo test --release -p halma-tools --test stranding -- --ignored
//! ```
//!
//! `STRANDING_GAMES` sets the games per preset (default 24, a multiple of
//! two, three and four seats). docs/strength.md has the 200-game sweep.

use std::sync::Mutex;

use halma_engine::{EngineOptions, Limits};
use halma_rules::Rules;
use halma_tools::arena::{play_match, ArenaConfig, Outcome};
use halma_tools::players::EnginePlayer;
use halma_tools::racers::baseline;

const PRESETS: [&str; 6] = [
    "halma",
    "halma8",
    "halma10",
    "super-halma",
    "halma3",
    "halma4",
];

/// The games of one preset that did not end with a win, described.
fn stuck_games(preset: &str, games: usize, seed: u64) -> Vec<String> {
    let rules: Rules = preset.parse().expect("a preset");
    let mut config = ArenaConfig::new(rules);
    config.seed = seed;
    let mut engine = EnginePlayer::new(EngineOptions::default(), Limits::nodes(5_000), "engine");
    let mut racers = baseline("racers", seed).expect("the racers baseline");
    let mut stuck = Vec::new();
    play_match(
        &config,
        &mut engine,
        racers.as_mut(),
        games,
        &mut |g, _, game| {
            if !matches!(g.outcome, Outcome::Won(_)) {
                stuck.push(format!(
                    "{preset} game {}: {:?} after {} plies, engine {:?}, final {}",
                    g.index,
                    g.outcome,
                    g.plies,
                    g.a_seat,
                    game.position()
                ));
            }
        },
    );
    stuck
}

#[test]
#[ignore = "heavy: run in release mode by .ci/run"]
fn every_game_against_greedy_racers_ends_with_a_win() {
    let games: usize = std::env::var("STRANDING_GAMES")
        .ok()
        .map(|g| g.parse().expect("STRANDING_GAMES: a number"))
        .unwrap_or(24);
    let stuck = Mutex::new(Vec::new());
    // Two presets at a time, one per core.
    std::thread::scope(|scope| {
        for job in 0..2 {
            let stuck = &stuck;
            scope.spawn(move || {
                for preset in PRESETS.iter().skip(job).step_by(2) {
                    let found = stuck_games(preset, games, 7);
                    stuck.lock().unwrap().extend(found);
                }
            });
        }
    });
    let stuck = stuck.into_inner().unwrap();
    assert!(
        stuck.is_empty(),
        "{} of {} games did not end with a win:\n{}",
        stuck.len(),
        games * PRESETS.len(),
        stuck.join("\n")
    );
}
