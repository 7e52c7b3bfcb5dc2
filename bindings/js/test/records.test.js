// Game records: written by the package and read by the Rust reader (the
// CLI's `play`, which loads a record and writes it again), written by the
// CLI (`selfplay`) and read by the package, and round trips.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";

import { Game, InvalidArgumentError, InvalidRecordError, readRecord } from "halma";
import { PRESETS, halma, seeded } from "./support.js";

const scratch = mkdtempSync(path.join(tmpdir(), "halma-records-"));
let files = 0;
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A game of `plies` seeded moves under `rules` (from `position`). */
function playedGame(rules, plies, seed, position = undefined) {
  const random = seeded(seed);
  const game = new Game(rules, position);
  for (let ply = 0; ply < plies && !game.isOver; ply++) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  return game;
}

/** The move lines of a record (everything after its tags). */
function moveText(record) {
  return record.split("\n").filter((line) => line !== "" && !line.startsWith("[")).join("\n");
}

/** The tags of a record, by name. */
function tagsOf(record) {
  return Object.fromEntries(
    record.split("\n").filter((l) => l.startsWith("[")).map((l) => {
      const match = /^\[(\w+) "(.*)"\]$/.exec(l);
      return [match[1], match[2]];
    }),
  );
}

/** What `halma play` makes of a record file: it loads it, then prints its
 * own record of the game and the legal moves. */
function loadedByRust(game, record) {
  const file = path.join(scratch, `game-${++files}.txt`);
  writeFileSync(file, record);
  // The human plays the side to move after the record, so that the engine
  // (level 1, 1 ms) never moves once it is loaded.
  const out = halma(
    ["play", "--rules", game.rulesText, "--seat", game.sideToMove, "--level", "1", "--movetime", "1", "--color", "never"],
    `load ${file}\nrecord\nmoves\nquit\n`,
  );
  // After the banner, one answer per command, each ending at the prompt.
  const [, load, written, moves] = out.split(`${game.sideToMove}> `);
  const loaded = /^Loaded `[^`]*`: (\d+) plies? played\./.exec(load ?? "");
  assert.ok(loaded, `halma play did not load the record:\n${out}`);
  const listed = /^(\d+) moves?: (.*)$/m.exec(moves ?? "");
  return { plies: Number(loaded[1]), record: written.trim(), moves: listed ? listed[2].split(" ") : [] };
}

for (const preset of PRESETS) {
  test(`${preset}: a record written here is read by the Rust reader`, () => {
    const game = playedGame(`${preset},spoil=swap`, 40, preset.length * 31);
    const record = game.record({ Event: "package test", Site: "node \"quoted\"" });
    const rust = loadedByRust(game, record);
    assert.equal(rust.plies, game.plyCount);
    assert.equal(moveText(rust.record), moveText(record));
    const [ours, theirs] = [tagsOf(record), tagsOf(rust.record)];
    assert.equal(theirs.Rules, ours.Rules);
    assert.equal(theirs.Position, ours.Position);
    if (!game.isOver) assert.deepEqual(rust.moves, game.legalMoves());
  });
}

test("a record from another start position is read by the Rust reader", () => {
  const start = playedGame("halma10", 9, 5);
  const game = playedGame("halma10", 12, 6, start.position);
  const record = game.record();
  assert.ok(record.includes(`[Position "${start.position}"]`), record);
  const rust = loadedByRust(game, record);
  assert.equal(moveText(rust.record), moveText(record));
  assert.equal(tagsOf(rust.record).Position, start.position);
});

test("a record written by the CLI (selfplay) is read here", () => {
  for (const rules of ["halma8", "halma4,spoil=fill"]) {
    const out = halma(["selfplay", "--rules", rules, "--engine", "nodes=300", "--max-plies", "30", "--color", "never"]);
    const record = out.slice(out.indexOf("[Rules "));
    const { game, tags } = readRecord(record);
    assert.equal(game.plyCount, 30);
    assert.deepEqual(Object.fromEntries(tags).Termination, "ply limit");
    // The CLI prints the final position before the record.
    assert.ok(out.includes(`\n${game.position}\n`), `${game.position} not in\n${out}`);
    assert.equal(moveText(game.record()), moveText(record));
  }
});

test("records round-trip: the same game, history and tags", () => {
  for (const rules of ["halma", "halma3,camp-lock", "super-halma,long-jumps", "halma8,home-lock,forced-exit"]) {
    const game = playedGame(rules, 50, rules.length);
    const record = game.record(new Map([["White", "me"], ["Black", "you"]]));
    const read = Game.fromRecord(record);
    assert.deepEqual(read.history, game.history);
    assert.ok(read.equals(game));
    assert.equal(read.record([["White", "me"], ["Black", "you"]]), record);
    assert.deepEqual(readRecord(record).tags.slice(-2), [["White", "me"], ["Black", "you"]]);
    // Undo works on the game read back, down to its start.
    for (let i = 0; i < game.plyCount; i++) read.undo();
    assert.equal(read.position, game.startPosition);
  }
});

test("bad records and bad tags are refused with the library's reason", () => {
  const game = playedGame("halma8", 4, 1);
  const record = game.record();
  const broken = record.replace(game.history[1], "a1-a2");
  assert.throws(() => Game.fromRecord(broken), (error) => error instanceof InvalidRecordError && /move 2 /.test(error.message));
  assert.throws(() => Game.fromRecord(""), { name: "InvalidRecordError", message: "the record has no [Rules \"...\"] tag" });
  assert.throws(() => Game.fromRecord("[Rules \"chess\"]\n"), InvalidRecordError);
  assert.throws(() => Game.fromRecord("x".repeat((16 << 20) + 1)), InvalidRecordError);
  assert.throws(() => game.record({ Rules: "x" }), InvalidArgumentError);
  assert.throws(() => game.record({ "bad name": "x" }), InvalidArgumentError);
  assert.throws(() => game.record([["A", "1"], ["A", "2"]]), InvalidArgumentError);
  assert.throws(() => game.record({ A: 1 }), TypeError);
  assert.throws(() => game.record([["A"]]), TypeError);
  assert.throws(() => game.record("A"), TypeError);
  assert.equal(game.record(), record);
});
