// What the service worker does with each request (service-worker.ts), as plain functions the shell's
// tests check without a worker.

export const CACHE_NAMES = {
  pages: 'prospection-pages',
  manifests: 'prospection-manifests',
  chunks: 'prospection-chunks',
} as const;

/** Message the page posts to let a waiting version take over ("Mettre à jour"). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** On a patchy network, the cached copy after this long without an answer. */
export const NETWORK_TIMEOUT_SECONDS = 6;

export function isApiRequest(url: URL): boolean {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

/** Files that say which version runs: never answered from cache while the network answers. */
const RUNTIME_MANIFESTS = new Set(['/remotes.json', '/app-config.json']);
const REMOTE_ENTRY_FILES = /\/(mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

export function isRuntimeManifest(url: URL): boolean {
  return RUNTIME_MANIFESTS.has(url.pathname) || REMOTE_ENTRY_FILES.test(url.pathname);
}

/** webpack's `[name].[contenthash:8].js` (and any `name.<8+ hex>.ext`), as the API's cache rule. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function isHashedFile(url: URL): boolean {
  return HASHED_FILE.test(url.pathname);
}

/**
 * Message the page posts with the files it loaded (`{ type, urls }`, a reply port): the worker caches
 * each through the rule it would have used (unless already cached) and replies `{ cached, failed }`
 * only once every one of them is written in its cache. Not Workbox's `CACHE_URLS`, whose reply comes
 * as soon as the responses arrive, before they are stored (docs/decisions/offline-app.md).
 */
export const CACHE_LOADED_FILES_MESSAGE = 'CACHE_LOADED_FILES';

export type CacheLoadedFilesReply = { cached: number; failed: string[] };

/** The runtime cache a file of this origin goes to, or null (the API, the precache, other origins). */
export function runtimeCacheOf(url: URL, origin: string): 'manifests' | 'chunks' | null {
  if (url.origin !== origin || isApiRequest(url)) return null;
  if (isRuntimeManifest(url)) return 'manifests';
  if (isHashedFile(url)) return 'chunks';
  return null;
}

/**
 * The page's loaded resources worth handing to the worker: its own origin's, never the API's, each
 * once (the shell's files among them: the worker finds them precached and skips them).
 */
export function loadedFilesToCache(resourceUrls: Iterable<string>, origin: string): string[] {
  const files = new Set<string>();
  for (const resource of resourceUrls) {
    const url = new URL(resource, origin);
    url.hash = '';
    if (url.origin === origin && !isApiRequest(url)) files.add(url.href);
  }
  return [...files];
}
