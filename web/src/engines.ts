// The engine seats: one EngineWorker (a Web Worker of the package) per seat
// that the engine plays, kept between moves so that its table carries over,
// replaced when the seat's level changes.

import { EngineWorker, type Game, type SearchResult, type Seat } from "halma";

export class Engines {
  private workers = new Map<Seat, { level: number; worker: EngineWorker }>();

  /** The engine's move for the side to move of `game` at `level`, searched
   * in the seat's worker; `signal` stops it (the promise rejects). */
  search(seat: Seat, level: number, game: Game, signal: AbortSignal): Promise<SearchResult> {
    let entry = this.workers.get(seat);
    if (entry === undefined || entry.level !== level) {
      entry?.worker.terminate();
      entry = { level, worker: new EngineWorker({ level }) };
      this.workers.set(seat, entry);
    }
    // The level's own limits: what it is built to spend.
    return entry.worker.search(game, undefined, { signal });
  }

  /** A new game: the engines forget what they learnt. */
  newGame(): void {
    for (const { worker } of this.workers.values()) worker.newGame();
  }

  /** Stops the workers of the seats no engine plays any more. */
  keepOnly(seats: Iterable<Seat>): void {
    const kept = new Set(seats);
    for (const [seat, { worker }] of this.workers) {
      if (!kept.has(seat)) {
        worker.terminate();
        this.workers.delete(seat);
      }
    }
  }
}
