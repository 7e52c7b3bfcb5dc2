// EngineWorker and searchInWorker in Node (worker_threads): a search runs
// without blocking this thread, returns a legal move, can be cancelled, and
// its errors are the package's classes. (browser.js starts a Web Worker on
// the same protocol; the web app's tests run it in a browser.)

import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import { EngineWorker, Game, GameOverError, HalmaError, InvalidArgumentError, searchInWorker } from "halma";

test("a search in a worker returns a legal move while this thread runs", async () => {
  const game = new Game("halma");
  const worker = new EngineWorker({ level: 10, hashMegabytes: 4 });
  try {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const result = await worker.search(game, { movetimeMs: 300 });
    clearInterval(timer);
    assert.ok(game.legalMoves().includes(result.bestMove), result.bestMove);
    assert.equal(result.pv[0], result.bestMove);
    assert.ok(ticks >= 10, `this thread ran only ${ticks} timer ticks during the search`);
    assert.equal(game.plyCount, 0, "the game is not changed");
    // The worker keeps the game's moves: a search after two moves answers for that position.
    game.play(result.bestMove);
    game.play(game.legalMoves()[0]);
    const next = await worker.search(game, { nodes: 2000 });
    assert.ok(game.legalMoves().includes(next.bestMove));
  } finally {
    worker.terminate();
  }
});

test("searches queue up and answer in order, each for its own game", async () => {
  const worker = new EngineWorker({ level: 3 });
  try {
    const games = ["halma", "halma8", "halma4", "super-halma"].map((rules) => new Game(rules));
    const results = await Promise.all(games.map((game) => worker.search(game, { depth: 2 })));
    results.forEach((result, i) => assert.ok(games[i].legalMoves().includes(result.bestMove), games[i].rulesText));
  } finally {
    worker.terminate();
  }
});

test("an AbortSignal cancels a search; the next search starts a new worker", async () => {
  const game = new Game("halma");
  const worker = new EngineWorker();
  try {
    const controller = new AbortController();
    const started = performance.now();
    const search = worker.search(game, { movetimeMs: 60_000 }, { signal: controller.signal });
    await sleep(200);
    controller.abort();
    await assert.rejects(search, { name: "AbortError" });
    assert.ok(performance.now() - started < 10_000, "cancelled long before its time");
    await assert.rejects(worker.search(game, { depth: 1 }, { signal: AbortSignal.abort() }), { name: "AbortError" });
    const after = await worker.search(game, { depth: 2 }, { signal: AbortSignal.timeout(60_000) });
    assert.ok(game.legalMoves().includes(after.bestMove));
  } finally {
    worker.terminate();
  }
});

test("errors in the worker are the package's classes; bad options are refused at once", async () => {
  const over = new Game("halma8", "bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b");
  const worker = new EngineWorker({ level: 2 });
  try {
    await assert.rejects(worker.search(over, { depth: 1 }), GameOverError);
    await assert.rejects(worker.search(new Game("halma8"), { nodes: -1 }), InvalidArgumentError);
    await assert.rejects(worker.search(new Game("halma8"), { nodes: "1" }), TypeError);
    await assert.rejects(worker.search("halma8"), TypeError);
    // The worker goes on after its errors.
    const result = await worker.search(new Game("halma8"), { depth: 1 });
    assert.ok(new Game("halma8").legalMoves().includes(result.bestMove));
  } finally {
    worker.terminate();
  }
  await assert.rejects(worker.search(new Game()), HalmaError, "terminated");
  assert.throws(() => new EngineWorker({ threads: 2 }), InvalidArgumentError);
  assert.throws(() => new EngineWorker({ level: 11 }), InvalidArgumentError);
  assert.throws(() => new EngineWorker({ levle: 3 }), TypeError);
});

test("searchInWorker: one search, its worker stopped afterwards", async () => {
  const game = new Game("halma3");
  const result = await searchInWorker(game, { nodes: 3000 }, { level: 6, hashMegabytes: 2 });
  assert.ok(game.legalMoves().includes(result.bestMove));
  await assert.rejects(searchInWorker(game, { depth: 1 }, { signal: AbortSignal.abort() }), { name: "AbortError" });
});
