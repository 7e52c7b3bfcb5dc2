// The package's entry in browsers and bundlers: `await init()` loads the
// module (fetched from beside this file, or from what is passed), then
// everything else works.
import loadModule from "../wasm/halma_wasm.js";
import { isReady, markReady } from "./state.js";
import { HalmaError } from "./errors.js";
import { workerApi } from "./worker-client.js";

export * from "./core.js";
export * from "./errors.js";

let loading = null;

/**
 * Loads the WebAssembly module; call it once (later calls return the same
 * promise). `source` is what to load instead of the `.wasm` file beside the
 * package's glue: a URL, a Response, bytes or a WebAssembly.Module.
 */
export function init(source = undefined) {
  if (isReady()) return Promise.resolve();
  loading ??= loadModule(source === undefined ? undefined : { module_or_path: source })
    .then(() => markReady())
    .catch((error) => {
      loading = null;
      throw new HalmaError(`the halma WebAssembly module did not load: ${error?.message ?? error}`, { cause: error });
    });
  return loading;
}

function spawn() {
  // Written out so that bundlers (Vite, webpack) find the worker and bundle it.
  const worker = new Worker(new URL("./worker-browser.js", import.meta.url), { type: "module" });
  return {
    post: (message) => worker.postMessage(message),
    listen(onMessage, onFailure) {
      worker.addEventListener("message", (event) => onMessage(event.data));
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        onFailure(new HalmaError(`the engine worker failed: ${event.message || "it did not start"}`));
      });
      worker.addEventListener("messageerror", () => onFailure(new HalmaError("the engine worker sent a message that could not be read")));
    },
    terminate: () => worker.terminate(),
    hold() {},
    release() {},
  };
}

export const { EngineWorker, searchInWorker } = workerApi(spawn);
