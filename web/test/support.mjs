// What the browser tests share: web/dist served on 127.0.0.1, Debian's
// Chromium driven by playwright-core (no browser download), the page's test
// hooks (web/README.md), and the halma package in Node to check the page's
// moves and to choose a person's moves. Every wait has a time-out.

import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Game } from "halma";
import { chromium } from "playwright-core";

import { serve } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built app (scripts/web-build.sh writes it). */
export const DIST = process.env.HALMA_WEB_DIST ?? path.join(here, "..", "dist");
/** Where the screenshots go. */
export const SCREENSHOTS = process.env.HALMA_WEB_SCREENSHOTS ?? path.join(here, "..", "..", "target", "web-screenshots");
const CHROMIUM = process.env.HALMA_CHROMIUM ?? "/usr/bin/chromium";

/** The longest any single wait lasts (ms). */
export const WAIT = 30_000;

/** The flags Chromium needs here (the network is closed; no sandbox as root). */
const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** Starts the server and the browser (a fresh profile); `close()` ends both. */
export async function launch() {
  const server = await serve(DIST);
  const profile = mkdtempSync(path.join(tmpdir(), "halma-web-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
    timeout: WAIT,
  });
  context.setDefaultTimeout(WAIT);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const errors = [];
  return {
    server,
    context,
    /** Errors the pages threw or logged: a test ends by checking there are none. */
    errors,
    /** A new tab with the app at `query`, once its board is drawn. */
    async open(query, { reducedMotion = "no-preference", colorScheme = "light", viewport } = {}) {
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(`${query}: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${query}: console: ${message.text()}`);
      });
      await page.emulateMedia({ reducedMotion, colorScheme });
      if (viewport !== undefined) await page.setViewportSize(viewport);
      await page.goto(`${server.url}index.html${query}`, { timeout: WAIT });
      await page.waitForSelector("html[data-ready=true]", { timeout: WAIT });
      return page;
    },
    async close() {
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The moves list, in notation. */
export function moves(page) {
  return page.$$eval('[data-testid="moves"] li', (items) => items.map((item) => item.textContent));
}

/** Waits until the moves list holds `count` moves, or the game is over. */
export async function waitForMoves(page, count, timeout = WAIT) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="moves"] li').length >= n
      || document.querySelector('[data-testid="status"]')?.dataset.over === "true",
    count,
    { timeout, polling: 20 },
  );
}

/** Waits until a person may move `seat` (no engine thinking, no animation left to wait for). */
export async function waitForTurn(page, seat, timeout = WAIT) {
  await page.waitForFunction(
    (name) => document.documentElement.dataset.thinking === "false"
      && (document.querySelector(`[data-testid="seats"] [data-seat="${name}"][data-turn]`) !== null
        || document.querySelector('[data-testid="status"]')?.dataset.over === "true"),
    seat.toLowerCase(),
    { timeout, polling: 20 },
  );
}

export function status(page) {
  return page.textContent('[data-testid="status"]', { timeout: WAIT });
}

export function notice(page) {
  return page.textContent('[data-testid="notice"]', { timeout: WAIT });
}

export function position(page) {
  return page.inputValue('[data-testid="position"]', { timeout: WAIT });
}

/** The seat on each square with a piece, as the hooks show it: { a5: "red", ... }. */
export function pieces(page) {
  return page.$$eval("[data-square]", (squares) => Object.fromEntries(squares.flatMap((square) => {
    const piece = square.querySelector("[data-piece]");
    return piece === null ? [] : [[square.dataset.square, piece.dataset.piece]];
  })));
}

/** The squares marked as legal destinations. */
export function destinations(page) {
  return page.$$eval("[data-square][data-destination]", (squares) => squares.map((square) => square.dataset.square).sort());
}

/** Clicks a square. */
export function click(page, square) {
  return page.click(`[data-square="${square}"]`, { timeout: WAIT });
}

/** The game of the page in Node: its moves replayed under `rules` (every
 * move must be legal there), the same position as the page's. */
export async function replay(page, rules, start = undefined) {
  const game = new Game(rules, start);
  for (const move of await moves(page)) game.play(move);
  return game;
}

/** The pieces a position's board holds, as pieces() writes them. */
export function piecesOf(game) {
  const rows = game.board();
  const out = {};
  rows.forEach((row, r) => row.forEach((seat, file) => {
    if (seat !== null) out[`${String.fromCharCode(97 + file)}${rows.length - r}`] = seat.toLowerCase();
  }));
  return out;
}

/** The legal destinations of the piece on `from`, from Node. */
export function legalDestinations(game, from) {
  return game.legalMoves().filter((move) => move.startsWith(`${from}-`)).map((move) => move.split("-").at(-1)).sort();
}

/** Saves a screenshot of the page as `name`.png in SCREENSHOTS; returns its path. */
export async function screenshot(page, name) {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // No piece in the middle of a hop, no colour in the middle of a transition.
  await page.waitForFunction(() => document.querySelector(".piece.moving") === null, undefined, { timeout: WAIT });
  await page.waitForTimeout(400);
  await page.screenshot({ path: file, timeout: WAIT });
  return file;
}
