//! Whether a written path is a legal path of a move (RULES.md section 6,
//! reading (a)), checked square by square with the generator's own rules:
//! the oracle of the notation's path check.

use super::{is_finished, Generator, DIRECTIONS};
use crate::{RefMove, RefPosition, RefRules, RefSquare};

/// The move that `path` (origin first) makes when every segment of it is
/// legal: a step alone, or jump segments each landing on an empty square
/// not landed on yet (the last one, under spoil=swap, possibly on a
/// spoiler), the locks allowing each, under forced-exit beginning with a
/// forced segment when one is due, and under jump-continue stopping where
/// the sequence cannot go on (RULES.md sections 4 and 6). `None` for any
/// other path, in a finished game, or from a square that holds no piece of
/// the side to move. The move's `path` is `path` as given.
pub fn path_move(rules: &RefRules, pos: &RefPosition, path: &[RefSquare]) -> Option<RefMove> {
    if is_finished(rules, pos) || path.len() < 2 {
        return None;
    }
    let width = pos.width as usize;
    let cells: Vec<usize> = path
        .iter()
        .map(|&(file, rank)| {
            (file < pos.width && rank < pos.height).then_some(rank as usize * width + file as usize)
        })
        .collect::<Option<_>>()?;
    let origin = cells[0];
    if pos.cells[origin] != Some(pos.to_move) {
        return None;
    }
    let generator = Generator::new(rules, pos);
    let segments = cells.len() - 1;
    let may_swap = generator.swaps_on && !generator.target[origin];
    let mut landed = vec![false; pos.cells.len()];
    landed[origin] = true;
    let (mut swap, mut step) = (false, false);
    for (i, pair) in cells.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let last = i + 1 == segments;
        // The direction and distance from `from` to `to`, if on one line.
        let (d, distance) = DIRECTIONS.iter().find_map(|&d| {
            (1..=width.max(pos.height as usize) as i32)
                .find(|&k| generator.offset(from, d, k) == Some(to))
                .map(|k| (d, k))
        })?;
        let onto_spoiler = last && may_swap && generator.is_spoiler(to);
        if landed[to] || generator.locked(from, to) {
            return None;
        }
        if generator.occupied(to, origin) && !onto_spoiler {
            return None;
        }
        if distance == 1 {
            if segments > 1 || generator.forced {
                return None;
            }
            step = true;
        } else if generator.segment_landing(from, d, origin) != Some(to)
            || (from == origin && !generator.first_segment_allowed(origin, d, to))
        {
            return None;
        }
        swap = generator.occupied(to, origin);
        landed[to] = true;
    }
    if rules.jump_continue
        && !swap
        && !step
        && !generator.next_segments(origin, &cells, &landed).is_empty()
    {
        return None;
    }
    Some(RefMove::Move {
        from: path[0],
        to: path[segments],
        path: path.to_vec(),
        swap,
    })
}
