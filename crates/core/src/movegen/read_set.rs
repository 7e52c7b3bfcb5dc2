//! The squares a bulk count depends on: perft's reuse of one count for
//! every reply that leaves them alone.
//!
//! The moves of a side are a function of the occupancy, and a step or a
//! segment reads only a few squares of it: a step its target; a segment
//! from `v` in direction `d` the squares from `v` up to the first piece (or
//! half-way to the edge, beyond which no piece can be jumped), and behind
//! that piece as many as lie before it. A jump closure reads what its
//! segments read from every square it reaches. Whatever lies outside those
//! squares can change without changing a single move, so the count of a
//! position after another seat's move that leaves them alone is the count
//! before it.

use super::*;

impl MoveGenerator {
    /// [`count_moves(pieces)`](Self::count_moves), and a set of squares
    /// outside which the occupancy does not matter to it: a generator built
    /// for the same board and constraints, on an occupancy that differs from
    /// this one only on squares outside the set and keeps every square of
    /// `pieces` occupied, counts the same moves for `pieces`.
    ///
    /// The set holds the squares next to `pieces` (steps) and, from each
    /// square of `pieces` and of their jump closures, the stretch of each
    /// line that a segment from it reads. It may hold more (a superset is
    /// all the guarantee needs): under long jumps the moving piece is
    /// missing from the occupancy its own segments see, so a stretch is
    /// taken as far as it reads with any one of `pieces` missing.
    /// Under camp-lock, spoil=swap or a path rule it is the whole board:
    /// those read more of the position, and perft does not ask there.
    ///
    /// Under long jumps the count comes from the same per-piece moves as
    /// the set, so no jump graph is built.
    pub fn count_with_read_set(&self, pieces: Bitboard) -> (u64, Bitboard) {
        let constraints = &self.constraints;
        let plain_or_long = constraints.lock.is_empty()
            && constraints.swap_onto.is_empty()
            && constraints.swap_from.is_empty()
            && self.path.is_none();
        if !plain_or_long {
            return (self.count_moves(pieces), self.board);
        }
        let steps = pieces.neighbours() & self.board;
        let mut reached = pieces;
        if constraints.long_jumps {
            let mut count = 0;
            for piece in self.all_piece_moves(pieces) {
                count += u64::from(piece.count());
                reached |= piece.jumps;
            }
            (count, steps | self.long_segment_reads(reached, pieces))
        } else {
            // The bulk count is cheaper than a sum over the pieces here.
            for piece in self.all_piece_moves(pieces) {
                reached |= piece.jumps;
            }
            (
                self.count_moves(pieces),
                steps | self.plain_segment_reads(reached),
            )
        }
    }

    /// What plain segments from the squares of `from` read: the neighbour in
    /// each direction and, where that holds a piece, the square behind it.
    fn plain_segment_reads(&self, from: Bitboard) -> Bitboard {
        let mut read = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let over = from.shift(direction) & self.board;
            read |= over | ((over & self.occupied).shift(direction) & self.board);
        }
        read
    }

    /// What long segments from the squares of `from` read, where `own` are
    /// the pieces whose moves are counted (each of them counts as empty
    /// while it moves, so any one may be missing from the occupancy a
    /// segment sees).
    fn long_segment_reads(&self, from: Bitboard, own: Bitboard) -> Bitboard {
        let others = self.occupied - own;
        let rectangle = lines::fits(self.board);
        let mut read = Bitboard::EMPTY;
        for square in from {
            for direction in Direction::ALL {
                let beyond = ray(square, direction);
                let run = if rectangle {
                    (beyond & self.board).count() as u8
                } else {
                    run_on_board(square, direction, self.board)
                };
                let reach = segment_reach(square, direction, run / 2, others, own);
                if reach > 0 {
                    if let Some(last) = square.offset(direction, reach) {
                        read |= beyond - ray(last, direction);
                    }
                }
            }
        }
        read
    }
}

/// How many squares along `direction` a segment from `square` may read,
/// where `half` is the longest half-length that fits on the board, given
/// the pieces `others` (always in place) and `own` (of which one, the
/// moving piece, may be missing: it counts as empty while it moves).
///
/// A segment reads up to the first piece `j` squares away, `j <= half`
/// (all `half` squares when there is none, and it fails), then the squares
/// behind it up to the landing `2 j` or the first piece there (it fails).
/// The squares read are a prefix of the line; the reach is the longest
/// prefix over the occupancies the segment may see: all pieces in place,
/// or one of `own` missing where it stops a read.
#[inline]
fn segment_reach(
    square: Square,
    direction: Direction,
    half: u8,
    others: Bitboard,
    own: Bitboard,
) -> u8 {
    let in_place = segment_read(square, direction, half, others, own, 0);
    let mut reach = in_place.reach;
    for stop in [in_place.jumped, in_place.blocked] {
        if let Some((distance, true)) = stop {
            reach = reach.max(segment_read(square, direction, half, others, own, distance).reach);
        }
    }
    reach
}

/// What one segment reads (see [`segment_reach`]).
struct SegmentRead {
    /// The squares read, from `square` on.
    reach: u8,
    /// The jumped piece's distance, and whether it is one of `own`.
    jumped: Option<(u8, bool)>,
    /// The piece that blocks the landing stretch: distance, one of `own`.
    blocked: Option<(u8, bool)>,
}

/// The squares a segment from `square` reads with the piece of `own` at
/// distance `missing` taken away (0: none taken away).
#[inline]
fn segment_read(
    square: Square,
    direction: Direction,
    half: u8,
    others: Bitboard,
    own: Bitboard,
    missing: u8,
) -> SegmentRead {
    // The piece at a distance, and whether it is one of `own`.
    let piece_at = |distance: u8| -> Option<bool> {
        let next = square.offset(direction, distance)?;
        if others.contains(next) {
            Some(false)
        } else if own.contains(next) && distance != missing {
            Some(true)
        } else {
            None
        }
    };
    let Some((jumped, jumped_own)) = (1..=half).find_map(|d| piece_at(d).map(|own| (d, own)))
    else {
        return SegmentRead {
            reach: half,
            jumped: None,
            blocked: None,
        };
    };
    let blocked = (jumped + 1..=2 * jumped).find_map(|d| piece_at(d).map(|own| (d, own)));
    SegmentRead {
        reach: blocked.map_or(2 * jumped, |(distance, _)| distance),
        jumped: Some((jumped, jumped_own)),
        blocked,
    }
}

/// The number of playable squares in a row from `square` (excluded) along
/// `direction`, on a board that may have holes.
fn run_on_board(square: Square, direction: Direction, board: Bitboard) -> u8 {
    let mut run = 0;
    while let Some(next) = square.offset(direction, run + 1) {
        if !board.contains(next) {
            break;
        }
        run += 1;
    }
    run
}
