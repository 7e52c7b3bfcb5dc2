// The board: squares as the rule book names them (a1 south-west, north at
// the top unless flipped), camps shaded by seat, pieces, the legal
// destinations of the selected piece, the last move's path, hop
// animations, and keyboard play (arrow keys, Enter). The test hooks of
// web/README.md live here: [data-square], [data-piece].

import type { Seat } from "halma";

import type { PlayedMove } from "./session";

/** What the board is drawn from once per game. */
export interface BoardShape {
  width: number;
  height: number;
  seats: Seat[];
  /** A seat's home camp squares, for every seat in play. */
  homeCamps: Map<Seat, string[]>;
  /** A seat's target camp squares, for every seat in play. */
  targetCamps: Map<Seat, string[]>;
}

/** What the board shows at a moment. */
export interface BoardView {
  /** The pieces, north first, file a first (Game.board()). */
  pieces: (Seat | null)[][];
  /** The selected square, or null. */
  selected: string | null;
  /** The selected piece's legal destinations and the path written for each. */
  destinations: Map<string, string[]>;
  /** The last move's path, or null. */
  lastPath: string[] | null;
  /** Whether a person may move now (pieces of `turn` are clickable). */
  interactive: boolean;
  /** The seat to move, or null when the game is over. */
  turn: Seat | null;
}

const SVG = "http://www.w3.org/2000/svg";

/** The name of the square on file `file` (0 = a), rank `rank` (1 = south). */
export function squareName(file: number, rank: number): string {
  return `${String.fromCharCode(97 + file)}${rank}`;
}

/** The file (0 = a) and rank (1 = south) of a square name. */
function coordinates(square: string): { file: number; rank: number } {
  return { file: square.charCodeAt(0) - 97, rank: Number(square.slice(1)) };
}

/** The opposite corner's seat: Red <-> Blue, Green <-> Yellow. */
const OPPOSITE: Record<Seat, Seat> = { Red: "Blue", Blue: "Red", Green: "Yellow", Yellow: "Green" };

export class Board {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly overlay: SVGSVGElement;
  private readonly lastLayer: SVGGElement;
  private readonly previewLayer: SVGGElement;
  private readonly ranks: HTMLElement;
  private readonly files: HTMLElement;
  private squares = new Map<string, HTMLElement>();
  private shape: BoardShape | null = null;
  private flipped = false;
  private cursor = "a1";
  private view: BoardView | null = null;
  private running: Animation[] = [];

  /** `onActivate(square)` runs for a click, a tap or Enter on a square. */
  constructor(private readonly onActivate: (square: string) => void) {
    this.element = document.createElement("div");
    this.element.className = "board-wrap";
    this.grid = document.createElement("div");
    this.grid.className = "board";
    this.grid.setAttribute("role", "grid");
    this.grid.dataset.testid = "board";
    this.overlay = document.createElementNS(SVG, "svg");
    this.overlay.classList.add("overlay");
    this.overlay.setAttribute("aria-hidden", "true");
    this.overlay.innerHTML = `<defs>
      <marker id="arrow-last" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrow-head last"/></marker>
      <marker id="arrow-preview" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrow-head preview"/></marker>
    </defs>`;
    this.lastLayer = document.createElementNS(SVG, "g");
    this.previewLayer = document.createElementNS(SVG, "g");
    this.overlay.append(this.lastLayer, this.previewLayer);
    this.ranks = document.createElement("div");
    this.ranks.className = "coords ranks";
    this.ranks.setAttribute("aria-hidden", "true");
    this.files = document.createElement("div");
    this.files.className = "coords files";
    this.files.setAttribute("aria-hidden", "true");
    const stack = document.createElement("div");
    stack.className = "board-stack";
    stack.append(this.grid, this.overlay);
    const corner = document.createElement("div");
    this.element.append(this.ranks, stack, corner, this.files);
    this.grid.addEventListener("click", (event) => {
      const square = (event.target as Element).closest<HTMLElement>("[data-square]");
      if (square === null) return;
      this.cursor = square.dataset.square!;
      this.focusCursor(false);
      this.onActivate(this.cursor);
    });
    this.grid.addEventListener("keydown", (event) => this.onKey(event));
    this.grid.addEventListener("pointerover", (event) => {
      const square = (event.target as Element).closest<HTMLElement>("[data-square]");
      this.preview(square?.dataset.square ?? null);
    });
    this.grid.addEventListener("pointerleave", () => this.preview(null));
  }

