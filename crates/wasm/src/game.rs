//! Games: moves as the strings `halma moves` prints, played and undone,
//! perft, and game records written and read.

use halma_rules::{
    read_record, write_record, Game, Move, MoveError, PerftMode, PerftOptions, PerftTable,
    Position, Rules, Seat, Square, MAX_PERFT_DEPTH,
};
use wasm_bindgen::prelude::*;

use crate::endings::tag_pairs;
use crate::error::{Failure, FailureKind};
use crate::numbers;
use crate::reasons::square_on_board;
use crate::rules::RulesHandle;
use crate::MAX_TABLE_MIB;

/// Most perft threads asked for: more than 1 is refused on WebAssembly
/// (no threads), with the library's message.
const MAX_PERFT_THREADS: u64 = 256;

/// A game: rules, the moves played (with undo), the position, the result
/// (the package's `Game`).
#[wasm_bindgen(js_name = WasmGame)]
pub struct GameHandle {
    pub(crate) game: Game,
}

/// A game record read back: its game and its tags (`readRecord`).
#[wasm_bindgen(js_name = WasmRecord)]
pub struct RecordHandle {
    game: Option<Game>,
    tags: Vec<(String, String)>,
}

#[wasm_bindgen(js_class = WasmRecord)]
impl RecordHandle {
    /// Reads a game record and replays it, checking every move and the result.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<RecordHandle, Failure> {
        let record = read_record(text)?;
        Ok(RecordHandle {
            game: Some(record.game),
            tags: record.tags,
        })
    }

    /// The record's game, replayed to its last move; only once (an
    /// invalid-argument failure the second time).
    #[wasm_bindgen(js_name = takeGame)]
    pub fn take_game(&mut self) -> Result<GameHandle, Failure> {
        let game = self
            .game
            .take()
            .ok_or_else(|| Failure::invalid("the record's game was taken already"))?;
        Ok(GameHandle { game })
    }

    /// The names of every tag, in the order read.
    #[wasm_bindgen(js_name = tagNames)]
    pub fn tag_names(&self) -> Vec<String> {
        self.tags.iter().map(|(name, _)| name.clone()).collect()
    }

    /// The values of every tag, in the order read.
    #[wasm_bindgen(js_name = tagValues)]
    pub fn tag_values(&self) -> Vec<String> {
        self.tags.iter().map(|(_, value)| value.clone()).collect()
    }
}

/// The notation of every move in `moves`, each legal in `position` (one
/// that is not has none, and is left out).
fn notations(
    rules: &Rules,
    position: &Position,
    moves: impl IntoIterator<Item = Move>,
) -> Vec<String> {
    moves
        .into_iter()
        .filter_map(|mv| rules.move_to_string(position, mv).ok())
        .collect()
}

/// What the exported methods share.
impl GameHandle {
    fn under(rules: Rules, position: Option<String>) -> Result<GameHandle, Failure> {
        let game = match position {
            None => Game::new(rules),
            Some(text) => {
                let start = rules.parse_position(&text)?;
                Game::from_position(rules, start)?
            }
        };
        Ok(GameHandle { game })
    }

    fn parse(&self, text: &str) -> Result<Move, Failure> {
        self.game
            .rules()
            .parse_move(self.game.position(), text)
            .map_err(|error| Failure::of_move(&self.game, error))
    }

    /// The notation of `mv`, legal in the current position.
    fn notation(&self, mv: Move) -> Result<String, Failure> {
        self.game
            .move_to_string(mv)
            .map_err(|reason| Failure::of_move(&self.game, MoveError::Illegal(reason)))
    }
}

