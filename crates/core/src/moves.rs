//! Iterating the moves of the side to move, piece by piece, and a move list on top.

use crate::{Bitboard, Move, MoveGenerator, PieceMoves, Position, Squares};

/// The pieces of the side to move with their destination sets, without allocating.
pub struct PieceMovesIter<'a> {
    generator: &'a MoveGenerator,
    pieces: Squares,
}

impl<'a> PieceMovesIter<'a> {
    /// The moves of the pieces on `pieces`, computed by `generator`.
    pub fn new(generator: &'a MoveGenerator, pieces: Bitboard) -> PieceMovesIter<'a> {
        PieceMovesIter {
            generator,
            pieces: pieces.into_iter(),
        }
    }
}

impl Iterator for PieceMovesIter<'_> {
    type Item = PieceMoves;

    #[inline]
    fn next(&mut self) -> Option<PieceMoves> {
        self.pieces
            .next()
            .map(|origin| self.generator.piece_moves(origin))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pieces.size_hint()
    }
}

impl ExactSizeIterator for PieceMovesIter<'_> {}

/// A list of moves (for convenience; generation itself hands out [`PieceMoves`]).
pub type MoveList = Vec<Move>;

impl PieceMoves {
    /// The moves of this piece, appended to `list`.
    #[inline]
    pub fn push_moves(&self, list: &mut MoveList) {
        self.extend_moves(list);
    }

    /// The moves of this piece, appended to `out`: steps, then jumps, then
    /// swaps, each in bitboard order.
    #[inline]
    pub fn extend_moves(&self, out: &mut impl Extend<Move>) {
        let from = self.origin;
        out.extend(self.steps.into_iter().map(|to| Move::step(from, to)));
        out.extend(self.jumps.into_iter().map(|to| Move::jump(from, to)));
        out.extend(self.swaps.into_iter().map(|to| Move::swap(from, to)));
    }
}

impl Position {
    /// The moves of every piece of the side to move (no pass: whether a pass
    /// is due is for the rules to say).
    pub fn moves_into(&self, generator: &MoveGenerator, list: &mut MoveList) {
        for piece in PieceMovesIter::new(generator, self.pieces(self.to_move())) {
            piece.push_moves(list);
        }
    }
}
