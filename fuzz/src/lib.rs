//! Helpers shared by the halma fuzz targets: a cursor over the fuzz input,
//! a fixed list of rule sets and positions to start from, positions built
//! from bytes, move choice (by index or greedy, so that games can end), and
//! the comparison with the plain reference generator.

#![forbid(unsafe_code)]

use std::sync::OnceLock;

use halma_reference as oracle;
use halma_rules::{Bitboard, Move, MoveKind, MoveList, Position, Rules, Seat, Setup, Square};
use halma_testdata::PerftPosition;

/// A cursor over the fuzz input. Reading past the end gives zeros, so every
/// input decodes to something.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// Whether the input is used up.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// A number below `n` (`n` > 0), from one byte.
    pub fn below(&mut self, n: usize) -> usize {
        self.u8() as usize % n.max(1)
    }

    /// The next `n` bytes (fewer at the end).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, tail) = self.data.split_at(n.min(self.data.len()));
        self.data = tail;
        head
    }

    /// A length byte, then that many bytes.
    pub fn chunk(&mut self) -> &'a [u8] {
        let n = self.u8() as usize;
        self.take(n)
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }
}

/// Rule sets covering the six presets, long jumps, camp-lock, both
/// anti-spoiling rules, home-lock, forced-exit, jump-continue, and three
/// and four seats.
pub const RULES: [&str; 24] = [
    "halma",
    "halma3",
    "halma4",
    "halma8",
    "halma10",
    "super-halma",
    "halma8,long-jumps",
    "halma8,camp-lock",
    "halma8,spoil=fill",
    "halma8,spoil=swap",
    "halma10,camp-lock",
    "halma10,spoil=swap",
    "halma3,camp-lock,spoil=fill",
    "halma4,spoil=swap",
    "super-halma,spoil=swap",
    "halma,long-jumps,camp-lock,spoil=swap",
    "halma8,long-jumps,spoil=swap",
    "halma8,camp-lock,spoil=swap",
    "halma,camp-lock,spoil=fill,home-lock,forced-exit",
    "halma8,home-lock,forced-exit,spoil=swap",
    "halma8,jump-continue",
    "super-halma,jump-continue,spoil=swap",
    "halma8,long-jumps,forced-exit,jump-continue",
    "halma4,spoil=fill,forced-exit",
];

/// The positions of the reference perft files (`tests/data/perft`, read
/// through `halma-testdata`) that are not start positions, each once: late
/// games with swaps, camp-lock, fills and finished games, forced exits,
/// crowded jump graphs. Pairs of (rules string, position string).
pub fn midgames() -> &'static [(&'static str, &'static str)] {
    static MIDGAMES: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    MIDGAMES.get_or_init(|| {
        let mut positions: Vec<(&'static str, &'static str)> = Vec::new();
        for line in halma_testdata::all_perft_lines() {
            if let PerftPosition::Text(text) = line.position {
                if !positions.contains(&(line.rules, text)) {
                    positions.push((line.rules, text));
                }
            }
        }
        assert!(
            !positions.is_empty(),
            "the reference files hold midgame positions"
        );
        positions
    })
}

/// The rule set `RULES[index % RULES.len()]`.
pub fn rules(index: usize) -> Rules {
    RULES[index % RULES.len()]
        .parse()
        .expect("the fixed rules strings parse")
}

/// A rule set and a position to start from, chosen by the input: a start
/// position (first byte below 128), a late-game position (below 224), or a
/// position built from the following bytes.
pub fn scenario(bytes: &mut Bytes<'_>) -> (Rules, Position) {
    let choice = bytes.u8();
    if choice < 128 {
        let rules = rules(choice as usize);
        let start = rules.start_position();
        (rules, start)
    } else if choice < 224 {
        let (rules_text, position_text) = midgames()[choice as usize % midgames().len()];
        let rules: Rules = rules_text.parse().expect("reference rules parse");
        let position = rules
            .parse_position(position_text)
            .expect("reference positions parse");
        (rules, position)
    } else {
        let rules = rules(bytes.u8() as usize);
        let position = position_from_bytes(&rules, bytes);
        (rules, position)
    }
}

