//! The baseline's board: a mailbox with piece lists, read from rules and
//! position strings, with make and unmake.

use super::*;

/// The anti-spoiling rule (RULES.md §3-§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spoil {
    /// A seat wins when its own pieces fill its target camp.
    None,
    /// A seat wins when its target camp is full and holds one of its pieces.
    Fill,
    /// As `None` for winning, plus swap moves onto spoilers of a full camp.
    Swap,
}

/// A move: origin and destination as mailbox indices. A swap is a move onto
/// an occupied square; the displaced piece goes to the origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The moving piece's square.
    pub from: u16,
    /// Its destination (a spoiler's square for a swap).
    pub to: u16,
}

impl Move {
    /// The only move of a side without moves; it changes only the side to move.
    pub const PASS: Move = Move { from: 0, to: 0 };
}

/// A position with the rules it is played under: the board, the piece
/// lists, the side to move and incremental target-camp counts.
#[derive(Clone)]
pub struct Position {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) long_jumps: bool,
    pub(super) camp_lock: bool,
    pub(super) spoil: Spoil,
    pub(super) camp_size: u8,
    /// Seats in play, in turn order.
    pub(super) seats: [u8; 4],
    pub(super) seat_count: usize,
    /// The seat in play after each seat.
    pub(super) next_seat: [u8; 4],
    /// For each square, the seat in play (plus one) whose target camp holds
    /// it, or 0. Camps never overlap on the preset boards.
    pub(super) target_owner: [u8; CELLS],

    pub(super) cells: [u8; CELLS],
    /// For each occupied square, its slot in its owner's piece list.
    pub(super) slot: [u8; CELLS],
    pub(super) pieces: [[u16; MAX_PIECES]; 4],
    pub(super) to_move: u8,
    /// Occupied squares of each seat's target camp.
    pub(super) target_occupied: [u8; 4],
    /// The seat's own pieces in its target camp.
    pub(super) target_own: [u8; 4],
}

/// Preset parameters: board side, seats in play, camp size, long jumps.
fn preset(name: &str) -> (usize, &'static [u8], u8, bool) {
    match name {
        "halma" => (16, &[0, 2], 19, false),
        "halma3" => (16, &[0, 1, 2], 13, false),
        "halma4" => (16, &[0, 1, 2, 3], 13, false),
        "halma8" => (8, &[0, 2], 10, false),
        "halma10" => (10, &[0, 2], 15, false),
        "super-halma" => (10, &[0, 2], 19, true),
        _ => panic!("unknown rules preset {name:?}"),
    }
}

/// Whether a square `dx` columns and `dy` rows from a corner is in a camp of
/// `camp_size` squares (RULES.md §2).
fn in_camp(camp_size: u8, dx: usize, dy: usize) -> bool {
    match camp_size {
        10 => dx + dy <= 3,
        13 => dx + dy <= 4 && dx <= 3 && dy <= 3,
        15 => dx + dy <= 4,
        19 => dx + dy <= 5 && dx <= 4 && dy <= 4,
        _ => unreachable!("no preset has camps of {camp_size}"),
    }
}

