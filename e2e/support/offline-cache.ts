import type { Page } from '@playwright/test';

/**
 * Hands the service worker every file of this origin the page has loaded so far (the API left out),
 * with the message the shell itself sends (`CACHE_LOADED_FILES`, shell/src/service-worker), and
 * resolves with the worker's reply: it comes only once each file is written in its cache, so going
 * offline after it cannot race a chunk still being cached (no fixed wait). The reply lists the files
 * the worker could not fetch.
 */
export async function cacheLoadedFilesForOffline(page: Page): Promise<{ cached: number; failed: string[] }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) throw new Error('aucun service worker actif');
    const urls = [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === window.location.origin && !url.pathname.startsWith('/api/'))
          .map((url) => url.href),
      ),
    ];
    return new Promise<{ cached: number; failed: string[] }>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data as { cached: number; failed: string[] });
      worker.postMessage({ type: 'CACHE_LOADED_FILES', urls }, [channel.port2]);
    });
  });
}

/**
 * The files of this origin the page has loaded (the API left out) that no cache of the service worker
 * holds yet. Polled until empty, it waits for the shell's own hand-over of the first visit's files
 * (shell/src/service-worker/update-flow.tsx) without sending anything itself.
 */
export async function filesNotYetCached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls = new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin && !url.pathname.startsWith('/api/'))
        .map((url) => url.href),
    );
    const missing: string[] = [];
    for (const url of urls)
      // Precached files are kept under their revision (`?__WB_REVISION__=…`).
      if (!(await caches.match(url, { ignoreSearch: true, ignoreVary: true }))) missing.push(url);
    return missing;
  });
}
