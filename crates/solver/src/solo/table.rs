//! Compact states and the hash tables of the exact search.
//!
//! A state packs into the fewest bits its board needs: one bit per square in
//! row-major order (`rank * width + file`), a `u64` up to 64 squares (8x8), a
//! `u128` up to 128 (10x10), the 256-bit [`Bitboard`] beyond. In that order a
//! half-turn of the board is a reversal of the bits.

use std::hash::{Hash, Hasher};

use halma_core::{Bitboard, Square};

use super::board::SoloBoard;
use crate::mirror::Mirror;

/// A packed state.
pub(crate) trait Key: Copy + Eq + Default + Send + Sync {
    /// Whether a board of `squares` squares fits.
    fn fits(squares: u32) -> bool;
    /// The state of the pieces `own`.
    fn pack(board: &SoloBoard, own: Bitboard) -> Self;
    /// The pieces of a state.
    fn unpack(self, board: &SoloBoard) -> Bitboard;
    /// The state turned by a half-turn of the board.
    fn rotate(self, board: &SoloBoard) -> Self;
    /// A well-mixed hash.
    fn hash64(self) -> u64;
    /// The state with `square` added or removed.
    fn toggle(self, board: &SoloBoard, square: Square) -> Self;
    /// The lesser of two states in a fixed total order: which of a state
    /// and its mirror image stands for both.
    fn least(self, other: Self) -> Self;
    /// The state reflected by `mirror`.
    fn mirror(self, board: &SoloBoard, mirror: &Mirror) -> Self {
        Self::pack(board, mirror.apply(self.unpack(board)))
    }
}

/// The row-major index of a square on `board`.
#[inline]
fn index(board: &SoloBoard, square: Square) -> u32 {
    square.rank() as u32 * board.width as u32 + square.file() as u32
}

/// The square of a row-major index on `board`.
#[inline]
fn square(board: &SoloBoard, index: u32) -> Square {
    let width = board.width as u32;
    Square::new((index % width) as u8, (index / width) as u8).expect("an index of the board")
}

#[inline]
fn mix(mut x: u64) -> u64 {
    // The finaliser of MurmurHash3: full avalanche in a few instructions.
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// [`Key`] for an unsigned integer type with at least a bit per square;
/// `$hash` mixes a key down to 64 bits.
macro_rules! integer_key {
    ($int:ty, $hash:expr) => {
        impl Key for $int {
            fn fits(squares: u32) -> bool {
                squares <= <$int>::BITS
            }
            #[inline]
            fn pack(board: &SoloBoard, own: Bitboard) -> $int {
                own.into_iter().fold(0, |key, s| key | 1 << index(board, s))
            }
            #[inline]
            fn unpack(self, board: &SoloBoard) -> Bitboard {
                let mut bits = self;
                let mut own = Bitboard::EMPTY;
                while bits != 0 {
                    own.insert(square(board, bits.trailing_zeros()));
                    bits &= bits - 1;
                }
                own
            }
            #[inline]
            fn rotate(self, board: &SoloBoard) -> $int {
                let squares = board.width as u32 * board.height as u32;
                self.reverse_bits() >> (<$int>::BITS - squares)
            }
            #[inline]
            fn hash64(self) -> u64 {
                let hash: fn($int) -> u64 = $hash;
                hash(self)
            }
            #[inline]
            fn toggle(self, board: &SoloBoard, square: Square) -> $int {
                self ^ 1 << index(board, square)
            }
            #[inline]
            fn least(self, other: $int) -> $int {
                self.min(other)
            }
        }
    };
}

integer_key!(u64, mix);
integer_key!(u128, |key| mix(key as u64 ^ mix((key >> 64) as u64)));

/// Feeds `Bitboard`'s `Hash` (its four words) into one running mix.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        mix(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = mix(self.0 ^ byte as u64);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = mix(self.0 ^ word);
    }
}

impl Key for Bitboard {
    fn fits(_squares: u32) -> bool {
        true
    }
    #[inline]
    fn pack(_board: &SoloBoard, own: Bitboard) -> Bitboard {
        own
    }
    #[inline]
    fn unpack(self, _board: &SoloBoard) -> Bitboard {
        self
    }
    fn rotate(self, board: &SoloBoard) -> Bitboard {
        board.rotate(self)
    }
    #[inline]
    fn hash64(self) -> u64 {
        let mut hasher = WordHasher::default();
        self.hash(&mut hasher);
        hasher.finish()
    }
    #[inline]
    fn toggle(mut self, _board: &SoloBoard, square: Square) -> Bitboard {
        Bitboard::toggle(&mut self, square);
        self
    }
    #[inline]
    fn least(self, other: Bitboard) -> Bitboard {
        // Lexicographic on the bits: the set holding the first square where
        // they differ is the lesser.
        match (self ^ other).first() {
            Some(square) if other.contains(square) => other,
            _ => self,
        }
    }
}

/// A set of states, each with the move that first reached it (origin and
/// destination as row-major square indices), by open addressing.
/// The empty state (no piece) marks a free slot: a race always has pieces.
pub(crate) struct Layer<K: Key> {
    keys: Vec<K>,
    moves: Vec<(u8, u8)>,
    len: usize,
}

/// The most a layer fills its slots before it doubles.
const MAX_LOAD: f64 = 0.7;

