// The public classes over the WebAssembly module: every argument's type is
// checked here (a TypeError), its value by the module (the library's
// messages), and each refusal becomes an instance of the package's errors.
// Node (node.js) and browsers (browser.js) load the module differently and
// share this file.

import {
  WasmEngine,
  WasmGame,
  WasmLimits,
  WasmRecord,
  WasmRules,
  version as wasmVersion,
} from "../wasm/halma_wasm.js";
import { boolean, describe, engineSettings, number, optionalNumber, options, string } from "./checks.js";
import { MAX_RECORD_LENGTH } from "./constants.js";
import { HalmaError, InvalidArgumentError, InvalidRecordError, converted } from "./errors.js";
import { checkReady } from "./state.js";

export * from "./constants.js";

const SEAT_NAMES = { r: "Red", g: "Green", b: "Blue", y: "Yellow" };

/** Runs a call into the module, turning its refusal into the package's error. */
function call(body) {
  checkReady();
  try {
    return body();
  } catch (error) {
    throw converted(error);
  }
}

// Each wrapper's module object, out of reach of callers.
const handles = new WeakMap();

function handle(owner, kind) {
  const inner = handles.get(owner);
  if (inner === undefined) {
    throw new HalmaError(`this ${kind} was freed: free() was called on it`);
  }
  return inner;
}

function release(owner) {
  const inner = handles.get(owner);
  handles.delete(owner);
  inner?.free();
}

// Lets a wrapper be made around a module object without parsing anything.
const WRAP = Symbol("wrap");

// --- version ---------------------------------------------------------------

/** The version of the halma library in the module. */
export function version() {
  return call(() => wasmVersion());
}

// --- Rules -----------------------------------------------------------------

/** A rule set from a rules string: "halma", "halma8", "halma,spoil=swap"... */
export class Rules {
  constructor(text = "halma", inner = undefined) {
    if (text === WRAP) {
      handles.set(this, inner);
      return;
    }
    string(text, "rules");
    handles.set(this, call(() => new WasmRules(text)));
  }

  /** The canonical rules string. */
  toString() {
    return call(() => handle(this, "Rules").rulesString());
  }

  /** Whether the two rule sets are the same (their rules strings are). */
  equals(other) {
    return other instanceof Rules && other.toString() === this.toString();
  }

  /** The number of files (columns). */
  get width() {
    return call(() => handle(this, "Rules").width());
  }

  /** The number of ranks (rows). */
  get height() {
    return call(() => handle(this, "Rules").height());
  }

  /** The number of squares (and pieces) of a camp. */
  get campSize() {
    return call(() => handle(this, "Rules").campSize());
  }

  /** The seats in play, in turn order. */
  get seats() {
    return call(() => handle(this, "Rules").seats());
  }

  /** The position string of the preset's start. */
  get startPosition() {
    return call(() => handle(this, "Rules").startPosition());
  }

  /** The squares of a seat's home camp (where its pieces start). */
  homeCamp(seat) {
    string(seat, "seat");
    return call(() => handle(this, "Rules").homeCamp(seat));
  }

  /** The squares of a seat's target camp (which it must fill to win). */
  targetCamp(seat) {
    string(seat, "seat");
    return call(() => handle(this, "Rules").targetCamp(seat));
  }

  /** Frees the module's memory now (garbage collection also does). Idempotent. */
  free() {
    release(this);
  }
}

// --- Game ------------------------------------------------------------------

/** The tags of `record()`: an object, a Map or an iterable of [name, value]. */
function tagPairs(tags) {
  if (tags === undefined) return [];
  let pairs;
  if (tags instanceof Map || (typeof tags === "object" && tags !== null && Symbol.iterator in tags)) {
    pairs = Array.from(tags);
  } else if (typeof tags === "object" && tags !== null) {
    pairs = Object.entries(tags);
  } else {
    throw new TypeError(`tags must be an object, a Map or [name, value] pairs, not ${describe(tags)}`);
  }
  const names = [];
  const values = [];
  let length = 0;
  for (const [index, pair] of pairs.entries()) {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new TypeError(`tag ${index} must be a [name, value] pair, not ${describe(pair)}`);
    }
    names.push(string(pair[0], `tag ${index} name`));
    values.push(string(pair[1], `tag ${index} value`));
    length += pair[0].length + pair[1].length;
    if (length > MAX_RECORD_LENGTH) {
      throw new InvalidArgumentError(`the tags are too long: more than ${MAX_RECORD_LENGTH} characters in all`);
    }
  }
  return [names, values];
}

