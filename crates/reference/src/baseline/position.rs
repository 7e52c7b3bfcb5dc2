//! The baseline's board: a mailbox with piece lists, with make and unmake.
//! Rules and position strings are read by the oracle's parsers
//! ([`crate::parse_rules`], [`crate::parse_position`]): only move
//! generation is written twice.

use super::*;
use crate::{RefPosition, RefRules, RefSpoil};

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
    pub(super) spoil: RefSpoil,
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

impl Position {
    /// The position of a rules string (RULES.md §3) and a position string
    /// (§6), or the preset's start position for `"startpos"`, as the
    /// oracle reads them; its error when they are malformed or invalid,
    /// or name an option the baseline does not implement (home-lock,
    /// forced-exit, jump-continue: it is a benchmark of the original rules).
    pub fn new(rules: &str, position: &str) -> Result<Position, String> {
        let rules = crate::parse_rules(rules)?;
        for (on, name) in [
            (rules.home_lock, "home-lock"),
            (rules.forced_exit, "forced-exit"),
            (rules.jump_continue, "jump-continue"),
        ] {
            if on {
                return Err(format!(
                    "the baseline generator does not implement `{name}`"
                ));
            }
        }
        let position = if position == "startpos" {
            crate::start_position(&rules)
        } else {
            crate::parse_position(&rules, position)?
        };
        Ok(Position::from_reference(&rules, &position))
    }

    /// The mailbox form of a position the oracle's parsers accepted (they
    /// check the seats in play, the piece counts and the side to move).
    fn from_reference(rules: &RefRules, position: &RefPosition) -> Position {
        let seats = &rules.seats;
        let mut pos = Position {
            width: usize::from(rules.width),
            height: usize::from(rules.height),
            long_jumps: rules.long_jumps,
            camp_lock: rules.camp_lock,
            spoil: rules.spoil,
            camp_size: rules.camp_size,
            seats: [0; 4],
            seat_count: seats.len(),
            next_seat: [0; 4],
            target_owner: [0; CELLS],
            cells: [OFF; CELLS],
            slot: [0; CELLS],
            pieces: [[0; MAX_PIECES]; 4],
            to_move: position.to_move,
            target_occupied: [0; 4],
            target_own: [0; 4],
        };
        pos.seats[..seats.len()].copy_from_slice(seats);
        for (i, &seat) in seats.iter().enumerate() {
            pos.next_seat[usize::from(seat)] = seats[(i + 1) % seats.len()];
            for (file, rank) in rules.target_camp(seat) {
                let sq = pos.square(usize::from(file), usize::from(rank));
                assert_eq!(pos.target_owner[sq], 0, "target camps overlap");
                pos.target_owner[sq] = seat + 1;
            }
        }
        let mut counts = [0u8; 4];
        for rank in 0..pos.height {
            for file in 0..pos.width {
                let sq = pos.square(file, rank);
                pos.cells[sq] = EMPTY;
                // The oracle checked the seats and piece counts.
                if let Some(seat) = position.cells[rank * pos.width + file] {
                    let owner = usize::from(seat);
                    pos.pieces[owner][usize::from(counts[owner])] = sq as u16;
                    pos.slot[sq] = counts[owner];
                    counts[owner] += 1;
                    pos.cells[sq] = seat + 1;
                    pos.enter(sq, seat + 1);
                }
            }
        }
        pos
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
            RefSpoil::None | RefSpoil::Swap => self.target_own[seat] == self.camp_size,
            RefSpoil::Fill => {
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
        self.spoil == RefSpoil::Swap
            && self.target_occupied[seat] == self.camp_size
            && self.target_own[seat] < self.camp_size
    }
}
