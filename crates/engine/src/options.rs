//! How an engine plays: its settings, each valid by construction. A value
//! out of range is refused with a [`ConfigError`] when the setting is made,
//! never clamped, so that an [`crate::Engine`] cannot hold an invalid one.

use thiserror::Error;

use crate::endgame::Bound as EndgameBound;
use crate::eval::EvalWeights;
use crate::levels::{MAX_LEVEL, MIN_LEVEL};
use crate::race::RaceBeam;
use crate::search::{DrawRules, Selectivity};
use crate::tt::{DEFAULT_HASH_MIB, MAX_HASH_MIB};

/// Most search threads.
pub const MAX_THREADS: usize = 64;

/// A setting out of its range: which one, and the value given.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// A level outside 1..=10.
    #[error("level {0} is not in {MIN_LEVEL}..={MAX_LEVEL}")]
    Level(u64),
    /// A thread count outside 1..=[`MAX_THREADS`].
    #[error("threads {0} is not in 1..={MAX_THREADS}")]
    Threads(u64),
    /// More than one thread on a platform that has none
    /// ([`halma_rules::THREADS_AVAILABLE`] is false: WebAssembly without threads).
    #[error("threads {0}: this platform has no threads, so the count must be 1")]
    ThreadsUnavailable(u64),
    /// A hash size above [`MAX_HASH_MIB`].
    #[error("hash {0} MiB is more than {MAX_HASH_MIB}")]
    Hash(u64),
    /// A search width of 0 (a node would search no move).
    #[error("selectivity: width {index} is 0; every width must be at least 1")]
    ZeroWidth {
        /// Which width, 1 = remaining depth 1.
        index: usize,
    },
    /// A contempt above [`Contempt::MAX`].
    #[error("contempt {0} is more than {max}", max = Contempt::MAX)]
    Contempt(u64),
    /// A reduction threshold beyond the most moves a position can have.
    #[error("selectivity: reduce_from {0} is more than {max}", max = Selectivity::MAX_REDUCE_FROM)]
    ReduceFrom(u64),
}

/// A playing level, 1 (a beginner) to 10 (full strength): see
/// [`crate::levels`] for what each allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// Level 1, the weakest.
    pub const MIN: Level = Level(MIN_LEVEL);
    /// Level 10, full strength.
    pub const MAX: Level = Level(MAX_LEVEL);

    /// The level `level`, or [`ConfigError::Level`] outside 1..=10.
    pub fn new(level: u64) -> Result<Level, ConfigError> {
        if (u64::from(MIN_LEVEL)..=u64::from(MAX_LEVEL)).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(ConfigError::Level(level))
        }
    }

    /// The level as a number, 1..=10.
    pub fn get(self) -> u8 {
        self.0
    }
}

impl std::fmt::Display for Level {
    /// The number, `1` to `10`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The search threads of a timed search, 1..=[`MAX_THREADS`] (lazy SMP:
/// the threads share the table). Node- and depth-limited searches always
/// run on one thread, so that they are reproducible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Threads(usize);

impl Threads {
    /// One thread.
    pub const ONE: Threads = Threads(1);

    /// `threads` threads, or [`ConfigError::Threads`] outside 1..=[`MAX_THREADS`],
    /// or [`ConfigError::ThreadsUnavailable`] above 1 on a platform without
    /// threads ([`halma_rules::THREADS_AVAILABLE`]).
    pub fn new(threads: u64) -> Result<Threads, ConfigError> {
        if !(1..=MAX_THREADS as u64).contains(&threads) {
            Err(ConfigError::Threads(threads))
        } else if threads > 1 && !halma_rules::THREADS_AVAILABLE {
            Err(ConfigError::ThreadsUnavailable(threads))
        } else {
            Ok(Threads(threads as usize))
        }
    }

    /// The number of threads.
    pub fn get(self) -> usize {
        self.0
    }
}

/// The transposition table size in MiB, 0..=[`MAX_HASH_MIB`] (0: the
/// smallest table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HashSize(usize);

impl HashSize {
    /// The default size, [`DEFAULT_HASH_MIB`].
    pub const DEFAULT: HashSize = HashSize(DEFAULT_HASH_MIB);

    /// `mib` MiB, or [`ConfigError::Hash`] above [`MAX_HASH_MIB`].
    pub fn new(mib: u64) -> Result<HashSize, ConfigError> {
        if mib <= MAX_HASH_MIB as u64 {
            Ok(HashSize(mib as usize))
        } else {
            Err(ConfigError::Hash(mib))
        }
    }

