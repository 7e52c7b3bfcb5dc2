//! Playing levels 1 to 10, from a beginner to full strength.
//!
//! Low levels make the mistakes people make: they look only one or two plies
//! ahead, they overlook long jump chains (a level-1 player sees chains of at
//! most two segments), and they choose among the moves that look good rather
//! than always the best one (Gumbel noise on the move scores, so a move that
//! is nearly as good as the best is picked nearly as often). Middle levels
//! search without noise but with a small node budget; level 10 has no cap
//! beyond the limits of the search request. Levels 1 to 6 rate a position
//! by the race distance in squares alone.

use crate::eval::EvalWeights;
use crate::limits::Limits;
use crate::options::Level;

/// The lowest level.
pub const MIN_LEVEL: u8 = 1;
/// Full strength.
pub const MAX_LEVEL: u8 = 10;
/// The highest level that rates pieces by distance alone
/// ([`LevelSettings::weights`]): every noisy level, and the searches of
/// 300 and 1,000 nodes.
pub const LAST_LEVEL_COUNTING_SQUARES: u8 = 6;

/// The node budget per move that the tools (`halma play`, `selfplay`,
/// `match`, the strength measurements) and the C API give level 10 when no
/// other limit is asked for ([`with_default_budget`]); the engine itself
/// searches level 10 until told to stop.
pub const FULL_STRENGTH_NODES: u64 = 300_000;

/// `limits`, or when they set no limit at all and `level` is full strength,
/// a search of [`FULL_STRENGTH_NODES`] nodes: the one place that decides
/// what "play at level 10" means when nothing else is said. Levels 1 to 9
/// cap themselves, so their unlimited searches stay unlimited here.
pub fn with_default_budget(limits: Limits, level: Level) -> Limits {
    if limits == Limits::default() && level == Level::MAX {
        Limits::nodes(FULL_STRENGTH_NODES)
    } else {
        limits
    }
}

/// What a level allows the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// The level, 1..=10.
    pub level: u8,
    /// Deepest search, in plies (`None`: no cap).
    pub max_depth: Option<u32>,
    /// Most nodes per move (`None`: no cap).
    pub max_nodes: Option<u64>,
    /// Noise added to the score of each root move, in evaluation units (10 =
    /// one square of race). 0 = none: the engine plays its best move.
    pub temperature: u32,
    /// Longest jump chain (segments) the level notices at the root (`None`: all).
    pub max_chain: Option<usize>,
    /// Whether the level rates a piece by its distance in squares alone,
    /// without the lateral and home-depth terms (see
    /// [`LevelSettings::weights`]).
    pub counts_squares: bool,
}

impl LevelSettings {
    /// The settings of `level`.
    pub fn for_level(level: Level) -> LevelSettings {
        let level = level.get();
        // Each step from 5 to 9 roughly triples the nodes (+66 to +424 Elo
        // in the ladder); level 10's 300,000 are ten times level 9's because
        // a search that already sees the race well gains little from three
        // times the nodes (+56 Elo for 100,000 to 300,000, docs/notes/strength-log.md).
        let (max_depth, max_nodes, temperature, max_chain) = match level {
            1 => (Some(1), None, 30, Some(2)),
            2 => (Some(1), None, 20, Some(3)),
            3 => (Some(2), None, 12, Some(4)),
            4 => (Some(2), None, 6, None),
            5 => (None, Some(300), 0, None),
            6 => (None, Some(1_000), 0, None),
            7 => (None, Some(3_000), 0, None),
            8 => (None, Some(10_000), 0, None),
            9 => (None, Some(30_000), 0, None),
            _ => (None, None, 0, None),
        };
        LevelSettings {
            level,
            max_depth,
            max_nodes,
            temperature,
            max_chain,
            counts_squares: level <= LAST_LEVEL_COUNTING_SQUARES,
        }
    }

    /// Whether the level chooses its move with noise.
    pub fn is_noisy(&self) -> bool {
        self.temperature > 0 || self.max_chain.is_some()
    }

    /// The evaluation weights the level plays with, given the engine's.
    ///
    /// Levels up to [`LAST_LEVEL_COUNTING_SQUARES`] count squares only: the
    /// lateral and home-depth terms shape a route that a search of some
    /// thousands of nodes cashes in, but a shallower one settles its last
    /// pieces beside the target camp's open squares, or meets the other
    /// side head-on on the diagonal, and the game repeats or jams (in the
    /// ladder, level 3 drew 23 of 50 games against level 2 with them and 2
    /// without, level 6 21 of 50 against level 5 and none without;
    /// docs/notes/strength-log.md, "The level ladder").
    pub fn weights(&self, weights: EvalWeights) -> EvalWeights {
        if self.counts_squares {
            EvalWeights {
                lateral: 0,
                home_depth: 0,
                ..weights
            }
        } else {
            weights
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_monotonically() {
        let mut last_temperature = u32::MAX;
        for level in MIN_LEVEL..=MAX_LEVEL {
            let s = LevelSettings::for_level(Level::new(level.into()).unwrap());
            assert!(s.temperature <= last_temperature);
            last_temperature = s.temperature;
        }
        assert_eq!(LevelSettings::for_level(Level::MIN).level, 1);
        let caps: Vec<u64> = (5..=9)
            .map(|level| LevelSettings::for_level(Level::new(level).unwrap()).max_nodes)
            .map(|cap| cap.expect("levels 5 to 9 cap their nodes"))
            .chain([FULL_STRENGTH_NODES])
            .collect();
        assert!(caps.windows(2).all(|pair| pair[0] < pair[1]), "{caps:?}");
        assert!(!LevelSettings::for_level(Level::MAX).is_noisy());
    }

    #[test]
    fn shallow_levels_count_squares_and_deeper_ones_keep_every_term() {
        let weights = EvalWeights::DEFAULT;
        assert!(weights.lateral > 0 && weights.home_depth > 0);
        for level in MIN_LEVEL..=MAX_LEVEL {
            let settings = LevelSettings::for_level(Level::new(level.into()).unwrap());
            let played = settings.weights(weights);
            if settings.is_noisy() {
                assert!(settings.counts_squares, "level {level}");
            }
            if settings.counts_squares {
                assert_eq!((played.lateral, played.home_depth), (0, 0), "level {level}");
                assert_eq!(
                    EvalWeights {
                        lateral: weights.lateral,
                        home_depth: weights.home_depth,
                        ..played
                    },
                    weights
                );
            } else {
                assert_eq!(played, weights, "level {level}");
            }
        }
    }

    #[test]
    fn only_an_unlimited_full_strength_search_gets_the_budget() {
        let nine = Level::new(9).unwrap();
        let budget = Limits::nodes(FULL_STRENGTH_NODES);
        assert_eq!(with_default_budget(Limits::default(), Level::MAX), budget);
        assert_eq!(
            with_default_budget(Limits::default(), nine),
            Limits::default()
        );
        assert_eq!(
            with_default_budget(Limits::depth(3), Level::MAX),
            Limits::depth(3)
        );
    }
}