#[wasm_bindgen(js_class = WasmGame)]
impl GameHandle {
    /// A game under the rules string `rules`, from `position` (a position
    /// string) or the preset's start.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, position: Option<String>) -> Result<GameHandle, Failure> {
        GameHandle::under(rules.parse()?, position)
    }

    /// A game under the rules of `rules` (see [`GameHandle::new`]).
    #[wasm_bindgen(js_name = withRules)]
    pub fn with_rules(
        rules: &RulesHandle,
        position: Option<String>,
    ) -> Result<GameHandle, Failure> {
        GameHandle::under(rules.rules.clone(), position)
    }

    /// An independent copy, history included.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> GameHandle {
        GameHandle {
            game: self.game.clone(),
        }
    }

    /// The game's rules.
    pub fn rules(&self) -> RulesHandle {
        RulesHandle {
            rules: self.game.rules().clone(),
        }
    }

    /// The canonical rules string of the game's rules.
    #[wasm_bindgen(js_name = rulesString)]
    pub fn rules_string(&self) -> String {
        self.game.rules().to_string()
    }

    /// The position string of the current position.
    pub fn position(&self) -> String {
        self.game.position().to_string()
    }

    /// The position string of the position the game started from.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.game.start_position().to_string()
    }

    /// The name of the seat to move.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.game.to_move().name().to_owned()
    }

    /// The name of the seat that won, or `undefined` while the game is on.
    pub fn winner(&self) -> Option<String> {
        self.game
            .rules()
            .winner(self.game.position())
            .map(|seat| seat.name().to_owned())
    }

    /// Whether a seat has won.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The moves played, oldest first, each in notation as written in the
    /// position it was played in.
    pub fn history(&self) -> Vec<String> {
        self.game.move_texts()
    }

    /// The number of moves played.
    #[wasm_bindgen(js_name = plyCount)]
    pub fn ply_count(&self) -> u32 {
        // At most MAX_GAME_MOVES (100 000).
        self.game.moves().len() as u32
    }

    /// The legal moves in notation, the lines of `halma moves` in its order
    /// (none once the game is over, `pass` alone when blocked).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        notations(
            self.game.rules(),
            self.game.position(),
            self.game.legal_moves(),
        )
    }

    /// The number of legal moves (0 once the game is over).
    #[wasm_bindgen(js_name = legalMoveCount)]
    pub fn legal_move_count(&self) -> u32 {
        // At most 4503 (the bound of the C ABI's HALMA_MAX_LEGAL_MOVES).
        self.game.rules().legal_move_count(self.game.position()) as u32
    }

    /// Reads a legal move in notation without playing it: its notation as
    /// `legalMoves` writes it (a two-square move becomes its full path).
    #[wasm_bindgen(js_name = parseMove)]
    pub fn parse_move(&self, text: &str) -> Result<String, Failure> {
        let mv = self.parse(text)?;
        self.notation(mv)
    }

    /// The squares of a legal move's path, origin first (none for `pass`).
    pub fn path(&self, text: &str) -> Result<Vec<String>, Failure> {
        let mv = self.parse(text)?;
        Ok(self
            .game
            .move_path(mv)
            .map(|path| path.0.iter().map(Square::to_string).collect())
            .unwrap_or_default())
    }

    /// Plays a move given in notation; returns its notation as `legalMoves`
    /// writes it. An illegal or malformed move changes nothing.
    pub fn play(&mut self, text: &str) -> Result<String, Failure> {
        let mv = self.parse(text)?;
        let notation = self.notation(mv)?;
        self.game
            .play(mv)
            .map_err(|error| Failure::of_play(&self.game, error))?;
        Ok(notation)
    }

    /// Takes back the last move; returns its notation.
    pub fn undo(&mut self) -> Result<String, Failure> {
        let mv = self.game.undo().ok_or_else(|| {
            Failure::new(
                FailureKind::NothingToUndo,
                "no move to undo: the game is at its start position",
            )
        })?;
        self.notation(mv)
    }

    /// The seat on a square (a name such as `e12`), or `undefined` when it is empty.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> Result<Option<String>, Failure> {
        let at = square_on_board(&self.game, square)?;
        Ok(self
            .game
            .position()
            .piece_at(at)
            .map(|seat| seat.name().to_owned()))
    }

    /// The board's rows, north (the highest rank) first, each a string of
    /// one character per square from file a: a seat's letter (`r`, `g`,
    /// `b`, `y`) or `.` for an empty square.
    pub fn rows(&self) -> Vec<String> {
        let geometry = self.game.rules().geometry();
        let position = self.game.position();
        (0..geometry.height())
            .rev()
            .map(|rank| {
                (0..geometry.width())
                    .map(|file| {
                        Square::new(file, rank)
                            .and_then(|square| position.piece_at(square))
                            .map_or('.', Seat::letter)
                    })
                    .collect()
            })
            .collect()
    }

    /// The number of move sequences of `depth` moves from the current
    /// position; with `hash_megabytes`, through a transposition table of that
    /// size (the same count); with `reuse_replies`, reusing one count for the
    /// replies that cannot change it (the same count). `threads` more than 1
    /// is refused on WebAssembly, which has no threads.
    pub fn perft(
        &self,
        depth: f64,
        hash_megabytes: Option<f64>,
        threads: Option<f64>,
        reuse_replies: bool,
    ) -> Result<u64, Failure> {
        let depth = numbers::integer(depth, "perft depth", 0, MAX_PERFT_DEPTH.into())? as u32;
        let megabytes = numbers::optional_integer(
            hash_megabytes,
            "hashMegabytes",
            PerftTable::MIN_MEGABYTES as u64,
            MAX_TABLE_MIB,
        )?;
        let threads = numbers::optional_integer(threads, "threads", 1, MAX_PERFT_THREADS)?
            .unwrap_or(1) as usize;
        let mode = if reuse_replies {
            PerftMode::ReuseReplies
        } else {
            PerftMode::Generate
        };
        let mut table = megabytes
            .map(|megabytes| PerftTable::new(megabytes as usize))
            .transpose()?;
        let rules = self.game.rules();
        Ok(rules.perft_with(
            self.game.position(),
            depth,
            PerftOptions::new()
                .threads(threads)
                .table(table.as_mut())
                .mode(mode),
        )?)
    }

    /// The game record: `Rules`, `Position` (when the game did not start at
    /// the preset's start), `Result`, then the extra tags (names and values
    /// side by side), then the moves.
    pub fn record(
        &self,
        tag_names: Vec<String>,
        tag_values: Vec<String>,
    ) -> Result<String, Failure> {
        let tags = tag_pairs(&tag_names, &tag_values)?;
        Ok(write_record(&self.game, &tags)?)
    }

    /// The game of a game record, replayed to its last move.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<GameHandle, Failure> {
        RecordHandle::new(text)?.take_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind<T>(result: Result<T, Failure>) -> FailureKind {
        result.err().expect("refused").kind
    }

    #[test]
    fn moves_are_the_strings_of_the_library_and_play_round_trips() {
        let mut game = GameHandle::new("halma", None).expect("valid");
        let moves = game.legal_moves();
        assert_eq!(moves.len(), 40);
        assert_eq!(game.legal_move_count(), 40);
        let library = Game::new("halma".parse().unwrap());
        let expected: Vec<String> = library
            .legal_moves()
            .iter()
            .map(|&mv| library.move_to_string(mv).unwrap())
            .collect();
        assert_eq!(moves, expected);
        let before = game.position();
        for text in &moves {
            assert_eq!(game.parse_move(text).as_ref(), Ok(text));
            assert_eq!(game.play(text).as_ref(), Ok(text));
            assert_eq!(game.history(), std::slice::from_ref(text));
            assert_eq!(game.undo().as_ref(), Ok(text));
            assert_eq!(game.position(), before);
        }
        assert_eq!(kind(game.undo()), FailureKind::NothingToUndo);
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_reason_and_changes_nothing() {
        let mut game = GameHandle::new("halma8", None).expect("valid");
        let before = game.position();
        for text in [
            "",
            "a1",
            "a1-a1",
            "z9-a1",
            "pass",
            "a1-a2\0",
            &"a1-".repeat(10_000),
        ] {
            let failure = game.play(text).expect_err("refused");
            assert_eq!(failure.kind, FailureKind::IllegalMove, "{text:?}");
            let expected = game
                .game
                .rules()
                .parse_move(game.game.position(), text)
                .expect_err("illegal");
            assert_eq!(failure.message, expected.to_string());
            assert_eq!(game.position(), before);
            assert_eq!(game.ply_count(), 0);
        }
    }

    #[test]
    fn positions_and_rules_are_checked() {
        assert_eq!(
            kind(GameHandle::new("halma9", None)),
            FailureKind::InvalidRules
        );
        assert_eq!(
            kind(GameHandle::new("halma8", Some("rrrr/".into()))),
            FailureKind::InvalidPosition
        );
        // A position of another board size.
        let halma = Rules::new(halma_rules::Preset::Halma)
            .start_position()
            .to_string();
        assert_eq!(
            kind(GameHandle::new("halma8", Some(halma))),
            FailureKind::InvalidPosition
        );
        assert_eq!(
            kind(GameHandle::new("halma8", Some("\0".repeat(1 << 20)))),
            FailureKind::InvalidPosition
        );
    }

    #[test]
    fn perft_checks_its_numbers_and_counts() {
        let game = GameHandle::new("halma", None).expect("valid");
        assert_eq!(game.perft(2.0, None, None, false), Ok(1600));
        assert_eq!(game.perft(2.0, Some(1.0), None, true), Ok(1600));
        for (depth, hash, threads) in [
            (65.0, None, None),
            (-1.0, None, None),
            (1.5, None, None),
            (f64::NAN, None, None),
            (2.0, Some(0.0), None),
            (2.0, Some(MAX_TABLE_MIB as f64 + 1.0), None),
            (2.0, None, Some(0.0)),
            (2.0, None, Some(1e9)),
        ] {
            assert_eq!(
                kind(game.perft(depth, hash, threads, false)),
                FailureKind::InvalidArgument,
                "{depth} {hash:?} {threads:?}"
            );
        }
    }

    #[test]
    fn records_round_trip_and_bad_tags_are_refused() {
        let mut game = GameHandle::new("halma8,spoil=swap", None).expect("valid");
        for _ in 0..6 {
            let first = game.legal_moves()[0].clone();
            game.play(&first).expect("legal");
        }
        let text = game
            .record(vec!["Event".into()], vec!["test \"quoted\"".into()])
            .expect("valid tags");
        let read = GameHandle::from_record(&text).expect("reads back");
        assert_eq!(read.history(), game.history());
        assert_eq!(read.position(), game.position());
        let mut record = RecordHandle::new(&text).expect("reads back");
        assert!(record.tag_names().contains(&"Event".to_owned()));
        assert!(record.take_game().is_ok());
        assert_eq!(kind(record.take_game()), FailureKind::InvalidArgument);
        assert_eq!(
            kind(game.record(vec!["Rules".into()], vec!["x".into()])),
            FailureKind::InvalidArgument
        );
        assert_eq!(
            kind(game.record(vec!["bad name".into()], vec!["x".into()])),
            FailureKind::InvalidArgument
        );
        assert_eq!(
            kind(game.record(vec!["A".into()], vec![])),
            FailureKind::Type
        );
        assert_eq!(
            kind(GameHandle::from_record("garbage")),
            FailureKind::InvalidRecord
        );
        assert_eq!(
            kind(GameHandle::from_record("")),
            FailureKind::InvalidRecord
        );
    }

    #[test]
    fn squares_and_rows_describe_the_board() {
        let game = GameHandle::new("halma8", None).expect("valid");
        let rows = game.rows();
        assert_eq!(rows.len(), 8);
        // The position string lists the same rows, runs of empty squares as digits.
        let placement = game.position();
        let placement = placement.split(' ').next().expect("placement");
        for (row, text) in rows.iter().zip(placement.split('/')) {
            let mut expanded = String::new();
            for c in text.chars() {
                match c.to_digit(10) {
                    Some(n) => expanded.push_str(&".".repeat(n as usize)),
                    None => expanded.push(c),
                }
            }
            assert_eq!(row, &expanded);
        }
        let top_left = rows[0].chars().next().expect("a8");
        assert_eq!(
            game.piece_at("a8").expect("on the board"),
            Seat::from_letter(top_left).map(|s| s.name().to_owned())
        );
        assert_eq!(kind(game.piece_at("i1")), FailureKind::InvalidArgument);
        assert_eq!(kind(game.piece_at("a9")), FailureKind::InvalidArgument);
        assert_eq!(kind(game.piece_at("")), FailureKind::InvalidArgument);
    }
}