    /// The size in MiB.
    pub fn mib(self) -> usize {
        self.0
    }
}

/// What a draw is worth less than an even position to the seat searching,
/// in evaluation units ([`crate::eval::UNIT`] per square of race),
/// 0..=[`Contempt::MAX`]. A draw by repetition needs the other seats to
/// repeat too, which a seat that can win never does: with contempt the
/// engine races on, even from behind, unless every other line loses by
/// more than this. 0 scores a draw as even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Contempt(u32);

impl Contempt {
    /// No contempt: a draw is even (the first version, `v1`).
    pub const ZERO: Contempt = Contempt(0);
    /// The default: thirty squares of race.
    pub const DEFAULT: Contempt = Contempt(30 * crate::eval::UNIT as u32);
    /// The most: a thousand squares, half of every evaluation's bound, so
    /// that a draw never scores like a forced result.
    pub const MAX: u32 = 1000 * crate::eval::UNIT as u32;

    /// `units` of contempt, or [`ConfigError::Contempt`] above [`Contempt::MAX`].
    pub fn new(units: u64) -> Result<Contempt, ConfigError> {
        if units <= u64::from(Contempt::MAX) {
            Ok(Contempt(units as u32))
        } else {
            Err(ConfigError::Contempt(units))
        }
    }

    /// The contempt in evaluation units.
    pub fn units(self) -> i32 {
        self.0 as i32
    }
}

/// How the engine searches games of three and four seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MultiSeatSearch {
    /// Plans its own moves only, the other seats' pieces standing still (a
    /// solo race among obstacles).
    Race,
    /// Best-reply search (Schadd and Winands, 2011): between two of its own
    /// moves the one most dangerous opponent reply, the others passing. How
    /// the engine's first version (`v1`) played, and the default: with the
    /// evaluation's lateral term it won 97-99% of three- and four-seat games
    /// against greedy racers in every sample (docs/notes/strength-log.md).
    #[default]
    BestReply,
    /// Race search with three seats, best-reply search with four: the
    /// default before the lateral term, when race search won more
    /// three-seat games (92-94% against 83-86%).
    Hybrid,
}

impl MultiSeatSearch {
    /// Whether a game of `seats` seats (three or four) is searched as a
    /// race of the seat's own moves.
    pub fn races(self, seats: usize) -> bool {
        match self {
            MultiSeatSearch::Race => true,
            MultiSeatSearch::BestReply => false,
            MultiSeatSearch::Hybrid => seats == 3,
        }
    }
}

/// How an [`crate::Engine`] plays. Every field is valid by its type; build
/// one from [`EngineOptions::default`] and set what differs.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size.
    pub hash: HashSize,
    /// Search threads of searches limited only by time or the stop flag.
    pub threads: Threads,
    /// Playing level.
    pub level: Level,
    /// Seed of the noise of low levels.
    pub seed: u64,
    /// Draw rules applied in the search (repetition, a ply cap).
    pub draws: DrawRules,
    /// What a draw (by the [`EngineOptions::draws`] rules) is worth less
    /// than an even position to the seat searching (see [`Contempt`]).
    pub contempt: Contempt,
    /// Evaluation weights.
    pub weights: EvalWeights,
    /// How selective the search is.
    pub selectivity: Selectivity,
    /// The search of three- and four-seat games.
    pub multi_seat: MultiSeatSearch,
    /// Whether endgames are played exactly by [`crate::endgame`] when the
    /// side to move's race can no longer be disturbed.
    pub endgame: bool,
    /// The bound the endgame solver prunes by; with
    /// [`crate::endgame::Bound::Parity`] it is tried from
    /// [`crate::endgame::PARITY_MAX_BOUND`] squares left to fill instead of
    /// [`crate::endgame::ENDGAME_MAX_BOUND`]. `Squares` in `v1` and `v2`.
    pub endgame_bound: EndgameBound,
    /// Whether the engine may hold a draw by spoiling: keeping its pieces in
    /// its home camp, the target of another seat, which under `spoil=none`
    /// cannot finish while they are there. Off by default: a position where
    /// another seat lacks only squares held by the engine's pieces scores as
    /// the engine's loss, and so does a draw there, so that it brings its
    /// last pieces out even from behind and every game against it ends;
    /// `v1` spoils.
    pub spoiling: bool,
    /// Whether a two-seat search plans the seat's own moves alone once the
    /// races are separated ([`crate::endgame::races_separated`]) and the
    /// opponent cannot finish with its next move: the opponent can no longer
    /// disturb the race, so every ply of the search goes to the seat's own
    /// moves, as in a solo race. Off in `v1` and `v2`.
    pub racing: bool,
    /// The racing beam ([`crate::race`]) that plays, instead of the
    /// alpha-beta search, a race nobody can disturb (one seat, or two once
    /// [`EngineOptions::racing`] sees the races separated), in searches
    /// limited by nodes or time; `None` in `v1` and `v2`, which search such
    /// races like any other position.
    pub race_beam: Option<RaceBeam>,
    /// Whether a leaf of the two-seat search is worth, to the side to move,
    /// its evaluation plus the forward gain of its best move (the *tempo*;
    /// among its pieces farthest from the goal): the seat to move at the
    /// horizon still has that move, and a position that has built a ladder
    /// is worth its next jump. Off in `v1` and `v2`.
    pub tempo: bool,
}

