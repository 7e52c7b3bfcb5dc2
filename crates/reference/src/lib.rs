//! A plain, obviously-correct Halma move generator.
//!
//! This crate implements the rule book (`spec/RULES.md`) as directly as
//! possible: the board is a vector of cells (`index = rank * width + file`),
//! jump sequences are found by a breadth-first search over landing squares with
//! a visited set, and moves are identified by their (origin, destination) pair.
//! There are no bitboards and no clever tricks: the crate is the test oracle.
//!
//! Its [`baseline`] module is the benchmark baseline: a second, fast plain
//! generator (a mailbox, no bitboards) that reads rules and positions with
//! this crate's parsers; its module documentation says why it is kept apart
//! from the oracle.
//!
//! Conventions used throughout:
//! - a square is `(file, rank)`, 0-based, `a1 = (0, 0)`;
//! - seats are numbered `0 = Red` (north-west), `1 = Green` (north-east),
//!   `2 = Blue` (south-east), `3 = Yellow` (south-west); turn order is by
//!   increasing number, skipping seats not in play;
//! - squares are ordered by `(rank, file)`, which is the order of their cell
//!   index.

#![forbid(unsafe_code)]

pub mod baseline;
mod path;

pub use path::path_move;

/// A square as (file, rank), 0-based: a1 = (0, 0).
pub type RefSquare = (u8, u8);

/// Anti-spoiling rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefSpoil {
    /// `spoil=none`: a seat wins when its own pieces fill its target camp.
    None,
    /// `spoil=fill`: a seat wins when its target camp is full and at least one
    /// of the pieces in it is its own.
    Fill,
    /// `spoil=swap`: as `None` for winning, plus swap moves onto foreign pieces
    /// in a full target camp (RULES.md section 4).
    Swap,
}

/// Parsed rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefRules {
    /// Number of columns (files).
    pub width: u8,
    /// Number of rows (ranks).
    pub height: u8,
    /// seats in play in turn order, 0=Red 1=Green 2=Blue 3=Yellow
    pub seats: Vec<u8>,
    /// Number of squares of a camp: 10, 13, 15 or 19.
    pub camp_size: u8,
    /// Whether jump segments may be long (`long-jumps`).
    pub long_jumps: bool,
    /// Whether a piece may not leave its target camp (`camp-lock`).
    pub camp_lock: bool,
    /// The anti-spoiling rule.
    pub spoil: RefSpoil,
    /// Whether a piece may not come back into its home camp (`home-lock`).
    pub home_lock: bool,
    /// Whether a side that can jump forward out of its home camp over
    /// another seat's piece must begin its move so (`forced-exit`).
    pub forced_exit: bool,
    /// Whether a jump sequence may not stop while it can go on (`jump-continue`).
    pub jump_continue: bool,
}

/// A position: the board and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefPosition {
    /// Number of columns (files).
    pub width: u8,
    /// Number of rows (ranks).
    pub height: u8,
    /// index rank*width+file, Some(seat)
    pub cells: Vec<Option<u8>>,
    /// The seat to move.
    pub to_move: u8,
}

/// A move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefMove {
    /// The only move of a side that has no other move.
    Pass,
    /// A step, a jump sequence or a swap.
    Move {
        /// Origin square.
        from: RefSquare,
        /// Destination square.
        to: RefSquare,
        /// canonical path per RULES.md §6 (fewest segments, then lexicographically smallest sequence of segments compared by direction N<NE<E<SE<S<SW<W<NW then by length), including origin and destination
        path: Vec<RefSquare>,
        /// true for a spoil=swap move
        swap: bool,
    },
}

// ---------------------------------------------------------------------------
// Seats and rules
// ---------------------------------------------------------------------------

const SEAT_LETTERS: [char; 4] = ['r', 'g', 'b', 'y'];
const SEAT_NAMES: [&str; 4] = ["Red", "Green", "Blue", "Yellow"];

fn seat_from_letter(c: char) -> Option<u8> {
    SEAT_LETTERS.iter().position(|&l| l == c).map(|i| i as u8)
}

/// The seat in the diagonally opposite corner (Red <-> Blue, Green <-> Yellow).
fn opposite(seat: u8) -> u8 {
    (seat + 2) % 4
}

