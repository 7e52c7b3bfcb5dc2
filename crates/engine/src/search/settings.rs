//! The search's settings: the optional draw rules of play and how selective
//! the search is ([`Selectivity`], valid by construction).

use crate::options::ConfigError;

/// Optional draw rules of play (never part of the rules of Halma).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// A position repeated (same pieces, same side to move) is a draw. In the
    /// search, the first repetition already scores as a draw; the positions
    /// it compares with are those of the game, the start position included,
    /// as a match adjudicates and a game record checks threefold repetition
    /// (`halma_tools::adjudication`, `halma_rules::occurrences_of_final_position`).
    pub repetition: bool,
    /// A game reaching this many plies is a draw.
    pub max_plies: Option<u32>,
}

impl Default for DrawRules {
    fn default() -> DrawRules {
        DrawRules {
            repetition: true,
            max_plies: None,
        }
    }
}

/// How selective the search is; valid by construction ([`Selectivity::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selectivity {
    pub(super) widths: [usize; 4],
    pub(super) reduce_from: usize,
    pub(super) reduce_replies: bool,
    /// Root moves searched in a two-seat search, the best by the move
    /// ordering: `usize::MAX` for all of them (`v1`, `v2`).
    pub(super) duel_root: usize,
    /// Whether a move that wins at once is always searched, whatever its
    /// gain (`false` in `v1` and `v2`, whose widths can leave it out).
    pub(super) wins_first: bool,
}

impl Selectivity {
    /// The largest [`Selectivity::reduce_from`]: no position has more moves.
    pub const MAX_REDUCE_FROM: usize = 1 << 16;

    /// A selectivity searching `widths[i]` moves beyond the root at
    /// remaining depth `i + 1` (the last for 4 or more; in opponent layers of
    /// best-reply search, half as many again), and searching moves from
    /// index `reduce_from` on with a reduced depth first.
    ///
    /// [`ConfigError::ZeroWidth`] when a width is 0 (a node would search
    /// nothing), [`ConfigError::ReduceFrom`] above [`Self::MAX_REDUCE_FROM`].
    /// The opponent's replies in two-seat search are reduced too, as in
    /// [`Selectivity::V1`]; [`Selectivity::with_reduced_replies`] changes that.
    pub fn new(widths: [usize; 4], reduce_from: usize) -> Result<Selectivity, ConfigError> {
        if let Some(index) = widths.iter().position(|&w| w == 0) {
            return Err(ConfigError::ZeroWidth { index: index + 1 });
        }
        if reduce_from > Self::MAX_REDUCE_FROM {
            return Err(ConfigError::ReduceFrom(reduce_from as u64));
        }
        Ok(Selectivity {
            widths,
            reduce_from,
            reduce_replies: true,
            duel_root: usize::MAX,
            wins_first: false,
        })
    }

    /// The selectivity of the engine's first version (`v1`): the opponent's
    /// replies in two-seat search are reduced like the seat's own moves.
    pub const V1: Selectivity = Selectivity {
        widths: [6, 10, 14, 20],
        reduce_from: 4,
        reduce_replies: true,
        duel_root: usize::MAX,
        wins_first: false,
    };

    /// The default selectivity of 2026-12-03 (`v2`), frozen: [`Selectivity::V1`]
    /// with the opponent's replies in two-seat search at full depth.
    pub const V2: Selectivity = Selectivity {
        widths: [6, 10, 14, 20],
        reduce_from: 4,
        reduce_replies: false,
        duel_root: usize::MAX,
        wins_first: false,
    };

    /// The same selectivity, with the opponent's late replies in two-seat
    /// search reduced (`true`, `v1`'s way) or searched to full depth
    /// (`false`, the default: a reduced reply can miss the block or the
    /// ladder that refutes the seat's plan; docs/notes/strength-log.md, "Two seats
    /// against `v1`").
    pub fn with_reduced_replies(self, reduce_replies: bool) -> Selectivity {
        Selectivity {
            reduce_replies,
            ..self
        }
    }

    /// The same selectivity, searching only the best `width` root moves by
    /// the move ordering in a two-seat search (at least 1).
    pub fn with_duel_root(self, width: usize) -> Selectivity {
        Selectivity {
            duel_root: width.max(1),
            ..self
        }
    }

    /// The same selectivity, always searching (`true`) the moves that win at
    /// once, which a width can otherwise leave out when they gain little:
    /// the last piece entering its camp at its edge.
    pub fn with_wins_first(self, wins_first: bool) -> Selectivity {
        Selectivity { wins_first, ..self }
    }

    /// Whether the opponent's late replies in two-seat search are reduced.
    pub fn reduces_replies(&self) -> bool {
        self.reduce_replies
    }

    /// Moves searched beyond the root, by remaining depth 1, 2, 3 and 4 or more.
    pub fn widths(&self) -> [usize; 4] {
        self.widths
    }

    /// Moves from this index on are searched with a reduced depth first.
    pub fn reduce_from(&self) -> usize {
        self.reduce_from
    }
}

/// Root moves of a two-seat search by default: the rest go sideways or
/// back (docs/notes/strength-2026-12.md).
pub const DUEL_ROOT_WIDTH: usize = 40;

impl Default for Selectivity {
    /// [`Selectivity::V2`] (the opponent's replies in two-seat search
    /// searched to full depth), searching the best [`DUEL_ROOT_WIDTH`] root
    /// moves of a two-seat search, and every move that wins at once.
    fn default() -> Selectivity {
        Selectivity::V2
            .with_duel_root(DUEL_ROOT_WIDTH)
            .with_wins_first(true)
    }
}
