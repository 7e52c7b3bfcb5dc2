//! Engine handles: new, level, new game, stop, search and the principal variation.

use ::halma_rules::Move;
use halma_ffi::{
    halma_engine, halma_engine_free, halma_engine_new, halma_engine_new_game, halma_engine_pv,
    halma_engine_search, halma_engine_set_level, halma_engine_stop, halma_move,
    halma_search_result,
};

use super::args::{expect_code, BufOut, Slot};
use super::model::{model_play, moves_vec};
use super::{Code, Ctx};

impl Ctx<'_> {
    pub(super) fn engine(&mut self) {
        match self.bytes.u8() % 4 {
            0 => {
                // Arbitrary arguments: checked, then freed at once (the table
                // is only allocated by a search).
                let level = match self.bytes.u8() % 4 {
                    0 => self.bytes.u32(),
                    _ => u32::from(self.bytes.u8() % 12),
                };
                let threads = match self.bytes.u8() % 4 {
                    0 => self.bytes.u32(),
                    _ => u32::from(self.bytes.u8() % 70),
                };
                let hash = match self.bytes.u8() % 4 {
                    0 => self.bytes.u32(),
                    _ => u32::from(self.bytes.u16() % 5000),
                };
                let valid = (1..=10).contains(&level) && threads <= 64 && hash <= 4096;
                let mut out = Slot::<*mut halma_engine>::pick(&mut self.bytes);
                // SAFETY: an output slot.
                let code = unsafe { halma_engine_new(level, threads, hash, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if valid {
                    Ok(())
                } else {
                    Err(Code::InvalidArgument)
                };
                expect_code(code, &faults, semantic, "engine_new");
                if let Some(engine) = out.after(code) {
                    // SAFETY: a fresh engine, freed once.
                    unsafe { halma_engine_free(engine) };
                }
            }
            1 => {
                let engine = self.the_engine();
                match self.bytes.u8() % 4 {
                    0 => {
                        let level = u32::from(self.bytes.u8() % 12);
                        // SAFETY: a live engine.
                        let code = unsafe { halma_engine_set_level(engine, level) };
                        let semantic = if (1..=10).contains(&level) {
                            Ok(())
                        } else {
                            Err(Code::InvalidArgument)
                        };
                        expect_code(code, &[], semantic, "set_level");
                    }
                    1 => {
                        // SAFETY: a live engine.
                        let code = unsafe { halma_engine_new_game(engine) };
                        expect_code(code, &[], Ok(()), "new_game");
                        self.engine_pv.clear();
                    }
                    2 => {
                        // SAFETY: a live engine, and NULL (a no-op).
                        unsafe {
                            halma_engine_stop(engine);
                            halma_engine_stop(std::ptr::null());
                        }
                    }
                    _ => {
                        let null = self.bytes.u8() == 255;
                        let expected = if null {
                            Err(Code::NullPointer)
                        } else {
                            Ok(self.engine_pv.clone())
                        };
                        let count = self.engine_pv.len();
                        let mut out = BufOut::<halma_move>::pick(&mut self.bytes, count, 0);
                        let engine = if null { std::ptr::null() } else { engine };
                        // SAFETY: a live engine or NULL, a checked buffer.
                        let code = unsafe {
                            halma_engine_pv(engine, out.buf(), out.len, out.out_len.ptr())
                        };
                        out.check(code, &expected, "engine_pv");
                    }
                }
            }
            _ => self.search(),
        }
    }

    /// The engine kept for searches (level from the input, one thread, 1 MiB table).
    pub(super) fn the_engine(&mut self) -> *mut halma_engine {
        if let Some(engine) = self.engine {
            return engine;
        }
        let level = 1 + u32::from(self.bytes.u8() % 10);
        let mut engine = std::ptr::null_mut();
        // SAFETY: a valid output.
        let code = unsafe { halma_engine_new(level, 1, 1, &mut engine) };
        assert_eq!(code, Code::Ok);
        self.engine = Some(engine);
        self.engine_pv.clear();
        engine
    }

    pub(super) fn search(&mut self) {
        let index = self.pick_game();
        let the_engine = self.the_engine();
        let engine_null = self.bytes.u8() == 255;
        let engine = if engine_null {
            std::ptr::null_mut()
        } else {
            the_engine
        };
        let depth = u32::from(self.bytes.u8() % 2);
        let nodes = 1 + u64::from(self.bytes.u8() % 64);
        let mut out = Slot::<halma_search_result>::pick(&mut self.bytes);
        let game = index.map(|i| self.games[i].1.clone());
        let semantic = match &game {
            None => Err(Code::NullPointer),
            Some(_) if engine_null => Err(Code::NullPointer),
            Some(game) if game.is_over() => Err(Code::GameOver),
            Some(_) => Ok(()),
        };
        // SAFETY: a live engine or NULL, a live game or NULL, an output slot.
        let code = unsafe {
            halma_engine_search(engine, self.game_ptr(index), depth, nodes, 0, out.ptr())
        };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        expect_code(code, &faults, semantic, "search");
        self.check_game_error(index, code);
        let Some(result) = out.after(code) else {
            return;
        };
        let game = game.expect("OK");
        let legal = moves_vec(&game.legal_moves());
        assert!(legal.contains(&result.best_move), "the best move is legal");
        assert!(result.pv_len >= 1);
        let mut pv = vec![halma_move::from(Move::PASS); result.pv_len];
        let mut len = 0usize;
        // SAFETY: a live engine, a buffer of pv_len records.
        let code = unsafe { halma_engine_pv(engine, pv.as_mut_ptr(), pv.len(), &mut len) };
        assert_eq!(code, Code::Ok);
        assert_eq!(len, result.pv_len);
        assert_eq!(pv[0], result.best_move);
        // The line is playable on a copy of the game.
        let mut copy = game.clone();
        for record in &pv {
            let mv = model_play(&copy, record).expect("the line is legal");
            copy.play(mv).expect("legal");
        }
        self.engine_pv = pv;
    }
}
