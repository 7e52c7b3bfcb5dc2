//! Position strings: the first byte picks one of the fixed rule sets, the
//! rest is the text. A string that reads as a position prints back to
//! itself (the format is canonical: counts of empty squares are maximal and
//! without leading zero), re-reads to the same position with the same hash,
//! and the hash is the one computed from scratch. The same holds for the
//! rules-free `Setup` of any board size.

#![no_main]
#![forbid(unsafe_code)]

use halma_fuzz::{rules, Bytes};
use halma_rules::{Seat, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let rules = rules(bytes.u8() as usize);
    let text = String::from_utf8_lossy(bytes.rest());

    // Without rules: any board from 1x1 to 16x16.
    let setup = text.parse::<Setup>();
    if let Ok(setup) = &setup {
        let printed = setup.to_string();
        assert_eq!(printed, *text, "a setup prints back to its text");
        assert_eq!(printed.parse::<Setup>().as_ref(), Ok(setup));
        let squares = setup.geometry().squares();
        let mut all = halma_rules::Bitboard::EMPTY;
        for seat in Seat::ALL {
            let pieces = setup.pieces(seat);
            assert!(pieces.is_subset(squares), "pieces stay on the board");
            assert!((pieces & all).is_empty(), "no square holds two pieces");
            all |= pieces;
        }
    }

    match rules.parse_position(&text) {
        Ok(position) => {
            assert!(setup.is_ok(), "a position is a setup");
            let printed = position.to_string();
            assert_eq!(
                printed, *text,
                "{rules}: a position prints back to its text"
            );
            let again = rules
                .parse_position(&printed)
                .unwrap_or_else(|e| panic!("{rules}: {printed:?} does not re-read: {e}"));
            assert_eq!(again, position);
            assert_eq!(again.hash(), position.hash());
            assert_eq!(position.hash(), position.hash_from_scratch());
            assert_eq!(again.to_string(), printed);
            assert_eq!(position.to_setup(), *setup.as_ref().unwrap());
            // What the rules check: size, seats, piece counts.
            for seat in Seat::ALL {
                let count = position.pieces(seat).count();
                if rules.seats().contains(seat) {
                    assert_eq!(count, u32::from(rules.camp_size()));
                } else {
                    assert_eq!(count, 0);
                }
            }
            assert!(rules.seats().contains(position.to_move()));
            // Legal moves and the winner are defined for any valid position.
            let moves = rules.legal_moves(&position);
            assert_eq!(moves.is_empty(), rules.is_finished(&position));
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
        }
    }
});
