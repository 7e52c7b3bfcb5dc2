//! Hostile input through the ABI: NULL everywhere, wrong lengths, garbage and
//! invalid UTF-8, illegal moves, moves after the end, double frees of
//! distinct clones, too-small and misaligned buffers. Every call must return
//! an error code (never crash or panic through) and leave its outputs untouched.

use std::ffi::c_char;
use std::ptr;

use halma_ffi::*;

const SENTINEL: u8 = 0xA5;

/// A rules handle (freed by the caller).
fn rules(text: &str) -> *mut halma_rules {
    let mut out = ptr::null_mut();
    // SAFETY: valid string and output.
    let code = unsafe { halma_rules_new(text.as_ptr().cast(), text.len(), &mut out) };
    assert_eq!(code, halma_result::Ok, "{text}");
    out
}

/// A game handle (freed by the caller).
fn game(rules_text: &str, position: Option<&str>) -> *mut halma_game {
    let handle = rules(rules_text);
    let mut out = ptr::null_mut();
    let (p, len) = position.map_or((ptr::null(), 0), |p| (p.as_ptr().cast(), p.len()));
    // SAFETY: live handle, valid string and output; the rules are freed after.
    let code = unsafe { halma_game_new(handle, p, len, &mut out) };
    // SAFETY: freed once.
    unsafe { halma_rules_free(handle) };
    assert_eq!(code, halma_result::Ok);
    out
}

