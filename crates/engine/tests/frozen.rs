//! The frozen versions play as they did when they were frozen: `v2`
//! (`EngineOptions::v2`) is the yardstick of every later strength change
//! (docs/strength.md), so a change that alters its play by accident must
//! fail here. The fingerprints were taken from the engine of 2026-12-03,
//! the day `v2` was frozen: the moves of a node-limited self-play game of
//! each preset below (deterministic, one thread), and of a solo race.

use std::sync::atomic::AtomicBool;

use halma_core::{Bitboard, Position, Seat, SeatSet, Setup};
use halma_engine::{Engine, EngineOptions, Limits};
use halma_rules::Rules;

/// FNV-1a over the moves of a game of `plies` plies at most from `start`
/// (a position of `rules`, one seat or more), `nodes` per search.
fn fingerprint(
    options: EngineOptions,
    rules: &Rules,
    start: &Position,
    plies: usize,
    nodes: u64,
) -> u64 {
    let mut position = start.clone();
    let mut history = Vec::new();
    let mut engine = Engine::new(options);
    let stop = AtomicBool::new(false);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for _ in 0..plies {
        if rules.is_finished(&position) {
            break;
        }
        let result = engine
            .search_position(rules, &position, &history, Limits::nodes(nodes), &stop)
            .unwrap();
        let mv = result.best_move.expect("the game is not over");
        for byte in rules.move_to_string(&position, mv).unwrap().bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        history.push(position.hash());
        position.make_move_unchecked(mv);
    }
    hash
}

/// Red alone on its home camp, to move.
fn solo(rules: &Rules) -> Position {
    let mut pieces = [Bitboard::EMPTY; 4];
    pieces[Seat::Red.index()] = rules.home_camp(Seat::Red);
    let setup = Setup::new(rules.geometry(), pieces, Seat::Red);
    Position::from_setup(&setup, SeatSet::of(&[Seat::Red])).unwrap()
}

#[test]
fn v2_plays_as_on_the_day_it_was_frozen() {
    // (rules, one-seat start, plies, nodes per move, fingerprint)
    type Case = (&'static str, bool, usize, u64, u64);
    let expected: [Case; 5] = [
        ("halma", false, 160, 2_000, 6_333_547_236_984_384_275),
        ("super-halma", false, 40, 2_000, 222_494_972_576_953_800),
        ("halma10", false, 40, 2_000, 1_462_456_325_186_931_297),
        ("halma4", false, 24, 2_000, 3_977_404_119_052_047_850),
        ("halma", true, 30, 2_000, 12_652_717_453_750_802_626),
    ];
    let seen = expected.map(|(rules, one_seat, plies, nodes, _)| {
        let parsed: Rules = rules.parse().unwrap();
        let start = if one_seat {
            solo(&parsed)
        } else {
            parsed.start_position()
        };
        let hash = fingerprint(EngineOptions::v2(), &parsed, &start, plies, nodes);
        (rules, one_seat, plies, nodes, hash)
    });
    assert_eq!(seen, expected);
}

/// The changes since `v2` are to one-seat races and two-seat games: with
/// three and four seats today's engine plays exactly as `v2`.
#[test]
fn three_and_four_seats_play_as_v2() {
    for text in ["halma3", "halma4"] {
        let rules: Rules = text.parse().unwrap();
        let start = rules.start_position();
        assert_eq!(
            fingerprint(EngineOptions::default(), &rules, &start, 30, 2_000),
            fingerprint(EngineOptions::v2(), &rules, &start, 30, 2_000),
            "{text}"
        );
    }
}
