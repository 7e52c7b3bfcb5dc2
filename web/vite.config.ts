// The web app's build: static files in web/dist, relative URLs (so that
// dist/ can be served from any folder), the engine's Web Worker bundled as
// an ES module, and a service worker that precaches every file written.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/** Every file under `root`, as paths relative to it with "/" separators. */
function filesUnder(root: string, folder = ""): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const name = folder === "" ? entry.name : `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(root, name) : [name];
  });
}

/**
 * Writes dist/sw.js from src/sw.js once the bundle is on disk: the list of
 * files to precache and a version (a hash of their contents), so that a
 * new build replaces the old cache and an unchanged one keeps it.
 */
function serviceWorker(): Plugin {
  let outDir = "";
  return {
    name: "halma-service-worker",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = filesUnder(outDir).filter((file) => file !== "sw.js").sort();
      const hash = createHash("sha256");
      for (const file of files) hash.update(file).update(readFileSync(path.join(outDir, file)));
      const template = readFileSync(path.resolve(import.meta.dirname, "src/sw.js"), "utf8");
      const script = template
        .replace('"__VERSION__"', JSON.stringify(hash.digest("hex").slice(0, 16)))
        .replace('["__FILES__"]', JSON.stringify(["./", ...files.map((file) => `./${file}`)]));
      writeFileSync(path.join(outDir, "sw.js"), script);
    },
  };
}

export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The .wasm is an asset of its own, never inlined.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: "es" },
  // The package finds its .wasm and its worker beside its own modules
  // (import.meta.url): in development it is served as it is, not pre-bundled.
  optimizeDeps: { exclude: ["halma"] },
  plugins: [serviceWorker()],
});
