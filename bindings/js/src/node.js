// The package's entry in Node: the module is loaded synchronously at import,
// so `import { Game } from "halma"` is ready to use.
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

import { initSync } from "../wasm/halma_wasm.js";
import { markReady } from "./state.js";
import { HalmaError } from "./errors.js";
import { workerApi } from "./worker-client.js";

initSync({ module: readFileSync(new URL("../wasm/halma_wasm_bg.wasm", import.meta.url)) });
markReady();

export * from "./core.js";
export * from "./errors.js";

/** Loads the module: already done in Node (it resolves at once); the same
 * call as in browsers, so that code can run in both. */
export function init() {
  return Promise.resolve();
}

function spawn() {
  const worker = new Worker(new URL("./worker-node.js", import.meta.url));
  return {
    post: (message) => worker.postMessage(message),
    listen(onMessage, onFailure) {
      worker.on("message", onMessage);
      worker.on("error", onFailure);
      worker.on("exit", (code) => onFailure(new HalmaError(`the engine worker stopped (exit code ${code})`)));
    },
    terminate: () => void worker.terminate(),
    hold: () => worker.ref(),
    release: () => worker.unref(),
  };
}

export const { EngineWorker, searchInWorker } = workerApi(spawn);
