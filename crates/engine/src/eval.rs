//! The evaluation: how far each seat still has to race, as a number.
//!
//! Every seat has a table of *costs*, one per square: the cost of one of its
//! pieces standing there. The cost grows with the square's distance to the
//! seat's target corner (the corner of its target camp), measured as
//! `dx + dy` (a diagonal step towards the corner gains 2, a straight step 1)
//! plus, on boards of 10x10 and larger, a *lateral* charge for standing off
//! the diagonal through the corner (by default the two together are twice
//! the king distance, see [`EvalWeights::lateral`]; half that charge under
//! `long-jumps`) and, in the seat's home camp, a charge for its depth there
//! (see [`EvalWeights::home_depth`]).
//! Squares outside the target camp count at least [`CAMP_ENTRY`] more, so
//! that entering the camp is always progress and a seat's total cost is at
//! its minimum exactly when its pieces fill its target camp. A quadratic
//! term makes the rear pieces (stragglers) cost more per square than the
//! front ones, so the group is brought over together instead of one piece
//! rushing.
//!
//! A seat's **race** is the total cost of its pieces minus that minimum: zero
//! when it has won, positive otherwise (under `spoil=fill` a camp filled
//! partly by other seats' pieces is won too; the search sees that win,
//! while the race still counts every piece of the seat, see
//! [`EvalWeights::fill_counts_foreign`]).
//!
//! The score of a position for a seat is the race of its strongest opponent
//! (the smallest race among the others) minus its own race, minus a penalty
//! for foreign pieces it has shut in its target camp, plus a small
//! *jump support* term: pieces standing just in front of a friend, where a
//! friend can hop over them, are worth a little (they are the rungs of the
//! "ladders" that carry the group across). Scores are in [`UNIT`]s: one
//! square of race distance of a front piece is [`UNIT`].
//!
//! Under `forced-exit` a seat with a forced exit due (a piece in its home
//! camp that can jump forward over another seat's piece) must begin its next
//! move with such a jump, whatever the race says: the static score, which
//! assumes a free choice, is too good for it. A small term charges that seat
//! (see [`EvalWeights::forced_exit`]), so the search does not walk into a
//! forced exit it does not want, and likes leaving one to its opponent.

use halma_core::{Bitboard, Direction, Position, Seat, SeatSet, Square};
use halma_rules::{Rules, Spoil};

/// One square of race distance of a front piece, in score units.
pub const UNIT: i32 = 10;

/// Extra distance charged to a square outside the target camp.
pub const CAMP_ENTRY: i32 = 2;

/// Scores at or above this (in absolute value) announce a forced win or loss.
pub const WIN_THRESHOLD: i32 = 29_000;

/// The score of a position where the side to move has already won
/// (a win found `n` plies ahead scores `WIN - n`).
pub const WIN: i32 = 30_000;

/// Bound of every non-terminal score.
pub const MAX_EVAL: i32 = 20_000;

/// The default [`EvalWeights::forced_exit`]: three squares of race.
const FORCED_EXIT_WEIGHT: i32 = 3 * UNIT;

/// The default [`EvalWeights::stranded`]: a stranded piece costs the game
/// (no win is possible), so it outweighs any race lead the search can see.
const STRANDED_WEIGHT: i32 = 100 * UNIT;

/// The default [`EvalWeights::lateral`]: a square off the diagonal costs one
/// more square, so distance is counted as twice the king distance.
const LATERAL_WEIGHT: i32 = 4;

/// The shortest board side on which the lateral term applies. On 8x8 the
/// diagonal route is short and the pieces that the term draws onto it get in
/// each other's way: with it the engine lost 15 of 400 games against greedy
/// racers at 5,000 nodes per move, without it 4 (docs/notes/strength-log.md,
/// "Two seats against `v1`").
const LATERAL_MIN_SIDE: u8 = 10;

/// Under `long-jumps` the lateral term is divided by this. A long jump
/// crosses the board along a rank or file as fast as along a diagonal, so
/// a piece off the diagonal is less behind than king moves say: at half
/// weight the engine beat `v1` on `super-halma` by +293 Elo, against +145
/// at full weight on the same 400 openings (docs/notes/strength-log.md, "Two
/// seats against `v1`").
const LONG_JUMP_LATERAL_DIVISOR: i32 = 2;

/// The default [`EvalWeights::home_depth`]: half a square per square of
/// depth in the home camp.
const HOME_DEPTH_WEIGHT: i32 = 2;

/// The default [`EvalWeights::cornered`]: three squares of race.
const CORNERED_WEIGHT: i32 = 3 * UNIT;

/// How many other seats' pieces must stand next to a home piece before its
/// exits count ([`EvalWeights::stranded`], [`EvalWeights::cornered`]): one
/// foreign neighbour is a piece passing by, two are the camp filling up.
const CROWDED_NEIGHBOURS: u32 = 2;

