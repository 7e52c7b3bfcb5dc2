//! Jump-continue against an enumeration of every jump sequence, written from
//! the rule book's words (RULES.md §4) square by square.

use crate::{Bitboard, Constraints, Direction, MoveGenerator, PathRules, Square};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// A board and the rules of one test case.
struct Case {
    board: Bitboard,
    occupied: Bitboard,
    long_jumps: bool,
    /// Camp-lock: no segment from inside to outside.
    lock: Bitboard,
    /// Home-lock: no segment from outside to inside.
    home: Bitboard,
}

impl Case {
    /// The landing of the segment from `from` in `direction`, the moving
    /// piece's `origin` counting as empty.
    fn segment(&self, origin: Square, from: Square, direction: Direction) -> Option<Square> {
        let piece = |s: Square| s != origin && self.occupied.contains(s);
        let at = |k: u8| {
            from.offset(direction, k)
                .filter(|&s| self.board.contains(s))
        };
        let longest = if self.long_jumps { 7 } else { 1 };
        let half = (1..=longest).find(|&k| at(k).is_none_or(piece))?;
        if !piece(at(half)?) {
            return None;
        }
        for k in half + 1..=2 * half {
            if piece(at(k)?) {
                return None;
            }
        }
        let landing = at(2 * half)?;
        let locks = (!self.lock.contains(from) || self.lock.contains(landing))
            && (self.home.contains(from) || !self.home.contains(landing));
        locks.then_some(landing)
    }

    /// Every stop of a sequence from `origin` under jump-continue, with its
    /// smallest path (fewest segments, then directions in notation order),
    /// or `None` when the enumeration passes `budget` sequences.
    fn stops(&self, origin: Square, budget: &mut u32) -> Option<BTreeMap<Square, Vec<Square>>> {
        let mut stops = BTreeMap::new();
        let mut path = vec![origin];
        let mut directions = Vec::new();
        let mut best: BTreeMap<Square, (Vec<u8>, Vec<Square>)> = BTreeMap::new();
        self.enumerate(&mut path, &mut directions, &mut best, budget)?;
        for (square, (_, squares)) in best {
            stops.insert(square, squares);
        }
        Some(stops)
    }

    fn enumerate(
        &self,
        path: &mut Vec<Square>,
        directions: &mut Vec<u8>,
        best: &mut BTreeMap<Square, (Vec<u8>, Vec<Square>)>,
        budget: &mut u32,
    ) -> Option<()> {
        *budget = budget.checked_sub(1)?;
        let origin = path[0];
        let at = *path.last().expect("the origin");
        let next: Vec<(u8, Square)> = Direction::ALL
            .into_iter()
            .filter_map(|d| Some((d as u8, self.segment(origin, at, d)?)))
            .filter(|&(_, to)| !path.contains(&to) && !self.occupied.contains(to))
            .collect();
        if next.is_empty() && path.len() > 1 {
            let key = (directions.len(), directions.clone());
            let better = best
                .get(&at)
                .is_none_or(|(known, _)| key < (known.len(), known.clone()));
            if better {
                best.insert(at, (directions.clone(), path.clone()));
            }
        }
        for (direction, to) in next {
            path.push(to);
            directions.push(direction);
            self.enumerate(path, directions, best, budget)?;
            directions.pop();
            path.pop();
        }
        Some(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// The stops and written paths of the graph search are those of the
    /// enumeration of every sequence, with and without long jumps and locks.
    #[test]
    fn stops_and_paths_match_every_sequence(
        side in prop::sample::select(vec![6u8, 8, 9, 10]),
        seeds in prop::array::uniform4(any::<u64>()),
        dense in any::<bool>(),
        long_jumps in prop::bool::weighted(0.3),
        lock in prop::bool::weighted(0.3),
        home in prop::bool::weighted(0.3),
        pick in any::<u8>(),
    ) {
        let board = Bitboard::rectangle(side, side);
        let a = Bitboard(seeds);
        let b = Bitboard([seeds[1], seeds[2], seeds[3], seeds[0]]);
        let occupied = board & if dense { a | b } else { a };
        let pieces: Vec<Square> = occupied.into_iter().collect();
        prop_assume!(!pieces.is_empty());
        let origin = pieces[usize::from(pick) % pieces.len()];
        let corner = Bitboard::rectangle(side / 3 + 1, side / 3 + 1);
        let far = board - Bitboard::rectangle(side - side / 3 - 1, side) - Bitboard::rectangle(side, side - side / 3 - 1);
        let case = Case {
            board,
            occupied,
            long_jumps,
            lock: if lock { far } else { Bitboard::EMPTY },
            home: if home { corner } else { Bitboard::EMPTY },
        };
        let mut budget = 200_000;
        let Some(expected) = case.stops(origin, &mut budget) else {
            return Err(TestCaseError::reject("too many sequences to enumerate"));
        };
        let constraints = Constraints {
            long_jumps,
            lock: case.lock,
            ..Constraints::default()
        };
        let path = PathRules {
            home_lock: case.home,
            jump_continue: true,
            ..PathRules::default()
        };
        let generator = MoveGenerator::with_path_rules(board, occupied, constraints, path);
        let jumps = generator.piece_moves(origin).jumps;
        prop_assert_eq!(jumps, expected.keys().copied().collect::<Bitboard>(), "from {}", origin);
        for (&stop, path) in &expected {
            // A one-segment path to an adjacent-by-jump square could also be a step; jumps never are.
            let written = generator.path(origin, stop, false);
            prop_assert_eq!(written.as_ref(), Some(path), "{} to {}", origin, stop);
        }
    }
}
