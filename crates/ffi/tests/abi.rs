//! The ABI agrees with the Rust API it wraps: legal moves (set and order),
//! notation, paths, positions, results, perft and records, over games played
//! under every preset.

use std::ffi::CStr;
use std::ptr;

use ::halma_rules::{write_record, Game, GameResult, Move, Rules, Seat, Square};
use halma_ffi::*;

mod common;
use common::{record_of, text, AbiGame};

/// A deterministic pseudo-random sequence.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn games_through_the_abi_match_the_rust_api() {
    let cases = [
        "halma",
        "halma3",
        "halma4,camp-lock",
        "halma8,spoil=fill",
        "halma10,spoil=swap",
        "super-halma",
        "halma8,long-jumps,camp-lock,spoil=swap",
    ];
    for (n, rules_text) in cases.into_iter().enumerate() {
        let rules: Rules = rules_text.parse().unwrap();
        let mut game = Game::new(rules.clone());
        let abi = AbiGame::new(rules_text, None);
        let mut rng = Lcg(n as u64 + 1);
        for ply in 0..120 {
            assert_eq!(
                abi.position(),
                game.position().to_string(),
                "{rules_text} ply {ply}"
            );
            let expected: Vec<halma_move> = game.legal_moves().into_iter().map(record_of).collect();
            let moves = abi.legal_moves();
            assert_eq!(
                moves, expected,
                "{rules_text} ply {ply}: same moves, same order"
            );
            let mut winner = 0;
            // SAFETY: live handle, valid output.
            unsafe { halma_game_result(abi.0, &mut winner) };
            match game.result() {
                GameResult::Ongoing => assert_eq!(winner, halma_seat::None as u32),
                GameResult::Won(seat) => {
                    assert_eq!(winner, seat.index() as u32);
                    assert!(moves.is_empty());
                    break;
                }
            }
            let chosen = game.legal_moves()[rng.below(moves.len())];
            let record = record_of(chosen);
            // SAFETY: live handle; `text` passes valid buffers.
            let notation = text(|buf, len, out| unsafe {
                halma_game_move_notation(abi.0, &record, buf, len, out)
            });
            assert_eq!(notation, game.move_to_string(chosen).unwrap());
            let mut path = [0u16; 70];
            let mut path_len = 0;
            // SAFETY: live handle, valid buffers.
            unsafe {
                assert_eq!(
                    halma_game_move_path(abi.0, &record, path.as_mut_ptr(), 70, &mut path_len),
                    halma_result::Ok
                );
            }
            let expected_path: Vec<u16> = game
                .move_path(chosen)
                .map(|p| p.0.iter().map(|s| s.index() as u16).collect())
                .unwrap_or_default();
            assert_eq!(&path[..path_len], expected_path.as_slice());
            if ply % 40 == 0 {
                let mut count = 0;
                // SAFETY: live handle, valid output.
                unsafe { halma_game_perft(abi.0, 2, &mut count) };
                assert_eq!(Ok(count), rules.perft(game.position(), 2));
            }
            game.play(chosen).unwrap();
            // SAFETY: live handle, valid record.
            assert_eq!(unsafe { halma_game_play(abi.0, &record) }, halma_result::Ok);
        }
        // The record and the history agree too.
        // SAFETY: live handle; `text` passes valid buffers.
        let record = text(|buf, len, out| unsafe {
            halma_game_write_record(abi.0, ptr::null(), 0, buf, len, out)
        });
        assert_eq!(record, write_record(&game, &[]).unwrap());
        let mut history = vec![record_of(Move::PASS); game.moves().len()];
        let mut len = 0;
        // SAFETY: live handle, valid buffers.
        unsafe {
            assert_eq!(
                halma_game_history(abi.0, history.as_mut_ptr(), history.len(), &mut len),
                halma_result::Ok
            );
        }
        let expected: Vec<halma_move> = game.moves().iter().copied().map(record_of).collect();
        assert_eq!(history, expected);
    }
}

