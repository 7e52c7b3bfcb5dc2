// What a board that a person plays on asks of a game: why a piece cannot
// go to a square (Game.illegalReason).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Game, InvalidArgumentError } from "halma";
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
