// The two dialogs: a new game (variant, rule options, players) and the
// game record as text (copy it, or paste one and load it).

import type { Seat } from "halma";

import { playerOptions } from "./panel";
import {
  FLAGS, PRESETS, SPOILS, joinRules, parsePlayer, playersFor, rulesInfo, splitRules, type Player, type Settings,
} from "./settings";


/** The new-game dialog: opened with the current settings, it calls
 * `onStart(settings)` with the chosen ones. */
export class NewGameDialog {
  private readonly form: HTMLFormElement;
  private readonly preset: HTMLSelectElement;
  private readonly spoil: HTMLSelectElement;
  private readonly flags: HTMLElement;
  private readonly choices: HTMLElement;
  private readonly preview: HTMLElement;
  private players = new Map<Seat, Player>();

  constructor(private readonly dialog: HTMLDialogElement, private readonly onStart: (settings: Settings) => void) {
    this.form = dialog.querySelector("form")!;
    this.preset = this.form.querySelector("#preset")!;
    this.spoil = this.form.querySelector("#spoil")!;
    this.flags = this.form.querySelector(".flags")!;
    this.choices = this.form.querySelector(".player-choices")!;
    this.preview = this.form.querySelector(".rules-preview")!;
    for (const { name, label } of PRESETS) this.preset.append(new Option(label, name));
    for (const { name, label } of SPOILS) this.spoil.append(new Option(label, name));
    for (const { name, label } of FLAGS) {
      const row = document.createElement("label");
      row.className = "check";
      row.innerHTML = `<input type="checkbox" name="flag" value="${name}"> <span></span>`;
      row.querySelector("span")!.textContent = label;
      this.flags.append(row);
    }
    this.form.addEventListener("change", (event) => {
      const target = event.target as HTMLElement;
      if (target.matches("select[data-seat]")) {
        const select = target as HTMLSelectElement;
        this.players.set(select.dataset.seat as Seat, parsePlayer(select.value));
      }
      this.refresh();
    });
    this.form.querySelector('[data-action="cancel"]')!.addEventListener("click", () => dialog.close());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const rules = this.rules();
      try {
        const { rules: canonical, seats } = rulesInfo(rules);
        dialog.close();
        this.onStart({ rules: canonical, players: playersFor(seats, this.players), position: null });
      } catch (error) {
        this.preview.textContent = (error as Error).message;
      }
    });
  }

  private rules(): string {
    const flags = [...this.flags.querySelectorAll<HTMLInputElement>("input:checked")].map((input) => input.value);
    return joinRules(this.preset.value, flags, this.spoil.value);
  }

  /** Shows the canonical rules string and a player menu per seat of the rules. */
  private refresh(): void {
    let seats: Seat[] = [];
    try {
      const info = rulesInfo(this.rules());
      seats = info.seats;
      this.preview.textContent = `Rules: ${info.rules}`;
    } catch (error) {
      this.preview.textContent = (error as Error).message;
    }
    const shown = [...this.choices.querySelectorAll<HTMLSelectElement>("select")].map((s) => s.dataset.seat).join();
    if (shown === seats.join()) return;
    this.choices.replaceChildren();
    const players = playersFor(seats, this.players);
    for (const seat of seats) {
      const row = document.createElement("label");
      row.className = "player-choice";
      const chip = document.createElement("span");
      chip.className = "piece chip";
      chip.dataset.seatChip = seat.toLowerCase();
      const name = document.createElement("span");
      name.textContent = seat;
      const select = document.createElement("select");
      select.className = "field";
      select.dataset.seat = seat;
      playerOptions(select, players.get(seat)!);
      row.append(chip, name, select);
      this.choices.append(row);
    }
  }

  open(settings: Settings): void {
    const { preset, flags, spoil } = splitRules(settings.rules);
    this.preset.value = preset;
    this.spoil.value = spoil;
    for (const input of this.flags.querySelectorAll<HTMLInputElement>("input")) input.checked = flags.has(input.value);
    this.players = new Map(settings.players);
    this.choices.replaceChildren();
    this.refresh();
    this.dialog.showModal();
  }
}

/** The record dialog: shows a record; `onLoad(text)` loads a pasted one
 * and returns an error message, or null when it loaded. */
export class RecordDialog {
  private readonly text: HTMLTextAreaElement;
  private readonly error: HTMLElement;

  constructor(private readonly dialog: HTMLDialogElement, onLoad: (text: string) => string | null, copy: (text: string) => void) {
    this.text = dialog.querySelector("textarea")!;
    this.error = dialog.querySelector('[data-testid="record-error"]')!;
    dialog.querySelector('[data-action="cancel"]')!.addEventListener("click", () => dialog.close());
    dialog.querySelector('[data-action="copy-record"]')!.addEventListener("click", () => copy(this.text.value));
    dialog.querySelector('[data-action="load-record"]')!.addEventListener("click", () => {
      const problem = onLoad(this.text.value);
      if (problem === null) dialog.close();
      else this.error.textContent = problem;
    });
  }

  open(record: string): void {
    this.text.value = record;
    this.error.textContent = "";
    this.dialog.showModal();
    this.text.select();
  }
}