impl Default for EngineOptions {
    /// Full strength, one thread, the default table, seed 0.
    fn default() -> EngineOptions {
        EngineOptions {
            hash: HashSize::DEFAULT,
            threads: Threads::ONE,
            level: Level::MAX,
            seed: 0,
            draws: DrawRules::default(),
            contempt: Contempt::DEFAULT,
            weights: EvalWeights::default(),
            selectivity: Selectivity::default(),
            multi_seat: MultiSeatSearch::default(),
            endgame: true,
            endgame_bound: EndgameBound::Parity,
            spoiling: false,
            racing: true,
            race_beam: Some(RaceBeam::DEFAULT),
            tempo: true,
        }
    }
}

impl EngineOptions {
    /// The engine's first released version, kept as a fixed yardstick
    /// (`v1` in `halma match`): best-reply search in three and four seats,
    /// no endgame solver, its evaluation weights ([`EvalWeights::V1`]), a
    /// draw scored as even (no contempt), its selectivity
    /// ([`Selectivity::V1`]), spoiling allowed. Everything else as
    /// [`EngineOptions::default`].
    pub fn v1() -> EngineOptions {
        EngineOptions {
            contempt: Contempt::ZERO,
            weights: EvalWeights::V1,
            multi_seat: MultiSeatSearch::BestReply,
            endgame: false,
            endgame_bound: EndgameBound::Squares,
            selectivity: Selectivity::V1,
            spoiling: true,
            racing: false,
            race_beam: None,
            tempo: false,
            ..EngineOptions::default()
        }
    }

    /// The engine as it was on 2026-12-03, frozen as the second yardstick
    /// (`v2` in `halma match`): best-reply search in three and four seats,
    /// the endgame solver, contempt, no spoiling, its evaluation weights
    /// ([`EvalWeights::V2`]) and selectivity ([`Selectivity::V2`]), and none
    /// of the later additions. Everything else as [`EngineOptions::default`].
    pub fn v2() -> EngineOptions {
        EngineOptions {
            contempt: Contempt::DEFAULT,
            weights: EvalWeights::V2,
            multi_seat: MultiSeatSearch::BestReply,
            endgame: true,
            endgame_bound: EndgameBound::Squares,
            selectivity: Selectivity::V2,
            spoiling: false,
            racing: false,
            race_beam: None,
            tempo: false,
            ..EngineOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_settings_are_refused_with_the_value() {
        assert_eq!(Level::new(0), Err(ConfigError::Level(0)));
        assert_eq!(Level::new(11), Err(ConfigError::Level(11)));
        assert_eq!(Level::new(1).map(Level::get), Ok(1));
        assert_eq!(Level::new(10), Ok(Level::MAX));
        assert_eq!(Threads::new(0), Err(ConfigError::Threads(0)));
        let too_many = MAX_THREADS as u64 + 1;
        assert_eq!(Threads::new(too_many), Err(ConfigError::Threads(too_many)));
        assert_eq!(
            Threads::new(MAX_THREADS as u64).map(Threads::get),
            Ok(MAX_THREADS)
        );
        let too_much = u64::from(Contempt::MAX) + 1;
        assert_eq!(
            Contempt::new(too_much),
            Err(ConfigError::Contempt(too_much))
        );
        assert_eq!(
            Contempt::new(u64::from(Contempt::MAX)).map(Contempt::units),
            Ok(Contempt::MAX as i32)
        );
        let too_big = MAX_HASH_MIB as u64 + 1;
        assert_eq!(HashSize::new(too_big), Err(ConfigError::Hash(too_big)));
        assert_eq!(HashSize::new(0).map(HashSize::mib), Ok(0));
        assert_eq!(
            Threads::new(0).unwrap_err().to_string(),
            format!("threads 0 is not in 1..={MAX_THREADS}")
        );
    }
}
