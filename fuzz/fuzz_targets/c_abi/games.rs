//! Operations on game handles: new, clone and free, play (by record and
//! by notation), undo, queries, move paths and notation.

use ::halma_rules::{Game, GameResult, Move, Square};
use halma_ffi::{
    halma_game, halma_game_clone, halma_game_free, halma_game_history, halma_game_legal_move_count,
    halma_game_legal_moves, halma_game_move_notation, halma_game_move_path, halma_game_new,
    halma_game_parse_move, halma_game_perft, halma_game_piece_at, halma_game_play,
    halma_game_play_notation, halma_game_ply_count, halma_game_position, halma_game_result,
    halma_game_rules, halma_game_side_to_move, halma_game_undo, halma_move, halma_rules,
    HALMA_MAX_PERFT_DEPTH,
};
use halma_fuzz::midgames;

use super::args::{expect_code, BufOut, PtrMode, Slot, TextIn};
use super::model::{model_play, model_text, moves_vec, seat_value, text_vec};
use super::{Code, Ctx};

impl Ctx<'_> {
    pub(super) fn game_new(&mut self) {
        let index = self.pick_rules();
        let rules = index.map(|i| self.rules[i].1.clone());
        let mode = self.bytes.u8();
        let position: Option<TextIn> = match mode % 4 {
            0 => None,
            1 => {
                let (_, text) = midgames()[self.bytes.below(midgames().len())];
                Some(TextIn::new(text.as_bytes(), &mut self.bytes))
            }
            2 => rules.as_ref().map(|r| {
                let text = r.start_position().to_string();
                TextIn::new(text.as_bytes(), &mut self.bytes)
            }),
            _ => {
                let chunk = self.bytes.chunk();
                Some(TextIn::new(chunk, &mut self.bytes))
            }
        };
        let mut out = Slot::<*mut halma_game>::pick(&mut self.bytes);
        let expected: Result<Game, Code> = match &rules {
            None => Err(Code::NullPointer),
            Some(rules) => match position.as_ref().map(TextIn::model).unwrap_or(Ok(None)) {
                Err(code) => Err(code),
                Ok(None) => Ok(Game::new(rules.clone())),
                Ok(Some(text)) => rules
                    .parse_position(text)
                    .and_then(|p| Game::from_position(rules.clone(), p))
                    .map_err(|_| Code::InvalidPosition),
            },
        };
        let (text_ptr, text_len) = position
            .as_ref()
            .map_or((std::ptr::null(), 0), |t| (t.ptr(), t.len));
        // SAFETY: a live rules handle or NULL, text or NULL, an output slot.
        let code = unsafe { halma_game_new(self.rules_ptr(index), text_ptr, text_len, out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        let semantic = expected.as_ref().map(|_| ()).map_err(|&e| e);
        expect_code(code, &faults, semantic, "game_new");
        if let Some(ptr) = out.after(code) {
            self.keep_game(ptr, expected.expect("OK"));
        }
    }

    pub(super) fn game_clone_free(&mut self) {
        let index = self.pick_game();
        match self.bytes.u8() % 3 {
            0 => {
                if let Some(i) = index {
                    let (ptr, _) = self.games.swap_remove(i);
                    // SAFETY: a live handle, removed from the list.
                    unsafe { halma_game_free(ptr) };
                } else {
                    // SAFETY: NULL is a no-op.
                    unsafe { halma_game_free(std::ptr::null_mut()) };
                }
            }
            1 => {
                let mut out = Slot::<*mut halma_rules>::pick(&mut self.bytes);
                // SAFETY: a live game or NULL, an output slot.
                let code = unsafe { halma_game_rules(self.game_ptr(index), out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if index.is_some() {
                    Ok(())
                } else {
                    Err(Code::NullPointer)
                };
                expect_code(code, &faults, semantic, "game_rules");
                self.check_game_error(index, code);
                if let Some(ptr) = out.after(code) {
                    let rules = self.games[index.expect("OK")].1.rules().clone();
                    self.check_rules_string(ptr, &rules);
                    self.keep_rules(ptr, rules);
                }
            }
            _ => {
                let mut out = Slot::<*mut halma_game>::pick(&mut self.bytes);
                // SAFETY: a live game or NULL, an output slot.
                let code = unsafe { halma_game_clone(self.game_ptr(index), out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if index.is_some() {
                    Ok(())
                } else {
                    Err(Code::NullPointer)
                };
                expect_code(code, &faults, semantic, "game_clone");
                self.check_game_error(index, code);
                if let Some(ptr) = out.after(code) {
                    let game = self.games[index.expect("OK")].1.clone();
                    self.keep_game(ptr, game);
                }
            }
        }
    }

    pub(super) fn play(&mut self) {
        let index = self.pick_game();
        let game = index.map(|i| self.games[i].1.clone());
        let record = self.pick_move_record(game.as_ref());
        let mode = PtrMode::pick(&mut self.bytes);
        let mut storage = [0u64; 3];
        let base = storage.as_mut_ptr().cast::<u8>();
        let mv_ptr: *const halma_move = match mode {
            PtrMode::Good => base.cast(),
            PtrMode::Null => std::ptr::null(),
            // SAFETY: within the 24-byte storage.
            PtrMode::Misaligned => unsafe { base.add(2) }.cast(),
        };
        if mode != PtrMode::Null {
            // SAFETY: room for a record at either offset.
            unsafe { mv_ptr.cast_mut().write_unaligned(record) };
        }
        let expected = match &game {
            None => Err(Code::NullPointer),
            Some(game) => model_play(game, &record),
        };
        // SAFETY: a live game or NULL, a record pointer as chosen.
        let code = unsafe { halma_game_play(self.game_ptr(index), mv_ptr) };
        let faults: Vec<Code> = mode.fault().into_iter().collect();
        let semantic = expected.map(|_| ());
        expect_code(code, &faults, semantic, "game_play");
        self.check_game_error(index, code);
        if code == Code::Ok {
            let i = index.expect("OK");
            let mv = expected.expect("OK");
            self.games[i].1.play(mv).expect("legal in the mirror");
        }
    }

    pub(super) fn play_notation(&mut self, play: bool) {
        let index = self.pick_game();
        let game = index.map(|i| self.games[i].1.clone());
        let text = self.pick_move_text(game.as_ref());
        let mut out = Slot::<halma_move>::pick(&mut self.bytes);
        let expected: Result<Move, Code> = match &game {
            None => Err(Code::NullPointer),
            Some(game) => text.model_str().and_then(|t| model_text(game, t)),
        };
        let faults: Vec<Code> = match (play, out.mode) {
            // The output is optional when playing.
            (true, PtrMode::Null) => Vec::new(),
            (_, mode) => mode.fault().into_iter().collect(),
        };
        // SAFETY: a live game or NULL, text, an output slot.
        let code = unsafe {
            if play {
                halma_game_play_notation(self.game_ptr(index), text.ptr(), text.len, out.ptr())
            } else {
                halma_game_parse_move(self.game_ptr(index), text.ptr(), text.len, out.ptr())
            }
        };
        let semantic = expected.map(|_| ());
        let what = if play { "play_notation" } else { "parse_move" };
        expect_code(code, &faults, semantic, what);
        self.check_game_error(index, code);
        if code == Code::Ok {
            let mv = expected.expect("OK");
            if out.mode == PtrMode::Good {
                assert_eq!(out.after(code), Some(halma_move::from(mv)), "{what}");
            } else {
                assert!(out.untouched());
            }
            if play {
                let i = index.expect("OK");
                let played = self.games[i]
                    .1
                    .play_str(std::str::from_utf8(&text.storage[..text.len]).expect("UTF-8"));
                assert_eq!(played, Ok(mv));
            }
        } else {
            assert!(out.untouched(), "{what}: output written on failure");
        }
    }

    pub(super) fn undo(&mut self) {
        let index = self.pick_game();
        let mut out = Slot::<halma_move>::pick(&mut self.bytes);
        let expected: Result<Move, Code> = match index {
            None => Err(Code::NullPointer),
            Some(i) => self.games[i]
                .1
                .moves()
                .last()
                .copied()
                .ok_or(Code::NothingToUndo),
        };
        let faults: Vec<Code> = match out.mode {
            PtrMode::Null => Vec::new(),
            mode => mode.fault().into_iter().collect(),
        };
        // SAFETY: a live game or NULL, an optional output slot.
        let code = unsafe { halma_game_undo(self.game_ptr(index), out.ptr()) };
        expect_code(code, &faults, expected.map(|_| ()), "undo");
        self.check_game_error(index, code);
        if code == Code::Ok {
            let mv = expected.expect("OK");
            if out.mode == PtrMode::Good {
                assert_eq!(out.after(code), Some(halma_move::from(mv)));
            }
            let undone = self.games[index.expect("OK")].1.undo();
            assert_eq!(undone, Some(mv));
        } else {
            assert!(out.untouched());
        }
    }

    pub(super) fn game_queries(&mut self) {
        let index = self.pick_game();
        let game = index.map(|i| self.games[i].1.clone());
        let ptr = self.game_ptr(index);
        let null = if game.is_some() {
            Ok(())
        } else {
            Err(Code::NullPointer)
        };
        let what = self.bytes.u8() % 8;
        let code = match what {
            0..=2 => {
                let mut out = Slot::<u32>::pick(&mut self.bytes);
                let square = match self.bytes.u8() % 4 {
                    0 => self.bytes.u16(),
                    _ => u16::from(self.bytes.u8()),
                };
                let (code, expected) = match what {
                    0 => (
                        // SAFETY: a live game or NULL, an output slot.
                        unsafe { halma_game_side_to_move(ptr, out.ptr()) },
                        null.map(|()| seat_value(game.as_ref().map(Game::to_move))),
                    ),
                    1 => (
                        // SAFETY: as above.
                        unsafe { halma_game_result(ptr, out.ptr()) },
                        null.map(|()| match game.as_ref().map(Game::result) {
                            Some(GameResult::Won(seat)) => seat.index() as u32,
                            _ => 255,
                        }),
                    ),
                    _ => (
                        // SAFETY: as above.
                        unsafe { halma_game_piece_at(ptr, square, out.ptr()) },
                        null.and_then(|()| {
                            let game = game.as_ref().expect("not NULL");
                            let square = Square::from_index(square.into())
                                .filter(|&s| game.rules().geometry().contains(s))
                                .ok_or(Code::InvalidArgument)?;
                            Ok(seat_value(game.position().piece_at(square)))
                        }),
                    ),
                };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, expected.map(|_| ()), "game query");
                if let Some(value) = out.after(code) {
                    assert_eq!(Ok(value), expected, "game query {what}");
                }
                code
            }
            3 => {
                let mut out = Slot::<usize>::pick(&mut self.bytes);
                let count_moves = self.bytes.u8() & 1 == 1;
                let expected = null.map(|()| {
                    let game = game.as_ref().expect("not NULL");
                    if count_moves {
                        game.legal_moves().len()
                    } else {
                        game.moves().len()
                    }
                });
                // SAFETY: a live game or NULL, an output slot.
                let code = unsafe {
                    if count_moves {
                        halma_game_legal_move_count(ptr, out.ptr())
                    } else {
                        halma_game_ply_count(ptr, out.ptr())
                    }
                };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, expected.map(|_| ()), "count");
                if let Some(value) = out.after(code) {
                    assert_eq!(Ok(value), expected);
                }
                code
            }
            4 => {
                let expected =
                    null.map(|()| text_vec(&game.as_ref().unwrap().position().to_string()));
                let count = expected.as_ref().map_or(10, Vec::len);
                let mut out = BufOut::<u8>::pick(&mut self.bytes, count, 1);
                // SAFETY: a live game or NULL, a checked buffer.
                let code = unsafe {
                    halma_game_position(ptr, out.buf().cast(), out.len, out.out_len.ptr())
                };
                out.check(code, &expected, "position");
                code
            }
            5 => {
                let expected = null.map(|()| moves_vec(game.as_ref().unwrap().moves()));
                let count = expected.as_ref().map_or(3, Vec::len);
                let mut out = BufOut::<halma_move>::pick(&mut self.bytes, count, 0);
                // SAFETY: a live game or NULL, a checked buffer.
                let code =
                    unsafe { halma_game_history(ptr, out.buf(), out.len, out.out_len.ptr()) };
                out.check(code, &expected, "history");
                code
            }
            6 => {
                let depth = match self.bytes.u8() % 8 {
                    0 => 0,
                    1 => 2,
                    // Above the bound: refused at once, whatever the position.
                    2 => HALMA_MAX_PERFT_DEPTH
                        .saturating_add(1)
                        .max(self.bytes.u32()),
                    _ => 1,
                };
                let mut out = Slot::<u64>::pick(&mut self.bytes);
                let expected = null.and_then(|()| {
                    let game = game.as_ref().unwrap();
                    game.rules()
                        .perft(game.position(), depth)
                        .map_err(|_| Code::InvalidArgument)
                });
                // SAFETY: a live game or NULL, an output slot.
                let code = unsafe { halma_game_perft(ptr, depth, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, expected.map(|_| ()), "perft");
                if let Some(value) = out.after(code) {
                    assert_eq!(Ok(value), expected);
                }
                code
            }
            _ => {
                let expected = null.map(|()| moves_vec(&game.as_ref().unwrap().legal_moves()));
                let count = expected.as_ref().map_or(3, Vec::len);
                let mut out = BufOut::<halma_move>::pick(&mut self.bytes, count, 0);
                // SAFETY: a live game or NULL, a checked buffer.
                let code =
                    unsafe { halma_game_legal_moves(ptr, out.buf(), out.len, out.out_len.ptr()) };
                out.check(code, &expected, "legal_moves");
                code
            }
        };
        self.check_game_error(index, code);
    }

    pub(super) fn move_path_notation(&mut self) {
        let index = self.pick_game();
        let game = index.map(|i| self.games[i].1.clone());
        let record = self.pick_move_record(game.as_ref());
        let mv_null = self.bytes.u8() == 0;
        let mv_ptr: *const halma_move = if mv_null { std::ptr::null() } else { &record };
        let legal = match &game {
            None => Err(Code::NullPointer),
            Some(_) if mv_null => Err(Code::NullPointer),
            Some(game) => model_play(game, &record),
        };
        let ptr = self.game_ptr(index);
        let code = if self.bytes.u8() & 1 == 0 {
            let expected: Result<Vec<u16>, Code> = legal.map(|mv| {
                game.as_ref()
                    .unwrap()
                    .move_path(mv)
                    .map_or_else(Vec::new, |p| p.0.iter().map(|s| s.index() as u16).collect())
            });
            let count = expected.as_ref().map_or(2, Vec::len);
            let mut out = BufOut::<u16>::pick(&mut self.bytes, count, 0);
            // SAFETY: a live game or NULL, a record or NULL, a checked buffer.
            let code =
                unsafe { halma_game_move_path(ptr, mv_ptr, out.buf(), out.len, out.out_len.ptr()) };
            out.check(code, &expected, "move_path");
            code
        } else {
            let expected: Result<Vec<u8>, Code> =
                legal.map(|mv| text_vec(&game.as_ref().unwrap().move_to_string(mv).unwrap()));
            let count = expected.as_ref().map_or(5, Vec::len);
            let mut out = BufOut::<u8>::pick(&mut self.bytes, count, 1);
            // SAFETY: as above.
            let code = unsafe {
                halma_game_move_notation(ptr, mv_ptr, out.buf().cast(), out.len, out.out_len.ptr())
            };
            out.check(code, &expected, "move_notation");
            code
        };
        self.check_game_error(index, code);
    }
}
