//! The C ABI, called as Rust functions through the `halma-ffi` rlib, driven
//! by the input: rules, position, move and record texts (fuzz bytes with a
//! NUL after them, sometimes with the NUL counted, sometimes NULL with a
//! length, sometimes a length over PTRDIFF_MAX), arbitrary move records,
//! squares and seats, output buffers of every length (exact, one short,
//! none, NULL, misaligned, absurd), NULL and misaligned output pointers, and
//! sequences of play / undo / clone / free on game handles.
//!
//! Every call is checked against a mirror of the handles kept with the Rust
//! API: the result code is the one the documentation gives (or one of the
//! argument faults injected), never `HALMA_RESULT_PANIC`; nothing is written
//! past a buffer's length, nothing at all on failure (but `*out_len` with
//! `BUFFER_TOO_SMALL`); outputs on success equal the Rust API's; after any
//! call, every game handle's ply count, position, side to move and result
//! equal the mirror's (so a failed call changed nothing); a failed call
//! leaves a detail in the thread's last error (and the game's).

#![no_main]

// The target's parts, in c_abi/ next to it (a crate root's `mod` would look
// for them beside it, where cargo-fuzz's targets are).
#[path = "c_abi/args.rs"]
mod args;
#[path = "c_abi/engine.rs"]
mod engine;
#[path = "c_abi/games.rs"]
mod games;
#[path = "c_abi/model.rs"]
mod model;
#[path = "c_abi/records.rs"]
mod records;
#[path = "c_abi/rules.rs"]
mod rules;
#[path = "c_abi/statics.rs"]
mod statics;

use ::halma_rules::{Game, GameResult, Record, Rules};
use halma_ffi::{
    halma_engine, halma_engine_free, halma_game, halma_game_free, halma_game_last_error,
    halma_game_new, halma_game_ply_count, halma_game_position, halma_game_result,
    halma_game_side_to_move, halma_move, halma_record, halma_record_free, halma_result,
    halma_rules, halma_rules_free, halma_rules_new, HALMA_NO_SQUARE,
};
use halma_fuzz::{Bytes, RULES};
use libfuzzer_sys::fuzz_target;

use args::{last_error, TextIn};

type Code = halma_result;

/// The byte every buffer and output starts filled with.
const FILL: u8 = 0xA5;
/// Items of slack after every output buffer, checked to stay untouched.
const GUARD: usize = 8;
/// Most handles of each kind kept at once.
const MAX_HANDLES: usize = 4;
/// Lengths over PTRDIFF_MAX: never a real buffer, rejected before any access.
const HUGE: [usize; 3] = [isize::MAX as usize + 1, usize::MAX - 7, usize::MAX];

// ---------------------------------------------------------------------------
// Handles and their mirrors
// ---------------------------------------------------------------------------

struct Ctx<'a> {
    bytes: Bytes<'a>,
    rules: Vec<(*mut halma_rules, Rules)>,
    games: Vec<(*mut halma_game, Game)>,
    records: Vec<(*mut halma_record, Record)>,
    engine: Option<*mut halma_engine>,
    /// The principal variation of the engine's last successful search.
    engine_pv: Vec<halma_move>,
    /// The last record text written, to read back.
    written: Option<String>,
}

impl Drop for Ctx<'_> {
    fn drop(&mut self) {
        // SAFETY: every pointer is a live handle owned here, freed once.
        unsafe {
            for (ptr, _) in self.rules.drain(..) {
                halma_rules_free(ptr);
            }
            for (ptr, _) in self.games.drain(..) {
                halma_game_free(ptr);
            }
            for (ptr, _) in self.records.drain(..) {
                halma_record_free(ptr);
            }
            if let Some(engine) = self.engine.take() {
                halma_engine_free(engine);
            }
        }
    }
}

