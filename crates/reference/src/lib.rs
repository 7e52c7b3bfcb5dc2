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
//! The crate root holds the types, the camps and the turn order; reading and
//! writing rules, squares and positions is apart from the move generation
//! (the private modules `text` and `movegen`, re-exported here).
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
mod movegen;
mod text;

pub use movegen::{legal_moves, path_move, perft, play, winner};
pub use text::{parse_position, parse_rules, parse_square, position_to_string, square_name};

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
// Seats, camps and turn order
// ---------------------------------------------------------------------------

/// The seat in the diagonally opposite corner (Red <-> Blue, Green <-> Yellow).
fn opposite(seat: u8) -> u8 {
    (seat + 2) % 4
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