/// Tunable weights of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Quadratic straggler weight: a piece at distance `d` costs
    /// `UNIT * d + rear * d * d / 16`.
    pub rear: i32,
    /// Bonus for each own piece that has an own piece right behind it (on the
    /// side away from the target), forming a rung a friend can jump over.
    pub support: i32,
    /// Penalty for each own piece still in its home camp, once fewer than a
    /// third of the seat's pieces are there (on top of its distance cost).
    /// The penalty starts with a step (a third of the pieces at once), so a
    /// seat avoids taking the piece out that would cross it: with the V1
    /// weight of 10 that step kept the last pieces at home until arriving
    /// opponents shut them in (docs/notes/strength-log.md). 0 in the default weights.
    pub home_straggler: i32,
    /// Penalty for each foreign piece shut in the seat's target camp (no
    /// move left) next to one of the seat's pieces: under `spoil=none` and `spoil=swap` it blocks the win, so
    /// the entry must leave it a way out.
    pub trapped_spoiler: i32,
    /// Penalty for each foreign piece in the seat's target camp, next to one
    /// of its pieces, that has moves but none forward (towards its own
    /// target): a player that goes forward will not leave through sideways
    /// or backward moves, so the entry must leave it a forward exit.
    pub blocked_spoiler: i32,
    /// Under `forced-exit` only: penalty when the seat has a forced exit due
    /// (its next move must begin with a forward jump out of its home camp
    /// over another seat's piece), and, with two seats, the same bonus when
    /// the opponent has one. Measured in docs/notes/strength-log.md ("Forced exit").
    pub forced_exit: i32,
    /// Penalty for each of the seat's own pieces *stranded* in its home
    /// camp: shut in (no step, no plain jump) with at least two other seats'
    /// pieces among its neighbours. Arriving opponents never move back, and
    /// a square freed by one of the seat's own pieces is the next one they
    /// fill (the first version of this term spared a piece that an own
    /// piece held in, and such pieces were shut in for good), so the piece
    /// never reaches its target and the seat cannot win; under `spoil=none`
    /// it usually keeps the opponent whose camp it blocks from winning too.
    /// Charged only to the seat itself, never credited to its opponents, so
    /// that no seat gains by shutting another in.
    pub stranded: i32,
    /// Penalty for each of the seat's own pieces *cornered* in its home
    /// camp: as [`EvalWeights::stranded`], but with exactly one exit (an
    /// empty neighbour or plain-jump landing) left, which the next
    /// opponent's move can close. It makes the seat take such a piece out
    /// while it still can, a move before it would be stranded.
    pub cornered: i32,
    /// Extra distance, in quarter squares, for each square a piece stands
    /// off the diagonal through its target corner (`|dx - dy|`). The plain
    /// `dx + dy` rates a piece far along an edge (h1 for the a1 corner: 7)
    /// as closer than one on the diagonal (e5: 8), but the edge piece needs
    /// about as many moves as squares (7 king moves), the diagonal one half
    /// as many (4): 4 charges `2 * max(dx, dy)`, the king distance doubled.
    /// Without it, pieces arrive along the edges beyond the target camp and
    /// are brought into it late (docs/notes/strength-log.md, "The lateral term").
    /// Applied on boards with a side of 10 squares or more only, and at
    /// half weight under `long-jumps`.
    pub lateral: i32,
    /// Extra distance, in quarter squares, for each square of a piece's
    /// depth in its home camp (`dx + dy` to the target corner, beyond the
    /// camp's nearest square, plus one). With the lateral term the home
    /// corner costs no more than the rest of the camp's edge, and a corner
    /// piece left for last was shut in by the arriving opponents
    /// (docs/notes/strength-log.md, "Never strand a piece"); this charge empties the
    /// camp from its corner outwards.
    pub home_depth: i32,
    /// Under `spoil=fill`: whether the race counts other seats' pieces in
    /// the target camp as filled squares, so that only as many of the
    /// seat's pieces count (its cheapest) as there are empty camp squares.
    /// `true` in [`EvalWeights::V1`]. It is `false` by default, and every
    /// piece counts as under the other spoil rules: most foreign pieces in
    /// a camp are on their way out (at the start the camp is full of them),
    /// and while they stand there the old count hardly sees the seat's own
    /// progress, so its search is steered by its opponents' races instead
    /// (docs/notes/strength-log.md, "Under `spoil=fill`").
    pub fill_counts_foreign: bool,
}

impl EvalWeights {
    /// The weights of the engine's first version (`EngineOptions::v1`),
    /// frozen: the yardstick that later weights are measured against.
    pub const V1: EvalWeights = EvalWeights {
        rear: 4,
        support: 2,
        home_straggler: 10,
        trapped_spoiler: 300,
        blocked_spoiler: 60,
        forced_exit: FORCED_EXIT_WEIGHT,
        stranded: 0,
        cornered: 0,
        lateral: 0,
        home_depth: 0,
        fill_counts_foreign: true,
    };

