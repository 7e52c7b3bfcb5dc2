// What a game is set up with, read from and written to the page's URL:
// `?rules=halma8&red=human&blue=engine:3` (seats named as the rule book
// names them, in lower case), and optionally `position=` (a position string).

import { MAX_LEVEL, MIN_LEVEL, Rules, type Seat } from "halma";

/** Who plays a seat: a person at this device, or the engine at a level. */
export type Player = { kind: "human" } | { kind: "engine"; level: number };

/** A game's set-up: its rules, who plays each seat, where it starts. */
export interface Settings {
  /** A rules string ("halma8", "halma,spoil=swap"). */
  rules: string;
  /** A player for every seat of the rules. */
  players: Map<Seat, Player>;
  /** A position string to start from, or null for the preset's start. */
  position: string | null;
}

/** The presets of the rule book, with what a menu says of them. */
export const PRESETS: readonly { name: string; label: string }[] = [
  { name: "halma", label: "Halma: 16×16, two seats" },
  { name: "halma3", label: "Halma: 16×16, three seats" },
  { name: "halma4", label: "Halma: 16×16, four seats" },
  { name: "halma10", label: "Halma: 10×10, two seats" },
  { name: "halma8", label: "Halma: 8×8, two seats" },
  { name: "super-halma", label: "Super Halma: 10×10, long jumps" },
];

/** The rule options that are on or off (RULES.md section 3). */
export const FLAGS: readonly { name: string; label: string }[] = [
  { name: "long-jumps", label: "Long jumps" },
  { name: "camp-lock", label: "Camp-lock: no leaving the target camp" },
  { name: "home-lock", label: "Home-lock: no coming back home" },
  { name: "forced-exit", label: "Forced exit (Sackson)" },
  { name: "jump-continue", label: "Jumps go on while they can" },
];

/** The anti-spoiling rules. */
export const SPOILS: readonly { name: string; label: string }[] = [
  { name: "none", label: "No anti-spoiling rule" },
  { name: "fill", label: "A full camp with one own piece wins" },
  { name: "swap", label: "Swap with a spoiler in the camp" },
];

/** The engine level a seat gets when nothing says otherwise. */
export const DEFAULT_LEVEL = 3;

/** `human` or `engine:N`, as the URL writes a player. */
export function playerText(player: Player): string {
  return player.kind === "human" ? "human" : `engine:${player.level}`;
}

/** Reads `human`, `engine` or `engine:N` (N from 1 to 10); throws a message otherwise. */
export function parsePlayer(text: string): Player {
  if (text === "human") return { kind: "human" };
  const match = /^engine(?::(\d{1,2}))?$/.exec(text);
  if (match === null) throw new Error(`\`${text}\` is not a player: write human, engine or engine:N (N from ${MIN_LEVEL} to ${MAX_LEVEL})`);
  const level = match[1] === undefined ? DEFAULT_LEVEL : Number(match[1]);
  if (level < MIN_LEVEL || level > MAX_LEVEL) {
    throw new Error(`engine:${match[1]}: the level is ${MIN_LEVEL} to ${MAX_LEVEL}`);
  }
  return { kind: "engine", level };
}

/** The players of `seats`: those of `wanted` where it has one, else a person
 * for the first seat and the engine for the others. */
export function playersFor(seats: readonly Seat[], wanted: ReadonlyMap<Seat, Player> = new Map()): Map<Seat, Player> {
  return new Map(seats.map((seat, index) => [
    seat,
    wanted.get(seat) ?? (index === 0 ? { kind: "human" } : { kind: "engine", level: DEFAULT_LEVEL }),
  ]));
}

/** The canonical rules string and seats of a rules string (throws the library's error). */
export function rulesInfo(text: string): { rules: string; seats: Seat[] } {
  const rules = new Rules(text);
  try {
    return { rules: rules.toString(), seats: rules.seats };
  } finally {
    rules.free();
  }
}

/** The settings a query string asks for, and what was wrong with it (each
 * fault falls back to the default and is reported, never silently). */
export function readQuery(query: string): { settings: Settings; problems: string[] } {
  const params = new URLSearchParams(query);
  const problems: string[] = [];
  let info;
  try {
    info = rulesInfo(params.get("rules") ?? "halma");
  } catch (error) {
    problems.push(`rules=${params.get("rules")}: ${(error as Error).message}`);
    info = rulesInfo("halma");
  }
  const wanted = new Map<Seat, Player>();
  for (const seat of info.seats) {
    const text = params.get(seat.toLowerCase());
    if (text === null) continue;
    try {
      wanted.set(seat, parsePlayer(text));
    } catch (error) {
      problems.push(`${seat.toLowerCase()}=${text}: ${(error as Error).message}`);
    }
  }
  for (const key of params.keys()) {
    const known = key === "rules" || key === "position" || info.seats.some((seat) => seat.toLowerCase() === key);
    if (!known) problems.push(`${key}: not a setting here (rules, position, ${info.seats.map((s) => s.toLowerCase()).join(", ")})`);
  }
  return {
    settings: { rules: info.rules, players: playersFor(info.seats, wanted), position: params.get("position") },
    problems,
  };
}

/** The query string of `settings`: `?rules=halma8&red=human&blue=engine:3`. */
export function writeQuery(settings: Settings): string {
  const parts = [`rules=${settings.rules}`];
  for (const [seat, player] of settings.players) parts.push(`${seat.toLowerCase()}=${playerText(player)}`);
  if (settings.position !== null) parts.push(`position=${encodeURIComponent(settings.position)}`);
  // Commas, colons and the position's slashes stay readable.
  return `?${parts.map((part) => part.replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%2F/gi, "/")).join("&")}`;
}

/** The preset and options of a canonical rules string, for the menu. */
export function splitRules(rules: string): { preset: string; flags: Set<string>; spoil: string } {
  const [preset = "halma", ...options] = rules.split(",");
  const flags = new Set(options.filter((option) => !option.startsWith("spoil=")));
  const spoil = options.find((option) => option.startsWith("spoil="))?.slice("spoil=".length) ?? "none";
  return { preset, flags, spoil };
}

/** The rules string of a preset and options (the library makes it canonical). */
export function joinRules(preset: string, flags: Iterable<string>, spoil: string): string {
  return [preset, ...flags, ...(spoil === "none" ? [] : [`spoil=${spoil}`])].join(",");
}
