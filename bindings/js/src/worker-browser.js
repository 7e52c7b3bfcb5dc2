// The worker script of EngineWorker in browsers (a module Web Worker).
import { init } from "./browser.js";
import { serve } from "./worker-serve.js";

const loaded = init();

serve(
  (handler) => self.addEventListener("message", async (event) => {
    await loaded;
    handler(event.data);
  }),
  (message) => self.postMessage(message),
);
