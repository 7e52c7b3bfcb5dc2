//! Sequences of operations on a `Game` driven by the input: play the k-th
//! legal move or the greedy one, play a move text, play an arbitrary move
//! record, undo, clone and go on with the clone, query. After every
//! operation: a failed operation changed nothing; undo restores the exact
//! previous position, hash and result; the hash equals the one computed
//! from scratch; the result is the rules' winner; a finished game has no
//! legal move and refuses every move; clones left behind are unchanged.

#![no_main]
#![forbid(unsafe_code)]

use halma_fuzz::{greedy_move, legal_moves_unsorted, sample, scenario, Bytes};
use halma_rules::{Game, GameResult, Move, MoveKind, Position, Square};
use libfuzzer_sys::fuzz_target;

/// Most moves a fuzzed game plays (keeps the quadratic replay checks cheap).
const MAX_PLIES: usize = 1500;

/// What the game looked like before a move: what undo must restore.
struct Snapshot {
    position: Position,
    hash: u64,
    result: GameResult,
}

struct State {
    game: Game,
    undo: Vec<Snapshot>,
    /// Games cloned off earlier, each with a copy to compare against.
    left_behind: Vec<(Game, Game)>,
}

impl State {
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.game.position().clone(),
            hash: self.game.position().hash(),
            result: self.game.result(),
        }
    }

    /// Plays `mv` through `Game::play` and checks the outcome against the legal list.
    fn play(&mut self, mv: Move) {
        let legal = legal_moves_unsorted(self.game.rules(), self.game.position());
        let before = self.game.clone();
        let snapshot = self.snapshot();
        match self.game.play(mv) {
            Ok(()) => {
                assert!(legal.contains(&mv), "{mv:?} played but not legal");
                assert_eq!(self.game.moves().len(), before.moves().len() + 1);
                assert_eq!(self.game.moves().last(), Some(&mv));
                self.undo.push(snapshot);
            }
            Err(error) => {
                assert!(!legal.contains(&mv), "legal {mv:?} refused: {error}");
                assert_eq!(self.game, before, "a refused move changed the game");
            }
        }
    }

    /// Plays a move text through `Game::play_str`.
    fn play_str(&mut self, text: &str) {
        let legal = legal_moves_unsorted(self.game.rules(), self.game.position());
        let before = self.game.clone();
        let snapshot = self.snapshot();
        match self.game.play_str(text) {
            Ok(mv) => {
                assert!(legal.contains(&mv), "{text:?} played as {mv:?}, not legal");
                assert_eq!(self.game.moves().last(), Some(&mv));
                assert_eq!(self.game.moves().len(), before.moves().len() + 1);
                self.undo.push(snapshot);
            }
            Err(error) => {
                let parsed = before.rules().parse_move(before.position(), text);
                assert_eq!(parsed.map_err(|e| e.to_string()), Err(error.to_string()));
                assert_eq!(self.game, before, "a refused move text changed the game");
            }
        }
    }

    fn undo(&mut self) {
        let before = self.game.clone();
        let taken = self.game.undo();
        match self.undo.pop() {
            None => {
                assert_eq!(taken, None);
                assert_eq!(self.game, before);
            }
            Some(snapshot) => {
                assert_eq!(taken, before.moves().last().copied());
                assert_eq!(self.game.position(), &snapshot.position, "undo restores");
                assert_eq!(self.game.position().hash(), snapshot.hash);
                assert_eq!(self.game.result(), snapshot.result);
                assert_eq!(
                    self.game.moves(),
                    &before.moves()[..before.moves().len() - 1]
                );
            }
        }
    }

    /// The invariants that hold after every operation.
    fn check(&self) {
        let game = &self.game;
        let rules = game.rules();
        let position = game.position();
        assert_eq!(position.hash(), position.hash_from_scratch());
        let winner = match rules.winner(position) {
            Some(seat) => GameResult::Won(seat),
            None => GameResult::Ongoing,
        };
        assert_eq!(game.result(), winner);
        assert_eq!(game.is_over(), rules.is_finished(position));
        assert_eq!(game.moves().len(), self.undo.len());
        let legal = game.legal_moves();
        assert_eq!(legal.is_empty(), game.is_over());
        if game.is_over() {
            let mut copy = game.clone();
            assert!(copy.play(Move::PASS).is_err());
            assert!(copy.play_str("pass").is_err());
            assert_eq!(&copy, game);
        } else if legal.as_slice() != [Move::PASS] {
            assert!(!legal.contains(&Move::PASS));
            let mut copy = game.clone();
            assert!(copy.play(Move::PASS).is_err());
            assert_eq!(&copy, game);
        }
        for (original, copy) in &self.left_behind {
            assert_eq!(original, copy, "a clone left behind changed");
        }
    }

    /// The slow checks: replay from the start, notation of every legal move.
    fn check_deep(&self) {
        let game = &self.game;
        let rules = game.rules();
        let mut position = game.start_position().clone();
        for &mv in game.moves() {
            assert!(legal_moves_unsorted(rules, &position).contains(&mv));
            position.make_move_unchecked(mv);
        }
        assert_eq!(&position, game.position());
        assert_eq!(game.move_texts().len(), game.moves().len());
        for mv in sample(&game.legal_moves(), 8) {
            let text = game.move_to_string(mv).expect("a legal move");
            assert_eq!(rules.parse_move(&position, &text), Ok(mv), "{text}");
        }
        assert_eq!(rules.parse_position(&position.to_string()), Ok(position));
    }
}

