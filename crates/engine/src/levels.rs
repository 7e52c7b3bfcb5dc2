//! Playing levels 1 to 10, from a beginner to full strength.
//!
//! Low levels make the mistakes people make: they look only one or two plies
//! ahead, they overlook long jump chains (a level-1 player sees chains of at
//! most two segments), and they choose among the moves that look good rather
//! than always the best one (Gumbel noise on the move scores, so a move that
//! is nearly as good as the best is picked nearly as often). Middle levels
//! search without noise but with a small node budget; level 10 has no cap
//! beyond the limits of the search request.

/// The lowest level.
pub const MIN_LEVEL: u8 = 1;
/// Full strength.
pub const MAX_LEVEL: u8 = 10;

/// The node budget per move that the tools (`halma play`, `selfplay`,
/// `match`, the strength measurements) give level 10 when no other limit is
/// asked for; the engine itself searches level 10 until told to stop.
pub const FULL_STRENGTH_NODES: u64 = 300_000;

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
    /// The settings of `level` (clamped to 1..=10).
    pub fn for_level(level: u8) -> LevelSettings {
        let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
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
            let s = LevelSettings::for_level(level);
            assert!(s.temperature <= last_temperature);
            last_temperature = s.temperature;
        }
        assert_eq!(LevelSettings::for_level(0).level, 1);
        assert_eq!(LevelSettings::for_level(99), LevelSettings::for_level(10));
        assert!(!LevelSettings::for_level(10).is_noisy());
    }
}
