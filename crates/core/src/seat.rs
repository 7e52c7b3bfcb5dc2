//! Seats (players) and sets of seats in turn order.

use std::fmt;

/// A seat at the board, named by colour. Each sits in a corner:
/// Red north-west, Green north-east, Blue south-east, Yellow south-west.
///
/// The discriminants are the clockwise turn order starting from Red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Seat {
    /// North-west corner, letter `r`; moves first.
    Red = 0,
    /// North-east corner, letter `g`.
    Green = 1,
    /// South-east corner, letter `b`.
    Blue = 2,
    /// South-west corner, letter `y`.
    Yellow = 3,
}

impl Seat {
    /// All four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::Red, Seat::Green, Seat::Blue, Seat::Yellow];

    /// The seat's letter in position strings: `r`, `g`, `b` or `y`.
    pub const fn letter(self) -> char {
        match self {
            Seat::Red => 'r',
            Seat::Green => 'g',
            Seat::Blue => 'b',
            Seat::Yellow => 'y',
        }
    }

    /// The seat whose letter is `letter`.
    pub const fn from_letter(letter: char) -> Option<Seat> {
        match letter {
            'r' => Some(Seat::Red),
            'g' => Some(Seat::Green),
            'b' => Some(Seat::Blue),
            'y' => Some(Seat::Yellow),
            _ => None,
        }
    }

    /// The colour's name: `Red`, `Green`, `Blue`, `Yellow`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Red => "Red",
            Seat::Green => "Green",
            Seat::Blue => "Blue",
            Seat::Yellow => "Yellow",
        }
    }

    /// The seat in the diagonally opposite corner (whose home camp is this seat's target).
    pub const fn opposite(self) -> Seat {
        Seat::ALL[(self as usize + 2) % 4]
    }

    /// The index 0..4 in turn order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no seat.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{}` is not a seat: expected red, green, blue or yellow (or r, g, b, y)", crate::quote(.text))]
pub struct ParseSeatError {
    /// The text read (at most its first 32 characters, so that a huge input
    /// does not make a huge message).
    pub text: String,
}

impl std::str::FromStr for Seat {
    type Err = ParseSeatError;

    /// The seat whose [name](Seat::name) is `text` in any ASCII case
    /// (`Red`, `red`, `RED`), or whose [letter](Seat::letter) it is (`r`):
    /// what a person types. `Display` writes the name, which reads back.
    fn from_str(text: &str) -> Result<Seat, ParseSeatError> {
        Seat::ALL
            .into_iter()
            .find(|s| {
                s.name().eq_ignore_ascii_case(text)
                    || text.len() == 1 && text.starts_with(s.letter())
            })
            .ok_or_else(|| ParseSeatError {
                text: text.chars().take(32).collect(),
            })
    }
}

/// A set of seats (those in play), iterated in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of the given seats.
    pub const fn of(seats: &[Seat]) -> SeatSet {
        let mut bits = 0;
        let mut i = 0;
        while i < seats.len() {
            bits |= 1 << seats[i] as u8;
            i += 1;
        }
        SeatSet(bits)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat as u8 & 1 != 0
    }

    /// The set with `seat` added.
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat as u8)
    }

    /// Number of seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no seat is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The seat that plays after `seat` (clockwise, skipping seats not in the set).
    /// `seat` itself when it is the only one.
    #[inline]
    pub fn next_after(self, seat: Seat) -> Seat {
        // The set doubled to 8 bits and read from the seat after `seat`: the
        // lowest bit left is the distance to the next seat in play, without a loop.
        let doubled = u32::from(self.0) | u32::from(self.0) << 4;
        let ahead = doubled >> (seat as u32 + 1);
        if ahead == 0 {
            return seat;
        }
        Seat::ALL[(seat as usize + 1 + ahead.trailing_zeros() as usize) % 4]
    }

    /// The seat that played before `seat`.
    #[inline]
    pub fn previous_before(self, seat: Seat) -> Seat {
        // As `next_after`, looking down from the seat before `seat`.
        let doubled = u32::from(self.0) | u32::from(self.0) << 4;
        let behind = doubled & ((1 << (seat as u32 + 4)) - 1);
        if behind == 0 {
            return seat;
        }
        let highest = 31 - behind.leading_zeros() as usize;
        Seat::ALL[highest % 4]
    }

    /// The seats in turn order starting with `first` (which need not be in the set).
    pub fn starting_from(self, first: Seat) -> impl Iterator<Item = Seat> {
        (0..4)
            .map(move |k| Seat::ALL[(first as usize + k) % 4])
            .filter(move |&s| self.contains(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse_from_names_in_any_case_and_letters() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
            assert_eq!(seat.name().to_lowercase().parse::<Seat>(), Ok(seat));
            assert_eq!(seat.letter().to_string().parse::<Seat>(), Ok(seat));
        }
        for bad in ["", "purple", "rr", "Red ", "R"] {
            let error = bad.parse::<Seat>().unwrap_err();
            assert_eq!(error.text, bad);
        }
    }

    #[test]
    fn turn_order_skips_seats_not_in_play() {
        let two = SeatSet::of(&[Seat::Red, Seat::Blue]);
        assert_eq!(two.next_after(Seat::Red), Seat::Blue);
        assert_eq!(two.next_after(Seat::Blue), Seat::Red);
        assert_eq!(two.previous_before(Seat::Red), Seat::Blue);
        let three = SeatSet::of(&[Seat::Red, Seat::Green, Seat::Blue]);
        assert_eq!(three.next_after(Seat::Blue), Seat::Red);
        assert_eq!(three.previous_before(Seat::Red), Seat::Blue);
        assert_eq!(
            three.starting_from(Seat::Green).collect::<Vec<_>>(),
            [Seat::Green, Seat::Blue, Seat::Red]
        );
    }

    /// The bit tricks against the plain walk round the table, for every set
    /// and seat (the seat itself may be out of the set, as after a setup).
    #[test]
    fn next_and_previous_match_a_walk_round_the_table() {
        for bits in 0u8..16 {
            let set = SeatSet(bits);
            for seat in Seat::ALL {
                let walk = |step: usize| {
                    (1..=4)
                        .map(|k| Seat::ALL[(seat as usize + k * step) % 4])
                        .find(|&s| set.contains(s))
                        .unwrap_or(seat)
                };
                assert_eq!(set.next_after(seat), walk(1), "{bits:04b} after {seat}");
                assert_eq!(
                    set.previous_before(seat),
                    walk(3),
                    "{bits:04b} before {seat}"
                );
            }
        }
    }

    #[test]
    fn letters_round_trip() {
        for seat in Seat::ALL {
            assert_eq!(Seat::from_letter(seat.letter()), Some(seat));
            assert_eq!(seat.opposite().opposite(), seat);
        }
        assert_eq!(Seat::Red.opposite(), Seat::Blue);
        assert_eq!(Seat::Green.opposite(), Seat::Yellow);
        assert_eq!(Seat::from_letter('x'), None);
    }
}
