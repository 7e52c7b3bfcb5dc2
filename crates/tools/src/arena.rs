//! Games and matches between players, with varied openings and the draw
//! rules of [`crate::adjudication`].

use halma_core::{Move, Seat};
use halma_rules::{DrawReason, Game, GameResult, Rules, Termination, MAX_GAME_MOVES};

use crate::adjudication::{self, REPETITION_DRAW};
use crate::elo::MatchScore;
use crate::players::{greedy_distance, Forfeit, Player};
use crate::rng::Rng;

/// How the games of a match are played; made by [`ArenaConfig::new`], then
/// changed field by field.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The rules.
    pub rules: Rules,
    /// Random opening plies played before the players take over (forward
    /// moves only, so that openings are plausible); each opening is played
    /// twice, sides swapped.
    pub opening_plies: usize,
    /// A game reaching this many plies is a draw. A game keeps at most
    /// [`MAX_GAME_MOVES`] moves, so a larger cap counts as that one: a game
    /// that long is a draw, never a forfeit of the side to move.
    pub max_plies: usize,
    /// A position occurring this many times, the start position counting,
    /// is a draw (0: no repetition rule; see [`crate::adjudication`]).
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
            repetitions: REPETITION_DRAW,
            seed: 1,
        }
    }
}

/// How a game ended.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A seat won.
    Won(Seat),
    /// The ply cap was reached.
    PlyCap,
    /// A position occurred too often.
    Repetition,
    /// The player of `seat` could not give a legal move (it failed, or the
    /// move it gave is illegal) and lost the game.
    Forfeit {
        /// The seat whose player failed.
        seat: Seat,
        /// Why, in one line.
        reason: String,
    },
}

impl Outcome {
    /// How a game record states this ending.
    pub fn termination(&self) -> Termination {
        match self {
            Outcome::Won(_) => Termination::Normal,
            Outcome::PlyCap => Termination::Draw(DrawReason::PlyLimit),
            Outcome::Repetition => Termination::Draw(DrawReason::Repetition),
            Outcome::Forfeit { seat, reason } => Termination::Forfeit {
                loser: *seat,
                reason: reason.clone(),
            },
        }
    }
}

