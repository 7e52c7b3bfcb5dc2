//! Upper bounds that let C callers size buffers once, at compile time.

/// The most legal moves any position has, under any rules: a buffer of this
/// many `halma_move` records always holds `halma_game_legal_moves`.
///
/// Why it is a true bound: a legal move is an origin and a destination (the
/// rule book, section 4; the kind follows from them), so there are at most as
/// many moves as (own piece, other square) pairs. A seat in play has exactly
/// as many pieces as its camp has squares, at most 19 (section 2), and a
/// destination is never a square holding one of the mover's own pieces (a
/// step or jump ends on an empty square, a swap on another seat's piece), so
/// on the largest board (16 x 16 = 256 squares) each piece has at most
/// 256 - 19 = 237 destinations: 19 * 237 = 4503. A pass is the only move
/// when it is legal. Real positions stay far below it (the `halma` start
/// has 2-digit counts); the bound is for sizing, not for estimating.
pub const HALMA_MAX_LEGAL_MOVES: usize = 4503;

// A literal above (cbindgen writes it as is into the header), the
// derivation here.
const _: () = assert!(HALMA_MAX_LEGAL_MOVES == MAX_PIECES * (MAX_SQUARES - MAX_PIECES));

/// The largest camp (pieces a seat has), the rule book, section 2.
const MAX_PIECES: usize = 19;
/// The squares of the largest board, the rule book, section 1.
const MAX_SQUARES: usize = 16 * 16;
