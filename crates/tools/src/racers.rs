//! More opponents for the arena: greedy racers that measure distance in
//! different ways and break ties differently, a mix of them (one kind per
//! seat, for three- and four-seat games), and a blocker that spoils on
//! purpose.
//!
//! None of them searches: each looks at the moves of the position in front
//! of it only. They are written from the rules alone (not from the engine's
//! evaluation), so that beating them says something about the engine's
//! play and not about a shared blind spot.

use halma_core::{Bitboard, Move, Seat, Square};
use halma_rules::{Game, Rules};

use crate::players::{greedy_distance, Forfeit, GreedyPlayer, Player};
use crate::rng::Rng;

/// How a greedy racer measures a piece's distance and breaks ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RacerKind {
    /// [`GreedyPlayer`]: `dx + dy` to the target corner, entering the camp
    /// counting extra; ties at random.
    Manhattan,
    /// Straight-line (Euclidean) distance to the target corner; ties to the
    /// rearmost piece (the farthest from that corner), then at random.
    Euclid,
    /// King moves to the nearest empty square of the target camp (zero
    /// inside the camp), then `dx + dy` to the corner so that pieces in the
    /// camp still move deeper; ties to the rearmost piece, then at random.
    Camp,
}

impl RacerKind {
    /// Every kind, in the order [`MixedRacers`] hands them to seats.
    pub const ALL: [RacerKind; 3] = [RacerKind::Manhattan, RacerKind::Euclid, RacerKind::Camp];

    /// The name used on command lines (`greedy`, `greedy-euclid`, `greedy-camp`).
    pub fn name(self) -> &'static str {
        match self {
            RacerKind::Manhattan => "greedy",
            RacerKind::Euclid => "greedy-euclid",
            RacerKind::Camp => "greedy-camp",
        }
    }

    /// The kind named `name`, if any.
    pub fn from_name(name: &str) -> Option<RacerKind> {
        RacerKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// A player of this kind with its own seed for ties.
    pub fn player(self, seed: u64) -> Box<dyn Player + Send> {
        match self {
            RacerKind::Manhattan => Box::new(GreedyPlayer::new(seed)),
            kind => Box::new(Racer::new(kind, seed)),
        }
    }
}

/// The names of the built-in opponents that [`baseline`] knows.
pub const BASELINES: [&str; 6] = [
    "random",
    "greedy",
    "greedy-euclid",
    "greedy-camp",
    "racers",
    "blocker",
];

/// The built-in opponent called `name` (one of [`BASELINES`]), seeded with
/// `seed` for its ties; `None` for any other name.
pub fn baseline(name: &str, seed: u64) -> Option<Box<dyn Player + Send>> {
    match name {
        "random" => Some(Box::new(crate::players::RandomPlayer::new(seed))),
        "racers" => Some(Box::new(MixedRacers::new(seed))),
        "blocker" => Some(Box::new(Blocker::new(seed))),
        _ => RacerKind::from_name(name).map(|kind| kind.player(seed)),
    }
}

/// A greedy racer of kind [`RacerKind::Euclid`] or [`RacerKind::Camp`]
/// (the Manhattan kind is [`GreedyPlayer`]).
#[derive(Debug, Clone)]
pub struct Racer {
    kind: RacerKind,
    rng: Rng,
}

impl Racer {
    /// A racer of `kind` with its own seed for the last ties.
    pub fn new(kind: RacerKind, seed: u64) -> Racer {
        Racer {
            kind,
            rng: Rng::new(seed),
        }
    }
}

/// The position's legal moves, or the forfeit of a player asked to move in
/// a finished game.
fn legal_moves(game: &Game) -> Result<Vec<Move>, Forfeit> {
    let moves: Vec<Move> = game.legal_moves().to_vec();
    if moves.is_empty() {
        return Err(Forfeit::new("asked for a move in a finished game"));
    }
    Ok(moves)
}

/// File and rank distances between two squares.
fn deltas(a: Square, b: Square) -> (i32, i32) {
    (
        i32::from(a.file().abs_diff(b.file())),
        i32::from(a.rank().abs_diff(b.rank())),
    )
}

/// Euclidean distance from `square` to `seat`'s target corner.
fn euclid(rules: &Rules, seat: Seat, square: Square) -> f64 {
    let (dx, dy) = deltas(square, rules.target_corner(seat));
    f64::from(dx * dx + dy * dy).sqrt()
}

/// King moves from `square` to the nearest square of `free` (zero when
/// `square` is in `camp`; a large number when `free` is empty).
fn to_free_camp(square: Square, camp: Bitboard, free: Bitboard) -> i32 {
    if camp.contains(square) {
        return 0;
    }
    free.into_iter()
        .map(|target| {
            let (dx, dy) = deltas(square, target);
            dx.max(dy)
        })
        .min()
        .unwrap_or(64)
}

