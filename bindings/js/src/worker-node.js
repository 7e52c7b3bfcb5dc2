// The worker script of EngineWorker in Node (worker_threads).
import { parentPort } from "node:worker_threads";

import "./node.js";
import { serve } from "./worker-serve.js";

serve((handler) => parentPort.on("message", handler), (message) => parentPort.postMessage(message));
