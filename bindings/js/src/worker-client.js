// EngineWorker: searches in a worker (a Web Worker in browsers, a
// worker_threads Worker in Node), so that a page or a server stays
// responsive, with cancellation through an AbortSignal. The entry modules
// (node.js, browser.js) pass the function that starts a worker on their
// platform; the worker runs worker-serve.js.

import { engineSettings } from "./checks.js";
import { Engine, Game } from "./core.js";
import { HalmaError, errorNamed } from "./errors.js";

function abortReason(signal) {
  return signal.reason ?? new DOMException("the search was aborted", "AbortError");
}

/**
 * The worker classes over `spawn()`, which starts a worker and returns
 * `{ post(message), listen(onMessage, onFailure), terminate(), hold(), release() }`
 * (hold and release keep a Node process alive while a search runs, and not
 * longer).
 */
export function workerApi(spawn) {
  /** An engine in a worker of its own: searches run there one at a time,
   * in the order asked, and keep the engine's table between moves. */
  class EngineWorker {
    #settings;
    #worker = null;
    #queue = Promise.resolve();
    #nextId = 1;
    #pending = null;
    #terminated = false;

    /** The options of `new Engine(...)`, checked now. */
    constructor(settings = undefined) {
      this.#settings = engineSettings(settings);
      // Every value checked here, at once, rather than at the first search.
      new Engine(settings).free();
    }

    /**
     * The engine's answer for `game` (which is not changed) under `limits`
     * (as `Engine.search`): a promise of the same result. `signal` (an
     * AbortSignal) cancels it: the worker is stopped, the promise rejects
     * with the signal's reason (an AbortError), and the next search starts
     * a new worker (with an empty table).
     */
    search(game, limits = undefined, { signal } = {}) {
      let record;
      try {
        if (this.#terminated) throw new HalmaError("this EngineWorker was terminated");
        if (!(game instanceof Game)) {
          throw new TypeError(`game must be a Game, not ${game === null ? "null" : typeof game}`);
        }
        if (signal !== undefined && !(signal instanceof AbortSignal)) {
          throw new TypeError("signal must be an AbortSignal");
        }
        // The game's moves go along: the engine needs them for repetitions.
        record = game.record();
      } catch (error) {
        return Promise.reject(error);
      }
      const run = this.#queue.then(() => this.#run(record, limits, signal));
      this.#queue = run.catch(() => {});
      return run;
    }

    /** Forgets what the engine learnt (its table), for the searches that follow. */
    newGame() {
      this.#worker?.post({ type: "newGame" });
    }

    /** Stops the worker; a search under way rejects. Idempotent. */
    terminate() {
      this.#terminated = true;
      this.#stop(new HalmaError("this EngineWorker was terminated"));
    }

    #stop(reason) {
      const worker = this.#worker;
      this.#worker = null;
      worker?.terminate();
      const pending = this.#pending;
      this.#pending = null;
      pending?.reject(reason);
    }

    #start() {
      const worker = spawn();
      worker.listen(
        (message) => {
          const pending = this.#pending;
          if (pending === null || message.id !== pending.id) return;
          this.#pending = null;
          worker.release();
          if (message.error) {
            pending.reject(errorNamed(message.error.name, message.error.message));
          } else {
            pending.resolve(message.result);
          }
        },
        (error) => {
          if (this.#worker !== worker) return;
          this.#stop(error instanceof Error ? error : new HalmaError(`the engine worker failed: ${error}`));
        },
      );
      worker.release();
      return worker;
    }

    #run(record, limits, signal) {
      if (this.#terminated) return Promise.reject(new HalmaError("this EngineWorker was terminated"));
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise((resolve, reject) => {
        const id = this.#nextId++;
        const onAbort = () => this.#stop(abortReason(signal));
        const settle = (finish) => (value) => {
          signal?.removeEventListener("abort", onAbort);
          finish(value);
        };
        this.#pending = { id, resolve: settle(resolve), reject: settle(reject) };
        signal?.addEventListener("abort", onAbort, { once: true });
        try {
          this.#worker ??= this.#start();
          this.#worker.hold();
          this.#worker.post({ type: "search", id, settings: this.#settings, record, limits });
        } catch (error) {
          this.#stop(error);
        }
      });
    }
  }

  /**
   * One search in a worker of its own, stopped afterwards: `settings` are
   * the options of `new Engine(...)` plus `signal`.
   */
  async function searchInWorker(game, limits = undefined, settings = undefined) {
    const { signal, ...engine } = settings ?? {};
    const worker = new EngineWorker(engine);
    try {
      return await worker.search(game, limits, { signal });
    } finally {
      worker.terminate();
    }
  }

  return { EngineWorker, searchInWorker };
}
