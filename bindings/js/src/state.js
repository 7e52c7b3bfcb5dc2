// Whether the WebAssembly module is loaded: node.js loads it at import,
// browser.js in init().

import { HalmaError } from "./errors.js";

let ready = false;

/** Called by the entry module once the WebAssembly module is instantiated. */
export function markReady() {
  ready = true;
}

/** Whether the WebAssembly module is loaded (always in Node; after `init()` in browsers). */
export function isReady() {
  return ready;
}

/** Throws unless the module is loaded. */
export function checkReady() {
  if (!ready) {
    throw new HalmaError("the halma module is not loaded yet: call `await init()` first");
  }
}
