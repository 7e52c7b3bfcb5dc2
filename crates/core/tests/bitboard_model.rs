//! Property tests: bitboard operations and directional shifts against a
//! plain `[bool; 256]` model (indexed by rank * 16 + file), on boards of random size.

// The model is indexed arithmetic on purpose: it is the obviously-correct side.
#![allow(clippy::needless_range_loop)]

use halma_core::{Bitboard, Direction, Geometry, Square};
use proptest::prelude::*;

type Model = [bool; 256];

/// A random set of squares within a random `width` x `height` board.
fn board_and_sets() -> impl Strategy<Value = (u8, u8, Model, Model)> {
    (
        1u8..=16,
        1u8..=16,
        prop::array::uniform32(any::<u64>()),
        prop::array::uniform32(any::<u64>()),
    )
        .prop_map(|(w, h, a, b)| {
            let mut x = [false; 256];
            let mut y = [false; 256];
            for i in 0..256 {
                let (file, rank) = ((i % 16) as u8, (i / 16) as u8);
                let on_board = file < w && rank < h;
                x[i] = on_board && (a[i / 8] >> (i % 8 * 7) & 1 == 1);
                y[i] = on_board && (b[i / 8] >> (i % 8 * 5) & 1 == 1);
            }
            (w, h, x, y)
        })
}

fn model_shift(m: &Model, direction: Direction, w: u8, h: u8) -> Model {
    let (dx, dy) = direction.delta();
    let mut out = [false; 256];
    for i in 0..256 {
        if !m[i] {
            continue;
        }
        let file = (i % 16) as i16 + dx as i16;
        let rank = (i / 16) as i16 + dy as i16;
        if (0..w as i16).contains(&file) && (0..h as i16).contains(&rank) {
            out[(rank * 16 + file) as usize] = true;
        }
    }
    out
}

fn model_op(a: &Model, b: &Model, f: impl Fn(bool, bool) -> bool) -> Model {
    let mut out = [false; 256];
    for i in 0..256 {
        out[i] = f(a[i], b[i]);
    }
    out
}

proptest! {
    #[test]
    fn set_operations_match_the_model((w, h, x, y) in board_and_sets()) {
        let (a, b) = (Bitboard::from_bools(&x), Bitboard::from_bools(&y));
        let board = Geometry::new(w, h).unwrap().squares();
        prop_assert_eq!(a.to_bools(), x);
        prop_assert_eq!((a | b).to_bools(), model_op(&x, &y, |p, q| p || q));
        prop_assert_eq!((a & b).to_bools(), model_op(&x, &y, |p, q| p && q));
        prop_assert_eq!((a ^ b).to_bools(), model_op(&x, &y, |p, q| p != q));
        prop_assert_eq!((a - b).to_bools(), model_op(&x, &y, |p, q| p && !q));
        let on_board = Bitboard::rectangle(w, h).to_bools();
        prop_assert_eq!((!a & board).to_bools(), model_op(&x, &on_board, |p, q| !p && q));
        prop_assert_eq!(a.count() as usize, x.iter().filter(|&&v| v).count());
        prop_assert_eq!(a.is_empty(), !x.contains(&true));
        prop_assert_eq!(a.is_subset(a | b), true);
        prop_assert_eq!(a.is_subset(b), (0..256).all(|i| !x[i] || y[i]));
        for sq in Square::all() {
            prop_assert_eq!(a.contains(sq), x[sq.index()]);
        }
        let members: Vec<usize> = a.into_iter().map(|s| s.index()).collect();
        prop_assert_eq!(members.len(), a.into_iter().len());
        let mut sorted = members.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (0..256).filter(|&i| x[i]).collect::<Vec<_>>());
        let mut toggled = a;
        if let Some(first) = a.first() {
            toggled.toggle(first);
            prop_assert!(!toggled.contains(first));
            prop_assert_eq!(toggled.count() + 1, a.count());
        }
    }

    #[test]
    fn shifts_match_the_model_and_never_wrap((w, h, x, _y) in board_and_sets()) {
        let a = Bitboard::from_bools(&x);
        let board = Geometry::new(w, h).unwrap().squares();
        for direction in Direction::ALL {
            prop_assert_eq!(
                (a.shift(direction) & board).to_bools(),
                model_shift(&x, direction, w, h),
                "{:?} on {}x{}", direction, w, h
            );
            // On the full 16x16 grid a shift loses exactly the squares on the edge it moves off.
            prop_assert_eq!(
                a.shift(direction).to_bools(),
                model_shift(&x, direction, 16, 16)
            );
        }
        let mut neighbours = [false; 256];
        for direction in Direction::ALL {
            neighbours = model_op(&neighbours, &model_shift(&x, direction, 16, 16), |p, q| p || q);
        }
        prop_assert_eq!(a.neighbours().to_bools(), neighbours);
    }
}
