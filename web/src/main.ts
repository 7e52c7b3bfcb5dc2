// The page's entry: loads the WebAssembly engine, reads the set-up from the
// URL, starts the app, and registers the service worker that keeps every
// file for offline play.

import { init } from "halma";

import { App } from "./app";
import { readQuery } from "./settings";
import "./styles.css";

async function main(): Promise<void> {
  const status = document.querySelector('[data-testid="status"]')!;
  try {
    await init();
  } catch (error) {
    status.textContent = `The engine could not load: ${(error as Error).message}`;
    return;
  }
  const { settings, problems } = readQuery(location.search);
  new App(settings, problems);
  performance.mark("halma:board");
  document.documentElement.dataset.ready = "true";
}

if ("serviceWorker" in navigator && import.meta.env.PROD) {
  addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch(() => {
      // Offline play is a bonus: the page works without it.
    });
  });
}

void main();
