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

use std::ffi::{c_char, CStr};
use std::marker::PhantomData;
use std::mem::{align_of, size_of};

use ::halma_rules::{
    read_record, write_record, Game, GameResult, IllegalReason, Move, MoveError, MoveKind, Record,
    Rules, Seat, Square, RESERVED_TAGS,
};
use halma_ffi::{
    halma_engine, halma_engine_free, halma_engine_new, halma_engine_new_game, halma_engine_pv,
    halma_engine_search, halma_engine_set_level, halma_engine_stop, halma_game, halma_game_clone,
    halma_game_free, halma_game_history, halma_game_last_error, halma_game_legal_move_count,
    halma_game_legal_moves, halma_game_move_notation, halma_game_move_path, halma_game_new,
    halma_game_parse_move, halma_game_perft, halma_game_piece_at, halma_game_play,
    halma_game_play_notation, halma_game_ply_count, halma_game_position, halma_game_result,
    halma_game_rules, halma_game_side_to_move, halma_game_undo, halma_game_write_record,
    halma_last_error, halma_move, halma_record, halma_record_free, halma_record_game,
    halma_record_read, halma_record_tag_count, halma_record_tag_name, halma_record_tag_value,
    halma_result, halma_result_message, halma_rules, halma_rules_board_height,
    halma_rules_board_width, halma_rules_camp_size, halma_rules_clone, halma_rules_free,
    halma_rules_home_camp, halma_rules_new, halma_rules_seats, halma_rules_string,
    halma_rules_target_camp, halma_search_result, halma_seat_name, halma_square_name,
    halma_square_parse, halma_tag, halma_version, HALMA_MAX_PERFT_DEPTH, HALMA_NO_SQUARE,
};
use halma_fuzz::{midgames, Bytes, RULES};
use libfuzzer_sys::fuzz_target;

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
// Checked arguments
// ---------------------------------------------------------------------------

/// Checks a result code: a documented one, never a panic, and the one
/// expected (or one of the injected faults, which must then not give OK);
/// a failure leaves a detail as the thread's last error.
fn expect_code(code: Code, faults: &[Code], semantic: Result<(), Code>, what: &str) {
    expect_code_quiet(code, faults, semantic, what);
    if code != Code::Ok {
        assert!(
            !last_error().is_empty(),
            "{what}: {code:?} without a detail"
        );
    }
}

/// As [`expect_code`], for the last-error functions (which record nothing).
fn expect_code_quiet(code: Code, faults: &[Code], semantic: Result<(), Code>, what: &str) {
    assert!(
        (code as u32) <= 12,
        "{what}: undocumented code {}",
        code as u32
    );
    assert_ne!(
        code,
        Code::Panic,
        "{what}: a panic was caught: {}",
        last_error()
    );
    if faults.is_empty() {
        let expected = semantic.err().unwrap_or(Code::Ok);
        assert_eq!(code, expected, "{what}: {}", last_error());
    } else {
        assert!(
            code != Code::Ok && (faults.contains(&code) || semantic == Err(code)),
            "{what}: {code:?}, expected one of {faults:?} or {semantic:?}: {}",
            last_error()
        );
    }
}

/// How an output pointer is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PtrMode {
    Good,
    Null,
    Misaligned,
}

impl PtrMode {
    fn pick(bytes: &mut Bytes<'_>) -> PtrMode {
        match bytes.u8() % 32 {
            0 => PtrMode::Null,
            1 => PtrMode::Misaligned,
            _ => PtrMode::Good,
        }
    }

    fn fault(self) -> Option<Code> {
        match self {
            PtrMode::Good => None,
            PtrMode::Null => Some(Code::NullPointer),
            PtrMode::Misaligned => Some(Code::InvalidArgument),
        }
    }
}

/// A required or optional scalar output `*mut T`, backed by filled storage.
struct Slot<T> {
    storage: Box<[u64; 16]>,
    mode: PtrMode,
    _t: PhantomData<T>,
}

impl<T: Copy> Slot<T> {
    fn new(mode: PtrMode) -> Slot<T> {
        assert!(size_of::<T>() < 128 && align_of::<T>() > 1);
        Slot {
            storage: Box::new([u64::from_ne_bytes([FILL; 8]); 16]),
            mode,
            _t: PhantomData,
        }
    }

