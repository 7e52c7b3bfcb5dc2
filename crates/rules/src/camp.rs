//! The camps (section 2 of the rule book): their shapes, the corners they
//! sit in, and each seat's home and target camp, corners and forward
//! directions under some rules.

use halma_core::{Bitboard, Direction, Geometry, Seat, Square};

use crate::variant::Rules;

/// A camp shape (section 2 of the rule book): the squares `dx`, `dy` from the
/// corner with `dx + dy <= diagonal`, `dx <= side` and `dy <= side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CampShape {
    diagonal: u8,
    side: u8,
}

impl CampShape {
    pub(crate) const TEN: CampShape = CampShape {
        diagonal: 3,
        side: 3,
    };
    pub(crate) const THIRTEEN: CampShape = CampShape {
        diagonal: 4,
        side: 3,
    };
    pub(crate) const FIFTEEN: CampShape = CampShape {
        diagonal: 4,
        side: 4,
    };
    pub(crate) const NINETEEN: CampShape = CampShape {
        diagonal: 5,
        side: 4,
    };

    fn contains(self, dx: u8, dy: u8) -> bool {
        dx + dy <= self.diagonal && dx <= self.side && dy <= self.side
    }
}

impl Rules {
    /// The home camp of `seat` (its corner), whether or not it is in play.
    #[inline]
    pub fn home_camp(&self, seat: Seat) -> Bitboard {
        self.homes()[seat.index()]
    }

    /// The target camp of `seat`: the home camp of the opposite corner.
    #[inline]
    pub fn target_camp(&self, seat: Seat) -> Bitboard {
        self.homes()[seat.opposite().index()]
    }

    /// The board corner of `seat`'s home camp (Red's is the north-west
    /// corner, `a16` on 16x16).
    pub fn home_corner(&self, seat: Seat) -> Square {
        let (file, rank) = corner(self.geometry(), seat, 0, 0);
        Square::new(file, rank).expect("a corner is on the board")
    }

    /// The three forward directions of `seat` (forced-exit, section 4): the
    /// diagonal from its home corner to its target corner, then that
    /// diagonal's two orthogonal components (south-east, east and south for Red).
    pub fn forward_directions(&self, seat: Seat) -> [Direction; 3] {
        use Direction::*;
        match seat {
            Seat::Red => [SE, E, S],
            Seat::Green => [SW, W, S],
            Seat::Blue => [NW, W, N],
            Seat::Yellow => [NE, E, N],
        }
    }

    /// The board corner of `seat`'s target camp: the square its pieces head
    /// for (Red's is the south-east corner, `p1` on 16x16).
    pub fn target_corner(&self, seat: Seat) -> Square {
        self.home_corner(seat.opposite())
    }
}

/// The square (file, rank) `dx` columns and `dy` rows from `seat`'s corner,
/// towards the middle of the board.
fn corner(geometry: Geometry, seat: Seat, dx: u8, dy: u8) -> (u8, u8) {
    let (w, h) = (geometry.width(), geometry.height());
    match seat {
        Seat::Red => (dx, h - 1 - dy),
        Seat::Green => (w - 1 - dx, h - 1 - dy),
        Seat::Blue => (w - 1 - dx, dy),
        Seat::Yellow => (dx, dy),
    }
}

/// The camp of `shape` in `seat`'s corner (section 2 of the rule book).
pub(crate) fn camp(geometry: Geometry, seat: Seat, shape: CampShape) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for dx in 0..geometry.width() {
        for dy in 0..geometry.height() {
            if shape.contains(dx, dy) {
                let (file, rank) = corner(geometry, seat, dx, dy);
                squares.insert(Square::new(file, rank).expect("on the board"));
            }
        }
    }
    squares
}

#[cfg(test)]
mod tests {
    use crate::{Preset, Rules};
    use halma_core::{Bitboard, Seat};

    #[test]
    fn camps_have_the_listed_shapes() {
        for preset in Preset::ALL {
            let rules = Rules::new(preset);
            let mut all = Bitboard::EMPTY;
            for seat in Seat::ALL {
                let home = rules.home_camp(seat);
                assert_eq!(home.count(), preset.camp_size() as u32, "{preset:?} {seat}");
                assert!(home.is_subset(rules.geometry().squares()));
                assert!((home & all).is_empty(), "camps overlap in {preset:?}");
                all |= home;
            }
        }
        let halma = Rules::new(Preset::Halma);
        let red: Vec<String> = halma
            .home_camp(Seat::Red)
            .squares_sorted()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            red.join(" "),
            "a12 b12 a13 b13 c13 a14 b14 c14 d14 a15 b15 c15 d15 e15 a16 b16 c16 d16 e16"
        );
        assert_eq!(halma.target_camp(Seat::Red), halma.home_camp(Seat::Blue));
        assert!(halma.home_camp(Seat::Blue).contains("p1".parse().unwrap()));
        // The 13-square camp: rows of 4-4-3-2 from the corner row.
        let halma4 = Rules::new(Preset::Halma4);
        let yellow = halma4.home_camp(Seat::Yellow);
        let per_rank: Vec<u32> = (0..4)
            .map(|r| {
                (yellow & Bitboard::rectangle(16, r + 1) & !Bitboard::rectangle(16, r)).count()
            })
            .collect();
        assert_eq!(per_rank, [4, 4, 3, 2]);
    }

    #[test]
    fn target_corners_lie_in_the_target_camps() {
        for preset in Preset::ALL {
            let rules = Rules::new(preset);
            for seat in Seat::ALL {
                let corner = rules.target_corner(seat);
                assert!(rules.target_camp(seat).contains(corner), "{preset} {seat}");
                assert_eq!(rules.home_corner(seat.opposite()), corner);
                assert!(rules.home_camp(seat).contains(rules.home_corner(seat)));
            }
        }
        let halma = Rules::new(Preset::Halma);
        assert_eq!(halma.target_corner(Seat::Red).to_string(), "p1");
        assert_eq!(halma.target_corner(Seat::Green).to_string(), "a1");
        assert_eq!(halma.target_corner(Seat::Blue).to_string(), "a16");
        assert_eq!(halma.target_corner(Seat::Yellow).to_string(), "p16");
    }
}
