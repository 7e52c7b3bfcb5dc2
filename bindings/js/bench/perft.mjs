// The package against the native CLI, in one run: perft 5 from the halma
// start (the native `halma perft --threads 1` and `Game.perft` in this
// Node process, alternated, three rounds each) and engine nodes per second
// (a 300 000-node search at level 10 from the halma start, native through
// `halma engine`, the engine protocol, and `Engine.search` here). Prints
// the figures and the ratios (package time over native time; native nodes
// per second over the package's).
//
//   node bench/perft.mjs            # from a project where `halma` is installed;
//                                   # HALMA_CLI: the native CLI (default target/release/halma)

import { spawn, spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { createInterface } from "node:readline";

import { Engine, Game } from "halma";

const cli = process.env.HALMA_CLI ?? "target/release/halma";
const rounds = Number(process.env.HALMA_BENCH_ROUNDS ?? 3);
const depth = 5;
const searchNodes = 300_000;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The native perft: its own time for the count (no process start-up). */
function nativePerft() {
  const run = spawnSync(cli, ["perft", "--rules", "halma", "--depth", String(depth), "--threads", "1"], {
    encoding: "utf8",
    timeout: 600_000,
  });
  // The total on standard output, the time on standard error.
  const out = `${run.stdout}${run.stderr}`;
  const match = /total (\d+).*time ([\d.]+) s/s.exec(out);
  if (!match) throw new Error(`unexpected output of halma perft:\n${out}`);
  return { count: BigInt(match[1]), seconds: Number(match[2]) };
}

function packagePerft() {
  const game = new Game("halma");
  const started = performance.now();
  const count = game.perft(depth);
  const seconds = (performance.now() - started) / 1000;
  game.free();
  return { count, seconds };
}

/** A native search of `searchNodes` nodes through `halma engine`: its totals line. */
function nativeSearch() {
  return new Promise((resolve, reject) => {
    const engine = spawn(cli, ["engine"], { stdio: ["pipe", "pipe", "inherit"] });
    const timer = setTimeout(() => {
      engine.kill();
      reject(new Error("halma engine did not answer in 300 s"));
    }, 300_000);
    let last = null;
    createInterface({ input: engine.stdout }).on("line", (line) => {
      if (line.startsWith("info depth") && line.includes(" pv ")) last = line;
      if (line.startsWith("bestmove")) {
        clearTimeout(timer);
        engine.stdin.end("quit\n");
        const nodes = Number(/ nodes (\d+)/.exec(last)[1]);
        const ms = Number(/ time (\d+)/.exec(last)[1]);
        resolve({ nodes, nps: (nodes / ms) * 1000, move: line.split(" ")[1] });
      }
    });
    engine.on("error", reject);
    engine.stdin.write(`hep\nsetoption name Hash value 16\nnewgame\nposition startpos\ngo nodes ${searchNodes}\n`);
  });
}

function packageSearch() {
  const engine = new Engine({ level: 10, hashMegabytes: 16 });
  const game = new Game("halma");
  const result = engine.search(game, { nodes: searchNodes });
  engine.free();
  game.free();
  return { nodes: result.nodes, nps: (result.nodes / result.elapsedMs) * 1000, move: result.bestMove };
}

const native = [];
const wasm = [];
for (let round = 0; round < rounds; round++) {
  native.push(nativePerft());
  wasm.push(packagePerft());
}
for (const run of [...native, ...wasm]) {
  if (run.count !== native[0].count) throw new Error(`perft counts differ: ${run.count} and ${native[0].count}`);
}
const nativeNps = [];
const wasmNps = [];
let moves = null;
for (let round = 0; round < rounds; round++) {
  const n = await nativeSearch();
  const w = packageSearch();
  nativeNps.push(n.nps);
  wasmNps.push(w.nps);
  moves = `${n.move} (native), ${w.move} (package)`;
}

const seconds = (runs) => runs.map((r) => r.seconds.toFixed(3)).join(" ");
const perftNative = median(native.map((r) => r.seconds));
const perftWasm = median(wasm.map((r) => r.seconds));
console.log(`machine: ${cpus()[0]?.model ?? "unknown"} x ${cpus().length}, Node ${process.version}`);
console.log(`perft ${depth} from the halma start = ${native[0].count}`);
console.log(`  native halma perft --threads 1: ${seconds(native)} s (median ${perftNative.toFixed(3)} s, ${(Number(native[0].count) / perftNative / 1e6).toFixed(1)} M leaves/s)`);
console.log(`  package Game.perft in Node:     ${seconds(wasm)} s (median ${perftWasm.toFixed(3)} s, ${(Number(native[0].count) / perftWasm / 1e6).toFixed(1)} M leaves/s)`);
console.log(`  ratio package/native: ${(perftWasm / perftNative).toFixed(2)}x (median), ${(Math.min(...wasm.map((r) => r.seconds)) / Math.min(...native.map((r) => r.seconds))).toFixed(2)}x (best of each)`);
console.log(`engine, ${searchNodes} nodes at level 10 from the halma start (best move ${moves})`);
console.log(`  native halma engine: ${nativeNps.map((n) => Math.round(n)).join(" ")} nodes/s (median ${Math.round(median(nativeNps))})`);
console.log(`  package Engine.search: ${wasmNps.map((n) => Math.round(n)).join(" ")} nodes/s (median ${Math.round(median(wasmNps))})`);
console.log(`  ratio native/package: ${(median(nativeNps) / median(wasmNps)).toFixed(2)}x`);
