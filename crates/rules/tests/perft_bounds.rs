//! perft's depth bound: a depth above `MAX_PERFT_DEPTH` is a typed error from
//! every perft entry point, and a perft at the bound recurses all the way
//! down within a small thread stack.

use halma_rules::{Move, PerftError, PerftOptions, Position, Rules, MAX_PERFT_DEPTH};

/// `halma,camp-lock` with each target camp full of the other seat's pieces
/// but one: Red's 18 pieces and a Blue piece fill the south-east camp, Blue's
/// 18 and a Red piece the north-west camp, each intruder in its corner. Camp-lock
/// keeps the 18 in their target camp, which is full; each intruder has only
/// occupied camp squares around it and behind its neighbours. So both sides
/// pass for ever and nobody wins: perft is 1 at every depth, and each depth is
/// a real level of recursion.
const ENDLESS_PASSES: &str =
    "rbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14rr/13rrr/12rrrr/11rrrrr/11rrrrb r";

fn endless() -> (Rules, Position) {
    let rules: Rules = "halma,camp-lock".parse().expect("rules");
    let position = rules.parse_position(ENDLESS_PASSES).expect("position");
    (rules, position)
}

fn too_large(depth: u32) -> PerftError {
    PerftError::DepthTooLarge {
        depth,
        max: MAX_PERFT_DEPTH,
    }
}

#[test]
fn every_entry_point_refuses_a_depth_above_the_bound() {
    let rules: Rules = "halma".parse().expect("rules");
    let start = rules.start_position();
    for depth in [MAX_PERFT_DEPTH + 1, 1000, u32::MAX] {
        assert_eq!(rules.perft(&start, depth), Err(too_large(depth)));
        assert_eq!(rules.divide(&start, depth), Err(too_large(depth)));
        for threads in [1, 2] {
            assert_eq!(
                rules.perft_with(&start, depth, PerftOptions::new().threads(threads)),
                Err(too_large(depth))
            );
            assert_eq!(
                rules.divide_with(&start, depth, PerftOptions::new().threads(threads)),
                Err(too_large(depth))
            );
        }
    }
}

#[test]
fn a_finished_game_is_refused_too() {
    // The bound is checked before anything else, not only where the
    // recursion would go deep.
    let (rules, _) = endless();
    let won = rules
        .parse_position(
            "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14rr/13rrr/12rrrr/11rrrrr/11rrrrr b",
        )
        .expect("position");
    assert!(rules.is_finished(&won));
    assert_eq!(rules.perft(&won, MAX_PERFT_DEPTH), Ok(0));
    assert_eq!(rules.perft(&won, u32::MAX), Err(too_large(u32::MAX)));
}

#[test]
fn the_error_names_the_depth_and_the_range() {
    let message = too_large(4_294_967_295).to_string();
    assert_eq!(
        message,
        "perft depth 4294967295 is out of range: the depth must be from 0 to 64"
    );
}

#[test]
fn the_endless_position_passes_and_nobody_wins() {
    let (rules, position) = endless();
    assert!(!rules.is_finished(&position));
    let moves = rules.legal_moves(&position);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0], Move::PASS);
    assert_eq!(rules.perft(&position, 5), Ok(1));
}

#[test]
fn perft_at_the_bound_recurses_fully_on_a_small_stack() {
    // A quarter of a spawned Rust thread's default 2 MiB: perft at the bound
    // must fit with room to spare, in debug builds too.
    const STACK: usize = 512 * 1024;
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(|| {
            let (rules, position) = endless();
            let depth = MAX_PERFT_DEPTH;
            (
                rules.perft(&position, depth),
                rules.perft_with(&position, depth, PerftOptions::new().threads(2)),
                rules.divide(&position, depth).map(|d| d.len()),
                rules
                    .divide_with(&position, depth, PerftOptions::new().threads(2))
                    .map(|d| d.len()),
            )
        })
        .expect("thread starts");
    let (perft, parallel, divide, divide_parallel) = worker.join().expect("no stack overflow");
    assert_eq!(perft, Ok(1));
    assert_eq!(parallel, Ok(1));
    assert_eq!(divide, Ok(1));
    assert_eq!(divide_parallel, Ok(1));
}
