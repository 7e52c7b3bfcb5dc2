// Hostile input: wrong types, numbers out of range, strange and huge
// strings, freed objects. Every refusal is a typed error with a message, and
// no input reaches a WebAssembly trap (`unreachable`): after each, the
// module still works.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Engine, Game, GameOverError, GameTooLongError, HalmaError, IllegalMoveError, InvalidArgumentError,
  InvalidPositionError, InvalidRecordError, InvalidRulesError, MAX_GAME_MOVES, NothingToUndoError,
  Rules, readRecord,
} from "halma";
import { seeded } from "./support.js";

const CLASSES = [
  TypeError, InvalidArgumentError, InvalidRulesError, InvalidPositionError, IllegalMoveError,
  GameOverError, NothingToUndoError, GameTooLongError, InvalidRecordError, HalmaError,
];

/** The module answers as before: no trap left it broken. */
function assertAlive() {
  const game = new Game();
  assert.equal(game.perft(2), 1600n);
  game.free();
}

/** `body` throws one of the package's errors (never a trap), with a message. */
function assertRefused(body, what) {
  let thrown;
  try {
    body();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown !== undefined, `${what}: accepted`);
  assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `${what}: a trap: ${thrown}`);
  assert.ok(CLASSES.some((Class) => thrown instanceof Class), `${what}: ${thrown?.name}: ${thrown?.message}`);
  assert.ok(typeof thrown.message === "string" && thrown.message.length > 0, what);
  return thrown;
}

const HUGE = "a".repeat((16 << 20) + 1);
const LARGE = "é".repeat(1 << 20);
const STRANGE = ["", "\0", "halma\0", "a1\0-a2", "\uD800", "\uDFFF\uD800", "🦀", "a1-a2".repeat(5000), LARGE, HUGE, " halma ", "HALMA"];
const NOT_STRINGS = [undefined, null, 42, 4.2, NaN, 10n, true, {}, [], Symbol("x"), () => "halma", new String("halma")];
const BAD_NUMBERS = [-1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 1e308, -0.5, Number.MIN_VALUE, 2 ** 32 + 3];
const NOT_NUMBERS = ["3", null, 3n, {}, [3], true];

test("the error classes: HalmaError subclasses, InvalidArgumentError also a RangeError", () => {
  for (const Class of [InvalidRulesError, InvalidPositionError, IllegalMoveError, GameOverError,
    NothingToUndoError, GameTooLongError, InvalidRecordError]) {
    const error = new Class("why");
    assert.ok(error instanceof HalmaError && error instanceof Error);
    assert.equal(error.name, Class.name);
    assert.ok(!(error instanceof InvalidArgumentError));
  }
  const argument = new InvalidArgumentError("why");
  assert.ok(argument instanceof RangeError && argument instanceof HalmaError);
  assert.ok(!(argument instanceof InvalidRulesError));
  assert.ok(!(new RangeError("x") instanceof HalmaError));
});

test("strings: rules, positions, moves, squares, seats, records", () => {
  const game = new Game("halma8");
  const rules = new Rules("halma8");
  for (const text of STRANGE) {
    const shown = JSON.stringify(text.slice(0, 20));
    assertRefused(() => new Game(text), `rules ${shown}`);
    assertRefused(() => new Rules(text), `Rules ${shown}`);
    assertRefused(() => new Game("halma8", text), `position ${shown}`);
    assertRefused(() => game.play(text), `move ${shown}`);
    assertRefused(() => game.parseMove(text), `parseMove ${shown}`);
    assertRefused(() => game.path(text), `path ${shown}`);
    assertRefused(() => game.pieceAt(text), `square ${shown}`);
    assertRefused(() => rules.homeCamp(text), `seat ${shown}`);
    assertRefused(() => Game.fromRecord(text), `record ${shown}`);
    if (!/^\w+$/.test(text)) assertRefused(() => game.record({ [text]: "v" }), `tag ${shown}`);
  }
  // Wrong kinds of strings get the library's reason.
  assert.throws(() => new Game("halma8,spoil=sometimes"), InvalidRulesError);
  assert.throws(() => new Game("halma8", "8/8/8/8/8/8/8/8 r"), InvalidPositionError);
  assert.throws(() => game.play("h1-h2"), IllegalMoveError);
  // A square off the board is named against this board's columns and rows.
  assert.throws(() => game.parseMove("a5-a9"), {
    name: "IllegalMoveError",
    message: /`a9` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8/,
  });
  assert.throws(() => Game.fromRecord("[Rules \"halma8\"]\n1. x"), InvalidRecordError);
  assert.equal(game.plyCount, 0);
  assert.equal(game.position, new Rules("halma8").startPosition);
  assertAlive();
});

