// The service worker of the halma web app: every file of the build is
// cached at install, and then served from the cache, so that the app works
// offline once it has been loaded. The build (vite.config.ts) writes the
// file list and the version into dist/sw.js; a new build is a new cache.

const VERSION = "__VERSION__";
const FILES = ["__FILES__"];
const CACHE = `halma-web-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("halma-web-") && name !== CACHE).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page is one document whatever its query (?rules=...&red=...).
    const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (cached !== undefined) return cached;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") {
        const page = await cache.match("./", { ignoreSearch: true });
        if (page !== undefined) return page;
      }
      throw error;
    }
  })());
});
