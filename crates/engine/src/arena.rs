//! Games and matches between players, with varied openings and draw rules.

use std::collections::HashMap;

use halma_core::{Move, Seat};
use halma_rules::{Game, GameResult, Rules};

use crate::elo::MatchScore;
use crate::players::{greedy_distance, Player};
use crate::rng::Rng;

/// How the games of a match are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The rules.
    pub rules: Rules,
    /// Random opening plies played before the players take over (forward
    /// moves only, so that openings are plausible); each opening is played
    /// twice, sides swapped.
    pub opening_plies: usize,
    /// A game reaching this many plies is a draw.
    pub max_plies: usize,
    /// A position occurring this many times is a draw (0: no repetition rule).
    pub repetitions: u32,
    /// Seed of the openings and of the players' noise.
    pub seed: u64,
}

impl ArenaConfig {
    /// Defaults for `rules`: 4 opening plies, a cap of 1000 plies, threefold repetition.
    pub fn new(rules: Rules) -> ArenaConfig {
        ArenaConfig {
            rules,
            opening_plies: 4,
            max_plies: 1000,
            repetitions: 3,
            seed: 1,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A seat won.
    Won(Seat),
    /// The ply cap was reached.
    PlyCap,
    /// A position occurred too often.
    Repetition,
}

/// A random opening of `plies` plies: each a random move among those that
/// gain distance (any move when none does).
pub fn random_opening(rules: &Rules, plies: usize, rng: &mut Rng) -> Vec<Move> {
    let mut game = Game::new(rules.clone());
    let mut moves = Vec::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let seat = game.to_move();
        let legal = game.legal_moves();
        let forward: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                !m.is_pass()
                    && greedy_distance(rules, seat, m.from()) > greedy_distance(rules, seat, m.to())
            })
            .collect();
        let pool = if forward.is_empty() { &legal } else { &forward };
        let mv = pool[rng.below(pool.len())];
        game.play(mv).expect("a legal move");
        moves.push(mv);
    }
    moves
}

/// Plays one game from `opening`, `players[i]` playing the i-th seat in
/// turn order. Calls `on_move` after every move.
pub fn play_game(
    config: &ArenaConfig,
    opening: &[Move],
    players: &mut [&mut dyn Player],
    on_move: &mut dyn FnMut(&Game, Move),
) -> (Game, Outcome) {
    let seats: Vec<Seat> = config.rules.seats().iter().collect();
    assert_eq!(players.len(), seats.len(), "one player per seat");
    let mut choose = |game: &Game| {
        let index = seats
            .iter()
            .position(|&s| s == game.to_move())
            .expect("the side to move is in play");
        players[index].choose(game)
    };
    play_game_with(config, opening, &mut choose, on_move)
}

/// Plays one game from `opening`, asking `choose` for every move after it.
pub fn play_game_with(
    config: &ArenaConfig,
    opening: &[Move],
    choose: &mut dyn FnMut(&Game) -> Move,
    on_move: &mut dyn FnMut(&Game, Move),
) -> (Game, Outcome) {
    let mut game = Game::new(config.rules.clone());
    let mut seen: HashMap<u64, u32> = HashMap::new();
    seen.insert(game.position().hash(), 1);
    for &mv in opening {
        game.play(mv).expect("the opening is legal");
        on_move(&game, mv);
        *seen.entry(game.position().hash()).or_default() += 1;
    }
    loop {
        if let GameResult::Won(seat) = game.result() {
            return (game, Outcome::Won(seat));
        }
        if game.moves().len() >= config.max_plies {
            return (game, Outcome::PlyCap);
        }
        let mv = choose(&game);
        game.play(mv).expect("players choose legal moves");
        on_move(&game, mv);
        let count = seen.entry(game.position().hash()).or_default();
        *count += 1;
        if config.repetitions > 0 && *count >= config.repetitions {
            return (game, Outcome::Repetition);
        }
    }
}

/// The result of one game of a match, for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// Game number, from 0.
    pub index: usize,
    /// The seat player A played.
    pub a_seat: Seat,
    /// How the game ended.
    pub outcome: Outcome,
    /// Plies played.
    pub plies: usize,
}

/// Plays `games` games between `a` and `b`. In two-seat rules the sides
/// alternate and each opening is played twice, once from each side; with
/// more seats A plays one seat (rotating) and B all the others. Calls
/// `on_game` after every game with the score so far (for A).
pub fn play_match(
    config: &ArenaConfig,
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: usize,
    on_game: &mut dyn FnMut(&MatchGame, &MatchScore, &Game),
) -> MatchScore {
    let seats: Vec<Seat> = config.rules.seats().iter().collect();
    let n = seats.len();
    let mut rng = Rng::new(config.seed);
    let mut score = MatchScore::default();
    let mut opening = Vec::new();
    for index in 0..games {
        if index % n == 0 {
            opening = random_opening(&config.rules, config.opening_plies, &mut rng);
        }
        let a_index = index % n;
        let game_seed = config
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(index as u64);
        a.new_game(game_seed);
        b.new_game(game_seed ^ 0xB0B);
        let a_seat = seats[a_index];
        let mut choose = |game: &Game| {
            if game.to_move() == a_seat {
                a.choose(game)
            } else {
                b.choose(game)
            }
        };
        let (game, outcome) = play_game_with(config, &opening, &mut choose, &mut |_, _| {});
        match outcome {
            Outcome::Won(seat) if seat == seats[a_index] => score.wins += 1,
            Outcome::Won(_) => score.losses += 1,
            _ => score.draws += 1,
        }
        let record = MatchGame {
            index,
            a_seat: seats[a_index],
            outcome,
            plies: game.moves().len(),
        };
        on_game(&record, &score, &game);
    }
    score
}