impl<K: Key> Layer<K> {
    /// An empty layer.
    pub fn new() -> Layer<K> {
        Layer {
            keys: Vec::new(),
            moves: Vec::new(),
            len: 0,
        }
    }

    /// States held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes of its slots.
    pub fn bytes(&self) -> u64 {
        (self.keys.capacity() * std::mem::size_of::<K>()
            + self.moves.capacity() * std::mem::size_of::<(u8, u8)>()) as u64
    }

    /// The bytes the layer will hold after the next insert, which may double it.
    pub fn bytes_after_insert(&self) -> u64 {
        if self.needs_growth() {
            let slots = (self.keys.len() * 2).max(1024) as u64;
            self.bytes() + slots * (std::mem::size_of::<K>() + 2) as u64
        } else {
            self.bytes()
        }
    }

    fn needs_growth(&self) -> bool {
        (self.len + 1) as f64 > self.keys.len() as f64 * MAX_LOAD
    }

    #[inline]
    fn slot(&self, key: K) -> (usize, bool) {
        let mask = self.keys.len() - 1;
        let mut at = key.hash64() as usize & mask;
        loop {
            let here = self.keys[at];
            if here == key {
                return (at, true);
            }
            if here == K::default() {
                return (at, false);
            }
            at = (at + 1) & mask;
        }
    }

    /// Whether the layer holds `key`.
    #[inline]
    pub fn contains(&self, key: K) -> bool {
        !self.keys.is_empty() && self.slot(key).1
    }

    /// The move stored with `key`.
    pub fn get(&self, key: K) -> Option<(u8, u8)> {
        if self.keys.is_empty() {
            return None;
        }
        let (at, found) = self.slot(key);
        found.then(|| self.moves[at])
    }

    /// Adds `key` with `mv` unless present; whether it was added.
    #[inline]
    pub fn insert(&mut self, key: K, mv: (u8, u8)) -> bool {
        if self.needs_growth() {
            self.grow();
        }
        let (at, found) = self.slot(key);
        if found {
            return false;
        }
        self.keys[at] = key;
        self.moves[at] = mv;
        self.len += 1;
        true
    }

    fn grow(&mut self) {
        let slots = (self.keys.len() * 2).max(1024);
        let keys = std::mem::replace(&mut self.keys, vec![K::default(); slots]);
        let moves = std::mem::replace(&mut self.moves, vec![(0, 0); slots]);
        for (key, mv) in keys.into_iter().zip(moves) {
            if key != K::default() {
                let (at, _) = self.slot(key);
                self.keys[at] = key;
                self.moves[at] = mv;
            }
        }
    }

    /// The slots, in order: a state, or the empty key for a free slot.
    pub fn slots(&self) -> &[K] {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use halma_core::{Bitboard, Seat};
    use halma_rules::Rules;

    use super::*;

    /// Packing, unpacking, turning and toggling agree with the same
    /// operations on the `Bitboard` of the pieces, for each key type the
    /// board fits.
    fn check<K: Key + std::fmt::Debug>(rules: &str) {
        let rules: Rules = rules.parse().unwrap();
        let board = SoloBoard::new(&rules, Seat::Red);
        let squares = board.width as u32 * board.height as u32;
        assert!(K::fits(squares));
        let home = rules.home_camp(Seat::Red);
        let corners: Bitboard = [
            Square::new(0, 0).unwrap(),
            Square::new(board.width - 1, board.height - 1).unwrap(),
        ]
        .into_iter()
        .collect();
        let mirror = board
            .mirror_for(home)
            .expect("the presets' camps have a mirror");
        let sets = [home, board.target, corners, home | board.target];
        let keys = sets.map(|own| K::pack(&board, own));
        for a in keys {
            for b in keys {
                let least = a.least(b);
                assert_eq!(least, b.least(a));
                assert!(least == a || least == b);
                for c in keys {
                    // A total order: the least of three is the same whichever pair goes first.
                    assert_eq!(least.least(c), a.least(b.least(c)));
                }
            }
        }
        for own in sets {
            let key = K::pack(&board, own);
            assert_eq!(
                key.mirror(&board, &mirror).unpack(&board),
                mirror.apply(own)
            );
            assert_ne!(key, K::default(), "pieces never pack to the empty key");
            assert_eq!(key.unpack(&board), own);
            assert_eq!(key.rotate(&board).unpack(&board), board.rotate(own));
            assert_eq!(key.rotate(&board).rotate(&board), key);
            for square in board.squares {
                let mut toggled = own;
                Bitboard::toggle(&mut toggled, square);
                assert_eq!(key.toggle(&board, square), K::pack(&board, toggled));
            }
        }
        // The one-piece states hash apart.
        let hashes: std::collections::HashSet<u64> = board
            .squares
            .into_iter()
            .map(|square| K::pack(&board, [square].into_iter().collect()).hash64())
            .collect();
        assert_eq!(hashes.len() as u32, squares);
    }

    #[test]
    fn every_key_type_packs_the_pieces_faithfully() {
        check::<u64>("halma8");
        check::<u128>("halma8");
        check::<u128>("halma10");
        check::<Bitboard>("halma10");
        check::<Bitboard>("halma");
        assert!(!u64::fits(100) && !u128::fits(256));
    }
}
