// The page's controller: one Session at a time, drawn on the Board and the
// panel; people's clicks and keys; the engine seats searching in workers
// (with a visible thinking state and Stop); undo, redo, records, positions,
// and the URL kept in step with the game's set-up.

import { MAX_RECORD_LENGTH, type Rules, type SearchResult, type Seat } from "halma";

import { Board, type BoardShape } from "./board";
import { NewGameDialog, RecordDialog } from "./dialogs";
import { Engines } from "./engines";
import { MovesList, SeatsList } from "./panel";
import { Session, type PlayedMove } from "./session";
import { writeQuery, type Player, type Settings } from "./settings";

/** The least time an engine seat takes over a move, so that a person sees
 * the position before the reply lands (the search itself is often faster). */
const LEAST_THINKING_MS = 250;

function element<T extends Element = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`the page has no ${selector}`);
  return found;
}

/** What the board is drawn from: the size, the seats and their camps. */
function shapeOf(rules: Rules): BoardShape {
  return {
    width: rules.width,
    height: rules.height,
    seats: rules.seats,
    homeCamps: new Map(rules.seats.map((seat) => [seat, rules.homeCamp(seat)])),
    targetCamps: new Map(rules.seats.map((seat) => [seat, rules.targetCamp(seat)])),
  };
}

export class App {
  private session: Session;
  private readonly board: Board;
  private readonly seats: SeatsList;
  private readonly moves: MovesList;
  private readonly engines = new Engines();
  private readonly newGameDialog: NewGameDialog;
  private readonly recordDialog: RecordDialog;
  private readonly status = element('[data-testid="status"]');
  private readonly notice = element('[data-testid="notice"]');
  private readonly position = element<HTMLInputElement>('[data-testid="position"]');
  /** The selected piece's square, or null. */
  private selected: string | null = null;
  /** The legal moves of the position by origin, then destination: the path written. */
  private movesByOrigin = new Map<string, Map<string, string[]>>();
  /** Bumped by every change of the game: a search answering an older one is dropped. */
  private version = 0;
  private thinking: { seat: Seat; controller: AbortController } | null = null;
  /** The engine of the seat to move waits for Go (after Stop). */
  private paused = false;
  private searches = new Map<Seat, SearchResult>();
  /** The animation of the last move, which the next move waits for. */
  private animation: Promise<void> = Promise.resolve();

  constructor(settings: Settings, problems: string[]) {
    this.board = new Board((square) => this.onSquare(square));
    element('[data-testid="board-frame"]').replaceChildren(this.board.element);
    this.seats = new SeatsList(element('[data-testid="seats"]'), {
      onPlayer: (seat, player) => this.setPlayer(seat, player),
      onStop: () => this.stop(),
      onGo: () => this.go(),
    });
    this.moves = new MovesList(element<HTMLOListElement>('[data-testid="moves"]'), (ply) => this.goTo(ply));
    this.newGameDialog = new NewGameDialog(element<HTMLDialogElement>('[data-testid="new-game-dialog"]'), (chosen) => this.startGame(chosen));
    this.recordDialog = new RecordDialog(
      element<HTMLDialogElement>('[data-testid="record-dialog"]'),
      (text) => this.loadRecord(text),
      (text) => this.copy(text, "The record"),
    );
    this.bindControls();
    let session: Session;
    try {
      session = Session.start(settings);
    } catch (error) {
      problems.push(`position: ${(error as Error).message}`);
      session = Session.start({ ...settings, position: null });
    }
    this.session = session;
    this.begin();
    if (problems.length > 0) this.say(`The link asked for what cannot be: ${problems.join("; ")}.`);
  }

  // --- set-up ----------------------------------------------------------------