    fn pick(bytes: &mut Bytes<'_>) -> Slot<T> {
        Slot::new(PtrMode::pick(bytes))
    }

    fn ptr(&mut self) -> *mut T {
        let base = self.storage.as_mut_ptr().cast::<u8>();
        match self.mode {
            PtrMode::Good => base.cast(),
            PtrMode::Null => std::ptr::null_mut(),
            // SAFETY: one byte into a 128-byte allocation.
            PtrMode::Misaligned => unsafe { base.add(1) }.cast(),
        }
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: 128 initialized bytes.
        unsafe { std::slice::from_raw_parts(self.storage.as_ptr().cast::<u8>(), 128) }
    }

    fn untouched(&self) -> bool {
        self.bytes().iter().all(|&b| b == FILL)
    }

    /// The value written, checking that nothing was written past it.
    fn value(&self) -> T {
        assert_eq!(self.mode, PtrMode::Good);
        assert!(
            self.bytes()[size_of::<T>()..].iter().all(|&b| b == FILL),
            "written past the output"
        );
        // SAFETY: the storage holds a T written by the library.
        unsafe { self.storage.as_ptr().cast::<T>().read() }
    }

    /// After a call: the value on success (checked to be written), `None`
    /// on failure (checked to be untouched).
    fn after(&self, code: Code) -> Option<T> {
        if code == Code::Ok {
            assert_eq!(self.mode, PtrMode::Good);
            assert!(!self.untouched(), "success without writing the output");
            Some(self.value())
        } else {
            assert!(self.untouched(), "{code:?} but the output was written");
            None
        }
    }
}

/// A string argument: fuzz bytes followed by a NUL, given with or without
/// the NUL, or NULL, or with a length over PTRDIFF_MAX.
struct TextIn {
    storage: Vec<u8>,
    ptr_null: bool,
    len: usize,
}

impl TextIn {
    fn new(text: &[u8], bytes: &mut Bytes<'_>) -> TextIn {
        let mut storage = text.to_vec();
        storage.push(0);
        let (ptr_null, len) = match bytes.u8() % 40 {
            0 => (false, text.len() + 1),
            1 => (true, 0),
            2 => (true, text.len().max(1)),
            3 => (false, HUGE[bytes.below(HUGE.len())]),
            _ => (false, text.len()),
        };
        TextIn {
            storage,
            ptr_null,
            len,
        }
    }

    fn ptr(&self) -> *const c_char {
        if self.ptr_null {
            std::ptr::null()
        } else {
            self.storage.as_ptr().cast()
        }
    }

    /// What the library reads: `None` for NULL with length 0, else the
    /// string, or the code of why it cannot be read.
    fn model(&self) -> Result<Option<&str>, Code> {
        if self.len > isize::MAX as usize {
            return Err(Code::InvalidArgument);
        }
        if self.ptr_null {
            return if self.len == 0 {
                Ok(None)
            } else {
                Err(Code::NullPointer)
            };
        }
        std::str::from_utf8(&self.storage[..self.len])
            .map(Some)
            .map_err(|_| Code::InvalidUtf8)
    }

    /// As a required string argument (NULL with length 0 reads as "").
    fn model_str(&self) -> Result<&str, Code> {
        self.model().map(Option::unwrap_or_default)
    }
}

/// An output array (or string, with `extra` = 1 for the NUL) of `T`.
struct BufOut<T> {
    storage: Vec<u64>,
    /// Byte offset of the buffer in `storage` (1 when misaligned).
    offset: usize,
    len: usize,
    null_buf: bool,
    huge: bool,
    extra: usize,
    out_len: Slot<usize>,
    /// For the last-error functions: a failure records no detail.
    quiet: bool,
    _t: PhantomData<T>,
}