impl Position {
    /// The position of a rules string (RULES.md §3) and a position string
    /// (§6), or the preset's start position for `"startpos"`. Panics on
    /// malformed or invalid input.
    pub fn new(rules: &str, position: &str) -> Position {
        let mut parts = rules.split(',');
        let (side, seats, camp_size, mut long_jumps) = preset(parts.next().unwrap_or(""));
        let (mut camp_lock, mut spoil) = (false, Spoil::None);
        for option in parts {
            match option {
                "long-jumps" => long_jumps = true,
                "camp-lock" => camp_lock = true,
                "spoil=none" => spoil = Spoil::None,
                "spoil=fill" => spoil = Spoil::Fill,
                "spoil=swap" => spoil = Spoil::Swap,
                _ => panic!("unknown rules option {option:?} in {rules:?}"),
            }
        }
        let mut pos = Position {
            width: side,
            height: side,
            long_jumps,
            camp_lock,
            spoil,
            camp_size,
            seats: [0; 4],
            seat_count: seats.len(),
            next_seat: [0; 4],
            target_owner: [0; CELLS],
            cells: [OFF; CELLS],
            slot: [0; CELLS],
            pieces: [[0; MAX_PIECES]; 4],
            to_move: seats[0],
            target_occupied: [0; 4],
            target_own: [0; 4],
        };
        pos.seats[..seats.len()].copy_from_slice(seats);
        for (i, &seat) in seats.iter().enumerate() {
            pos.next_seat[seat as usize] = seats[(i + 1) % seats.len()];
            // The target camp is the home camp of the opposite corner.
            for (file, rank) in pos.camp_squares((seat + 2) % 4) {
                let sq = pos.square(file, rank);
                assert_eq!(pos.target_owner[sq], 0, "target camps overlap");
                pos.target_owner[sq] = seat + 1;
            }
        }
        for rank in 0..side {
            for file in 0..side {
                let sq = pos.square(file, rank);
                pos.cells[sq] = EMPTY;
            }
        }

        let mut board = [EMPTY; MAX_SIDE * MAX_SIDE];
        if position == "startpos" {
            for &seat in seats {
                for (file, rank) in pos.camp_squares(seat) {
                    board[rank * side + file] = seat + 1;
                }
            }
        } else {
            pos.to_move = pos.read_board(position, &mut board);
        }
        let mut counts = [0u8; 4];
        for rank in 0..side {
            for file in 0..side {
                let cell = board[rank * side + file];
                if cell == EMPTY {
                    continue;
                }
                let seat = usize::from(cell - 1);
                assert!(
                    seats.contains(&(cell - 1)) && counts[seat] < camp_size,
                    "{position:?}: seat {} is not in play or has too many pieces",
                    SEAT_LETTERS[seat] as char
                );
                let sq = pos.square(file, rank);
                pos.pieces[seat][usize::from(counts[seat])] = sq as u16;
                pos.slot[sq] = counts[seat];
                counts[seat] += 1;
                pos.cells[sq] = cell;
                pos.enter(sq, cell);
            }
        }
        for &seat in seats {
            assert_eq!(
                counts[usize::from(seat)],
                camp_size,
                "{position:?}: every seat in play has one piece per camp square"
            );
        }
        pos
    }

    /// Reads the rows of a position string into `board` (`rank * side +
    /// file`) and returns the side to move.
    pub(super) fn read_board(&self, text: &str, board: &mut [u8]) -> u8 {
        let (rows, side) = text
            .split_once(' ')
            .unwrap_or_else(|| panic!("{text:?}: the board, a space and the side to move"));
        let seat_of = |letter: u8| SEAT_LETTERS.iter().position(|&l| l == letter);
        let to_move = match side.as_bytes() {
            [letter] => seat_of(*letter),
            _ => None,
        };
        let to_move = to_move.unwrap_or_else(|| panic!("{text:?}: bad side to move {side:?}"));
        let to_move = to_move as u8;
        assert!(
            self.seats[..self.seat_count].contains(&to_move),
            "{text:?}: the side to move is not in play"
        );
        let rows: Vec<&str> = rows.split('/').collect();
        assert_eq!(rows.len(), self.height, "{text:?}: wrong number of rows");
        for (i, row) in rows.iter().enumerate() {
            let rank = self.height - 1 - i;
            let mut file = 0;
            let mut run = 0;
            for &byte in row.as_bytes() {
                if byte.is_ascii_digit() {
                    run = run * 10 + usize::from(byte - b'0');
                    continue;
                }
                file += run;
                run = 0;
                let seat = seat_of(byte)
                    .unwrap_or_else(|| panic!("{text:?}: bad character {:?}", byte as char));
                assert!(file < self.width, "{text:?}: row {row:?} is too long");
                board[rank * self.width + file] = seat as u8 + 1;
                file += 1;
            }
            assert_eq!(
                file + run,
                self.width,
                "{text:?}: row {row:?} has the wrong width"
            );
        }
        to_move
    }

    /// The mailbox index of a board square (0-based file and rank).
    pub(super) fn square(&self, file: usize, rank: usize) -> usize {
        (rank + PAD) * STRIDE + file + PAD
    }