#[test]
fn squares_and_seats_use_the_documented_numbering() {
    for (name, index) in [
        ("a1", 0u16),
        ("b1", 1),
        ("a2", 16),
        ("e12", 11 * 16 + 4),
        ("p16", 255),
    ] {
        let mut square = u16::MAX;
        // SAFETY: valid string and output.
        unsafe {
            assert_eq!(
                halma_square_parse(name.as_ptr().cast(), name.len(), &mut square),
                halma_result::Ok
            );
        }
        assert_eq!(square, index);
        assert_eq!(square, name.parse::<Square>().unwrap().index() as u16);
        let named = text(|b, l, o| {
            // SAFETY: `text` passes valid buffers.
            unsafe { halma_square_name(index, b, l, o) }
        });
        assert_eq!(named, name);
    }
    let game = AbiGame::new("halma", None);
    let mut seat = 0;
    // SAFETY: live handle, valid output.
    unsafe {
        assert_eq!(
            halma_game_piece_at(game.0, 15 * 16, &mut seat),
            halma_result::Ok
        );
        assert_eq!(seat, Seat::Red.index() as u32);
        assert_eq!(halma_game_piece_at(game.0, 15, &mut seat), halma_result::Ok);
        assert_eq!(seat, halma_seat::Blue as u32);
        assert_eq!(
            halma_game_piece_at(game.0, 8 * 16 + 8, &mut seat),
            halma_result::Ok
        );
        assert_eq!(seat, halma_seat::None as u32);
        let name = CStr::from_ptr(halma_seat_name(halma_seat::Yellow as u32));
        assert_eq!(name.to_str().unwrap(), "Yellow");
    }
    // Every square index of a position string's board agrees with the Rust position.
    let abi = AbiGame::new("halma3", None);
    let rules: Rules = "halma3".parse().unwrap();
    let position = rules.start_position();
    for square in Square::all().filter(|s| rules.geometry().contains(*s)) {
        let mut seat = 0;
        // SAFETY: live handle, valid output.
        unsafe { halma_game_piece_at(abi.0, square.index() as u16, &mut seat) };
        let expected = position.piece_at(square).map_or(255, |s| s.index() as u32);
        assert_eq!(seat, expected, "{square}");
    }
}

#[test]
fn rules_handles_describe_camps_and_seats() {
    let mut handle = ptr::null_mut();
    let text_in = "halma3,spoil=swap";
    // SAFETY: valid string, output; freed below.
    unsafe {
        assert_eq!(
            halma_rules_new(text_in.as_ptr().cast(), text_in.len(), &mut handle),
            halma_result::Ok
        );
    }
    let rules: Rules = text_in.parse().unwrap();
    let canonical = text(|b, l, o| {
        // SAFETY: live handle; `text` passes valid buffers.
        unsafe { halma_rules_string(handle, b, l, o) }
    });
    assert_eq!(canonical, text_in);
    let mut value = 0;
    // SAFETY: live handle, valid outputs.
    unsafe {
        halma_rules_seats(handle, &mut value);
        assert_eq!(value, 0b0111);
        halma_rules_camp_size(handle, &mut value);
        assert_eq!(value, 13);
        halma_rules_board_width(handle, &mut value);
        assert_eq!(value, 16);
        halma_rules_board_height(handle, &mut value);
        assert_eq!(value, 16);
    }
    for seat in Seat::ALL {
        let mut squares = [0u16; 32];
        let mut len = 0;
        // SAFETY: live handle, valid buffers.
        unsafe {
            assert_eq!(
                halma_rules_home_camp(
                    handle,
                    seat.index() as u32,
                    squares.as_mut_ptr(),
                    32,
                    &mut len
                ),
                halma_result::Ok
            );
        }
        let expected: Vec<u16> = rules
            .home_camp(seat)
            .squares_sorted()
            .iter()
            .map(|s| s.index() as u16)
            .collect();
        assert_eq!(&squares[..len], expected.as_slice());
        // SAFETY: as above.
        unsafe {
            halma_rules_target_camp(
                handle,
                seat.index() as u32,
                squares.as_mut_ptr(),
                32,
                &mut len,
            );
        }
        assert_eq!(len, rules.target_camp(seat).count() as usize);
    }
    // SAFETY: freed once.
    unsafe { halma_rules_free(handle) };
}