impl Player for Racer {
    fn name(&self) -> String {
        self.kind.name().to_owned()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x5241_4345);
    }
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        let rules = game.rules();
        let seat = game.to_move();
        let moves = legal_moves(game)?;
        let position = game.position();
        let camp = rules.target_camp(seat);
        let free = camp - position.occupied();
        let corner = rules.target_corner(seat);
        // Higher is better: (gain, how far back the piece is); compared as
        // a pair, so the rear decides only between equal gains.
        let key = |mv: &Move| -> (f64, f64) {
            if mv.is_pass() {
                return (0.0, 0.0);
            }
            let (from, to) = (mv.from(), mv.to());
            match self.kind {
                // Manhattan racers are `GreedyPlayer`s, never `Racer`s.
                RacerKind::Euclid | RacerKind::Manhattan => {
                    let before = euclid(rules, seat, from);
                    (before - euclid(rules, seat, to), before)
                }
                RacerKind::Camp => {
                    let depth = |s: Square| {
                        let (dx, dy) = deltas(s, corner);
                        dx + dy
                    };
                    // The free camp square nearest to `to` counts even if
                    // it is `from` itself: a piece may not count its own
                    // departure as progress.
                    let primary = to_free_camp(from, camp, free) - to_free_camp(to, camp, free);
                    let secondary = depth(from) - depth(to);
                    (
                        f64::from(primary * 64 + secondary),
                        f64::from(greedy_distance(rules, seat, from)),
                    )
                }
            }
        };
        let keys: Vec<(f64, f64)> = moves.iter().map(key).collect();
        let best = keys
            .iter()
            .copied()
            .fold((f64::NEG_INFINITY, f64::NEG_INFINITY), |a, b| {
                if b.0 > a.0 + 1e-9 || ((b.0 - a.0).abs() <= 1e-9 && b.1 > a.1 + 1e-9) {
                    b
                } else {
                    a
                }
            });
        let ties: Vec<Move> = moves
            .iter()
            .zip(&keys)
            .filter(|(_, k)| (k.0 - best.0).abs() <= 1e-9 && (k.1 - best.1).abs() <= 1e-9)
            .map(|(mv, _)| *mv)
            .collect();
        Ok(ties[self.rng.below(ties.len())])
    }
}

/// Greedy racers of different kinds, one per seat: the seat with index `i`
/// is played by kind `RacerKind::ALL[(i + shift) % 3]`, the shift drawn
/// anew for each game from its seed. As the "B" side of a match in three
/// or four seats it fields a different racer in each opposing seat.
pub struct MixedRacers {
    shift: usize,
    seed: u64,
    players: Vec<Box<dyn Player + Send>>,
}

impl MixedRacers {
    /// Racers for seats 0 to 3, with their own seed for ties.
    pub fn new(seed: u64) -> MixedRacers {
        let mut racers = MixedRacers {
            shift: 0,
            seed,
            players: Vec::new(),
        };
        racers.deal(0);
        racers
    }

    /// Hands the kinds out to the seats, rotated by `shift`.
    fn deal(&mut self, shift: usize) {
        self.shift = shift;
        self.players = (0..4)
            .map(|i| {
                RacerKind::ALL[(i + shift) % 3].player(self.seed.wrapping_add(i as u64 * 7919))
            })
            .collect();
    }

    /// The kind playing the seat with index `seat` in the current game.
    pub fn kind_of(&self, seat: usize) -> RacerKind {
        RacerKind::ALL[(seat + self.shift) % 3]
    }
}

impl Player for MixedRacers {
    fn name(&self) -> String {
        "racers".to_owned()
    }
    fn new_game(&mut self, seed: u64) {
        self.deal((seed % 3) as usize);
        for (i, player) in self.players.iter_mut().enumerate() {
            player.new_game(seed.wrapping_add(i as u64));
        }
    }
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        self.players[game.to_move().index()].choose(game)
    }
}

/// How many pieces a [`Blocker`] leaves in its home camp for good.
pub const BLOCKER_KEEPS: usize = 2;

/// A spoiler: it races like the greedy player, except for the
/// [`BLOCKER_KEEPS`] pieces deepest in its home camp (its opponents'
/// target), which it moves only when it has no other move.
///
/// Under `spoil=none` such a player stops its opponents from ever winning;
/// `spoil=fill` and `spoil=swap` are the rules that defeat it.
#[derive(Debug, Clone)]
pub struct Blocker {
    rng: Rng,
}

impl Blocker {
    /// A blocker with its own seed for ties.
    pub fn new(seed: u64) -> Blocker {
        Blocker {
            rng: Rng::new(seed),
        }
    }
}

