//! Helpers shared by the ABI tests.

use ::halma_rules::{Move, MoveKind};
use halma_ffi::{halma_move, halma_move_kind, HALMA_NO_SQUARE};

/// The record the ABI should give for `mv`, written out independently of the
/// crate's own conversion so that the tests check it.
pub fn record_of(mv: Move) -> halma_move {
    if mv.is_pass() {
        return halma_move {
            origin: HALMA_NO_SQUARE,
            destination: HALMA_NO_SQUARE,
            kind: halma_move_kind::Pass as u32,
        };
    }
    let kind = match mv.kind() {
        MoveKind::Step => halma_move_kind::Step,
        MoveKind::Jump => halma_move_kind::Jump,
        MoveKind::Swap => halma_move_kind::Swap,
        MoveKind::Pass => halma_move_kind::Pass,
    };
    halma_move {
        origin: mv.from().index() as u16,
        destination: mv.to().index() as u16,
        kind: kind as u32,
    }
}
