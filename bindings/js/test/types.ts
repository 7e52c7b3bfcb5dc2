// Compiled by `tsc --strict --noEmit` in scripts/js-package.sh, against the
// installed package: the declarations exist and say what the code does.
// Each @ts-expect-error line must be an error, or tsc fails.

import {
  Engine,
  EngineWorker,
  Game,
  HalmaError,
  IllegalMoveError,
  InvalidArgumentError,
  Rules,
  init,
  readRecord,
  searchInWorker,
  version,
  type SearchResult,
  type Seat,
} from "halma";

await init();
const v: string = version();
const game = new Game("halma8");
const rules: Rules = game.rules;
const width: number = rules.width;
const seats: Seat[] = rules.seats;
const moves: string[] = game.legalMoves();
const played: string = game.play(moves[0]);
const count: bigint = game.perft(2, { hashMegabytes: 1, reuseReplies: true });
const winner: Seat | null = game.winner;
const board: (Seat | null)[][] = game.board();
const record: string = game.record({ Event: "types" });
const again: Game = Game.fromRecord(record);
const reason: string | null = game.illegalReason("a5", "e5");
const seen: number = game.repetitionCount();
const drawn: string = game.record({}, { termination: "repetition" });
// @ts-expect-error: a resignation names its loser
game.record({}, { termination: "resignation" });
const tags: [string, string][] = readRecord(record).tags;
const engine = new Engine({ level: 3, hashMegabytes: 8 });
const result: SearchResult = engine.search(game, { nodes: 1000, clock: { remainingMs: 5000, incrementMs: 100 } });
const best: string = result.bestMove;
const pending: Promise<SearchResult> = new EngineWorker({ level: 2 }).search(game, { depth: 2 }, { signal: AbortSignal.timeout(5000) });
const once: Promise<SearchResult> = searchInWorker(game, { movetimeMs: 50 }, { level: 5 });
const error: HalmaError = new IllegalMoveError("x");
const range: RangeError = new InvalidArgumentError("x");

// @ts-expect-error: a move is a string
game.play(42);
// @ts-expect-error: perft returns a bigint
const wrong: number = game.perft(1);
// @ts-expect-error: no such limit (it is movetimeMs)
engine.search(game, { movetime: 100 });
// @ts-expect-error: the winner may be null
const seat: Seat = game.winner;

export { v, width, seats, played, count, winner, board, again, tags, best, pending, once, error, range, wrong, seat };
