// Types of the npm package `halma` (both entries: Node and browsers).

/** A seat (player), by colour, in turn order. */
export type Seat = "Red" | "Green" | "Blue" | "Yellow";

/** The deepest perft: depths 0 to 64. */
export const MAX_PERFT_DEPTH: 64;
/** The most moves a game holds. */
export const MAX_GAME_MOVES: 100000;
/** The weakest engine level. */
export const MIN_LEVEL: 1;
/** Full strength. */
export const MAX_LEVEL: 10;
/** The deepest depth limit of a search. */
export const MAX_SEARCH_DEPTH: 64;
/** The most contempt an engine takes. */
export const MAX_CONTEMPT: 10000;
/** The default transposition table of an engine, in MiB. */
export const DEFAULT_HASH_MEGABYTES: 16;
/** The largest table (engine or perft) in MiB. */
export const MAX_HASH_MEGABYTES: 1024;
/** The largest game record read, in bytes; also the longest string any function takes. */
export const MAX_RECORD_LENGTH: number;

/**
 * Loads the WebAssembly module. In Node it is loaded at import and this
 * resolves at once; in browsers call it once before anything else.
 * `source` replaces the `.wasm` file beside the package: a URL, a Response,
 * bytes or a WebAssembly.Module (typed loosely, so that the declarations
 * compile with either the DOM's types or Node's).
 */
export function init(source?: string | URL | ArrayBuffer | ArrayBufferView | object): Promise<void>;

/** The version of the halma library in the module. */
export function version(): string;

/** A rule set from a rules string: "halma", "halma8", "halma,spoil=swap"... */
export class Rules {
  /** Throws InvalidRulesError for a bad rules string. */
  constructor(text?: string);
  /** The canonical rules string. */
  toString(): string;
  /** Whether the two rule sets are the same. */
  equals(other: unknown): boolean;
  /** The number of files (columns). */
  readonly width: number;
  /** The number of ranks (rows). */
  readonly height: number;
  /** The number of squares (and pieces) of a camp. */
  readonly campSize: number;
  /** The seats in play, in turn order. */
  readonly seats: Seat[];
  /** The position string of the preset's start. */
  readonly startPosition: string;
  /** The squares ("a16") of a seat's home camp. */
  homeCamp(seat: Seat | string): string[];
  /** The squares of a seat's target camp. */
  targetCamp(seat: Seat | string): string[];
  /** Frees the module's memory now (garbage collection also does). Idempotent. */
  free(): void;
}

/** Options of `Game.perft`. */
export interface PerftOptions {
  /** A transposition table of this many MiB (1 to 1024): the same count, sooner at depth 5 and more. */
  hashMegabytes?: number;
  /** Only 1: WebAssembly has no threads (more is an InvalidArgumentError). */
  threads?: number;
  /** Reuse one count for the replies that cannot change it: the same count, sooner. */
  reuseReplies?: boolean;
}

/** Extra tags of a game record. */
export type Tags = Record<string, string> | Map<string, string> | Iterable<readonly [string, string]>;

/** How a game ended that the board does not say (the record's Termination, Loser, TerminationDetails). */
export type Ending =
  | { termination: "normal" }
  | { termination: "repetition" | "ply limit" | "agreement" | "adjudication" }
  | { termination: "resignation"; loser: Seat }
  | { termination: "forfeit"; loser: Seat; details?: string };

/** A game: rules, the moves played (with undo), the position, the result. */
export class Game {
  /** Throws InvalidRulesError or InvalidPositionError. */
  constructor(rules?: string | Rules, position?: string);
  /** The game of a game record, replayed to its last move (InvalidRecordError). */
  static fromRecord(text: string): Game;
  /** An independent copy, history included. */
  copy(): Game;
  /** The game's rules. */
  readonly rules: Rules;
  /** The canonical rules string. */
  readonly rulesText: string;
  /** The position string. */
  readonly position: string;
  /** The position string the game started from. */
  readonly startPosition: string;
  /** The seat to move. */
  readonly sideToMove: Seat;
  /** The seat that won, or null while the game is on. */
  readonly winner: Seat | null;
  /** Whether a seat has won. */
  readonly isOver: boolean;
  /** The moves played, oldest first, in notation. */
  readonly history: string[];
  /** The number of moves played. */
  readonly plyCount: number;
  /** How often the current position has stood on the board, the start included (3: a draw by repetition). */
  repetitionCount(): number;
  /** The legal moves in notation, as `halma moves` prints them. */
  legalMoves(): string[];
  /** The number of legal moves. */
  legalMoveCount(): number;
  /** A legal move's notation as legalMoves() writes it, without playing it (IllegalMoveError). */
  parseMove(move: string): string;
  /** The squares of a legal move's path, origin first ([] for "pass"). */
  path(move: string): string[];
  /** null when a legal move goes from `from` to `to`; else the library's reason, in words. */
  illegalReason(from: string, to: string): string | null;
  /** Plays a move; returns its notation. Throws IllegalMoveError, GameOverError or GameTooLongError and changes nothing. */
  play(move: string): string;
  /** Takes back the last move and returns it (NothingToUndoError). */
  undo(): string;
  /** The seat on a square ("e12"), or null. */
  pieceAt(square: string): Seat | null;
  /** The board, north first, file a first. */
  board(): (Seat | null)[][];
  /** The number of move sequences of `depth` (0 to 64) moves. */
  perft(depth: number, options?: PerftOptions): bigint;
  /** The game record, readable by Game.fromRecord and the Rust reader; `ending` for a game the board did not end. */
  record(tags?: Tags, ending?: Ending): string;
  /** Whether the two games have the same rules, position and side to move. */
  equals(other: unknown): boolean;
  /** The board as text. */
  toString(): string;
  /** Frees the module's memory now (garbage collection also does). Idempotent. */
  free(): void;
}

