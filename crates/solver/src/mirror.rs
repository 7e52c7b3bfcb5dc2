//! Reflections of a square board in its diagonals: the symmetry the
//! searches use to keep one position of each mirror pair.
//!
//! A reflection maps steps to steps, jump segments to jump segments and
//! long segments to long segments, so when it also maps onto themselves the
//! board and every set the rules single out (camps), a position and its
//! mirror image have the same futures, mirrored: they are as far from any
//! goal that the reflection fixes.

use halma_core::{Bitboard, Square};
use halma_rules::Rules;

/// A reflection of the board in one of its diagonals.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    /// Per square (by [`Square::index`]), the index of its image.
    image: [u8; 256],
}

impl Mirror {
    /// The first reflection of `rules`' board in a diagonal (a1 to the
    /// opposite corner, then the other) that maps onto itself the board and
    /// every set of `fixed`, if the board is square and one does.
    pub fn fixing(rules: &Rules, fixed: &[Bitboard]) -> Option<Mirror> {
        let geometry = rules.geometry();
        if geometry.width() != geometry.height() {
            return None;
        }
        let last = geometry.width() - 1;
        [false, true].into_iter().find_map(|anti_diagonal| {
            let mut image = [0; 256];
            for square in geometry.squares() {
                let (file, rank) = if anti_diagonal {
                    (last - square.rank(), last - square.file())
                } else {
                    (square.rank(), square.file())
                };
                let to = Square::new(file, rank).expect("a square board reflects onto itself");
                image[square.index()] = to.index() as u8;
            }
            let mirror = Mirror { image };
            std::iter::once(geometry.squares())
                .chain(fixed.iter().copied())
                .all(|set| mirror.apply(set) == set)
                .then_some(mirror)
        })
    }

    /// The image of a square.
    #[inline]
    pub fn square(&self, square: Square) -> Square {
        Square::from_index(self.image[square.index()] as usize).expect("an image is a square")
    }

    /// The image of a set of squares.
    pub fn apply(&self, set: Bitboard) -> Bitboard {
        set.into_iter().map(|square| self.square(square)).collect()
    }
}

#[cfg(test)]
mod tests {
    use halma_core::Seat;

    use super::*;

    /// The two-seat presets' camps are symmetric about the diagonal through
    /// Red's and Blue's corners, and that reflection is an involution that
    /// moves every square off its diagonal; a four-seat preset has no
    /// reflection fixing all its camps.
    #[test]
    fn the_two_seat_presets_have_a_mirror() {
        for preset in ["halma8", "halma10", "halma", "super-halma"] {
            let rules: Rules = preset.parse().unwrap();
            let camps = [Seat::Red, Seat::Blue].map(|seat| rules.home_camp(seat));
            let mirror = Mirror::fixing(&rules, &camps).expect(preset);
            let squares = rules.geometry().squares();
            assert!(squares
                .into_iter()
                .all(|s| mirror.square(mirror.square(s)) == s));
            let moved = squares
                .into_iter()
                .filter(|&s| mirror.square(s) != s)
                .count() as u32;
            let side = rules.geometry().width() as u32;
            assert_eq!(moved, side * side - side, "{preset}");
        }
        // Green's camp is not fixed by the diagonal through Red's corner.
        let rules: Rules = "halma4".parse().unwrap();
        let camps = [Seat::Red, Seat::Green].map(|seat| rules.home_camp(seat));
        assert!(Mirror::fixing(&rules, &camps).is_none());
    }
}