test("wrong types are TypeErrors, at every entry point", () => {
  const game = new Game("halma8");
  const engine = new Engine({ level: 1 });
  for (const value of NOT_STRINGS) {
    const shown = typeof value === "symbol" ? "symbol" : String(value);
    if (value !== undefined) {
      assert.throws(() => new Game(value), TypeError, shown);
      assert.throws(() => new Rules(value), TypeError, shown);
      assert.throws(() => new Game("halma8", value), TypeError, shown);
    }
    assert.throws(() => game.play(value), TypeError, shown);
    assert.throws(() => game.parseMove(value), TypeError, shown);
    assert.throws(() => game.path(value), TypeError, shown);
    assert.throws(() => game.pieceAt(value), TypeError, shown);
    assert.throws(() => Game.fromRecord(value), TypeError, shown);
    assert.throws(() => readRecord(value), TypeError, shown);
    assert.throws(() => engine.search(value), TypeError, shown);
  }
  for (const value of NOT_NUMBERS) {
    assert.throws(() => game.perft(value), TypeError, String(value));
    assert.throws(() => game.perft(1, { hashMegabytes: value }), TypeError);
    assert.throws(() => engine.setLevel(value), TypeError);
    assert.throws(() => engine.search(game, { nodes: value }), TypeError);
    assert.throws(() => new Engine({ level: value }), TypeError);
  }
  assert.throws(() => game.perft(1, { reuseReplies: 1 }), TypeError);
  assert.throws(() => game.perft(1, { hash: 1 }), TypeError);
  assert.throws(() => game.perft(1, "fast"), TypeError);
  assertAlive();
});

test("numbers out of range are InvalidArgumentErrors, never clamped or wrapped", () => {
  const game = new Game("halma8");
  const engine = new Engine({ level: 1, hashMegabytes: 0 });
  for (const value of BAD_NUMBERS) {
    for (const [what, body] of [
      ["perft depth", () => game.perft(value)],
      ["perft hashMegabytes", () => game.perft(1, { hashMegabytes: value })],
      ["perft threads", () => game.perft(1, { threads: value })],
      ["level", () => engine.setLevel(value)],
      ["contempt", () => engine.setContempt(value)],
      ["Engine level", () => new Engine({ level: value })],
      ["Engine hashMegabytes", () => new Engine({ hashMegabytes: value })],
      ["depth", () => engine.search(game, { depth: value })],
      ["nodes", () => engine.search(game, { nodes: value === 2 ** 32 + 3 ? -value : value })],
    ]) {
      const error = assertRefused(body, `${what} ${value}`);
      assert.ok(error instanceof InvalidArgumentError, `${what} ${value}: ${error.name}`);
    }
  }
  // 2^32 + 3 would be 3 if it were wrapped into 32 bits.
  assert.throws(() => game.perft(2 ** 32 + 3), /4294967299 is out of range/);
  assertAlive();
});

test("moves on a finished game, undo at the start, a game past its longest", () => {
  const over = new Game("halma8", "bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b");
  assert.deepEqual(over.legalMoves(), []);
  assert.throws(() => over.play("a8-a7"), GameOverError);
  assert.throws(() => over.play("pass"), GameOverError);
  assert.throws(() => new Game().undo(), {
    name: "NothingToUndoError",
    message: "no move to undo: the game is at its start position",
  });
  // Two pieces step back and forth to the most moves a game keeps.
  const game = new Game("halma8");
  const cycle = ["d8-e8", "e1-d1", "e8-d8", "d1-e1"];
  for (let ply = 0; ply < MAX_GAME_MOVES; ply++) game.play(cycle[ply % 4]);
  assert.equal(game.plyCount, MAX_GAME_MOVES);
  assert.throws(() => game.play(cycle[0]), GameTooLongError);
  assert.equal(game.plyCount, MAX_GAME_MOVES);
  assert.equal(game.undo(), cycle[3]);
  assertAlive();
});

test("a freed object refuses every call with a HalmaError; free is idempotent", () => {
  const game = new Game();
  const rules = game.rules;
  const engine = new Engine();
  game.free();
  game.free();
  engine.free();
  for (const body of [() => game.position, () => game.legalMoves(), () => game.play("a12-a11"),
    () => game.perft(1), () => game.copy(), () => engine.search(new Game()), () => engine.level,
    () => new Engine().search(game)]) {
    const error = assertRefused(body, String(body));
    assert.ok(error instanceof HalmaError && /was freed/.test(error.message), error.message);
  }
  // The rules object is its own: it outlives the game.
  assert.equal(rules.toString(), "halma");
  // Symbol.dispose (explicit resource management) frees too.
  const disposed = new Game();
  disposed[Symbol.dispose]();
  assert.throws(() => disposed.position, /was freed/);
  assertAlive();
});

test("random strings and numbers at every entry point: typed errors only", () => {
  const random = seeded(2026);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-/ ,=x\0\n\"[]éø🦀\uD800";
  const text = () => Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  const number = () => [random() * 1e6 - 5e5, Math.floor(random() * 300) - 100, 2 ** Math.floor(random() * 80), NaN][Math.floor(random() * 4)];
  const game = new Game("halma");
  const engine = new Engine({ level: 1, hashMegabytes: 0 });
  for (let i = 0; i < 3000; i++) {
    const s = text();
    for (const body of [
      () => new Game(s), () => new Game("halma", s), () => game.play(s), () => game.pieceAt(s),
      () => Game.fromRecord(`[Rules "halma"]\n${s}`), () => game.record({ [s]: s }),
      () => game.perft(number() % 3), () => engine.search(game, { depth: number(), nodes: 100 }),
    ]) {
      try {
        body();
      } catch (error) {
        assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error}`);
        assert.ok(CLASSES.some((Class) => error instanceof Class), `${error?.name}: ${error?.message}`);
      }
    }
  }
  assert.equal(game.plyCount <= 3000, true);
  assertAlive();
});