/** A game record read back. */
export interface GameRecord {
  /** The game, replayed to its last move. */
  game: Game;
  /** Every tag as [name, value], in the order read (Rules, Result... included). */
  tags: [string, string][];
}

/** Reads a game record (InvalidRecordError). */
export function readRecord(text: string): GameRecord;

/** Options of `new Engine(...)`. */
export interface EngineOptions {
  /** 1 (a beginner) to 10 (full strength, the default). */
  level?: number;
  /** Only 1: WebAssembly has no threads. */
  threads?: number;
  /** The transposition table in MiB, 0 (the smallest) to 1024; default 16. */
  hashMegabytes?: number;
  /** 0 to 10 000 evaluation units; default 300. */
  contempt?: number;
}

/** A player's clock: the engine budgets its time from it. */
export interface Clock {
  /** Time left on the side to move's clock, in ms. */
  remainingMs: number;
  /** Time added after each move, in ms. */
  incrementMs?: number;
  /** Moves to play before the clock is topped up. */
  movesToGo?: number;
}

/** What a search may spend; the first limit reached ends it. */
export interface SearchLimits {
  /** Deepest iteration, 1 to 64 plies. */
  depth?: number;
  /** Most positions visited (a positive safe integer). */
  nodes?: number;
  /** Time for this move, in ms (more than 0). */
  movetimeMs?: number;
  /** A clock to budget from. */
  clock?: Clock;
}

/** The answer of a search. */
export interface SearchResult {
  /** The move to play, in notation. */
  bestMove: string;
  /** For the side to move, in evaluation units (10 = one square of race). */
  score: number;
  /** N > 0: the side to move wins in N plies; -N: it loses; 0: no forced result. */
  winIn: number;
  /** The last completed iteration, in plies. */
  depth: number;
  /** The deepest ply reached. */
  seldepth: number;
  /** Positions visited. */
  nodes: number;
  /** Wall time spent, in ms. */
  elapsedMs: number;
  /** Transposition table use, per mille. */
  hashfull: number;
  /** The principal variation in notation, starting with bestMove. */
  pv: string[];
}

/** A computer player. */
export class Engine {
  /** Throws InvalidArgumentError for options out of range. */
  constructor(options?: EngineOptions);
  /** The level of the searches that follow. */
  readonly level: number;
  /** Sets the level (1 to 10). */
  setLevel(level: number): void;
  /** The contempt, in evaluation units. */
  readonly contempt: number;
  /** Sets the contempt (0 to 10 000). */
  setContempt(contempt: number): void;
  /** Forgets what the engine learnt. */
  newGame(): void;
  /** The best move for the side to move (GameOverError when the game is over). Runs on the calling thread. */
  search(game: Game, limits?: SearchLimits): SearchResult;
  /** Frees the module's memory now (garbage collection also does). Idempotent. */
  free(): void;
}

/** Options of a search in a worker. */
export interface WorkerSearchOptions {
  /** Cancels the search: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** An engine in a worker of its own (a Web Worker in browsers, worker_threads in Node). */
export class EngineWorker {
  /** The options of `new Engine(...)`, checked now (in browsers, after `init()`). */
  constructor(options?: EngineOptions);
  /** The result of `Engine.search`, without blocking this thread. */
  search(game: Game, limits?: SearchLimits, options?: WorkerSearchOptions): Promise<SearchResult>;
  /** Forgets what the engine learnt. */
  newGame(): void;
  /** Stops the worker; a search under way rejects. Idempotent. */
  terminate(): void;
}

/** One search in a worker of its own, stopped afterwards. */
export function searchInWorker(
  game: Game,
  limits?: SearchLimits,
  options?: EngineOptions & WorkerSearchOptions,
): Promise<SearchResult>;

/** The base class of the library's refusals (`instanceof` also holds for InvalidArgumentError). */
export class HalmaError extends Error {}
/** An argument out of the range or set the library accepts (also a HalmaError). */
export class InvalidArgumentError extends RangeError {}
/** The rules string is not valid. */
export class InvalidRulesError extends HalmaError {}
/** The position string is malformed or not a position under the rules. */
export class InvalidPositionError extends HalmaError {}
/** The move is malformed or not legal in the position. */
export class IllegalMoveError extends HalmaError {}
/** The game is over. */
export class GameOverError extends HalmaError {}
/** No move was played. */
export class NothingToUndoError extends HalmaError {}
/** The game already holds the most moves a game keeps. */
export class GameTooLongError extends HalmaError {}
/** The game record cannot be read. */
export class InvalidRecordError extends HalmaError {}
