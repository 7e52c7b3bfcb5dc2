// What a board that a person plays on asks of a game: why a piece cannot
// go to a square (Game.illegalReason), how often a position has stood
// (Game.repetitionCount), and the record of a game drawn or resigned
// (Game.record's `ending`), read back by the Rust reader.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Game, InvalidArgumentError, readRecord } from "halma";
import { seeded } from "./support.js";

/** Every square name of the game's board. */
function squares(game) {
  const { width, height } = game.rules;
  const names = [];
  for (let rank = 1; rank <= height; rank++) {
    for (let file = 0; file < width; file++) names.push(`${String.fromCharCode(97 + file)}${rank}`);
  }
  return names;
}

/** The kind of a reason, by the rule its words name. */
function reasonKind(reason) {
  const kinds = [
    [/^there is no piece on /, "no piece"],
    [/ holds a piece of .*, but .* is to move$/, "not yours"],
    [/^a forced exit is due/, "forced exit"],
    [/\(home-lock\)$/, "home-lock"],
    [/which jump-continue forbids$/, "jump-continue"],
    [/^no legal move of the piece on .* ends on /, "no such move"],
  ];
  return kinds.find(([pattern]) => pattern.test(reason))?.[1] ?? `unknown: ${reason}`;
}

test("illegalReason: null exactly for the legal moves' (origin, destination), the rule's words for the rest", () => {
  const seen = new Set();
  for (const rules of ["halma8,home-lock,forced-exit,jump-continue", "halma4,home-lock", "super-halma,jump-continue"]) {
    for (let seed = 1; seed <= 3; seed++) {
      const random = seeded(seed);
      const game = new Game(rules);
      const names = squares(game);
      for (let ply = 0; ply < 24 && !game.isOver; ply++) {
        const moves = game.legalMoves();
        if (ply % 3 !== 2) {
          game.play(moves[Math.floor(random() * moves.length)]);
          continue;
        }
        const legal = new Set(game.legalMoves().filter((m) => m !== "pass").map((move) => {
          const path = game.path(move);
          return `${path[0]}-${path.at(-1)}`;
        }));
        const origins = names.filter((square) => game.pieceAt(square) !== null || ply === 2);
        for (const from of origins) {
          for (const to of names) {
            const reason = game.illegalReason(from, to);
            assert.equal(reason === null, legal.has(`${from}-${to}`), `${rules} ply ${ply}: ${from}-${to}: ${reason}`);
            if (reason !== null) {
              const kind = reasonKind(reason);
              assert.ok(!kind.startsWith("unknown"), `${rules}: ${from}-${to}: ${kind}`);
              seen.add(kind);
            }
          }
        }
        game.play(moves[Math.floor(random() * moves.length)]);
      }
    }
  }
  assert.deepEqual([...seen].sort(), ["forced exit", "home-lock", "jump-continue", "no piece", "no such move", "not yours"]);
});

test("illegalReason: refuses squares that are not on the board, and changes nothing", () => {
  const game = new Game("halma8");
  const before = game.position;
  for (const [from, to] of [["a9", "a1"], ["a1", "i1"], ["", "a1"], ["a5", "a5-a4"]]) {
    assert.throws(() => game.illegalReason(from, to), InvalidArgumentError, `${from} ${to}`);
  }
  assert.throws(() => game.illegalReason("a5"), TypeError);
  assert.throws(() => game.illegalReason(5, "a4"), TypeError);
  assert.equal(game.illegalReason("a5", "a4"), null);
  assert.equal(game.illegalReason("a5", "e5"), "no legal move of the piece on a5 ends on e5");
  assert.equal(game.position, before);
});

/** halma8 with both seats stepping out and back twice: the start position
 * has stood three times. */
function repeated() {
  const game = new Game("halma8");
  for (let cycle = 0; cycle < 2; cycle++) {
    for (const step of ["a5-a4", "h4-h5", "a4-a5", "h5-h4"]) game.play(step);
  }
  return game;
}

test("repetitionCount counts the position's occurrences, the start included", () => {
  const game = new Game("halma8");
  assert.equal(game.repetitionCount(), 1);
  const counts = [];
  for (let cycle = 0; cycle < 2; cycle++) {
    for (const step of ["a5-a4", "h4-h5", "a4-a5", "h5-h4"]) {
      game.play(step);
      counts.push(game.repetitionCount());
    }
  }
  assert.deepEqual(counts, [1, 1, 1, 2, 2, 2, 2, 3]);
  game.undo();
  assert.equal(game.repetitionCount(), 2);
});

test("record with an ending: a draw by repetition, a resignation, read back by the Rust reader", () => {
  const game = repeated();
  const text = game.record({ Event: "club" }, { termination: "repetition" });
  const { game: read, tags } = readRecord(text);
  assert.deepEqual(Object.fromEntries(tags).Result, "Draw");
  assert.deepEqual(Object.fromEntries(tags).Termination, "repetition");
  assert.deepEqual(Object.fromEntries(tags).Event, "club");
  assert.deepEqual(read.history, game.history);
  assert.equal(game.record(undefined, { termination: "normal" }), game.record());

  const four = new Game("halma4");
  four.play(four.legalMoves()[0]);
  const resigned = Object.fromEntries(readRecord(four.record({}, { termination: "resignation", loser: "Green" })).tags);
  assert.equal(resigned.Result, "Green loses");
  assert.equal(resigned.Loser, "Green");
  const forfeit = Object.fromEntries(readRecord(four.record({}, { termination: "forfeit", loser: "Blue", details: "left the table" })).tags);
  assert.equal(forfeit.TerminationDetails, "left the table");
});

test("record with an ending: endings that cannot be are refused with the library's reason", () => {
  const game = new Game("halma8");
  game.play("a5-a4");
  assert.throws(() => game.record({}, { termination: "repetition" }), {
    name: "InvalidArgumentError",
    message: /occurred 1 time/,
  });
  for (const ending of [
    { termination: "resignation" },
    { termination: "resignation", loser: "Green" },
    { termination: "agreement", loser: "Red" },
    { termination: "agreement", details: "tired" },
    { termination: "Ply Limit" },
  ]) {
    assert.throws(() => game.record({}, ending), InvalidArgumentError, JSON.stringify(ending));
  }
  assert.throws(() => game.record({}, { termination: "agreement", winner: "Red" }), TypeError);
  assert.throws(() => game.record({}, { termination: 3 }), TypeError);
  assert.throws(() => game.record({}, "draw"), TypeError);
  assert.equal(game.plyCount, 1);
});