/// A random opening of `plies` plies: each a random move among those that
/// gain distance (any move when none does), leaving out moves after which
/// the next seat can win at once (as under `spoil=fill` on `halma8`, where a
/// random home move can let an opponent's first jump fill the camp): a game
/// decided inside its opening measures no player. It stops early when the
/// game is over or holds [`MAX_GAME_MOVES`] moves.
pub fn random_opening(rules: &Rules, plies: usize, rng: &mut Rng) -> Vec<Move> {
    let mut game = Game::new(rules.clone());
    let mut moves = Vec::new();
    for _ in 0..plies {
        if game.is_over() || game.moves().len() >= MAX_GAME_MOVES {
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
        let safe: Vec<Move> = forward
            .iter()
            .copied()
            .filter(|&m| !lets_next_seat_win(&game, m))
            .collect();
        let pool = if !safe.is_empty() {
            &safe
        } else if !forward.is_empty() {
            &forward
        } else {
            &legal
        };
        let mv = pool[rng.below(pool.len())];
        // The move is legal and the game not full, so this cannot fail; if
        // it ever did, a shorter opening is still an opening.
        if game.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// Whether after `mv` the next seat to move has a move that wins the game.
fn lets_next_seat_win(game: &Game, mv: Move) -> bool {
    let rules = game.rules();
    let mut after = game.position().clone();
    after.make_move_unchecked(mv);
    if rules.is_finished(&after) {
        return false;
    }
    rules.legal_moves(&after).into_iter().any(|reply| {
        let mut next = after.clone();
        next.make_move_unchecked(reply);
        rules.is_finished(&next)
    })
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
/// A failure of `choose`, or a move it gives that is not legal, ends the
/// game as a [`Outcome::Forfeit`] of the side to move.
pub fn play_game_with(
    config: &ArenaConfig,
    opening: &[Move],
    choose: &mut dyn FnMut(&Game) -> Result<Move, Forfeit>,
    on_move: &mut dyn FnMut(&Game, Move),
) -> (Game, Outcome) {
    let mut game = Game::new(config.rules.clone());
    for &mv in opening {
        game.play(mv).expect("the opening is legal");
        on_move(&game, mv);
    }
    // Checked before every move: a game at the rules' own limit is then a
    // draw, never a `TooLong` from `play` taken for an illegal move.
    let cap = config.max_plies.min(MAX_GAME_MOVES);
    loop {
        if let GameResult::Won(seat) = game.result() {
            return (game, Outcome::Won(seat));
        }
        match adjudication::draw(&game, cap, config.repetitions) {
            Some(DrawReason::Repetition) => return (game, Outcome::Repetition),
            Some(_) => return (game, Outcome::PlyCap),
            None => {}
        }
        let seat = game.to_move();
        let forfeit = |reason: String| Outcome::Forfeit { seat, reason };
        let mv = match choose(&game) {
            Ok(mv) => mv,
            Err(failure) => return (game, forfeit(failure.reason)),
        };
        if let Err(error) = game.play(mv) {
            return (
                game,
                forfeit(format!("illegal move: {}", halma_rules::ErrorChain(&error))),
            );
        }
        on_move(&game, mv);
    }
}

/// The result of one game of a match, for player A.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
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
/// more seats A plays one seat (rotating) and B all the others. A forfeit
/// is a loss for the side that forfeits (whichever of its seats failed) and
/// a win for the other; the match goes on. Calls `on_game` after every game
/// with the score so far (for A).
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
        // B plays every seat but A's, so any other seat's win or forfeit is B's.
        let a_won = match &outcome {
            Outcome::Won(seat) => Some(*seat == a_seat),
            Outcome::Forfeit { seat, .. } => Some(*seat != a_seat),
            Outcome::PlyCap | Outcome::Repetition => None,
        };
        match a_won {
            Some(true) => score.wins += 1,
            Some(false) => score.losses += 1,
            None => score.draws += 1,
        }
        let record = MatchGame {
            index,
            a_seat,
            outcome,
            plies: game.moves().len(),
        };
        on_game(&record, &score, &game);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{GreedyPlayer, RandomPlayer};

    /// Plays `good` moves, then fails with `reason` (or, with no reason,
    /// gives a move of the wrong seat, which is illegal).
    struct Failing {
        good: usize,
        played: usize,
        reason: Option<&'static str>,
    }

    impl Player for Failing {
        fn name(&self) -> String {
            "failing".to_owned()
        }
        fn new_game(&mut self, _seed: u64) {
            self.played = 0;
        }
        fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
            if self.played < self.good {
                self.played += 1;
                return Ok(game.legal_moves()[0]);
            }
            match self.reason {
                Some(reason) => Err(Forfeit::new(reason)),
                None => {
                    // A move of the last seat to move: never legal now.
                    let last = *game.moves().last().expect("after the opening");
                    Ok(Move::new(last.to(), last.from(), last.kind()))
                }
            }
        }
    }

    fn config(rules: &str) -> ArenaConfig {
        ArenaConfig::new(rules.parse().expect("a preset"))
    }

    #[test]
    fn a_cap_above_the_longest_game_is_a_draw_not_a_forfeit() {
        let mut config = config("halma8");
        config.max_plies = usize::MAX;
        config.repetitions = 0;
        // The move that loses the most distance: a game never won on the board.
        let rules = config.rules.clone();
        let mut choose = |game: &Game| {
            let seat = game.to_move();
            let loss = |m: &Move| {
                let d = |sq| greedy_distance(&rules, seat, sq) as i64;
                if m.is_pass() {
                    0
                } else {
                    d(m.to()) - d(m.from())
                }
            };
            let legal = game.legal_moves();
            Ok(*legal.iter().max_by_key(|m| loss(m)).expect("a legal move"))
        };
        let (game, outcome) = play_game_with(&config, &[], &mut choose, &mut |_, _| {});
        assert_eq!(outcome, Outcome::PlyCap);
        assert_eq!(game.moves().len(), MAX_GAME_MOVES);
    }

    #[test]
    fn an_opening_longer_than_a_game_stops_when_the_game_ends() {
        let rules: Rules = "halma8".parse().unwrap();
        let mut rng = Rng::new(3);
        let opening = random_opening(&rules, MAX_GAME_MOVES + 10, &mut rng);
        assert!(opening.len() <= MAX_GAME_MOVES);
        let mut game = Game::new(rules);
        for mv in opening {
            game.play(mv).unwrap();
        }
        assert!(game.is_over() || game.moves().len() == MAX_GAME_MOVES);
    }

    #[test]
    fn no_opening_lets_the_next_seat_win_at_once() {
        // Under spoil=fill on halma8 a random home move can open the camp to
        // an opponent's first jump, which fills it: such openings are left out.
        let rules: Rules = "halma8,spoil=fill".parse().unwrap();
        for seed in 0..300 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(rules.clone());
            for mv in random_opening(&rules, 4, &mut rng) {
                game.play(mv).unwrap();
            }
            assert!(!game.is_over(), "seed {seed}");
            for reply in game.legal_moves() {
                let mut next = game.clone();
                next.play(reply).unwrap();
                assert!(!next.is_over(), "seed {seed}: {reply:?} wins at once");
            }
        }
    }

    #[test]
    fn a_failing_player_forfeits_and_loses_every_game() {
        let mut seen = Vec::new();
        let mut a = Failing {
            good: 2,
            played: 0,
            reason: Some("no bestmove within 5 ms"),
        };
        let mut b = GreedyPlayer::new(1);
        let score = play_match(&config("halma8"), &mut a, &mut b, 2, &mut |g, _, game| {
            seen.push((g.clone(), game.moves().len()))
        });
        assert_eq!((score.wins, score.draws, score.losses), (0, 0, 2));
        for (g, plies) in seen {
            assert_eq!(
                g.outcome,
                Outcome::Forfeit {
                    seat: g.a_seat,
                    reason: "no bestmove within 5 ms".to_owned()
                }
            );
            assert_eq!(g.plies, plies);
        }
    }

    #[test]
    fn an_illegal_move_is_a_forfeit_not_a_panic() {
        let mut a = RandomPlayer::new(1);
        let mut b = Failing {
            good: 1,
            played: 0,
            reason: None,
        };
        let mut outcomes = Vec::new();
        let score = play_match(&config("halma8"), &mut a, &mut b, 2, &mut |g, _, _| {
            outcomes.push(g.outcome.clone())
        });
        assert_eq!((score.wins, score.draws, score.losses), (2, 0, 0));
        for outcome in outcomes {
            match outcome {
                Outcome::Forfeit { reason, .. } => {
                    assert!(reason.starts_with("illegal move"), "{reason}")
                }
                other => panic!("expected a forfeit, got {other:?}"),
            }
        }
    }

    #[test]
    fn with_three_seats_a_forfeit_by_b_is_a_win_for_a() {
        let mut a = GreedyPlayer::new(1);
        let mut b = Failing {
            good: 0,
            played: 0,
            reason: Some("crashed"),
        };
        let mut forfeiters = Vec::new();
        let score = play_match(&config("halma3"), &mut a, &mut b, 3, &mut |g, _, _| {
            if let Outcome::Forfeit { seat, .. } = &g.outcome {
                let seat = *seat;
                assert_ne!(seat, g.a_seat);
                forfeiters.push(seat);
            }
        });
        assert_eq!((score.wins, score.draws, score.losses), (3, 0, 0));
        assert_eq!(forfeiters.len(), 3);
    }
}