fn square(byte: u8) -> Square {
    Square::from_index(byte as usize).expect("every byte is a square index")
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (rules, start) = scenario(&mut bytes);
    let mut state = State {
        game: Game::from_position(rules, start).expect("scenarios are valid under their rules"),
        undo: Vec::new(),
        left_behind: Vec::new(),
    };
    state.check();
    while !bytes.is_empty() {
        let full = state.game.moves().len() >= MAX_PLIES;
        match bytes.u8() % 10 {
            0 if !full => {
                let legal = state.game.legal_moves();
                let k = bytes.u8() as usize;
                if legal.is_empty() {
                    state.play(Move::new(
                        square(k as u8),
                        square(k as u8 ^ 1),
                        MoveKind::Step,
                    ));
                } else {
                    state.play(legal[k % legal.len()]);
                }
            }
            1 if !full => {
                let legal = state.game.legal_moves();
                let offset = bytes.u8() as usize;
                let mv = if legal.is_empty() {
                    Move::PASS
                } else {
                    greedy_move(state.game.rules(), state.game.position(), &legal, offset)
                };
                state.play(mv);
            }
            2 if !full => {
                let text = String::from_utf8_lossy(bytes.chunk()).into_owned();
                state.play_str(&text);
            }
            3 => state.undo(),
            4 => {
                // Go on with a clone; the original is kept and must not change.
                if state.left_behind.len() < 4 {
                    let clone = state.game.clone();
                    assert_eq!(clone, state.game);
                    let original = std::mem::replace(&mut state.game, clone);
                    state.left_behind.push((original.clone(), original));
                }
            }
            5 if !full => {
                let kind = bytes.u8();
                let (from, to) = (square(bytes.u8()), square(bytes.u8()));
                let mv = match kind % 4 {
                    0 => Move::new(from, to, MoveKind::Step),
                    1 => Move::new(from, to, MoveKind::Jump),
                    2 => Move::new(from, to, MoveKind::Swap),
                    _ => Move::PASS,
                };
                state.play(mv);
            }
            6 => state.check_deep(),
            7 if !full => {
                let legal = state.game.legal_moves();
                if let Some(&mv) = legal.get(bytes.u8() as usize % legal.len().max(1)) {
                    let text = state.game.move_to_string(mv).expect("a legal move");
                    let text = if bytes.u8() & 1 == 0 || mv.is_pass() {
                        text
                    } else {
                        format!("{}-{}", mv.from(), mv.to())
                    };
                    state.play_str(&text);
                    assert_eq!(state.game.moves().last(), Some(&mv));
                }
            }
            8 if !full => {
                // A run of greedy moves, to reach the end of a game.
                for _ in 0..bytes.u8() % 32 {
                    let legal = legal_moves_unsorted(state.game.rules(), state.game.position());
                    if legal.is_empty() {
                        break;
                    }
                    let mv = greedy_move(state.game.rules(), state.game.position(), &legal, 0);
                    state.play(mv);
                }
            }
            _ => {
                for _ in 0..bytes.u8() % 8 {
                    state.undo();
                }
            }
        }
        state.check();
    }
    state.check_deep();
});