  private bindControls(): void {
    const on = (action: string, handler: () => void) => {
      for (const button of document.querySelectorAll<HTMLElement>(`[data-action="${action}"]`)) {
        button.addEventListener("click", handler);
      }
    };
    on("new", () => this.newGameDialog.open(this.session.settings));
    on("undo", () => this.undo());
    on("redo", () => this.redo());
    on("flip", () => this.flip());
    on("resign", () => this.resign());
    on("pass", () => this.playHuman("pass"));
    on("save", () => this.save());
    on("record", () => this.recordDialog.open(this.session.record()));
    on("copy-position", () => this.copy(this.session.game.position, "The position"));
    on("set-position", () => this.setPosition(this.position.value));
    this.position.addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.setPosition(this.position.value);
    });
    element<HTMLInputElement>('[data-action="load-file"]').addEventListener("change", (event) => {
      const input = event.target as HTMLInputElement;
      const file = input.files?.[0];
      input.value = "";
      if (file !== undefined) void this.loadFile(file);
    });
    document.addEventListener("keydown", (event) => {
      const target = event.target as HTMLElement;
      if (event.ctrlKey || event.metaKey || event.altKey || target.closest("input, select, textarea, dialog") !== null) return;
      const keys: Record<string, () => void> = { u: () => this.undo(), r: () => this.redo(), f: () => this.flip() };
      const action = keys[event.key.toLowerCase()];
      if (action !== undefined) {
        event.preventDefault();
        action();
      }
    });
    for (const button of document.querySelectorAll<HTMLButtonElement | HTMLInputElement>("[data-action]")) button.disabled = false;
    this.position.disabled = false;
  }

  /** Draws a new session from scratch: board, seats, moves, URL. */
  private begin(): void {
    this.version++;
    this.abortSearch();
    this.paused = false;
    this.selected = null;
    this.searches.clear();
    this.engines.newGame();
    const game = this.session.game;
    this.board.build(shapeOf(game.rules));
    this.seats.build(game.rules.seats, this.session.players);
    element('[data-testid="rules"]').textContent = game.rulesText;
    document.title = `Halma · ${game.rulesText}`;
    this.animation = Promise.resolve();
    this.update();
  }

  private startGame(settings: Settings): void {
    let session: Session;
    try {
      session = Session.start(settings);
    } catch (error) {
      this.say((error as Error).message);
      return;
    }
    this.replace(session);
    this.say("");
  }

  private replace(session: Session): void {
    this.session.free();
    this.session = session;
    this.begin();
  }

  // --- drawing ---------------------------------------------------------------

  /** Redraws everything from the session, then lets an engine move if it is its turn. */
  private update(): void {
    const session = this.session;
    const game = session.game;
    this.movesByOrigin = new Map();
    for (const move of session.isOver ? [] : game.legalMoves()) {
      if (move === "pass") continue;
      const path = move.split("-");
      const from = path[0]!;
      if (!this.movesByOrigin.has(from)) this.movesByOrigin.set(from, new Map());
      this.movesByOrigin.get(from)!.set(path.at(-1)!, path);
    }
    const humanTurn = !session.isOver && this.playerOf(game.sideToMove).kind === "human";
    if (this.selected !== null && (!humanTurn || !this.movesByOrigin.has(this.selected))) this.selected = null;
    const moves = game.history;
    const lastMove = moves.at(-1);
    this.board.render({
      pieces: game.board(),
      selected: this.selected,
      destinations: this.selected === null ? new Map() : this.movesByOrigin.get(this.selected)!,
      lastPath: lastMove === undefined || lastMove === "pass" ? null : lastMove.split("-"),
      interactive: humanTurn,
      turn: session.isOver ? null : game.sideToMove,
    });
    const standing = session.standing();
    let status = standing.text;
    if (this.thinking !== null) status = `${this.thinking.seat} is thinking…`;
    else if (!standing.over && this.paused && !humanTurn) status = `${game.sideToMove}'s engine is stopped: press Go to let it move`;
    this.status.textContent = status;
    this.status.dataset.over = String(standing.over);
    this.seats.update({
      seats: game.rules.seats,
      players: session.players,
      turn: standing.over ? null : game.sideToMove,
      winner: standing.winner,
      thinking: this.thinking?.seat ?? null,
      paused: this.paused || (session.canRedo && !humanTurn),
      searches: this.searches,
    });
    this.moves.update(game.rules.seats, moves, this.movers(moves.length));
    this.position.value = game.position;
    this.enable("undo", session.canUndo);
    this.enable("redo", session.canRedo);
    this.enable("resign", humanTurn);
    const pass = humanTurn && game.legalMoves().join() === "pass";
    for (const button of document.querySelectorAll<HTMLElement>('[data-action="pass"]')) button.hidden = !pass;
    document.documentElement.dataset.thinking = String(this.thinking !== null);
    const url = writeQuery(session.settings);
    if (location.search !== url) history.replaceState(null, "", url);
    this.think();
  }

  /** The seat that made each of the first `plies` moves: turn order from the start's side to move. */
  private movers(plies: number): Seat[] {
    const game = this.session.game;
    const seats = game.rules.seats;
    const letter = game.startPosition.split(" ")[1];
    const first = Math.max(0, seats.findIndex((seat) => seat[0]!.toLowerCase() === letter));
    return Array.from({ length: plies }, (_, ply) => seats[(first + ply) % seats.length]!);
  }

  private enable(action: string, on: boolean): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>(`[data-action="${action}"]`)) button.disabled = !on;
  }

  /** A sentence in the notice line (empty clears it). */
  private say(text: string): void {
    this.notice.textContent = text;
  }

  private playerOf(seat: Seat): Player {
    return this.session.players.get(seat) ?? { kind: "human" };
  }

  private get reducedMotion(): boolean {
    return matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // --- people's moves --------------------------------------------------------

  /** A click, tap or Enter on a square. */
  private onSquare(square: string): void {
    const session = this.session;
    const game = session.game;
    if (session.isOver) {
      this.say(`The game is over. ${session.standing().text} Undo, or start a new game.`);
      return;
    }
    const seat = game.sideToMove;
    if (this.playerOf(seat).kind === "engine") {
      this.say(this.thinking !== null
        ? `${seat} is played by the engine, which is thinking: wait for its move, or press Stop.`
        : `${seat} is played by the engine: press Go, or choose Human for ${seat}.`);
      return;
    }
    const piece = game.pieceAt(square);
    const selected = this.selected;
    if (selected !== null) {
      if (square === selected) {
        this.selected = null;
        this.say("");
        this.update();
        return;
      }
      const path = this.movesByOrigin.get(selected)?.get(square);
      if (path !== undefined) {
        this.playHuman(path.join("-"));
        return;
      }
      if (piece !== seat) {
        // Not a destination: the library's reason, and nothing changes.
        const reason = game.illegalReason(selected, square);
        this.say(`${selected}-${square} is not a legal move: ${reason ?? "it is not legal"}.`);
        return;
      }
    }
    if (piece === seat) {
      if (this.movesByOrigin.has(square)) {
        this.selected = square;
        this.say("");
      } else {
        this.say(`The piece on ${square} has no legal move.`);
      }
      this.update();
      return;
    }
    // An empty square or another seat's piece, with nothing selected.
    const reason = game.illegalReason(square, square);
    this.say(`${reason ?? `nothing to move on ${square}`}: choose one of ${seat}'s pieces.`);
  }

  private playHuman(move: string): void {
    this.selected = null;
    this.say("");
    this.play(move);
  }

  /** Plays a legal move and animates it; the next move waits for the animation. */
  private play(move: string): void {
    let played: PlayedMove;
    try {
      played = this.session.play(move);
    } catch (error) {
      this.say((error as Error).message);
      return;
    }
    this.version++;
    this.paused = false;
    this.show(played);
  }

  /** Draws the position after `played` and animates it. */
  private show(played: PlayedMove): void {
    this.board.finishAnimations();
    this.update();
    this.animation = this.board.animate(played, this.reducedMotion);
  }

  // --- the engine ------------------------------------------------------------

  /** Starts the engine's search when an engine seat is to move (and may). */
  private think(): void {
    const session = this.session;
    if (this.thinking !== null || session.isOver || this.paused || session.canRedo) return;
    const seat = session.game.sideToMove;
    const player = this.playerOf(seat);
    if (player.kind !== "engine") return;
    const controller = new AbortController();
    const version = this.version;
    this.thinking = { seat, controller };
    const started = performance.now();
    const search = this.engines.search(seat, player.level, session.game, controller.signal);
    queueMicrotask(() => this.update());
    search
      .then(async (result) => {
        const rest = LEAST_THINKING_MS - (performance.now() - started);
        await Promise.all([this.animation, rest > 0 ? new Promise((resolve) => setTimeout(resolve, rest)) : null]);
        if (version !== this.version) return;
        this.thinking = null;
        this.searches.set(seat, result);
        this.play(result.bestMove);
      })
      .catch((error: unknown) => {
        if (version !== this.version || controller.signal.aborted) return;
        this.thinking = null;
        this.paused = true;
        this.say(`The engine of ${seat} failed: ${(error as Error).message}`);
        this.update();
      });
  }

  private abortSearch(): void {
    const thinking = this.thinking;
    this.thinking = null;
    thinking?.controller.abort();
  }

  /** Stop: the search ends without a move; the engine waits for Go. */
  private stop(): void {
    if (this.thinking === null) return;
    this.version++;
    this.abortSearch();
    this.paused = true;
    this.say(`Stopped. ${this.session.game.sideToMove}'s engine waits: press Go to let it move.`);
    this.update();
  }

  /** Go: the engine of the seat to move searches (what redo would play is dropped). */
  private go(): void {
    this.paused = false;
    this.session.dropRedo();
    this.say("");
    this.update();
  }

  private setPlayer(seat: Seat, player: Player): void {
    this.session.players.set(seat, player);
    this.engines.keepOnly([...this.session.players].filter(([, p]) => p.kind === "engine").map(([s]) => s));
    if (this.thinking?.seat === seat) {
      this.version++;
      this.abortSearch();
    }
    if (seat === this.session.game.sideToMove) this.paused = false;
    this.update();
  }

  // --- controls --------------------------------------------------------------

  /** Takes back one move, and more until a person is to move (when one plays). */
  private undo(): void {
    const session = this.session;
    if (!session.canUndo) return;
    this.version++;
    this.abortSearch();
    this.board.finishAnimations();
    const someoneHuman = [...session.players.values()].some((player) => player.kind === "human");
    session.undo();
    while (someoneHuman && session.canUndo && this.playerOf(session.game.sideToMove).kind === "engine") session.undo();
    this.selected = null;
    this.say("");
    this.update();
  }

  /** Plays again one move taken back, and more until a person is to move. */
  private redo(): void {
    const session = this.session;
    if (!session.canRedo) return;
    this.version++;
    this.abortSearch();
    let played = session.redo();
    const someoneHuman = [...session.players.values()].some((player) => player.kind === "human");
    while (played !== null && someoneHuman && session.canRedo && !session.isOver
      && this.playerOf(session.game.sideToMove).kind === "engine") {
      played = session.redo();
    }
    this.selected = null;
    this.say("");
    if (played !== null) this.show(played);
  }

  /** Goes back (or forward) to the position after move `ply`. */
  private goTo(ply: number): void {
    const session = this.session;
    if (ply === session.game.plyCount) return;
    this.version++;
    this.abortSearch();
    this.board.finishAnimations();
    while (session.game.plyCount > ply && session.canUndo) session.undo();
    while (session.game.plyCount < ply && session.canRedo) session.redo();
    this.selected = null;
    this.say(`Back at move ${ply}: play on from here, or Redo.`);
    this.update();
  }

  private flip(): void {
    this.board.build(shapeOf(this.session.game.rules), !this.board.isFlipped);
    this.update();
  }

  private resign(): void {
    const seat = this.session.game.sideToMove;
    if (this.session.isOver || this.playerOf(seat).kind !== "human") return;
    this.version++;
    this.session.resign();
    this.update();
  }

  // --- records and positions -------------------------------------------------

  /** Loads a record's game; returns the library's error, or null. */
  private loadRecord(text: string): string | null {
    let session: Session;
    try {
      session = Session.fromRecord(text, this.session.players);
    } catch (error) {
      return (error as Error).message;
    }
    this.replace(session);
    this.say(`Loaded a game of ${session.game.plyCount} moves (${session.game.rulesText}).`);
    return null;
  }

  private async loadFile(file: File): Promise<void> {
    if (file.size > MAX_RECORD_LENGTH) {
      this.say(`${file.name} is too large for a game record: ${file.size} bytes, at most ${MAX_RECORD_LENGTH}.`);
      return;
    }
    const problem = this.loadRecord(await file.text());
    if (problem !== null) this.say(`${file.name}: ${problem}`);
  }

  /** Downloads the record as a text file. */
  private save(): void {
    const text = this.session.record();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const date = new Date().toISOString().slice(0, 10);
    link.download = `halma-${this.session.game.rulesText.replace(/[^a-z0-9]+/gi, "-")}-${date}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    this.say(`Saved ${link.download}.`);
  }

  /** A new game from a position string, under the current rules. */
  private setPosition(text: string): void {
    const trimmed = text.trim();
    const settings = { ...this.session.settings, position: trimmed };
    let session: Session;
    try {
      session = Session.start(settings);
    } catch (error) {
      this.say(`That position cannot be set: ${(error as Error).message}`);
      return;
    }
    this.replace(session);
    this.say("Position set: a new game starts from it.");
  }

  private copy(text: string, what: string): void {
    navigator.clipboard.writeText(text).then(
      () => this.say(`${what} is copied.`),
      () => this.say(`${what} could not be copied: select it and copy it by hand.`),
    );
  }
}