    /// Today's default: [`EvalWeights::V1`] without the home-straggler step
    /// and with the [`EvalWeights::stranded`], [`EvalWeights::cornered`] and
    /// [`EvalWeights::home_depth`] terms, which together keep the last
    /// pieces from being shut in at home (docs/notes/strength-log.md, "Never strand a
    /// piece"), with the [`EvalWeights::lateral`] term, and with every
    /// piece counted under `spoil=fill` ([`EvalWeights::fill_counts_foreign`]).
    ///
    /// Today's weights are still [`EvalWeights::V2`]'s; a tuned set replaces
    /// this line, never `V2`, which stays frozen.
    pub const DEFAULT: EvalWeights = EvalWeights::V2;
}

impl EvalWeights {
    /// The default weights of 2026-12-03 (`EngineOptions::v2`), frozen.
    pub const V2: EvalWeights = EvalWeights {
        home_straggler: 0,
        fill_counts_foreign: false,
        stranded: STRANDED_WEIGHT,
        cornered: CORNERED_WEIGHT,
        lateral: LATERAL_WEIGHT,
        home_depth: HOME_DEPTH_WEIGHT,
        ..EvalWeights::V1
    };
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

/// Per-rules evaluation tables; build once per rules with [`Evaluator::new`].
#[derive(Clone)]
pub struct Evaluator {
    seats: SeatSet,
    spoil: Spoil,
    weights: EvalWeights,
    /// `cost[seat][square.index()]`.
    cost: Box<[[i32; 256]; 4]>,
    /// Plain distance `dx + dy` to the seat's target corner, per square.
    distance: Box<[[u8; 256]; 4]>,
    /// The total cost of a filled target camp.
    minimum: [i32; 4],
    target: [Bitboard; 4],
    home: [Bitboard; 4],
    board: Bitboard,
    /// Squares one step "behind" each square, away from the seat's target corner.
    forward: [(i8, i8); 4],
    /// Whether the rules have `forced-exit` (the only case the
    /// forced-exit term is computed).
    forced_exit: bool,
    /// The three forward directions of each seat (those of a forced exit).
    forward_directions: [[Direction; 3]; 4],
}

/// A square as (file, rank), signed for distances.
fn xy(square: Square) -> (i32, i32) {
    (i32::from(square.file()), i32::from(square.rank()))
}

impl Evaluator {
    /// The evaluator for `rules` with the default weights.
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator::with_weights(rules, EvalWeights::default())
    }

    /// The evaluator for `rules` with the given weights.
    pub fn with_weights(rules: &Rules, weights: EvalWeights) -> Evaluator {
        let mut cost = Box::new([[0i32; 256]; 4]);
        let mut distance = Box::new([[0u8; 256]; 4]);
        let mut minimum = [0; 4];
        let mut forward = [(0, 0); 4];
        let geometry = rules.geometry();
        let board = geometry.squares();
        let lateral = if geometry.width().max(geometry.height()) < LATERAL_MIN_SIDE {
            0
        } else if rules.long_jumps() {
            weights.lateral / LONG_JUMP_LATERAL_DIVISOR
        } else {
            weights.lateral
        };
        for seat in Seat::ALL {
            let (cx, cy) = xy(rules.target_corner(seat));
            let target = rules.target_camp(seat);
            let (fx, fy) = xy(rules.home_corner(seat));
            forward[seat.index()] = ((cx - fx).signum() as i8, (cy - fy).signum() as i8);
            // Distances in quarter squares, so that the lateral weight can be fine.
            let mut quarters = [0i32; 256];
            for square in board {
                let dx = (square.file() as i32 - cx).abs();
                let dy = (square.rank() as i32 - cy).abs();
                distance[seat.index()][square.index()] = (dx + dy) as u8;
                quarters[square.index()] = 4 * (dx + dy) + lateral * (dx - dy).abs();
            }
            let home = rules.home_camp(seat);
            let depth = |s: Square| distance[seat.index()][s.index()] as i32;
            if let Some(edge) = home.into_iter().map(depth).min() {
                for square in home {
                    quarters[square.index()] += weights.home_depth * (depth(square) - edge + 1);
                }
            }
            // The entry charge keeps every target square cheaper than every
            // other square, so that the race is 0 only on a filled camp: the
            // lateral term can make a square beside the camp (d4 for the
            // 19-piece a1 camp) as near as the camp's own far corners (e1).
            let farthest_inside = target.into_iter().map(|s| quarters[s.index()]).max();
            let nearest_outside = (board - target)
                .into_iter()
                .map(|s| quarters[s.index()])
                .min();
            let entry = match (farthest_inside, nearest_outside) {
                (Some(inside), Some(outside)) => (4 * CAMP_ENTRY).max(inside - outside + 4),
                _ => 4 * CAMP_ENTRY,
            };
            for square in board {
                let mut charged = quarters[square.index()];
                if !target.contains(square) {
                    charged += entry;
                }
                cost[seat.index()][square.index()] =
                    UNIT * charged / 4 + weights.rear * charged * charged / (16 * 16);
            }
            minimum[seat.index()] = target
                .into_iter()
                .map(|s| cost[seat.index()][s.index()])
                .sum();
        }
        Evaluator {
            seats: rules.seats(),
            spoil: rules.spoil(),
            weights,
            cost,
            distance,
            minimum,
            target: Seat::ALL.map(|s| rules.target_camp(s)),
            home: Seat::ALL.map(|s| rules.home_camp(s)),
            board,
            forward,
            forced_exit: rules.forced_exit(),
            forward_directions: Seat::ALL.map(|s| rules.forward_directions(s)),
        }
    }

