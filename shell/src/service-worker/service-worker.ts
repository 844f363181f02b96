// The service worker (docs/decisions/offline-app.md): after one online visit the shell, the remotes
// and the screens open without a network. Built by workbox-webpack-plugin's InjectManifest from the
// shell's build, which fills `self.__WB_MANIFEST` with the shell's files; served at /sw.js (no-cache).
//
// - the shell's files: precached (hashed chunks as they are, main.js and index.html by revision);
// - the remotes' hashed chunks: cache-first (their names change with their content);
// - what says which version to run: remote manifests and entries, /remotes.json, /app-config.json
//   and page navigations: network-first, the cached copy only when the network fails, so a redeployed
//   remote is used as soon as the network is back; a route never visited offline gets the shell's page;
// - the API (/api/*): never touched here (the offline day keeps its data in IndexedDB, at app level).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CACHE_LOADED_FILES_MESSAGE,
  CACHE_NAMES,
  type CacheLoadedFilesReply,
  isApiRequest,
  isHashedFile,
  isRuntimeManifest,
  NETWORK_TIMEOUT_SECONDS,
  runtimeCacheOf,
  SKIP_WAITING_MESSAGE,
} from './routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const SHELL_PAGE = '/index.html';
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });
// The API's answers vary on Origin (CORS) and Accept-Encoding; the content does not. A file cached
// from the page's preload hint (a CORS request) must answer the federation runtime's fetch offline.
const matchOptions: CacheQueryOptions = { ignoreVary: true };

// The page asks (the "Mettre à jour" button) before a waiting version takes over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
// The first install controls the open page at once (nothing to be consistent with yet).
clientsClaim();

// Navigations first (routes match in registration order; the precache would answer "/" from cache).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isApiRequest(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    matchOptions,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      okOnly(),
      new ExpirationPlugin({ maxEntries: 50 }),
      // Offline on a route never opened: every client route is the same page.
      { handlerDidError: async () => (await matchPrecache(SHELL_PAGE)) ?? Response.error() },
    ],
  }),
);

// Versions: remote manifests and entries, the manifest of remotes, the runtime configuration.
const manifests = new NetworkFirst({
  cacheName: CACHE_NAMES.manifests,
  matchOptions,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [okOnly()],
});
registerRoute(
  ({ url, request }) => request.method === 'GET' && !isApiRequest(url) && isRuntimeManifest(url),
  manifests,
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Remotes' chunks (and any other hashed file not precached): cache-first, kept within bounds.
const chunks = new CacheFirst({
  cacheName: CACHE_NAMES.chunks,
  matchOptions,
  plugins: [okOnly(), new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    !isApiRequest(url) &&
    isHashedFile(url),
  chunks,
);

/**
 * A file the page loaded without the worker (before it controlled the page, or while a response was
 * on its way): fetched and written through its route's strategy, unless already cached. Resolves once
 * the cache holds it (the strategy's `done`, not its response), false when it could not be fetched.
 */
async function cacheLoadedFile(href: string, event: ExtendableEvent): Promise<boolean> {
  const url = new URL(href);
  if (getCacheKeyForURL(url.href)) return true; // precached
  const rule = runtimeCacheOf(url, self.location.origin);
  if (!rule) return true; // nothing to keep (a page, the API, another origin)
  const strategy = rule === 'manifests' ? manifests : chunks;
  const cache = await caches.open(strategy.cacheName);
  if (await cache.match(url.href, matchOptions)) return true;
  const [response, done] = strategy.handleAll({ request: new Request(url.href), event });
  const ok = await response.then(
    (answer) => answer.ok,
    () => false,
  );
  await done;
  return ok;
}

// The page hands over what it loaded without the worker (update-flow.tsx): the reply says it is cached.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== CACHE_LOADED_FILES_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string');
  const cached = Promise.all(
    urls.map((url) =>
      cacheLoadedFile(url, event).then(
        (ok) => ({ url, ok }),
        () => ({ url, ok: false }),
      ),
    ),
  ).then((outcomes): CacheLoadedFilesReply => {
    const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.url);
    return { cached: outcomes.length - failed.length, failed };
  });
  event.waitUntil(cached);
  void cached.then((reply) => event.ports[0]?.postMessage(reply));
});
