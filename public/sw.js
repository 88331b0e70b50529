/* Bidwright service worker: the installed app opens offline to the last data it saw, read-only.
 * Navigations: network first, the cached shell when offline. Same-origin static files: cache first.
 * API reads (GET /api/..., any origin): network first; each answer is kept per signed-in user, and
 * served, marked offline, only when the network fails. Writes are never cached or replayed. The
 * app asks for a user's copies to be deleted when that user signs out (docs/decisions/0007). */
const CACHE = 'bidwright-shell-v2';
const DATA_CACHE_PREFIX = 'bidwright-data-';
/** Where the uid of the last signed-in user is kept, for reads sent without a token offline. */
const LAST_USER_KEY = '/__bidwright/last-user';
/** Streams and probes that make no sense offline. */
const UNCACHED_API = ['/api/events', '/api/health'];
const SHELL = ['/', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png'];

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  // The shell's own scripts and styles (hashed names read from the HTML).
  const html = await (await cache.match('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            // A new version drops old shells, never a user's offline data.
            .filter((key) => key !== CACHE && !key.startsWith(DATA_CACHE_PREFIX))
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The uid in a bearer token's payload (the token is verified by the API, not here). */
function tokenUid(request) {
  const match = /^Bearer\s+[^.]+\.([^.]+)\./i.exec(request.headers.get('authorization') || '');
  if (!match) return null;
  try {
    const payload = JSON.parse(atob(match[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
  } catch {
    return null;
  }
}

async function lastUser() {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(LAST_USER_KEY);
  return stored ? stored.text() : null;
}

/** The uid last written under LAST_USER_KEY by this worker, so each read does not write it again. */
let rememberedUid = null;

async function keepCopy(request, response, uid) {
  const cache = await caches.open(DATA_CACHE_PREFIX + uid);
  await cache.put(request.url, response);
  if (uid !== rememberedUid) {
    await (await caches.open(CACHE)).put(LAST_USER_KEY, new Response(uid));
    rememberedUid = uid;
  }
}

async function apiRead(event) {
  const { request } = event;
  const uid = tokenUid(request);
  try {
    const response = await fetch(request);
    const json = (response.headers.get('content-type') || '').includes('application/json');
    // Downloads and data exports are not screens to reopen: they are never kept.
    const download =
      /\/export(\/|$)/.test(new URL(request.url).pathname) ||
      (response.headers.get('content-disposition') || '').startsWith('attachment');
    if (response.ok && json && !download && uid) {
      // The page gets its answer now; the copy is written after.
      event.waitUntil(keepCopy(request, response.clone(), uid));
    }
    return response;
  } catch (error) {
    const owner = uid || (await lastUser());
    const cached = owner
      ? await (
          await caches.open(DATA_CACHE_PREFIX + owner)
        ).match(request.url, { ignoreVary: true })
      : null;
    if (!cached) throw error;
    const headers = new Headers(cached.headers);
    headers.set('x-bidwright-offline', '1');
    return new Response(cached.body, { status: cached.status, headers });
  }
}

async function forgetUserData() {
  const keys = await caches.keys();
  await Promise.all(
    keys.filter((key) => key.startsWith(DATA_CACHE_PREFIX)).map((key) => caches.delete(key)),
  );
  const cache = await caches.open(CACHE);
  await cache.delete(LAST_USER_KEY);
  rememberedUid = null;
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'forget-user-data') event.waitUntil(forgetUserData());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/') && !UNCACHED_API.includes(url.pathname)) {
    event.respondWith(apiRead(event));
    return;
  }
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          // /login carries the sign-in panel's static markup and /q/… is a client's share page;
          // only the plain app shell serves offline.
          if (response.ok && url.pathname !== '/login' && !url.pathname.startsWith('/q/')) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/').then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/static/') || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
