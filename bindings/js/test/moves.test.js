// The legal moves of positions from every preset and rule option, and of
// every reference position, equal `halma moves` of the native CLI, line for
// line; the CLI replays the package's history strings.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Game } from "halma";
import { OPTIONS, PRESETS, halma, referenceLines, seeded } from "./support.js";

/** The CLI's legal moves of `game`'s current position. */
function cliMoves(game) {
  const out = halma(["moves", "--rules", game.rulesText, "--position", game.position]);
  return out.split("\n").filter((line) => line !== "");
}

for (const preset of PRESETS) {
  for (const option of OPTIONS) {
    const rules = option === "" ? preset : `${preset},${option}`;
    test(`${rules}: legal moves equal halma moves along a game`, () => {
      const random = seeded(rules.length * 7919 + preset.length);
      const game = new Game(rules);
      let compared = 0;
      for (let ply = 0; ply < 60 && !game.isOver; ply++) {
        const moves = game.legalMoves();
        assert.equal(moves.length, game.legalMoveCount());
        if (ply % 15 === 0 || moves.length === 1) {
          assert.deepEqual(moves, cliMoves(game), `${rules} after ${game.history.join(" ")}`);
          compared++;
        }
        game.play(moves[Math.floor(random() * moves.length)]);
      }
      // The CLI reads the moves back as played from the start.
      const history = game.history;
      const replayed = halma(["moves", "--rules", rules, "--moves", history.join(" ")]);
      assert.deepEqual(replayed.split("\n").filter(Boolean), game.legalMoves());
      assert.ok(compared >= 2);
      game.free();
    });
  }
}

test("every reference position: legal moves equal halma moves", () => {
  const lines = [...referenceLines("reference.tsv"), ...referenceLines("reference_options.tsv")];
  for (const { rules, position, line } of lines) {
    const game = new Game(rules, position);
    assert.deepEqual(game.legalMoves(), cliMoves(game), line);
    for (const move of game.legalMoves().slice(0, 3)) {
      game.play(move);
      assert.deepEqual(game.legalMoves(), cliMoves(game), `${line} after ${move}`);
      game.undo();
    }
    game.free();
  }
});

test("a move given by its two end squares is played as its full path", () => {
  const game = new Game("halma");
  game.play("c15-e13");
  game.play("o3-m5");
  const jump = game.legalMoves().find((move) => move.split("-").length > 2);
  assert.ok(jump, "a multi-jump exists here");
  const squares = jump.split("-");
  const short = `${squares[0]}-${squares.at(-1)}`;
  assert.equal(game.parseMove(short), jump);
  assert.deepEqual(game.path(short), squares);
  assert.equal(game.play(short), jump);
  assert.deepEqual(game.history, ["c15-e13", "o3-m5", jump]);
});
