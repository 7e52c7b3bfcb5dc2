//! A move and the seat playing it, packed into 21 bits for the
//! transposition table, killer slots and history.

use halma_core::{Move, MoveKind, Seat, Square};

/// A packed (seat, move): origin index in bits 0..8, destination index in
/// bits 8..16, kind in 16..18, seat in 18..20, and bit 20 always set (so
/// that 0 means "no move").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveCode(pub u32);

impl MoveCode {
    /// Packs `mv` played by `seat`.
    #[inline]
    pub fn new(seat: Seat, mv: Move) -> MoveCode {
        let (from, to) = if mv.is_pass() {
            (0, 0)
        } else {
            (mv.from().index() as u32, mv.to().index() as u32)
        };
        MoveCode(from | to << 8 | (mv.kind() as u32) << 16 | (seat.index() as u32) << 18 | 1 << 20)
    }

    /// The seat that plays the move.
    #[inline]
    pub fn seat(self) -> Seat {
        Seat::ALL[(self.0 >> 18 & 3) as usize]
    }

    /// The move.
    #[inline]
    pub fn mv(self) -> Move {
        let kind = match self.0 >> 16 & 3 {
            0 => MoveKind::Step,
            1 => MoveKind::Jump,
            2 => MoveKind::Swap,
            _ => return Move::PASS,
        };
        let from = Square::from_index((self.0 & 0xFF) as usize).expect("below 256");
        let to = Square::from_index((self.0 >> 8 & 0xFF) as usize).expect("below 256");
        Move::new(from, to, kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        let a: Square = "c3".parse().unwrap();
        let b: Square = "p16".parse().unwrap();
        for seat in Seat::ALL {
            for mv in [
                Move::new(a, b, MoveKind::Jump),
                Move::new(b, a, MoveKind::Step),
                Move::new(a, b, MoveKind::Swap),
                Move::PASS,
            ] {
                let code = MoveCode::new(seat, mv);
                assert_eq!(code.mv(), mv);
                assert_eq!(code.seat(), seat);
                assert!(code.0 < 1 << 21);
            }
        }
    }
}
