//! Helpers shared by the ABI tests.

#![allow(dead_code)] // each test file uses its own subset

use std::ffi::c_char;
use std::ptr;

use ::halma_rules::{Move, MoveKind};
use halma_ffi::*;

/// Calls an output-string function with a large buffer; the text must be
/// NUL-terminated.
pub fn text(f: impl FnOnce(*mut c_char, usize, *mut usize) -> halma_result) -> String {
    let mut buf = vec![0u8; 1 << 16];
    let mut len = usize::MAX;
    assert_eq!(
        f(buf.as_mut_ptr().cast(), buf.len(), &mut len),
        halma_result::Ok
    );
    assert_eq!(buf[len], 0, "the text is NUL-terminated");
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

/// A game made through the ABI, freed on drop.
pub struct AbiGame(pub *mut halma_game);

impl AbiGame {
    /// A game under `rules` from its start or `position`; panics when the
    /// ABI refuses either.
    pub fn new(rules: &str, position: Option<&str>) -> AbiGame {
        let mut handle = ptr::null_mut();
        let mut game = ptr::null_mut();
        // SAFETY: valid strings and outputs; handles freed below / on drop.
        unsafe {
            assert_eq!(
                halma_rules_new(rules.as_ptr().cast(), rules.len(), &mut handle),
                halma_result::Ok,
                "{rules}"
            );
            let (p, len) = position.map_or((ptr::null(), 0), |p| (p.as_ptr().cast(), p.len()));
            let code = halma_game_new(handle, p, len, &mut game);
            halma_rules_free(handle);
            assert_eq!(code, halma_result::Ok, "{rules} {position:?}");
        }
        AbiGame(game)
    }

    /// The legal moves, through the count and the list.
    pub fn legal_moves(&self) -> Vec<halma_move> {
        let mut count = 0;
        // SAFETY: live handle, valid outputs.
        unsafe {
            assert_eq!(
                halma_game_legal_move_count(self.0, &mut count),
                halma_result::Ok
            );
            // Not a move: the ABI must overwrite every record it reports.
            let unwritten = halma_move {
                origin: 1,
                destination: 1,
                kind: 9,
            };
            let mut moves = vec![unwritten; count];
            let mut len = 0;
            assert_eq!(
                halma_game_legal_moves(self.0, moves.as_mut_ptr(), count, &mut len),
                halma_result::Ok
            );
            assert_eq!(len, count);
            moves
        }
    }

    /// The position string.
    pub fn position(&self) -> String {
        // SAFETY: live handle; `text` passes valid buffers.
        text(|buf, len, out| unsafe { halma_game_position(self.0, buf, len, out) })
    }

    /// perft at `depth`; panics when the ABI refuses it.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut count = u64::MAX;
        // SAFETY: live handle, valid output.
        let code = unsafe { halma_game_perft(self.0, depth, &mut count) };
        assert_eq!(code, halma_result::Ok);
        count
    }

    /// The detail of the handle's last failure.
    pub fn last_error(&self) -> String {
        // SAFETY: live handle; `text` passes valid buffers.
        text(|b, l, o| unsafe { halma_game_last_error(self.0, b, l, o) })
    }
}

impl Drop for AbiGame {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once.
        unsafe { halma_game_free(self.0) }
    }
}

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
