//! Playing levels 1 to 10, from a beginner to full strength.
//!
//! Low levels make the mistakes people make: they look only one or two plies
//! ahead, they overlook long jump chains (a level-1 player sees chains of at
//! most two segments), and they choose among the moves that look good rather
//! than always the best one (Gumbel noise on the move scores, so a move that
//! is nearly as good as the best is picked nearly as often). Middle levels
//! search without noise but with a small node budget; level 10 has no cap
//! beyond the limits of the search request.

use crate::limits::Limits;
use crate::options::Level;

/// The lowest level.
pub const MIN_LEVEL: u8 = 1;
/// Full strength.
pub const MAX_LEVEL: u8 = 10;

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
}

impl LevelSettings {
    /// The settings of `level`.
    pub fn for_level(level: Level) -> LevelSettings {
        let level = level.get();
        let (max_depth, max_nodes, temperature, max_chain) = match level {
            1 => (Some(1), None, 30, Some(2)),
            2 => (Some(1), None, 20, Some(3)),
            3 => (Some(2), None, 12, Some(4)),
            4 => (Some(2), None, 6, None),
            5 => (None, Some(500), 0, None),
            6 => (None, Some(2_000), 0, None),
            7 => (None, Some(8_000), 0, None),
            8 => (None, Some(30_000), 0, None),
            9 => (None, Some(100_000), 0, None),
            _ => (None, None, 0, None),
        };
        LevelSettings {
            level,
            max_depth,
            max_nodes,
            temperature,
            max_chain,
        }
    }

    /// Whether the level chooses its move with noise.
    pub fn is_noisy(&self) -> bool {
        self.temperature > 0 || self.max_chain.is_some()
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
        assert!(!LevelSettings::for_level(Level::MAX).is_noisy());
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
