//! The conventions docs/ffi.md promises beyond single functions: the one
//! size-query rule of every array and string output, the bound
//! `HALMA_MAX_LEGAL_MOVES`, and the principal variation in notation
//! (`halma_engine_pv_string`).

use std::ffi::c_char;
use std::ptr;

use halma_ffi::*;

/// Every preset of the rule book, section 3, by name.
fn presets() -> Vec<String> {
    ::halma_rules::Preset::ALL
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// A rules handle, freed on drop.
struct AbiRules(*mut halma_rules);

impl AbiRules {
    fn new(text: &str) -> AbiRules {
        let mut rules = ptr::null_mut();
        // SAFETY: a valid string and output.
        let code = unsafe { halma_rules_new(text.as_ptr().cast(), text.len(), &mut rules) };
        assert_eq!(code, halma_result::Ok, "rules {text}");
        AbiRules(rules)
    }

    fn number(
        &self,
        get: unsafe extern "C" fn(*const halma_rules, *mut u32) -> halma_result,
    ) -> usize {
        let mut value = 0;
        // SAFETY: a live handle and a valid output.
        assert_eq!(unsafe { get(self.0, &mut value) }, halma_result::Ok);
        value as usize
    }
}

impl Drop for AbiRules {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once.
        unsafe { halma_rules_free(self.0) }
    }
}

/// A game handle, freed on drop.
struct AbiGame(*mut halma_game);

impl AbiGame {
    fn new(rules: &str) -> AbiGame {
        let rules = AbiRules::new(rules);
        let mut game = ptr::null_mut();
        // SAFETY: a live rules handle, no position, a valid output.
        let code = unsafe { halma_game_new(rules.0, ptr::null(), 0, &mut game) };
        assert_eq!(code, halma_result::Ok);
        AbiGame(game)
    }

    fn legal_moves(&self) -> Vec<halma_move> {
        let mut moves = vec![
            halma_move {
                origin: 0,
                destination: 0,
                kind: 0
            };
            HALMA_MAX_LEGAL_MOVES
        ];
        let mut len = 0;
        // SAFETY: a live handle; the buffer holds HALMA_MAX_LEGAL_MOVES records.
        let code =
            unsafe { halma_game_legal_moves(self.0, moves.as_mut_ptr(), moves.len(), &mut len) };
        assert_eq!(
            code,
            halma_result::Ok,
            "a buffer of HALMA_MAX_LEGAL_MOVES holds every legal move"
        );
        moves.truncate(len);
        moves
    }

    fn notation(&self, mv: &halma_move) -> String {
        let mut buf = [0u8; 300];
        let mut len = 0;
        // SAFETY: a live handle, a valid record, a 300-byte buffer.
        let code = unsafe {
            halma_game_move_notation(self.0, mv, buf.as_mut_ptr().cast(), buf.len(), &mut len)
        };
        assert_eq!(code, halma_result::Ok);
        String::from_utf8(buf[..len].to_vec()).unwrap()
    }

    fn play(&self, mv: &halma_move) {
        // SAFETY: a live handle used by this thread only, a valid record.
        assert_eq!(unsafe { halma_game_play(self.0, mv) }, halma_result::Ok);
    }

    fn is_over(&self) -> bool {
        let mut winner = 0;
        // SAFETY: a live handle, a valid output.
        let code = unsafe { halma_game_result(self.0, &mut winner) };
        assert_eq!(code, halma_result::Ok);
        winner != halma_seat::None as u32
    }
}

impl Drop for AbiGame {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once.
        unsafe { halma_game_free(self.0) }
    }
}

/// An engine handle, freed on drop.
struct AbiEngine(*mut halma_engine);

impl AbiEngine {
    fn new() -> AbiEngine {
        let mut engine = ptr::null_mut();
        // SAFETY: a valid output.
        let code = unsafe { halma_engine_new(10, 1, 1, &mut engine) };
        assert_eq!(code, halma_result::Ok);
        AbiEngine(engine)
    }

    fn search(&self, game: &AbiGame, nodes: u64) -> halma_search_result {
        // SAFETY: an all-zero result is a valid value of the plain-data struct.
        let mut result: halma_search_result = unsafe { std::mem::zeroed() };
        // SAFETY: live handles used by this thread only, a valid output.
        let code = unsafe { halma_engine_search(self.0, game.0, 0, nodes, 0, &mut result) };
        assert_eq!(code, halma_result::Ok);
        result
    }