/// A valid position under `rules` built from the input: every seat in play
/// gets its camp size in pieces. Often the side to move's target camp is
/// first crowded, mostly with its own pieces and some foreign ones, so that
/// winning, camp-lock and swaps come into play.
pub fn position_from_bytes(rules: &Rules, bytes: &mut Bytes<'_>) -> Position {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[bytes.below(seats.len())];
    let mode = bytes.u8();
    let crowd_target = mode & 1 == 1;
    let spoilers = (mode >> 1) as usize % 4;
    let squares = rules.geometry().squares();
    let mut free: Vec<Square> = squares.squares_sorted();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut remaining: Vec<(Seat, u32)> = seats
        .iter()
        .map(|&s| (s, rules.camp_size() as u32))
        .collect();
    let take = |free: &mut Vec<Square>, from: Bitboard, bytes: &mut Bytes<'_>| {
        let candidates: Vec<usize> = (0..free.len())
            .filter(|&i| from.contains(free[i]))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let index = candidates[bytes.below(candidates.len())];
        Some(free.swap_remove(index))
    };
    if crowd_target {
        let target = rules.target_camp(mover);
        let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
        let filled = target.count() as usize - usize::from(spoilers == 0);
        for k in 0..filled {
            let seat = if k < spoilers {
                others[k % others.len()]
            } else {
                mover
            };
            let slot = remaining
                .iter_mut()
                .find(|(s, _)| *s == seat)
                .expect("a seat in play");
            if slot.1 == 0 {
                continue;
            }
            if let Some(square) = take(&mut free, target, bytes) {
                pieces[seat.index()].insert(square);
                slot.1 -= 1;
            }
        }
    }
    for (seat, count) in remaining {
        for _ in 0..count {
            let square = take(&mut free, squares, bytes).expect("room for every piece");
            pieces[seat.index()].insert(square);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .expect("a valid position by construction")
}

/// Chebyshev distance from `square` to the corner square of `seat`'s target camp.
fn distance_to_target(rules: &Rules, seat: Seat, square: Square) -> i32 {
    let corner = rules.target_corner(seat);
    i32::from(
        square
            .file()
            .abs_diff(corner.file())
            .max(square.rank().abs_diff(corner.rank())),
    )
}

/// The move that brings its piece closest to the mover's target corner
/// (the first such move after `offset`), so that games driven by it end.
pub fn greedy_move(rules: &Rules, position: &Position, moves: &[Move], offset: usize) -> Move {
    let mover = position.to_move();
    let gain = |mv: &Move| {
        if mv.is_pass() {
            return i32::MIN;
        }
        distance_to_target(rules, mover, mv.from()) - distance_to_target(rules, mover, mv.to())
    };
    let n = moves.len();
    (0..n)
        .map(|i| moves[(i + offset) % n])
        .max_by_key(|mv| gain(mv))
        .expect("at least one move")
}

/// The legal moves in generation order: the set of `Rules::legal_moves`
/// without its sorting, which dominates the cost of choosing moves.
pub fn legal_moves_unsorted(rules: &Rules, position: &Position) -> MoveList {
    let mut list = MoveList::new();
    rules.legal_moves_into(position, &mut list);
    list
}

/// A legal move chosen by one byte: 240 and above pick the greedy move,
/// anything else the move of that index (modulo the count) in generation
/// order. `None` when the game is over.
pub fn pick_move(rules: &Rules, position: &Position, byte: u8) -> Option<Move> {
    let moves = legal_moves_unsorted(rules, position);
    if moves.is_empty() {
        return None;
    }
    Some(if byte >= 240 {
        greedy_move(rules, position, &moves, byte as usize)
    } else {
        moves[byte as usize % moves.len()]
    })
}

/// Plays up to `plies` moves chosen by the input (stops when the game ends).
pub fn play_moves(rules: &Rules, position: &mut Position, bytes: &mut Bytes<'_>, plies: usize) {
    for _ in 0..plies {
        match pick_move(rules, position, bytes.u8()) {
            Some(mv) => position.make_move_unchecked(mv),
            None => return,
        }
    }
}

/// Up to `n` of `moves`, spread evenly over the list (the first and the last
/// included), so that the per-move checks stay cheap on long move lists.
pub fn sample<T: Copy>(moves: &[T], n: usize) -> Vec<T> {
    if moves.len() <= n {
        return moves.to_vec();
    }
    let last = moves.len() - 1;
    (0..n).map(|i| moves[i * last / (n - 1).max(1)]).collect()
}

fn oracle_square(square: Square) -> oracle::RefSquare {
    (square.file(), square.rank())
}

/// Checks `position` against the plain reference generator: the winner and
/// the set of legal moves (origin, destination, swap or not, and pass); for
/// up to `per_move` of them, the path written and the position after it.
pub fn check_against_oracle(rules: &Rules, position: &Position, per_move: usize) {
    let ref_rules =
        oracle::parse_rules(&rules.to_string()).expect("the oracle reads our rules strings");
    let ref_position = oracle::parse_position(&ref_rules, &position.to_string())
        .expect("the oracle reads our position strings");
    let last = position.last_mover().index() as u8;
    assert_eq!(
        rules.winner(position).map(|s| s.index() as u8),
        oracle::winner(&ref_rules, &ref_position, last),
        "winner of {position} under {rules}"
    );
    type Key = Option<(oracle::RefSquare, oracle::RefSquare, bool)>;
    let ours = rules.legal_moves(position);
    let theirs = oracle::legal_moves(&ref_rules, &ref_position);
    let mut ours_keyed: Vec<Key> = ours
        .iter()
        .map(|&mv| {
            (!mv.is_pass()).then(|| {
                (
                    oracle_square(mv.from()),
                    oracle_square(mv.to()),
                    mv.kind() == MoveKind::Swap,
                )
            })
        })
        .collect();
    let mut theirs_keyed: Vec<Key> = theirs
        .iter()
        .map(|mv| match mv {
            oracle::RefMove::Pass => None,
            oracle::RefMove::Move { from, to, swap, .. } => Some((*from, *to, *swap)),
        })
        .collect();
    ours_keyed.sort();
    theirs_keyed.sort();
    assert_eq!(
        ours_keyed, theirs_keyed,
        "legal moves of {position} under {rules}"
    );
    for mv in sample(&ours, per_move) {
        let ref_move = theirs
            .iter()
            .find(|m| match m {
                oracle::RefMove::Pass => mv.is_pass(),
                oracle::RefMove::Move { from, to, .. } => {
                    !mv.is_pass()
                        && *from == oracle_square(mv.from())
                        && *to == oracle_square(mv.to())
                }
            })
            .expect("the same moves");
        if let oracle::RefMove::Move { path, .. } = ref_move {
            let text: Vec<String> = path.iter().map(|&sq| oracle::square_name(sq)).collect();
            assert_eq!(
                rules.move_to_string(position, mv).as_deref(),
                Ok(text.join("-").as_str()),
                "the path of {mv:?} in {position} under {rules}"
            );
        }
        let mut after = position.clone();
        after.make_move_unchecked(mv);
        let ref_after = oracle::play(&ref_rules, &ref_position, ref_move);
        assert_eq!(
            after.to_string(),
            oracle::position_to_string(&ref_after),
            "{position} after {mv:?} under {rules}"
        );
    }
}
