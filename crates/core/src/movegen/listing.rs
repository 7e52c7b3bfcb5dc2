//! The moves of all pieces of a side, listed together: under plain rules
//! the jump closures come from the components of the jump graph, found once
//! for all pieces (see `count_jumps`), instead of a flood fill per piece.

use super::count::CountPath;
use super::*;
use crate::Squares;

/// The components of one parity class's jump graph that the pieces of a
/// side enter by their first segments.
#[derive(Clone, Copy, Debug)]
struct ClassComponents {
    /// First-segment landings with no onward segment: components of one square.
    single: u64,
    /// Empty squares with an onward segment.
    has_edge: u64,
    /// How many of `components` are in use.
    count: usize,
    /// The components of two squares or more that some first segment
    /// lands in: disjoint, so at most 32 in a 64-square class.
    components: [u64; 32],
}

impl ClassComponents {
    const NONE: ClassComponents = ClassComponents {
        single: 0,
        has_edge: 0,
        count: 0,
        components: [0; 32],
    };

    /// The components that the pieces `own` of a class with plain-jump
    /// landings `land` enter.
    #[inline]
    fn new(own: u64, land: &[u64; 8]) -> ClassComponents {
        let mut first_hops = 0;
        let mut has_edge = 0;
        for direction in Direction::ALL {
            let d = direction as usize;
            first_hops |= shift_unmasked(own, direction) & land[d];
            has_edge |= shift_unmasked(land[d], direction.opposite());
        }
        let mut found = ClassComponents {
            single: first_hops & !has_edge,
            has_edge,
            ..ClassComponents::NONE
        };
        let mut remaining = first_hops & has_edge;
        while remaining != 0 {
            let component = flood(remaining & remaining.wrapping_neg(), land);
            // A square with an edge has a neighbour in its component, so
            // every component here holds two squares or more.
            found.components[found.count] = component;
            found.count += 1;
            remaining &= !component;
        }
        found
    }

    /// The jump closure of the piece `start` (one bit of the class word):
    /// the union of the components its first segments land in.
    #[inline]
    fn closure(&self, start: u64, land: &[u64; 8]) -> u64 {
        let mut hops = 0;
        for direction in Direction::ALL {
            hops |= shift_unmasked(start, direction) & land[direction as usize];
        }
        let mut closure = hops & self.single;
        let entered = hops & self.has_edge;
        if entered != 0 {
            for &component in &self.components[..self.count] {
                if component & entered != 0 {
                    closure |= component;
                }
            }
        }
        closure
    }
}

/// The moves of each piece of a set, in bit order: what
/// [`PieceMovesIter`](crate::PieceMovesIter) gives, from
/// [`MoveGenerator::all_piece_moves`].
#[derive(Clone, Debug)]
pub struct AllPieceMoves<'a> {
    generator: &'a MoveGenerator,
    pieces: Squares,
    /// Whether closures come from `classes` (plain rules) or from
    /// [`MoveGenerator::piece_moves`].
    plain: bool,
    classes: [ClassComponents; 4],
}

impl MoveGenerator {
    /// The moves of each of `pieces` (of the side this generator is for),
    /// in bit order, equal to [`piece_moves`](Self::piece_moves) of each.
    /// Under no constraint and no path rule the jump closures are found by
    /// one component search per parity class shared by all pieces, which is
    /// cheaper than a flood fill per piece when most pieces are listed (as
    /// at perft's inner plies); otherwise this is `piece_moves` piece by piece.
    pub fn all_piece_moves(&self, pieces: Bitboard) -> AllPieceMoves<'_> {
        let plain = self.path.is_none() && self.constraints.count_path() == CountPath::Plain;
        let mut classes = [ClassComponents::NONE; 4];
        if plain {
            for (class, found) in classes.iter_mut().enumerate() {
                let own = pieces.word(class);
                if own != 0 {
                    *found = ClassComponents::new(own, &self.landings[class]);
                }
            }
        }
        AllPieceMoves {
            generator: self,
            pieces: pieces.into_iter(),
            plain,
            classes,
        }
    }
}

impl Iterator for AllPieceMoves<'_> {
    type Item = PieceMoves;

    #[inline]
    fn next(&mut self) -> Option<PieceMoves> {
        let origin = self.pieces.next()?;
        let generator = self.generator;
        if !self.plain {
            return Some(generator.piece_moves(origin));
        }
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let closure = self.classes[class].closure(start, &generator.landings[class]);
        Some(PieceMoves {
            origin,
            steps: Bitboard::neighbours_of(origin) & generator.empty,
            jumps: in_class(class, closure),
            swaps: Bitboard::EMPTY,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pieces.size_hint()
    }
}

impl ExactSizeIterator for AllPieceMoves<'_> {}