    /// The board name of a mailbox index, such as `e12`.
    pub fn square_name(&self, sq: u16) -> String {
        let sq = usize::from(sq) - PAD;
        let (rank, file) = (sq / STRIDE - PAD, sq % STRIDE);
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    /// The squares (file, rank) of the home camp in `corner`'s corner.
    pub(super) fn camp_squares(&self, corner: u8) -> Vec<(usize, usize)> {
        let (east, north) = (self.width - 1, self.height - 1);
        let (cf, cr) = [(0, north), (east, north), (east, 0), (0, 0)][usize::from(corner)];
        let mut squares = Vec::new();
        for rank in 0..self.height {
            for file in 0..self.width {
                if in_camp(self.camp_size, file.abs_diff(cf), rank.abs_diff(cr)) {
                    squares.push((file, rank));
                }
            }
        }
        squares
    }

    /// Counts `cell` arriving on `sq` in the target-camp counters.
    #[inline(always)]
    pub(super) fn enter(&mut self, sq: usize, cell: u8) {
        let owner = self.target_owner[sq];
        if owner != 0 && cell != EMPTY {
            let seat = usize::from(owner - 1);
            self.target_occupied[seat] += 1;
            self.target_own[seat] += u8::from(cell == owner);
        }
    }

    /// Counts `cell` leaving `sq` in the target-camp counters.
    #[inline(always)]
    pub(super) fn leave(&mut self, sq: usize, cell: u8) {
        let owner = self.target_owner[sq];
        if owner != 0 && cell != EMPTY {
            let seat = usize::from(owner - 1);
            self.target_occupied[seat] -= 1;
            self.target_own[seat] -= u8::from(cell == owner);
        }
    }

    /// Exchanges the contents of two squares: a move onto an empty square, or
    /// a swap. It is its own inverse, so it also unmakes the move.
    #[inline(always)]
    pub(super) fn exchange(&mut self, from: usize, to: usize) {
        let (a, b) = (self.cells[from], self.cells[to]);
        let (slot_a, slot_b) = (self.slot[from], self.slot[to]);
        self.leave(from, a);
        self.leave(to, b);
        self.cells[from] = b;
        self.cells[to] = a;
        self.enter(from, b);
        self.enter(to, a);
        if a != EMPTY {
            self.pieces[usize::from(a - 1)][usize::from(slot_a)] = to as u16;
            self.slot[to] = slot_a;
        }
        if b != EMPTY {
            self.pieces[usize::from(b - 1)][usize::from(slot_b)] = from as u16;
            self.slot[from] = slot_b;
        }
    }

    /// Plays a move (or a pass) and passes the turn on.
    pub fn play(&mut self, mv: Move) {
        if mv != Move::PASS {
            self.exchange(usize::from(mv.from), usize::from(mv.to));
        }
        self.to_move = self.next_seat[usize::from(self.to_move)];
    }

    /// Takes back `mv`, played by `mover`.
    pub(super) fn unplay(&mut self, mv: Move, mover: u8) {
        if mv != Move::PASS {
            self.exchange(usize::from(mv.from), usize::from(mv.to));
        }
        self.to_move = mover;
    }

    /// Whether `seat` meets its winning condition (RULES.md §5).
    #[inline(always)]
    pub(super) fn meets_goal(&self, seat: usize) -> bool {
        match self.spoil {
            Spoil::None | Spoil::Swap => self.target_own[seat] == self.camp_size,
            Spoil::Fill => {
                self.target_occupied[seat] == self.camp_size && self.target_own[seat] > 0
            }
        }
    }

    /// Whether some seat meets its winning condition: the game is over and
    /// there is no move, not even a pass.
    #[inline(always)]
    pub fn is_finished(&self) -> bool {
        self.seats[..self.seat_count]
            .iter()
            .any(|&seat| self.meets_goal(usize::from(seat)))
    }

    /// Whether the side to move has swap moves: spoil=swap, its target camp
    /// full and one of its squares held by another seat.
    #[inline(always)]
    pub(super) fn swaps_on(&self) -> bool {
        let seat = usize::from(self.to_move);
        self.spoil == Spoil::Swap
            && self.target_occupied[seat] == self.camp_size
            && self.target_own[seat] < self.camp_size
    }
}