    fn pv(&self) -> Vec<halma_move> {
        let mut moves = vec![
            halma_move {
                origin: 0,
                destination: 0,
                kind: 0
            };
            512
        ];
        let mut len = 0;
        // SAFETY: a live handle, a 512-record buffer.
        let code = unsafe { halma_engine_pv(self.0, moves.as_mut_ptr(), moves.len(), &mut len) };
        assert_eq!(code, halma_result::Ok);
        moves.truncate(len);
        moves
    }

    /// `halma_engine_pv_string` into a `len`-byte buffer filled with 0xAA:
    /// the code, `*out_len` (which starts at usize::MAX) and the buffer.
    fn pv_string(&self, game: &AbiGame, len: usize) -> (halma_result, usize, Vec<u8>) {
        let mut buf = vec![0xAAu8; len];
        let mut out_len = usize::MAX;
        let pointer: *mut c_char = if len == 0 {
            ptr::null_mut()
        } else {
            buf.as_mut_ptr().cast()
        };
        // SAFETY: live handles, a buffer of `len` bytes (or NULL with 0).
        let code = unsafe { halma_engine_pv_string(self.0, game.0, pointer, len, &mut out_len) };
        (code, out_len, buf)
    }
}

impl Drop for AbiEngine {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once, no search running.
        unsafe { halma_engine_free(self.0) }
    }
}

/// The rule: a call succeeds exactly when the buffer holds the whole output
/// (`len >= items` for an array; `len >= length + 1` for a string, whose
/// NUL counts). So a size query (`NULL`, 0) on an empty array *succeeds*
/// with `*out_len` 0, and on any string, the empty one included, returns
/// `BUFFER_TOO_SMALL` with the length.
#[test]
fn one_size_query_rule_for_arrays_and_strings() {
    let game = AbiGame::new("halma8");
    let mut len = usize::MAX;
    // SAFETY: a live handle, NULL with length 0, a valid out_len.
    let code = unsafe { halma_game_history(game.0, ptr::null_mut(), 0, &mut len) };
    assert_eq!(
        (code, len),
        (halma_result::Ok, 0),
        "an empty array fits a 0-item buffer"
    );

    let mut len = usize::MAX;
    // SAFETY: as above.
    let code = unsafe { halma_game_position(game.0, ptr::null_mut(), 0, &mut len) };
    assert_eq!(code, halma_result::BufferTooSmall);
    let mut buf = vec![0u8; len + 1];
    let mut written = 0;
    // SAFETY: a buffer of len + 1 bytes.
    let code =
        unsafe { halma_game_position(game.0, buf.as_mut_ptr().cast(), len + 1, &mut written) };
    assert_eq!(
        (code, written),
        (halma_result::Ok, len),
        "length + 1 bytes hold the text"
    );

    // A non-empty array: one item short fails, the exact count succeeds.
    let count = game.legal_moves().len();
    let mut moves = vec![
        halma_move {
            origin: 0,
            destination: 0,
            kind: 0
        };
        count
    ];
    let mut len = 0;
    // SAFETY: a buffer of `count` records.
    let short = unsafe { halma_game_legal_moves(game.0, moves.as_mut_ptr(), count - 1, &mut len) };
    assert_eq!((short, len), (halma_result::BufferTooSmall, count));
    // SAFETY: as above.
    let exact = unsafe { halma_game_legal_moves(game.0, moves.as_mut_ptr(), count, &mut len) };
    assert_eq!((exact, len), (halma_result::Ok, count));

    // The engine's line before any search: an empty array and an empty string.
    let engine = AbiEngine::new();
    let mut len = usize::MAX;
    // SAFETY: a live handle, NULL with length 0.
    let code = unsafe { halma_engine_pv(engine.0, ptr::null_mut(), 0, &mut len) };
    assert_eq!((code, len), (halma_result::Ok, 0));
    let (code, len, _) = engine.pv_string(&game, 0);
    assert_eq!(
        (code, len),
        (halma_result::BufferTooSmall, 0),
        "the empty string still needs its NUL"
    );
    let (code, len, buf) = engine.pv_string(&game, 1);
    assert_eq!((code, len, buf), (halma_result::Ok, 0, vec![0u8]));
}

