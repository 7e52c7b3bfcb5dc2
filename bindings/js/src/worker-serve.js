// The worker's side of EngineWorker: one engine, rebuilt when the options
// change, searching the game of each record it is sent.

import { Engine, Game } from "./core.js";

/** Answers the searches received through `listen(handler)` with `post(message)`. */
export function serve(listen, post) {
  let engine = null;
  let key = null;
  listen((message) => {
    if (message?.type === "newGame") {
      engine?.newGame();
      return;
    }
    const { id, settings, record, limits } = message;
    try {
      const wanted = JSON.stringify(settings);
      if (wanted !== key) {
        engine?.free();
        engine = null;
        engine = new Engine(settings);
        key = wanted;
      }
      const game = Game.fromRecord(record);
      try {
        post({ id, result: engine.search(game, limits) });
      } finally {
        game.free();
      }
    } catch (error) {
      post({ id, error: { name: error?.name ?? "Error", message: String(error?.message ?? error) } });
    }
  });
}
