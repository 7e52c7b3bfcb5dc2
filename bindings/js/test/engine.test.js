// The engine: a search under each limit returns a legal move with a legal
// principal variation; settings are checked; node-limited searches repeat.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Engine, Game, GameOverError, InvalidArgumentError, MAX_CONTEMPT, MAX_HASH_MEGABYTES, MAX_LEVEL,
  MAX_SEARCH_DEPTH, MIN_LEVEL,
} from "halma";
import { PRESETS } from "./support.js";

/** Checks that `result` is a legal answer for `game`, and plays its line on a copy. */
function assertLegal(game, result) {
  assert.ok(game.legalMoves().includes(result.bestMove), `${result.bestMove} is not legal`);
  assert.equal(result.pv[0], result.bestMove);
  const line = game.copy();
  for (const move of result.pv) {
    if (line.isOver) break;
    line.play(move);
  }
  line.free();
  for (const key of ["score", "winIn", "depth", "seldepth", "nodes", "elapsedMs", "hashfull"]) {
    assert.equal(typeof result[key], "number", key);
  }
}

test("each limit gives a legal move", () => {
  const game = new Game("halma");
  const before = game.position;
  const engine = new Engine({ level: 10, hashMegabytes: 4 });
  for (const limits of [
    { nodes: 5000 }, { depth: 3 }, { movetimeMs: 50 }, { movetimeMs: 0.5 },
    { clock: { remainingMs: 2000, incrementMs: 10 } }, { clock: { remainingMs: 0 } },
    { clock: { remainingMs: 60000, movesToGo: 40 } }, { depth: 2, nodes: 100, movetimeMs: 1000 }, undefined, {},
  ]) {
    const result = engine.search(game, limits);
    assertLegal(game, result);
    if (limits?.nodes) assert.ok(result.nodes <= limits.nodes + 1000, `${result.nodes} nodes`);
    if (limits?.depth) assert.ok(result.depth <= limits.depth);
  }
  // No limit at level 10: the 300 000-node budget.
  const unlimited = engine.search(game);
  assert.ok(unlimited.nodes <= 300_000 && unlimited.nodes > 100_000, `${unlimited.nodes}`);
  assert.equal(game.position, before, "the game is not changed");
});

test("a movetime search stops near its time", () => {
  const game = new Game("halma");
  const engine = new Engine();
  const started = performance.now();
  const result = engine.search(game, { movetimeMs: 200 });
  const spent = performance.now() - started;
  assertLegal(game, result);
  // Generous: the machine may be busy, but the clock must work (web-time).
  assert.ok(spent < 5000, `${spent} ms`);
  assert.ok(result.elapsedMs > 0);
});

test("every preset, every level: a legal move", () => {
  for (const preset of PRESETS) {
    const game = new Game(preset);
    for (let level = MIN_LEVEL; level <= MAX_LEVEL; level += 3) {
      const engine = new Engine({ level, hashMegabytes: 1 });
      assertLegal(game, engine.search(game, { nodes: 2000 }));
      engine.free();
    }
    game.play(game.legalMoves()[0]);
    assertLegal(game, new Engine({ level: 1 }).search(game, { depth: 1 }));
  }
});

test("node-limited searches repeat exactly after newGame", () => {
  const game = new Game("halma8");
  const engine = new Engine({ hashMegabytes: 2 });
  const first = engine.search(game, { nodes: 3000 });
  engine.newGame();
  const second = engine.search(game, { nodes: 3000 });
  assert.deepEqual({ ...second, elapsedMs: 0 }, { ...first, elapsedMs: 0 });
});

test("a finished game has no move to search", () => {
  const game = new Game("halma8", "bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b");
  assert.ok(game.isOver);
  assert.equal(game.winner, "Red");
  assert.throws(() => new Engine().search(game, { depth: 1 }), GameOverError);
});

test("settings out of range are refused, and nothing changes", () => {
  for (const options of [
    { level: 0 }, { level: MAX_LEVEL + 1 }, { level: 2.5 }, { level: NaN }, { hashMegabytes: -1 },
    { hashMegabytes: MAX_HASH_MEGABYTES + 1 }, { threads: 0 }, { threads: 2 }, { threads: 65 },
    { contempt: MAX_CONTEMPT + 1 }, { contempt: -1 },
  ]) {
    assert.throws(() => new Engine(options), InvalidArgumentError, JSON.stringify(options));
  }
  assert.throws(() => new Engine({ threads: 2 }), {
    message: "threads 2: this platform has no threads, so the count must be 1",
  });
  const engine = new Engine({ level: 4, contempt: 0, hashMegabytes: 0 });
  assert.equal(engine.level, 4);
  assert.equal(engine.contempt, 0);
  engine.setContempt(MAX_CONTEMPT);
  assert.equal(engine.contempt, MAX_CONTEMPT);
  assert.equal(new Engine().contempt, 300);
  assert.throws(() => engine.setLevel(11), InvalidArgumentError);
  assert.throws(() => engine.setContempt(1e9), InvalidArgumentError);
  assert.equal(engine.level, 4);
  engine.setLevel(7);
  assert.equal(engine.level, 7);
  const game = new Game("halma8");
  for (const limits of [
    { depth: 0 }, { depth: MAX_SEARCH_DEPTH + 1 }, { nodes: 0 }, { nodes: 1.5 }, { nodes: 2 ** 53 },
    { movetimeMs: 0 }, { movetimeMs: -5 }, { movetimeMs: Infinity }, { movetimeMs: NaN },
    { clock: { remainingMs: -1 } }, { clock: { remainingMs: 100, movesToGo: 0 } },
    { clock: { remainingMs: 100, incrementMs: NaN } },
  ]) {
    assert.throws(() => engine.search(game, limits), InvalidArgumentError, JSON.stringify(limits));
  }
  assertLegal(game, engine.search(game, { depth: MAX_SEARCH_DEPTH, nodes: 2000 }));
  for (const limits of [{ depth: "3" }, { movetime: 100 }, { clock: 5 }, { clock: {} }, 7, null, []]) {
    assert.throws(() => engine.search(game, limits), TypeError, JSON.stringify(limits));
  }
  assert.throws(() => engine.search("halma8"), TypeError);
  assert.throws(() => new Engine({ level: "5" }), TypeError);
  assert.throws(() => new Engine({ depth: 5 }), TypeError);
});