/// The bound is the derivation of its doc comment over the presets (the
/// largest camp on the largest board), and no position reached in games
/// under every preset comes near it.
#[test]
fn max_legal_moves_bounds_every_preset() {
    let mut largest = 0;
    for preset in presets() {
        let rules = AbiRules::new(&preset);
        let squares =
            rules.number(halma_rules_board_width) * rules.number(halma_rules_board_height);
        let pieces = rules.number(halma_rules_camp_size);
        let bound = pieces * (squares - pieces);
        assert!(
            bound <= HALMA_MAX_LEGAL_MOVES,
            "{preset}: {pieces} pieces on {squares} squares allow {bound} moves"
        );
        largest = largest.max(bound);
    }
    assert_eq!(
        largest, HALMA_MAX_LEGAL_MOVES,
        "the bound is the largest preset's (19 pieces on 16 x 16)"
    );

    // Games under every preset with options that add moves (long jumps,
    // swaps): the count never exceeds the bound (`legal_moves` asserts that a
    // HALMA_MAX_LEGAL_MOVES buffer suffices).
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for preset in presets() {
        for options in ["", ",long-jumps,spoil=swap"] {
            let game = AbiGame::new(&format!("{preset}{options}"));
            for _ in 0..150 {
                if game.is_over() {
                    break;
                }
                let moves = game.legal_moves();
                assert!(!moves.is_empty() && moves.len() <= HALMA_MAX_LEGAL_MOVES);
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                game.play(&moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}

/// `halma_engine_pv_string` writes the line `halma_engine_pv` gives, each
/// move in the notation of `halma_game_move_notation` played out in turn.
#[test]
fn pv_string_is_the_line_in_notation() {
    for preset in ["halma8", "halma4", "halma"] {
        let game = AbiGame::new(preset);
        let engine = AbiEngine::new();
        let result = engine.search(&game, 2_000);
        let line = engine.pv();
        assert_eq!(line.len(), result.pv_len);

        let mut copy = ptr::null_mut();
        // SAFETY: a live handle and a valid output.
        let code = unsafe { halma_game_clone(game.0, &mut copy) };
        assert_eq!(code, halma_result::Ok);
        let copy = AbiGame(copy);
        let expected: Vec<String> = line
            .iter()
            .map(|mv| {
                let text = copy.notation(mv);
                copy.play(mv);
                text
            })
            .collect();
        let expected = expected.join(" ");

        let (code, len, _) = engine.pv_string(&game, 0);
        assert_eq!((code, len), (halma_result::BufferTooSmall, expected.len()));
        let (code, len, buf) = engine.pv_string(&game, len + 1);
        assert_eq!(code, halma_result::Ok, "{preset}");
        assert_eq!(
            std::str::from_utf8(&buf[..len]).unwrap(),
            expected,
            "{preset}"
        );
        assert_eq!(buf[len], 0);
        assert!(expected.starts_with(&game.notation(&result.best_move)));
    }
}

/// The line starts from the searched position: after the best move is
/// played it no longer does, and the call fails without writing anything.
#[test]
fn pv_string_of_a_changed_game_is_refused_untouched() {
    let game = AbiGame::new("halma8");
    let engine = AbiEngine::new();
    let result = engine.search(&game, 500);
    game.play(&result.best_move);
    let (code, len, buf) = engine.pv_string(&game, 4096);
    assert_eq!(code, halma_result::IllegalMove);
    assert_eq!(len, usize::MAX, "out_len untouched");
    assert!(buf.iter().all(|&b| b == 0xAA), "buffer untouched");
    let mut detail = [0u8; 512];
    let mut detail_len = 0;
    // SAFETY: a 512-byte buffer.
    let code =
        unsafe { halma_last_error(detail.as_mut_ptr().cast(), detail.len(), &mut detail_len) };
    assert_eq!(code, halma_result::Ok);
    let detail = std::str::from_utf8(&detail[..detail_len]).unwrap();
    assert!(
        detail.contains("move 1 of the principal variation"),
        "the detail names the move: {detail}"
    );
}

/// NULL handles and outputs are refused with `NULL_POINTER`, `*out_len`
/// untouched.
#[test]
fn pv_string_refuses_null_arguments() {
    let game = AbiGame::new("halma8");
    let engine = AbiEngine::new();
    let mut buf = [0u8; 16];
    let mut len = usize::MAX;
    for (engine, game, out_len) in [
        (ptr::null(), game.0.cast_const(), &mut len as *mut usize),
        (engine.0.cast_const(), ptr::null(), &mut len as *mut usize),
        (engine.0.cast_const(), game.0.cast_const(), ptr::null_mut()),
    ] {
        // SAFETY: NULL or live handles, a 16-byte buffer, NULL or a valid out_len.
        let code = unsafe {
            halma_engine_pv_string(engine, game, buf.as_mut_ptr().cast(), buf.len(), out_len)
        };
        assert_eq!(code, halma_result::NullPointer);
    }
    assert_eq!(len, usize::MAX);
}