/// The calling thread's last error detail.
fn thread_error() -> String {
    let mut buf = [0u8; 1024];
    let mut len = 0;
    // SAFETY: valid buffers.
    let code = unsafe { halma_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(code, halma_result::Ok);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

/// The game's last error detail.
fn game_error(game: *const halma_game) -> String {
    let mut buf = [0u8; 1024];
    let mut len = 0;
    // SAFETY: live handle, valid buffers.
    let code = unsafe { halma_game_last_error(game, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(code, halma_result::Ok);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

fn position(game: *const halma_game) -> String {
    let mut buf = [0u8; 512];
    let mut len = 0;
    // SAFETY: live handle, valid buffers.
    let code = unsafe { halma_game_position(game, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(code, halma_result::Ok);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

#[test]
fn null_pointers_are_refused_everywhere() {
    let g = game("halma8", None);
    let r = rules("halma8");
    let mv = halma_move {
        origin: 4 * 16,
        destination: 3 * 16,
        kind: 0,
    };
    let mut seat = 77u32;
    let mut count = 77usize;
    let mut big = 77u64;
    let mut square = 77u16;
    let mut buf = [SENTINEL; 64];
    let b: *mut c_char = buf.as_mut_ptr().cast();
    let mut moves = [mv; 4];
    let mut squares = [7u16; 4];
    let mut out_move = mv;
    let mut out_rules: *mut halma_rules = ptr::null_mut();
    let mut out_game: *mut halma_game = ptr::null_mut();
    let mut out_record: *mut halma_record = ptr::null_mut();
    let null_game: *mut halma_game = ptr::null_mut();
    let null_rules: *const halma_rules = ptr::null();
    let null_record: *const halma_record = ptr::null();
    let text = "halma";
    let t: *const c_char = text.as_ptr().cast();
    // SAFETY: every non-NULL pointer is valid; the NULL ones must be refused.
    let results = unsafe {
        [
            halma_last_error(b, 64, ptr::null_mut()),
            halma_last_error(ptr::null_mut(), 64, &mut count),
            halma_square_name(3, b, 64, ptr::null_mut()),
            halma_square_parse(ptr::null(), 2, &mut square),
            halma_square_parse(t, 2, ptr::null_mut()),
            halma_rules_new(ptr::null(), 5, &mut out_rules),
            halma_rules_new(t, 5, ptr::null_mut()),
            halma_rules_clone(null_rules, &mut out_rules),
            halma_rules_clone(r, ptr::null_mut()),
            halma_rules_string(null_rules, b, 64, &mut count),
            halma_rules_string(r, b, 64, ptr::null_mut()),
            halma_rules_string(r, ptr::null_mut(), 64, &mut count),
            halma_rules_board_width(null_rules, &mut seat),
            halma_rules_board_height(r, ptr::null_mut()),
            halma_rules_seats(null_rules, &mut seat),
            halma_rules_camp_size(r, ptr::null_mut()),
            halma_rules_home_camp(null_rules, 0, squares.as_mut_ptr(), 4, &mut count),
            halma_rules_target_camp(r, 0, ptr::null_mut(), 4, &mut count),
            halma_rules_target_camp(r, 0, squares.as_mut_ptr(), 4, ptr::null_mut()),
            halma_game_new(null_rules, ptr::null(), 0, &mut out_game),
            halma_game_new(r, ptr::null(), 0, ptr::null_mut()),
            halma_game_new(r, ptr::null(), 10, &mut out_game),
            halma_game_clone(null_game, &mut out_game),
            halma_game_clone(g, ptr::null_mut()),
            halma_game_rules(null_game, &mut out_rules),
            halma_game_rules(g, ptr::null_mut()),
            halma_game_side_to_move(null_game, &mut seat),
            halma_game_side_to_move(g, ptr::null_mut()),
            halma_game_piece_at(null_game, 0, &mut seat),
            halma_game_piece_at(g, 0, ptr::null_mut()),
            halma_game_position(null_game, b, 64, &mut count),
            halma_game_position(g, b, 64, ptr::null_mut()),
            halma_game_result(null_game, &mut seat),
            halma_game_result(g, ptr::null_mut()),
            halma_game_ply_count(null_game, &mut count),
            halma_game_ply_count(g, ptr::null_mut()),
            halma_game_history(null_game, moves.as_mut_ptr(), 4, &mut count),
            halma_game_history(g, moves.as_mut_ptr(), 4, ptr::null_mut()),
            halma_game_perft(null_game, 1, &mut big),
            halma_game_perft(g, 1, ptr::null_mut()),
            halma_game_last_error(null_game, b, 64, &mut count),
            halma_game_last_error(g, b, 64, ptr::null_mut()),
            halma_game_legal_move_count(null_game, &mut count),
            halma_game_legal_move_count(g, ptr::null_mut()),
            halma_game_legal_moves(null_game, moves.as_mut_ptr(), 4, &mut count),
            halma_game_legal_moves(g, ptr::null_mut(), 4, &mut count),
            halma_game_legal_moves(g, moves.as_mut_ptr(), 4, ptr::null_mut()),
            halma_game_move_path(null_game, &mv, squares.as_mut_ptr(), 4, &mut count),
            halma_game_move_path(g, ptr::null(), squares.as_mut_ptr(), 4, &mut count),
            halma_game_move_path(g, &mv, ptr::null_mut(), 4, &mut count),
            halma_game_move_notation(null_game, &mv, b, 64, &mut count),
            halma_game_move_notation(g, ptr::null(), b, 64, &mut count),
            halma_game_move_notation(g, &mv, b, 64, ptr::null_mut()),
            halma_game_parse_move(null_game, t, 2, &mut out_move),
            halma_game_parse_move(g, ptr::null(), 2, &mut out_move),
            halma_game_parse_move(g, t, 2, ptr::null_mut()),
            halma_game_play(null_game, &mv),
            halma_game_play(g, ptr::null()),
            halma_game_play_notation(null_game, t, 2, ptr::null_mut()),
            halma_game_play_notation(g, ptr::null(), 5, ptr::null_mut()),
            halma_game_undo(null_game, &mut out_move),
            halma_game_write_record(null_game, ptr::null(), 0, b, 64, &mut count),
            halma_game_write_record(g, ptr::null(), 1, b, 64, &mut count),
            halma_game_write_record(g, ptr::null(), 0, b, 64, ptr::null_mut()),
            halma_record_read(ptr::null(), 5, &mut out_record),
            halma_record_read(t, 5, ptr::null_mut()),
            halma_record_game(null_record, &mut out_game),
            halma_record_tag_count(null_record, &mut count),
            halma_record_tag_name(null_record, 0, b, 64, &mut count),
            halma_record_tag_value(null_record, 0, b, 64, &mut count),
        ]
    };
    for (i, code) in results.iter().enumerate() {
        assert_eq!(*code, halma_result::NullPointer, "call {i}");
    }
    assert_eq!(
        (seat, count, big, square),
        (77, 77, 77, 77),
        "outputs untouched"
    );
    assert!(buf.iter().all(|&x| x == SENTINEL));
    assert!(moves.iter().all(|m| *m == mv) && out_move == mv && squares == [7; 4]);
    assert!(out_rules.is_null() && out_game.is_null() && out_record.is_null());
    assert!(thread_error().contains("is NULL"));
    // A NULL text with length 0 is an empty string, which is an error of its own.
    // SAFETY: a valid output; the text is empty.
    let empty = unsafe { halma_rules_new(ptr::null(), 0, &mut out_rules) };
    assert_eq!(empty, halma_result::InvalidRules);
    // SAFETY: NULL is a no-op for every free.
    unsafe {
        halma_rules_free(ptr::null_mut());
        halma_game_free(ptr::null_mut());
        halma_record_free(ptr::null_mut());
        halma_game_free(g);
        halma_rules_free(r);
    }
}

#[test]
fn wrong_lengths_and_invalid_utf8_are_refused() {
    let mut out: *mut halma_rules = ptr::null_mut();
    let text = "halma8";
    let t: *const c_char = text.as_ptr().cast();
    // SAFETY: the lengths never exceed the string, except the huge one, which
    // must be refused before any read.
    unsafe {
        assert_eq!(
            halma_rules_new(t, usize::MAX, &mut out),
            halma_result::InvalidArgument
        );
        assert!(thread_error().contains("larger than any buffer"));
        assert_eq!(halma_rules_new(t, 4, &mut out), halma_result::InvalidRules); // "halm"
        assert!(thread_error().contains("`halm`"), "{}", thread_error());
        assert_eq!(halma_rules_new(t, 0, &mut out), halma_result::InvalidRules);
        let invalid = b"halma\xff8";
        assert_eq!(
            halma_rules_new(invalid.as_ptr().cast(), invalid.len(), &mut out),
            halma_result::InvalidUtf8
        );
        assert!(thread_error().contains("offset 5"), "{}", thread_error());
        let nul = b"halma\0";
        assert_eq!(
            halma_rules_new(nul.as_ptr().cast(), nul.len(), &mut out),
            halma_result::InvalidRules
        );
        assert!(out.is_null());
    }
    let g = game("halma8", None);
    let mut mv = halma_move {
        origin: 1,
        destination: 2,
        kind: 3,
    };
    let mut count = 5usize;
    let mut buf = [SENTINEL; 16];
    // SAFETY: as above; the output buffers are really `len` long or refused first.
    unsafe {
        let bad = b"a5-\xc3";
        assert_eq!(
            halma_game_parse_move(g, bad.as_ptr().cast(), bad.len(), &mut mv),
            halma_result::InvalidUtf8
        );
        assert_eq!(
            halma_game_play_notation(g, bad.as_ptr().cast(), bad.len(), &mut mv),
            halma_result::InvalidUtf8
        );
        assert!(game_error(g).contains("UTF-8"));
        assert_eq!(
            halma_game_position(g, buf.as_mut_ptr().cast(), usize::MAX, &mut count),
            halma_result::InvalidArgument
        );
        let mut moves = [mv; 2];
        assert_eq!(
            halma_game_legal_moves(g, moves.as_mut_ptr(), usize::MAX / 4, &mut count),
            halma_result::InvalidArgument
        );
        let text = "a5-a4";
        assert_eq!(
            halma_game_play_notation(g, text.as_ptr().cast(), 3, ptr::null_mut()),
            halma_result::IllegalMove // "a5-": the third item is not a square
        );
        let mut position = [0u8; 8];
        assert_eq!(
            halma_game_new(
                ptr::null(),
                position.as_mut_ptr().cast(),
                0,
                &mut ptr::null_mut()
            ),
            halma_result::NullPointer
        );
    }
    assert_eq!(
        mv,
        halma_move {
            origin: 1,
            destination: 2,
            kind: 3
        }
    );
    assert_eq!(count, 5);
    assert!(buf.iter().all(|&x| x == SENTINEL));
    assert_eq!(position(g), "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb r");
    // SAFETY: freed once.
    unsafe { halma_game_free(g) };
}

#[test]
fn garbage_strings_never_crash() {
    let g = game("halma", None);
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"abcdefghijklmnopqrsuvwxyz0123456789-/ ,=[]\"\n\xff\xc3\x80\0";
    let known = 0..=12u32;
    for round in 0..3000 {
        let len = (next() % 40) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let p: *const c_char = bytes.as_ptr().cast();
        let mut rules_out = ptr::null_mut();
        let mut game_out = ptr::null_mut();
        let mut record_out = ptr::null_mut();
        let mut mv = halma_move {
            origin: 9,
            destination: 9,
            kind: 9,
        };
        let handle = rules("halma8");
        // SAFETY: `bytes` is `len` bytes long; outputs valid; handles freed.
        unsafe {
            for code in [
                halma_rules_new(p, len, &mut rules_out),
                halma_game_new(handle, p, len, &mut game_out),
                halma_record_read(p, len, &mut record_out),
                halma_game_parse_move(g, p, len, &mut mv),
            ] {
                assert!(known.contains(&(code as u32)), "round {round}: {code:?}");
                assert_ne!(code, halma_result::Panic, "round {round}: {bytes:?}");
            }
            halma_rules_free(rules_out);
            halma_game_free(game_out);
            halma_record_free(record_out);
            halma_rules_free(handle);
        }
        if mv.kind == 9 {
            assert_eq!(
                mv,
                halma_move {
                    origin: 9,
                    destination: 9,
                    kind: 9
                }
            );
        }
    }
    assert_eq!(
        position(g),
        "rrrrr11/rrrrr11/rrrr12/rrr13/rr14/16/16/16/16/16/16/14bb/13bbb/12bbbb/11bbbbb/11bbbbb r"
    );
    // SAFETY: freed once.
    unsafe { halma_game_free(g) };
}

#[test]
fn illegal_move_records_say_why() {
    let g = game("halma8", None);
    let before = position(g);
    let square = |name: &str| {
        let mut out = 0u16;
        // SAFETY: valid string and output.
        unsafe { halma_square_parse(name.as_ptr().cast(), name.len(), &mut out) };
        out
    };
    let cases = [
        (
            halma_move {
                origin: square("a5"),
                destination: square("a4"),
                kind: 7,
            },
            halma_result::InvalidArgument,
            "move kind 7",
        ),
        (
            halma_move {
                origin: 300,
                destination: square("a4"),
                kind: 0,
            },
            halma_result::InvalidArgument,
            "origin 300",
        ),
        (
            halma_move {
                origin: square("a5"),
                destination: square("a4"),
                kind: 1,
            },
            halma_result::IllegalMove,
            "a5-a4 is a step, not a jump",
        ),
        (
            halma_move {
                origin: square("h4"),
                destination: square("h5"),
                kind: 0,
            },
            halma_result::IllegalMove,
            "Blue",
        ),
        (
            halma_move {
                origin: square("e5"),
                destination: square("e4"),
                kind: 0,
            },
            halma_result::IllegalMove,
            "no piece on e5",
        ),
        (
            halma_move {
                origin: square("a5"),
                destination: square("a1"),
                kind: 1,
            },
            halma_result::IllegalMove,
            "no legal move of the piece on a5 ends on a1",
        ),
        (
            halma_move {
                origin: square("a16"),
                destination: square("a15"),
                kind: 0,
            },
            halma_result::IllegalMove,
            "off the board",
        ),
        (
            halma_move {
                origin: 0,
                destination: 0,
                kind: 3,
            },
            halma_result::IllegalMove,
            "pass",
        ),
    ];
    for (mv, code, detail) in cases {
        // SAFETY: live handle, valid record.
        assert_eq!(unsafe { halma_game_play(g, &mv) }, code, "{mv:?}");
        let text = game_error(g);
        assert!(text.contains(detail), "{mv:?}: `{text}` lacks `{detail}`");
        let mut buf = [SENTINEL; 64];
        let mut len = 99;
        // SAFETY: live handle, valid buffers.
        let notation =
            unsafe { halma_game_move_notation(g, &mv, buf.as_mut_ptr().cast(), 64, &mut len) };
        assert_eq!(notation, code);
        assert!(buf.iter().all(|&x| x == SENTINEL) && len == 99);
    }
    // Text moves name the segment at fault.
    for (text, detail) in [
        ("c7-c5", "segment 1 (c7-c5)"),
        ("a5-a4-a3", "segment 1"),
        ("z1-a1", "square 1 of the path"),
        (
            "a5-a9",
            "square 2 of the path: `a9` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8",
        ),
        ("", "empty move"),
    ] {
        // SAFETY: live handle, valid string.
        let code = unsafe {
            halma_game_play_notation(g, text.as_ptr().cast(), text.len(), ptr::null_mut())
        };
        assert_eq!(code, halma_result::IllegalMove, "{text}");
        assert!(game_error(g).contains(detail), "{text}: {}", game_error(g));
        assert!(thread_error().contains(detail), "the thread sees it too");
    }
    assert_eq!(position(g), before, "nothing was played");
    // SAFETY: freed once.
    unsafe { halma_game_free(g) };
}

#[test]
fn moves_after_the_end_are_refused_and_undo_reopens() {
    // Red needs one step into its target camp (d2-e1); Blue is not home yet (d6).
    let almost = "bbb5/bbb5/bb1b4/b7/7r/6rr/3r1rrr/5rrr r";
    let finished = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b";
    let g = game("halma8", Some(almost));
    let mut winner = 0;
    // SAFETY: live handle, valid outputs.
    unsafe {
        halma_game_result(g, &mut winner);
        assert_eq!(winner, halma_seat::None as u32);
    }
    // Play the winning move found among the legal ones.
    let mut moves = [halma_move {
        origin: 0,
        destination: 0,
        kind: 0,
    }; 128];
    let mut count = 0;
    // SAFETY: live handle, valid buffers.
    unsafe { halma_game_legal_moves(g, moves.as_mut_ptr(), 128, &mut count) };
    let winning = moves[..count]
        .iter()
        .copied()
        .find(|mv| {
            let copy = {
                let mut c = ptr::null_mut();
                // SAFETY: live handle, valid output.
                unsafe { halma_game_clone(g, &mut c) };
                c
            };
            let mut seat = 0;
            // SAFETY: live clone, valid record and output; freed once.
            unsafe {
                halma_game_play(copy, mv);
                halma_game_result(copy, &mut seat);
                halma_game_free(copy);
            }
            seat == halma_seat::Red as u32
        })
        .expect("Red has a winning move");
    // SAFETY: live handle, valid records and outputs.
    unsafe {
        assert_eq!(halma_game_play(g, &winning), halma_result::Ok);
        halma_game_result(g, &mut winner);
        assert_eq!(winner, halma_seat::Red as u32);
        assert_eq!(halma_game_legal_move_count(g, &mut count), halma_result::Ok);
        assert_eq!(count, 0);
        let pass = halma_move {
            origin: HALMA_NO_SQUARE,
            destination: HALMA_NO_SQUARE,
            kind: 3,
        };
        assert_eq!(halma_game_play(g, &pass), halma_result::GameOver);
        assert!(game_error(g).contains("Red won"), "{}", game_error(g));
        assert_eq!(halma_game_play(g, &moves[0]), halma_result::GameOver);
        assert_eq!(
            halma_game_play_notation(g, "pass".as_ptr().cast(), 4, ptr::null_mut()),
            halma_result::GameOver
        );
        let mut parsed = pass;
        assert_eq!(
            halma_game_parse_move(g, "h1-h2".as_ptr().cast(), 5, &mut parsed),
            halma_result::GameOver
        );
        let mut undone = pass;
        assert_eq!(halma_game_undo(g, &mut undone), halma_result::Ok);
        assert_eq!(undone, winning);
        assert_eq!(position(g), almost);
        halma_game_result(g, &mut winner);
        assert_eq!(winner, halma_seat::None as u32);
        halma_game_free(g);
    }
    // A game that starts finished has nothing to undo and no move.
    let done = game("halma8", Some(finished));
    // SAFETY: live handle, valid outputs; freed once.
    unsafe {
        halma_game_result(done, &mut winner);
        assert_eq!(winner, halma_seat::Red as u32);
        assert_eq!(
            halma_game_undo(done, ptr::null_mut()),
            halma_result::NothingToUndo
        );
        let mut perft = 9;
        halma_game_perft(done, 3, &mut perft);
        assert_eq!(perft, 0);
        halma_game_free(done);
    }
}

#[test]
fn clones_are_freed_independently() {
    let original = game("halma", None);
    let mut clones = [ptr::null_mut(); 3];
    let r = rules("halma");
    let mut rules_clone = ptr::null_mut();
    // SAFETY: live handles, valid outputs; each handle freed exactly once, in
    // an order that frees originals before their clones.
    unsafe {
        for clone in &mut clones {
            assert_eq!(halma_game_clone(original, clone), halma_result::Ok);
        }
        assert_eq!(
            halma_game_play_notation(clones[0], "b12-c11".as_ptr().cast(), 7, ptr::null_mut()),
            halma_result::Ok
        );
        halma_game_free(original);
        assert_eq!(position(clones[1]), position(clones[2]));
        assert_ne!(position(clones[0]), position(clones[1]));
        halma_game_free(clones[1]);
        halma_game_free(clones[0]);
        let mut plies = 9;
        halma_game_ply_count(clones[2], &mut plies);
        assert_eq!(plies, 0);
        halma_game_free(clones[2]);

        assert_eq!(halma_rules_clone(r, &mut rules_clone), halma_result::Ok);
        let mut g = ptr::null_mut();
        assert_eq!(
            halma_game_new(rules_clone, ptr::null(), 0, &mut g),
            halma_result::Ok
        );
        halma_rules_free(r);
        halma_rules_free(rules_clone);
        // The game keeps its own rules.
        let mut from_game = ptr::null_mut();
        assert_eq!(halma_game_rules(g, &mut from_game), halma_result::Ok);
        halma_game_free(g);
        let mut width = 0;
        assert_eq!(
            halma_rules_board_width(from_game, &mut width),
            halma_result::Ok
        );
        assert_eq!(width, 16);
        halma_rules_free(from_game);

        // A record's game outlives the record.
        let text = "[Rules \"halma8\"]\n\n1. a5-a4 h4-h5\n";
        let mut record = ptr::null_mut();
        assert_eq!(
            halma_record_read(text.as_ptr().cast(), text.len(), &mut record),
            halma_result::Ok
        );
        let mut first = ptr::null_mut();
        let mut second = ptr::null_mut();
        halma_record_game(record, &mut first);
        halma_record_game(record, &mut second);
        halma_record_free(record);
        halma_game_undo(first, ptr::null_mut());
        assert_ne!(position(first), position(second));
        halma_game_free(second);
        halma_game_free(first);
    }
}

#[test]
fn too_small_buffers_report_the_size_and_write_nothing() {
    let g = game("halma", None);
    let full = position(g);
    let mut buf = [SENTINEL; 128];
    let mut len = 0;
    // SAFETY: live handle; every buffer is at least as long as the length given.
    unsafe {
        for given in [0, 1, full.len()] {
            assert_eq!(
                halma_game_position(g, buf.as_mut_ptr().cast(), given, &mut len),
                halma_result::BufferTooSmall
            );
            assert_eq!(
                len,
                full.len(),
                "the size of the text (the buffer needs one more byte)"
            );
            assert!(buf.iter().all(|&x| x == SENTINEL));
        }
        assert!(game_error(g).contains(&format!("needs {}", full.len() + 1)));
        let mut count = 0;
        halma_game_legal_move_count(g, &mut count);
        let sentinel = halma_move {
            origin: 1,
            destination: 1,
            kind: 1,
        };
        let mut moves = vec![sentinel; count];
        assert_eq!(
            halma_game_legal_moves(g, moves.as_mut_ptr(), count - 1, &mut len),
            halma_result::BufferTooSmall
        );
        assert_eq!(len, count);
        assert!(moves.iter().all(|m| *m == sentinel));
        assert_eq!(
            halma_game_legal_moves(g, ptr::null_mut(), 0, &mut len),
            halma_result::BufferTooSmall
        );
        assert_eq!(len, count);
        let mut squares = [7u16; 4];
        assert_eq!(
            halma_rules_home_camp(ptr::null(), 0, squares.as_mut_ptr(), 4, &mut len),
            halma_result::NullPointer
        );
        let r = rules("halma");
        assert_eq!(
            halma_rules_home_camp(r, 0, squares.as_mut_ptr(), 4, &mut len),
            halma_result::BufferTooSmall
        );
        assert_eq!((len, squares), (19, [7; 4]));
        assert_eq!(
            halma_rules_home_camp(r, 4, squares.as_mut_ptr(), 4, &mut len),
            halma_result::InvalidArgument
        );
        assert_eq!(
            halma_rules_home_camp(r, 255, squares.as_mut_ptr(), 4, &mut len),
            halma_result::InvalidArgument
        );
        halma_rules_free(r);
        // The last-error functions follow the convention without overwriting the error.
        let detail = game_error(g);
        let mut small = [SENTINEL; 4];
        assert_eq!(
            halma_game_last_error(g, small.as_mut_ptr().cast(), 4, &mut len),
            halma_result::BufferTooSmall
        );
        assert_eq!(len, detail.len());
        assert_eq!(game_error(g), detail);
        assert_eq!(
            halma_last_error(small.as_mut_ptr().cast(), 1, &mut len),
            halma_result::BufferTooSmall
        );
        assert!(small.iter().all(|&x| x == SENTINEL));
        halma_game_free(g);
    }
}

#[test]
fn misaligned_outputs_and_bad_values_are_refused() {
    let g = game("halma8", None);
    let mut storage = [0u64; 4];
    let misaligned = storage.as_mut_ptr().cast::<u8>().wrapping_add(1);
    let mut seat = 77;
    // SAFETY: the misaligned pointers are refused before any write; others valid.
    unsafe {
        assert_eq!(
            halma_game_side_to_move(g, misaligned.cast()),
            halma_result::InvalidArgument
        );
        assert_eq!(
            halma_game_ply_count(g, misaligned.cast()),
            halma_result::InvalidArgument
        );
        assert!(game_error(g).contains("not aligned"));
        assert_eq!(
            halma_game_piece_at(g, 256, &mut seat),
            halma_result::InvalidArgument
        );
        assert_eq!(
            halma_game_piece_at(g, 8 * 16, &mut seat),
            halma_result::InvalidArgument
        ); // a9: off 8x8
        assert!(game_error(g).contains("off the 8x8 board"));
        assert_eq!(
            halma_square_name(256, ptr::null_mut(), 0, &mut 0),
            halma_result::InvalidArgument
        );
        let mut square = 9;
        assert_eq!(
            halma_square_parse("q1".as_ptr().cast(), 2, &mut square),
            halma_result::InvalidArgument
        );
        assert_eq!(square, 9);
        let tag = halma_tag {
            name: "Rules".as_ptr().cast(),
            name_len: 5,
            value: "x".as_ptr().cast(),
            value_len: 1,
        };
        let mut len = 0;
        assert_eq!(
            halma_game_write_record(g, &tag, 1, ptr::null_mut(), 0, &mut len),
            halma_result::InvalidArgument
        );
        assert!(game_error(g).contains("writes this tag itself"));
        let bad_name = halma_tag {
            name: "a b".as_ptr().cast(),
            ..tag
        };
        let bad_name = halma_tag {
            name_len: 3,
            ..bad_name
        };
        assert_eq!(
            halma_game_write_record(g, &bad_name, 1, ptr::null_mut(), 0, &mut len),
            halma_result::InvalidArgument
        );
        let nul_value = halma_tag {
            name: "Event".as_ptr().cast(),
            name_len: 5,
            value: "a\0b".as_ptr().cast(),
            value_len: 3,
        };
        assert_eq!(
            halma_game_write_record(g, &nul_value, 1, ptr::null_mut(), 0, &mut len),
            halma_result::InvalidArgument
        );
        let twice = [halma_tag {
            name: "Event".as_ptr().cast(),
            name_len: 5,
            ..tag
        }; 2];
        assert_eq!(
            halma_game_write_record(g, twice.as_ptr(), 2, ptr::null_mut(), 0, &mut len),
            halma_result::InvalidArgument
        );
        let mut record = ptr::null_mut();
        let text = "[Rules \"halma8\"]\n[Result \"Red\"]\n\n1. a5-a4\n";
        assert_eq!(
            halma_record_read(text.as_ptr().cast(), text.len(), &mut record),
            halma_result::InvalidRecord
        );
        assert!(
            thread_error().contains("the record says the result is Red"),
            "{}",
            thread_error()
        );
        assert!(record.is_null());
        let good = "[Rules \"halma8\"]\n\n";
        assert_eq!(
            halma_record_read(good.as_ptr().cast(), good.len(), &mut record),
            halma_result::Ok
        );
        let mut buf = [SENTINEL; 8];
        assert_eq!(
            halma_record_tag_name(record, 1, buf.as_mut_ptr().cast(), 8, &mut len),
            halma_result::InvalidArgument
        );
        assert_eq!(
            halma_record_tag_name(record, 0, buf.as_mut_ptr().cast(), 8, &mut len),
            halma_result::Ok
        );
        assert_eq!(&buf[..6], b"Rules\0");
        halma_record_free(record);
        halma_game_free(g);
    }
}

#[test]
fn handles_and_errors_behave_across_threads() {
    let r = rules("halma");
    let g = game("halma", None);
    // Raw pointers are not Send: carry them as addresses, as a C program would.
    let (r_addr, g_addr) = (r as usize, g as usize);
    std::thread::scope(|scope| {
        for t in 0..4 {
            scope.spawn(move || {
                let r = r_addr as *const halma_rules;
                let g = g_addr as *const halma_game;
                for _ in 0..50 {
                    let mut own = ptr::null_mut();
                    let mut count = 0;
                    // SAFETY: `r` and `g` stay alive until the scope ends and are
                    // only read (const functions); `own` is this thread's.
                    unsafe {
                        assert_eq!(
                            halma_game_new(r, ptr::null(), 0, &mut own),
                            halma_result::Ok
                        );
                        assert_eq!(halma_game_legal_move_count(g, &mut count), halma_result::Ok);
                        assert_eq!(count, 40);
                        halma_game_free(own);
                    }
                }
                // Each thread has its own last error.
                let bad = format!("halma,option{t}");
                let mut out = ptr::null_mut();
                // SAFETY: valid string and output.
                unsafe { halma_rules_new(bad.as_ptr().cast(), bad.len(), &mut out) };
                assert!(thread_error().contains(&format!("option{t}")));
            });
        }
    });
    // SAFETY: freed once, after every thread ended.
    unsafe {
        halma_game_free(g);
        halma_rules_free(r);
    }
}

/// `halma,camp-lock` where both sides can only pass and nobody wins (each
/// target camp is full, one square held by the other seat): perft is 1 at
/// every depth and recurses all the way down.
const ENDLESS_PASSES: &str =
    "rbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14rr/13rrr/12rrrr/11rrrrr/11rrrrb r";

#[test]
fn perft_deeper_than_the_bound_is_refused_and_writes_nothing() {
    // It used to recurse until the stack overflowed (a segfault in C).
    for (rules_text, position) in [("halma8", None), ("halma,camp-lock", Some(ENDLESS_PASSES))] {
        let g = game(rules_text, position);
        for depth in [HALMA_MAX_PERFT_DEPTH + 1, 1_000_000, u32::MAX] {
            let mut count = 0xDEAD_BEEF_u64;
            // SAFETY: live handle, valid output.
            let code = unsafe { halma_game_perft(g, depth, &mut count) };
            assert_eq!(code, halma_result::InvalidArgument, "{rules_text} {depth}");
            assert_eq!(
                count, 0xDEAD_BEEF,
                "{rules_text} {depth}: *out_count untouched"
            );
            let expected = format!(
                "argument `depth`: perft depth {depth} is out of range: \
                 the depth must be from 0 to {HALMA_MAX_PERFT_DEPTH}"
            );
            assert_eq!(game_error(g), expected);
            assert_eq!(thread_error(), expected);
        }
        // SAFETY: freed once.
        unsafe { halma_game_free(g) };
    }
}

#[test]
fn perft_at_the_bound_runs_to_the_bottom() {
    let g = game("halma,camp-lock", Some(ENDLESS_PASSES));
    let mut count = 0;
    // SAFETY: live handle, valid output; freed once.
    unsafe {
        assert_eq!(
            halma_game_perft(g, HALMA_MAX_PERFT_DEPTH, &mut count),
            halma_result::Ok
        );
        halma_game_free(g);
    }
    assert_eq!(count, 1);
}

/// The signature of `halma_game_perft_hashed` and `halma_game_perft_reusing`.
type PerftWithTable =
    unsafe extern "C" fn(*const halma_game, u32, u32, u32, *mut u64) -> halma_result;

/// `perft` (one of the two) counts as `halma_game_perft` with every
/// `(megabytes, threads)` of `sizes`, and refuses out-of-range arguments
/// with a detail, leaving the output untouched; `megabytes` 0 is refused
/// unless `no_table` (then it means no table).
fn perft_with_table_counts_as_perft(perft: PerftWithTable, sizes: &[(u32, u32)], no_table: bool) {
    for (rules_text, position, depth) in [
        ("halma8", None, 3),
        ("halma,camp-lock", Some(ENDLESS_PASSES), 6),
        ("halma8,jump-continue", None, 3),
        ("halma,long-jumps", None, 3),
        ("halma4", None, 3),
        (
            "halma8",
            Some("rbb5/2r2b2/br1r4/3br2b/3r1bb1/2r1b1r1/4br2/7r r"),
            4,
        ),
    ] {
        let g = game(rules_text, position);
        let mut plain = 0;
        // SAFETY: live handle, valid output.
        let code = unsafe { halma_game_perft(g, depth, &mut plain) };
        assert_eq!(code, halma_result::Ok);
        for &(megabytes, threads) in sizes {
            let mut counted = 0;
            // SAFETY: live handle, valid output.
            let code = unsafe { perft(g, depth, megabytes, threads, &mut counted) };
            assert_eq!(code, halma_result::Ok, "{rules_text}");
            assert_eq!(
                counted, plain,
                "{rules_text} {megabytes} MiB {threads} threads"
            );
        }
        // SAFETY: freed once.
        unsafe { halma_game_free(g) };
    }
    let g = game("halma8", None);
    let mut refused = vec![
        (HALMA_MAX_PERFT_DEPTH + 1, 1, 1, format!("argument `depth`: perft depth {} is out of range: the depth must be from 0 to {HALMA_MAX_PERFT_DEPTH}", HALMA_MAX_PERFT_DEPTH + 1)),
        (2, 65_537, 1, "argument `megabytes`: perft table size 65537 MiB is out of range: the size must be from 1 to 65536 MiB".to_owned()),
        (2, 1, 0, format!("argument `threads`: 0 is out of range: from 1 to {HALMA_MAX_PERFT_THREADS}")),
        (2, 1, HALMA_MAX_PERFT_THREADS + 1, format!("argument `threads`: {} is out of range: from 1 to {HALMA_MAX_PERFT_THREADS}", HALMA_MAX_PERFT_THREADS + 1)),
    ];
    if !no_table {
        refused.push((2, 0, 1, "argument `megabytes`: perft table size 0 MiB is out of range: the size must be from 1 to 65536 MiB".to_owned()));
    }
    for (depth, megabytes, threads, expected) in refused {
        let mut count = 0xDEAD_BEEF_u64;
        // SAFETY: live handle, valid output.
        let code = unsafe { perft(g, depth, megabytes, threads, &mut count) };
        assert_eq!(code, halma_result::InvalidArgument, "{expected}");
        assert_eq!(count, 0xDEAD_BEEF, "{expected}: *out_count untouched");
        assert_eq!(game_error(g), expected);
    }
    // SAFETY: a NULL output and a NULL game are refused; freed once.
    unsafe {
        assert_eq!(
            perft(g, 2, 1, 1, ptr::null_mut()),
            halma_result::NullPointer
        );
        let mut count = 0xDEAD_BEEF_u64;
        assert_eq!(
            perft(ptr::null(), 2, 1, 1, &mut count),
            halma_result::NullPointer
        );
        assert_eq!(count, 0xDEAD_BEEF);
        halma_game_free(g);
    }
}

#[test]
fn hashed_perft_counts_as_perft_and_refuses_out_of_range_arguments() {
    perft_with_table_counts_as_perft(halma_game_perft_hashed, &[(1, 1), (3, 2)], false);
}

#[test]
fn perft_reusing_replies_counts_as_perft_and_refuses_out_of_range_arguments() {
    perft_with_table_counts_as_perft(
        halma_game_perft_reusing,
        &[(0, 1), (0, 2), (1, 1), (3, 2)],
        true,
    );
}

/// The calling thread's last error detail as the bytes C receives, asked
/// for at its full length, and checked to be what `printf("%s")` shows
/// whole: one line of at most 1000 bytes, no control byte, no NUL before
/// the terminating one (issue 44, items 5 and 6, and issue 40 item 5).
fn printable_thread_error() -> String {
    let mut len = 0;
    // SAFETY: a NULL buffer of length 0 asks for the length.
    unsafe { halma_last_error(ptr::null_mut(), 0, &mut len) };
    let mut buf = vec![SENTINEL; len + 1];
    let mut written = 0;
    // SAFETY: a buffer of `len + 1` bytes.
    let code = unsafe { halma_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut written) };
    assert_eq!(code, halma_result::Ok);
    assert_eq!(written, len);
    // SAFETY: the ABI wrote a NUL-terminated string into `buf`.
    let shown = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr().cast()) }.to_bytes();
    assert_eq!(shown.len(), len, "a NUL inside the detail hides its end");
    assert!(len <= 1000, "{len} bytes");
    assert!(
        !shown.iter().any(|&b| b < 0x20 || b == 0x7f),
        "a control byte in {:?}",
        String::from_utf8_lossy(shown)
    );
    let text = String::from_utf8(shown.to_vec()).expect("details are UTF-8");
    assert!(!text.chars().any(char::is_control), "{text:?}");
    text
}

/// Texts meant to clear a terminal, forge a line, cut a C string short or
/// be long.
fn nasty_texts() -> Vec<Vec<u8>> {
    vec![
        b"halma\x1b[2J".to_vec(),
        b"halma\nerror: fake second line".to_vec(),
        b"halma\0".to_vec(),
        b"a5-a4\0\x1b".to_vec(),
        "\u{9b}2J\u{202e}".as_bytes().to_vec(),
        vec![b'a'; 100 << 20],
        [b"[Rules \"halma8\"]\n\n1. ".as_slice(), &[b'a'; 600_000]].concat(),
        b"[Rules \"halma8\"]\n[Event\x1b \"x\"]\n\n".to_vec(),
        b"[Rules \"halma8\"]\n\n1. a5-a4\0 h4-h5\n".to_vec(),
        b"\xff\x1b[2J".to_vec(),
    ]
}

#[test]
fn error_details_are_one_printable_bounded_line() {
    let g = game("halma8", None);
    let r = rules("halma8");
    for text in nasty_texts() {
        let (p, len) = (text.as_ptr().cast::<c_char>(), text.len());
        let mut out_rules = ptr::null_mut();
        let mut out_game = ptr::null_mut();
        let mut out_record = ptr::null_mut();
        let mut square = 0u16;
        let mut mv = halma_move {
            origin: 0,
            destination: 0,
            kind: 0,
        };
        // SAFETY: live handles, valid strings and outputs.
        unsafe {
            assert_ne!(halma_rules_new(p, len, &mut out_rules), halma_result::Ok);
            printable_thread_error();
            assert_ne!(halma_game_new(r, p, len, &mut out_game), halma_result::Ok);
            printable_thread_error();
            assert_ne!(halma_game_parse_move(g, p, len, &mut mv), halma_result::Ok);
            printable_thread_error();
            assert_ne!(halma_square_parse(p, len, &mut square), halma_result::Ok);
            printable_thread_error();
            assert_ne!(halma_record_read(p, len, &mut out_record), halma_result::Ok);
            printable_thread_error();
        }
    }
    // The NUL is shown, not cut at: `halma\0` names its `\x00`.
    let text = b"halma,\0";
    let mut out_rules = ptr::null_mut();
    // SAFETY: a valid string and output.
    let code = unsafe { halma_rules_new(text.as_ptr().cast(), text.len(), &mut out_rules) };
    assert_eq!(code, halma_result::InvalidRules);
    assert!(printable_thread_error().contains("`\\x00`"));
    // SAFETY: live handles, freed once.
    unsafe {
        halma_game_free(g);
        halma_rules_free(r);
    }
}

#[test]
fn the_record_writer_refuses_a_record_the_reader_would_refuse() {
    // Issue 44, item 2: a 17 MiB tag was written (17825834 bytes) and
    // `halma_record_read` refused the record.
    let g = game("halma8", None);
    let value = vec![b'x'; 17 << 20];
    let tag = halma_tag {
        name: "Event".as_ptr().cast(),
        name_len: 5,
        value: value.as_ptr().cast(),
        value_len: value.len(),
    };
    let mut len = 77;
    // SAFETY: a live handle, a valid tag, a NULL buffer of length 0.
    let code = unsafe { halma_game_write_record(g, &tag, 1, ptr::null_mut(), 0, &mut len) };
    assert_eq!(code, halma_result::InvalidArgument);
    assert_eq!(len, 77, "nothing is written on failure");
    assert!(game_error(g).contains("16777216"), "{}", game_error(g));
    // SAFETY: freed once.
    unsafe { halma_game_free(g) };
}
