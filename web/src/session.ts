// One game as the page plays it: the library's Game, the moves taken back
// (for redo), and how the game ended when the board does not say it (a
// draw by repetition, a resignation). No DOM here.

import { Game, readRecord, type Ending, type Seat } from "halma";

import { parsePlayer, playerText, playersFor, type Player, type Settings } from "./settings";

/** A move as the board shows it: its notation and the squares of its path. */
export interface PlayedMove {
  notation: string;
  path: string[];
  seat: Seat;
  /** The seat of the piece it displaced (a swap), or null. */
  displaced: Seat | null;
}

/** How often a position must stand for a draw (the record reader's count). */
export const REPETITION_DRAW = 3;

/** Where the game stands, in words for the status line. */
export interface Standing {
  over: boolean;
  /** The winner, or null (ongoing or drawn). */
  winner: Seat | null;
  /** A sentence: "Red to move", "Blue wins: ...", "Draw by repetition: ...". */
  text: string;
}

export class Session {
  readonly game: Game;
  readonly players: Map<Seat, Player>;
  /** Moves taken back, the next one to redo last. */
  private redoStack: string[] = [];
  /** How the game ended when the board did not end it, or null. */
  ending: Ending | null = null;

  /** A game and its players (the session owns the game from now on). */
  constructor(game: Game, players: ReadonlyMap<Seat, Player>) {
    this.game = game;
    this.players = playersFor(game.rules.seats, players);
  }

  /** A new game as `settings` set it up (throws the library's error). */
  static start(settings: Settings): Session {
    return new Session(new Game(settings.rules, settings.position ?? undefined), settings.players);
  }

  /** The game of a record, with its players where its tags name them
   * (`[Red "human"]`, `[Blue "engine:3"]`), else those of `fallback`. */
  static fromRecord(text: string, fallback: ReadonlyMap<Seat, Player>): Session {
    const { game, tags } = readRecord(text);
    const values = new Map(tags);
    const players = new Map<Seat, Player>();
    for (const seat of game.rules.seats) {
      const tag = values.get(seat);
      try {
        if (tag !== undefined) players.set(seat, parsePlayer(tag));
      } catch {
        // A record from elsewhere names people there: they play here as the menu says.
      }
      if (!players.has(seat) && fallback.has(seat)) players.set(seat, fallback.get(seat)!);
    }
    const session = new Session(game, players);
    session.ending = endingOf(values);
    return session;
  }

  /** The settings that start this game again. */
  get settings(): Settings {
    const start = this.game.startPosition;
    return {
      rules: this.game.rulesText,
      players: new Map(this.players),
      position: start === this.game.rules.startPosition ? null : start,
    };
  }

  get isOver(): boolean {
    return this.game.isOver || this.ending !== null;
  }

  get canUndo(): boolean {
    return this.game.plyCount > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** The moves that redo would play, the next first. */
  get redoMoves(): string[] {
    return [...this.redoStack].reverse();
  }

  /** Plays a legal move (throws the library's error, changing nothing);
   * a new move forgets what redo would have played. */
  play(move: string): PlayedMove {
    const played = this.playKeepingRedo(move);
    this.redoStack = [];
    return played;
  }

  private playKeepingRedo(move: string): PlayedMove {
    const seat = this.game.sideToMove;
    const path = this.game.path(move);
    const displaced = path.length > 0 ? this.game.pieceAt(path.at(-1)!) : null;
    const notation = this.game.play(move);
    if (!this.game.isOver && this.game.repetitionCount() >= REPETITION_DRAW) {
      this.ending = { termination: "repetition" };
    }
    return { notation, path, seat, displaced };
  }

  /** Takes back the last move (and any ending after it); null at the start. */
  undo(): string | null {
    if (!this.canUndo) return null;
    this.ending = null;
    const move = this.game.undo();
    this.redoStack.push(move);
    return move;
  }

  /** Plays again the last move taken back; null when there is none. */
  redo(): PlayedMove | null {
    const move = this.redoStack.pop();
    if (move === undefined) return null;
    return this.playKeepingRedo(move);
  }

  /** Forgets the moves taken back (a new line of play starts here). */
  dropRedo(): void {
    this.redoStack = [];
  }

  /** The seat to move gives up (a person's choice). */
  resign(): void {
    if (this.isOver) return;
    this.ending = { termination: "resignation", loser: this.game.sideToMove };
    this.redoStack = [];
  }

  /** Where the game stands, in words. */
  standing(): Standing {
    const game = this.game;
    const winner = game.winner;
    const plies = `${game.plyCount} ${game.plyCount === 1 ? "move" : "moves"}`;
    if (winner !== null) {
      return { over: true, winner, text: `${winner} wins: every square of its target camp is filled, after ${plies}.` };
    }
    const ending = this.ending;
    if (ending?.termination === "repetition") {
      return { over: true, winner: null, text: `Draw by repetition: this position has stood on the board ${REPETITION_DRAW} times (${plies}).` };
    }
    if (ending !== null && "loser" in ending) {
      const seats = game.rules.seats.filter((seat) => seat !== ending.loser);
      const how = ending.termination === "resignation" ? "resigned" : "forfeited";
      const result = seats.length === 1 ? ` ${seats[0]} wins.` : "";
      return { over: true, winner: seats.length === 1 ? seats[0]! : null, text: `${ending.loser} ${how} after ${plies}.${result}` };
    }
    if (ending !== null) {
      return { over: true, winner: null, text: `Draw by ${ending.termination} after ${plies}.` };
    }
    const seat = game.sideToMove;
    const moves = game.legalMoves();
    const pass = moves.length === 1 && moves[0] === "pass";
    return { over: false, winner: null, text: pass ? `${seat} has no legal move and must pass` : `${seat} to move` };
  }

  /** The game record, with the players as tags and the ending, if any. */
  record(): string {
    const tags: [string, string][] = [["Site", "halma web"], ["Date", recordDate(new Date())]];
    for (const [seat, player] of this.players) tags.push([seat, playerText(player)]);
    return this.ending === null ? this.game.record(tags) : this.game.record(tags, this.ending);
  }

  free(): void {
    this.game.free();
  }
}

/** The ending a record's tags state (Termination, Loser, TerminationDetails). */
function endingOf(tags: ReadonlyMap<string, string>): Ending | null {
  const termination = tags.get("Termination");
  const loser = tags.get("Loser") as Seat | undefined;
  switch (termination) {
    case undefined:
    case "normal":
      return null;
    case "resignation":
      return { termination, loser: loser! };
    case "forfeit":
      return { termination, loser: loser!, details: tags.get("TerminationDetails") ?? "" };
    default:
      return { termination: termination as "repetition" };
  }
}

/** A record's date, as PGN writes it: 2026.12.03. */
function recordDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}