  /** Builds the squares of a board (a new game, or flipped). */
  build(shape: BoardShape, flipped = this.flipped): void {
    this.finishAnimations();
    this.shape = shape;
    this.flipped = flipped;
    const { width, height } = shape;
    this.grid.replaceChildren();
    this.squares.clear();
    this.grid.style.setProperty("--w", String(width));
    this.grid.style.setProperty("--h", String(height));
    this.element.style.setProperty("--w", String(width));
    this.element.style.setProperty("--h", String(height));
    this.grid.setAttribute("aria-label", `Halma board, ${width} by ${height}`);
    this.overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const campOf = new Map<string, Seat>();
    for (const [seat, squares] of shape.homeCamps) for (const square of squares) campOf.set(square, seat);
    const targetOf = new Map<string, Seat>();
    for (const [seat, squares] of shape.targetCamps) {
      // A target corner where nobody sits (Green's in halma3) is shaded for its seeker.
      if (!shape.seats.includes(OPPOSITE[seat])) for (const square of squares) targetOf.set(square, seat);
    }
    for (let row = 0; row < height; row++) {
      const rowElement = document.createElement("div");
      rowElement.setAttribute("role", "row");
      rowElement.className = "board-row";
      for (let column = 0; column < width; column++) {
        const { file, rank } = this.squareAt(column, row);
        const name = squareName(file, rank);
        const square = document.createElement("div");
        square.className = "sq";
        square.setAttribute("role", "gridcell");
        square.tabIndex = -1;
        square.dataset.square = name;
        square.classList.add((file + rank) % 2 === 0 ? "dark" : "light");
        const camp = campOf.get(name) ?? targetOf.get(name);
        if (camp !== undefined) {
          square.dataset.camp = camp.toLowerCase();
          if (!campOf.has(name)) square.dataset.targetOnly = "";
          const edges = ["n", "e", "s", "w"].filter((side) => {
            const [dc, dr] = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] }[side]!;
            const c = column + dc;
            const r = row + dr;
            if (c < 0 || r < 0 || c >= width || r >= height) return false;
            const next = this.squareAt(c, r);
            const neighbour = squareName(next.file, next.rank);
            return (campOf.get(neighbour) ?? targetOf.get(neighbour)) !== camp;
          });
          if (edges.length > 0) square.dataset.edges = edges.join(" ");
        }
        rowElement.append(square);
        this.squares.set(name, square);
      }
      this.grid.append(rowElement);
    }
    // The rule book's names on the edges: ranks on the left, files below.
    this.ranks.replaceChildren(...Array.from({ length: height }, (_, row) => coordinate(String(this.squareAt(0, row).rank))));
    this.files.replaceChildren(...Array.from({ length: width }, (_, column) =>
      coordinate(String.fromCharCode(97 + this.squareAt(column, 0).file))));
    if (!this.squares.has(this.cursor)) this.cursor = squareName(0, 1);
    this.squares.get(this.cursor)!.tabIndex = 0;
    this.view = null;
  }

  /** Whether the board is turned (south at the top). */
  get isFlipped(): boolean {
    return this.flipped;
  }

  /** The file and rank shown at grid column `column`, row `row` (0 = top). */
  private squareAt(column: number, row: number): { file: number; rank: number } {
    const { width, height } = this.shape!;
    return this.flipped
      ? { file: width - 1 - column, rank: row + 1 }
      : { file: column, rank: height - row };
  }

  /** The centre of a square in overlay units (one per square). */
  private centre(square: string): { x: number; y: number } {
    const { width, height } = this.shape!;
    const { file, rank } = coordinates(square);
    return this.flipped
      ? { x: width - 1 - file + 0.5, y: rank - 1 + 0.5 }
      : { x: file + 0.5, y: height - rank + 0.5 };
  }

  /** Draws a view: pieces, selection, destinations, last move. */
  render(view: BoardView): void {
    const previous = this.view;
    this.view = view;
    const { width, height } = this.shape!;
    for (let r = 0; r < height; r++) {
      for (let f = 0; f < width; f++) {
        const name = squareName(f, height - r);
        const square = this.squares.get(name)!;
        const seat = view.pieces[r]?.[f] ?? null;
        const piece = square.querySelector<HTMLElement>(".piece");
        if (seat === null) {
          piece?.remove();
        } else if (piece?.dataset.piece !== seat.toLowerCase()) {
          piece?.remove();
          square.append(makePiece(seat));
        }
        const destination = view.destinations.has(name);
        toggle(square, "selected", view.selected === name);
        toggle(square, "destination", destination);
        const path = view.lastPath ?? [];
        const onPath = path.indexOf(name);
        if (onPath === -1) delete square.dataset.last;
        else if (onPath === 0) square.dataset.last = "from";
        else if (onPath === path.length - 1) square.dataset.last = "to";
        else square.dataset.last = "via";
        toggle(square, "movable", view.interactive && seat !== null && seat === view.turn);
        square.setAttribute("aria-selected", String(view.selected === name));
        square.setAttribute("aria-label", this.describe(name, seat, destination));
      }
    }
    if (previous?.lastPath?.join() !== view.lastPath?.join()) this.drawPath(this.lastLayer, view.lastPath, "last");
    this.preview(null);
    this.grid.dataset.turn = view.turn?.toLowerCase() ?? "";
  }

  /** The words a screen reader says for a square. */
  private describe(name: string, seat: Seat | null, destination: boolean): string {
    const square = this.squares.get(name)!;
    const words = [name, seat === null ? "empty" : `${seat} piece`];
    const camp = square.dataset.camp;
    if (camp !== undefined) {
      const seatName = camp[0]!.toUpperCase() + camp.slice(1);
      words.push(square.dataset.targetOnly !== undefined ? `${seatName}'s target camp` : `${seatName}'s camp`);
    }
    if (this.view?.selected === name) words.push("selected");
    if (destination) words.push("legal destination");
    if (square.dataset.last === "to") words.push("last move's destination");
    if (square.dataset.last === "from") words.push("last move's origin");
    return words.join(", ");
  }

  /** Draws a path (a polyline with an arrowhead and hop dots) into `layer`. */
  private drawPath(layer: SVGGElement, path: string[] | null, kind: "last" | "preview"): void {
    layer.replaceChildren();
    if (path === null || path.length < 2) return;
    const points = path.map((square) => this.centre(square));
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", points.map(({ x, y }) => `${x},${y}`).join(" "));
    line.classList.add("path", kind);
    line.setAttribute("marker-end", `url(#arrow-${kind})`);
    layer.append(line);
    for (const { x, y } of points.slice(1, -1)) {
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", String(x));
      dot.setAttribute("cy", String(y));
      dot.setAttribute("r", "0.11");
      dot.classList.add("hop", kind);
      layer.append(dot);
    }
  }

  /** Shows the path that a click on `square` would play, if it is a destination. */
  private preview(square: string | null): void {
    const path = square === null ? undefined : this.view?.destinations.get(square);
    this.drawPath(this.previewLayer, path ?? null, "preview");
  }

  /**
   * Animates a move already drawn by render(): the piece on the
   * destination travels the path hop by hop (a displaced piece of a swap
   * slides back to the origin). Resolves when done; at once with `instant`.
   */
  async animate(move: PlayedMove, instant: boolean): Promise<void> {
    if (instant || move.path.length < 2) return;
    const path = move.path;
    const destination = this.squares.get(path.at(-1)!);
    const piece = destination?.querySelector<HTMLElement>(".piece");
    if (destination === undefined || piece === null || piece === undefined) return;
    const box = destination.getBoundingClientRect();
    const end = this.centre(path.at(-1)!);
    const offset = (square: string) => {
      const { x, y } = this.centre(square);
      return { dx: (x - end.x) * box.width, dy: (y - end.y) * box.height };
    };
    const hops = path.length - 1;
    const jumping = hops > 1 || Math.abs(offset(path[0]!).dx) > box.width * 1.5 || Math.abs(offset(path[0]!).dy) > box.height * 1.5;
    const frames: Keyframe[] = [];
    path.forEach((square, index) => {
      const { dx, dy } = offset(square);
      frames.push({ offset: index / hops, transform: `translate(${dx}px, ${dy}px) scale(1)` });
      const next = path[index + 1];
      if (next !== undefined && jumping) {
        const to = offset(next);
        frames.push({
          offset: (index + 0.5) / hops,
          transform: `translate(${(dx + to.dx) / 2}px, ${(dy + to.dy) / 2}px) scale(1.28)`,
        });
      }
    });
    const duration = jumping ? 230 * hops : 170;
    const animations = [piece.animate(frames, { duration, easing: "ease-in-out" })];
    piece.classList.add("moving");
    const origin = this.squares.get(path[0]!)?.querySelector<HTMLElement>(".piece");
    if (move.displaced !== null && origin !== null && origin !== undefined) {
      const back = offset(path[0]!);
      animations.push(origin.animate(
        [{ transform: `translate(${-back.dx}px, ${-back.dy}px)` }, { transform: "translate(0, 0)" }],
        { duration, easing: "ease-in-out" },
      ));
    }
    this.running.push(...animations);
    try {
      await Promise.all(animations.map((animation) => animation.finished));
    } catch {
      // Cancelled by a new game or a flip: the board is drawn already.
    } finally {
      piece.classList.remove("moving");
      this.running = this.running.filter((animation) => !animations.includes(animation));
    }
  }

  /** Ends every animation at once (the pieces stand where render() put them). */
  finishAnimations(): void {
    for (const animation of this.running) animation.finish();
    this.running = [];
  }

  /** Whether a move is being animated. */
  get animating(): boolean {
    return this.running.length > 0;
  }

  private focusCursor(focus = true): void {
    for (const square of this.squares.values()) square.tabIndex = -1;
    const square = this.squares.get(this.cursor)!;
    square.tabIndex = 0;
    if (focus) square.focus();
  }

  /** Arrow keys move the cursor as the board is shown; Enter or Space
   * activates its square; Escape activates the selected square (which
   * deselects it). */
  private onKey(event: KeyboardEvent): void {
    const shape = this.shape;
    if (shape === null) return;
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
    };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const { file, rank } = coordinates(this.cursor);
      const [dc, dr] = this.flipped ? [-step[0], -step[1]] : step;
      const next = {
        file: Math.min(shape.width - 1, Math.max(0, file + dc)),
        rank: Math.min(shape.height, Math.max(1, rank - dr)),
      };
      this.cursor = squareName(next.file, next.rank);
      this.focusCursor();
      this.preview(this.cursor);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.onActivate(this.cursor);
      this.focusCursor();
    } else if (event.key === "Escape" && this.view?.selected != null) {
      event.preventDefault();
      this.onActivate(this.view.selected);
    }
  }

  /** Puts the keyboard cursor on a square and focuses it. */
  focus(square: string = this.cursor): void {
    if (!this.squares.has(square)) return;
    this.cursor = square;
    this.focusCursor();
  }
}

function toggle(element: HTMLElement, name: string, on: boolean): void {
  if (on) element.dataset[name] = "";
  else delete element.dataset[name];
}

function coordinate(text: string): HTMLElement {
  const label = document.createElement("span");
  label.textContent = text;
  return label;
}

function makePiece(seat: Seat): HTMLElement {
  const piece = document.createElement("span");
  piece.className = "piece";
  piece.dataset.piece = seat.toLowerCase();
  piece.setAttribute("role", "img");
  piece.setAttribute("aria-label", `${seat} piece`);
  return piece;
}
