/* global self, caches */
// The platform as an installed web app: what a member has opened stays readable without a connection.
//
// - Pages (navigations): from the network; offline, the app shell last fetched.
// - Built files (/assets/*, content-hashed): from the cache once fetched.
// - The API's reads (GET /api/*): from the network, each answer kept; offline, the answer kept for that address
//   (the chapters a member has opened, their notes, position, the book's contents and the member's info).
//   Live streams, captchas and test routes are never kept. Writes always go to the network.
// - Logging out (or a message from the app) empties the kept answers: a shared computer keeps no one's books.
const SHELL = 'shell-v1';
const ASSETS = 'assets-v1';
const READS = 'reads-v1';
const NEVER_KEPT = /^\/api\/(msg-notice\/stream|captcha|dev\/|test\/|logout)/;

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL, ASSETS, READS]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'forget-reads') event.waitUntil(caches.delete(READS));
});

async function fromNetworkKeeping(request, cacheName, key = request) {
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const cache = await caches.open(cacheName);
    await cache.put(key, response.clone());
  }
  return response;
}

async function networkFirst(request, cacheName, key = request) {
  try {
    return await fromNetworkKeeping(request, cacheName, key);
  } catch (err) {
    const kept = await caches.match(key, { cacheName });
    if (kept) return kept;
    throw err;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { cacheName: ASSETS });
  return kept || fromNetworkKeeping(request, ASSETS);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/api/logout') {
    event.waitUntil(caches.delete(READS));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, '/'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname.startsWith('/api/') && !NEVER_KEPT.test(url.pathname)) {
    event.respondWith(networkFirst(request, READS));
  }
});