/// The (at most) `count` pieces of `seat` in its home camp nearest its home
/// corner: the ones a [`Blocker`] keeps there.
fn kept_at_home(rules: &Rules, game: &Game, seat: Seat, count: usize) -> Bitboard {
    let corner = rules.home_corner(seat);
    let mut at_home: Vec<Square> = (game.position().pieces(seat) & rules.home_camp(seat))
        .into_iter()
        .collect();
    at_home.sort_by_key(|&s| {
        let (dx, dy) = deltas(s, corner);
        (dx + dy, s.index())
    });
    at_home.into_iter().take(count).collect()
}

impl Player for Blocker {
    fn name(&self) -> String {
        "blocker".to_owned()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x424C_4F43);
    }
    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        let rules = game.rules();
        let seat = game.to_move();
        let moves = legal_moves(game)?;
        let kept = kept_at_home(rules, game, seat, BLOCKER_KEEPS);
        // Higher first: a move that leaves the kept pieces alone, then the
        // distance it gains.
        let key = |mv: &Move| -> (bool, i32) {
            if mv.is_pass() {
                return (true, 0);
            }
            let gain =
                greedy_distance(rules, seat, mv.from()) - greedy_distance(rules, seat, mv.to());
            (!kept.contains(mv.from()), gain)
        };
        let best = moves.iter().map(key).max().unwrap_or((true, 0));
        let ties: Vec<Move> = moves.iter().copied().filter(|m| key(m) == best).collect();
        Ok(ties[self.rng.below(ties.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_after(rules: &str, plies: usize, player: &mut dyn Player) -> Game {
        let mut game = Game::new(rules.parse().unwrap());
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let mv = player.choose(&game).expect("a move");
            game.play(mv).expect("the racer's move is legal");
        }
        game
    }

    /// The sum over `seat`'s pieces of `dx + dy` to its target corner.
    fn race(game: &Game, seat: Seat) -> i32 {
        let corner = game.rules().target_corner(seat);
        game.position()
            .pieces(seat)
            .into_iter()
            .map(|s| {
                let (dx, dy) = deltas(s, corner);
                dx + dy
            })
            .sum()
    }

    #[test]
    fn every_racer_makes_progress_and_plays_legal_moves() {
        for kind in RacerKind::ALL {
            let mut player = kind.player(3);
            player.new_game(11);
            let start = Game::new("halma".parse().unwrap());
            let game = game_after("halma", 40, player.as_mut());
            for seat in [Seat::Red, Seat::Blue] {
                assert!(
                    race(&game, seat) < race(&start, seat) - 20,
                    "{} advanced too little",
                    kind.name()
                );
            }
        }
    }

    #[test]
    fn the_euclid_racer_breaks_ties_towards_the_rearmost_piece() {
        let mut racer = Racer::new(RacerKind::Euclid, 1);
        let game = Game::new("halma".parse().unwrap());
        let mv = racer.choose(&game).unwrap();
        let moves = game.legal_moves();
        let rules = game.rules();
        let seat = game.to_move();
        let gain = |m: &Move| euclid(rules, seat, m.from()) - euclid(rules, seat, m.to());
        let best = moves.iter().map(gain).fold(f64::NEG_INFINITY, f64::max);
        assert!((gain(&mv) - best).abs() < 1e-9, "the largest gain");
        let rear = moves
            .iter()
            .filter(|m| (gain(m) - best).abs() < 1e-9)
            .map(|m| euclid(rules, seat, m.from()))
            .fold(f64::NEG_INFINITY, f64::max);
        assert!((euclid(rules, seat, mv.from()) - rear).abs() < 1e-9);
    }

    #[test]
    fn mixed_racers_field_a_different_kind_in_each_seat() {
        let mut racers = MixedRacers::new(5);
        for seed in 0..3 {
            racers.new_game(seed);
            let kinds: Vec<RacerKind> = (0..3).map(|seat| racers.kind_of(seat)).collect();
            for kind in RacerKind::ALL {
                assert!(kinds.contains(&kind), "seed {seed}: {kinds:?}");
            }
            assert_eq!(racers.players[1].name(), kinds[1].name());
        }
        assert_eq!(RacerKind::from_name("greedy-camp"), Some(RacerKind::Camp));
        assert_eq!(RacerKind::from_name("greedy-rear"), None);
        for name in BASELINES {
            assert_eq!(baseline(name, 1).map(|p| p.name()).as_deref(), Some(name));
        }
        assert!(baseline("greedy-rear", 1).is_none());
    }

    #[test]
    fn the_blocker_keeps_pieces_at_home_and_races_the_rest() {
        let mut blocker = Blocker::new(2);
        let start = Game::new("halma".parse().unwrap());
        let game = game_after("halma", 120, &mut blocker);
        let rules = game.rules();
        for seat in [Seat::Red, Seat::Blue] {
            let home = rules.home_camp(seat);
            let at_home = (game.position().pieces(seat) & home).count() as usize;
            assert!(at_home >= BLOCKER_KEEPS, "{seat:?} left home");
            assert!(
                race(&game, seat) < race(&start, seat) - 100,
                "{seat:?} did not race"
            );
        }
    }
}
