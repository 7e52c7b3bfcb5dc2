//! The cost of one C ABI call that lists the legal moves of a midgame
//! position (issue 3's acceptance, issue 5 item 1), next to the same work in
//! Rust, in one criterion group and run:
//!
//! - `ffi_halma_game_legal_moves`: one `halma_game_legal_moves` call filling a
//!   caller buffer of `halma_move` records (through the panic boundary and
//!   the pointer checks, as a C caller pays it);
//! - `rust_legal_moves`: `Rules::legal_moves` (an allocated, sorted `Vec<Move>`);
//! - `rust_piece_moves_records`: the allocation-free per-piece
//!   `MoveGenerator` path writing the same records into a stack buffer,
//!   sorted in the same order as the C call.
//!
//! The position is the `halma-midgame` row of `benches/positions.tsv` at the
//! workspace root. Run with `cargo bench -p halma-ffi --bench ffi_moves`.

use std::hint::black_box;
use std::ptr;
use std::time::Duration;

use ::halma_rules::Rules;
use criterion::{Criterion, Throughput};
use halma_ffi::{
    halma_game, halma_game_free, halma_game_legal_moves, halma_game_new, halma_move, halma_result,
};
use halma_ffi::{halma_move_kind, halma_rules, halma_rules_free, halma_rules_new};

/// The workspace's benchmark positions (name, rules, position, perft depth).
const POSITIONS_TSV: &str = include_str!("../../../benches/positions.tsv");

/// The measured position.
const POSITION_NAME: &str = "halma-midgame";

/// Room for every move of any position in the file.
const CAPACITY: usize = 1024;

/// `(rules string, position string)` of [`POSITION_NAME`].
fn midgame() -> (&'static str, &'static str) {
    POSITIONS_TSV
        .lines()
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .find(|fields| fields.first() == Some(&POSITION_NAME))
        .map(|fields| (fields[1], fields[2]))
        .expect("benches/positions.tsv has the midgame position")
}

/// A game handle made through the C ABI, freed on drop.
struct FfiGame {
    rules: *mut halma_rules,
    game: *mut halma_game,
}

impl FfiGame {
    fn new(rules_text: &str, position_text: &str) -> FfiGame {
        let mut rules = ptr::null_mut();
        let mut game = ptr::null_mut();
        // SAFETY: the strings are valid for their lengths and the out
        // pointers are valid for writing a pointer.
        unsafe {
            let code = halma_rules_new(rules_text.as_ptr().cast(), rules_text.len(), &mut rules);
            assert_eq!(code, halma_result::Ok, "halma_rules_new");
            let code = halma_game_new(
                rules,
                position_text.as_ptr().cast(),
                position_text.len(),
                &mut game,
            );
            assert_eq!(code, halma_result::Ok, "halma_game_new");
        }
        FfiGame { rules, game }
    }

    /// One `halma_game_legal_moves` call into `buf`; the number of moves.
    #[inline]
    fn legal_moves(&self, buf: &mut [halma_move]) -> usize {
        let mut len = 0usize;
        // SAFETY: `self.game` is live; `buf` is valid for `buf.len()`
        // records and `len` for writing a `size_t`.
        let code =
            unsafe { halma_game_legal_moves(self.game, buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!(code, halma_result::Ok, "halma_game_legal_moves");
        len
    }
}

impl Drop for FfiGame {
    fn drop(&mut self) {
        // SAFETY: both handles were made by the library and are freed once.
        unsafe {
            halma_game_free(self.game);
            halma_rules_free(self.rules);
        }
    }
}

/// The same records as the C call, by the per-piece generator, without allocating.
#[inline]
fn piece_moves_records(
    rules: &Rules,
    position: &halma_core::Position,
    buf: &mut [halma_move],
) -> usize {
    let generator = rules.move_generator(position);
    let mut written = 0;
    for piece in rules.piece_moves(position, &generator) {
        for (set, kind) in [
            (piece.steps, halma_move_kind::Step),
            (piece.jumps, halma_move_kind::Jump),
            (piece.swaps, halma_move_kind::Swap),
        ] {
            for destination in set {
                buf[written] = halma_move {
                    origin: piece.origin.index() as u16,
                    destination: destination.index() as u16,
                    kind: kind as u32,
                };
                written += 1;
            }
        }
    }
    buf[..written].sort_unstable_by_key(|mv| (mv.origin, mv.kind, mv.destination));
    written
}

fn ffi_moves(c: &mut Criterion) {
    let (rules_text, position_text) = midgame();
    let rules: Rules = rules_text.parse().expect("a valid rules string");
    let position = rules
        .parse_position(position_text)
        .expect("a valid position string");
    let game = FfiGame::new(rules_text, position_text);
    let blank = halma_move {
        origin: 0,
        destination: 0,
        kind: 0,
    };

    // All three produce the same moves in the same order.
    let expected: Vec<halma_move> = rules
        .legal_moves(&position)
        .into_iter()
        .map(halma_move::from)
        .collect();
    let mut buf = vec![blank; CAPACITY];
    let n = game.legal_moves(&mut buf);
    assert_eq!(
        &buf[..n],
        &expected[..],
        "the C call lists the moves of Rules::legal_moves"
    );
    let mut records = [blank; CAPACITY];
    let n = piece_moves_records(&rules, &position, &mut records);
    assert_eq!(
        &records[..n],
        &expected[..],
        "the per-piece path lists the same records"
    );

    let mut group = c.benchmark_group(format!("ffi_legal_moves/{POSITION_NAME}"));
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(expected.len() as u64));
    group.bench_function("ffi_halma_game_legal_moves", |b| {
        b.iter(|| game.legal_moves(black_box(&mut buf)))
    });
    group.bench_function("rust_legal_moves", |b| {
        b.iter(|| rules.legal_moves(black_box(&position)))
    });
    group.bench_function("rust_piece_moves_records", |b| {
        b.iter(|| piece_moves_records(&rules, black_box(&position), &mut records))
    });
    group.finish();
}

/// Runs the benchmarks (what `criterion_group!`/`criterion_main!` expand to,
/// written out so that every item has a doc comment).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    ffi_moves(&mut criterion);
    criterion.final_summary();
}
