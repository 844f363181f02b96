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