/** A game: rules, the moves played (with undo), the position, the result. */
export class Game {
  #rules = undefined;

  /**
   * `new Game()`, `new Game("halma8")`, `new Game(rules)` or
   * `new Game("halma", "position string")`.
   */
  constructor(rules = "halma", position = undefined) {
    if (rules === WRAP) {
      handles.set(this, position);
      return;
    }
    if (position !== undefined) string(position, "position");
    if (rules instanceof Rules) {
      const inner = handle(rules, "Rules");
      handles.set(this, call(() => WasmGame.withRules(inner, position)));
    } else if (typeof rules === "string") {
      string(rules, "rules");
      handles.set(this, call(() => new WasmGame(rules, position)));
    } else {
      throw new TypeError(`rules must be a string or a Rules, not ${describe(rules)}`);
    }
  }

  /** The game of a game record, replayed to its last move. */
  static fromRecord(text) {
    return readRecord(text).game;
  }

  /** An independent copy of the game, history included. */
  copy() {
    const inner = call(() => handle(this, "Game").clone());
    return new Game(WRAP, inner);
  }

  #inner() {
    return handle(this, "Game");
  }

  /** The game's rules (the same object each time). */
  get rules() {
    if (this.#rules === undefined) {
      const inner = call(() => this.#inner().rules());
      this.#rules = new Rules(WRAP, inner);
    }
    return this.#rules;
  }

  /** The canonical rules string of the game's rules. */
  get rulesText() {
    return call(() => this.#inner().rulesString());
  }

  /** The position string. */
  get position() {
    return call(() => this.#inner().position());
  }

  /** The position string of the position the game started from. */
  get startPosition() {
    return call(() => this.#inner().startPosition());
  }

  /** The seat to move. */
  get sideToMove() {
    return call(() => this.#inner().sideToMove());
  }

  /** The seat that won, or null while the game is on. */
  get winner() {
    return call(() => this.#inner().winner()) ?? null;
  }

  /** Whether a seat has won. */
  get isOver() {
    return call(() => this.#inner().isOver());
  }

  /** The moves played, oldest first, in notation. */
  get history() {
    return call(() => this.#inner().history());
  }

  /** The number of moves played. */
  get plyCount() {
    return call(() => this.#inner().plyCount());
  }

  /** How often the current position (pieces and side to move) has stood
   * on the board in this game, the start included: 3 is a draw by
   * repetition, as the record reader checks it. */
  repetitionCount() {
    return call(() => this.#inner().repetitionCount());
  }

  /** The legal moves in notation, as `halma moves` prints them (none once
   * the game is over, ["pass"] when blocked). */
  legalMoves() {
    return call(() => this.#inner().legalMoves());
  }

  /** The number of legal moves (0 once the game is over). */
  legalMoveCount() {
    return call(() => this.#inner().legalMoveCount());
  }

  /** Reads a legal move without playing it: its notation as legalMoves()
   * writes it ("a1-c3" becomes its full path). */
  parseMove(move) {
    string(move, "move");
    return call(() => this.#inner().parseMove(move));
  }

  /** The squares of a legal move's path, origin first ([] for "pass"). */
  path(move) {
    string(move, "move");
    return call(() => this.#inner().path(move));
  }

  /** null when a legal move goes from `from` to `to` (two square names);
   * otherwise the library's reason why none does, in words. For a board
   * that a person clicks: parseMove("a5-e5") would read a one-segment path. */
  illegalReason(from, to) {
    string(from, "from");
    string(to, "to");
    return call(() => this.#inner().illegalReason(from, to)) ?? null;
  }

  /** Plays a move in notation and returns it as legalMoves() writes it; an
   * illegal or malformed move throws and changes nothing. */
  play(move) {
    string(move, "move");
    return call(() => this.#inner().play(move));
  }

  /** Takes back the last move and returns it. */
  undo() {
    return call(() => this.#inner().undo());
  }

  /** The seat on a square ("e12"), or null when it is empty. */
  pieceAt(square) {
    string(square, "square");
    return call(() => this.#inner().pieceAt(square)) ?? null;
  }

  /** The board, north (the highest rank) first, file a first: a seat or
   * null for each square. */
  board() {
    const rows = call(() => this.#inner().rows());
    return rows.map((row) => Array.from(row, (letter) => SEAT_NAMES[letter] ?? null));
  }

  /**
   * The number of move sequences of `depth` moves from the current position
   * (a bigint). With `hashMegabytes` (1 to 1024), through a transposition
   * table; with `reuseReplies`, reusing one count for the replies that
   * cannot change it: the same count either way. `threads` above 1 is
   * refused: WebAssembly has no threads.
   */
  perft(depth, settings = undefined) {
    number(depth, "perft depth");
    const { hashMegabytes, threads, reuseReplies = false } = options(
      settings, "perft options", ["hashMegabytes", "threads", "reuseReplies"]);
    optionalNumber(hashMegabytes, "hashMegabytes");
    optionalNumber(threads, "threads");
    boolean(reuseReplies, "reuseReplies");
    return call(() => this.#inner().perft(depth, hashMegabytes, threads, reuseReplies));
  }

  /** The game record, with extra tags (an object, a Map or [name, value]
   * pairs), readable by `Game.fromRecord` and the Rust reader. `ending`
   * states how a game ended that the board does not say:
   * `{ termination: "repetition" | "ply limit" | "agreement" |
   * "adjudication" }` for a draw, `{ termination: "resignation", loser }`,
   * `{ termination: "forfeit", loser, details? }`. */
  record(tags = undefined, ending = undefined) {
    const [names = [], values = []] = tagPairs(tags);
    if (ending === undefined) {
      return call(() => this.#inner().record(names, values));
    }
    const { termination, loser, details } = options(ending, "ending", ["termination", "loser", "details"]);
    string(termination, "ending termination");
    if (loser !== undefined) string(loser, "ending loser");
    if (details !== undefined) string(details, "ending details");
    return call(() => this.#inner().recordEnded(termination, loser, details, names, values));
  }

  /** Whether the two games have the same rules, position and side to move. */
  equals(other) {
    return other instanceof Game && other.rulesText === this.rulesText
      && other.position === this.position;
  }

  /** The board as text: north at the top, "." for an empty square, the
   * seats' letters for pieces, rank numbers and file letters around it, and
   * who is to move (or who won). */
  toString() {
    const rows = call(() => this.#inner().rows());
    const height = rows.length;
    const lines = rows.map((row, index) => `${String(height - index).padStart(2)} ${Array.from(row).join(" ")}`);
    const width = rows[0]?.length ?? 0;
    lines.push(`   ${Array.from({ length: width }, (_, file) => String.fromCharCode(97 + file)).join(" ")}`);
    const winner = this.winner;
    const moves = this.plyCount;
    lines.push(winner === null ? `${this.sideToMove} to move (move ${moves + 1})` : `${winner} won after ${moves} moves`);
    return lines.join("\n");
  }

  /** Frees the module's memory now (garbage collection also does). Idempotent. */
  free() {
    release(this);
  }
}

/** Reads a game record: its game, replayed to the last move, and every tag
 * as [name, value] in the order read. */
export function readRecord(text) {
  if (typeof text === "string" && text.length > MAX_RECORD_LENGTH) {
    // The same refusal as the library's, before the text crosses over.
    throw new InvalidRecordError(`game record too large: ${text.length} characters, at most ${MAX_RECORD_LENGTH} bytes`);
  }
  string(text, "record");
  return call(() => {
    const record = new WasmRecord(text);
    try {
      const names = record.tagNames();
      const values = record.tagValues();
      const game = new Game(WRAP, record.takeGame());
      return { game, tags: names.map((name, i) => [name, values[i]]) };
    } finally {
      record.free();
    }
  });
}

// --- Engine ----------------------------------------------------------------

const SEARCH_LIMITS = ["depth", "nodes", "movetimeMs", "clock"];
const CLOCK_FIELDS = ["remainingMs", "incrementMs", "movesToGo"];

/** The module's limits object for `limits` (checked for types); the caller frees it. */
function wasmLimits(limits) {
  const { depth, nodes, movetimeMs, clock } = options(limits, "search limits", SEARCH_LIMITS);
  optionalNumber(depth, "depth");
  optionalNumber(nodes, "nodes");
  optionalNumber(movetimeMs, "movetimeMs");
  const { remainingMs, incrementMs, movesToGo } = options(clock, "clock", CLOCK_FIELDS);
  optionalNumber(remainingMs, "clock remainingMs");
  optionalNumber(incrementMs, "clock incrementMs");
  optionalNumber(movesToGo, "clock movesToGo");
  if (clock !== undefined && remainingMs === undefined) {
    throw new TypeError("clock needs remainingMs");
  }
  const input = new WasmLimits();
  input.depth = depth;
  input.nodes = nodes;
  input.movetimeMs = movetimeMs;
  input.remainingMs = remainingMs;
  input.incrementMs = incrementMs;
  input.movesToGo = movesToGo;
  return input;
}

/** The search result as a plain object (the module's is freed). */
function resultOf(outcome) {
  try {
    return {
      bestMove: outcome.bestMove,
      score: outcome.score,
      winIn: outcome.winIn,
      depth: outcome.depth,
      seldepth: outcome.seldepth,
      nodes: outcome.nodes,
      elapsedMs: outcome.elapsedMs,
      hashfull: outcome.hashfull,
      pv: outcome.pv,
    };
  } finally {
    outcome.free();
  }
}

/** A computer player: level 1 (a beginner) to 10 (full strength). */
export class Engine {
  /**
   * `new Engine({ level = 10, hashMegabytes = 16, threads = 1, contempt = 300 })`:
   * `threads` above 1 is refused (WebAssembly has no threads; search in a
   * worker instead, see EngineWorker).
   */
  constructor(settings = undefined) {
    const { level, threads, hashMegabytes, contempt } = engineSettings(settings);
    const inner = call(() => new WasmEngine(level, threads, hashMegabytes));
    handles.set(this, inner);
    if (contempt !== undefined) this.setContempt(contempt);
  }

  #inner() {
    return handle(this, "Engine");
  }

  /** The level of the searches that follow (1 to 10). */
  get level() {
    return call(() => this.#inner().level());
  }

  /** Sets the level (1 to 10) of the searches that follow. */
  setLevel(level) {
    number(level, "level");
    call(() => this.#inner().setLevel(level));
  }

  /** What a draw by repetition is worth less than an even position, in
   * evaluation units (10 per square of race; 300 for a new engine). */
  get contempt() {
    return call(() => this.#inner().contempt());
  }

  /** Sets the contempt (0 to 10 000) of the searches that follow. */
  setContempt(contempt) {
    number(contempt, "contempt");
    call(() => this.#inner().setContempt(contempt));
  }

  /** Forgets what the engine learnt; node-limited searches repeat exactly. */
  newGame() {
    call(() => this.#inner().newGame());
  }

  /**
   * The best move for the side to move in `game` (which is not changed),
   * under `{ depth, nodes, movetimeMs, clock: { remainingMs, incrementMs,
   * movesToGo } }`; the first limit reached ends the search. With no limit
   * the level's default applies (300 000 nodes at level 10). It runs on the
   * calling thread until done: in a page, use EngineWorker.
   */
  search(game, limits = undefined) {
    if (!(game instanceof Game)) {
      throw new TypeError(`game must be a Game, not ${describe(game)}`);
    }
    const gameInner = handle(game, "Game");
    const engine = this.#inner();
    const input = wasmLimits(limits);
    try {
      return resultOf(call(() => engine.search(gameInner, input)));
    } finally {
      input.free();
    }
  }

  /** Frees the module's memory now (garbage collection also does). Idempotent. */
  free() {
    release(this);
  }
}

// `using game = new Game()` (explicit resource management) where the
// platform has Symbol.dispose.
if (typeof Symbol.dispose === "symbol") {
  for (const Class of [Rules, Game, Engine]) {
    Object.defineProperty(Class.prototype, Symbol.dispose, {
      value() { this.free(); },
      configurable: true,
      writable: true,
    });
  }
}