impl<T: Copy + PartialEq + std::fmt::Debug> BufOut<T> {
    /// A buffer whose length is chosen around `count` items (+ `extra`).
    fn pick(bytes: &mut Bytes<'_>, count: usize, extra: usize) -> BufOut<T> {
        let needed = count + extra;
        let (mut len, mut null_buf, mut huge, mut misaligned) = (needed, false, false, false);
        match bytes.u8() % 16 {
            0 => (len, null_buf) = (0, true),
            1 => len = 0,
            2 => len = needed.saturating_sub(1),
            3 => len = needed + 1,
            4 => len = bytes.u8() as usize,
            5 => (len, null_buf) = (1 + bytes.u8() as usize, true),
            6 => {
                let huge_len = HUGE[bytes.below(HUGE.len())] / size_of::<T>().max(1);
                (len, huge) = (huge_len.saturating_add(1), true);
            }
            7 => misaligned = align_of::<T>() > 1,
            8 => len = needed + bytes.u8() as usize,
            _ => {}
        }
        let real = if huge { 0 } else { len };
        let words = ((real + GUARD) * size_of::<T>()).div_ceil(8) + 1;
        BufOut {
            storage: vec![u64::from_ne_bytes([FILL; 8]); words],
            offset: usize::from(misaligned),
            len,
            null_buf,
            huge,
            extra,
            out_len: Slot::pick(bytes),
            quiet: false,
            _t: PhantomData,
        }
    }

    fn buf(&mut self) -> *mut T {
        if self.null_buf {
            return std::ptr::null_mut();
        }
        // SAFETY: within the storage.
        unsafe { self.storage.as_mut_ptr().cast::<u8>().add(self.offset) }.cast()
    }

    fn faults(&self) -> Vec<Code> {
        let mut faults: Vec<Code> = self.out_len.mode.fault().into_iter().collect();
        if self.huge {
            faults.push(Code::InvalidArgument);
        } else if self.len > 0 && self.null_buf {
            faults.push(Code::NullPointer);
        } else if self.len > 0 && self.offset != 0 {
            faults.push(Code::InvalidArgument);
        }
        faults
    }

    fn raw(&self) -> &[u8] {
        // SAFETY: the storage's initialized bytes.
        unsafe {
            std::slice::from_raw_parts(self.storage.as_ptr().cast::<u8>(), self.storage.len() * 8)
        }
    }

    /// Checks the call's outcome against `expected` (the items, or the code
    /// of the semantic error); returns the items written on success.
    fn check(&self, code: Code, expected: &Result<Vec<T>, Code>, what: &str) -> Option<Vec<T>> {
        let faults = self.faults();
        let raw = self.raw();
        let start = self.offset;
        let region = if self.null_buf || self.huge {
            0
        } else {
            self.len * size_of::<T>()
        };
        assert!(
            raw[..start]
                .iter()
                .chain(&raw[start + region..])
                .all(|&b| b == FILL),
            "{what}: written outside the buffer ({code:?})"
        );
        let region_bytes = &raw[start..start + region];
        match code {
            Code::Ok => {
                expect_code_quiet(code, &faults, Ok(()), what);
                let items = expected.as_ref().unwrap_or_else(|e| {
                    panic!("{what}: OK, expected {e:?}");
                });
                assert!(items.len() + self.extra <= self.len, "{what}");
                let written = self.out_len.after(code).expect("written");
                assert_eq!(written, items.len(), "{what}: *out_len");
                let size = size_of::<T>();
                let got: Vec<T> = (0..items.len())
                    // SAFETY: within the region; unaligned reads for the misaligned case.
                    .map(|i| unsafe {
                        region_bytes
                            .as_ptr()
                            .add(i * size)
                            .cast::<T>()
                            .read_unaligned()
                    })
                    .collect();
                assert_eq!(&got, items, "{what}: the output");
                let tail = items.len() * size;
                if self.extra == 1 {
                    assert_eq!(region_bytes[tail], 0, "{what}: the NUL");
                }
                assert!(
                    region_bytes[tail + self.extra * size..]
                        .iter()
                        .all(|&b| b == FILL),
                    "{what}: written past the output"
                );
                Some(got)
            }
            Code::BufferTooSmall => {
                assert_ne!(code, Code::Panic);
                assert!(faults.is_empty(), "{what}: too small despite {faults:?}");
                let items = expected.as_ref().unwrap_or_else(|e| {
                    panic!("{what}: BUFFER_TOO_SMALL, expected {e:?}");
                });
                assert!(items.len() + self.extra > self.len, "{what}: it fits");
                assert!(region_bytes.iter().all(|&b| b == FILL), "{what}: written");
                assert_eq!(self.out_len.value(), items.len(), "{what}: *out_len");
                assert!(self.quiet || !last_error().is_empty());
                None
            }
            _ => {
                let semantic = expected.as_ref().map(|_| ()).map_err(|&e| e);
                if self.quiet {
                    expect_code_quiet(code, &faults, semantic, what);
                } else {
                    expect_code(code, &faults, semantic, what);
                }
                assert!(region_bytes.iter().all(|&b| b == FILL), "{what}: written");
                assert!(self.out_len.untouched(), "{what}: *out_len written");
                None
            }
        }
    }
}

