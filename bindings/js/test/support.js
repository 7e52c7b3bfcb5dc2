// What the tests share: the native `halma` CLI they compare with, the
// reference perft files, and a seeded choice of moves.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository the package was built from (scripts/js-package.sh sets it). */
export const repository = process.env.HALMA_REPOSITORY ?? path.resolve(import.meta.dirname ?? ".", "../../..");

/** The native CLI built from the same sources. */
export const cli = process.env.HALMA_CLI ?? path.join(repository, "target/release/halma");

/** Runs the CLI with `args` (and `input` on standard input); its standard output. */
export function halma(args, input = undefined) {
  return execFileSync(cli, args, { input, encoding: "utf8", timeout: 60_000, maxBuffer: 64 << 20 });
}

/** A reference perft file: the repository's copy (tests/data/perft) when it
 * has one, else the rule book's, beside the repository (../shared/perft). */
export function referenceFile(name) {
  const candidates = [
    path.join(repository, "tests/data/perft", name),
    path.join(repository, "../shared/perft", name),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) throw new Error(`${name} not found in ${candidates.join(" or ")}`);
  return found;
}

/** The lines of a reference file: { rules, position (undefined for the
 * start), depth, count (a bigint), line }. */
export function referenceLines(name) {
  return readFileSync(referenceFile(name), "utf8")
    .split("\n")
    .map((text, index) => [text, index + 1])
    .filter(([text]) => text.trim() !== "" && !text.startsWith("#"))
    .map(([text, line]) => {
      const [rules, position, depth, count] = text.split("\t");
      return {
        rules,
        position: position === "startpos" ? undefined : position,
        depth: Number(depth),
        count: BigInt(count),
        line: `${name}:${line}`,
      };
    });
}

/** A small seeded generator (mulberry32): the same games on every run. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every preset, and every rule option on the presets that take it. */
export const PRESETS = ["halma", "halma3", "halma4", "halma8", "halma10", "super-halma"];
export const OPTIONS = [
  "", "long-jumps", "camp-lock", "spoil=swap", "spoil=fill", "home-lock", "forced-exit",
  "jump-continue", "long-jumps,camp-lock,spoil=swap", "home-lock,forced-exit,jump-continue",
];