impl Ctx<'_> {
    /// A rules handle of the mirror, or NULL (rarely).
    fn pick_rules(&mut self) -> Option<usize> {
        let b = self.bytes.u8();
        if self.rules.is_empty() || b == 255 {
            None
        } else {
            Some(b as usize % self.rules.len())
        }
    }

    fn rules_ptr(&self, index: Option<usize>) -> *mut halma_rules {
        index.map_or(std::ptr::null_mut(), |i| self.rules[i].0)
    }

    fn pick_game(&mut self) -> Option<usize> {
        let b = self.bytes.u8();
        if self.games.is_empty() || b == 255 {
            None
        } else {
            Some(b as usize % self.games.len())
        }
    }

    fn game_ptr(&self, index: Option<usize>) -> *mut halma_game {
        index.map_or(std::ptr::null_mut(), |i| self.games[i].0)
    }

    /// The game's own last error equals the thread's after a failed call on it.
    fn check_game_error(&self, index: Option<usize>, code: Code) {
        let Some(i) = index else { return };
        if code == Code::Ok {
            return;
        }
        let mut buf = vec![0u8; 4096];
        let mut len = 0usize;
        // SAFETY: a live game, a 4096-byte buffer and a valid out_len.
        let read = unsafe {
            halma_game_last_error(
                self.games[i].0,
                buf.as_mut_ptr().cast(),
                buf.len(),
                &mut len,
            )
        };
        assert_eq!(read, Code::Ok);
        assert_eq!(
            String::from_utf8_lossy(&buf[..len]),
            last_error(),
            "the game's last error"
        );
    }

    /// Every game handle agrees with its mirror.
    fn sync(&self) {
        for (ptr, game) in &self.games {
            let mut count = 0usize;
            let mut seat = 0u32;
            let mut winner = 0u32;
            let mut buf = [0u8; 300];
            let mut len = 0usize;
            // SAFETY: live handles and valid outputs.
            unsafe {
                assert_eq!(halma_game_ply_count(*ptr, &mut count), Code::Ok);
                assert_eq!(halma_game_side_to_move(*ptr, &mut seat), Code::Ok);
                assert_eq!(halma_game_result(*ptr, &mut winner), Code::Ok);
                assert_eq!(
                    halma_game_position(*ptr, buf.as_mut_ptr().cast(), buf.len(), &mut len),
                    Code::Ok
                );
            }
            assert_eq!(count, game.moves().len(), "ply count");
            assert_eq!(seat, game.to_move().index() as u32, "side to move");
            let expected = match game.result() {
                GameResult::Ongoing => 255,
                GameResult::Won(seat) => seat.index() as u32,
            };
            assert_eq!(winner, expected, "result");
            assert_eq!(
                std::str::from_utf8(&buf[..len]).unwrap(),
                game.position().to_string(),
                "position"
            );
            assert_eq!(buf[len], 0);
        }
    }

    /// A move record: the k-th legal move of the game, a legal one with
    /// another kind, or arbitrary fields.
    fn pick_move_record(&mut self, game: Option<&Game>) -> halma_move {
        let mode = self.bytes.u8();
        let legal = game.map(Game::legal_moves).unwrap_or_default();
        if mode < 160 && !legal.is_empty() {
            let mut record = halma_move::from(legal[self.bytes.below(legal.len())]);
            if mode >= 140 {
                record.kind = u32::from(self.bytes.u8() % 5);
            }
            return record;
        }
        match mode % 4 {
            0 => halma_move {
                origin: HALMA_NO_SQUARE,
                destination: HALMA_NO_SQUARE,
                kind: 3,
            },
            1 => halma_move {
                origin: self.bytes.u8().into(),
                destination: self.bytes.u8().into(),
                kind: u32::from(self.bytes.u8() % 4),
            },
            _ => halma_move {
                origin: self.bytes.u16(),
                destination: self.bytes.u16(),
                kind: self.bytes.u32() % 6,
            },
        }
    }

    /// A move text: a legal move's notation or short form, or fuzz bytes.
    fn pick_move_text(&mut self, game: Option<&Game>) -> TextIn {
        let mode = self.bytes.u8();
        let legal = game.map(Game::legal_moves).unwrap_or_default();
        if mode < 128 && !legal.is_empty() {
            let game = game.expect("legal moves come from a game");
            let mv = legal[self.bytes.below(legal.len())];
            let text = if mode < 96 || mv.is_pass() {
                game.move_to_string(mv).expect("a legal move")
            } else {
                format!("{}-{}", mv.from(), mv.to())
            };
            return TextIn::new(text.as_bytes(), &mut self.bytes);
        }
        let chunk = self.bytes.chunk();
        TextIn::new(chunk, &mut self.bytes)
    }

    /// Adds a handle returned by a successful call, or frees it when full.
    fn keep_game(&mut self, ptr: *mut halma_game, game: Game) {
        assert!(!ptr.is_null());
        if self.games.len() < MAX_HANDLES {
            self.games.push((ptr, game));
        } else {
            // SAFETY: a fresh handle owned here.
            unsafe { halma_game_free(ptr) };
        }
    }

    fn keep_rules(&mut self, ptr: *mut halma_rules, rules: Rules) {
        assert!(!ptr.is_null());
        if self.rules.len() < MAX_HANDLES {
            self.rules.push((ptr, rules));
        } else {
            // SAFETY: a fresh handle owned here.
            unsafe { halma_rules_free(ptr) };
        }
    }

    fn step(&mut self) {
        match self.bytes.u8() % 16 {
            0 => self.rules_new(),
            1 => self.rules_queries(),
            2 => self.rules_clone_free(),
            3 => self.game_new(),
            4 => self.game_clone_free(),
            5 | 6 => self.play(),
            7 => self.play_notation(true),
            8 => self.play_notation(false),
            9 => self.undo(),
            10 => self.game_queries(),
            11 => self.move_path_notation(),
            12 => self.write_record(),
            13 => {
                if self.bytes.u8() & 1 == 0 {
                    self.record_read()
                } else {
                    self.record_handles()
                }
            }
            14 => self.squares_and_statics(),
            _ => self.engine(),
        }
        self.sync();
    }
}

fuzz_target!(|data: &[u8]| {
    let mut ctx = Ctx {
        bytes: Bytes::new(data),
        rules: Vec::new(),
        games: Vec::new(),
        records: Vec::new(),
        engine: None,
        engine_pv: Vec::new(),
        written: None,
    };
    // Start with one game of a chosen rule set, so that short inputs reach games.
    let first = RULES[ctx.bytes.below(RULES.len())];
    let mut rules = std::ptr::null_mut();
    // SAFETY: a valid string and output.
    let code = unsafe { halma_rules_new(first.as_ptr().cast(), first.len(), &mut rules) };
    assert_eq!(code, Code::Ok);
    let parsed: Rules = first.parse().expect("valid");
    let mut game = std::ptr::null_mut();
    // SAFETY: a live rules handle, NULL position, a valid output.
    let code = unsafe { halma_game_new(rules, std::ptr::null(), 0, &mut game) };
    assert_eq!(code, Code::Ok);
    ctx.rules.push((rules, parsed.clone()));
    ctx.games.push((game, Game::new(parsed)));
    while !ctx.bytes.is_empty() {
        ctx.step();
    }
});
