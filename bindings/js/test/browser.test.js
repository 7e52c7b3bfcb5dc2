// The browser entry (halma/browser), loaded in Node from the package's own
// bytes: nothing works before init(), everything after it. (node --test
// runs each file in a process of its own, so the Node entry, which loads
// the module at import, is not loaded here. Fetching the .wasm beside the
// glue and the Web Worker need a browser: the web app's tests.)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";

import * as browser from "halma/browser";

test("halma/browser: init() loads the module once, then the API works", async () => {
  assert.throws(() => new browser.Game(), {
    name: "HalmaError",
    message: "the halma module is not loaded yet: call `await init()` first",
  });
  await assert.rejects(browser.init(new Uint8Array([0, 97, 115, 109])), browser.HalmaError);
  const wasm = readFileSync(createRequire(import.meta.url).resolve("halma/halma_wasm_bg.wasm"));
  const loading = browser.init(wasm);
  assert.equal(browser.init(wasm), loading, "a second call returns the same promise");
  await loading;
  await browser.init();
  const game = new browser.Game("halma8");
  assert.equal(game.perft(2), 576n);
  assert.throws(() => game.play("a1-a2"), browser.IllegalMoveError);
  const result = new browser.Engine({ level: 2 }).search(game, { depth: 2 });
  assert.ok(game.legalMoves().includes(result.bestMove));
  assert.equal(typeof browser.EngineWorker, "function");
});