/// Parses a rules string: a preset, then comma-separated options (RULES.md §3).
pub fn parse_rules(s: &str) -> Result<RefRules, String> {
    let mut parts = s.split(',');
    let preset = parts.next().unwrap_or("");
    let (size, seats, camp_size, long_jumps): (u8, &[u8], u8, bool) = match preset {
        "halma" => (16, &[0, 2], 19, false),
        "halma3" => (16, &[0, 1, 2], 13, false),
        "halma4" => (16, &[0, 1, 2, 3], 13, false),
        "halma8" => (8, &[0, 2], 10, false),
        "halma10" => (10, &[0, 2], 15, false),
        "super-halma" => (10, &[0, 2], 19, true),
        "" => return Err(format!("empty rules preset in {s:?}")),
        _ => return Err(format!("unknown rules preset {preset:?}")),
    };
    let mut rules = RefRules {
        width: size,
        height: size,
        seats: seats.to_vec(),
        camp_size,
        long_jumps,
        camp_lock: false,
        spoil: RefSpoil::None,
        home_lock: false,
        forced_exit: false,
        jump_continue: false,
    };
    let (mut seen_long, mut seen_lock, mut seen_spoil) = (false, false, false);
    let (mut seen_home, mut seen_forced, mut seen_continue) = (false, false, false);
    for option in parts {
        let seen = match option {
            "long-jumps" => {
                rules.long_jumps = true;
                &mut seen_long
            }
            "camp-lock" => {
                rules.camp_lock = true;
                &mut seen_lock
            }
            "home-lock" => {
                rules.home_lock = true;
                &mut seen_home
            }
            "forced-exit" => {
                rules.forced_exit = true;
                &mut seen_forced
            }
            "jump-continue" => {
                rules.jump_continue = true;
                &mut seen_continue
            }
            "spoil=none" | "spoil=fill" | "spoil=swap" => {
                rules.spoil = match option {
                    "spoil=none" => RefSpoil::None,
                    "spoil=fill" => RefSpoil::Fill,
                    _ => RefSpoil::Swap,
                };
                &mut seen_spoil
            }
            "" => return Err(format!("empty option in rules string {s:?}")),
            _ => return Err(format!("unknown rules option {option:?}")),
        };
        if *seen {
            let name = option.split('=').next().unwrap_or(option);
            return Err(format!("option {name:?} given more than once"));
        }
        *seen = true;
    }
    Ok(rules)
}

impl RefRules {
    /// The corner square of a seat: Red north-west, Green north-east,
    /// Blue south-east, Yellow south-west.
    fn corner(&self, seat: u8) -> RefSquare {
        let (east, north) = (self.width - 1, self.height - 1);
        match seat {
            0 => (0, north),
            1 => (east, north),
            2 => (east, 0),
            3 => (0, 0),
            _ => panic!("no seat {seat}"),
        }
    }

    /// Whether a square at column distance `dx` and row distance `dy` from the
    /// corner belongs to a camp (RULES.md §2).
    fn camp_shape_contains(&self, dx: u8, dy: u8) -> bool {
        match self.camp_size {
            10 => dx + dy <= 3,
            13 => dx + dy <= 4 && dx <= 3 && dy <= 3,
            15 => dx + dy <= 4,
            19 => dx + dy <= 5 && dx <= 4 && dy <= 4,
            n => panic!("unsupported camp size {n}"),
        }
    }

    /// Squares of the seat's home camp, ordered by (rank, file).
    pub fn home_camp(&self, seat: u8) -> Vec<RefSquare> {
        let (cf, cr) = self.corner(seat);
        let mut squares = Vec::new();
        for rank in 0..self.height {
            for file in 0..self.width {
                if self.camp_shape_contains(file.abs_diff(cf), rank.abs_diff(cr)) {
                    squares.push((file, rank));
                }
            }
        }
        squares
    }

    /// Squares of the seat's target camp: the home camp of the diagonally
    /// opposite corner, whether or not a seat sits there. Ordered by (rank, file).
    pub fn target_camp(&self, seat: u8) -> Vec<RefSquare> {
        self.home_camp(opposite(seat))
    }

    /// The target camp as a mask over cell indices.
    fn target_mask(&self, seat: u8) -> Vec<bool> {
        self.home_mask(opposite(seat))
    }

