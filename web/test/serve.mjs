// A small static file server for web/dist on 127.0.0.1, with the content
// types a browser needs (application/wasm for instantiateStreaming). The
// browser test starts it; run it by hand to play:
//
//   node web/test/serve.mjs [folder] [port]    # default web/dist and 8080

import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
};

/** Serves `root` on 127.0.0.1:`port` (0: any free port); resolves to
 * { url, close() } once listening. `log` receives one line per request. */
export function serve(root, port = 0, log = () => {}) {
  const base = path.resolve(root);
  const server = createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    } catch {
      response.writeHead(400, { "content-type": "text/plain" }).end("bad request");
      return;
    }
    let file = path.join(base, pathname);
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      const size = statSync(file).size;
      response.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "content-length": size,
        "cache-control": "no-cache",
      });
      log(`${request.method} ${pathname} 200`);
      if (request.method === "HEAD") response.end();
      else createReadStream(file).pipe(response);
    } catch {
      log(`${request.method} ${pathname} 404`);
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      resolve({
        url: `http://127.0.0.1:${bound}/`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = process.argv[2] ?? path.join(here, "..", "dist");
  const { url } = await serve(root, Number(process.argv[3] ?? 8080), (line) => console.log(line));
  console.log(`serving ${root} on ${url}`);
}