    /// The weights in use.
    pub fn weights(&self) -> EvalWeights {
        self.weights
    }

    /// The cost of a piece of `seat` on `square` (lower is closer to the goal).
    #[inline]
    pub fn cost(&self, seat: Seat, square: Square) -> i32 {
        self.cost[seat.index()][square.index()]
    }

    /// The plain distance `dx + dy` from `square` to `seat`'s target corner.
    #[inline]
    pub fn distance(&self, seat: Seat, square: Square) -> i32 {
        self.distance[seat.index()][square.index()] as i32
    }

    /// How much a move of `seat`'s piece from `from` to `to` gains (positive = forward).
    #[inline]
    pub fn gain(&self, seat: Seat, from: Square, to: Square) -> i32 {
        let table = &self.cost[seat.index()];
        table[from.index()] - table[to.index()]
    }

    /// `seat`'s target camp.
    #[inline]
    pub fn target(&self, seat: Seat) -> Bitboard {
        self.target[seat.index()]
    }

    /// The race of `seat`: 0 when its pieces fill its target camp, larger
    /// the further it still has to go.
    pub fn race(&self, position: &Position, seat: Seat) -> i32 {
        let table = &self.cost[seat.index()];
        let pieces = position.pieces(seat);
        let target = self.target[seat.index()];
        let base = match self.spoil {
            Spoil::Fill if self.weights.fill_counts_foreign => {
                let holes = target - position.occupied();
                let mut outside: [i32; 32] = [0; 32];
                let mut n = 0;
                for square in pieces - target {
                    if n < outside.len() {
                        outside[n] = table[square.index()];
                        n += 1;
                    }
                }
                let need = (holes.count() as usize).min(n);
                outside[..n].sort_unstable();
                let mut race: i32 = outside[..need].iter().sum::<i32>()
                    - holes.into_iter().map(|s| table[s.index()]).sum::<i32>();
                if (pieces & target).is_empty() && need == 0 {
                    // A camp full of foreign pieces: someone must leave first.
                    race += 4 * UNIT;
                }
                race.max(0)
            }
            Spoil::None | Spoil::Swap | Spoil::Fill => {
                pieces.into_iter().map(|s| table[s.index()]).sum::<i32>()
                    - self.minimum[seat.index()]
            }
        };
        let mut extra = 0;
        let at_home = (pieces & self.home[seat.index()]).count() as i32;
        let total = pieces.count() as i32;
        if at_home * 3 < total {
            extra += at_home * self.weights.home_straggler;
        }
        base + extra
    }

    /// The penalty for foreign pieces that `seat`'s own pieces help to shut
    /// in its target camp (see [`EvalWeights::trapped_spoiler`] and
    /// [`EvalWeights::blocked_spoiler`]). It is charged to the seat whose
    /// camp is blocked only when that seat is the one evaluating, never
    /// credited to its opponents: otherwise a player would gain by leaving
    /// its own pieces shut in at home to spoil the other's camp.
    pub fn trapped_spoilers(&self, position: &Position, seat: Seat) -> i32 {
        if self.spoil == Spoil::Fill {
            return 0;
        }
        let target = self.target[seat.index()];
        let mine = position.pieces(seat);
        let foreign = (target & position.occupied()) - mine;
        let mut penalty = 0;
        for square in foreign {
            // A piece shut in by its own friends only (as at the start) will
            // be freed by them.
            if (Bitboard::from_square(square).neighbours() & mine).is_empty() {
                continue;
            }
            let owner = position.piece_at(square).expect("occupied");
            if self.is_shut_in(position, square) {
                penalty += self.weights.trapped_spoiler;
            } else if !self.has_forward_exit(position, square, owner) {
                penalty += self.weights.blocked_spoiler;
            }
        }
        penalty
    }

    /// The penalty for `seat`'s own pieces stranded or cornered in its home
    /// camp (see [`EvalWeights::stranded`] and [`EvalWeights::cornered`]).
    /// Charged to `seat` only when it is the one evaluating, like
    /// [`Evaluator::trapped_spoilers`].
    pub fn stranded_pieces(&self, position: &Position, seat: Seat) -> i32 {
        if self.weights.stranded == 0 && self.weights.cornered == 0 {
            return 0;
        }
        let mine = position.pieces(seat);
        let foreign = position.occupied() - mine;
        // Only home pieces next to a foreign piece can be crowded: one
        // set-wise test leaves out nearly every piece, every evaluation.
        let near_foreign = mine & self.home[seat.index()] & foreign.neighbours();
        let mut penalty = 0;
        for square in near_foreign {
            let crowd = (Bitboard::from_square(square).neighbours() & foreign).count();
            if crowd < CROWDED_NEIGHBOURS {
                continue;
            }
            match self.exits(position, square) {
                0 => penalty += self.weights.stranded,
                1 => penalty += self.weights.cornered,
                _ => {}
            }
        }
        penalty
    }