    /// The home camp as a mask over cell indices.
    fn home_mask(&self, seat: u8) -> Vec<bool> {
        let w = self.width as usize;
        let mut mask = vec![false; w * self.height as usize];
        for (file, rank) in self.home_camp(seat) {
            mask[rank as usize * w + file as usize] = true;
        }
        mask
    }

    /// The seat's three forward directions (RULES.md §4, forced-exit): the
    /// diagonal from its home corner towards its target corner and that
    /// diagonal's two orthogonal components.
    fn forward_directions(&self, seat: u8) -> [(i32, i32); 3] {
        let (hf, hr) = self.corner(seat);
        let (tf, tr) = self.corner(opposite(seat));
        let dx = (i32::from(tf) - i32::from(hf)).signum();
        let dy = (i32::from(tr) - i32::from(hr)).signum();
        [(dx, dy), (dx, 0), (0, dy)]
    }

    /// Position of `seat` in the turn order. Panics if the seat is not in play.
    fn turn_index(&self, seat: u8) -> usize {
        self.seats
            .iter()
            .position(|&s| s == seat)
            .unwrap_or_else(|| panic!("seat {seat} is not in play"))
    }

    /// The seat in play that moves after `seat`.
    fn next_seat(&self, seat: u8) -> u8 {
        let i = self.turn_index(seat);
        self.seats[(i + 1) % self.seats.len()]
    }

    /// The seat in play that moved before `seat`.
    fn previous_seat(&self, seat: u8) -> u8 {
        let i = self.turn_index(seat);
        let n = self.seats.len();
        self.seats[(i + n - 1) % n]
    }
}

// ---------------------------------------------------------------------------
// Squares and positions
// ---------------------------------------------------------------------------

/// Parses "a1" .. "p16".
pub fn parse_square(s: &str) -> Option<RefSquare> {
    let mut chars = s.chars();
    let letter = chars.next()?;
    if !('a'..='p').contains(&letter) {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let number: u8 = digits.parse().ok()?;
    if !(1..=16).contains(&number) {
        return None;
    }
    Some((letter as u8 - b'a', number - 1))
}

/// The name of a square: column letter then row number, e.g. `e12`.
pub fn square_name(sq: RefSquare) -> String {
    format!("{}{}", (b'a' + sq.0) as char, sq.1 as u32 + 1)
}

/// The start position of the rules: every seat in play fills its home camp,
/// the first seat in turn order moves.
pub fn start_position(rules: &RefRules) -> RefPosition {
    let w = rules.width as usize;
    let mut cells = vec![None; w * rules.height as usize];
    for &seat in &rules.seats {
        for (file, rank) in rules.home_camp(seat) {
            cells[rank as usize * w + file as usize] = Some(seat);
        }
    }
    RefPosition {
        width: rules.width,
        height: rules.height,
        cells,
        to_move: rules.seats[0],
    }
}

/// Parses a position string (RULES.md §6) and validates it against the rules:
/// size, seats in play, piece counts and side to move.
pub fn parse_position(rules: &RefRules, s: &str) -> Result<RefPosition, String> {
    let (board, side) = s.split_once(' ').ok_or_else(|| {
        format!("position {s:?}: expected the board, one space and the side to move")
    })?;
    let mut side_chars = side.chars();
    let side_letter = match (side_chars.next(), side_chars.next()) {
        (Some(c), None) => c,
        _ => return Err(format!("side to move {side:?} is not a single seat letter")),
    };
    let to_move = seat_from_letter(side_letter)
        .ok_or_else(|| format!("side to move {side_letter:?} is not a seat letter"))?;

    // Parse the rows, north first.
    let mut rows: Vec<Vec<Option<u8>>> = Vec::new();
    for (i, row_text) in board.split('/').enumerate() {
        let row_no = i + 1;
        let mut row = Vec::new();
        let mut chars = row_text.chars().peekable();
        if row_text.is_empty() {
            return Err(format!("row {row_no} from the north is empty"));
        }
        while let Some(c) = chars.next() {
            if let Some(seat) = seat_from_letter(c) {
                row.push(Some(seat));
            } else if c.is_ascii_digit() {
                if c == '0' {
                    return Err(format!(
                        "row {row_no} from the north: empty count with a leading zero or zero"
                    ));
                }
                let mut count = c as usize - '0' as usize;
                while let Some(&d) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    chars.next();
                    count = count * 10 + (d as usize - '0' as usize);
                    if count > 16 {
                        return Err(format!(
                            "row {row_no} from the north: empty count too large"
                        ));
                    }
                }
                row.resize(row.len() + count, None);
            } else {
                return Err(format!(
                    "row {row_no} from the north: unexpected character {c:?}"
                ));
            }
            if row.len() > 16 {
                return Err(format!(
                    "row {row_no} from the north is wider than 16 squares"
                ));
            }
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(format!(
                    "row {row_no} from the north has {} squares, row 1 has {}",
                    row.len(),
                    first.len()
                ));
            }
        }
        rows.push(row);
        if rows.len() > 16 {
            return Err("more than 16 rows".to_string());
        }
    }
    let height = rows.len();
    let width = rows[0].len();
    if width != rules.width as usize || height != rules.height as usize {
        return Err(format!(
            "board is {width}x{height}, the rules need {}x{}",
            rules.width, rules.height
        ));
    }

    // Rows were read north (rank height-1) to south (rank 0).
    let mut cells = vec![None; width * height];
    for (i, row) in rows.into_iter().enumerate() {
        let rank = height - 1 - i;
        cells[rank * width..(rank + 1) * width].copy_from_slice(&row);
    }

    let mut counts = [0usize; 4];
    for seat in cells.iter().flatten() {
        counts[*seat as usize] += 1;
    }
    for seat in 0..4u8 {
        let in_play = rules.seats.contains(&seat);
        let name = SEAT_NAMES[seat as usize];
        let count = counts[seat as usize];
        if !in_play && count > 0 {
            return Err(format!(
                "{name} ({}) is not in play but has pieces",
                SEAT_LETTERS[seat as usize]
            ));
        }
        if in_play && count != rules.camp_size as usize {
            return Err(format!(
                "{name} has {count} pieces, expected {}",
                rules.camp_size
            ));
        }
    }
    if !rules.seats.contains(&to_move) {
        return Err(format!(
            "side to move {} is not in play",
            SEAT_NAMES[to_move as usize]
        ));
    }
    Ok(RefPosition {
        width: width as u8,
        height: height as u8,
        cells,
        to_move,
    })
}

