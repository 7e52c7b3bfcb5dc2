// Every line of the public reference perft files through Game.perft, up to
// a leaf budget; the hashed and reply-reusing counts agree with them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Game, InvalidArgumentError, MAX_PERFT_DEPTH } from "halma";
import { referenceLines } from "./support.js";

const budget = BigInt(process.env.HALMA_PERFT_LEAF_BUDGET ?? 10_000_000);
const lines = [...referenceLines("reference.tsv"), ...referenceLines("reference_options.tsv")];

test("the reference files have lines", () => {
  assert.ok(lines.length >= 50, `${lines.length} lines`);
});

for (const { rules, position, depth, count, line } of lines) {
  const name = `${line}: ${rules} ${position ?? "startpos"} depth ${depth} = ${count}`;
  test(name, { skip: count > budget ? `more than ${budget} leaves` : false }, () => {
    const game = new Game(rules, position);
    try {
      assert.equal(game.perft(depth), count);
    } finally {
      game.free();
    }
  });
}

test("hashed and reply-reusing perft give the reference counts", () => {
  for (const { rules, position, depth, count } of lines.filter((l) => l.depth >= 3 && l.count <= budget / 4n)) {
    const game = new Game(rules, position);
    assert.equal(game.perft(depth, { hashMegabytes: 4 }), count, `${rules} hashed`);
    assert.equal(game.perft(depth, { reuseReplies: true }), count, `${rules} reuse`);
    assert.equal(game.perft(depth, { hashMegabytes: 1, reuseReplies: true, threads: 1 }), count, `${rules} both`);
    game.free();
  }
});

test("perft depth 0 is 1, and a depth past the deepest is refused", () => {
  const game = new Game();
  assert.equal(game.perft(0), 1n);
  assert.throws(() => game.perft(MAX_PERFT_DEPTH + 1), {
    name: "InvalidArgumentError",
    message: "perft depth 65 is out of range: it must be from 0 to 64",
  });
});

test("more than one perft thread is refused: WebAssembly has no threads", () => {
  const game = new Game();
  assert.throws(() => game.perft(2, { threads: 2 }), (error) => {
    assert.ok(error instanceof InvalidArgumentError);
    assert.equal(error.message, "perft on 2 threads: this platform has no threads, so the count must be 1");
    return true;
  });
  assert.throws(() => game.perft(2, { hashMegabytes: 8, threads: 4 }), InvalidArgumentError);
  assert.equal(game.perft(2, { threads: 1 }), 1600n);
});