    /// The moves out of `square` a piece there has: empty neighbours, and
    /// plain jumps (over an occupied neighbour onto an empty square).
    fn exits(&self, position: &Position, square: Square) -> u32 {
        let empty = self.board - position.occupied();
        let here = Bitboard::from_square(square);
        let mut exits = (here.neighbours() & empty).count();
        for direction in halma_core::Direction::ALL {
            let over = here.shift(direction);
            if !(over & position.occupied()).is_empty()
                && !(over.shift(direction) & empty).is_empty()
            {
                exits += 1;
            }
        }
        exits
    }

    /// Whether the piece of `owner` on `square` can step or jump towards its
    /// target (one of the three directions that bring it closer).
    fn has_forward_exit(&self, position: &Position, square: Square, owner: Seat) -> bool {
        let (fx, fy) = self.forward[owner.index()];
        let empty = self.board - position.occupied();
        let here = Bitboard::from_square(square);
        [(fx, fy), (fx, 0), (0, fy)].into_iter().any(|(dx, dy)| {
            let next = shift_by(here, dx, dy);
            !(next & empty).is_empty()
                || (!(next & position.occupied()).is_empty()
                    && !(shift_by(next, dx, dy) & empty).is_empty())
        })
    }

    /// Whether the piece on `square` has neither an empty neighbour nor a
    /// plain jump.
    fn is_shut_in(&self, position: &Position, square: Square) -> bool {
        self.exits(position, square) == 0
    }

    /// Jump supports of `seat`: own pieces outside the target camp with an
    /// own piece right behind them (a rung a friend can hop over).
    pub fn supports(&self, position: &Position, seat: Seat) -> i32 {
        let (fx, fy) = self.forward[seat.index()];
        let pieces = position.pieces(seat);
        let behind = shift_by(pieces, fx, fy) | shift_by(pieces, fx, 0) | shift_by(pieces, 0, fy);
        ((pieces - self.target[seat.index()]) & behind).count() as i32
    }

    /// Whether `seat` has a forced exit due in `position`: one of its pieces
    /// in its home camp can jump (a plain jump) in one of its forward
    /// directions over another seat's piece onto an empty square. A plain
    /// jump only: under `long-jumps` a long forced jump is not seen, which
    /// only makes the term rarer. Whatever the rules; the evaluation uses it
    /// under `forced-exit` only.
    pub fn forced_exit_due(&self, position: &Position, seat: Seat) -> bool {
        let pieces = position.pieces(seat);
        let at_home = pieces & self.home[seat.index()];
        if at_home.is_empty() {
            return false;
        }
        let foreign = position.occupied() - pieces;
        let empty = self.board - position.occupied();
        self.forward_directions[seat.index()]
            .iter()
            .any(|&d| !((at_home.shift(d) & foreign).shift(d) & empty).is_empty())
    }