/// The thread's last error, read with a buffer that always fits.
fn last_error() -> String {
    let mut buf = vec![0u8; 4096];
    let mut len = 0usize;
    // SAFETY: a buffer of 4096 bytes and a valid out_len.
    let code = unsafe { halma_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    if code != Code::Ok {
        return format!("(halma_last_error: {code:?})");
    }
    String::from_utf8(buf[..len].to_vec()).expect("UTF-8 detail")
}

fn text_vec(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

fn moves_vec(moves: &[Move]) -> Vec<halma_move> {
    moves.iter().map(|&mv| halma_move::from(mv)).collect()
}

fn seat_value(seat: Option<Seat>) -> u32 {
    seat.map_or(255, |s| s.index() as u32)
}

/// The code the ABI gives for a move record in a game, as documented.
fn model_play(game: &Game, record: &halma_move) -> Result<Move, Code> {
    let mv = match record.kind {
        0..=2 => {
            let square = |index: u16| Square::from_index(index.into()).ok_or(Code::InvalidArgument);
            let kind = [MoveKind::Step, MoveKind::Jump, MoveKind::Swap][record.kind as usize];
            Move::new(square(record.origin)?, square(record.destination)?, kind)
        }
        3 => Move::PASS,
        _ => return Err(Code::InvalidArgument),
    };
    if game.is_over() {
        return Err(Code::GameOver);
    }
    if !game.legal_moves().contains(&mv) {
        return Err(Code::IllegalMove);
    }
    Ok(mv)
}

/// The code of a move text in a game.
fn model_text(game: &Game, text: &str) -> Result<Move, Code> {
    game.rules()
        .parse_move(game.position(), text)
        .map_err(|error| match error {
            MoveError::Illegal(IllegalReason::GameOver) => Code::GameOver,
            _ => Code::IllegalMove,
        })
}

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

    // -----------------------------------------------------------------------
    // Operations
    // -----------------------------------------------------------------------

    fn rules_new(&mut self) {
        let choice = self.bytes.u8();
        let text = if choice < 128 {
            RULES[choice as usize % RULES.len()].as_bytes().to_vec()
        } else {
            self.bytes.chunk().to_vec()
        };
        let input = TextIn::new(&text, &mut self.bytes);
        let mut out = Slot::<*mut halma_rules>::pick(&mut self.bytes);
        let expected = input
            .model_str()
            .and_then(|s| s.parse::<Rules>().map_err(|_| Code::InvalidRules));
        // SAFETY: valid text (or NULL) and an output slot.
        let code = unsafe { halma_rules_new(input.ptr(), input.len, out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        expect_code(
            code,
            &faults,
            expected.as_ref().map(|_| ()).map_err(|&e| e),
            "rules_new",
        );
        if let Some(ptr) = out.after(code) {
            let rules = expected.expect("OK");
            self.check_rules_string(ptr, &rules);
            self.keep_rules(ptr, rules);
        }
    }

    fn check_rules_string(&mut self, ptr: *const halma_rules, rules: &Rules) {
        let mut out = BufOut::<u8>::pick(&mut self.bytes, rules.to_string().len(), 1);
        // SAFETY: a live handle and a checked buffer.
        let code = unsafe { halma_rules_string(ptr, out.buf().cast(), out.len, out.out_len.ptr()) };
        out.check(code, &Ok(text_vec(&rules.to_string())), "rules_string");
    }

    fn rules_queries(&mut self) {
        let index = self.pick_rules();
        let ptr = self.rules_ptr(index);
        let rules = index.map(|i| self.rules[i].1.clone());
        let null = if index.is_none() {
            Err(Code::NullPointer)
        } else {
            Ok(())
        };
        match self.bytes.u8() % 4 {
            0 => match &rules {
                Some(rules) => self.check_rules_string(ptr, &rules.clone()),
                None => {
                    let mut out = BufOut::<u8>::pick(&mut self.bytes, 8, 1);
                    // SAFETY: NULL rules, a checked buffer.
                    let code = unsafe {
                        halma_rules_string(ptr, out.buf().cast(), out.len, out.out_len.ptr())
                    };
                    out.check(code, &Err(Code::NullPointer), "rules_string(NULL)");
                }
            },
            1 => {
                type Getter = unsafe extern "C" fn(*const halma_rules, *mut u32) -> halma_result;
                let getters: [(Getter, &str); 4] = [
                    (halma_rules_board_width, "width"),
                    (halma_rules_board_height, "height"),
                    (halma_rules_seats, "seats"),
                    (halma_rules_camp_size, "camp size"),
                ];
                let (getter, name) = getters[self.bytes.below(4)];
                let mut out = Slot::<u32>::pick(&mut self.bytes);
                // SAFETY: a live handle or NULL, an output slot.
                let code = unsafe { getter(ptr, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, null, name);
                if let (Some(value), Some(rules)) = (out.after(code), &rules) {
                    let expected = match name {
                        "width" => rules.geometry().width().into(),
                        "height" => rules.geometry().height().into(),
                        "seats" => rules.seats().iter().map(|s| 1u32 << s.index()).sum(),
                        _ => rules.camp_size().into(),
                    };
                    assert_eq!(value, expected, "{name}");
                }
            }
            _ => {
                let target = self.bytes.u8() & 1 == 1;
                let seat = match self.bytes.u8() % 8 {
                    0..=5 => u32::from(self.bytes.u8() % 4),
                    6 => 255,
                    _ => self.bytes.u32(),
                };
                let expected: Result<Vec<u16>, Code> = null.and_then(|()| {
                    let rules = rules.as_ref().expect("not NULL");
                    let seat = Seat::ALL
                        .into_iter()
                        .find(|s| s.index() as u32 == seat)
                        .ok_or(Code::InvalidArgument)?;
                    let camp = if target {
                        rules.target_camp(seat)
                    } else {
                        rules.home_camp(seat)
                    };
                    Ok(camp
                        .squares_sorted()
                        .iter()
                        .map(|s| s.index() as u16)
                        .collect())
                });
                let count = expected.as_ref().map_or(19, Vec::len);
                let mut out = BufOut::<u16>::pick(&mut self.bytes, count, 0);
                let f = if target {
                    halma_rules_target_camp
                } else {
                    halma_rules_home_camp
                };
                // SAFETY: a live handle or NULL, a checked buffer.
                let code = unsafe { f(ptr, seat, out.buf(), out.len, out.out_len.ptr()) };
                out.check(code, &expected, "camp");
            }
        }
    }

    fn rules_clone_free(&mut self) {
        let index = self.pick_rules();
        if self.bytes.u8() & 1 == 0 {
            if let Some(i) = index {
                let (ptr, _) = self.rules.swap_remove(i);
                // SAFETY: a live handle, removed from the list.
                unsafe { halma_rules_free(ptr) };
            } else {
                // SAFETY: NULL is a no-op.
                unsafe { halma_rules_free(std::ptr::null_mut()) };
            }
            return;
        }
        let mut out = Slot::<*mut halma_rules>::pick(&mut self.bytes);
        // SAFETY: a live handle or NULL, an output slot.
        let code = unsafe { halma_rules_clone(self.rules_ptr(index), out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        let semantic = if index.is_some() {
            Ok(())
        } else {
            Err(Code::NullPointer)
        };
        expect_code(code, &faults, semantic, "rules_clone");
        if let Some(ptr) = out.after(code) {
            let rules = self.rules[index.expect("OK")].1.clone();
            assert_ne!(ptr, self.rules_ptr(index));
            self.check_rules_string(ptr, &rules);
            self.keep_rules(ptr, rules);
        }
    }

    fn game_new(&mut self) {
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

    fn game_clone_free(&mut self) {
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

    fn play(&mut self) {
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

    fn play_notation(&mut self, play: bool) {
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

    fn undo(&mut self) {
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

    fn game_queries(&mut self) {
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

    fn move_path_notation(&mut self) {
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

    fn write_record(&mut self) {
        let index = self.pick_game();
        let game = index.map(|i| self.games[i].1.clone());
        let count = self.bytes.u8() % 4;
        let mut names: Vec<TextIn> = Vec::new();
        let mut values: Vec<TextIn> = Vec::new();
        for _ in 0..count {
            let name = match self.bytes.u8() % 4 {
                0 => self.bytes.chunk().to_vec(),
                1 => b"Result".to_vec(),
                _ => format!("Tag{}", self.bytes.u8() % 4).into_bytes(),
            };
            names.push(TextIn::new(&name, &mut self.bytes));
            let value = self.bytes.chunk().to_vec();
            values.push(TextIn::new(&value, &mut self.bytes));
        }
        let tags: Vec<halma_tag> = names
            .iter()
            .zip(&values)
            .map(|(n, v)| halma_tag {
                name: n.ptr(),
                name_len: n.len,
                value: v.ptr(),
                value_len: v.len,
            })
            .collect();
        let (tags_ptr, tag_count) = match self.bytes.u8() % 16 {
            0 => (std::ptr::null(), tags.len()),
            1 => (tags.as_ptr(), usize::MAX / 8),
            _ => (tags.as_ptr(), tags.len()),
        };
        // The model of tags_arg, in its order.
        let model_tags = || -> Result<Vec<(String, String)>, Code> {
            if tag_count == 0 {
                return Ok(Vec::new());
            }
            if tags_ptr.is_null() {
                return Err(Code::NullPointer);
            }
            if tag_count != tags.len() {
                return Err(Code::InvalidArgument);
            }
            // Every tag's strings are read (NULL, UTF-8, NUL in a value)
            // before any name is judged, as the library does.
            let mut out: Vec<(String, String)> = Vec::new();
            for (name, value) in names.iter().zip(&values) {
                let name = name.model_str()?;
                let value = value.model_str()?;
                if value.contains('\0') {
                    return Err(Code::InvalidArgument);
                }
                out.push((name.to_owned(), value.to_owned()));
            }
            for (i, (name, _)) in out.iter().enumerate() {
                let valid = !name.is_empty()
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
                if !valid
                    || RESERVED_TAGS.contains(&name.as_str())
                    || out[..i].iter().any(|(n, _)| n == name)
                {
                    return Err(Code::InvalidArgument);
                }
            }
            Ok(out)
        };
        let expected: Result<String, Code> = match &game {
            None => Err(Code::NullPointer),
            Some(game) => model_tags().map(|tags| {
                let borrowed: Vec<(&str, &str)> =
                    tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
                write_record(game, &borrowed).expect("the model checked the tags")
            }),
        };
        let count_hint = expected.as_ref().map_or(40, String::len);
        let mut out = BufOut::<u8>::pick(&mut self.bytes, count_hint, 1);
        // SAFETY: a live game or NULL, tags as described, a checked buffer.
        let code = unsafe {
            halma_game_write_record(
                self.game_ptr(index),
                tags_ptr,
                tag_count,
                out.buf().cast(),
                out.len,
                out.out_len.ptr(),
            )
        };
        let expected_bytes = expected.as_ref().map(|s| text_vec(s)).map_err(|&e| e);
        out.check(code, &expected_bytes, "write_record");
        self.check_game_error(index, code);
        if code == Code::Ok {
            self.written = expected.ok();
        }
    }

    fn record_read(&mut self) {
        let choice = self.bytes.u8();
        let text: Vec<u8> = match (&self.written, choice % 4) {
            (Some(written), 0 | 1) => written.as_bytes().to_vec(),
            (Some(written), 2) => {
                // A written record with a few bytes changed.
                let mut text = written.as_bytes().to_vec();
                for _ in 0..1 + self.bytes.u8() % 3 {
                    if text.is_empty() {
                        break;
                    }
                    let at = self.bytes.u16() as usize % text.len();
                    text[at] = self.bytes.u8();
                }
                text
            }
            _ => {
                let n = self.bytes.u16() as usize % 2048;
                self.bytes.take(n).to_vec()
            }
        };
        let input = TextIn::new(&text, &mut self.bytes);
        let mut out = Slot::<*mut halma_record>::pick(&mut self.bytes);
        let expected: Result<Record, Code> = input
            .model_str()
            .and_then(|t| read_record(t).map_err(|_| Code::InvalidRecord));
        // SAFETY: text or NULL, an output slot.
        let code = unsafe { halma_record_read(input.ptr(), input.len, out.ptr()) };
        let faults: Vec<Code> = out.mode.fault().into_iter().collect();
        expect_code(
            code,
            &faults,
            expected.as_ref().map(|_| ()).map_err(|&e| e),
            "record_read",
        );
        let Some(ptr) = out.after(code) else { return };
        let record = expected.expect("OK");
        // The tags, one by one.
        let mut n = 0usize;
        // SAFETY: a live record, a valid output.
        assert_eq!(unsafe { halma_record_tag_count(ptr, &mut n) }, Code::Ok);
        assert_eq!(n, record.tags.len());
        for _ in 0..self.bytes.u8() % 3 {
            let index = match self.bytes.u8() % 8 {
                0 => usize::MAX - self.bytes.u8() as usize,
                _ => self.bytes.u8() as usize % (n + 1),
            };
            let value = self.bytes.u8() & 1 == 1;
            let expected: Result<Vec<u8>, Code> = record
                .tags
                .get(index)
                .map(|(name, text)| text_vec(if value { text } else { name }))
                .ok_or(Code::InvalidArgument);
            let count = expected.as_ref().map_or(4, Vec::len);
            let mut out = BufOut::<u8>::pick(&mut self.bytes, count, 1);
            let f = if value {
                halma_record_tag_value
            } else {
                halma_record_tag_name
            };
            // SAFETY: a live record, a checked buffer.
            let code = unsafe { f(ptr, index, out.buf().cast(), out.len, out.out_len.ptr()) };
            out.check(code, &expected, "record tag");
        }
        // Its game.
        let mut game_out = Slot::<*mut halma_game>::pick(&mut self.bytes);
        // SAFETY: a live record, an output slot.
        let code = unsafe { halma_record_game(ptr, game_out.ptr()) };
        let faults: Vec<Code> = game_out.mode.fault().into_iter().collect();
        expect_code(code, &faults, Ok(()), "record_game");
        let game_ptr = game_out.after(code);
        if self.bytes.u8() & 1 == 0 || self.records.len() >= MAX_HANDLES {
            // SAFETY: a live record, freed once; games taken from it stay valid.
            unsafe { halma_record_free(ptr) };
        } else {
            self.records.push((ptr, record.clone()));
        }
        if let Some(game_ptr) = game_ptr {
            self.keep_game(game_ptr, record.game);
        }
    }

    fn record_handles(&mut self) {
        let index = if self.records.is_empty() || self.bytes.u8() == 255 {
            None
        } else {
            Some(self.bytes.below(self.records.len()))
        };
        let ptr = index.map_or(std::ptr::null_mut(), |i| self.records[i].0);
        match self.bytes.u8() % 3 {
            0 => {
                if let Some(i) = index {
                    self.records.swap_remove(i);
                }
                // SAFETY: a live record removed from the list, or NULL.
                unsafe { halma_record_free(ptr) };
            }
            1 => {
                let mut out = Slot::<usize>::pick(&mut self.bytes);
                // SAFETY: a live record or NULL, an output slot.
                let code = unsafe { halma_record_tag_count(ptr, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if index.is_some() {
                    Ok(())
                } else {
                    Err(Code::NullPointer)
                };
                expect_code(code, &faults, semantic, "tag_count");
                if let Some(n) = out.after(code) {
                    assert_eq!(n, self.records[index.unwrap()].1.tags.len());
                }
            }
            _ => {
                let mut out = Slot::<*mut halma_game>::pick(&mut self.bytes);
                // SAFETY: a live record or NULL, an output slot.
                let code = unsafe { halma_record_game(ptr, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                let semantic = if index.is_some() {
                    Ok(())
                } else {
                    Err(Code::NullPointer)
                };
                expect_code(code, &faults, semantic, "record_game");
                if let Some(game_ptr) = out.after(code) {
                    let game = self.records[index.unwrap()].1.game.clone();
                    self.keep_game(game_ptr, game);
                }
            }
        }
    }

    fn squares_and_statics(&mut self) {
        match self.bytes.u8() % 4 {
            0 => {
                let index = match self.bytes.u8() % 4 {
                    0 => self.bytes.u16(),
                    _ => u16::from(self.bytes.u8()),
                };
                let expected = Square::from_index(index.into())
                    .map(|s| text_vec(&s.to_string()))
                    .ok_or(Code::InvalidArgument);
                let mut out = BufOut::<u8>::pick(&mut self.bytes, 3, 1);
                // SAFETY: a checked buffer.
                let code = unsafe {
                    halma_square_name(index, out.buf().cast(), out.len, out.out_len.ptr())
                };
                out.check(code, &expected, "square_name");
            }
            1 => {
                let text = match self.bytes.u8() % 2 {
                    0 => Square::from_index(self.bytes.u8().into())
                        .expect("a square")
                        .to_string()
                        .into_bytes(),
                    _ => self.bytes.chunk().to_vec(),
                };
                let input = TextIn::new(&text, &mut self.bytes);
                let mut out = Slot::<u16>::pick(&mut self.bytes);
                let expected = input.model_str().and_then(|t| {
                    t.parse::<Square>()
                        .map(|s| s.index() as u16)
                        .map_err(|_| Code::InvalidArgument)
                });
                // SAFETY: text or NULL, an output slot.
                let code = unsafe { halma_square_parse(input.ptr(), input.len, out.ptr()) };
                let faults: Vec<Code> = out.mode.fault().into_iter().collect();
                expect_code(code, &faults, expected.map(|_| ()), "square_parse");
                if let Some(value) = out.after(code) {
                    assert_eq!(Ok(value), expected);
                    let name = Square::from_index(value.into()).unwrap().to_string();
                    assert_eq!(name.as_bytes(), &text[..input.len], "canonical square");
                }
            }
            2 => {
                let value = self.bytes.u32();
                for v in [value, value % 16] {
                    // SAFETY: a static string for any value.
                    let message = unsafe { CStr::from_ptr(halma_result_message(v)) };
                    assert!(!message.to_bytes().is_empty());
                    let seat = halma_seat_name(v);
                    if v < 4 {
                        // SAFETY: a static string for seats 0 to 3.
                        let name = unsafe { CStr::from_ptr(seat) };
                        assert_eq!(name.to_str().unwrap(), Seat::ALL[v as usize].name());
                    } else {
                        assert!(seat.is_null());
                    }
                }
                // SAFETY: a static string.
                let version = unsafe { CStr::from_ptr(halma_version()) };
                assert!(!version.to_bytes().is_empty());
            }
            _ => {
                // The last-error functions: their own failures are not recorded.
                let before = last_error();
                let game = self.pick_game();
                let thread = game.is_none() && self.bytes.u8() & 1 == 0;
                let expected: Result<Vec<u8>, Code> = match game {
                    _ if thread => Ok(text_vec(&before)),
                    None => Err(Code::NullPointer),
                    Some(i) => {
                        let mut buf = vec![0u8; 4096];
                        let mut len = 0usize;
                        // SAFETY: a live game, a large buffer.
                        let code = unsafe {
                            halma_game_last_error(
                                self.games[i].0,
                                buf.as_mut_ptr().cast(),
                                buf.len(),
                                &mut len,
                            )
                        };
                        assert_eq!(code, Code::Ok);
                        Ok(buf[..len].to_vec())
                    }
                };
                let count = expected.as_ref().map_or(0, Vec::len);
                let mut out = BufOut::<u8>::pick(&mut self.bytes, count, 1);
                out.quiet = true;
                // SAFETY: a live game or NULL, a checked buffer.
                let code = unsafe {
                    if thread {
                        halma_last_error(out.buf().cast(), out.len, out.out_len.ptr())
                    } else {
                        halma_game_last_error(
                            self.game_ptr(game),
                            out.buf().cast(),
                            out.len,
                            out.out_len.ptr(),
                        )
                    }
                };
                out.check(code, &expected, "last_error");
                assert_eq!(
                    last_error(),
                    before,
                    "a last-error call changed the last error"
                );
            }
        }
    }

    fn engine(&mut self) {
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
    fn the_engine(&mut self) -> *mut halma_engine {
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

    fn search(&mut self) {
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
