// The side panel's lists: the seats (who plays each, whose turn, the
// engine thinking) and the moves played, one `li` per move in notation
// (the hook [data-testid="moves"] of web/README.md).

import { MAX_LEVEL, MIN_LEVEL, type SearchResult, type Seat } from "halma";

import { parsePlayer, type Player } from "./settings";

/** What the seats list shows. */
export interface SeatsView {
  seats: Seat[];
  players: Map<Seat, Player>;
  /** The seat to move, or null when the game is over. */
  turn: Seat | null;
  winner: Seat | null;
  /** The seat whose engine is searching, or null. */
  thinking: Seat | null;
  /** Whether the engine of the seat to move waits for Go. */
  paused: boolean;
  /** The last search of each engine seat. */
  searches: Map<Seat, SearchResult>;
}

export interface SeatsEvents {
  onPlayer(seat: Seat, player: Player): void;
  onStop(): void;
  onGo(): void;
}

/** The options of a seat's menu: a person, or the engine at each level. */
export function playerOptions(select: HTMLSelectElement, player: Player): void {
  select.replaceChildren();
  const human = new Option("Human", "human");
  select.append(human);
  for (let level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
    select.append(new Option(`Engine, level ${level}`, `engine:${level}`));
  }
  select.value = player.kind === "human" ? "human" : `engine:${player.level}`;
}


/** The seats list: built once per game, updated on every change. */
export class SeatsList {
  private items = new Map<Seat, { item: HTMLElement; select: HTMLSelectElement; detail: HTMLElement; button: HTMLButtonElement }>();

  constructor(private readonly list: HTMLElement, private readonly events: SeatsEvents) {}

  build(seats: Seat[], players: Map<Seat, Player>): void {
    this.list.replaceChildren();
    this.items.clear();
    for (const seat of seats) {
      const item = document.createElement("li");
      item.className = "seat";
      item.dataset.seat = seat.toLowerCase();
      const chip = document.createElement("span");
      chip.className = "piece chip";
      chip.dataset.seatChip = seat.toLowerCase();
      chip.setAttribute("aria-hidden", "true");
      const name = document.createElement("span");
      name.className = "seat-name";
      name.textContent = seat;
      const select = document.createElement("select");
      select.className = "field seat-player";
      select.setAttribute("aria-label", `${seat} is played by`);
      select.dataset.testid = `player-${seat.toLowerCase()}`;
      playerOptions(select, players.get(seat)!);
      select.addEventListener("change", () => this.events.onPlayer(seat, parsePlayer(select.value)));
      const detail = document.createElement("span");
      detail.className = "seat-detail";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button small";
      button.hidden = true;
      button.addEventListener("click", () => (button.dataset.role === "stop" ? this.events.onStop() : this.events.onGo()));
      item.append(chip, name, select, detail, button);
      this.list.append(item);
      this.items.set(seat, { item, select, detail, button });
    }
  }

  update(view: SeatsView): void {
    for (const seat of view.seats) {
      const entry = this.items.get(seat);
      if (entry === undefined) continue;
      const { item, select, detail, button } = entry;
      const player = view.players.get(seat)!;
      const value = player.kind === "human" ? "human" : `engine:${player.level}`;
      if (select.value !== value) select.value = value;
      item.toggleAttribute("data-turn", view.turn === seat);
      item.toggleAttribute("data-thinking", view.thinking === seat);
      item.toggleAttribute("data-winner", view.winner === seat);
      const search = view.searches.get(seat);
      if (view.thinking === seat) {
        detail.innerHTML = `<span class="spinner" aria-hidden="true"></span>thinking…`;
      } else if (view.winner === seat) {
        detail.textContent = "winner";
      } else if (search !== undefined && player.kind === "engine") {
        detail.textContent = `depth ${search.depth} · ${formatNodes(search.nodes)} nodes · ${formatTime(search.elapsedMs)}`;
      } else {
        detail.textContent = view.turn === seat ? "to move" : "";
      }
      const stop = view.thinking === seat;
      const go = !stop && view.paused && view.turn === seat && player.kind === "engine";
      button.hidden = !stop && !go;
      button.dataset.role = stop ? "stop" : "go";
      button.textContent = stop ? "Stop" : "Go";
      button.dataset.testid = stop ? "stop" : "go";
    }
  }
}

function formatNodes(nodes: number): string {
  return nodes >= 10_000 ? `${Math.round(nodes / 1000)}k` : String(nodes);
}

function formatTime(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** The moves list: one `li` per move in notation, rounds numbered (by CSS). */
export class MovesList {
  private seats: Seat[] = [];

  constructor(private readonly list: HTMLOListElement, private readonly onPick: (ply: number) => void) {
    list.addEventListener("click", (event) => {
      const item = (event.target as Element).closest<HTMLElement>("li[data-ply]");
      if (item !== null) this.onPick(Number(item.dataset.ply));
    });
  }

  /** Shows `moves` (notation, oldest first), made by `movers` (the seat of each). */
  update(seats: Seat[], moves: string[], movers: Seat[]): void {
    if (seats.join() !== this.seats.join()) {
      this.seats = seats;
      // Two seats side by side; three or four, one move a line.
      this.list.style.setProperty("--columns", seats.length === 2 ? "2" : "1");
      this.list.replaceChildren();
    }
    const items = this.list.children;
    // Keep the items that still hold the same move: only the tail changes.
    let same = 0;
    while (same < items.length && same < moves.length && items[same]!.textContent === moves[same]
      && (items[same] as HTMLElement).dataset.seat === movers[same]!.toLowerCase()) same++;
    while (items.length > same) items[items.length - 1]!.remove();
    // A round number before the first move and before every move of the
    // first seat, as the record writer numbers them.
    let round = 0;
    const rounds = movers.map((seat, ply) => (ply === 0 || seat === seats[0] ? ++round : null));
    for (let ply = same; ply < moves.length; ply++) {
      const item = document.createElement("li");
      const seat = movers[ply]!;
      item.textContent = moves[ply]!;
      item.dataset.ply = String(ply + 1);
      item.dataset.seat = seat.toLowerCase();
      if (seats.length === 2) item.style.gridColumn = String(seats.indexOf(seat) + 1);
      const number = rounds[ply];
      if (number !== null && number !== undefined) item.dataset.round = String(number);
      item.title = `${seat}: ${moves[ply]} (click to go back to here)`;
      this.list.append(item);
    }
    for (const item of this.list.querySelectorAll("[aria-current]")) item.removeAttribute("aria-current");
    const last = this.list.lastElementChild;
    if (last !== null) {
      last.setAttribute("aria-current", "step");
      last.scrollIntoView({ block: "nearest" });
    }
  }
}