    /// The score of `position` for `seat` (positive is good for `seat`),
    /// ignoring whether the game is over.
    pub fn evaluate(&self, position: &Position, seat: Seat) -> i32 {
        let seats = position.seats();
        let mine = self.race(position, seat);
        let mut best_other = i32::MAX;
        for other in seats.iter().filter(|&s| s != seat) {
            best_other = best_other.min(self.race(position, other));
        }
        let mut score = if best_other == i32::MAX {
            -mine
        } else {
            best_other - mine
        };
        score -= self.trapped_spoilers(position, seat);
        score -= self.stranded_pieces(position, seat);
        if self.weights.support != 0 {
            score += self.weights.support * self.supports(position, seat);
            if seats.len() == 2 {
                let other = seats.next_after(seat);
                score -= self.weights.support * self.supports(position, other);
            }
        }
        if self.forced_exit && self.weights.forced_exit != 0 {
            if self.forced_exit_due(position, seat) {
                score -= self.weights.forced_exit;
            }
            if seats.len() == 2 && self.forced_exit_due(position, seats.next_after(seat)) {
                score += self.weights.forced_exit;
            }
        }
        score.clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The seats these tables were built for.
    pub fn seats(&self) -> SeatSet {
        self.seats
    }
}

/// The bitboard shifted by (dx, dy), each -1, 0 or 1.
fn shift_by(board: Bitboard, dx: i8, dy: i8) -> Bitboard {
    use halma_core::Direction as D;
    let direction = match (dx, dy) {
        (0, 0) => return board,
        (0, 1) => D::N,
        (1, 1) => D::NE,
        (1, 0) => D::E,
        (1, -1) => D::SE,
        (0, -1) => D::S,
        (-1, -1) => D::SW,
        (-1, 0) => D::W,
        _ => D::NW,
    };
    board.shift(direction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn race_is_zero_exactly_when_the_camp_is_filled() {
        for text in [
            "halma",
            "halma8",
            "halma10",
            "halma4",
            "super-halma,spoil=fill",
        ] {
            let rules: Rules = text.parse().unwrap();
            let eval = Evaluator::new(&rules);
            let start = rules.start_position();
            for seat in rules.seats().iter() {
                assert!(eval.race(&start, seat) > 0, "{text} {seat}");
            }
            // Every seat's pieces on its target camp: race 0.
            let mut pieces = [Bitboard::EMPTY; 4];
            for seat in rules.seats().iter() {
                pieces[seat.index()] = rules.target_camp(seat);
            }
            let setup = halma_core::Setup::new(rules.geometry(), pieces, Seat::Red);
            let done = halma_core::Position::from_setup(&setup, rules.seats()).unwrap();
            for seat in rules.seats().iter() {
                assert_eq!(eval.race(&done, seat), 0, "{text} {seat}");
            }
        }
    }

    #[test]
    fn the_start_is_balanced_and_progress_scores() {
        let rules: Rules = "halma".parse().unwrap();
        let eval = Evaluator::new(&rules);
        let mut position = rules.start_position();
        assert_eq!(eval.evaluate(&position, Seat::Red), 0);
        assert_eq!(eval.evaluate(&position, Seat::Blue), 0);
        let mv = rules.parse_move(&position, "b12-c11").unwrap();
        position.make_move_unchecked(mv);
        assert!(eval.evaluate(&position, Seat::Red) > 0);
        assert!(eval.evaluate(&position, Seat::Blue) < 0);
    }

    /// halma8 with Red's pieces on `red` and Blue's on `blue` (Blue's home
    /// corner is h1), Blue to move: Blue's score with and without the
    /// stranded and cornered terms, and how much they change Red's.
    fn stranded_scores(red: &[&str], blue: &[&str]) -> (i32, i32, i32) {
        let rules: Rules = "halma8".parse().unwrap();
        let squares = |names: &[&str]| {
            names
                .iter()
                .map(|n| n.parse::<Square>().unwrap())
                .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
        };
        let mut pieces = [Bitboard::EMPTY; 4];
        pieces[Seat::Red.index()] = squares(red);
        pieces[Seat::Blue.index()] = squares(blue);
        let setup = halma_core::Setup::new(rules.geometry(), pieces, Seat::Blue);
        let position = halma_core::Position::from_setup(&setup, rules.seats()).unwrap();
        let with = Evaluator::new(&rules);
        let without = Evaluator::with_weights(
            &rules,
            EvalWeights {
                stranded: 0,
                cornered: 0,
                ..EvalWeights::default()
            },
        );
        (
            with.evaluate(&position, Seat::Blue),
            without.evaluate(&position, Seat::Blue),
            with.evaluate(&position, Seat::Red) - without.evaluate(&position, Seat::Red),
        )
    }

    #[test]
    fn a_crowded_piece_at_home_is_stranded_without_an_exit_and_cornered_with_one() {
        let EvalWeights {
            stranded, cornered, ..
        } = EvalWeights::default();
        assert!(stranded > cornered && cornered > 0, "both on by default");
        // h1's neighbours g1, g2, h2 and its jump landings f1, f3, h3
        // all Red: stranded, charged to Blue only.
        let shut = ["g1", "g2", "h2", "f1", "f3", "h3"];
        let (with, without, red) = stranded_scores(&shut, &["h1", "a8"]);
        assert_eq!(with, without - stranded);
        assert_eq!(red, 0, "never credited to the other seat");
        // A landing square Blue's own holds it in just the same: the square
        // Blue's h3 piece frees is the next one Red fills.
        let (with, without, _) = stranded_scores(&shut[..5], &["h1", "h3", "a8"]);
        assert_eq!(with, without - stranded);
        // One landing square empty: h1 can still jump out, once.
        let (with, without, red) = stranded_scores(&shut[..5], &["h1", "a8"]);
        assert_eq!(with, without - cornered);
        assert_eq!(red, 0);
        // Two exits (a step to h2, a jump over g1 to f1): free.
        let (with, without, _) = stranded_scores(&["g1", "g2", "f3"], &["h1", "a8"]);
        assert_eq!(with, without);
        // Held in by its own pieces but one: not crowded (so every piece
        // of a full home camp at the start is free of the term).
        let (with, without, _) =
            stranded_scores(&["g1", "f1", "f3", "h3"], &["h1", "g2", "h2", "a8"]);
        assert_eq!(with, without);
        // Shut in outside its home camp: not this term's business.
        let around_a2 = ["a1", "a3", "b1", "b2", "b3", "a4", "c2", "c4"];
        let (with, without, _) = stranded_scores(&around_a2, &["a2", "a8"]);
        assert_eq!(with, without);
    }

    #[test]
    fn the_home_camp_empties_from_its_corner_outwards() {
        // With the lateral term alone, the corner and the far edges of the
        // home camp are equally far (twice the king distance): the corner
        // piece was left for last and shut in. The depth charge makes the
        // corner the camp's dearest square and every square of the camp
        // dearer than with the lateral term alone, by its depth.
        for text in ["halma", "halma10", "super-halma", "halma4"] {
            let rules: Rules = text.parse().unwrap();
            let without = Evaluator::with_weights(
                &rules,
                EvalWeights {
                    home_depth: 0,
                    ..EvalWeights::DEFAULT
                },
            );
            let with = Evaluator::new(&rules);
            for seat in rules.seats().iter() {
                let home = rules.home_camp(seat);
                let corner = rules.home_corner(seat);
                let far = home
                    .into_iter()
                    .filter(|&s| s != corner)
                    .map(|s| without.cost(seat, s))
                    .max()
                    .unwrap();
                if rules.long_jumps() {
                    // The lateral term at half weight leaves the corner the
                    // dearest square, as `dx + dy` does.
                    assert!(without.cost(seat, corner) > far, "{text} {seat}");
                } else {
                    assert_eq!(
                        without.cost(seat, corner),
                        far,
                        "{text} {seat}: a tie without"
                    );
                }
                for square in home - Bitboard::from_square(corner) {
                    assert!(
                        with.cost(seat, square) < with.cost(seat, corner),
                        "{text} {seat}"
                    );
                }
                for square in home {
                    assert!(with.cost(seat, square) > without.cost(seat, square));
                }
                for square in rules.geometry().squares() - home {
                    assert_eq!(with.cost(seat, square), without.cost(seat, square));
                }
            }
        }
    }

    #[test]
    fn every_target_square_is_cheaper_than_every_other_square() {
        for preset in halma_rules::Preset::ALL {
            let text = preset.name();
            let rules: Rules = text.parse().unwrap();
            for weights in [EvalWeights::V1, EvalWeights::DEFAULT] {
                let eval = Evaluator::with_weights(&rules, weights);
                for seat in rules.seats().iter() {
                    let target = rules.target_camp(seat);
                    let outside = rules.geometry().squares() - target;
                    let inside = target
                        .into_iter()
                        .map(|s| eval.cost(seat, s))
                        .max()
                        .unwrap();
                    let nearest = outside
                        .into_iter()
                        .map(|s| eval.cost(seat, s))
                        .min()
                        .unwrap();
                    assert!(inside < nearest, "{text} {seat} {weights:?}");
                }
            }
        }
    }

    #[test]
    fn under_fill_every_piece_counts_while_foreign_pieces_hold_the_camp() {
        // At the start every two- and four-seat target camp is full of the
        // opposite seat's pieces. The first version counted only as many of
        // a seat's pieces as its camp had empty squares, none at the start,
        // so the seat's own moves hardly changed its race.
        for text in ["halma", "halma4", "halma3", "super-halma"] {
            let fill: Rules = format!("{text},spoil=fill").parse().unwrap();
            let none: Rules = text.parse().unwrap();
            let default_fill = Evaluator::new(&fill);
            let default_none = Evaluator::new(&none);
            let v1_fill = Evaluator::with_weights(&fill, EvalWeights::V1);
            let mut position = fill.start_position();
            let start = position.clone();
            let red_start = default_fill.race(&start, Seat::Red);
            let mut after_first = None;
            // Twelve plies of each seat's most forward move.
            for _ in 0..12 {
                let seat = position.to_move();
                let best = fill
                    .legal_moves(&position)
                    .into_iter()
                    .max_by_key(|mv| default_fill.gain(seat, mv.from(), mv.to()))
                    .unwrap();
                position.make_move_unchecked(best);
                after_first.get_or_insert_with(|| position.clone());
                for seat in fill.seats().iter() {
                    assert_eq!(
                        default_fill.race(&position, seat),
                        default_none.race(&position, seat),
                        "{text} {seat}"
                    );
                }
            }
            let after_first = after_first.unwrap();
            assert!(
                default_fill.race(&after_first, Seat::Red) < red_start,
                "{text}"
            );
            if text != "halma3" {
                // Red's target camp is still full of the opposite seat's
                // pieces: the first version does not see Red's first move.
                assert_eq!(
                    v1_fill.race(&after_first, Seat::Red),
                    v1_fill.race(&start, Seat::Red),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn the_lateral_term_is_off_on_the_small_board_and_halved_under_long_jumps() {
        // Two squares outside Red's target camp, both `2 * k` squares away
        // from its corner by `dx + dy`: one on the edge, one on the
        // diagonal. Only the lateral term tells them apart; at full weight
        // it charges the edge one square per square off the diagonal.
        let lateral_charge = |text: &str, k: i32| {
            let rules: Rules = text.parse().unwrap();
            let corner = rules.target_corner(Seat::Red);
            let toward = |c: u8| if c == 0 { 1i32 } else { -1 };
            let (sx, sy) = (toward(corner.file()), toward(corner.rank()));
            let at = |dx: i32, dy: i32| {
                let file = i32::from(corner.file()) + sx * dx;
                let rank = i32::from(corner.rank()) + sy * dy;
                Square::new(file as u8, rank as u8).unwrap()
            };
            let eval = Evaluator::with_weights(
                &rules,
                EvalWeights {
                    rear: 0,
                    ..EvalWeights::DEFAULT
                },
            );
            eval.cost(Seat::Red, at(2 * k, 0)) - eval.cost(Seat::Red, at(k, k))
        };
        assert_eq!(lateral_charge("halma8", 2), 0);
        assert_eq!(lateral_charge("halma10", 4), 8 * UNIT);
        assert_eq!(lateral_charge("halma", 4), 8 * UNIT);
        assert_eq!(lateral_charge("super-halma", 4), 4 * UNIT);
        assert_eq!(lateral_charge("halma,long-jumps", 4), 4 * UNIT);
    }

    #[test]
    fn the_first_versions_costs_are_frozen() {
        // V1 is the yardstick of every match: its costs stay `dx + dy`, plus
        // the camp entry outside the camp, with the quadratic rear term.
        for text in ["halma", "halma3", "halma8", "super-halma"] {
            let rules: Rules = text.parse().unwrap();
            let eval = Evaluator::with_weights(&rules, EvalWeights::V1);
            for seat in rules.seats().iter() {
                for square in rules.geometry().squares() {
                    let mut d = eval.distance(seat, square);
                    if !rules.target_camp(seat).contains(square) {
                        d += CAMP_ENTRY;
                    }
                    let rear = EvalWeights::V1.rear;
                    assert_eq!(eval.cost(seat, square), UNIT * d + rear * d * d / 16);
                }
            }
        }
    }

    #[test]
    fn the_lateral_term_counts_twice_the_king_distance() {
        let rules: Rules = "halma4".parse().unwrap();
        let plain = EvalWeights {
            rear: 0,
            ..EvalWeights::V1
        };
        let lateral = EvalWeights {
            lateral: 4,
            ..plain
        };
        let (plain, lateral) = (
            Evaluator::with_weights(&rules, plain),
            Evaluator::with_weights(&rules, lateral),
        );
        let at = |name: &str| name.parse::<Square>().unwrap();
        // Green's target corner is a1. h1 is 7 king moves away, e5 4: `dx + dy`
        // rates h1 nearer (7 against 8), the lateral term e5 (14 against 8).
        let (h1, e5) = (at("h1"), at("e5"));
        assert_eq!(rules.target_corner(Seat::Green), at("a1"));
        assert!(plain.cost(Seat::Green, h1) < plain.cost(Seat::Green, e5));
        assert_eq!(lateral.cost(Seat::Green, e5), plain.cost(Seat::Green, e5));
        assert_eq!(lateral.cost(Seat::Green, h1), UNIT * (14 + CAMP_ENTRY));
        assert!(lateral.cost(Seat::Green, h1) > lateral.cost(Seat::Green, e5));
        // Two seats the same (Red's target corner is p1 in `halma`).
        let rules: Rules = "halma".parse().unwrap();
        let [plain, lateral] = [0, 4].map(|lateral| {
            Evaluator::with_weights(
                &rules,
                EvalWeights {
                    rear: 0,
                    lateral,
                    ..EvalWeights::V1
                },
            )
        });
        assert_eq!(rules.target_corner(Seat::Red), at("p1"));
        for square in rules.target_camp(Seat::Red) {
            let (dx, dy) = (15 - i32::from(square.file()), i32::from(square.rank()));
            assert_eq!(
                lateral.cost(Seat::Red, square) - plain.cost(Seat::Red, square),
                UNIT * (dx - dy).abs(),
                "{square}"
            );
        }
        let (i1, l5) = (at("i1"), at("l5"));
        assert!(plain.cost(Seat::Red, i1) < plain.cost(Seat::Red, l5));
        assert!(lateral.cost(Seat::Red, i1) > lateral.cost(Seat::Red, l5));
    }

    #[test]
    fn entering_the_camp_is_always_a_gain() {
        let rules: Rules = "halma".parse().unwrap();
        let eval = Evaluator::new(&rules);
        let target = rules.target_camp(Seat::Red);
        for inside in target {
            for outside in rules.geometry().squares() - target {
                if eval.distance(Seat::Red, outside) == eval.distance(Seat::Red, inside) {
                    assert!(eval.gain(Seat::Red, outside, inside) > 0);
                }
            }
        }
        // Rear pieces cost more per square than front ones.
        let a16: Square = "a16".parse().unwrap();
        let b15: Square = "b15".parse().unwrap();
        let o2: Square = "o2".parse().unwrap();
        let n3: Square = "n3".parse().unwrap();
        assert!(eval.gain(Seat::Red, a16, b15) > eval.gain(Seat::Red, n3, o2));
    }
}