/// Writes a position string (RULES.md §6).
pub fn position_to_string(pos: &RefPosition) -> String {
    let w = pos.width as usize;
    let mut out = String::new();
    for rank in (0..pos.height as usize).rev() {
        let mut empty = 0;
        for file in 0..w {
            match pos.cells[rank * w + file] {
                None => empty += 1,
                Some(seat) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(SEAT_LETTERS[seat as usize]);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(SEAT_LETTERS[pos.to_move as usize]);
    out
}

// ---------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------

/// Whether `seat` meets its winning condition (RULES.md §5).
fn meets_winning_condition(rules: &RefRules, pos: &RefPosition, seat: u8) -> bool {
    let w = pos.width as usize;
    let target: Vec<Option<u8>> = rules
        .target_camp(seat)
        .into_iter()
        .map(|(f, r)| pos.cells[r as usize * w + f as usize])
        .collect();
    match rules.spoil {
        RefSpoil::None | RefSpoil::Swap => target.iter().all(|&c| c == Some(seat)),
        RefSpoil::Fill => target.iter().all(|c| c.is_some()) && target.contains(&Some(seat)),
    }
}

/// The winner if the position is finished. `last_mover` = the seat that made the last move (the winning test order starts with it, then the other seats in turn order after it); for a position read from a string, pass the seat before the side to move in turn order.
pub fn winner(rules: &RefRules, pos: &RefPosition, last_mover: u8) -> Option<u8> {
    // Seats in play ordered clockwise starting at `last_mover`.
    let mut order = rules.seats.clone();
    order.sort_by_key(|&s| (s + 4 - last_mover % 4) % 4);
    order
        .into_iter()
        .find(|&seat| meets_winning_condition(rules, pos, seat))
}

/// Whether some seat meets its winning condition. The last mover is the seat
/// before the side to move in turn order (it only matters for who wins, not
/// for whether the game is over).
fn is_finished(rules: &RefRules, pos: &RefPosition) -> bool {
    winner(rules, pos, rules.previous_seat(pos.to_move)).is_some()
}

// ---------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------

/// The eight directions as (file delta, rank delta), in the order used to pick
/// canonical paths: N < NE < E < SE < S < SW < W < NW.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Marker for "not reached" in the parent array of the jump search.
const UNREACHED: usize = usize::MAX;

/// Move generation for one position and the side to move.
struct Generator<'a> {
    rules: &'a RefRules,
    pos: &'a RefPosition,
    seat: u8,
    /// Target camp of the side to move, by cell index.
    target: Vec<bool>,
    /// Home camp of the side to move, by cell index.
    home: Vec<bool>,
    /// Whether the side to move has a forced segment (forced-exit on): then
    /// every move must begin with one.
    forced: bool,
    /// Whether swap moves are available (spoil=swap and the target camp is
    /// full with at least one foreign piece in it).
    swaps_on: bool,
    /// Jump search scratch: for each reached square, the square the piece
    /// jumped from to get there (the origin points at itself).
    parent: Vec<usize>,
    /// Jump search scratch: reached squares in breadth-first order.
    queue: Vec<usize>,
}

impl<'a> Generator<'a> {
    fn new(rules: &'a RefRules, pos: &'a RefPosition) -> Self {
        let seat = pos.to_move;
        let target = rules.target_mask(seat);
        let target_full = (0..target.len()).all(|i| !target[i] || pos.cells[i].is_some());
        let target_spoiled =
            (0..target.len()).any(|i| target[i] && pos.cells[i].is_some_and(|s| s != seat));
        let n = pos.cells.len();
        let mut generator = Generator {
            rules,
            pos,
            seat,
            target,
            home: rules.home_mask(seat),
            forced: false,
            swaps_on: rules.spoil == RefSpoil::Swap && target_full && target_spoiled,
            parent: vec![UNREACHED; n],
            queue: Vec::with_capacity(n),
        };
        generator.forced = rules.forced_exit
            && (0..n).any(|origin| {
                pos.cells[origin] == Some(seat)
                    && DIRECTIONS.iter().any(|&d| {
                        generator
                            .segment_landing(origin, d, origin)
                            .is_some_and(|to| {
                                !generator.occupied(to, origin)
                                    && generator.is_forced_segment(origin, d, to)
                            })
                    })
            });
        generator
    }

    /// Whether the segment from `origin` in direction `d` landing on `to`
    /// (whose emptiness the caller checks, or treats as empty for a swap)
    /// is a forced segment (RULES.md §4, forced-exit): it starts on the
    /// mover's home camp, goes forward, jumps over another seat's piece and
    /// the locks allow it. Only a first segment starts where a piece stands.
    fn is_forced_segment(&self, origin: usize, d: (i32, i32), to: usize) -> bool {
        if !self.home[origin]
            || !self.rules.forward_directions(self.seat).contains(&d)
            || self.locked(origin, to)
        {
            return false;
        }
        // The jumped piece is at the midpoint of the segment.
        let w = self.pos.width as i32;
        let (from_file, from_rank) = (origin as i32 % w, origin as i32 / w);
        let (to_file, to_rank) = (to as i32 % w, to as i32 / w);
        let middle = ((from_rank + to_rank) / 2 * w + (from_file + to_file) / 2) as usize;
        self.pos.cells[middle].is_some_and(|s| s != self.seat)
    }

    /// Whether a first segment from `origin` in direction `d` landing on `to`
    /// may begin a move: always, unless forced-exit demands a forced segment.
    fn first_segment_allowed(&self, origin: usize, d: (i32, i32), to: usize) -> bool {
        !self.forced || self.is_forced_segment(origin, d, to)
    }

    /// The square `distance` steps from `sq` in direction `d`, if on the board.
    fn offset(&self, sq: usize, d: (i32, i32), distance: i32) -> Option<usize> {
        let w = self.pos.width as i32;
        let h = self.pos.height as i32;
        let file = (sq as i32 % w) + d.0 * distance;
        let rank = (sq as i32 / w) + d.1 * distance;
        if (0..w).contains(&file) && (0..h).contains(&rank) {
            Some((rank * w + file) as usize)
        } else {
            None
        }
    }

    /// Whether `sq` holds a piece while the piece from `origin` moves (its
    /// origin counts as empty).
    fn occupied(&self, sq: usize, origin: usize) -> bool {
        sq != origin && self.pos.cells[sq].is_some()
    }

    /// Whether camp-lock or home-lock forbids a step or segment from `from`
    /// to `to`.
    fn locked(&self, from: usize, to: usize) -> bool {
        (self.rules.camp_lock && self.target[from] && !self.target[to])
            || (self.rules.home_lock && !self.home[from] && self.home[to])
    }

    /// Whether `sq` is a square of the mover's target camp holding another
    /// seat's piece (a possible swap landing).
    fn is_spoiler(&self, sq: usize) -> bool {
        self.target[sq] && self.pos.cells[sq].is_some_and(|s| s != self.seat)
    }

    /// The landing square of the jump segment from `s` in direction `d`, if
    /// every square the rules require empty *before* the landing square is
    /// empty and every square is on the board. The landing square itself is
    /// not checked: the caller wants it empty (a jump) or holding a spoiler (a
    /// swap).
    ///
    /// The segment jumps over the first piece met in direction `d`: with
    /// long jumps that piece may be k >= 0 empty squares away (then k empty
    /// squares must follow it), without long jumps it must be adjacent (k = 0).
    fn segment_landing(&self, s: usize, d: (i32, i32), origin: usize) -> Option<usize> {
        let max_distance = if self.rules.long_jumps { i32::MAX } else { 1 };
        // Distance to the jumped piece: k + 1.
        let mut m = 1;
        loop {
            let sq = self.offset(s, d, m)?;
            if self.occupied(sq, origin) {
                break;
            }
            if m >= max_distance {
                return None;
            }
            m += 1;
        }
        // The k squares after the jumped piece must be empty.
        for j in m + 1..2 * m {
            let sq = self.offset(s, d, j)?;
            if self.occupied(sq, origin) {
                return None;
            }
        }
        self.offset(s, d, 2 * m)
    }

    /// Breadth-first search over the landing squares of jump sequences of the
    /// piece on `origin`. Fills `queue` (origin first, then the reached
    /// squares) and `parent`.
    ///
    /// Squares are expanded in queue order and directions in the order
    /// N..NW (one segment per direction at most), so each square is first
    /// reached by its canonical path: fewest segments, then lexicographically
    /// smallest sequence of segments. (Induction on the number of segments:
    /// the queue holds each layer in the order of the canonical paths, and a
    /// canonical path's prefix is itself canonical.)
    fn search_jumps(&mut self, origin: usize) {
        self.parent.fill(UNREACHED);
        self.queue.clear();
        self.parent[origin] = origin;
        self.queue.push(origin);
        let mut head = 0;
        while head < self.queue.len() {
            let s = self.queue[head];
            head += 1;
            for d in DIRECTIONS {
                let Some(landing) = self.segment_landing(s, d, origin) else {
                    continue;
                };
                if landing == origin
                    || self.occupied(landing, origin)
                    || self.locked(s, landing)
                    || self.parent[landing] != UNREACHED
                    || (s == origin && !self.first_segment_allowed(origin, d, landing))
                {
                    continue;
                }
                self.parent[landing] = s;
                self.queue.push(landing);
            }
        }
    }

    /// The canonical path from the origin of the last search to `sq`.
    fn path_to(&self, sq: usize) -> Vec<RefSquare> {
        let mut path = vec![self.square(sq)];
        let mut cur = sq;
        while self.parent[cur] != cur {
            cur = self.parent[cur];
            path.push(self.square(cur));
        }
        path.reverse();
        path
    }

    fn square(&self, sq: usize) -> RefSquare {
        let w = self.pos.width as usize;
        ((sq % w) as u8, (sq / w) as u8)
    }

    fn make_move(&self, from: usize, to: usize, path: Vec<RefSquare>, swap: bool) -> RefMove {
        RefMove::Move {
            from: self.square(from),
            to: self.square(to),
            path,
            swap,
        }
    }

    /// Appends the moves of the piece on `origin` to `out`.
    fn piece_moves(&mut self, origin: usize, with_paths: bool, out: &mut Vec<RefMove>) {
        // Steps: none when forced-exit demands a forced first segment.
        for d in DIRECTIONS.into_iter().filter(|_| !self.forced) {
            if let Some(to) = self.offset(origin, d, 1) {
                if !self.occupied(to, origin) && !self.locked(origin, to) {
                    let path = if with_paths {
                        vec![self.square(origin), self.square(to)]
                    } else {
                        Vec::new()
                    };
                    out.push(self.make_move(origin, to, path, false));
                }
            }
        }

        // Jump sequences. The breadth-first search gives the reachable set
        // (and the swaps below need it); with jump-continue, where a sequence
        // may stop depends on the squares it landed on, so the destinations
        // come from a search over every path instead.
        self.search_jumps(origin);
        if self.rules.jump_continue {
            for (to, path) in self.continued_jumps(origin) {
                let path = if with_paths { path } else { Vec::new() };
                out.push(self.make_move(origin, to, path, false));
            }
        } else {
            for i in 1..self.queue.len() {
                let to = self.queue[i];
                let path = if with_paths {
                    self.path_to(to)
                } else {
                    Vec::new()
                };
                out.push(self.make_move(origin, to, path, false));
            }
        }

        // Swaps: a step or a jump path whose last landing is on a spoiler.
        // Candidates are tried from the squares in breadth-first order (origin
        // first) and directions in order, so the first path found to a
        // spoiler is its canonical path.
        if self.swaps_on && !self.target[origin] {
            // (spoiler square, square the last step or segment starts from)
            let mut found: Vec<(usize, usize)> = Vec::new();
            for i in 0..self.queue.len() {
                let s = self.queue[i];
                for d in DIRECTIONS {
                    let mut candidates = [None, None];
                    if s == origin && !self.forced {
                        // A step onto the spoiler.
                        candidates[0] = self.offset(s, d, 1);
                    }
                    candidates[1] = self.segment_landing(s, d, origin);
                    // A one-segment swap is a path whose first segment lands
                    // on the spoiler: under forced-exit it must be a forced
                    // segment, reading the landing as empty (as a swap does).
                    let allowed_first =
                        |to: usize| s != origin || self.first_segment_allowed(origin, d, to);
                    for to in candidates.into_iter().flatten() {
                        if self.is_spoiler(to)
                            && !self.locked(s, to)
                            && !found.iter().any(|&(t, _)| t == to)
                            && (Some(to) == candidates[0] || allowed_first(to))
                        {
                            found.push((to, s));
                        }
                    }
                }
            }
            for (to, last_from) in found {
                let path = if with_paths {
                    let mut path = self.path_to(last_from);
                    path.push(self.square(to));
                    path
                } else {
                    Vec::new()
                };
                out.push(self.make_move(origin, to, path, true));
            }
        }
    }
}

impl Generator<'_> {
    /// The destinations of the jump sequences of the piece on `origin` under
    /// jump-continue, each with its smallest legal path (RULES.md §6): a
    /// depth-first search over every sequence of segments that never lands
    /// twice on a square (the origin counting as landed on), keeping the
    /// sequences that stop where no further segment can land.
    fn continued_jumps(&self, origin: usize) -> Vec<(usize, Vec<RefSquare>)> {
        // destination -> (directions of its smallest path, squares of it)
        let mut best: Vec<Option<(Vec<usize>, Vec<usize>)>> = vec![None; self.pos.cells.len()];
        let mut landed = vec![false; self.pos.cells.len()];
        landed[origin] = true;
        let mut squares = vec![origin];
        let mut directions = Vec::new();
        self.extend_sequence(
            origin,
            &mut landed,
            &mut squares,
            &mut directions,
            &mut best,
        );
        best.into_iter()
            .enumerate()
            .filter_map(|(to, found)| {
                found.map(|(_, path)| (to, path.into_iter().map(|sq| self.square(sq)).collect()))
            })
            .collect()
    }

    /// The segments that may follow the sequence `squares` (ending on its
    /// last square), as (direction index, landing square).
    fn next_segments(
        &self,
        origin: usize,
        squares: &[usize],
        landed: &[bool],
    ) -> Vec<(usize, usize)> {
        let s = *squares.last().expect("a sequence starts at its origin");
        let mut next = Vec::new();
        for (index, &d) in DIRECTIONS.iter().enumerate() {
            let Some(to) = self.segment_landing(s, d, origin) else {
                continue;
            };
            if landed[to] || self.occupied(to, origin) || self.locked(s, to) {
                continue;
            }
            if s == origin && !self.first_segment_allowed(origin, d, to) {
                continue;
            }
            next.push((index, to));
        }
        next
    }

    fn extend_sequence(
        &self,
        origin: usize,
        landed: &mut [bool],
        squares: &mut Vec<usize>,
        directions: &mut Vec<usize>,
        best: &mut [Option<(Vec<usize>, Vec<usize>)>],
    ) {
        let next = self.next_segments(origin, squares, landed);
        let s = *squares.last().expect("a sequence starts at its origin");
        if next.is_empty() && s != origin {
            // The sequence may stop here: keep it if it is the smallest path
            // to `s` so far (fewest segments, then directions in order).
            let smaller = match &best[s] {
                None => true,
                Some((known, _)) => (directions.len(), &directions[..]) < (known.len(), &known[..]),
            };
            if smaller {
                best[s] = Some((directions.clone(), squares.clone()));
            }
        }
        for (index, to) in next {
            landed[to] = true;
            squares.push(to);
            directions.push(index);
            self.extend_sequence(origin, landed, squares, directions, best);
            directions.pop();
            squares.pop();
            landed[to] = false;
        }
    }
}

/// Sort key of a move: (from, to) with squares ordered by (rank, file).
fn move_key(mv: &RefMove) -> (u8, u8, u8, u8) {
    match mv {
        RefMove::Pass => (0, 0, 0, 0),
        RefMove::Move { from, to, .. } => (from.1, from.0, to.1, to.0),
    }
}

/// Legal moves, with or without their canonical paths (without: `path` is empty).
fn generate(rules: &RefRules, pos: &RefPosition, with_paths: bool) -> Vec<RefMove> {
    if is_finished(rules, pos) {
        return Vec::new();
    }
    let mut generator = Generator::new(rules, pos);
    let mut moves = Vec::new();
    for origin in 0..pos.cells.len() {
        if pos.cells[origin] == Some(pos.to_move) {
            generator.piece_moves(origin, with_paths, &mut moves);
        }
    }
    if moves.is_empty() {
        return vec![RefMove::Pass];
    }
    moves.sort_by_key(move_key);
    moves
}

/// Legal moves (empty when the position is finished; `[Pass]` when the side to move has no move). Sorted by (from, to) with squares ordered by (rank, file).
pub fn legal_moves(rules: &RefRules, pos: &RefPosition) -> Vec<RefMove> {
    generate(rules, pos, true)
}

/// Plays a legal move (swap displaces the other seat's piece onto the origin), advances the side to move to the next seat in play.
pub fn play(rules: &RefRules, pos: &RefPosition, mv: &RefMove) -> RefPosition {
    let mut next = pos.clone();
    if let RefMove::Move { from, to, swap, .. } = mv {
        let w = pos.width as usize;
        let fi = from.1 as usize * w + from.0 as usize;
        let ti = to.1 as usize * w + to.0 as usize;
        assert_eq!(
            pos.cells[fi],
            Some(pos.to_move),
            "the origin must hold a piece of the side to move"
        );
        if *swap {
            assert!(
                pos.cells[ti].is_some_and(|s| s != pos.to_move),
                "a swap must land on another seat's piece"
            );
        } else {
            assert!(pos.cells[ti].is_none(), "the destination must be empty");
        }
        let displaced = next.cells[ti];
        next.cells[ti] = next.cells[fi];
        next.cells[fi] = if *swap { displaced } else { None };
    }
    next.to_move = rules.next_seat(pos.to_move);
    next
}

/// perft per RULES.md §7 (bulk counting at the last ply is fine). A finished position has perft 0 for depth >= 1.
pub fn perft(rules: &RefRules, pos: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Empty when finished, `[Pass]` when blocked.
    let moves = generate(rules, pos, false);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(rules, &play(rules, pos, mv), depth - 1))
        .sum()
}
